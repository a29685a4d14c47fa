/**
 * A ply's board as pattern search reads it: row masks of black stones, white stones and occupied
 * points (bit x = column x), read from the stored text (`#` black, `O` white, `.` empty, row by
 * row from the top left) into scratch arrays, so no ply allocates. Along a game, a board that
 * differs from the one before only at the move's point changes one bit of the masks.
 */
import { MAX_PATTERN_BOARD } from './patternRead';

/** Row masks of the board last read: black, white, occupied. */
export const BLACK_ROWS = new Int32Array(MAX_PATTERN_BOARD);
export const WHITE_ROWS = new Int32Array(MAX_PATTERN_BOARD);
export const OCCUPIED_ROWS = new Int32Array(MAX_PATTERN_BOARD);

// The text of the board being read, and of the one read before it (Node only: Buffer copies text at once).
let bytesNow = typeof Buffer === 'undefined' ? null : Buffer.alloc(MAX_PATTERN_BOARD * MAX_PATTERN_BOARD);
let bytesBefore = typeof Buffer === 'undefined' ? null : Buffer.alloc(MAX_PATTERN_BOARD * MAX_PATTERN_BOARD);
/** The size of the board in `bytesBefore` whose rows the masks hold, 0 when none. */
let sizeBefore = 0;

/**
 * Reads the rows `wanted` names (every row when null; the others are left empty) off the board's
 * text (in `bytes` when given). Without branches on the points: of the three characters, bit 0 is
 * set for a stone ('#' 0x23, 'O' 0x4f) and bit 6 for white only.
 */
const readRows = (bytes: Uint8Array | null, board: string, n: number, wanted: Uint8Array | null): void => {
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

/** Empties the row masks (a game's first board, played from nothing). */
export const clearRows = (): void => {
  BLACK_ROWS.fill(0);
  WHITE_ROWS.fill(0);
  OCCUPIED_ROWS.fill(0);
};

/** Sets the point at row y, column bit `bit`, of the row masks to `value` (0 empty, 1 black, 2 white). */
export const setRowPoint = (y: number, bit: number, value: number): void => {
  BLACK_ROWS[y] = value === 1 ? BLACK_ROWS[y] | bit : BLACK_ROWS[y] & ~bit;
  WHITE_ROWS[y] = value === 2 ? WHITE_ROWS[y] | bit : WHITE_ROWS[y] & ~bit;
  OCCUPIED_ROWS[y] = BLACK_ROWS[y] | WHITE_ROWS[y];
};

/** Keeps the board just read as the one before the next. */
const keep = (n: number): void => {
  const before = bytesBefore;
  bytesBefore = bytesNow;
  bytesNow = before;
  sizeBefore = n;
};

/** Reads every row of a board that `wanted` names (all when null): the first board of a game. */
export const readBoardRows = (board: string, n: number, wanted: Uint8Array | null): void => {
  if (bytesNow) bytesNow.write(board, 0, n * n, 'latin1');
  readRows(bytesNow, board, n, wanted);
  if (bytesNow) keep(n);
};

/**
 * Reads the next board of a game (`point`: the point of the move that reached it, -1 for none):
 * when it differs from the board read before only at that point (no capture, no setup: the texts
 * are compared natively), only that point's row changes; else its rows are read again. The board
 * before is the one last read, with the same `wanted` rows: a game's boards are read in order,
 * from its first with `readBoardRows`, with one pattern's rows.
 */
export const readNextBoardRows = (board: string, n: number, wanted: Uint8Array | null, point: number): void => {
  const now = bytesNow;
  const before = bytesBefore;
  if (!now || !before) return readRows(null, board, n, wanted);
  const size = n * n;
  now.write(board, 0, size, 'latin1');
  if (sizeBefore === n && point >= 0) before[point] = now[point];
  if (sizeBefore === n && now.compare(before, 0, size, 0, size) === 0) {
    if (point >= 0) {
      const y = (point / n) | 0;
      const bit = 1 << (point - y * n);
      const c = now[point];
      // '#' 0x23 black, 'O' 0x4f white (bit 6), '.' empty (see readRows).
      if (wanted === null || wanted[y] !== 0) setRowPoint(y, bit, (c & 1) === 0 ? 0 : (c >> 6) & 1 ? 2 : 1);
    }
  } else {
    readRows(now, board, n, wanted);
  }
  keep(n);
};
