/**
 * Where a position occurs in stored games: the index's entries of its key, as game plies. An
 * entry found under the key's whole hash on the main line is placed by the index alone (its node
 * is its ply number: `GameRecord.plies`); any other is checked against a replay of its game (a
 * block matches 44 bits of the hash) and carries the replay's record.
 */
import type { Database } from '../db/database';
import type { GameKind, PlyRecord } from '../db/records';
import type { Game } from '../generated/prisma/client';
import { type StoredPly } from './gamePlies';
import { type IndexMemo, type Posting, placesOfKey, postingsBefore, postingsOf } from '../db/positionIndex';

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

/**
 * One place a position occurs: the game, the node of its replay, the ply's number and line, and
 * the replay's record of the ply, or null where the index alone placed it (`recordOf` reads it).
 */
export interface Occurrence {
  gameId: bigint;
  node: number;
  number: number;
  variation: string;
  record: PlyRecord | null;
}

/** A replayed ply as an occurrence. */
export const occurrenceOf = ({ gameId, node, ply }: StoredPly): Occurrence => ({ gameId, node, number: ply.ply, variation: ply.variation, record: ply });

/** The replay's record of an occurrence: its own, or its game's replay's (null when the game no longer has the node). */
export async function recordOf(source: Pick<PlySource, 'plies'>, o: Occurrence): Promise<PlyRecord | null> {
  return o.record ?? (await source.plies(o.gameId)).find((p) => p.node === o.node)?.ply ?? null;
}

/** Ply k of a game's main line, without its replay's record (read when a field asks): its node is k (`GameRecord.plies`). */
export const mainLineOccurrence = (gameId: bigint, ply: number): Occurrence => ({ gameId, node: ply, number: ply, variation: '', record: null });

/** An occurrence the index places alone: a main-line node is its ply. */
const placedByIndex = (p: Posting): Occurrence => mainLineOccurrence(p.gameId, p.node);

/**
 * The occurrence at each of `places`, in their order: those `placed` picks as the index places
 * them, the others read from their games' replays (only those games are replayed), null where the
 * replay has no such node or `holds` refuses its ply.
 */
async function occurrencesOfPlaces(
  source: PlySource,
  places: readonly Posting[],
  placed: (p: Posting) => boolean,
  holds: (ply: StoredPly) => boolean,
): Promise<(Occurrence | null)[]> {
  const replays = await Promise.all(places.map((p) => (placed(p) ? null : source.plies(p.gameId))));
  return places.map((p, i) => {
    const replay = replays[i];
    if (replay === null) return placedByIndex(p);
    const ply = replay.find((r) => r.node === p.node);
    return ply && holds(ply) ? occurrenceOf(ply) : null;
  });
}

const present = <T>(value: T | null): value is T => value !== null;

/**
 * The occurrences among `postings` (in their order): a main-line entry under the whole hash as
 * the index places it, any other when a replay of its game confirms it (a false match, another
 * position under the same 44 bits, is dropped).
 */
const confirmed = async (source: PlySource, kind: GameKind, key: string, postings: readonly Posting[]): Promise<Occurrence[]> =>
  (await occurrencesOfPlaces(source, postings, (p) => p.exact && p.mainLine, (ply) => plyHasKey(ply, kind, key))).filter(present);

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
): Promise<Occurrence[]> {
  const wanted = Math.min(Math.max(first, 0), MAX_OCCURRENCES);
  if (wanted === 0) return [];
  const out: Occurrence[] = [];
  let from = cursor;
  // A false match (another position under the same 44 bits) is dropped, so ask again until enough are found.
  for (;;) {
    const need = wanted - out.length;
    const postings = await postingsOf(db.sql, kind, key, need, from, source.memo);
    out.push(...(await confirmed(source, kind, key, postings)));
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
): Promise<Occurrence[]> {
  const wanted = Math.min(Math.max(last, 0), MAX_OCCURRENCES);
  if (wanted === 0) return [];
  let out: Occurrence[] = [];
  let to = cursor;
  // As occurrencesOfKey: a false match is dropped, so ask again (further back) until enough are found.
  for (;;) {
    const need = wanted - out.length;
    const postings = await postingsBefore(db.sql, kind, key, need, to, source.memo);
    out = (await confirmed(source, kind, key, postings)).concat(out);
    if (postings.length < need || out.length >= wanted) return out;
    to = { gameId: postings[0].gameId, node: postings[0].node };
  }
}

/** The first stored ply that reaches `key`, or null: what a position known only from games is read from. */
export async function firstPlyOfKey(db: Database, source: PlySource, kind: GameKind, key: string): Promise<StoredPly | null> {
  const [first] = await occurrencesOfKey(db, source, kind, key, 1);
  const record = first ? await recordOf(source, first) : null;
  return first && record ? { gameId: first.gameId, node: first.node, ply: record } : null;
}

/** The places of `postings` (matched on part of the hash) where the position under `key` is, by a replay of their games. */
export async function checkedPlaces(source: PlySource, kind: GameKind, key: string, postings: readonly Posting[]): Promise<Posting[]> {
  const replays = await Promise.all(postings.map((p) => source.plies(p.gameId)));
  return postings.filter((p, i) => {
    const ply = replays[i].find((r) => r.node === p.node);
    return ply !== undefined && plyHasKey(ply, kind, key);
  });
}

/** The places where the position under `key` occurs, by game (nodes ascending), each checked as occurrences are. */
export async function placesByGame(db: Database, source: PlySource, kind: GameKind, key: string): Promise<Map<bigint, Posting[]>> {
  const { certain, unsure } = await placesOfKey(db.sql, kind, key, source.memo);
  const places = [...certain, ...(await checkedPlaces(source, kind, key, unsure))];
  const byGame = new Map<bigint, Posting[]>();
  for (const p of places) {
    const inGame = byGame.get(p.gameId);
    if (inGame) inGame.push(p);
    else byGame.set(p.gameId, [p]);
  }
  for (const inGame of byGame.values()) inGame.sort((a, b) => a.node - b.node);
  return byGame;
}

/**
 * The occurrence at each of `places` (checked places of one key: `placesByGame`), in their order: a
 * main-line place as the index places it, any other with its game's replay's record (null where
 * the replay no longer has the node).
 */
export const occurrencesAt = (source: PlySource, places: readonly Posting[]): Promise<(Occurrence | null)[]> =>
  occurrencesOfPlaces(source, places, (p) => p.mainLine, () => true);

/** The ids of the games where the position under `key` occurs (each once, in id order). */
export async function gamesReachingKey(db: Database, source: PlySource, kind: GameKind, key: string): Promise<bigint[]> {
  return [...(await placesByGame(db, source, kind, key)).keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
