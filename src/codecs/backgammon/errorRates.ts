/**
 * A player's error rates as gnubg's match statistics give them ("show statistics match"):
 * checker-play error = equity lost in unforced plays / unforced plays; cube error = equity lost
 * in cube decisions / close or actual cube decisions; overall = both losses / both counts; each
 * in normalised equity (gnubg prints millipoints, mEMG, per decision), and gnubg's rating word
 * for the error per decision (analysis.c `arThrsRating`).
 */
import type { DecisionError } from './decisionErrors';
import type { Seat } from './types';

/** gnubg's rating words, best first, with the error per decision each stays under. */
export const RATINGS = [
  ['Supernatural', 0.002],
  ['World class', 0.005],
  ['Expert', 0.008],
  ['Advanced', 0.012],
  ['Intermediate', 0.018],
  ['Casual player', 0.026],
  ['Beginner', 0.035],
  ['Awful!', Infinity],
] as const;

/** One of gnubg's rating words. */
export type RatingWord = (typeof RATINGS)[number][0];

/** gnubg's rating for an error per decision (normalised equity); null when there were no decisions (gnubg's "N/A"). */
export const ratingOf = (errorPerDecision: number | null): RatingWord | null => {
  if (errorPerDecision === null || !Number.isFinite(errorPerDecision)) return null;
  for (const [word, below] of RATINGS) if (errorPerDecision < below) return word;
  return 'Awful!';
};

/** Equity lost per decision in millipoints (gnubg's mEMG), null without decisions. */
export const millipointsPerDecision = (loss: number, decisions: number): number | null => (decisions > 0 ? (1000 * loss) / decisions : null);

/** One player's decisions in one game (or summed over many), as gnubg counts them. */
export interface SideErrors {
  /** Unforced checker plays, and the normalised equity they lost. */
  checkerDecisions: number;
  checkerLoss: number;
  /** Close or actual cube decisions, and the equity lost in every judged cube decision (gnubg adds missed doubles that were not close). */
  cubeDecisions: number;
  cubeLoss: number;
  /** Checker plays gnubg marks doubtful, bad, very bad (forced ones included: they lose nothing). */
  doubtful: number;
  bad: number;
  veryBad: number;
  /** Analysed cube decisions that could not be judged (a match longer than the match equity table, a rollout). */
  unjudgedCube: number;
}

const emptySide = (): SideErrors => ({ checkerDecisions: 0, checkerLoss: 0, cubeDecisions: 0, cubeLoss: 0, doubtful: 0, bad: 0, veryBad: 0, unjudgedCube: 0 });

/** Both players' sums over a game's judged decisions (index 0 = White, 1 = Black). */
export const sumDecisionErrors = (decisions: readonly DecisionError[], unjudgedCube: readonly [number, number] = [0, 0]): [SideErrors, SideErrors] => {
  const sides: [SideErrors, SideErrors] = [emptySide(), emptySide()];
  sides[0].unjudgedCube = unjudgedCube[0];
  sides[1].unjudgedCube = unjudgedCube[1];
  for (const d of decisions) {
    const s = sides[d.player as Seat];
    if (d.kind === 'checker') {
      if (d.counted) {
        s.checkerDecisions++;
        s.checkerLoss += d.loss;
      }
      if (d.skill === 'doubtful') s.doubtful++;
      else if (d.skill === 'bad') s.bad++;
      else if (d.skill === 'very bad') s.veryBad++;
    } else {
      if (d.counted) s.cubeDecisions++;
      s.cubeLoss += d.loss;
    }
  }
  return sides;
};

/** Error rates and rating words of summed decisions. */
export interface ErrorRates {
  /** Millipoints per unforced checker play, per close cube decision, per both; null without any. */
  checker: number | null;
  cube: number | null;
  overall: number | null;
  checkerRating: RatingWord | null;
  cubeRating: RatingWord | null;
  overallRating: RatingWord | null;
}

/** The rates gnubg prints for sums of decisions and losses. */
export const errorRatesOf = (s: Pick<SideErrors, 'checkerDecisions' | 'checkerLoss' | 'cubeDecisions' | 'cubeLoss'>): ErrorRates => {
  const checker = millipointsPerDecision(s.checkerLoss, s.checkerDecisions);
  const cube = millipointsPerDecision(s.cubeLoss, s.cubeDecisions);
  const overall = millipointsPerDecision(s.checkerLoss + s.cubeLoss, s.checkerDecisions + s.cubeDecisions);
  const word = (loss: number, decisions: number) => ratingOf(decisions > 0 ? loss / decisions : null);
  return {
    checker,
    cube,
    overall,
    checkerRating: word(s.checkerLoss, s.checkerDecisions),
    cubeRating: word(s.cubeLoss, s.cubeDecisions),
    overallRating: word(s.checkerLoss + s.cubeLoss, s.checkerDecisions + s.cubeDecisions),
  };
};
