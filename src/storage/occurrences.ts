/**
 * Where a position occurs in stored games: the index's entries of its key, each checked against
 * a replay of its game (the index matches 44 bits of a hash in its blocks), as game plies.
 */
import type { Database } from '../db/database';
import type { GameKind } from '../db/records';
import type { Game } from '../generated/prisma/client';
import { type StoredPly } from './gamePlies';
import { type IndexMemo, placesOfKey, postingsBefore, postingsOf } from '../db/positionIndex';

/** How often a key occurs, and in how many games (the index's counts), for the request's loaders. */
export { type IndexMemo, occurrenceCountsOf } from '../db/positionIndex';

/** Most occurrences one call returns. */
export const MAX_OCCURRENCES = 500;

/** What the caller gives to read games and their replays (the request's DataLoaders). */
export interface PlySource {
  plies(gameId: bigint): Promise<StoredPly[]>;
  game(gameId: bigint): Promise<Game | null>;
  /** Index reads already made (a request reads a key's index once). */
  memo?: IndexMemo;
}

/** Whether a ply's position is under `key` (its own key, or its group key: a backgammon Position ID). */
export const plyHasKey = (p: StoredPly, kind: GameKind, key: string): boolean =>
  p.ply.position.kind === kind && (p.ply.position.key === key || p.ply.position.groupKey === key);

/**
 * The first `first` (clamped to 0..MAX_OCCURRENCES) places where the position under `key` occurs,
 * by game and node, after `cursor`.
 */
export async function occurrencesOfKey(
  db: Database,
  source: PlySource,
  kind: GameKind,
  key: string,
  first: number,
  cursor?: { gameId: bigint; node: number },
): Promise<StoredPly[]> {
  const wanted = Math.min(Math.max(first, 0), MAX_OCCURRENCES);
  if (wanted === 0) return [];
  const out: StoredPly[] = [];
  let from = cursor;
  // A false match (another position under the same 44 bits) is dropped, so ask again until enough are found.
  for (;;) {
    const need = wanted - out.length;
    const postings = await postingsOf(db.sql, kind, key, need, from, source.memo);
    const replays = await Promise.all(postings.map((p) => source.plies(p.gameId)));
    postings.forEach((p, i) => {
      const ply = replays[i].find((r) => r.node === p.node);
      if (ply && plyHasKey(ply, kind, key)) out.push(ply);
    });
    if (postings.length < need || out.length >= wanted) return out;
    const last = postings[postings.length - 1];
    from = { gameId: last.gameId, node: last.node };
  }
}

/**
 * The last `last` (clamped to 0..MAX_OCCURRENCES) places where the position under `key` occurs
 * before `cursor` (the last of all when absent), by game and node: a page backward.
 */
export async function occurrencesBeforeKey(
  db: Database,
  source: PlySource,
  kind: GameKind,
  key: string,
  last: number,
  cursor?: { gameId: bigint; node: number },
): Promise<StoredPly[]> {
  const wanted = Math.min(Math.max(last, 0), MAX_OCCURRENCES);
  if (wanted === 0) return [];
  let out: StoredPly[] = [];
  let to = cursor;
  // As occurrencesOfKey: a false match is dropped, so ask again (further back) until enough are found.
  for (;;) {
    const need = wanted - out.length;
    const postings = await postingsBefore(db.sql, kind, key, need, to, source.memo);
    const replays = await Promise.all(postings.map((p) => source.plies(p.gameId)));
    const found: StoredPly[] = [];
    postings.forEach((p, i) => {
      const ply = replays[i].find((r) => r.node === p.node);
      if (ply && plyHasKey(ply, kind, key)) found.push(ply);
    });
    out = found.concat(out);
    if (postings.length < need || out.length >= wanted) return out;
    to = { gameId: postings[0].gameId, node: postings[0].node };
  }
}

/** The first stored ply that reaches `key`, or null: what a position known only from games is read from. */
export async function firstPlyOfKey(db: Database, source: PlySource, kind: GameKind, key: string): Promise<StoredPly | null> {
  const [ply] = await occurrencesOfKey(db, source, kind, key, 1);
  return ply ?? null;
}

/** The nodes where the position under `key` occurs, by game (nodes ascending), each checked as occurrences are. */
export async function placesByGame(db: Database, source: PlySource, kind: GameKind, key: string): Promise<Map<bigint, number[]>> {
  const { certain, unsure } = await placesOfKey(db.sql, kind, key, source.memo);
  const replays = await Promise.all(unsure.map((p) => source.plies(p.gameId)));
  const places = [...certain];
  unsure.forEach((p, i) => {
    const ply = replays[i].find((r) => r.node === p.node);
    if (ply && plyHasKey(ply, kind, key)) places.push(p);
  });
  const byGame = new Map<bigint, number[]>();
  for (const p of places) {
    const nodes = byGame.get(p.gameId);
    if (nodes) nodes.push(p.node);
    else byGame.set(p.gameId, [p.node]);
  }
  for (const nodes of byGame.values()) nodes.sort((a, b) => a - b);
  return byGame;
}

/** The ids of the games where the position under `key` occurs (each once, in id order). */
export async function gamesReachingKey(db: Database, source: PlySource, kind: GameKind, key: string): Promise<bigint[]> {
  return [...(await placesByGame(db, source, kind, key)).keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
