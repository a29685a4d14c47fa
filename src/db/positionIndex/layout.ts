/**
 * The packed form of the position index (`index.ts` says what else the room holds): where each
 * position occurs in stored games, as entries packed in `bytea` values. Pure functions, no SQL.
 *
 * Every position key (of any game) is hashed to 64 bits, held as two unsigned 32-bit halves
 * `hi` and `lo`. The index has two kinds of rows, both written once per flush of an import
 * (docs/PERFORMANCE.md, "The position index"):
 * - a block per (kind, bucket) holds the flush's entries of every position in that bucket
 *   (bucket = the top BUCKET_BITS bits of `hi`), sorted by lo, game, node, each entry its `lo`,
 *   its game offset and its node word (node << 1 | main-line bit). Its `layout` column says how:
 *   - layout 2 (`PACKED_BLOCK`, written since 2026-11-28): bit-packed (`packBlock`, the packed
 *     form below: its columns `lo`, game offset, node word). An entry of the bench's chess flush
 *     takes 49 bits (27 + 14 + 8);
 *   - layout 1 (written before): 10 bytes an entry, `lo` (u32) | game offset (u24) | node word (u24);
 * - a run per (kind, hash) holds the flush's entries of one position that occurs HOT_RUN_ENTRIES
 *   times or more in the flush (the start position, popular openings), so a block stays small
 *   for the positions sharing its bucket, sorted by game offset and node; with each entry the
 *   move played from it, an index into the run's `moveList`. Its `layout` column says how:
 *   - layout 2 (`PACKED_RUN`, written since 2026-11-28): bit-packed (`packRun`, the packed form
 *     below: its columns game offset, node word, move; the move `moveList.length` when none was
 *     played). An entry of the bench's backgammon flush takes 11 bits on average (5 + 6 + 0);
 *   - layout 1 (written before): 6 bytes an entry, game offset (u24) | node word (u24), and the
 *     moves in the row's `moves`, a u16 each (NO_MOVE when none was played).
 * The packed form (`packColumns`) of three columns, the first never decreasing: bytes 0..3 hold
 * the entry count n (u32), bytes 4, 5 and 6 the widths in bits of the first column's largest step
 * (from 0 for the first entry, from the entry before for the others), of the second's largest
 * value and of the third's; then the n entries, each its step and its two values in those widths,
 * most significant bit first, the last byte padded with 0s.
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
/** A run's layouts (its `layout` column): 6-byte entries with their moves apart, and bit-packed entries with their moves. */
export const SIX_BYTE_RUN = 1;
export const PACKED_RUN = 2;
/** An entry's bytes in a run of layout 1. */
export const RUN_ENTRY_BYTES = 6;
/** A run entry's move in layout 1 when none was played from it; the moves a run can name are fewer. */
export const NO_MOVE = 0xffff;
/** Bytes before a packed row's entries: the count (u32) and the three widths. */
const PACKED_HEAD = 7;
/** Where a packed row's first entry starts, in bits. */
const FIRST_ENTRY_BIT = PACKED_HEAD * 8;
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

/** The four bytes of `bytes` from `byte` as a big-endian 32-bit integer, zeros past its end. */
function fourBytesAt(bytes: Uint8Array, byte: number): number {
  if (byte + 3 < bytes.length) return (bytes[byte] << 24) | (bytes[byte + 1] << 16) | (bytes[byte + 2] << 8) | bytes[byte + 3];
  let four = 0;
  for (let k = 0; k < 4; k++) four = (four << 8) | (byte + k < bytes.length ? bytes[byte + k] : 0);
  return four;
}

/**
 * Reads `width` bits (at most 32) of `bytes` from bit `at`, most significant first: up to 25 bits
 * lie within the four bytes from the first one and are read at once; wider ones in two reads.
 */
function readBits(bytes: Uint8Array, at: number, width: number): number {
  if (width === 0) return 0;
  if (width <= 25) return (fourBytesAt(bytes, at >>> 3) << (at & 7)) >>> (32 - width);
  // The top width - 16 bits, then the low 16.
  const low = at + width - 16;
  return ((fourBytesAt(bytes, at >>> 3) << (at & 7)) >>> (48 - width)) * 65536 + ((fourBytesAt(bytes, low >>> 3) << (low & 7)) >>> 16);
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

/** Three columns of entries, the first never decreasing: what a packed row holds (a block's `lo`, game offset and node word; a run's game offset, node word and move). */
type PackedColumns = readonly [ArrayLike<number>, ArrayLike<number>, ArrayLike<number>];

/** The first `count` entries of `columns` in the packed form (the head of this file says how). */
function packColumns([stepped, second, third]: PackedColumns, count: number): Uint8Array {
  let step = 0;
  let secondMax = 0;
  let thirdMax = 0;
  for (let i = 0, last = 0; i < count; i++) {
    step = Math.max(step, stepped[i] - last);
    last = stepped[i];
    secondMax = Math.max(secondMax, second[i]);
    thirdMax = Math.max(thirdMax, third[i]);
  }
  const widths = [bitsOf(step), bitsOf(secondMax), bitsOf(thirdMax)];
  const entryBits = widths[0] + widths[1] + widths[2];
  const bytes = new Uint8Array(PACKED_HEAD + Math.ceil((count * entryBits) / 8));
  new DataView(bytes.buffer).setUint32(0, count);
  bytes.set(widths, 4);
  for (let i = 0, at = FIRST_ENTRY_BIT, last = 0; i < count; i++, at += entryBits) {
    writeBits(bytes, at, widths[0], stepped[i] - last);
    writeBits(bytes, at + widths[0], widths[1], second[i]);
    writeBits(bytes, at + widths[0] + widths[1], widths[2], third[i]);
    last = stepped[i];
  }
  return bytes;
}

/** What a packed row's head says: its entry count, and the widths in bits of each entry's step and two values and of the entry. */
interface PackedHead {
  count: number;
  stepBits: number;
  secondBits: number;
  thirdBits: number;
  entryBits: number;
}

const packedHead = (packed: Uint8Array): PackedHead => {
  const [stepBits, secondBits, thirdBits] = [packed[4], packed[5], packed[6]];
  return { count: viewOf(packed).getUint32(0), stepBits, secondBits, thirdBits, entryBits: stepBits + secondBits + thirdBits };
};

/**
 * The step and two values of the packed entry at bit `at` into `out`: an entry of up to 25 bits
 * (most runs') in one read, split by shifts; a wider one (a block's) field by field.
 */
function readEntry(packed: Uint8Array, at: number, head: PackedHead, out: Uint32Array): void {
  const { stepBits, secondBits, thirdBits, entryBits } = head;
  if (entryBits <= 25) {
    const entry = readBits(packed, at, entryBits);
    out[0] = entry >>> (secondBits + thirdBits);
    out[1] = (entry >>> thirdBits) & ((1 << secondBits) - 1);
    out[2] = entry & ((1 << thirdBits) - 1);
    return;
  }
  out[0] = readBits(packed, at, stepBits);
  out[1] = readBits(packed, at + stepBits, secondBits);
  out[2] = readBits(packed, at + stepBits + secondBits, thirdBits);
}

/** Every entry of a packed row as its three columns (the first summed from its steps). */
function unpackColumns(packed: Uint8Array): [Uint32Array, Uint32Array, Uint32Array] {
  const head = packedHead(packed);
  const { count, entryBits } = head;
  const out: [Uint32Array, Uint32Array, Uint32Array] = [new Uint32Array(count), new Uint32Array(count), new Uint32Array(count)];
  const entry = new Uint32Array(3);
  for (let i = 0, at = FIRST_ENTRY_BIT, value = 0; i < count; i++, at += entryBits) {
    readEntry(packed, at, head, entry);
    value += entry[0];
    out[0][i] = value;
    out[1][i] = entry[1];
    out[2][i] = entry[2];
  }
  return out;
}

/** The error for a block or run whose layout this version does not read. */
const unknownLayout = (row: 'block' | 'run', layout: number): Error => new Error(`position index ${row} of layout ${layout}: this version reads layouts 1 and 2`);

/** A block's entries as columns, in block order (sorted by lo, then file order). */
export interface BlockColumns {
  lo: ArrayLike<number>;
  offset: ArrayLike<number>;
  word: ArrayLike<number>;
}

/** The first `count` entries of `columns` as a packed block (layout 2); `lo` never decreases. */
export const packBlock = (columns: BlockColumns, count: number): Uint8Array => packColumns([columns.lo, columns.offset, columns.word], count);

/** Every entry of a packed block (layout 2) as columns. */
export function unpackBlock(block: Uint8Array): { lo: number[]; offset: number[]; word: number[] } {
  const [lo, offset, word] = unpackColumns(block);
  return { lo: Array.from(lo), offset: Array.from(offset), word: Array.from(word) };
}

/** The low hash halves of every entry of a block of `layout`, added to `out` (one pass over the block). */
export function addBlockLos(block: Uint8Array, layout: number, out: Set<number>): void {
  if (layout === TEN_BYTE_BLOCK) {
    const view = viewOf(block);
    for (let at = 0; at + BLOCK_ENTRY_BYTES <= block.byteLength; at += BLOCK_ENTRY_BYTES) out.add(view.getUint32(at));
    return;
  }
  if (layout !== PACKED_BLOCK) throw unknownLayout('block', layout);
  const { count, stepBits, entryBits } = packedHead(block);
  for (let i = 0, at = FIRST_ENTRY_BIT, lo = 0; i < count; i++, at += entryBits) {
    lo += readBits(block, at, stepBits);
    out.add(lo);
  }
}

/** The entries of a packed block under `lo`: read step by step, up to the first entry past it. */
function findInPackedBlock(block: Uint8Array, baseGameId: bigint, lo: number, out: Posting[]): void {
  const { count, stepBits, secondBits, thirdBits, entryBits } = packedHead(block);
  let current = 0;
  for (let i = 0, at = FIRST_ENTRY_BIT; i < count; i++, at += entryBits) {
    current += readBits(block, at, stepBits);
    if (current < lo) continue;
    if (current > lo) return;
    const word = readBits(block, at + stepBits + secondBits, thirdBits);
    out.push({ gameId: baseGameId + BigInt(readBits(block, at + stepBits, secondBits)), node: word >>> 1, mainLine: (word & 1) === 1, exact: false });
  }
}

/** The entries of a block of `layout` under hash low half `lo`, appended to `out` (game order within the block). */
export function findInBlock(block: Uint8Array, layout: number, baseGameId: bigint, lo: number, out: Posting[]): void {
  if (layout === PACKED_BLOCK) return findInPackedBlock(block, baseGameId, lo, out);
  if (layout !== TEN_BYTE_BLOCK) throw unknownLayout('block', layout);
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

/** A run's entries as columns, in run order (by game offset, then node): the move an index into the run's `moveList`, its length when none was played. */
export interface RunEntryColumns {
  offset: ArrayLike<number>;
  word: ArrayLike<number>;
  move: ArrayLike<number>;
}

/** The first `count` entries of `columns` as a packed run (layout 2); `offset` never decreases. */
export const packRun = (columns: RunEntryColumns, count: number): Uint8Array => packColumns([columns.offset, columns.word, columns.move], count);

/** Every entry of a packed run (layout 2) as columns. */
export function unpackRun(run: Uint8Array): { offset: number[]; word: number[]; move: number[] } {
  const [offset, word, move] = unpackColumns(run);
  return { offset: Array.from(offset), word: Array.from(word), move: Array.from(move) };
}

/** A place in a run: its game id and node. */
interface RunPlace {
  gameId: bigint;
  node: number;
}

/** The entries of a run of layout 1 as `decodeRun` gives them: the first one past `after` found by binary search. */
function decodeSixByteRun(run: Uint8Array, baseGameId: bigint, out: Posting[], limit: number, after?: RunPlace): void {
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

/** The entries of a packed run as `decodeRun` gives them: read step by step, those up to `after` passed over. */
function decodePackedRun(run: Uint8Array, baseGameId: bigint, out: Posting[], limit: number, after?: RunPlace): void {
  const head = packedHead(run);
  const { count, entryBits } = head;
  // After's game as an offset of this run (below 0: every entry is past it).
  const afterOffset = after ? Number(after.gameId - baseGameId) : -1;
  const afterNode = after ? after.node : 0;
  const entry = new Uint32Array(3);
  let offset = 0;
  for (let i = 0, at = FIRST_ENTRY_BIT, taken = 0; i < count && taken < limit; i++, at += entryBits) {
    readEntry(run, at, head, entry);
    // An offset is below 2^24: kept an int32, which BigInt takes faster than a double (twice, on 12,000 entries).
    offset = (offset + entry[0]) | 0;
    if (offset < afterOffset) continue;
    const word = entry[1];
    if (offset === afterOffset && word >>> 1 <= afterNode) continue;
    out.push({ gameId: baseGameId + BigInt(offset), node: word >>> 1, mainLine: (word & 1) === 1, exact: true });
    taken++;
  }
}

/**
 * The entries of a run of `layout` (game order), appended to `out`: all of them, or the first
 * `limit` after the place `after` (a run's entries are sorted by game offset and node; only
 * what is asked for is decoded).
 */
export function decodeRun(run: Uint8Array, layout: number, baseGameId: bigint, out: Posting[], limit = Infinity, after?: RunPlace): void {
  if (layout === PACKED_RUN) return decodePackedRun(run, baseGameId, out, limit, after);
  if (layout !== SIX_BYTE_RUN) throw unknownLayout('run', layout);
  decodeSixByteRun(run, baseGameId, out, limit, after);
}

/**
 * A run's entries as columns: per entry its game offset, its node word (node << 1 | main-line
 * bit) and its move, an index into the run's `moveList` (the list's length when none was played).
 */
export interface RunColumns {
  offsets: Uint32Array;
  words: Uint32Array;
  moves: Uint32Array;
}

/** A run of `layout` and its moves decoded into columns: `moves` is the row's (layout 1: a u16 an entry), `moveCount` its `moveList`'s length. */
export function decodeRunColumns(run: Uint8Array, layout: number, moves: Uint8Array | null, moveCount: number): RunColumns {
  if (layout === PACKED_RUN) {
    const [offsets, words, played] = unpackColumns(run);
    return { offsets, words, moves: played };
  }
  if (layout !== SIX_BYTE_RUN) throw unknownLayout('run', layout);
  if (run.byteLength % RUN_ENTRY_BYTES !== 0) throw new Error(`position index run of ${run.byteLength} bytes is not a whole number of entries`);
  const count = run.byteLength / RUN_ENTRY_BYTES;
  if (!moves) throw new Error(`position index run of layout ${SIX_BYTE_RUN} has no moves: its import needs indexing again`);
  if (moves.byteLength !== count * 2) throw new Error(`position index run of ${count} entries has ${moves.byteLength} bytes of moves`);
  const view = viewOf(run);
  const moveView = viewOf(moves);
  const out: RunColumns = { offsets: new Uint32Array(count), words: new Uint32Array(count), moves: new Uint32Array(count) };
  for (let i = 0; i < count; i++) {
    const at = i * RUN_ENTRY_BYTES;
    out.offsets[i] = getUint24(view, at);
    out.words[i] = getUint24(view, at + 3);
    const move = moveView.getUint16(i * 2);
    out.moves[i] = move < moveCount ? move : moveCount;
  }
  return out;
}
