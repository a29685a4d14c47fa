/** What a crossword game's result says: the final scores as the GCG reader writes them, player 1's first (`412-380`). */
import type { GameResult } from '../../db/records';

/** The outcome of final scores and the spread (player 1's score less player 2's); anything else is unknown. */
export function resultOf(text: string | null | undefined): GameResult {
  const m = /^(-?\d+)-(-?\d+)$/.exec(text?.trim() ?? '');
  if (!m) return { outcome: null, firstPoints: null };
  const [a, b] = [Number(m[1]), Number(m[2])];
  return { outcome: a > b ? 'FIRST' : a < b ? 'SECOND' : 'DRAW', firstPoints: a - b };
}
