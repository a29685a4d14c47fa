/**
 * The evaluation index: where the evaluations packed in games (`Game.evaluations`) are, by the
 * position they are about, so a position's scores and the explorer's verdicts are found without a
 * `Position` and a `Score` row for each (issue 29, section 2).
 *
 * An import adds each stored game's evaluated nodes to an `EvaluationIndexBuffer`; when it holds
 * FLUSH_ENTRIES entries, and at the end of the import, it is flushed inside the import's
 * transaction into one `EvaluationBlock` row per (kind, bucket): entries of 20 bytes, big-endian
 * `hi` (u32) | `lo` (u32) | game offset from the row's `baseGameId` (u32) | node (u32) | the
 * evaluation's program and ruleset as a 32-bit FNV-1a hash (`programHash`), sorted. With the
 * program in the entry, a position's latest evaluation by each program is found in the entries,
 * and only that game is read; and a flush keeps, per position and program, only its latest game's
 * entries (`latestOfEachProgram`).
 * The bucket is the top 12 bits of the hash, as in the position index (`bucketOf`). Rows carry their
 * import (ON DELETE CASCADE), and a reader skips entries of a game no longer stored.
 */
import type { GameKind, GameRecord } from './records';
import type { SqlExecutor } from './sql';
import { bucketOf, positionHash } from './positionIndex/layout';

export const EVALUATION_ENTRY_BYTES = 20;

/** Entries a buffer takes before the import flushes it (8 MB). */
const FLUSH_ENTRIES = 500_000;

/** One evaluated node as the index holds it. */
export interface Entry {
  hi: number;
  lo: number;
  gameId: bigint;
  node: number;
  program: number;
}

/** A place an evaluation of a position is at, and whose it is (`programHash`). */
export interface EvaluatedPlace {
  gameId: bigint;
  node: number;
  program: number;
}

/** The 32-bit FNV-1a hash of a program and its ruleset, as an entry holds it. */
export function programHash(program: string, ruleset: string): number {
  let h = 0x811c9dc5;
  for (const b of Buffer.from(`${program}\u0000${ruleset}`, 'utf8')) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h;
}

const compareEntries = (a: Entry, b: Entry): number =>
  a.hi - b.hi || a.lo - b.lo || (a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : 0) || a.node - b.node;

/** Entries as a block's bytes (sorted, offsets from `base`). */
export function encodeBlock(entries: readonly Entry[], base: bigint): Uint8Array {
  const bytes = new Uint8Array(entries.length * EVALUATION_ENTRY_BYTES);
  const view = new DataView(bytes.buffer);
  entries.forEach((e, i) => {
    const at = i * EVALUATION_ENTRY_BYTES;
    view.setUint32(at, e.hi);
    view.setUint32(at + 4, e.lo);
    view.setUint32(at + 8, Number(e.gameId - base));
    view.setUint32(at + 12, e.node);
    view.setUint32(at + 16, e.program);
  });
  return bytes;
}

/** The places (game, node) a block holds under the hash (`hi`, `lo`), appended to `out`. */
export function findInEvaluationBlock(block: Uint8Array, base: bigint, hi: number, lo: number, out: EvaluatedPlace[]): void {
  if (block.byteLength % EVALUATION_ENTRY_BYTES !== 0) throw new Error(`evaluation block of ${block.byteLength} bytes is not a whole number of entries`);
  const view = new DataView(block.buffer, block.byteOffset, block.byteLength);
  const count = block.byteLength / EVALUATION_ENTRY_BYTES;
  const below = (i: number): boolean => {
    const h = view.getUint32(i * EVALUATION_ENTRY_BYTES);
    return h < hi || (h === hi && view.getUint32(i * EVALUATION_ENTRY_BYTES + 4) < lo);
  };
  let start = 0;
  let end = count;
  while (start < end) {
    const mid = (start + end) >>> 1;
    if (below(mid)) start = mid + 1;
    else end = mid;
  }
  for (let i = start; i < count; i++) {
    const at = i * EVALUATION_ENTRY_BYTES;
    if (view.getUint32(at) !== hi || view.getUint32(at + 4) !== lo) break;
    out.push({ gameId: base + BigInt(view.getUint32(at + 8)), node: view.getUint32(at + 12), program: view.getUint32(at + 16) });
  }
}

/**
 * Of sorted entries, per position and program only those of the latest game (all its nodes there):
 * the entries of a flush are all of one import, and only a whole import is ever deleted, so an
 * older game's evaluation of a position could never be the one a reader gives. A position that
 * many games of an import evaluate (an opening, in a collection evaluated move by move) so keeps
 * one entry per program and flush.
 */
export function latestOfEachProgram(sorted: readonly Entry[]): Entry[] {
  const out: Entry[] = [];
  for (let start = 0; start < sorted.length; ) {
    let end = start + 1;
    while (end < sorted.length && sorted[end].hi === sorted[start].hi && sorted[end].lo === sorted[start].lo) end++;
    const latest = new Map<number, bigint>();
    for (let i = start; i < end; i++) {
      const e = sorted[i];
      if ((latest.get(e.program) ?? -1n) < e.gameId) latest.set(e.program, e.gameId);
    }
    for (let i = start; i < end; i++) if (latest.get(sorted[i].program) === sorted[i].gameId) out.push(sorted[i]);
    start = end;
  }
  return out;
}

/** The evaluated nodes of an import's games, waiting to be written. */
export class EvaluationIndexBuffer {
  private readonly kinds = new Map<GameKind, Entry[]>();
  private size = 0;

  /** Adds a stored game's evaluated nodes; flushes when the buffer is full. */
  async addGame(sql: SqlExecutor, importId: bigint, gameId: bigint, game: GameRecord): Promise<number> {
    const nodes = game.evaluations?.nodes ?? [];
    if (nodes.length === 0) return 0;
    let entries = this.kinds.get(game.kind);
    if (!entries) this.kinds.set(game.kind, (entries = []));
    for (const { node, key, program, ruleset } of nodes) {
      const { hi, lo } = positionHash(key);
      entries.push({ hi, lo, gameId, node, program: programHash(program, ruleset) });
    }
    this.size += nodes.length;
    if (this.size >= FLUSH_ENTRIES) await this.flush(sql, importId);
    return nodes.length;
  }

  /** Writes the buffered entries: one row per (kind, bucket). */
  async flush(sql: SqlExecutor, importId: bigint): Promise<void> {
    const rows: [GameKind, number, string, string, Uint8Array][] = [];
    for (const [kind, all] of this.kinds) {
      all.sort(compareEntries);
      const entries = latestOfEachProgram(all);
      let base = entries[0].gameId;
      for (const e of entries) if (e.gameId < base) base = e.gameId;
      for (let start = 0; start < entries.length; ) {
        const bucket = bucketOf(entries[start].hi);
        let end = start + 1;
        while (end < entries.length && bucketOf(entries[end].hi) === bucket) end++;
        rows.push([kind, bucket, base.toString(), importId.toString(), encodeBlock(entries.slice(start, end), base)]);
        start = end;
      }
    }
    this.kinds.clear();
    this.size = 0;
    if (rows.length > 0) await sql.copyRows('EvaluationBlock', ['kind', 'bucket', 'baseGameId', 'importId', 'entries'], rows);
  }
}

/**
 * The places (game, node, program) of the evaluations packed in games about each key of `kind`,
 * by key, in no particular order; a key with none is absent. One query for all the keys' buckets.
 */
export async function evaluatedPlaces(sql: SqlExecutor, kind: GameKind, keys: readonly string[]): Promise<Map<string, EvaluatedPlace[]>> {
  const out = new Map<string, EvaluatedPlace[]>();
  if (keys.length === 0) return out;
  const hashes = new Map(keys.map((key) => [key, positionHash(key)]));
  const buckets = [...new Set([...hashes.values()].map((h) => bucketOf(h.hi)))];
  const rows = await sql.query<{ bucket: number; baseGameId: bigint; entries: Uint8Array }>(
    `SELECT bucket, "baseGameId", entries FROM "EvaluationBlock" WHERE kind = $1::"GameKind" AND bucket = ANY($2::int4[])`,
    [kind, buckets],
  );
  for (const [key, h] of hashes) {
    const places: EvaluatedPlace[] = [];
    for (const row of rows) if (row.bucket === bucketOf(h.hi)) findInEvaluationBlock(row.entries, BigInt(row.baseGameId), h.hi, h.lo, places);
    if (places.length > 0) out.set(key, places);
  }
  return out;
}

/**
 * How many evaluations the import's games pack: what it reported (`Import.scoreCount`: an import
 * of games that pack evaluations writes no other score) when it has entries in the evaluation
 * index, else 0. (The index keeps one entry per position and program of each flush, so its
 * entries do not count them.)
 */
export async function packedEvaluationsOf(sql: SqlExecutor, importId: bigint): Promise<number> {
  const [row] = await sql.query<{ n: number | null }>(
    `SELECT "scoreCount" AS n FROM "Import" i WHERE id = $1 AND EXISTS (SELECT 1 FROM "EvaluationBlock" b WHERE b."importId" = i.id)`,
    [importId],
  );
  return Number(row?.n ?? 0);
}

/** Deletes an import's rows of the evaluation index. */
export async function deleteEvaluationIndexOf(sql: SqlExecutor, importId: bigint): Promise<void> {
  await sql.query(`DELETE FROM "EvaluationBlock" WHERE "importId" = $1`, [importId]);
}
