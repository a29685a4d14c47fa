/** Stored games: the filtered page of games, every game a filter keeps page by page, and the games an export writes. */
import type { Database } from '../db/database';
import { dayRange } from '../db/dateRange';
import type { Game } from '../generated/prisma/client';
import { importById } from './imports';
import { gameOf } from '../games';
import type { Opening } from '../games/types';
import { type GameQuery, gameConditions, gameWhere } from './gameFilter';

export type { GameQuery } from './gameFilter';

/** The opening a stored game's main line reaches (as its game's module names the position it stored), or null. */
export const gameOpening = (game: Pick<Game, 'kind' | 'openingKey'>): Opening | null =>
  game.openingKey === null ? null : (gameOf(game.kind).openings?.ofPosition(game.openingKey) ?? null);

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

/** The columns games can be ordered by (ties and missing values go by id). */
export type GameOrderColumn = 'id' | 'playedOn' | 'player1' | 'player2' | 'event' | 'meanRating' | 'plyCount';

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
  return v instanceof Date ? v.toISOString().slice(0, 10) : v === null ? null : String(v);
};

/** How a cursor's value is compared with the column's, in SQL. */
const CURSOR_CAST: Record<GameOrderColumn, string> = {
  id: 'int8', playedOn: 'date', player1: 'text', player2: 'text', event: 'text', meanRating: 'float8', plyCount: 'int4',
};

/**
 * Games after `cursor` in `order`, as SQL: keyset paging, so pages stay stable while games are
 * added. Games without a value of the column come last in either direction; ties go by id.
 */
const afterCursor = (order: GameOrder, cursor: GameCursor, params: unknown[]): string => {
  const { column, descending } = order;
  const id = push(params, cursor.id);
  if (column === 'id') return `g.id ${descending ? '<' : '>'} ${id}`;
  const c = `g."${column}"`;
  if (cursor.value === null) return `(${c} IS NULL AND g.id > ${id})`;
  const v = `${push(params, cursor.value)}::${CURSOR_CAST[column]}`;
  return `(${c} ${descending ? '<' : '>'} ${v} OR (${c} = ${v} AND g.id > ${id}) OR ${c} IS NULL)`;
};

/** Games before `cursor` in `order` (what `afterCursor` leaves out, the cursor's game aside), as SQL. */
const beforeCursor = (order: GameOrder, cursor: GameCursor, params: unknown[]): string => {
  const { column, descending } = order;
  const id = push(params, cursor.id);
  if (column === 'id') return `g.id ${descending ? '>' : '<'} ${id}`;
  const c = `g."${column}"`;
  if (cursor.value === null) return `(${c} IS NOT NULL OR (${c} IS NULL AND g.id < ${id}))`;
  const v = `${push(params, cursor.value)}::${CURSOR_CAST[column]}`;
  return `(${c} ${descending ? '>' : '<'} ${v} OR (${c} = ${v} AND g.id < ${id}))`;
};

const push = (params: unknown[], value: unknown): string => {
  params.push(value);
  return `$${params.length}`;
};

/**
 * The first `first` games matching `query` in `order`, after `cursor`; with `backward`, the
 * `first` games before `cursor` (or the last ones), nearest first, `hasNextPage` saying whether
 * more come before them.
 */
export async function gamesPage(db: Database, query: GameQuery, first: number, order: GameOrder, cursor?: GameCursor, backward = false): Promise<GamePage> {
  const params: unknown[] = [];
  const conditions = gameConditions(query, params);
  const countParams = [...params];
  const countWhere = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  if (cursor !== undefined) conditions.push(backward ? beforeCursor(order, cursor, params) : afterCursor(order, cursor, params));
  // Backward reads the order reversed: each direction flipped, games without a value first.
  const direction = order.descending !== backward ? 'DESC' : 'ASC';
  const orderBy = order.column === 'id'
    ? `g.id ${direction}`
    : `g."${order.column}" ${direction} NULLS ${backward ? 'FIRST' : 'LAST'}, g.id ${backward ? 'DESC' : 'ASC'}`;
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const [rows, [count]] = await Promise.all([
    db.sql.query<{ id: bigint }>(`SELECT g.id FROM "Game" g ${where} ORDER BY ${orderBy} LIMIT ${first + 1}`, params),
    db.sql.query<{ n: bigint }>(`SELECT count(*)::int8 AS n FROM "Game" g ${countWhere}`, countParams),
  ]);
  const ids = rows.slice(0, first).map((r) => r.id);
  return { games: await gamesInOrder(db, ids), totalCount: Number(count.n), hasNextPage: rows.length > first };
}

/**
 * Every column of a `"Game"` row as Prisma's `Game` has it, for the reads of many games at once
 * (a page of a list, an export) that skip Prisma's per-row work: days and times as UTC text, made
 * `Date`s by `gameOfRow` as Prisma makes them.
 */
const GAME_COLUMNS = `g.id, g.kind::text AS kind, g."importId", g."indexInFile", g."sourceFormat", g.source, g.player1, g.player2, g.event,
  g.site, g.round, g."dateText", g."playedOn"::text AS "playedOn", g."playedUntil"::text AS "playedUntil", g.result,
  g.outcome::text AS outcome, g."firstPoints", g."matchLength", g."gameNumber", g.metadata, g."gameText", g."startFen",
  g."player1Rating", g."player2Rating", g."meanRating", g.speed::text AS speed, g."plyCount", g.eco, g."openingKey",
  to_char(g."createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", g."duplicateKey", g."keptTokens",
  g."patternSignature", g.evaluations`;

type GameRow = Omit<Game, 'playedOn' | 'playedUntil' | 'createdAt'> & { playedOn: string | null; playedUntil: string | null; createdAt: string };

const dayOf = (text: string | null): Date | null => (text === null ? null : new Date(`${text}T00:00:00Z`));

/** Bytes as Prisma gives them: a plain Uint8Array (the `pg` driver's are Buffers), over the same memory. */
const plainBytes = <T extends Uint8Array | null>(bytes: T): T =>
  (bytes === null || bytes.constructor === Uint8Array ? bytes : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)) as T;

/** A row read with GAME_COLUMNS as Prisma's `Game`. */
const gameOfRow = (row: GameRow): Game => ({
  ...row,
  source: plainBytes(row.source),
  gameText: plainBytes(row.gameText),
  patternSignature: plainBytes(row.patternSignature),
  evaluations: plainBytes(row.evaluations),
  playedOn: dayOf(row.playedOn),
  playedUntil: dayOf(row.playedUntil),
  createdAt: new Date(row.createdAt),
});

/**
 * What a scan of many games replays and tallies (pattern search): the game, its source and what its
 * reader reads again with it, its players, and what a tally of its result reads (`talliedGame`).
 */
export type ScannedGame = Pick<
  Game,
  'id' | 'importId' | 'sourceFormat' | 'source' | 'metadata' | 'outcome' | 'player1' | 'player2' | 'firstPoints' | 'player1Rating' | 'player2Rating' | 'playedOn'
>;

/** The columns of a `ScannedGame`: a third of GAME_COLUMNS, without the texts, keys and signature a scan does not read. */
const SCANNED_COLUMNS = `g.id, g."importId", g."sourceFormat", g.source, g.metadata, g.outcome::text AS outcome, g.player1, g.player2,
  g."firstPoints", g."player1Rating", g."player2Rating", g."playedOn"::text AS "playedOn"`;

type ScannedRow = Omit<ScannedGame, 'playedOn'> & { playedOn: string | null };

/** The games that `where` keeps, in `orderBy`, as a scan reads them (`ScannedGame`). */
export const selectScannedGames = async (db: Database, where: string, params: unknown[], orderBy = '', limit?: number): Promise<ScannedGame[]> =>
  (await db.sql.query<ScannedRow>(`SELECT ${SCANNED_COLUMNS} FROM "Game" g ${where} ${orderBy} ${limit === undefined ? '' : `LIMIT ${limit}`}`, params)).map(
    (row) => ({ ...row, source: plainBytes(row.source), playedOn: dayOf(row.playedOn) }),
  );

/** The rows with `ids` that `select` reads, in the order of `ids` (an id not found is left out). */
async function inOrderOf<T extends { id: bigint }>(ids: readonly bigint[], select: (where: string, params: unknown[]) => Promise<T[]>): Promise<T[]> {
  if (ids.length === 0) return [];
  const found = new Map((await select('WHERE g.id = ANY($1::int8[])', [ids])).map((g) => [g.id, g]));
  return ids.flatMap((id) => found.get(id) ?? []);
}

/** The games with `ids`, in that order, as a scan reads them. */
export const scannedGamesInOrder = (db: Database, ids: readonly bigint[]): Promise<ScannedGame[]> =>
  inOrderOf(ids, (where, params) => selectScannedGames(db, where, params));

/** The games that `where` (SQL over the row `g`, with `params`) keeps, in `orderBy`, at most `limit` of them. */
export const selectGames = async (db: Database, where: string, params: unknown[], orderBy = '', limit?: number): Promise<Game[]> =>
  (await db.sql.query<GameRow>(`SELECT ${GAME_COLUMNS} FROM "Game" g ${where} ${orderBy} ${limit === undefined ? '' : `LIMIT ${limit}`}`, params)).map(gameOfRow);

/** The games with `ids`, in that order. */
export const gamesInOrder = (db: Database, ids: readonly bigint[]): Promise<Game[]> => inOrderOf(ids, (where, params) => selectGames(db, where, params));

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
export async function countGames(db: Database, query: GameQuery): Promise<number> {
  const params: unknown[] = [];
  const [row] = await db.sql.query<{ n: bigint }>(`SELECT count(*)::int8 AS n FROM "Game" g ${gameWhere(query, params)}`, params);
  return Number(row.n);
}

/** Rows an export reads at a time. */
export const EXPORT_PAGE = 500;

/**
 * Every game `query` keeps, in id order, `pageSize` at a time: keyset pages by id (`id > last`), so
 * no more than two pages are held however many games match, and games added meanwhile with higher
 * ids are read too. The next page is read while the caller handles this one; stopping early (a
 * `break`, `return()`) reads no further.
 */
export async function* gamesInIdOrder(db: Database, query: GameQuery, pageSize = EXPORT_PAGE): AsyncGenerator<Game[]> {
  const read = async (after?: bigint): Promise<Game[]> => {
    const params: unknown[] = [];
    const conditions = gameConditions(query, params);
    if (after !== undefined) {
      params.push(after);
      conditions.push(`g.id > $${params.length}`);
    }
    return selectGames(db, conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', params, 'ORDER BY g.id', pageSize);
  };
  const ahead = (after?: bigint): Promise<Game[]> => {
    const page = read(after);
    // A page read ahead that nobody waits for (the caller stopped) must not fail unhandled.
    page.catch(() => undefined);
    return page;
  };
  let next = ahead();
  for (;;) {
    const rows = await next;
    if (rows.length === 0) return;
    next = rows.length < pageSize ? Promise.resolve([]) : ahead(rows[rows.length - 1].id);
    yield rows;
  }
}
