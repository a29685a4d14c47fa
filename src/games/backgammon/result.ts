/** What a backgammon result says: SGF's `RE` (`W+2`, `B+1R`), as the .mat reader writes it too; White, player 1, first. */
import type { GameResult } from '../../db/records';

/**
 * The outcome of a backgammon result text and the points it was worth to White (the points won,
 * cube and gammons included; negative when Black won). `W+` or `B+` without a number has an
 * outcome and no points.
 */
export function resultOf(text: string | null | undefined): GameResult {
  const r = text?.trim() ?? '';
  const outcome = /^W\+/i.test(r) ? 'FIRST' : /^B\+/i.test(r) ? 'SECOND' : null;
  const m = /^([WB])\+(\d+)/i.exec(r);
  return { outcome, firstPoints: m ? (m[1].toUpperCase() === 'W' ? 1 : -1) * Number(m[2]) : null };
}
