/** Chess: positions by Polyglot key or FEN (with opening-explorer statistics) and the GameText codec. */
import {
  type GameTextDialect,
  decodeGameText,
  encodeGameText,
  makeFen,
  parseFen,
  parsePgnGame,
  polyglotKey,
  writePgnMovetext,
} from '../codecs/chess';
import type { CodecError } from '../codecs/result';
import type { Position } from '../generated/prisma/client';
import type { Context } from '../api/context';
import { badUserInput, codecInputError } from '../api/errors';
import { plyOf } from './games';

/** What `chessPosition` resolves to before its fields. */
interface ChessPositionParent {
  key: string;
  fen: string;
  sideToMove: 'w' | 'b';
  position: Position | null;
  includeVariations: boolean;
}

interface MoveRow {
  [column: string]: unknown;
  san: string;
  count: bigint;
  white: bigint;
  draws: bigint;
  black: bigint;
}

const fenError = (error: CodecError, argument: string) =>
  codecInputError(error, error.code.startsWith('ERR_FEN') && argument !== 'fen' ? 'fen' : argument);

const base64Bytes = (data: string, argument: string): Uint8Array => {
  const clean = data.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1) {
    throw badUserInput(`${argument} must be base64`, { argument });
  }
  return Buffer.from(clean, 'base64');
};

export const chessResolvers = {
  Query: {
    chessPositions: (_: unknown, { polyglotKey: key }: { polyglotKey: string }, { loaders }: Context) => {
      const hex = key.trim().toLowerCase();
      if (!/^[0-9a-f]{16}$/.test(hex)) {
        throw badUserInput('polyglotKey must be 16 hex digits', { argument: 'polyglotKey', code: 'ERR_POLYGLOT_KEY' });
      }
      return loaders.positionsByKey.load({ kind: 'CHESS', key: hex });
    },
    chessPosition: async (
      _: unknown,
      { fen, includeVariations }: { fen: string; includeVariations?: boolean | null },
      { db }: Context,
    ): Promise<ChessPositionParent> => {
      const parsed = parseFen(fen.trim());
      if (!parsed.ok) throw codecInputError(parsed.error, 'fen');
      const pos = parsed.value;
      const key = polyglotKey(pos);
      const position = await db.prisma.position.findUnique({ where: { kind_key: { kind: 'CHESS', key } } });
      return { key, fen: makeFen(pos), sideToMove: pos.turn === 0 ? 'w' : 'b', position, includeVariations: includeVariations ?? false };
    },
    decodeGameText: (
      _: unknown,
      { data, fen, dialect, comments }: { data: string; fen?: string | null; dialect?: GameTextDialect | null; comments?: string[] | null },
    ): string => {
      const decoded = decodeGameText(base64Bytes(data, 'data'), {
        fen: fen ?? undefined,
        dialect: dialect ?? 'JOSE',
        layout: comments ? 'split' : 'inline',
        texts: comments ?? undefined,
      });
      if (!decoded.ok) throw fenError(decoded.error, 'data');
      return writePgnMovetext(decoded.value);
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
    gameCount: async (p: ChessPositionParent, _: unknown, { db }: Context) => {
      if (!p.position) return 0;
      const rows = await db.sql.query<{ n: bigint }>(
        `SELECT count(DISTINCT "gameId")::int8 AS n FROM "Occurrence" WHERE "positionId" = $1`,
        [p.position.id],
      );
      return Number(rows[0].n);
    },
    // One GROUP BY over the position's occurrences joined to their games; each game counts once per move.
    moves: async (p: ChessPositionParent, _: unknown, { db }: Context) => {
      if (!p.position) return [];
      const rows = await db.sql.query<MoveRow>(
        `SELECT o."nextMove" AS san,
           count(DISTINCT o."gameId")::int8 AS count,
           count(DISTINCT o."gameId") FILTER (WHERE g.result = '1-0')::int8 AS white,
           count(DISTINCT o."gameId") FILTER (WHERE g.result = '1/2-1/2')::int8 AS draws,
           count(DISTINCT o."gameId") FILTER (WHERE g.result = '0-1')::int8 AS black
         FROM "Occurrence" o JOIN "Game" g ON g.id = o."gameId"
         WHERE o."positionId" = $1 AND o."nextMove" IS NOT NULL AND ($2::boolean OR o.variation = '')
         GROUP BY o."nextMove"
         ORDER BY count DESC, o."nextMove" COLLATE "C"`,
        [p.position.id, p.includeVariations],
      );
      return rows.map((r) => {
        const [count, whiteWins, draws, blackWins] = [r.count, r.white, r.draws, r.black].map(Number);
        return { san: r.san, count, whiteWins, draws, blackWins, unknown: count - whiteWins - draws - blackWins };
      });
    },
    occurrences: async (p: ChessPositionParent, { first }: { first?: number | null }, { db }: Context) =>
      p.position
        ? (
            await db.prisma.occurrence.findMany({
              where: { positionId: p.position.id },
              orderBy: [{ gameId: 'asc' }, { variation: 'asc' }, { ply: 'asc' }],
              take: Math.min(Math.max(first ?? 50, 0), 500),
            })
          ).map(plyOf)
        : [],
  },
};
