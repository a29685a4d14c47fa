/**
 * Move coordinates as used by CGP `lm` and GCG: number first = horizontal (`8H`: row 8,
 * column H), letter first = vertical (`H8`). Columns are letters A..Z, then AA, AB, ...
 * ("Excel notation") past 26. Case-insensitive on input; written upper case.
 */

/** Where a word starts and which way it runs (0-based row and column). */
export interface Coordinate {
  /** Row, from 0. */
  readonly row: number;
  /** Column, from 0. */
  readonly col: number;
  /** True when the word runs down a column. */
  readonly vertical: boolean;
}

/** Column letters for a 0-based column (0 → A, 25 → Z, 26 → AA). */
export const columnName = (col: number): string => {
  let s = '';
  let n = col + 1;
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
};

/** Reads `8H` / `h8` / `12AA`; undefined when malformed or off a rows x cols board. */
export const parseCoordinate = (s: string, rows: number, cols: number): Coordinate | undefined => {
  let i = 0;
  const digitsFirst = s.length > 0 && s.charCodeAt(0) >= 48 && s.charCodeAt(0) <= 57;
  let row = 0;
  let col = 0;
  let nd = 0;
  let nl = 0;
  const readDigits = (): void => {
    while (i < s.length) {
      const c = s.charCodeAt(i);
      if (c < 48 || c > 57) break;
      row = row * 10 + (c - 48);
      nd++;
      i++;
    }
  };
  const readLetters = (): void => {
    while (i < s.length) {
      const c = s.charCodeAt(i) | 0x20;
      if (c < 97 || c > 122) break;
      col = col * 26 + (c - 96);
      nl++;
      i++;
    }
  };
  if (digitsFirst) {
    readDigits();
    readLetters();
  } else {
    readLetters();
    readDigits();
  }
  if (i !== s.length || nd === 0 || nl === 0 || nd > 3 || nl > 3) return undefined;
  if (row < 1 || row > rows || col < 1 || col > cols) return undefined;
  return { row: row - 1, col: col - 1, vertical: !digitsFirst };
};

/** Writes a coordinate (`8H` horizontal, `H8` vertical). */
export const printCoordinate = (c: Coordinate): string =>
  c.vertical ? `${columnName(c.col)}${c.row + 1}` : `${c.row + 1}${columnName(c.col)}`;
