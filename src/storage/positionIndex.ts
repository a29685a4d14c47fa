/**
 * Reads the position index (`src/db/postingBlocks.ts` says how it is packed): where a position
 * occurs in stored games, how often, and how many games reach it. A position's entries are in
 * the block of its bucket (positions that occur a few times in a flush) and in runs of its own
 * (positions that occur often), one of each per flush of an import.
 */
import type { SqlExecutor } from '../db/sql';
import type { GameKind } from '../db/records';
import { type Posting, bucketOf, decodeRun, findInBlock, positionHash, signedHash } from '../db/postingBlocks';

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

const byPlace = (a: Posting, b: Posting): number => (a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : a.node - b.node);

/** The entries of a key in the blocks of its bucket (where it was not hot), by game and node. */
async function blockPostings(sql: SqlExecutor, k: IndexKey): Promise<Posting[]> {
  const rows = await sql.query<{ baseGameId: bigint; entries: Uint8Array }>(
    `SELECT "baseGameId", entries FROM "PositionBlock" WHERE kind = $1::"GameKind" AND bucket = $2`,
    [k.kind, k.bucket],
  );
  const out: Posting[] = [];
  for (const r of rows) findInBlock(r.entries, r.baseGameId, k.lo, out);
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
  const [row] = await sql.query<{ entries: Uint8Array }>(
    `SELECT entries FROM "PositionRun" WHERE kind = $1::"GameKind" AND hash = $2 AND "baseGameId" = $3`,
    [k.kind, k.hash, baseGameId],
  );
  const out: Posting[] = [];
  if (row) decodeRun(row.entries, baseGameId, out, limit, cursor);
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
