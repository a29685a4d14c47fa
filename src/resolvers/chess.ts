/** Chess: positions by Polyglot key or FEN (with opening-explorer statistics, diagrams) and the GameText codec. */
import type { Resolvers } from '../generated/graphql';
import type { ChessPositionParent } from '../api/parents';
import {
  type GameTextDialect,
  decodeGameText,
  encodeGameText,
  isFenError,
  printFen,
  parseFen,
  parsePgnGame,
  parsePolyglotKeyHex,
  polyglotKey,
  printPgnMovetext,
} from '../codecs/chess';
import type { CodecError } from '../codecs/result';
import type { Context } from '../api/context';
import { base64Arg } from '../api/args';
import { codecInputError } from '../api/errors';
import { chessDiagram } from '../games/chess/diagram';
import { diagramOptions } from './diagrams';
import { gamePositionFields } from './gamePosition';

const fenError = (error: CodecError, argument: string) =>
  codecInputError(error, isFenError(error.code) && argument !== 'fen' ? 'fen' : argument);

/** A looked-up FEN answers `GamePosition` as the chess position of its key. */
const shared = gamePositionFields((v: ChessPositionParent) => ({ kind: 'CHESS', key: v.key, text: () => v.fen, sideToMove: v.sideToMove }));

export const chessResolvers: Resolvers = {
  Query: {
    chessPositions: (_, { polyglotKey: key }, { loaders }) => {
      const hex = parsePolyglotKeyHex(key);
      if (!hex.ok) throw codecInputError(hex.error, 'polyglotKey');
      return loaders.positionsByKey.load({ kind: 'CHESS', key: hex.value });
    },
    chessPosition: async (
      _: unknown,
      { fen, includeVariations }: { fen: string; includeVariations?: boolean | null },
      { loaders }: Context,
    ): Promise<ChessPositionParent> => {
      const parsed = parseFen(fen.trim());
      if (!parsed.ok) throw codecInputError(parsed.error, 'fen');
      const pos = parsed.value;
      const key = polyglotKey(pos);
      const [position] = await loaders.positionsByKey.load({ kind: 'CHESS', key });
      return { __typename: 'ChessPosition', key, fen: printFen(pos), sideToMove: pos.turn === 0 ? 'w' : 'b', position: position ?? null, includeVariations: includeVariations ?? false };
    },
    decodeGameText: (_, { data, fen, dialect, comments }): string => {
      const decoded = decodeGameText(base64Arg(data, 'data'), {
        fen: fen ?? undefined,
        dialect: dialect ?? 'JOSE',
        layout: comments ? 'split' : 'inline',
        texts: comments ?? undefined,
      });
      if (!decoded.ok) throw fenError(decoded.error, 'data');
      return printPgnMovetext(decoded.value);
    },
    encodeGameText: (_: unknown, { pgn, dialect }: { pgn: string; dialect?: GameTextDialect | null }): string => {
      const parsed = parsePgnGame(pgn);
      if (!parsed.ok) throw codecInputError(parsed.error, 'pgn');
      const encoded = encodeGameText(parsed.value, { dialect: dialect ?? 'JOSE', layout: 'inline' });
      if (!encoded.ok) throw codecInputError(encoded.error, 'pgn');
      return Buffer.from(encoded.value.bytes).toString('base64');
    },
  },
  ChessPosition: {
    ...shared,
    moves: (v, { includeVariations }, c) => shared.moves(v, { includeVariations: includeVariations ?? v.includeVariations }, c),
    svg: (v, args) => chessDiagram(v.fen, diagramOptions(args)),
    gameCount: async (p, _, { loaders }) => (await loaders.occurrenceCounts.load({ kind: 'CHESS', key: p.key })).games,
  },
};
