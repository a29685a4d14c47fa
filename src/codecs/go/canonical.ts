/**
 * Symmetry-canonical Zobrist hashing (Cook's GoZobristHash64R): the hash of a
 * board is the XOR of the black/white codes of its stones (empty board = 0,
 * side to move and ko column not used); the canonical hash is the lowest,
 * compared unsigned, of the hashes of the board's images under the symmetries,
 * ties going to the smallest symmetry index.
 */
import { Result, ok, err, codecErrors } from '../result';
import { GoBoard, cellOfCharCode } from './board';
import { hashToHex } from './hash64';
import { symmetryCount, symmetryPermutation, inverseSymmetry } from './symmetry';
import { ZobristTable, defaultZobristTable } from './zobrist';

/** The error codes this module returns. */
export const CANONICAL_ERRORS = ['ERR_GO_BOARD_CHAR', 'ERR_GO_BOARD_LENGTH', 'ERR_GO_ZOBRIST_SIZE'] as const;
/** One of CANONICAL_ERRORS. */
export type CanonicalError = (typeof CANONICAL_ERRORS)[number];
const canonicalError = codecErrors(CANONICAL_ERRORS);

/**
 * Codes rearranged for hashing all images at once: for point p and colour c
 * (1 black, 2 white) the 8 codes of p's image points are at (p * 2 + c - 1) * 8 + sym.
 */
export interface ZobristHasher {
  width: number;
  height: number;
  symmetries: number;
  hi: Uint32Array;
  lo: Uint32Array;
}

/** Builds a hasher for a width x height board from a table with width * height rows. Error ERR_GO_ZOBRIST_SIZE otherwise. */
export const createHasher = (table: ZobristTable, width = 9, height: number = width): Result<ZobristHasher> => {
  const n = width * height;
  if (table.points !== n) {
    return err(canonicalError('ERR_GO_ZOBRIST_SIZE', `a ${width}x${height} board needs a table of ${n} rows, this one has ${table.points}`));
  }
  const symmetries = symmetryCount(width, height);
  const hi = new Uint32Array(n * 2 * 8);
  const lo = new Uint32Array(n * 2 * 8);
  for (let s = 0; s < symmetries; s++) {
    const perm = symmetryPermutation(s, width, height);
    for (let p = 0; p < n; p++) {
      for (let c = 0; c < 2; c++) {
        // Image under s has this stone at perm[p]; its code is column c (black 0, white 1) of that row.
        const at = (p * 2 + c) * 8 + s;
        hi[at] = table.hi[perm[p] * 3 + c];
        lo[at] = table.lo[perm[p] * 3 + c];
      }
    }
  }
  return ok({ width, height, symmetries, hi, lo });
};

const defaultHashers = new Map<number, ZobristHasher>();

/** The hasher over the default table for a board size (cached). */
export const defaultHasher = (width = 9, height: number = width): ZobristHasher => {
  const key = width * 256 + height;
  let h = defaultHashers.get(key);
  if (!h) {
    const r = createHasher(defaultZobristTable(width, height), width, height);
    if (!r.ok) throw new Error(r.error.message); // cannot happen: the default table has width * height rows
    h = r.value;
    defaultHashers.set(key, h);
  }
  return h;
};

/** Plain Zobrist hash of the image of `cells` under `sym` (0 = the board as given), as 16 hex digits. */
export const zobristHash = (hasher: ZobristHasher, cells: Uint8Array, sym = 0): string => {
  let h = 0;
  let l = 0;
  for (let p = 0; p < cells.length; p++) {
    const c = cells[p];
    if (c === 0) continue;
    const at = (p * 2 + c - 1) * 8 + sym;
    h ^= hasher.hi[at];
    l ^= hasher.lo[at];
  }
  return hashToHex(h, l);
};

/**
 * Hot path: writes the canonical hash of `cells` to out[0] (hi) and out[1] (lo)
 * and returns the symmetry that maps the board onto the canonical image.
 */
export const canonicalHashInto = (hasher: ZobristHasher, cells: Uint8Array, out: Uint32Array): number => {
  const hi = hasher.hi;
  const lo = hasher.lo;
  let h0 = 0, h1 = 0, h2 = 0, h3 = 0, h4 = 0, h5 = 0, h6 = 0, h7 = 0; // prettier-ignore
  let l0 = 0, l1 = 0, l2 = 0, l3 = 0, l4 = 0, l5 = 0, l6 = 0, l7 = 0; // prettier-ignore
  const n = cells.length;
  for (let p = 0; p < n; p++) {
    const c = cells[p];
    if (c === 0) continue;
    const b = (p * 2 + c - 1) * 8;
    h0 ^= hi[b]; l0 ^= lo[b]; // prettier-ignore
    h1 ^= hi[b + 1]; l1 ^= lo[b + 1]; // prettier-ignore
    h2 ^= hi[b + 2]; l2 ^= lo[b + 2]; // prettier-ignore
    h3 ^= hi[b + 3]; l3 ^= lo[b + 3]; // prettier-ignore
    h4 ^= hi[b + 4]; l4 ^= lo[b + 4]; // prettier-ignore
    h5 ^= hi[b + 5]; l5 ^= lo[b + 5]; // prettier-ignore
    h6 ^= hi[b + 6]; l6 ^= lo[b + 6]; // prettier-ignore
    h7 ^= hi[b + 7]; l7 ^= lo[b + 7]; // prettier-ignore
  }
  // Lowest image, unsigned, most significant half first; strict "<" keeps the smallest index on ties.
  let bh = h0 >>> 0;
  let bl = l0 >>> 0;
  let best = 0;
  const consider = (s: number, h: number, l: number): void => {
    const uh = h >>> 0;
    const ul = l >>> 0;
    if (uh < bh || (uh === bh && ul < bl)) {
      bh = uh;
      bl = ul;
      best = s;
    }
  };
  consider(1, h1, l1);
  consider(2, h2, l2);
  consider(3, h3, l3);
  if (hasher.symmetries === 8) {
    consider(4, h4, l4);
    consider(5, h5, l5);
    consider(6, h6, l6);
    consider(7, h7, l7);
  }
  out[0] = bh;
  out[1] = bl;
  return best;
};

/** A canonical hash: 16 hex digits, the symmetry mapping the board onto the canonical image, and the one mapping back. */
export interface CanonicalHash {
  hash: string;
  rotation: number;
  inverse: number;
}

const scratch = new Uint32Array(2);

/** Canonical hash of a board (its size must match the hasher's). */
export const canonicalHash = (hasher: ZobristHasher, board: GoBoard): CanonicalHash => {
  const rotation = canonicalHashInto(hasher, board.cells, scratch);
  return { hash: hashToHex(scratch[0], scratch[1]), rotation, inverse: inverseSymmetry(rotation) };
};

/** Edge helper: canonical hash of a board in `#`/`O`/`.` text form (size taken from the hasher; default 9x9 with the default table). */
export const canonicalHashOfText = (text: string, hasher: ZobristHasher = defaultHasher()): Result<CanonicalHash> => {
  const n = hasher.width * hasher.height;
  if (text.length !== n) {
    return err(canonicalError('ERR_GO_BOARD_LENGTH', `a ${hasher.width}x${hasher.height} board is ${n} characters, got ${text.length}`, { offset: Math.min(n, text.length) }));
  }
  const cells = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const cell = cellOfCharCode(text.charCodeAt(i));
    if (cell >= 0) cells[i] = cell;
    else return err(canonicalError('ERR_GO_BOARD_CHAR', `point ${i} is ${JSON.stringify(text[i])}; only '#', 'O' and '.' are allowed`, { offset: i }));
  }
  return ok(canonicalHash(hasher, { width: hasher.width, height: hasher.height, cells }));
};
