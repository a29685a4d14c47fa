/**
 * The packed form of the position index (`index.ts` says what else the room holds): where each
 * position occurs in stored games, as fixed-width big-endian entries in `bytea` values. Pure
 * functions, no SQL.
 *
 * Every position key (of any game) is hashed to 64 bits, held as two unsigned 32-bit halves
 * `hi` and `lo`. The index has two kinds of rows, both written once per flush of an import
 * (docs/PERFORMANCE.md, "The position index"):
 * - a block per (kind, bucket) holds the flush's entries of every position in that bucket
 *   (bucket = the top BUCKET_BITS bits of `hi`); each entry is 10 bytes:
 *   `lo` (u32) | game offset (u24) | node << 1 | main-line bit (u24), sorted by lo, game, node;
 * - a run per (kind, hash) holds the flush's entries of one position that occurs HOT_RUN_ENTRIES
 *   times or more in the flush (the start position, popular openings), so a block stays small
 *   for the positions sharing its bucket; each entry is 6 bytes: game offset (u24) | node word (u24).
 * A game offset counts from the flush's base game id (a flush spans fewer than 2^24 ids). A node is the index of the ply in the
 * game's replay (the order its reader yields plies); the main-line bit is set on plies of the
 * main line. A lookup matches 12 + 32 = 44 bits of the hash in blocks and all 64 in runs.
 */
import { createHash } from 'node:crypto';
import { md5Prefix } from './md5';

/** Top bits of a hash that name its block. */
export const BUCKET_BITS = 12;
/** Entries of one position within one flush from which it gets a run of its own. */
export const HOT_RUN_ENTRIES = 2;

export const BLOCK_ENTRY_BYTES = 10;
export const RUN_ENTRY_BYTES = 6;
/** Game ids a flush may span, and nodes a game may have: what 24 bits (23 for the node) hold. */
export const MAX_GAME_OFFSET = 0xffffff;
export const MAX_NODE = 0x7fffff;

/** A 64-bit position hash as two unsigned 32-bit halves. */
export interface PositionHash {
  hi: number;
  lo: number;
}

/** The value of a lowercase hex digit by its char code, -1 for any other character. */
const HEX_VALUE = new Int8Array(128).fill(-1);
for (let d = 0; d < 16; d++) HEX_VALUE['0123456789abcdef'.charCodeAt(d)] = d;

/** Eight hex digits of `key` from `at` as a number, or -1 when one is not a lowercase hex digit. */
function hex8(key: string, at: number): number {
  let value = 0;
  for (let i = at; i < at + 8; i++) {
    const code = key.charCodeAt(i);
    const digit = code < 128 ? HEX_VALUE[code] : -1;
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
}

/**
 * The index hash of a position key: a key that is already 16 hex digits (a Polyglot or Zobrist
 * key) is its own hash; any other key (gnubg IDs, Go PositionIDs) is hashed with MD5, of which
 * the first 8 bytes are kept (md5.ts computes it in place for a short ASCII key).
 */
export function positionHash(key: string): PositionHash {
  if (key.length === 16) {
    const hi = hex8(key, 0);
    const lo = hi < 0 ? -1 : hex8(key, 8);
    if (lo >= 0) return { hi, lo };
  }
  const short = md5Prefix(key);
  if (short) return short;
  const digest = createHash('md5').update(key).digest();
  return { hi: digest.readUInt32BE(0), lo: digest.readUInt32BE(4) };
}

/** The hash as the signed 64-bit integer PostgreSQL's bigint holds. */
export const signedHash = ({ hi, lo }: PositionHash): bigint => BigInt.asIntN(64, (BigInt(hi) << 32n) | BigInt(lo));

/** The block a hash belongs to. */
export const bucketOf = (hi: number): number => hi >>> (32 - BUCKET_BITS);

/** One occurrence as a lookup decodes it. */
export interface Posting {
  gameId: bigint;
  node: number;
  mainLine: boolean;
  /**
   * Found under the key's whole 64-bit hash (a run's entry): no other position is under it. A
   * block's entries match 44 bits, and a reader checks them against a replay of the game.
   */
  exact: boolean;
}

/** The node word: node index and main-line bit. */
export const nodeWord = (node: number, mainLine: boolean): number => node * 2 + (mainLine ? 1 : 0);

/** Writes a 24-bit big-endian value. */
export const setUint24 = (view: DataView, at: number, value: number): void => {
  view.setUint8(at, value >>> 16);
  view.setUint16(at + 1, value & 0xffff);
};

const getUint24 = (view: DataView, at: number): number => (view.getUint8(at) << 16) | view.getUint16(at + 1);

/**
 * The index of the first entry of `block` whose `lo` is not below `lo` (binary search over
 * entries sorted by lo).
 */
function lowerBound(block: Uint8Array, view: DataView, lo: number): number {
  let start = 0;
  let end = block.byteLength / BLOCK_ENTRY_BYTES;
  while (start < end) {
    const mid = (start + end) >>> 1;
    if (view.getUint32(mid * BLOCK_ENTRY_BYTES) < lo) start = mid + 1;
    else end = mid;
  }
  return start;
}

const viewOf = (bytes: Uint8Array): DataView => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The entries of a block under hash low half `lo`, appended to `out` (game order within the block). */
export function findInBlock(block: Uint8Array, baseGameId: bigint, lo: number, out: Posting[]): void {
  if (block.byteLength % BLOCK_ENTRY_BYTES !== 0) throw new Error(`position index block of ${block.byteLength} bytes is not a whole number of entries`);
  const view = viewOf(block);
  const count = block.byteLength / BLOCK_ENTRY_BYTES;
  for (let i = lowerBound(block, view, lo); i < count; i++) {
    const at = i * BLOCK_ENTRY_BYTES;
    if (view.getUint32(at) !== lo) break;
    const word = getUint24(view, at + 7);
    out.push({ gameId: baseGameId + BigInt(getUint24(view, at + 4)), node: word >>> 1, mainLine: (word & 1) === 1, exact: false });
  }
}

/** How many entries of a block are under hash low half `lo`. */
export function countInBlock(block: Uint8Array, lo: number): number {
  const view = viewOf(block);
  const count = block.byteLength / BLOCK_ENTRY_BYTES;
  let n = 0;
  for (let i = lowerBound(block, view, lo); i < count && view.getUint32(i * BLOCK_ENTRY_BYTES) === lo; i++) n++;
  return n;
}

/**
 * The entries of a run (game order), appended to `out`: all of them, or the first `limit` after
 * the place `after` (a run's entries are sorted by game offset and node, so the first one past
 * `after` is found by binary search and only what is asked for is decoded).
 */
export function decodeRun(run: Uint8Array, baseGameId: bigint, out: Posting[], limit = Infinity, after?: { gameId: bigint; node: number }): void {
  if (run.byteLength % RUN_ENTRY_BYTES !== 0) throw new Error(`position index run of ${run.byteLength} bytes is not a whole number of entries`);
  const view = viewOf(run);
  const count = run.byteLength / RUN_ENTRY_BYTES;
  let start = 0;
  if (after) {
    // The first entry whose (offset, node) is past after's.
    const offset = after.gameId - baseGameId;
    let end = count;
    while (start < end) {
      const mid = (start + end) >>> 1;
      const game = BigInt(getUint24(view, mid * RUN_ENTRY_BYTES));
      const node = getUint24(view, mid * RUN_ENTRY_BYTES + 3) >>> 1;
      if (game < offset || (game === offset && node <= after.node)) start = mid + 1;
      else end = mid;
    }
  }
  for (let i = start; i < count && i - start < limit; i++) {
    const at = i * RUN_ENTRY_BYTES;
    const word = getUint24(view, at + 3);
    out.push({ gameId: baseGameId + BigInt(getUint24(view, at)), node: word >>> 1, mainLine: (word & 1) === 1, exact: true });
  }
}

/** A run's entries as columns: per entry its game offset, main-line bit and (from the run's `moves`) move index. */
export interface RunColumns {
  offsets: Uint32Array;
  mainLine: Uint8Array;
  moves: Uint16Array;
}

/** Decodes a run and its per-entry moves (a u16 each) into columns. */
export function decodeRunColumns(run: Uint8Array, moves: Uint8Array): RunColumns {
  if (run.byteLength % RUN_ENTRY_BYTES !== 0) throw new Error(`position index run of ${run.byteLength} bytes is not a whole number of entries`);
  const count = run.byteLength / RUN_ENTRY_BYTES;
  if (moves.byteLength !== count * 2) throw new Error(`position index run of ${count} entries has ${moves.byteLength} bytes of moves`);
  const view = viewOf(run);
  const moveView = viewOf(moves);
  const out: RunColumns = { offsets: new Uint32Array(count), mainLine: new Uint8Array(count), moves: new Uint16Array(count) };
  for (let i = 0; i < count; i++) {
    const at = i * RUN_ENTRY_BYTES;
    out.offsets[i] = getUint24(view, at);
    out.mainLine[i] = getUint24(view, at + 3) & 1;
    out.moves[i] = moveView.getUint16(i * 2);
  }
  return out;
}
