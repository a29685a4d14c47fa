/**
 * SGF GM[6] point letters. Letters are absolute, from White's side: White's
 * point p is `'a' + (p − 1)`, Black's own point p is `'x' − (p − 1)`; `y` is the
 * bar and `z` borne off, for both colours (SGF FF[4] backgammon page, issue 3).
 */
import { BAR, Seat } from './types';

/** A checker's place in its owner's own numbering: 0..23 = points 1..24, 24 = bar, −1 = borne off. */
export type PointIndex = number;

/** Index meaning "borne off". */
export const OFF = -1;

const A = 0x61; // 'a'
const X = 0x78; // 'x'
const Y = 0x79; // 'y'
const Z = 0x7a; // 'z'

/** The point index a letter names for `player`, or undefined for a character outside `a`..`z`. */
export const pointOfLetter = (ch: number, player: Seat): PointIndex | undefined => {
  if (ch === Y) return BAR; // y: the bar, either colour
  if (ch === Z) return OFF; // z: borne off, either colour
  if (ch < A || ch > X) return undefined;
  return player === 1 ? X - ch : ch - A; // Black counts from 'x', White from 'a'
};

/** The letter for a point index of `player` (bar `y`, off `z`). */
export const letterOfPoint = (p: PointIndex, player: Seat): string => {
  if (p === BAR) return 'y';
  if (p === OFF) return 'z';
  return String.fromCharCode(player === 1 ? X - p : A + p);
};

/** Maps a letter index 0..24 (`a`..`y`, as in setup point lists) to `player`'s own point index (24 = bar). */
export const pointOfLetterIndex = (i: number, player: Seat): PointIndex => (i === BAR ? BAR : player === 1 ? 23 - i : i);

/** Maps `player`'s own point index 0..24 to the setup letter index 0..24. */
export const letterIndexOfPoint = (p: PointIndex, player: Seat): number => (p === BAR ? BAR : player === 1 ? 23 - p : p);

/** Point number for move text: 1..24, `bar`, `off`. */
export const pointName = (p: PointIndex): string => (p === BAR ? 'bar' : p === OFF ? 'off' : String(p + 1));
