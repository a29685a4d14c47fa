/**
 * A Go pattern as a client sends it (Kombilo's pattern search, issue 28), read and checked:
 *
 *   {"pattern": "rows of points, one row a line", "anchor": "corner" | "side" | "anywhere" | [col, row],
 *    "colors": "fixed" | "either", "size": 19}
 *
 * Points: `X` black, `O` white, `.` empty, `*` anything, `x` black or empty, `o` white or empty;
 * spaces and tabs between points are ignored, blank lines before the first row and after the last
 * are dropped, every row has as many points. `anchor` (default "anywhere") says where the pattern
 * may lie, as written, before the board's 8 symmetries move it (patterns.ts); `colors` (default
 * "fixed") "either" also matches with Black and White swapped; `size` (9..19, default: every size)
 * limits the search to boards of that size. An error names the key (`pattern` with its line and
 * column, `anchor`, `colors`, `size`) and what is wrong.
 */
import type { PatternError, PatternRead } from '../patterns';

/** Smallest and largest board a Go pattern searches. */
export const MIN_PATTERN_BOARD = 9;
export const MAX_PATTERN_BOARD = 19;

/** Where a pattern may lie as written: a corner (its top-left point on the board's), along the top edge, anywhere, or with its top-left at [col, row]. */
export type GoAnchor = 'corner' | 'side' | 'anywhere' | readonly [number, number];

/** A Go pattern as read. */
export interface GoPattern {
  width: number;
  height: number;
  /** The points row by row from the top left, each one of `X O . * x o`. */
  points: string;
  anchor: GoAnchor;
  /** Whether the pattern also matches with the colours swapped. */
  either: boolean;
  /** The one board size searched, or null for every size from 9 to 19. */
  size: number | null;
}

const KEYS = ['pattern', 'anchor', 'colors', 'size'];
const POINTS = 'XO.*xo';
const ANCHORS = ['corner', 'side', 'anywhere'];

const failure = (key: string, message: string): { ok: false; error: PatternError } => ({ ok: false, error: { key, message } });
const describe = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'string' ? JSON.stringify(value) : `a ${typeof value}`);

/** The rows of the pattern text, or what is wrong with it (the line and column of a bad point). */
const readRows = (text: string): { ok: true; rows: string[] } | { ok: false; error: PatternError } => {
  const lines = text.split(/\r\n|\n|\r/);
  let first = 0;
  let last = lines.length - 1;
  while (first <= last && lines[first].trim() === '') first++;
  while (last >= first && lines[last].trim() === '') last--;
  if (first > last) return failure('pattern', 'the pattern has no rows: write rows of X O . * x o, one row a line');
  const rows: string[] = [];
  for (let i = first; i <= last; i++) {
    const line = lines[i];
    let row = '';
    for (let c = 0; c < line.length; c++) {
      const ch = line[c];
      if (ch === ' ' || ch === '\t') continue;
      if (!POINTS.includes(ch)) {
        return failure('pattern', `line ${i + 1} column ${c + 1}: ${JSON.stringify(ch)} is not a point (X black, O white, . empty, * anything, x black or empty, o white or empty)`);
      }
      row += ch;
    }
    if (row === '') return failure('pattern', `line ${i + 1} is empty: rows follow each other without blank lines`);
    if (rows.length > 0 && row.length !== rows[0].length) {
      return failure('pattern', `line ${i + 1} has ${row.length} points, line ${first + 1} has ${rows[0].length}: every row has as many points`);
    }
    rows.push(row);
  }
  return { ok: true, rows };
};

/** Reads a Go pattern (see the module comment); the error names the key and what is wrong. */
export const readGoPattern = (input: unknown): PatternRead<GoPattern> => {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return failure('pattern', `a Go pattern is an object {"pattern": "...", "anchor": ..., "colors": ..., "size": ...}, not ${describe(input)}`);
  }
  const given = input as Record<string, unknown>;
  const unknown = Object.keys(given).find((k) => !KEYS.includes(k));
  if (unknown !== undefined) return failure(unknown, `${JSON.stringify(unknown)} is not a key of a Go pattern (${KEYS.join(', ')})`);

  const size = given.size;
  if (size !== undefined && size !== null && !(typeof size === 'number' && Number.isInteger(size) && size >= MIN_PATTERN_BOARD && size <= MAX_PATTERN_BOARD)) {
    return failure('size', `the board size is a whole number from ${MIN_PATTERN_BOARD} to ${MAX_PATTERN_BOARD}, not ${typeof size === 'number' ? size : describe(size)}`);
  }
  const board = typeof size === 'number' ? size : null;

  const colors = given.colors ?? 'fixed';
  if (colors !== 'fixed' && colors !== 'either') return failure('colors', `colors is "fixed" or "either", not ${describe(colors)}`);

  const text = given.pattern;
  if (typeof text !== 'string') return failure('pattern', `the pattern is a text of rows of X O . * x o, not ${text === undefined ? 'missing' : describe(text)}`);
  const read = readRows(text);
  if (!read.ok) return read;
  const { rows } = read;
  const width = rows[0].length;
  const height = rows.length;
  const largest = board ?? MAX_PATTERN_BOARD;
  if (width > largest || height > largest) {
    return failure('pattern', `the pattern is ${width} points wide and ${height} high: larger than the ${largest}x${largest} board`);
  }

  const anchor = given.anchor ?? 'anywhere';
  let readAnchor: GoAnchor;
  if (typeof anchor === 'string' && ANCHORS.includes(anchor)) {
    readAnchor = anchor as GoAnchor;
  } else if (Array.isArray(anchor) && anchor.length === 2 && anchor.every((v) => typeof v === 'number' && Number.isInteger(v) && v >= 0)) {
    const [col, row] = anchor as number[];
    if (col + width > largest || row + height > largest) {
      return failure('anchor', `a ${width}x${height} pattern with its top-left point at [${col}, ${row}] does not fit on the ${largest}x${largest} board`);
    }
    readAnchor = [col, row];
  } else {
    return failure('anchor', `the anchor is "corner", "side", "anywhere" or [col, row] (0-based whole numbers), not ${Array.isArray(anchor) ? JSON.stringify(anchor) : describe(anchor)}`);
  }
  return { ok: true, query: { width, height, points: rows.join(''), anchor: readAnchor, either: colors === 'either', size: board } };
};
