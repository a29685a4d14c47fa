/** Stored games: the filtered page of games, every game a filter keeps page by page, and the games an export writes. */
import type { Database } from '../db/database';
import { dayRange } from '../db/dateRange';
import type { GameKind } from '../db/records';
import type { Game, Prisma } from '../generated/prisma/client';
import { importById } from './imports';

/** Which games to list; every field narrows the list, absent fields do not. */
export interface GameQuery {
  kind?: GameKind;
  /** Only games of these kinds (an export's format holds some kinds only). */
  kinds?: readonly GameKind[];
  /** Part of either player's name, any case. */
  player?: string;
  /** Part of the event's name, any case. */
  event?: string;
  /** Played on or after this day (a game known only to its month or year: possibly). */
  playedFrom?: Date;
  /** Played on or before this day (a game known only to its month or year: possibly). */
  playedTo?: Date;
  result?: string;
  /** Part of a player's, the event's or the site's name, any case. */
  text?: string;
  importId?: bigint;
}

/** A date filter (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`) as its first (`from`) or last (`until`) day; null when it is none. */
export const filterDay = (text: string, end: 'from' | 'until'): Date | null => {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(text.trim());
  const range = m ? dayRange(Number(m[1]), m[2] === undefined ? undefined : Number(m[2]), m[3] === undefined ? undefined : Number(m[3])) : null;
  return range ? new Date(`${range[end]}T00:00:00Z`) : null;
};

/** One page of games in id order, after `afterId`, with the count of all matching games. */
export interface GamePage {
  games: Game[];
  totalCount: number;
  hasNextPage: boolean;
}

/** LIKE's wildcards and its escape character, taken literally. */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Contains `text` (literally: `%` and `_` are not wildcards), any case. */
const contains = (text: string) => ({ contains: escapeLike(text), mode: 'insensitive' as const });

/** The Prisma condition for a GameQuery. */
const gameWhere = (query: GameQuery): Prisma.GameWhereInput => {
  const and: Prisma.GameWhereInput[] = [];
  if (query.kind) and.push({ kind: query.kind });
  if (query.kinds) and.push({ kind: { in: [...query.kinds] } });
  if (query.player) and.push({ OR: [{ player1: contains(query.player) }, { player2: contains(query.player) }] });
  if (query.event) and.push({ event: contains(query.event) });
  // A written date is a range of days (playedOn..playedUntil): it matches when the ranges overlap.
  if (query.playedFrom) and.push({ playedUntil: { gte: query.playedFrom } });
  if (query.playedTo) and.push({ playedOn: { lte: query.playedTo } });
  if (query.result) and.push({ result: query.result });
  if (query.importId !== undefined) and.push({ importId: query.importId });
  if (query.text) {
    const t = contains(query.text);
    and.push({ OR: [{ player1: t }, { player2: t }, { event: t }, { site: t }] });
  }
  return and.length > 0 ? { AND: and } : {};
};

/** The columns games can be ordered by (ties and missing values go by id). */
export type GameOrderColumn = 'id' | 'playedOn' | 'player1' | 'player2' | 'event';

/** How to order a page of games. */
export interface GameOrder {
  column: GameOrderColumn;
  descending: boolean;
}

/** Where a page ends: the last game's value of the ordering column (null when it has none) and its id. */
export interface GameCursor {
  value: string | null;
  id: bigint;
}

/** The value of the ordering column a cursor keeps for `game`. */
export const orderValue = (game: Game, column: GameOrderColumn): string | null => {
  if (column === 'id') return null;
  const v = game[column];
  return v instanceof Date ? v.toISOString().slice(0, 10) : v;
};

/**
 * Games after `cursor` in `order`: keyset paging, so pages stay stable while games are added.
 * Games without a value of the column come last in either direction; ties go by id.
 */
const afterCursor = (order: GameOrder, cursor: GameCursor): Prisma.GameWhereInput => {
  const { column, descending } = order;
  if (column === 'id') return { id: descending ? { lt: cursor.id } : { gt: cursor.id } };
  if (cursor.value === null) return { AND: [{ [column]: null }, { id: { gt: cursor.id } }] };
  const value = column === 'playedOn' ? new Date(`${cursor.value}T00:00:00Z`) : cursor.value;
  return {
    OR: [
      { [column]: descending ? { lt: value } : { gt: value } },
      { AND: [{ [column]: value }, { id: { gt: cursor.id } }] },
      { [column]: null },
    ],
  };
};

/** Games before `cursor` in `order` (what `afterCursor` leaves out, the cursor's game aside). */
const beforeCursor = (order: GameOrder, cursor: GameCursor): Prisma.GameWhereInput => {
  const { column, descending } = order;
  if (column === 'id') return { id: descending ? { gt: cursor.id } : { lt: cursor.id } };
  if (cursor.value === null) return { OR: [{ [column]: { not: null } }, { AND: [{ [column]: null }, { id: { lt: cursor.id } }] }] };
  const value = column === 'playedOn' ? new Date(`${cursor.value}T00:00:00Z`) : cursor.value;
  return {
    OR: [
      { [column]: descending ? { gt: value } : { lt: value } },
      { AND: [{ [column]: value }, { id: { lt: cursor.id } }] },
    ],
  };
};

/**
 * The first `first` games matching `query` in `order`, after `cursor`; with `backward`, the
 * `first` games before `cursor` (or the last ones), nearest first, `hasNextPage` saying whether
 * more come before them.
 */
export async function gamesPage(db: Database, query: GameQuery, first: number, order: GameOrder, cursor?: GameCursor, backward = false): Promise<GamePage> {
  const where = gameWhere(query);
  // Backward reads the order reversed: each direction flipped, games without a value first.
  const direction = order.descending !== backward ? 'desc' : 'asc';
  const orderBy: Prisma.GameOrderByWithRelationInput[] =
    order.column === 'id'
      ? [{ id: direction }]
      : [{ [order.column]: { sort: direction, nulls: backward ? 'first' : 'last' } }, { id: backward ? 'desc' : 'asc' }];
  const bound = cursor === undefined ? undefined : backward ? beforeCursor(order, cursor) : afterCursor(order, cursor);
  const [rows, totalCount] = await Promise.all([
    db.prisma.game.findMany({
      where: bound === undefined ? where : { AND: [where, bound] },
      orderBy,
      take: first + 1,
    }),
    db.prisma.game.count({ where }),
  ]);
  return { games: rows.slice(0, first), totalCount, hasNextPage: rows.length > first };
}

/** What an export writes: one game, or every game of one import. */
export type ExportSelection = { gameId: bigint } | { importId: bigint };

/**
 * The games of `selection` in the order an export writes them (an import's in file order); null
 * when there is no such game or import. An import of positions or scores only has none.
 */
export async function gamesToExport(db: Database, selection: ExportSelection): Promise<Game[] | null> {
  if ('gameId' in selection) {
    const game = await db.prisma.game.findUnique({ where: { id: selection.gameId } });
    return game ? [game] : null;
  }
  const games = await db.prisma.game.findMany({ where: { importId: selection.importId }, orderBy: { indexInFile: 'asc' } });
  if (games.length > 0) return games;
  return (await importById(db, selection.importId)) ? [] : null;
}

/** How many games `query` keeps. */
export const countGames = (db: Database, query: GameQuery): Promise<number> => db.prisma.game.count({ where: gameWhere(query) });

/** Rows an export reads at a time. */
export const EXPORT_PAGE = 500;

/**
 * Every game `query` keeps, in id order, `pageSize` at a time: keyset pages by id (`id > last`), so
 * no more than two pages are held however many games match, and games added meanwhile with higher
 * ids are read too. The next page is read while the caller handles this one; stopping early (a
 * `break`, `return()`) reads no further.
 */
export async function* gamesInIdOrder(db: Database, query: GameQuery, pageSize = EXPORT_PAGE): AsyncGenerator<Game[]> {
  const where = gameWhere(query);
  const read = (after?: bigint): Promise<Game[]> => {
    const page = db.prisma.game.findMany({ where: after === undefined ? where : { AND: [where, { id: { gt: after } }] }, orderBy: { id: 'asc' }, take: pageSize });
    // A page read ahead that nobody waits for (the caller stopped) must not fail unhandled.
    page.catch(() => undefined);
    return page;
  };
  let next = read();
  for (;;) {
    const rows = await next;
    if (rows.length === 0) return;
    next = rows.length < pageSize ? Promise.resolve([]) : read(rows[rows.length - 1].id);
    yield rows;
  }
}
