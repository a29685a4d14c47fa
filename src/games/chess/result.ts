/** What a chess result says: PGN's `1-0`, `0-1` and `1/2-1/2`, White first; no points. */
import type { GameResult } from '../../db/records';

const OUTCOMES: Record<string, GameResult['outcome']> = { '1-0': 'FIRST', '0-1': 'SECOND', '1/2-1/2': 'DRAW' };

/** The outcome of a chess result text (`*` and anything else: unknown). */
export function resultOf(text: string | null | undefined): GameResult {
  const r = text?.trim() ?? '';
  return { outcome: Object.hasOwn(OUTCOMES, r) ? OUTCOMES[r] : null, firstPoints: null };
}
