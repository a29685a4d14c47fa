/**
 * A ply's board as pattern search reads it: row masks of black stones, white stones and occupied
 * points (bit x = column x), read from the stored text (`#` black, `O` white, `.` empty, row by
 * row from the top left) into scratch arrays, so no ply allocates.
 */
import { MAX_PATTERN_BOARD } from './patternRead';

/** Row masks of the board last read: black, white, occupied. */
export const BLACK_ROWS = new Int32Array(MAX_PATTERN_BOARD);
export const WHITE_ROWS = new Int32Array(MAX_PATTERN_BOARD);
export const OCCUPIED_ROWS = new Int32Array(MAX_PATTERN_BOARD);

const BOARD_BYTES = typeof Buffer === 'undefined' ? null : Buffer.alloc(MAX_PATTERN_BOARD * MAX_PATTERN_BOARD);

/**
 * Reads the rows of an n x n board that `wanted` names (every row when null; the others are left
 * empty). Without branches on the points: of the three characters, bit 0 is set for a stone
 * ('#' 0x23, 'O' 0x4f) and bit 6 for white only. Node's Buffer copies the text at once, and
 * indexing its bytes is faster than `charCodeAt`.
 */
export const readBoardRows = (board: string, n: number, wanted: Uint8Array | null): void => {
  const bytes = BOARD_BYTES;
  if (bytes) bytes.write(board, 0, n * n, 'latin1');
  for (let y = 0; y < n; y++) {
    let b = 0;
    let w = 0;
    if (wanted === null || wanted[y] !== 0) {
      const base = y * n;
      for (let x = 0; x < n; x++) {
        const c = bytes ? bytes[base + x] : board.charCodeAt(base + x);
        b |= (c & ~(c >> 6) & 1) << x;
        w |= ((c >> 6) & 1) << x;
      }
    }
    BLACK_ROWS[y] = b;
    WHITE_ROWS[y] = w;
    OCCUPIED_ROWS[y] = b | w;
  }
};
