/**
 * The games that reached a position, narrowed by a filter and put in an order: its top games
 * (highest mean rating, then latest), its recent games, and a page of its occurrences in the
 * games' order (each game's occurrences in node order).
 */
import type { Database } from '../db/database';
import type { GameKind } from '../db/records';
import type { Game } from '../generated/prisma/client';
import { type GameQuery, gameConditions } from './gameFilter';
import { type GameCursor, type GameOrder, type GameOrderColumn, type GamePage, gamesInOrder, gamesPage, orderValue } from './games';
import { type Occurrence, type PlySource, checkedPlaces, occurrencesAt, placesByGame } from './occurrences';
import { type ReachedKey, queryReaching } from './reachedPositions';
import { type Posting, indexKey, keyReads } from '../db/positionIndex';
import { type GameColumns, NO_DAY, baseSlotOf, dayNumber, explorerCache, gameTest } from './gameColumns';

/** How the games of a position are listed: by rating (then latest), or latest first. */
export type PositionGamesOrder = 'top' | 'recent';

/** Whether game slot `a` comes before `b` in `order` (ties by the higher id: slots follow ids). */
const before = (c: GameColumns, order: PositionGamesOrder) => (a: number, b: number): boolean => {
  if (order === 'top' && c.mean2[a] !== c.mean2[b]) return c.mean2[a] > c.mean2[b];
  if (c.playedOn[a] !== c.playedOn[b]) return c.playedOn[a] > c.playedOn[b];
  return a > b;
};

/**
 * Visits, each once, the games that reached any of `keys` and that `query` keeps, as slots of the
 * game columns (returned): each key's runs (decoded once and cached) and its other places (checked
 * against replays), tested on the game columns in memory. Nothing is gathered: at the start position
 * that is every game.
 */
async function visitKept(db: Database, source: PlySource, keys: readonly ReachedKey[], query: GameQuery, visit: (slot: number) => void): Promise<GameColumns> {
  const cache = explorerCache(db);
  const reads = await Promise.all(
    keys.map(async ({ kind, key }) => {
      const k = indexKey(kind, key);
      const { cold, heads } = await keyReads(db.sql, k, source.memo);
      const [runs, coldPlaces] = await Promise.all([cache.runs.runsOf(db, k, heads), checkedPlaces(source, kind, key, cold)]);
      return { runs, coldIds: coldPlaces.map((p) => p.gameId) };
    }),
  );
  const runs = reads.flatMap((r) => r.runs);
  const coldIds = [...new Set(reads.flatMap((r) => r.coldIds))];
  const columns = cache.games;
  const keeps = await gameTest(db, columns, query, runs, coldIds);
  // One key's runs name a game at most once, in consecutive entries; several keys may share games.
  const seen = keys.length > 1 || coldIds.length > 0 ? new Uint8Array(columns.present.length) : null;
  const take = (i: number): void => {
    if (i < 0) return;
    if (seen) {
      if (seen[i] === 1) return;
      seen[i] = 1;
    }
    if (keeps(i)) visit(i);
  };
  for (const run of runs) {
    const { offsets } = run.columns;
    const base = baseSlotOf(columns, run);
    for (let e = 0; e < offsets.length; e++) {
      if (e > 0 && offsets[e] === offsets[e - 1]) continue;
      take(base >= 0 ? base + offsets[e] : columns.slot(run.baseGameId + BigInt(offsets[e])));
    }
  }
  for (const id of coldIds) take(columns.slot(id));
  return columns;
}

/** The best `first` of the slots offered, in the order `comes` (whether one slot comes before another), best first. */
class FirstInOrder {
  readonly best: number[] = [];
  constructor(
    private readonly first: number,
    private readonly comes: (a: number, b: number) => boolean,
  ) {}

  offer(i: number): void {
    // A candidate worse than the last of a full list is passed over at once.
    const { best, first, comes } = this;
    if (best.length === first && !comes(i, best[best.length - 1])) return;
    let at = best.length;
    while (at > 0 && comes(i, best[at - 1])) at--;
    best.splice(at, 0, i);
    if (best.length > first) best.pop();
  }
}

/** The first `first` games that reached the position under `key` and that `query` keeps, in `order`. */
export async function positionGames(
  db: Database,
  source: PlySource,
  kind: GameKind,
  key: string,
  query: GameQuery,
  order: PositionGamesOrder,
  first: number,
): Promise<Game[]> {
  if (first <= 0) return [];
  const cache = explorerCache(db);
  const ranked = new FirstInOrder(first, before(cache.games, order));
  const columns = await visitKept(db, source, [{ kind, key }], query, (i) => ranked.offer(i));
  return gamesInOrder(db, ranked.best.map((i) => columns.idOf(i)));
}

/** A game column's value in slot `i` as a number the order compares (null: none), for the orders the columns hold. */
const ORDER_VALUES: Partial<Record<GameOrderColumn, (c: GameColumns, i: number) => number | null>> = {
  id: () => null,
  playedOn: (c, i) => (c.playedOn[i] === NO_DAY ? null : c.playedOn[i]),
  meanRating: (c, i) => (c.mean2[i] < 0 ? null : c.mean2[i]),
  plyCount: (c, i) => c.plies[i],
};

/** A cursor's value as `ORDER_VALUES` gives it. */
const CURSOR_VALUES: Partial<Record<GameOrderColumn, (value: string) => number>> = {
  playedOn: (value) => dayNumber(value),
  meanRating: (value) => Math.round(Number(value) * 2),
  plyCount: (value) => Number(value),
};

/**
 * A page of the games that reached any of `keys` and that `query` keeps, in `order` after
 * `cursor` (backward: before it, nearest first), as `gamesPage` gives it: counted and ranked on the
 * game columns in memory in the same order (games without a value last either way, ties by id)
 * where the columns hold the order's column, else asked of SQL with the ids of those games.
 */
export async function reachingGamesPage(
  db: Database,
  source: PlySource,
  keys: readonly ReachedKey[],
  query: GameQuery,
  first: number,
  order: GameOrder,
  cursor?: GameCursor,
  backward = false,
): Promise<GamePage> {
  const valueAt = ORDER_VALUES[order.column];
  if (!valueAt) return gamesPage(db, await queryReaching(db, source, query, keys), first, order, cursor, backward);
  const columns = explorerCache(db).games;
  // Forward order over (value, slot): slots follow ids, so ties by slot are ties by id.
  const compare = (va: number | null, a: number, vb: number | null, b: number): number => {
    if (order.column === 'id') return order.descending ? b - a : a - b;
    if (va === null || vb === null) return va === vb ? a - b : va === null ? 1 : -1;
    if (va !== vb) return order.descending ? vb - va : va - vb;
    return a - b;
  };
  const sign = backward ? -1 : 1;
  const ranked = new FirstInOrder(first + 1, (a, b) => sign * compare(valueAt(columns, a), a, valueAt(columns, b), b) < 0);
  const toValue = CURSOR_VALUES[order.column];
  const cursorValue = !cursor || cursor.value === null || !toValue ? null : toValue(cursor.value);
  let totalCount = 0;
  // Slots follow ids from the columns' first id, so the cursor's game has a slot even when not
  // loaded: read once the visit starts (the columns are filled by then).
  let cursorSlot: number | null = null;
  await visitKept(db, source, keys, query, (i) => {
    totalCount++;
    if (cursor) {
      cursorSlot ??= Number(cursor.id - columns.idOf(0));
      if (sign * compare(valueAt(columns, i), i, cursorValue, cursorSlot) <= 0) return;
    }
    ranked.offer(i);
  });
  const best = ranked.best;
  const games = await gamesInOrder(db, best.slice(0, first).map((i) => columns.idOf(i)));
  return { games, totalCount, hasNextPage: best.length > first };
}

/** The ids in both lists (all of `ids` when `within` is absent). */
const intersect = (within: readonly bigint[] | undefined, ids: readonly bigint[]): bigint[] => {
  if (!within) return [...ids];
  const keep = new Set(within);
  return ids.filter((id) => keep.has(id));
};

/** Where a page of ordered occurrences ends: the game's place in the order, and the node in it. */
export interface OrderedPlace {
  game: GameCursor;
  node: number;
}

/** A page of occurrences: the plies (`take + 1` when more follow), and the occurrences in all the games kept. */
export interface OccurrencePage {
  plies: { ply: Occurrence; cursor: OrderedPlace }[];
  totalCount: number;
}

/**
 * The occurrences of the position under `key` in the games `query` keeps, by game in `order`
 * then by node: `take` (and one more, when there is one) after `cursor`, or with `backward` before
 * it, nearest first.
 */
export async function orderedOccurrences(
  db: Database,
  source: PlySource,
  kind: GameKind,
  key: string,
  query: GameQuery,
  order: GameOrder,
  take: number,
  cursor: OrderedPlace | undefined,
  backward: boolean,
): Promise<OccurrencePage> {
  const places = await placesByGame(db, source, kind, key);
  const kept: GameQuery = { ...query, gameIds: intersect(query.gameIds, [...places.keys()]) };
  const params: unknown[] = [];
  const keptIds = await db.sql.query<{ id: bigint }>(`SELECT g.id FROM "Game" g WHERE ${gameConditions(kept, params).join(' AND ')}`, params);
  const totalCount = keptIds.reduce((n, r) => n + (places.get(r.id)?.length ?? 0), 0);
  const wanted: { place: Posting; game: GameCursor }[] = [];
  // The rest of the cursor's own game first: its nodes after (or, backward, before) the cursor's.
  if (cursor && keptIds.some((r) => r.id === cursor.game.id)) {
    const rest = (places.get(cursor.game.id) ?? []).filter((p) => (backward ? p.node < cursor.node : p.node > cursor.node));
    for (const place of backward ? rest.reverse() : rest) wanted.push({ place, game: cursor.game });
  }
  if (wanted.length <= take) {
    const page = await gamesPage(db, kept, take + 1, order, cursor?.game, backward);
    for (const game of page.games) {
      const inGame = places.get(game.id) ?? [];
      const at = { value: orderValue(game, order.column), id: game.id };
      for (const place of backward ? [...inGame].reverse() : inGame) wanted.push({ place, game: at });
      if (wanted.length > take) break;
    }
  }
  const shown = wanted.slice(0, take + 1);
  const found = await occurrencesAt(source, shown.map((w) => w.place));
  const plies = shown.flatMap((w, i) => {
    const ply = found[i];
    return ply ? [{ ply, cursor: { game: w.game, node: w.place.node } }] : [];
  });
  return { plies, totalCount };
}
