/** Games: lookup, the filtered connection, plies, export, and importGames. */
import type { Game, Occurrence, Prisma } from '../generated/prisma/client';
import type { Context } from '../api/context';
import { badUserInput, codecInputError, notFound } from '../api/errors';
import { parseId } from '../api/ids';
import { readerFor, writerFor } from '../storage/formats';
import type { ImportOptions } from '../storage/formatTypes';
import { bytesSource, runImport } from '../storage/importService';
import type { GameKind } from '../db/records';
import { ImportFailure } from '../storage/importFailure';
import { CodecFailure } from '../codecs/result';

const MAX_PAGE = 100;

interface GameFilter {
  kind?: GameKind | null;
  player?: string | null;
  event?: string | null;
  dateFrom?: string | null;
  dateTo?: string | null;
  result?: string | null;
  text?: string | null;
  importId?: string | null;
}

const contains = (text: string) => ({ contains: text, mode: 'insensitive' as const });

const parseDay = (text: string, argument: string): Date => {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T00:00:00Z`) : new Date(NaN);
  if (Number.isNaN(date.getTime())) throw badUserInput(`${argument} must be a day as YYYY-MM-DD, got "${text}"`, { argument });
  return date;
};

/** The Prisma condition for a GameFilter. */
export const gameWhere = (filter: GameFilter = {}): Prisma.GameWhereInput => {
  const and: Prisma.GameWhereInput[] = [];
  if (filter.kind) and.push({ kind: filter.kind });
  if (filter.player) and.push({ OR: [{ player1: contains(filter.player) }, { player2: contains(filter.player) }] });
  if (filter.event) and.push({ event: contains(filter.event) });
  if (filter.dateFrom) and.push({ playedOn: { gte: parseDay(filter.dateFrom, 'filter.dateFrom') } });
  if (filter.dateTo) and.push({ playedOn: { lte: parseDay(filter.dateTo, 'filter.dateTo') } });
  if (filter.result) and.push({ result: filter.result });
  if (filter.importId) and.push({ importId: parseId(filter.importId, 'filter.importId') });
  if (filter.text) {
    const t = contains(filter.text);
    and.push({ OR: [{ player1: t }, { player2: t }, { event: t }, { site: t }] });
  }
  return and.length > 0 ? { AND: and } : {};
};

/** Cursors are the game id, base64-encoded so clients treat them as opaque. */
export const encodeCursor = (id: bigint): string => Buffer.from(`game:${id}`).toString('base64');

const decodeCursor = (cursor: string): bigint => {
  const match = /^game:(\d+)$/.exec(Buffer.from(cursor, 'base64').toString('utf8'));
  if (!match) throw badUserInput('after is not a cursor this server gave out', { argument: 'after' });
  return BigInt(match[1]);
};

const decodeData = (data: string, binary: boolean): Uint8Array => {
  if (!binary) return Buffer.from(data, 'utf8');
  const clean = data.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1) {
    throw badUserInput('data must be base64 for this format', { argument: 'data' });
  }
  return Buffer.from(clean, 'base64');
};

/** A stored occurrence as the GraphQL Ply parent. */
export const plyOf = (o: Occurrence) => ({
  number: o.ply,
  variation: o.variation,
  move: o.move,
  nextMove: o.nextMove,
  positionId: o.positionId,
  gameId: o.gameId,
});

export const gameResolvers = {
  Query: {
    game: (_: unknown, { id }: { id: string }, { loaders }: Context) => loaders.game.load(parseId(id)),
    games: async (
      _: unknown,
      { filter, first, after }: { filter?: GameFilter; first?: number | null; after?: string | null },
      { db }: Context,
    ) => {
      const take = first ?? 20;
      if (take < 0 || take > MAX_PAGE) throw badUserInput(`first must be between 0 and ${MAX_PAGE}`, { argument: 'first' });
      const where = gameWhere(filter ?? {});
      const afterId = after ? decodeCursor(after) : undefined;
      const [rows, totalCount] = await Promise.all([
        db.prisma.game.findMany({
          where: afterId === undefined ? where : { AND: [where, { id: { gt: afterId } }] },
          orderBy: { id: 'asc' },
          take: take + 1,
        }),
        db.prisma.game.count({ where }),
      ]);
      const page = rows.slice(0, take);
      const edges = page.map((node) => ({ cursor: encodeCursor(node.id), node }));
      return {
        edges,
        nodes: page,
        totalCount,
        pageInfo: {
          hasNextPage: rows.length > take,
          hasPreviousPage: afterId !== undefined,
          startCursor: edges[0]?.cursor ?? null,
          endCursor: edges[edges.length - 1]?.cursor ?? null,
        },
      };
    },
  },
  Mutation: {
    importGames: async (
      _: unknown,
      { format, data, options }: { format: string; data: string; options?: ImportOptions | null },
      { db }: Context,
    ) => {
      const reader = readerFor(format);
      if (!reader) throw badUserInput(`format ${format} cannot be imported`, { argument: 'format' });
      const bytes = decodeData(data, reader.binary);
      try {
        const outcome = await runImport(db, reader, bytesSource(bytes), stripNulls(options ?? {}));
        return { ...outcome, importId: String(outcome.importId) };
      } catch (error) {
        if (error instanceof ImportFailure) throw codecInputError(error.error, 'data');
        throw error;
      }
    },
  },
  ImportReport: {
    games: (report: { gameIds: bigint[] }, _: unknown, { loaders }: Context) =>
      loaders.game.loadMany(report.gameIds),
  },
  Game: {
    id: (game: Game) => String(game.id),
    date: (game: Game) => game.dateText,
    metadata: (game: Game) => JSON.stringify(game.metadata),
    createdAt: (game: Game) => game.createdAt.toISOString(),
    mainLine: async (game: Game, _: unknown, { db }: Context) =>
      (await db.prisma.occurrence.findMany({ where: { gameId: game.id, variation: '' }, orderBy: { ply: 'asc' } })).map(plyOf),
    plies: async (game: Game, _: unknown, { db }: Context) =>
      (
        await db.prisma.occurrence.findMany({
          where: { gameId: game.id },
          orderBy: [{ variation: 'asc' }, { ply: 'asc' }],
        })
      ).map(plyOf),
    export: (game: Game, { format }: { format: string }) => {
      const write = writerFor(game.kind, format);
      if (!write) throw badUserInput(`${game.kind} games cannot be written as ${format}`, { argument: 'format' });
      try {
        return write(game);
      } catch (error) {
        // A game this format cannot hold (a set-up backgammon game as MAT).
        if (error instanceof CodecFailure) throw codecInputError(error.error, 'format');
        throw error;
      }
    },
  },
  Ply: {
    position: async (ply: { positionId: bigint }, _: unknown, { loaders }: Context) =>
      (await loaders.position.load(ply.positionId)) ?? Promise.reject(notFound('position')),
    game: async (ply: { gameId: bigint }, _: unknown, { loaders }: Context) =>
      (await loaders.game.load(ply.gameId)) ?? Promise.reject(notFound('game')),
  },
};

/** GraphQL gives null for unset input fields; options want them absent. */
const stripNulls = (options: Record<string, string | null | undefined>): ImportOptions =>
  Object.fromEntries(Object.entries(options).filter(([, v]) => v !== null && v !== undefined)) as ImportOptions;
