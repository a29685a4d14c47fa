/**
 * The games that reached a position, narrowed by a filter and put in an order: its top games
 * (highest mean rating, then latest), its recent games, and a page of its occurrences in the
 * games' order (each game's occurrences in node order).
 */
import type { Database } from '../db/database';
import type { GameKind } from '../db/records';
import type { Game } from '../generated/prisma/client';
import { type GameQuery, gameConditions } from './gameFilter';
import { type GameCursor, type GameOrder, gamesInOrder, gamesPage, orderValue } from './games';
import { type PlySource, checkedPlaces, placesByGame } from './occurrences';
import { indexKey, keyReads } from '../db/positionIndex';
import { type GameColumns, baseSlotOf, explorerCache, gameTest } from './gameColumns';
import type { StoredPly } from './gamePlies';

/** How the games of a position are listed: by rating (then latest), or latest first. */
export type PositionGamesOrder = 'top' | 'recent';

/** Whether game slot `a` comes before `b` in `order` (ties by the higher id: slots follow ids). */
const before = (c: GameColumns, order: PositionGamesOrder) => (a: number, b: number): boolean => {
  if (order === 'top' && c.mean2[a] !== c.mean2[b]) return c.mean2[a] > c.mean2[b];
  if (c.playedOn[a] !== c.playedOn[b]) return c.playedOn[a] > c.playedOn[b];
  return a > b;
};

/**
 * The first `first` games that reached the position under `key` and that `query` keeps, in
 * `order`: its runs' games (decoded once and cached) and its other places (checked against
 * replays), tested and ranked on the game columns in memory.
 */
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
  const k = indexKey(kind, key);
  const { cold, heads } = await keyReads(db.sql, k, source.memo);
  const cache = explorerCache(db);
  const [runs, coldPlaces] = await Promise.all([cache.runs.runsOf(db, k, heads), checkedPlaces(source, kind, key, cold)]);
  const coldIds = [...new Set(coldPlaces.map((p) => p.gameId))];
  const columns = cache.games;
  const keeps = await gameTest(db, columns, query, runs, coldIds);
  const comes = before(columns, order);
  // The best `first` so far, best first: a candidate worse than the last is passed over at once.
  const best: number[] = [];
  const consider = (i: number): void => {
    if (!keeps(i)) return;
    if (best.length === first && !comes(i, best[best.length - 1])) return;
    let at = best.length;
    while (at > 0 && comes(i, best[at - 1])) at--;
    best.splice(at, 0, i);
    if (best.length > first) best.pop();
  };
  for (const run of runs) {
    const { offsets } = run.columns;
    const base = baseSlotOf(columns, run);
    for (let e = 0; e < offsets.length; e++) {
      if (e > 0 && offsets[e] === offsets[e - 1]) continue;
      consider(base >= 0 ? base + offsets[e] : columns.slot(run.baseGameId + BigInt(offsets[e])));
    }
  }
  for (const id of coldIds) consider(columns.slot(id));
  return gamesInOrder(db, best.map((i) => columns.idOf(i)));
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
  plies: { ply: StoredPly; cursor: OrderedPlace }[];
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
  const wanted: { gameId: bigint; node: number; game: GameCursor }[] = [];
  // The rest of the cursor's own game first: its nodes after (or, backward, before) the cursor's.
  if (cursor && keptIds.some((r) => r.id === cursor.game.id)) {
    const rest = (places.get(cursor.game.id) ?? []).filter((n) => (backward ? n < cursor.node : n > cursor.node));
    for (const node of backward ? rest.reverse() : rest) wanted.push({ gameId: cursor.game.id, node, game: cursor.game });
  }
  if (wanted.length <= take) {
    const page = await gamesPage(db, kept, take + 1, order, cursor?.game, backward);
    for (const game of page.games) {
      const nodes = places.get(game.id) ?? [];
      const place = { value: orderValue(game, order.column), id: game.id };
      for (const node of backward ? [...nodes].reverse() : nodes) wanted.push({ gameId: game.id, node, game: place });
      if (wanted.length > take) break;
    }
  }
  const shown = wanted.slice(0, take + 1);
  const replays = await Promise.all(shown.map((w) => source.plies(w.gameId)));
  const plies = shown.flatMap((w, i) => {
    const ply = replays[i].find((r) => r.node === w.node);
    return ply ? [{ ply, cursor: { game: w.game, node: w.node } }] : [];
  });
  return { plies, totalCount };
}
