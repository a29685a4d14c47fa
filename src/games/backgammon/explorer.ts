/**
 * The explorer's rules of backgammon: a play is shown without its roll when the position (its
 * Match ID) holds the roll, player 1 (White) moves first, and a play is judged by gnubg's
 * checker-play verdicts stored on the position it was made from.
 */
import type { ExplorerRules, VerdictScore } from '../types';

/** A counted play as shown: `31: 8/5 6/5` is `8/5 6/5` where the key (`PositionID:MatchID`) holds the roll. */
const shownMove = (key: string, move: string): string => (key.includes(':') ? move.replace(/^\d\d: /, '') : move);

/** gnubg's verdict on the checker play a score is about: the play's equity, and what it lost against the best play. */
const playVerdict = (score: VerdictScore, key: string): { move: string; value: number; error: number } | null => {
  const details = (score.details ?? {}) as { move?: unknown };
  if (score.program !== 'gnubg' || !score.ruleset.startsWith('checker:') || typeof details.move !== 'string' || score.bestValue === null) return null;
  return { move: shownMove(key, details.move), value: score.value, error: score.bestValue - score.value };
};

export const backgammonExplorer: ExplorerRules = {
  shownMove,
  moverIsFirst: (sideToMove) => sideToMove !== '1',
  playVerdict,
};
