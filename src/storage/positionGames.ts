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
import { type PlySource, placesByGame } from './occurrences';
import type { StoredPly } from './gamePlies';

/** How the games of a position are listed: by rating (then latest), or latest first. */
export type PositionGamesOrder = 'top' | 'recent';

const ORDER_BY: Record<PositionGamesOrder, string> = {
  top: `g."meanRating" DESC NULLS LAST, g."playedOn" DESC NULLS LAST, g.id DESC`,
  recent: `g."playedOn" DESC NULLS LAST, g.id DESC`,
};

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
  const places = await placesByGame(db, source, kind, key);
  if (places.size === 0 || first <= 0) return [];
  const params: unknown[] = [];
  const conditions = gameConditions({ ...query, gameIds: intersect(query.gameIds, [...places.keys()]) }, params);
  const rows = await db.sql.query<{ id: bigint }>(
    `SELECT g.id FROM "Game" g WHERE ${conditions.join(' AND ')} ORDER BY ${ORDER_BY[order]} LIMIT ${first}`,
    params,
  );
  return gamesInOrder(db, rows.map((r) => r.id));
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
