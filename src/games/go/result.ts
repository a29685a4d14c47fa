/** What a Go result says: SGF's `RE`, Black first; no points (a margin is not counted). */
import type { GameResult } from '../../db/records';

/** The outcome of a Go result text: `B+…` Black won, `W+…` White won, `0`, `Draw` or `Jigo` a draw (letters in any case). */
export function resultOf(text: string | null | undefined): GameResult {
  const r = text?.trim() ?? '';
  const outcome = /^B\+/i.test(r) ? 'FIRST' : /^W\+/i.test(r) ? 'SECOND' : r === '0' || /^(draw|jigo)$/i.test(r) ? 'DRAW' : null;
  return { outcome, firstPoints: null };
}
