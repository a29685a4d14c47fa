/**
 * The position key: a 64-bit Zobrist hash, written as 16 lower-case hex digits.
 *
 * There is no published hash for crossword positions, so tabula defines this one; it must
 * never change (stored keys depend on it).
 *
 *   key = BASE
 *       ⊕ for every occupied square s = row * 21 + col (stride 21 on every board), tile code
 *         t ≥ 1 and blank flag b (1 = designated blank): BOARD[s][t][b]
 *       ⊕ for every tile code t (0 = blank) held k ≥ 1 times (k ≤ 7) in the rack of the player
 *         to move: RACK[t][k]
 *       ⊕ SUPER when the board is SuperCrosswordGame.
 *
 * Scores, the opponent's rack, zeros and operations are not part of the key.
 *
 * Table per distribution: 64-bit words drawn in order from splitmix64 (Vigna: x += 0x9E3779B97F4A7C15;
 * z = x; z = (z ^ z >> 30) * 0xBF58476D1CE4E5B9; z = (z ^ z >> 27) * 0x94D049BB133111EB;
 * out = z ^ z >> 31, all mod 2^64) seeded with the 64-bit FNV-1a hash of the UTF-8 bytes of
 * `tabula/crossword/zobrist/v1/<distribution name>`. Draw order: BASE; then BOARD for s = 0..440,
 * t = 1..n-1 (n = tiles in the distribution, blank included), b = 0, 1; then RACK for t = 0..n-1,
 * k = 1..7; then SUPER. Each word is kept as two 32-bit halves; hashing is XOR of halves only.
 */
import { LetterDistribution } from './distributions';
import { BLANK_BIT, EMPTY } from './tiles';
import { CgpPosition } from './cgp';

const STRIDE = 21;
const SQUARES = STRIDE * STRIDE;
const MAX_RACK = 7;
const MASK = (1n << 64n) - 1n;

/** The random words for one distribution, as hi/lo 32-bit halves. */
export interface ZobristTable {
  /** Distribution the table belongs to. */
  readonly distribution: string;
  /** High halves, in draw order. */
  readonly hi: Uint32Array;
  /** Low halves, in draw order. */
  readonly lo: Uint32Array;
  /** Tile kinds in the distribution (blank included). */
  readonly kinds: number;
}

/** 64-bit FNV-1a over the UTF-8 bytes of a string. */
export const fnv1a64 = (s: string): bigint => {
  let h = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(s)) {
    h ^= BigInt(byte);
    h = (h * 0x100000001b3n) & MASK;
  }
  return h;
};

/** A splitmix64 generator over BigInt (used only to build tables). */
export const splitmix64 = (seed: bigint): (() => bigint) => {
  let x = seed & MASK;
  return () => {
    x = (x + 0x9e3779b97f4a7c15n) & MASK;
    let z = x;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
    return z ^ (z >> 31n);
  };
};

const tables = new Map<string, ZobristTable>();

/** The (cached) Zobrist table of a distribution. */
export const zobristTable = (dist: LetterDistribution): ZobristTable => {
  const hit = tables.get(dist.name);
  if (hit) return hit;
  const kinds = dist.tiles.length;
  const size = 1 + SQUARES * (kinds - 1) * 2 + kinds * MAX_RACK + 1;
  const hi = new Uint32Array(size);
  const lo = new Uint32Array(size);
  const next = splitmix64(fnv1a64(`tabula/crossword/zobrist/v1/${dist.name}`));
  for (let k = 0; k < size; k++) {
    const w = next();
    hi[k] = Number(w >> 32n);
    lo[k] = Number(w & 0xffffffffn);
  }
  const table = { distribution: dist.name, hi, lo, kinds };
  tables.set(dist.name, table);
  return table;
};

/** The position key of a position: 16 lower-case hex digits. */
export const positionKey = (position: Pick<CgpPosition, 'distribution' | 'layout' | 'squares' | 'racks'>): string => {
  const t = zobristTable(position.distribution);
  const { hi, lo, kinds } = t;
  let h = hi[0];
  let l = lo[0];
  const { rows, cols } = position.layout;
  const squares = position.squares;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const tile = squares[r * cols + c];
      if (tile === EMPTY) continue;
      const code = tile & ~BLANK_BIT;
      const idx = 1 + ((r * STRIDE + c) * (kinds - 1) + (code - 1)) * 2 + (tile & BLANK_BIT ? 1 : 0);
      h ^= hi[idx];
      l ^= lo[idx];
    }
  }
  const rack = position.racks[0] ?? [];
  if (rack.length > 0) {
    const counts = new Uint8Array(kinds);
    for (const code of rack) counts[code]++;
    const rackBase = 1 + SQUARES * (kinds - 1) * 2;
    for (let code = 0; code < kinds; code++) {
      const k = counts[code];
      if (k === 0) continue;
      const idx = rackBase + code * MAX_RACK + (Math.min(k, MAX_RACK) - 1);
      h ^= hi[idx];
      l ^= lo[idx];
    }
  }
  if (position.layout.name === 'SuperCrosswordGame') {
    h ^= hi[hi.length - 1];
    l ^= lo[lo.length - 1];
  }
  return (h >>> 0).toString(16).padStart(8, '0') + (l >>> 0).toString(16).padStart(8, '0');
};
