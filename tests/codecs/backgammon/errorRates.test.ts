/**
 * gnubg's error rates: each decision's verdict computed by hand from its A/DA values (match cube
 * decisions through the Kazaross XG2 match equity table), the sums and rating words, the
 * settings in words, and the three analysed fixtures against the statistics gnubg printed.
 */
import {
  type BgAction,
  type BgNode,
  type MatchState,
  analysisSettingsName,
  decisionErrors,
  errorRatesOf,
  evalSettingsName,
  gnubgRulesetName,
  matchEquity,
  mwcToEquity,
  parseSettingsText,
  ratingOf,
  skillOf,
} from '../../../src/codecs/backgammon';
import { unwrap } from '../../../src/codecs/result';
import { ANALYSED_FIXTURES, expectGnubgFigures, judgeFixture, judgeSgf } from './errorRateFixtures';
import { readFixture } from './fixtures';

/** A match state with the fields the verdicts read; the rest as at the start of a game. */
const state = (matchLength: number, score: [number, number], cubeValue = 1, crawford = false): MatchState => ({
  cubeValue,
  cubeOwner: 'CENTERED',
  diceOwner: 0,
  crawford,
  gameState: 'PLAYING',
  turn: 0,
  doubleOffered: false,
  resignation: 0,
  dice: [0, 0],
  matchLength,
  score,
  jacoby: false,
});

const node = (action: BgNode['action'], ...extra: [string, string[]][]): BgNode => ({
  action,
  extra: extra.map(([id, values]) => ({ id, values })),
  sgf: { properties: [] },
});

/** A DA value: settings, then no double and double/take rows whose last number (the cubeful value) is given. */
const da = (noDouble: number, doubleTake: number) => `E ver 3 2C 1 0.000000 1 0.6 0.1 0 0.05 0 0.2 ${noDouble} 0.6 0.1 0 0.05 0 0.2 ${doubleTake}`;
const candidate = (move: string, equity: number, settings = '2C 0 1 0.000000 1') => `${move} E ver 3 0.5 0.1 0 0.1 0 ${equity} ${settings}`;

const move: BgAction = { kind: 'move', player: 1, dice: [5, 2], moves: [] };
const MONEY = state(0, [0, 0]);

describe('verdicts on one decision', () => {
  it('a checker play loses the first candidate equity minus the played one (0.05 − (−0.02) = 0.07: bad)', () => {
    const judged = unwrap(decisionErrors(node(move, ['A', ['1', candidate('lqsv', 0.05), candidate('lqln', -0.02), candidate('lnsv', -0.03)]]), { state: MONEY }));
    expect(judged.decisions).toEqual([expect.objectContaining({ kind: 'checker', player: 1, decision: 'lqln', played: -0.02, best: 0.05, skill: 'bad', counted: true })]);
    expect(judged.decisions[0].loss).toBeCloseTo(0.07, 12);
  });

  it('a forced play (one candidate) is judged but not counted in the error rate', () => {
    const judged = unwrap(decisionErrors(node(move, ['A', ['0', candidate('xrmi', 0.1)]]), { state: MONEY }));
    expect(judged.decisions).toEqual([expect.objectContaining({ loss: 0, counted: false, skill: 'none' })]);
  });

  it('a rollout candidate has no equity read: the play is left unjudged', () => {
    const judged = unwrap(decisionErrors(node(move, ['A', ['0', 'lqln X ver 3 Score 0.1 Trials 1296', candidate('lqsv', 0.05)]]), { state: MONEY }));
    expect(judged).toEqual({ decisions: [], unjudged: { checker: 1, cube: 0 } });
  });

  it('money: not doubling with ND 0.6, DT 0.9 misses a double worth min(0.9, 1) − 0.6 = 0.3, a close decision', () => {
    const judged = unwrap(decisionErrors(node(move, ['DA', [da(0.6, 0.9)]]), { state: MONEY }));
    expect(judged.decisions).toEqual([expect.objectContaining({ kind: 'cube', decision: 'no double', played: 0.6, best: 0.9, skill: 'very bad', counted: true })]);
    expect(judged.decisions[0].loss).toBeCloseTo(0.3, 12);
  });

  it('money: a no double far from doubling is judged but not counted', () => {
    // ND 0.2, DT −0.4: best = max(0.2, min(−0.4, 1)) = 0.2 (no double); 0.2 − (−0.4) = 0.6 ≥ 0.16: not close.
    expect(unwrap(decisionErrors(node(move, ['DA', [da(0.2, -0.4)]]), { state: MONEY })).decisions).toEqual([expect.objectContaining({ loss: 0, counted: false })]);
  });

  it('money: taking a double worth 1.2 to the doubler loses 0.2 against dropping (−1)', () => {
    const judged = unwrap(decisionErrors(node({ kind: 'take', player: 1 }, ['DA', [da(0.7, 1.2)]]), { state: MONEY }));
    expect(judged.decisions).toEqual([expect.objectContaining({ decision: 'take', played: -1.2, best: -1, counted: true, skill: 'very bad' })]);
    expect(judged.decisions[0].loss).toBeCloseTo(0.2, 12);
  });

  it('money: a beaver is not judged (gnubg skips it)', () => {
    const judged = unwrap(decisionErrors(node({ kind: 'double', player: 1 }, ['DA', [da(0.7, 1.2)]]), { state: MONEY, beaver: true }));
    expect(judged.decisions).toEqual([]);
  });

  it('a 5-point match at 0-0: a take at DT 0.60 MWC loses (2·0.60 − 1)/(0.57732 − 0.42268) − 1 = 0.293326', () => {
    // White doubles at cube 1. Winning 1 point leaves White 4-away against 5-away: MET[3][4] = 0.57732;
    // losing 1, 5-away against 4-away: 0.42268. DT as equity = (1.2 − 1.0) / 0.15464 = 1.293326, a pass = +1.
    const judged = unwrap(decisionErrors(node({ kind: 'take', player: 1 }, ['DA', [da(0.55, 0.6)]]), { state: state(5, [0, 0]) }));
    expect(judged.decisions).toHaveLength(1);
    expect(judged.decisions[0].played).toBeCloseTo(-1.293326, 6);
    expect(judged.decisions[0].best).toBe(-1);
    expect(judged.decisions[0].loss).toBeCloseTo(0.293326, 6);
  });

  it('a 5-point match, cube 2 owned: not doubling at ND 0.62, DT 0.66 MWC loses 1 − 0.24/0.2959 = 0.188915', () => {
    // Black doubles to 4: winning 2 leaves 3-away against 5-away, MET[2][4] = 0.64795; losing 2: 0.35205.
    // ND = (1.24 − 1)/0.2959 = 0.811085, DT = (1.32 − 1)/0.2959 = 1.081446: double/pass is best (+1).
    const judged = unwrap(decisionErrors(node(move, ['DA', [da(0.62, 0.66)]]), { state: state(5, [0, 0], 2) }));
    expect(judged.decisions[0].played).toBeCloseTo(0.811085, 6);
    expect(judged.decisions[0].loss).toBeCloseTo(0.188915, 6);
    expect(judged.decisions[0]).toMatchObject({ best: 1, counted: true, skill: 'very bad' });
  });

  it('a match longer than the match equity table leaves its cube decisions unjudged', () => {
    const judged = unwrap(decisionErrors(node(move, ['DA', [da(0.55, 0.6)]]), { state: state(31, [0, 0]) }));
    expect(judged).toEqual({ decisions: [], unjudged: { checker: 0, cube: 1 } });
  });

  it('a malformed A property is an error naming it', () => {
    const judged = decisionErrors(node(move, ['A', ['x']]), { state: MONEY });
    expect(judged.ok).toBe(false);
    if (!judged.ok) expect(judged.error).toMatchObject({ code: 'ERR_BG_ANALYSIS', field: 'A' });
  });
});

describe('match equities', () => {
  it('reads the pre-Crawford table for both players (5-point match, 0-0, one point won)', () => {
    const m = { matchLength: 5, score: [0, 0] as const, crawford: false };
    expect(matchEquity(m, 0, 1, 0)).toBe(0.57732);
    expect(matchEquity(m, 1, 1, 0)).toBeCloseTo(0.42268, 12);
  });

  it('after the Crawford game uses the post-Crawford table: 2-away trailer against 1-away is 0.48803', () => {
    // 3-point match at 2-1 after the Crawford game: player 1 winning 1 point makes it 2-2 (both 1-away: 0.5).
    const m = { matchLength: 3, score: [2, 0] as const, crawford: false };
    expect(matchEquity(m, 1, 0, 0)).toBe(0.32264);
    expect(matchEquity({ ...m, score: [2, 1] }, 1, 1, 1)).toBe(0.5);
    expect(matchEquity({ ...m, score: [2, 1] }, 1, 2, 1)).toBe(1);
  });

  it('converts a match-winning chance to normalised equity: the table values of winning and losing are +1 and −1', () => {
    const m = { matchLength: 5, score: [0, 0] as const, crawford: false };
    expect(mwcToEquity(0.57732, m, 0, 1)).toBeCloseTo(1, 12);
    expect(mwcToEquity(0.42268, m, 0, 1)).toBeCloseTo(-1, 12);
    expect(mwcToEquity(0.5, m, 0, 1)).toBeCloseTo(0, 12);
  });
});

describe('marks and rating words', () => {
  it('marks a loss above 0.03 doubtful, above 0.06 bad, above 0.12 very bad', () => {
    expect([0.03, 0.0301, 0.06, 0.0601, 0.12, 0.1201].map(skillOf)).toEqual(['none', 'doubtful', 'doubtful', 'bad', 'bad', 'very bad']);
  });

  it('rates an error per decision with gnubg words, each bound exclusive', () => {
    const rated = [0, 0.0019, 0.002, 0.005, 0.008, 0.012, 0.018, 0.026, 0.0349, 0.035].map(ratingOf);
    expect(rated).toEqual(['Supernatural', 'Supernatural', 'World class', 'Expert', 'Advanced', 'Intermediate', 'Casual player', 'Beginner', 'Beginner', 'Awful!']);
    expect(ratingOf(null)).toBeNull();
  });

  it('gives rates in millipoints per decision: 0.07 over 2 plays is 35 (Awful!), no cube decisions give null', () => {
    expect(errorRatesOf({ checkerDecisions: 2, checkerLoss: 0.07, cubeDecisions: 0, cubeLoss: 0 })).toEqual({
      checker: 35,
      cube: null,
      overall: 35,
      checkerRating: 'Awful!',
      cubeRating: null,
      overallRating: 'Awful!',
    });
  });
});

describe('settings in words', () => {
  it('names the A and DA layouts of the same settings alike', () => {
    expect(evalSettingsName(parseSettingsText('0C 0 1 0.000000 1', 'checker'))).toBe('0-ply cubeful');
    expect(evalSettingsName(parseSettingsText('2C 1 0.000000 1', 'cube'))).toBe('2-ply cubeful');
    expect(evalSettingsName(parseSettingsText('1 0 1 0.000000 1', 'checker'))).toBe('1-ply cubeless');
  });

  it('names noise and no pruning only when they are not the defaults', () => {
    expect(evalSettingsName(parseSettingsText('2C 0 0 0.050000 0', 'checker'))).toBe('2-ply cubeful, random noise 0.05, no pruning');
    expect(evalSettingsName(parseSettingsText('0C 1 0.020000 1', 'cube'))).toBe('0-ply cubeful, deterministic noise 0.02');
  });

  it('reads a stored gnubg ruleset, trailing numbers ignored, and a rollout as such', () => {
    expect(gnubgRulesetName('checker:0C 0 1 0.000000 1 0.088224')).toBe('0-ply cubeful (checker play)');
    expect(gnubgRulesetName('cube:2C 1 0.000000 1')).toBe('2-ply cubeful (cube decision)');
    expect(gnubgRulesetName('checker:X ver 3 Score 0.1')).toBe('rollout (checker play)');
    expect(gnubgRulesetName('chinese')).toBeNull();
  });

  it('names a game analysis by its settings, checker and cube apart when they differ', () => {
    const s = (t: string, k: 'checker' | 'cube') => parseSettingsText(t, k);
    expect(analysisSettingsName([s('2C 0 1 0 1', 'checker')], [s('2C 1 0 1', 'cube')])).toBe('2-ply cubeful');
    expect(analysisSettingsName([s('2C 0 1 0 1', 'checker'), s('0C 0 1 0 1', 'checker')], [s('0C 1 0 1', 'cube')])).toBe(
      'checker play 0-ply cubeful / 2-ply cubeful; cube decisions 0-ply cubeful',
    );
    expect(analysisSettingsName([], [])).toBe('');
  });
});

describe('a game judged whole', () => {
  it('sums the hand fixture: Amy 1 play and 1 double lost nothing; Ben lost 0.07 in 2 plays and 0.482242 in 2 cube decisions', () => {
    // hand_analysed_5p.sgf (see the README): Amy's opening (2 candidates, the first played), her forced 64
    // (1 candidate, not counted) and her double (correct); Ben's 52 (0.07 lost, bad), his take
    // (0.293326 lost) and his no double at cube 2 (0.188915 lost, close), and his 31 (the first candidate).
    const [amy, ben] = judgeSgf(readFixture('hand_analysed_5p.sgf')).sides;
    expect(amy).toEqual({ checkerDecisions: 1, checkerLoss: 0, cubeDecisions: 1, cubeLoss: 0, doubtful: 0, bad: 0, veryBad: 0, unjudgedCube: 0 });
    expect(ben).toMatchObject({ checkerDecisions: 2, cubeDecisions: 2, doubtful: 0, bad: 1, veryBad: 0, unjudgedCube: 0 });
    expect(ben.checkerLoss).toBeCloseTo(0.07, 12);
    expect(ben.cubeLoss).toBeCloseTo(0.293326 + 0.188915, 5);
  });
});

describe.each(ANALYSED_FIXTURES)('$file against the statistics gnubg 1.07.001 printed', ({ file, gnubg }) => {
  const { sides } = judgeFixture(file);

  it.each([0, 1] as const)('player %i: counts, totals and rates to gnubg rounding, and its rating words', (seat) => {
    expectGnubgFigures(sides[seat], gnubg[seat]);
  });
});
