/**
 * Zobrist tables in the format of Cook's `zobrist_board_81.dat`:
 * three header lines (hash bytes = 8, columns = 3, rows = board points), then
 * one CSV line per point, row-major from the top-left, with the black, white
 * and ko-illegal codes as 16 hex digits each. Also the deterministic default
 * tables tabula ships (the published table cannot be obtained or regenerated).
 */
import { Result, ok, err, codecErrors } from '../result';
import { hashToHex } from './hash64';
import { splitmix64 } from './splitmix64';

/** The error codes this module returns. */
export const ZOBRIST_ERRORS = [
  'ERR_GO_ZOBRIST_HEADER',
  'ERR_GO_ZOBRIST_HEX',
  'ERR_GO_ZOBRIST_ROW',
  'ERR_GO_ZOBRIST_ROWS',
] as const;
/** One of ZOBRIST_ERRORS. */
export type ZobristError = (typeof ZOBRIST_ERRORS)[number];
const zobristError = codecErrors(ZOBRIST_ERRORS);

/** Column of a code in a table row. */
export const ZOBRIST_BLACK = 0;
/** Column of a code in a table row. */
export const ZOBRIST_WHITE = 1;
/** Column of a code in a table row (not used for position hashes). */
export const ZOBRIST_KO = 2;

/** A Zobrist table: `points` rows of 3 codes; code (point, column) is at index point * 3 + column of `hi` and `lo`. */
export interface ZobristTable {
  points: number;
  hi: Uint32Array;
  lo: Uint32Array;
}

/** Options for `parseZobristTable`. */
export interface ParseZobristOptions {
  /** Number of rows (board points) required; default 81 (9x9). */
  points?: number;
}

const HEX16 = /^[0-9a-fA-F]{16}$/;

/** Parses a table file. Rejects anything but header 8 / 3 / points and that many rows of three 16-hex-digit codes, with the line number. */
export const parseZobristTable = (text: string, options: ParseZobristOptions = {}): Result<ZobristTable> => {
  const points = options.points ?? 81;
  const lines = text.split(/\r?\n/);
  // A final line break (and only blank lines after the last row) is allowed.
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  const header: [string, number, string][] = [
    ['number of bytes in a hash code', 8, 'hashBytes'],
    ['number of columns', 3, 'columns'],
    ['number of rows', points, 'rows'],
  ];
  for (let i = 0; i < 3; i++) {
    const [what, want, field] = header[i];
    const got = lines[i];
    if (got === undefined || got.trim() !== String(want)) {
      return err(
        zobristError('ERR_GO_ZOBRIST_HEADER', `line ${i + 1} must be the ${what}, ${want}; got ${JSON.stringify(got ?? '')}`, { line: i + 1, field }),
      );
    }
  }
  const rows = lines.length - 3;
  if (rows !== points) {
    const line = Math.min(lines.length, 3 + points) + 1;
    return err(zobristError('ERR_GO_ZOBRIST_ROWS', `expected ${points} rows of codes, found ${rows}`, { line: rows > points ? line - 1 : line }));
  }
  const hi = new Uint32Array(points * 3);
  const lo = new Uint32Array(points * 3);
  for (let p = 0; p < points; p++) {
    const line = p + 4;
    const cells = lines[p + 3].split(',');
    if (cells.length !== 3) {
      return err(zobristError('ERR_GO_ZOBRIST_ROW', `line ${line} must hold 3 comma-separated codes, found ${cells.length}`, { line }));
    }
    for (let c = 0; c < 3; c++) {
      const h = cells[c].trim();
      if (!HEX16.test(h)) {
        return err(zobristError('ERR_GO_ZOBRIST_HEX', `line ${line}, column ${c + 1}: a code is 16 hex digits, got ${JSON.stringify(h)}`, { line, field: ['black', 'white', 'ko'][c] }));
      }
      hi[p * 3 + c] = parseInt(h.slice(0, 8), 16) >>> 0;
      lo[p * 3 + c] = parseInt(h.slice(8), 16) >>> 0;
    }
  }
  return ok({ points, hi, lo });
};

/** Prints a table in the file format: `8\n3\n<points>\n` then `black,white,ko` per point, lowercase hex, `\n` line ends. */
export const printZobristTable = (table: ZobristTable): string => {
  const out: string[] = ['8', '3', String(table.points)];
  for (let p = 0; p < table.points; p++) {
    const row: string[] = [];
    for (let c = 0; c < 3; c++) row.push(hashToHex(table.hi[p * 3 + c], table.lo[p * 3 + c]));
    out.push(row.join(','));
  }
  return out.join('\n') + '\n';
};

/** The code of (point, column) as 16 hex digits. */
export const zobristCodeHex = (table: ZobristTable, point: number, column: number): string =>
  hashToHex(table.hi[point * 3 + column], table.lo[point * 3 + column]);

/**
 * Generates a table from a 64-bit seed: SplitMix64 outputs taken in order,
 * point by point (row-major), black then white then ko for each point.
 */
export const generateZobristTable = (points: number, seed: bigint): ZobristTable => {
  const next = splitmix64(seed);
  const hi = new Uint32Array(points * 3);
  const lo = new Uint32Array(points * 3);
  for (let i = 0; i < points * 3; i++) {
    const v = next();
    hi[i] = v.hi;
    lo[i] = v.lo;
  }
  return { points, hi, lo };
};

/** ASCII "tabula" (74 61 62 75 6c 61): the high 6 bytes of every default seed. */
export const TABULA_SEED_PREFIX = 0x746162756c61n;

/** Seed of the default table for a board: "tabula" then one byte of width and one of height, e.g. 9x9 -> 0x746162756c610909. */
export const defaultZobristSeed = (width: number, height: number = width): bigint =>
  (TABULA_SEED_PREFIX << 16n) | (BigInt(width & 0xff) << 8n) | BigInt(height & 0xff);

const defaults = new Map<number, ZobristTable>();

/** The default table for a board size (generated once, then cached): `generateZobristTable(width * height, defaultZobristSeed(width, height))`. */
export const defaultZobristTable = (width = 9, height: number = width): ZobristTable => {
  const key = width * 256 + height;
  let t = defaults.get(key);
  if (!t) {
    t = generateZobristTable(width * height, defaultZobristSeed(width, height));
    defaults.set(key, t);
  }
  return t;
};
