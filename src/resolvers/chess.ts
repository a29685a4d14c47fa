/** Chess: positions by Polyglot key or FEN and moves (with opening-explorer statistics, opening names, diagrams) and the GameText codec. */
import type { Resolvers } from '../generated/graphql';
import type { ChessPositionParent } from '../api/parents';
import {
  type GameTextDialect,
  decodeGameText,
  encodeGameText,
  isFenError,
  STANDARD_FEN,
  printFen,
  parseFen,
  parsePgnGame,
  parsePolyglotKeyHex,
  playMoveTexts,
  polyglotKey,
  printPgnMovetext,
} from '../codecs/chess';
import type { CodecError } from '../codecs/result';
import type { Context } from '../api/context';
import { base64Arg } from '../api/args';
import { badUserInput, codecInputError } from '../api/errors';
import { chessDiagram } from '../games/chess/diagram';
import { openingOfPosition } from '../games/chess/openings';
import { diagramOptions } from './diagrams';
import { gamePositionFields } from './gamePosition';

const fenError = (error: CodecError, argument: string) =>
  codecInputError(error, isFenError(error.code) && argument !== 'fen' ? 'fen' : argument);

/** The most moves `chessPosition(play:)` plays (a long game is some 300 plies). */
export const MAX_PLAY = 600;

/** The position of `fen` (the standard start when absent) after the moves of `play`; bad input is BAD_USER_INPUT naming the argument, and the move by its index. */
const positionOf = (fen: string | null | undefined, play: readonly string[] | null | undefined) => {
  const parsed = parseFen((fen ?? STANDARD_FEN).trim());
  if (!parsed.ok) throw codecInputError(parsed.error, 'fen');
  if (!play) return parsed.value;
  if (play.length > MAX_PLAY) throw badUserInput(`play: at most ${MAX_PLAY} moves, got ${play.length}`, { argument: 'play' });
  const played = playMoveTexts(parsed.value, play);
  if (played.ok) return played.value;
  const { index, error } = played.error;
  const why = error.code === 'ERR_MOVE_NULL' ? 'is a null move, not a move' : error.code === 'ERR_SAN_SYNTAX' ? 'is not a move (UCI or SAN)' : error.code === 'ERR_SAN_AMBIGUOUS' ? `is ambiguous (${error.message})` : 'is not a legal move';
  throw badUserInput(`play[${index}]: ${JSON.stringify(play[index])} ${why} from ${printFen(parsed.value)}`, {
    argument: 'play',
    index,
    code: error.code,
  });
};

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
      { fen, play, includeVariations }: { fen?: string | null; play?: readonly string[] | null; includeVariations?: boolean | null },
      { loaders }: Context,
    ): Promise<ChessPositionParent> => {
      const pos = positionOf(fen, play);
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
    moves: (v, { includeVariations, filter }, c) => shared.moves(v, { includeVariations: includeVariations ?? v.includeVariations, filter }, c),
    svg: (v, args) => chessDiagram(v.fen, diagramOptions(args)),
    opening: (v) => openingOfPosition(v.key),
    gameCount: async (p, _, { loaders }) => (await loaders.occurrenceCounts.load({ kind: 'CHESS', key: p.key })).games,
  },
};
