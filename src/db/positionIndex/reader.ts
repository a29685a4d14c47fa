/**
 * Reads the position index (`layout.ts` says how it is packed): where a position
 * occurs in stored games, how often, and how many games reach it. A position's entries are in
 * the block of its bucket (positions that occur a few times in a flush) and in runs of its own
 * (positions that occur often), one of each per flush of an import.
 */
import type { SqlExecutor } from '../sql';
import type { GameKind } from '../records';
import { type Posting, type RunColumns, addBlockLos, bucketOf, decodeRun, decodeRunColumns, findInBlock, positionHash, signedHash } from './layout';

/** Where to look for a key: its hash as the index stores it. */
export interface IndexKey {
  kind: GameKind;
  bucket: number;
  lo: number;
  hash: bigint;
}

export const indexKey = (kind: GameKind, key: string): IndexKey => {
  const h = positionHash(key);
  return { kind, bucket: bucketOf(h.hi), lo: h.lo, hash: signedHash(h) };
};

/** A block as the lookups read it. */
type StoredBlock = {
  baseGameId: bigint;
  layout: number;
  entries: Uint8Array;
};

const BLOCKS_OF_BUCKET = `SELECT "baseGameId", layout, entries FROM "PositionBlock" WHERE kind = $1::"GameKind" AND bucket = $2`;

const byPlace = (a: Posting, b: Posting): number => (a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : a.node - b.node);

/** The entries of a key in the blocks of its bucket (where it was not hot), by game and node. */
async function blockPostings(sql: SqlExecutor, k: IndexKey): Promise<Posting[]> {
  const rows = await sql.query<StoredBlock>(BLOCKS_OF_BUCKET, [k.kind, k.bucket]);
  const out: Posting[] = [];
  for (const r of rows) findInBlock(r.entries, r.layout, r.baseGameId, k.lo, out);
  return out.sort(byPlace);
}

export interface RunHead {
  baseGameId: bigint;
  occurrences: number;
  games: number;
}

const runHeads = (sql: SqlExecutor, k: IndexKey): Promise<RunHead[]> =>
  sql.query<RunHead & Record<string, unknown>>(
    `SELECT "baseGameId", occurrences, games FROM "PositionRun" WHERE kind = $1::"GameKind" AND hash = $2 ORDER BY "baseGameId"`,
    [k.kind, k.hash],
  );

/** What a lookup of one key reads first: its entries in the blocks, and the heads of its runs. */
export interface KeyReads {
  cold: Posting[];
  heads: RunHead[];
}

/** Index reads kept for the length of a request, by key, so a key looked up twice is read once. */
export type IndexMemo = Map<string, Promise<KeyReads>>;

/** The blocks' entries and the run heads of a key (from `memo` when it has them). */
export function keyReads(sql: SqlExecutor, k: IndexKey, memo?: IndexMemo): Promise<KeyReads> {
  const id = `${k.kind} ${k.hash}`;
  const known = memo?.get(id);
  if (known) return known;
  const reads = Promise.all([blockPostings(sql, k), runHeads(sql, k)]).then(([cold, heads]) => ({ cold, heads }));
  memo?.set(id, reads);
  return reads;
}

/** The first `limit` entries of one run after `cursor`. */
async function runPostings(sql: SqlExecutor, k: IndexKey, baseGameId: bigint, limit: number, cursor?: { gameId: bigint; node: number }): Promise<Posting[]> {
  const [row] = await sql.query<{ layout: number; entries: Uint8Array }>(
    `SELECT layout, entries FROM "PositionRun" WHERE kind = $1::"GameKind" AND hash = $2 AND "baseGameId" = $3`,
    [k.kind, k.hash, baseGameId],
  );
  const out: Posting[] = [];
  if (row) decodeRun(row.entries, row.layout, baseGameId, out, limit, cursor);
  return out;
}

const after = (p: Posting, cursor: { gameId: bigint; node: number } | undefined): boolean =>
  !cursor || p.gameId > cursor.gameId || (p.gameId === cursor.gameId && p.node > cursor.node);

/**
 * The first `first` places of a key after `cursor`, by game and node. Runs are read in the order
 * of their flushes and only as far as needed: a run's games are not older than its base game.
 */
export async function postingsOf(
  sql: SqlExecutor,
  kind: GameKind,
  key: string,
  first: number,
  cursor?: { gameId: bigint; node: number },
  memo?: IndexMemo,
): Promise<Posting[]> {
  const k = indexKey(kind, key);
  const { cold, heads } = await keyReads(sql, k, memo);
  let found = cold.filter((p) => after(p, cursor));
  for (let i = 0; i < heads.length; i++) {
    const next = heads[i + 1]?.baseGameId;
    if (cursor && next !== undefined && next <= cursor.gameId) continue;
    found = found.concat(await runPostings(sql, k, heads[i].baseGameId, first, cursor)).sort(byPlace);
    // Everything not read yet has a game id of at least `next`.
    if (next !== undefined && found.filter((p) => p.gameId < next).length >= first) break;
  }
  return found.slice(0, first);
}

const before = (p: Posting, cursor: { gameId: bigint; node: number } | undefined): boolean =>
  !cursor || p.gameId < cursor.gameId || (p.gameId === cursor.gameId && p.node < cursor.node);

/**
 * The last `last` places of a key before `cursor` (all places when absent), by game and node.
 * Runs are read from the newest back and only as far as needed: a run's games are older than
 * the next run's base game.
 */
export async function postingsBefore(
  sql: SqlExecutor,
  kind: GameKind,
  key: string,
  last: number,
  cursor?: { gameId: bigint; node: number },
  memo?: IndexMemo,
): Promise<Posting[]> {
  const k = indexKey(kind, key);
  const { cold, heads } = await keyReads(sql, k, memo);
  let found = cold.filter((p) => before(p, cursor));
  for (let i = heads.length - 1; i >= 0; i--) {
    const base = heads[i].baseGameId;
    if (cursor && base > cursor.gameId) continue;
    const run = (await runPostings(sql, k, base, Infinity)).filter((p) => before(p, cursor));
    found = found.concat(run).sort(byPlace);
    // Everything not read yet has a game id below `base`.
    if (found.filter((p) => p.gameId >= base).length >= last) break;
  }
  return found.slice(Math.max(found.length - last, 0));
}

/** How often a key occurs in stored games, and in how many games (a run counts both; a game is in one flush). */
export async function occurrenceCountsOf(sql: SqlExecutor, kind: GameKind, key: string, memo?: IndexMemo): Promise<{ occurrences: number; games: number }> {
  const { cold, heads } = await keyReads(sql, indexKey(kind, key), memo);
  let occurrences = cold.length;
  let games = new Set(cold.map((p) => p.gameId)).size;
  for (const h of heads) {
    occurrences += h.occurrences;
    games += h.games;
  }
  return { occurrences, games };
}

/** Below this many keys, `reachedKeys` looks each up; from it, it reads the blocks of their buckets once each. */
const BUCKET_READ_KEYS = 64;

/**
 * The keys of one kind that some stored game reaches. Many keys are answered by reading each
 * bucket of theirs once (not once per key) and their runs in one statement; none are looked up
 * when no game of the kind is indexed.
 */
export async function reachedKeys(sql: SqlExecutor, kind: GameKind, keys: readonly string[]): Promise<Set<string>> {
  const reached = new Set<string>();
  if (keys.length === 0) return reached;
  const [any] = await sql.query<{ indexed: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM "PositionBlock" WHERE kind = $1::"GameKind") OR EXISTS (SELECT 1 FROM "PositionRun" WHERE kind = $1::"GameKind") AS indexed`,
    [kind],
  );
  if (!any.indexed) return reached;
  if (keys.length < BUCKET_READ_KEYS) {
    for (const key of keys) if ((await occurrenceCountsOf(sql, kind, key)).occurrences > 0) reached.add(key);
    return reached;
  }
  const byHash = new Map<bigint, string[]>();
  const byBucket = new Map<number, { key: string; lo: number }[]>();
  for (const key of keys) {
    const k = indexKey(kind, key);
    byHash.set(k.hash, [...(byHash.get(k.hash) ?? []), key]);
    const bucket = byBucket.get(k.bucket);
    if (bucket) bucket.push({ key, lo: k.lo });
    else byBucket.set(k.bucket, [{ key, lo: k.lo }]);
  }
  const hot = await sql.query<{ hash: bigint }>(
    `SELECT DISTINCT hash FROM "PositionRun" WHERE kind = $1::"GameKind" AND hash = ANY($2::int8[])`,
    [kind, `{${[...byHash.keys()].join(',')}}`],
  );
  for (const { hash } of hot) for (const key of byHash.get(BigInt(hash)) ?? []) reached.add(key);
  for (const [bucket, wanted] of byBucket) {
    // Every low half the bucket's blocks hold, each block read once whatever the number of keys.
    const held = new Set<number>();
    for (const b of await sql.query<StoredBlock>(BLOCKS_OF_BUCKET, [kind, bucket])) addBlockLos(b.entries, b.layout, held);
    for (const { key, lo } of wanted) if (held.has(lo)) reached.add(key);
  }
  return reached;
}

/**
 * Every place a key occurs: those of its runs (stored under the key's full 64-bit hash: certain)
 * and those in its blocks (matched on 44 bits: the caller checks them against a replay, as
 * occurrences do).
 */
export async function placesOfKey(sql: SqlExecutor, kind: GameKind, key: string, memo?: IndexMemo): Promise<{ certain: Posting[]; unsure: Posting[] }> {
  const k = indexKey(kind, key);
  const { cold, heads } = await keyReads(sql, k, memo);
  const certain: Posting[] = [];
  for (const head of heads) certain.push(...(await runPostings(sql, k, head.baseGameId, Infinity)));
  return { certain, unsure: cold };
}

/** A run of a key decoded into columns, with the moves its entries point into. */
export interface DecodedRun {
  baseGameId: bigint;
  columns: RunColumns;
  moveList: string[];
  /** Bytes the columns take (for a cache's bound). */
  bytes: number;
}

/** The runs of `k` that start at `bases`, decoded with the move of each entry. */
export async function decodedRuns(sql: SqlExecutor, k: IndexKey, bases: readonly bigint[]): Promise<DecodedRun[]> {
  if (bases.length === 0) return [];
  const rows = await sql.query<{ baseGameId: bigint; layout: number; entries: Uint8Array; moveList: string[]; moves: Uint8Array | null }>(
    `SELECT "baseGameId", layout, entries, "moveList", moves FROM "PositionRun" WHERE kind = $1::"GameKind" AND hash = $2 AND "baseGameId" = ANY($3::int8[])`,
    [k.kind, k.hash, bases],
  );
  return rows.map((row) => {
    const columns = decodeRunColumns(row.entries, row.layout, row.moves, row.moveList.length);
    return { baseGameId: row.baseGameId, columns, moveList: row.moveList, bytes: columns.offsets.length * 12 + row.moveList.length * 16 };
  });
}
