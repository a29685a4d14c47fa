/**
 * Scoring one tile placement on a board from its premium squares: the main word (with any
 * tiles it touches at either end) plus every cross word a new tile forms; letter and word
 * multipliers count only under new tiles; a blank scores 0; placing all 7 rack tiles adds the
 * bingo bonus. Pure: the board is read, never changed.
 */
import { BoardLayout } from './boards';
import { Coordinate } from './coordinates';
import { LetterDistribution } from './distributions';
import { BLANK_BIT, EMPTY, THROUGH } from './tiles';
import { Result, codecErrors, err, ok } from '../result';

/** The error codes this module returns. */
export const PLAY_ERRORS = ['PLAY_OFF_BOARD', 'PLAY_PLACES_NO_TILE', 'PLAY_THROUGH_EMPTY_SQUARE', 'PLAY_TILE_CONFLICT'] as const;
/** One of PLAY_ERRORS. */
export type PlayError = (typeof PLAY_ERRORS)[number];
const playError = codecErrors(PLAY_ERRORS);

/** Bonus for placing a whole rack, unless the game says otherwise. */
export const DEFAULT_BINGO_BONUS = 50;
/** Tiles in a full rack (placing this many is a bingo). */
export const BINGO_TILES = 7;

/** What a play does to the board. */
export interface ScoredPlay {
  /** Points scored. */
  readonly score: number;
  /** Square indices (row * cols + col) of the new tiles. */
  readonly placed: readonly number[];
  /** The tile codes put on those squares. */
  readonly tiles: readonly number[];
  /** The word's tiles with THROUGH where the play used a tile already on the board. */
  readonly word: readonly number[];
}

/** Scores a word placed at `at` (THROUGH or an equal letter = a square already occupied). Errors: PLAY_OFF_BOARD, PLAY_THROUGH_EMPTY_SQUARE, PLAY_TILE_CONFLICT, PLAY_PLACES_NO_TILE. */
export const scorePlay = (
  squares: Uint8Array,
  layout: BoardLayout,
  dist: LetterDistribution,
  at: Coordinate,
  word: readonly number[],
  bingoBonus: number = DEFAULT_BINGO_BONUS,
): Result<ScoredPlay> => {
  const { rows, cols } = layout;
  const dr = at.vertical ? 1 : 0;
  const dc = at.vertical ? 0 : 1;
  const endRow = at.row + dr * (word.length - 1);
  const endCol = at.col + dc * (word.length - 1);
  if (endRow >= rows || endCol >= cols) return err(playError('PLAY_OFF_BOARD', 'the word runs off the board'));
  const points = (t: number): number => (t & BLANK_BIT ? 0 : (dist.tiles[t]?.points ?? 0));
  const placed: number[] = [];
  const tiles: number[] = [];
  const normalized: number[] = [];
  for (let k = 0; k < word.length; k++) {
    const sq = (at.row + dr * k) * cols + at.col + dc * k;
    const existing = squares[sq];
    const w = word[k];
    if (w === THROUGH) {
      if (existing === EMPTY) {
        return err(playError('PLAY_THROUGH_EMPTY_SQUARE', `letter ${k + 1} plays through an empty square`));
      }
      normalized.push(THROUGH);
    } else if (existing !== EMPTY) {
      if ((existing & ~BLANK_BIT) !== (w & ~BLANK_BIT)) {
        return err(playError('PLAY_TILE_CONFLICT', `letter ${k + 1} lands on a square holding another tile`));
      }
      normalized.push(THROUGH);
    } else {
      placed.push(sq);
      tiles.push(w);
      normalized.push(w);
    }
  }
  if (placed.length === 0) return err(playError('PLAY_PLACES_NO_TILE', 'the play places no tile'));
  const newTile = new Map<number, number>();
  placed.forEach((sq, k) => newTile.set(sq, tiles[k]));
  const tileAt = (r: number, c: number): number => {
    const sq = r * cols + c;
    return newTile.get(sq) ?? squares[sq];
  };
  const wordScore = (r0: number, c0: number, vr: number, vc: number): number => {
    // Walk back to the word's first square, then forward to its end.
    let r = r0;
    let c = c0;
    while (r - vr >= 0 && c - vc >= 0 && tileAt(r - vr, c - vc) !== EMPTY) {
      r -= vr;
      c -= vc;
    }
    let sum = 0;
    let mult = 1;
    let length = 0;
    while (r < rows && c < cols && tileAt(r, c) !== EMPTY) {
      const sq = r * cols + c;
      const t = tileAt(r, c);
      if (newTile.has(sq)) {
        sum += points(t) * layout.letterMultipliers[sq];
        mult *= layout.wordMultipliers[sq];
      } else sum += points(t);
      length++;
      r += vr;
      c += vc;
    }
    return length >= 2 ? sum * mult : 0;
  };
  let score = wordScore(at.row, at.col, dr, dc);
  for (const sq of placed) score += wordScore(Math.floor(sq / cols), sq % cols, dc, dr);
  if (placed.length === BINGO_TILES) score += bingoBonus;
  return ok({ score, placed, tiles, word: normalized });
};
