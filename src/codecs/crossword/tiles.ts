/**
 * Tiles as numbers, and tile strings as text.
 *
 * A tile code is the index of the tile in its distribution (0 = blank `?`, 1.. = letters).
 * On the board, a blank designated as letter `c` is `c | BLANK_BIT` and an empty square is
 * `EMPTY` (0). In a played word, `THROUGH` (0) marks a square played through.
 *
 * Text: upper case = a tile, lower case = a blank designated as that tile, `?` = an
 * undesignated blank (racks), `.` = played through (moves). Multi-character tiles are always
 * written in brackets (`[CH]`, `[l·l]`); unbracketed input is read greedily by the
 * distribution's unbracketed names (Catalan `L·L`, `NY`, `QU`; never Spanish `CH`, whose data
 * name is `[CH]`, so there `CH` is C then H).
 */
import { LetterDistribution } from './distributions';
import { CodecError, Result, codecErrors, err, ok } from '../result';

/** The error codes this module returns. */
export const TILES_ERRORS = ['MALFORMED_TILES'] as const;
/** One of TILES_ERRORS. */
export type TilesError = (typeof TILES_ERRORS)[number];
const tilesError = codecErrors(TILES_ERRORS);

/** Bit set on a board tile that is a designated blank. */
export const BLANK_BIT = 0x80;
/** The undesignated blank in a rack. */
export const BLANK = 0;
/** An empty board square. */
export const EMPTY = 0;
/** A played-through square in a move's word. */
export const THROUGH = 0;

/** One way a tile can be written without brackets. */
interface Candidate {
  readonly text: string;
  readonly code: number;
}

/** Lookup tables for reading and writing one distribution's tiles. */
export interface TileAlphabet {
  /** The distribution these tables describe. */
  readonly distribution: LetterDistribution;
  /** Code (upper) or code|BLANK_BIT (lower) by UTF-16 unit, for single-unit tiles; -1 = none. */
  readonly single: Int16Array;
  /** Unbracketed multi-character candidates by first UTF-16 unit, longest first. */
  readonly multi: ReadonlyMap<number, readonly Candidate[]>;
  /** Bracket contents (multi-character names, upper or lower) to codes. */
  readonly bracketed: ReadonlyMap<string, number>;
  /** Text of each code (upper) and code|BLANK_BIT (lower), bracketed when multi-character. */
  readonly text: readonly string[];
}

const cache = new WeakMap<LetterDistribution, TileAlphabet>();

/** The (cached) lookup tables for a distribution. */
export const tileAlphabet = (dist: LetterDistribution): TileAlphabet => {
  const hit = cache.get(dist);
  if (hit) return hit;
  const single = new Int16Array(0x10000).fill(-1);
  const multi = new Map<number, Candidate[]>();
  const bracketed = new Map<string, number>();
  const text: string[] = new Array<string>(256).fill('');
  text[BLANK] = '?';
  dist.tiles.forEach((t, code) => {
    if (code === BLANK) return;
    const variants: [string, number][] = [
      [t.name, code],
      [t.lowerName, code | BLANK_BIT],
    ];
    for (const [name, c] of variants) {
      if (name.length === 1) {
        single[name.charCodeAt(0)] = c;
        text[c] = name;
      } else {
        bracketed.set(name, c);
        text[c] = `[${name}]`;
        if (!t.bracketOnly) {
          const first = name.charCodeAt(0);
          const list = multi.get(first) ?? [];
          list.push({ text: name, code: c });
          list.sort((a, b) => b.text.length - a.text.length);
          multi.set(first, list);
        }
      }
    }
  });
  const alphabet: TileAlphabet = { distribution: dist, single, multi, bracketed, text };
  cache.set(dist, alphabet);
  return alphabet;
};

/** Why a tile could not be read at a position. */
export type TileMatchFailure = 'unknown' | 'bracket';

/**
 * Reads one tile (upper or lower case, bracketed or not) at `i`. Returns `code + (length << 16)`
 * on success (code includes BLANK_BIT for lower case), -1 for an unknown character, -2 for a
 * malformed bracket. Does not read `?`, `.` or digits.
 */
export const matchTile = (alpha: TileAlphabet, s: string, i: number): number => {
  const u = s.charCodeAt(i);
  if (u === 0x5b /* [ */) {
    const close = s.indexOf(']', i + 1);
    if (close < 0) return -2;
    const inner = s.slice(i + 1, close);
    if (inner.indexOf('[') >= 0) return -2;
    const code = alpha.bracketed.get(inner);
    if (code === undefined) return -2;
    return code + ((close + 1 - i) << 16);
  }
  const candidates = alpha.multi.get(u);
  if (candidates !== undefined) {
    for (const c of candidates) if (s.startsWith(c.text, i)) return c.code + (c.text.length << 16);
  }
  const code = alpha.single[u];
  return code >= 0 ? code + (1 << 16) : -1;
};

/** Options for `parseTiles`. */
export interface ParseTilesOptions {
  /** Accept `?` (an undesignated blank, code 0). Racks. */
  readonly allowBlank?: boolean;
  /** Accept lower case (designated blanks). Board and played words. */
  readonly allowDesignated?: boolean;
  /** Accept `.` (played through, code THROUGH). Played words. */
  readonly allowThrough?: boolean;
  /** Accept upper case (ordinary tiles); default true. */
  readonly allowNatural?: boolean;
}

/** Reads a whole tile string (rack, played word) into codes; error code `MALFORMED_TILES` with the column. */
export const parseTiles = (
  s: string,
  dist: LetterDistribution,
  options: ParseTilesOptions = {},
): Result<number[]> => {
  const alpha = tileAlphabet(dist);
  const out: number[] = [];
  let i = 0;
  while (i < s.length) {
    const ch = s.charCodeAt(i);
    if (ch === 0x3f /* ? */ && options.allowBlank) {
      out.push(BLANK);
      i++;
      continue;
    }
    if (ch === 0x2e /* . */ && options.allowThrough) {
      out.push(THROUGH);
      i++;
      continue;
    }
    const m = matchTile(alpha, s, i);
    if (m < 0) return err(tileError(s, i, m === -2 ? 'bracket' : 'unknown', dist));
    const code = m & 0xffff;
    const designated = (code & BLANK_BIT) !== 0;
    if (designated && !options.allowDesignated) return err(tileError(s, i, 'lower', dist));
    if (!designated && options.allowNatural === false) return err(tileError(s, i, 'upper', dist));
    out.push(code);
    i += m >>> 16;
  }
  return ok(out);
};

const tileError = (s: string, i: number, why: TileMatchFailure | 'lower' | 'upper', dist: LetterDistribution): CodecError => {
  const what =
    why === 'bracket'
      ? 'a malformed or unknown bracketed tile'
      : why === 'lower'
        ? 'a designated blank where none is allowed'
        : why === 'upper'
          ? 'an undesignated tile where only blanks are allowed'
          : `a character that is not a tile of ${dist.name}`;
  return tilesError('MALFORMED_TILES', `${JSON.stringify(s)} has ${what} at column ${i + 1}`, {
    offset: i,
    column: i + 1,
  });
};

/** The text of one tile code (`?`, `A`, `c`, `[CH]`, `[l·l]`); `.` for THROUGH only if `through` is set. */
export const tileText = (alpha: TileAlphabet, code: number): string => alpha.text[code] ?? '';

/** Writes tile codes as text; `throughAsDot` writes code 0 as `.` instead of `?`. */
export const printTiles = (dist: LetterDistribution, codes: readonly number[], throughAsDot = false): string => {
  const alpha = tileAlphabet(dist);
  let s = '';
  for (const c of codes) s += c === 0 && throughAsDot ? '.' : (alpha.text[c] ?? '');
  return s;
};

/** Tile codes sorted into distribution order (blank first), without changing the input. */
export const sortTiles = (codes: readonly number[]): number[] => [...codes].sort((a, b) => a - b);

/** Counts of each tile code (index = code, blanks on the board counted as code 0). */
export const tileCounts = (codes: Iterable<number>, size: number): number[] => {
  const counts = new Array<number>(size).fill(0);
  for (const c of codes) counts[c & BLANK_BIT ? BLANK : c]++;
  return counts;
};
