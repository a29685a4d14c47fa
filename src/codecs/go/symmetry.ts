/**
 * The 8 symmetries of a square board, numbered 0..7 (tabula's choice, the
 * issue's numbering, same as KataGo's): bit 0 = flip rows (row r -> height-1-r),
 * bit 1 = flip columns (col c -> width-1-c), bit 2 = transpose (row <-> col),
 * applied in that order. 0 is the identity. A non-square board has only the
 * 4 symmetries without transpose.
 */
import { GoBoard } from './board';

/** Number of symmetries used for a board of this shape: 8 if square, 4 otherwise. */
export const symmetryCount = (width: number, height: number): number => (width === height ? 8 : 4);

/** The symmetry that undoes `sym`: 5 and 6 are each other's inverse, every other one is its own. */
export const inverseSymmetry = (sym: number): number => (sym === 5 ? 6 : sym === 6 ? 5 : sym);

/** Where point (row, col) of a width x height board lands in the image under `sym`: [row, col] in the image. */
export const transformPoint = (sym: number, row: number, col: number, width: number, height: number): [number, number] => {
  let r = row;
  let c = col;
  if (sym & 1) r = height - 1 - r; // bit 0: flip rows
  if (sym & 2) c = width - 1 - c; // bit 1: flip columns
  if (sym & 4) return [c, r]; // bit 2: transpose
  return [r, c];
};

/** Width and height of the image of a width x height board under `sym`. */
export const transformedSize = (sym: number, width: number, height: number): [number, number] => (sym & 4 ? [height, width] : [width, height]);

const perms = new Map<number, Int32Array>();

/** perm[p] = index in the image of point index p (row-major), for `sym` on a width x height board. Cached. */
export const symmetryPermutation = (sym: number, width: number, height: number): Int32Array => {
  const key = (sym * 64 + width) * 64 + height;
  let perm = perms.get(key);
  if (!perm) {
    perm = new Int32Array(width * height);
    const [iw] = transformedSize(sym, width, height);
    for (let r = 0; r < height; r++) {
      for (let c = 0; c < width; c++) {
        const [tr, tc] = transformPoint(sym, r, c, width, height);
        perm[r * width + c] = tr * iw + tc;
      }
    }
    perms.set(key, perm);
  }
  return perm;
};

/** The image of a board under `sym` (a new board). */
export const transformBoard = (board: GoBoard, sym: number): GoBoard => {
  const [w, h] = transformedSize(sym, board.width, board.height);
  const perm = symmetryPermutation(sym, board.width, board.height);
  const cells = new Uint8Array(board.cells.length);
  for (let p = 0; p < perm.length; p++) cells[perm[p]] = board.cells[p];
  return { width: w, height: h, cells };
};
