/**
 * Go boards as plain data: width, height and one byte per point, row-major
 * from the top-left corner (the order of Cook's PositionDB: byte 1 top-left,
 * byte 9 top-right, byte 72 bottom-left, byte 81 bottom-right on 9x9).
 */
import { CodecError, Result, ok, err, codecErrors } from '../result';

/** The error codes this module returns. */
export const BOARD_ERRORS = ['ERR_GO_BOARD_CHAR', 'ERR_GO_BOARD_LENGTH'] as const;
/** One of BOARD_ERRORS. */
export type BoardError = (typeof BOARD_ERRORS)[number];
const boardError = codecErrors(BOARD_ERRORS);

/** Point contents. */
export const EMPTY = 0;
/** Point contents. */
export const BLACK = 1;
/** Point contents. */
export const WHITE = 2;

/** A stone colour: BLACK (1) or WHITE (2). */
export type Stone = 1 | 2;

/** A board: `cells[row * width + col]` is EMPTY, BLACK or WHITE. */
export interface GoBoard {
  width: number;
  height: number;
  cells: Uint8Array;
}

/** Side to move as stored in the files: ASCII 'B' or 'W'. */
export type GoColor = 'B' | 'W';

/** Largest width/height an SGF point can address (a-z, A-Z). */
export const MAX_BOARD_SIZE = 52;

/** An empty board. */
/** The side of a square board given as text of n*n points (1 <= n <= MAX_BOARD_SIZE). */
export const squareBoardSize = (text: string): Result<number, CodecError<BoardError>> => {
  const size = Math.round(Math.sqrt(text.length));
  if (size >= 1 && size <= MAX_BOARD_SIZE && size * size === text.length) return ok(size);
  return err(boardError('ERR_GO_BOARD_LENGTH', `a square board of 1..${MAX_BOARD_SIZE} lines is n*n characters, got ${text.length}`, { offset: text.length }));
};

export const emptyBoard = (width: number, height: number = width): GoBoard => ({ width, height, cells: new Uint8Array(width * height) });

/** A copy that shares nothing with `board`. */
export const cloneBoard = (board: GoBoard): GoBoard => ({ width: board.width, height: board.height, cells: board.cells.slice() });

// PositionDB characters: '#' black, 'O' white, '.' empty.
const CHAR_TO_CELL = new Int8Array(128).fill(-1);
CHAR_TO_CELL[0x23] = BLACK;
CHAR_TO_CELL[0x4f] = WHITE;
CHAR_TO_CELL[0x2e] = EMPTY;
const CELL_TO_CHAR = ['.', '#', 'O'];

/** Byte value of each cell in PositionDB: '.', '#', 'O'. */
export const CELL_BYTES = Uint8Array.from([0x2e, 0x23, 0x4f]);

/** Cell for a PositionDB character code, or -1 if it is not one of `#`, `O`, `.`. */
export const cellOfCharCode = (c: number): number => (c < 128 ? CHAR_TO_CELL[c] : -1);

/** Parses the `#`/`O`/`.` text form (width * height characters, no separators). Errors ERR_GO_BOARD_LENGTH, ERR_GO_BOARD_CHAR (with offset). */
export const parseBoard = (text: string, width = 9, height: number = width): Result<GoBoard> => {
  const n = width * height;
  if (text.length !== n) {
    return err(boardError('ERR_GO_BOARD_LENGTH', `a ${width}x${height} board is ${n} characters, got ${text.length}`, { offset: Math.min(text.length, n) }));
  }
  const cells = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const v = cellOfCharCode(text.charCodeAt(i));
    if (v < 0) return err(boardError('ERR_GO_BOARD_CHAR', `point ${i} is ${JSON.stringify(text[i])}; only '#', 'O' and '.' are allowed`, { offset: i }));
    cells[i] = v;
  }
  return ok({ width, height, cells });
};

/** The `#`/`O`/`.` text form, row-major, no separators. */
export const boardToString = (board: GoBoard): string => {
  let s = '';
  for (let i = 0; i < board.cells.length; i++) s += CELL_TO_CHAR[board.cells[i]];
  return s;
};

/** The text form with a line break after each row, for people. */
export const boardToDiagram = (board: GoBoard): string => {
  const s = boardToString(board);
  const rows: string[] = [];
  for (let r = 0; r < board.height; r++) rows.push(s.slice(r * board.width, (r + 1) * board.width));
  return rows.join('\n');
};

/** Number of stones of either colour. */
export const stoneCount = (board: GoBoard): number => {
  let n = 0;
  for (let i = 0; i < board.cells.length; i++) if (board.cells[i] !== EMPTY) n++;
  return n;
};

/** Whether two boards have the same size and stones. */
export const boardsEqual = (a: GoBoard, b: GoBoard): boolean => {
  if (a.width !== b.width || a.height !== b.height) return false;
  for (let i = 0; i < a.cells.length; i++) if (a.cells[i] !== b.cells[i]) return false;
  return true;
};

/** The other colour. */
export const opponent = (c: Stone): Stone => (c === BLACK ? WHITE : BLACK);

/** 'B' or 'W' for a stone colour. */
export const colorLetter = (c: Stone): GoColor => (c === BLACK ? 'B' : 'W');
