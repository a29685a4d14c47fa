/**
 * Moves in GTP's notation (the Go Text Protocol, as GNU Go and KataGo write them): a column
 * letter A.. without I, then the row counted from the bottom (`E5`, `C16`), or `PASS`.
 *
 * `canonicalGtpMove` writes a move in the canonical orientation of the position it is played
 * from: tabula keys Go positions by their canonical hash (the least of the 8 symmetric images),
 * so a move is written where it lands on that image. Where the canonical image is itself
 * symmetric (the empty board), moves that are images of each other lead to the same canonical
 * position; the first of their points in GTP order (column, then row) stands for them all.
 */
import type { GoBoard } from './board';
import { symmetryCount, transformBoard, transformPoint } from './symmetry';

const COLUMNS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

/** A point as GTP writes it: row 0 is the top row, so it is row `height` from the bottom. */
export const gtpPoint = (row: number, col: number, height: number): string => `${COLUMNS[col] ?? '?'}${height - row}`;

const sameCells = (a: Uint8Array, b: Uint8Array): boolean => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

/** GTP order of two points on one board: by column, then by row from the bottom. */
const gtpBefore = (a: [number, number], b: [number, number]): boolean => (a[1] !== b[1] ? a[1] < b[1] : a[0] > b[0]);

/**
 * The move `point` (row-major index, null for a pass) played from `board`, written in GTP in the
 * orientation of the board's canonical image, which `rotation` maps it onto.
 */
export function canonicalGtpMove(board: GoBoard, rotation: number, point: number | null): string {
  if (point === null) return 'PASS';
  const { width, height } = board;
  const canonical = transformBoard(board, rotation);
  const played = transformPoint(rotation, Math.floor(point / width), point % width, width, height);
  let best = played;
  // The symmetries of the canonical image map the move onto moves that reach the same position.
  for (let sym = 1; sym < symmetryCount(canonical.width, canonical.height); sym++) {
    if (!sameCells(transformBoard(canonical, sym).cells, canonical.cells)) continue;
    const image = transformPoint(sym, played[0], played[1], canonical.width, canonical.height);
    if (gtpBefore(image, best)) best = image;
  }
  return gtpPoint(best[0], best[1], canonical.height);
}
