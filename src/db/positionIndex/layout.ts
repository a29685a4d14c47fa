/**
 * The packed form of the position index (`index.ts` says what else the room holds): where each
 * position occurs in stored games, as fixed-width big-endian entries in `bytea` values. Pure
 * functions, no SQL.
 *
 * Every position key (of any game) is hashed to 64 bits, held as two unsigned 32-bit halves
 * `hi` and `lo`. The index has two kinds of rows, both written once per flush of an import
 * (docs/PERFORMANCE.md, "The position index"):
 * - a block per (kind, bucket) holds the flush's entries of every position in that bucket
 *   (bucket = the top BUCKET_BITS bits of `hi`), sorted by lo, game, node, each entry its `lo`,
 *   its game offset and its node word (node << 1 | main-line bit). Its `layout` column says how:
 *   - layout 2 (`PACKED_BLOCK`, written since 2026-11-28): bit-packed (`packBlock`). Bytes 0..3
 *     hold the entry count n (u32), bytes 4, 5 and 6 the widths in bits of the largest step of
 *     `lo` (from 0 for the first entry, from the entry before for the others), of the largest
 *     game offset and of the largest node word; then the n entries, each its step, its offset
 *     and its word in those widths, most significant bit first, the last byte padded with 0s.
 *     An entry of the bench's chess flush takes 49 bits (27 + 14 + 8);
 *   - layout 1 (written before): 10 bytes an entry, `lo` (u32) | game offset (u24) | node word (u24);
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

/** A block's layouts (its `layout` column): 10-byte entries, and bit-packed entries. */
export const TEN_BYTE_BLOCK = 1;
export const PACKED_BLOCK = 2;
/** An entry's bytes in a block of layout 1. */
export const BLOCK_ENTRY_BYTES = 10;
/** Bytes before a packed block's entries: the count (u32) and the three widths. */
const PACKED_HEAD = 7;
/** Where a packed block's first entry starts, in bits. */
const FIRST_ENTRY_BIT = PACKED_HEAD * 8;
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

/** The number of bits `value` (an unsigned integer below 2^32) needs: 0 for 0. */
const bitsOf = (value: number): number => 32 - Math.clz32(value);

/** Reads `width` bits (at most 32) of `bytes` from bit `at`, most significant first. */
function readBits(bytes: Uint8Array, at: number, width: number): number {
  let value = 0;
  let byte = at >>> 3;
  let passed = at & 7;
  while (width > 0) {
    const left = 8 - passed;
    const take = width < left ? width : left;
    value = value * (1 << take) + ((bytes[byte] >>> (left - take)) & ((1 << take) - 1));
    width -= take;
    passed = 0;
    byte++;
  }
  return value;
}

/** Writes the low `width` bits (at most 32) of `value` into zeroed `bytes` from bit `at`, most significant first. */
function writeBits(bytes: Uint8Array, at: number, width: number, value: number): void {
  let byte = at >>> 3;
  let passed = at & 7;
  while (width > 0) {
    const left = 8 - passed;
    const take = width < left ? width : left;
    bytes[byte] |= (Math.floor(value / 2 ** (width - take)) & ((1 << take) - 1)) << (left - take);
    width -= take;
    passed = 0;
    byte++;
  }
}

/** A block's entries as columns, in block order (sorted by lo, then file order). */
export interface BlockColumns {
  lo: ArrayLike<number>;
  offset: ArrayLike<number>;
  word: ArrayLike<number>;
}

/** The first `count` entries of `columns` as a packed block (layout 2); `lo` never decreases. */
export function packBlock(columns: BlockColumns, count: number): Uint8Array {
  let step = 0;
  let offset = 0;
  let word = 0;
  for (let i = 0, last = 0; i < count; i++) {
    step = Math.max(step, columns.lo[i] - last);
    last = columns.lo[i];
    offset = Math.max(offset, columns.offset[i]);
    word = Math.max(word, columns.word[i]);
  }
  const widths = [bitsOf(step), bitsOf(offset), bitsOf(word)];
  const entryBits = widths[0] + widths[1] + widths[2];
  const bytes = new Uint8Array(PACKED_HEAD + Math.ceil((count * entryBits) / 8));
  new DataView(bytes.buffer).setUint32(0, count);
  bytes.set(widths, 4);
  for (let i = 0, at = FIRST_ENTRY_BIT, last = 0; i < count; i++, at += entryBits) {
    writeBits(bytes, at, widths[0], columns.lo[i] - last);
    writeBits(bytes, at + widths[0], widths[1], columns.offset[i]);
    writeBits(bytes, at + widths[0] + widths[1], widths[2], columns.word[i]);
    last = columns.lo[i];
  }
  return bytes;
}

/** What a packed block's head says: its entry count, and the widths in bits of each entry's fields and of the entry. */
interface PackedHead {
  count: number;
  loBits: number;
  offsetBits: number;
  wordBits: number;
  entryBits: number;
}

const packedHead = (block: Uint8Array): PackedHead => {
  const [loBits, offsetBits, wordBits] = [block[4], block[5], block[6]];
  return { count: viewOf(block).getUint32(0), loBits, offsetBits, wordBits, entryBits: loBits + offsetBits + wordBits };
};

/** The error for a block whose layout this version does not read. */
const unknownLayout = (layout: number): Error => new Error(`position index block of layout ${layout}: this version reads layouts 1 and 2`);

/** Every entry of a packed block (layout 2) as columns. */
export function unpackBlock(block: Uint8Array): { lo: number[]; offset: number[]; word: number[] } {
  const { count, loBits, offsetBits, wordBits, entryBits } = packedHead(block);
  const out = { lo: [] as number[], offset: [] as number[], word: [] as number[] };
  for (let i = 0, at = FIRST_ENTRY_BIT, lo = 0; i < count; i++, at += entryBits) {
    lo += readBits(block, at, loBits);
    out.lo.push(lo);
    out.offset.push(readBits(block, at + loBits, offsetBits));
    out.word.push(readBits(block, at + loBits + offsetBits, wordBits));
  }
  return out;
}

/** The low hash halves of every entry of a block of `layout`, added to `out` (one pass over the block). */
export function addBlockLos(block: Uint8Array, layout: number, out: Set<number>): void {
  if (layout === TEN_BYTE_BLOCK) {
    const view = viewOf(block);
    for (let at = 0; at + BLOCK_ENTRY_BYTES <= block.byteLength; at += BLOCK_ENTRY_BYTES) out.add(view.getUint32(at));
    return;
  }
  if (layout !== PACKED_BLOCK) throw unknownLayout(layout);
  const { count, loBits, entryBits } = packedHead(block);
  for (let i = 0, at = FIRST_ENTRY_BIT, lo = 0; i < count; i++, at += entryBits) {
    lo += readBits(block, at, loBits);
    out.add(lo);
  }
}

/** The entries of a packed block under `lo`: read step by step, up to the first entry past it. */
function findInPackedBlock(block: Uint8Array, baseGameId: bigint, lo: number, out: Posting[]): void {
  const { count, loBits, offsetBits, wordBits, entryBits } = packedHead(block);
  let current = 0;
  for (let i = 0, at = FIRST_ENTRY_BIT; i < count; i++, at += entryBits) {
    current += readBits(block, at, loBits);
    if (current < lo) continue;
    if (current > lo) return;
    const word = readBits(block, at + loBits + offsetBits, wordBits);
    out.push({ gameId: baseGameId + BigInt(readBits(block, at + loBits, offsetBits)), node: word >>> 1, mainLine: (word & 1) === 1, exact: false });
  }
}

/** The entries of a block of `layout` under hash low half `lo`, appended to `out` (game order within the block). */
export function findInBlock(block: Uint8Array, layout: number, baseGameId: bigint, lo: number, out: Posting[]): void {
  if (layout === PACKED_BLOCK) return findInPackedBlock(block, baseGameId, lo, out);
  if (layout !== TEN_BYTE_BLOCK) throw unknownLayout(layout);
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
