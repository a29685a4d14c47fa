/**
 * The analysed backgammon fixtures (tests/fixtures/backgammon, see its README) and what gnubg
 * 1.07.001 printed for them (`show statistics match` after loading each file), for the error-rate
 * tests and the live oracle.
 */
import {
  type DecisionError,
  type SideErrors,
  decisionErrors,
  errorRatesOf,
  parseBackgammonSgf,
  replayGame,
  sumDecisionErrors,
} from '../../../src/codecs/backgammon';
import { unwrap } from '../../../src/codecs/result';
import { readFixture } from './fixtures';

/** One player's line of gnubg's statistics: the figures it prints, as it rounds them. */
export interface GnubgStatistics {
  unforced: number;
  doubtful: number;
  bad: number;
  veryBad: number;
  /** Error totals, EMG, 3 decimals. */
  checkerTotal: number;
  cubeTotal: number;
  /** Close or actual cube decisions. */
  closeCube: number;
  /** Error rates, mEMG, 1 decimal. */
  checkerRate: number;
  cubeRate: number;
  overallRate: number;
  checkerRating: string;
  cubeRating: string;
  overallRating: string;
}

/** The analysed fixtures and gnubg 1.07.001's statistics of each, player 0 (White) then player 1. */
export const ANALYSED_FIXTURES: { file: string; players: [string, string]; gnubg: [GnubgStatistics, GnubgStatistics] }[] = [
  {
    file: 'gnubg107_analysed_5p.sgf',
    players: ['Amy', 'Ben'],
    gnubg: [
      { unforced: 39, doubtful: 4, bad: 4, veryBad: 7, checkerTotal: 2.365, checkerRate: 60.6, closeCube: 6, cubeTotal: 1.772, cubeRate: 295.3, overallRate: 91.9, checkerRating: 'Awful!', cubeRating: 'Awful!', overallRating: 'Awful!' },
      { unforced: 43, doubtful: 2, bad: 3, veryBad: 2, checkerTotal: 0.816, checkerRate: 19.0, closeCube: 14, cubeTotal: 0.93, cubeRate: 66.4, overallRate: 30.6, checkerRating: 'Casual player', cubeRating: 'Awful!', overallRating: 'Beginner' },
    ],
  },
  {
    file: 'gnubg107_analysed_3p_crawford.sgf',
    players: ['Amy', 'Ben'],
    gnubg: [
      { unforced: 70, doubtful: 10, bad: 6, veryBad: 15, checkerTotal: 4.761, checkerRate: 68.0, closeCube: 4, cubeTotal: 0.135, cubeRate: 33.7, overallRate: 66.2, checkerRating: 'Awful!', cubeRating: 'Beginner', overallRating: 'Awful!' },
      { unforced: 72, doubtful: 7, bad: 7, veryBad: 18, checkerTotal: 4.587, checkerRate: 63.7, closeCube: 1, cubeTotal: 0, cubeRate: 0, overallRate: 62.8, checkerRating: 'Awful!', cubeRating: 'Supernatural', overallRating: 'Awful!' },
    ],
  },
  {
    file: 'gnubg107_analysed_money_beavers.sgf',
    players: ['Cal', 'Dee'],
    gnubg: [
      { unforced: 39, doubtful: 2, bad: 5, veryBad: 6, checkerTotal: 2.555, checkerRate: 65.5, closeCube: 23, cubeTotal: 1.432, cubeRate: 62.2, overallRate: 64.3, checkerRating: 'Awful!', cubeRating: 'Awful!', overallRating: 'Awful!' },
      { unforced: 52, doubtful: 3, bad: 6, veryBad: 6, checkerTotal: 2.212, checkerRate: 42.5, closeCube: 10, cubeTotal: 3.779, cubeRate: 377.9, overallRate: 96.6, checkerRating: 'Awful!', cubeRating: 'Awful!', overallRating: 'Awful!' },
    ],
  },
];

/** Every judged decision of an SGF text's games, as the SGF reader judges them, and both players' sums. */
export const judgeSgf = (text: string): { decisions: DecisionError[]; sides: [SideErrors, SideErrors] } => {
  const decisions: DecisionError[] = [];
  const unjudged: [number, number] = [0, 0];
  for (const game of unwrap(parseBackgammonSgf(text)).games) {
    const { plies } = unwrap(replayGame(game));
    for (let k = 1; k < plies.length; k++) {
      const ply = plies[k];
      if (ply.nodeIndex === null || ply.player === null) continue;
      const judged = unwrap(decisionErrors(game.nodes[ply.nodeIndex], { state: plies[k - 1].match, beaver: ply.kind === 'beaver' }));
      decisions.push(...judged.decisions);
      unjudged[ply.player] += judged.unjudged.cube;
    }
  }
  return { decisions, sides: sumDecisionErrors(decisions, unjudged) };
};

/** `judgeSgf` of a fixture file. */
export const judgeFixture = (file: string) => judgeSgf(readFixture(file));

/** Expects one side's sums to be what gnubg printed: counts equal, totals and rates to gnubg's rounding, its rating words. */
export function expectGnubgFigures(s: SideErrors, g: GnubgStatistics): void {
  const rates = errorRatesOf(s);
  expect([s.checkerDecisions, s.doubtful, s.bad, s.veryBad, s.cubeDecisions]).toEqual([g.unforced, g.doubtful, g.bad, g.veryBad, g.closeCube]);
  expect(s.checkerLoss).toBeCloseTo(g.checkerTotal, 3);
  expect(s.cubeLoss).toBeCloseTo(g.cubeTotal, 3);
  expect(rates.checker).toBeCloseTo(g.checkerRate, 1);
  expect(rates.cube).toBeCloseTo(g.cubeRate, 1);
  expect(rates.overall).toBeCloseTo(g.overallRate, 1);
  expect([rates.checkerRating, rates.cubeRating, rates.overallRating]).toEqual([g.checkerRating, g.cubeRating, g.overallRating]);
}
