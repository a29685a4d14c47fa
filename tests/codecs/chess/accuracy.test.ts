import {
  type WhiteEvaluation,
  analyseLine,
  judgeMove,
  moveAccuracy,
  parseClock,
  winPercent,
  winningChances,
} from '../../../src/codecs/chess';

const cp = (n: number): WhiteEvaluation => ({ cp: n });
const mate = (n: number): WhiteEvaluation => ({ mate: n });

/*
 * Lichess's curves by hand (e = exp):
 *   winningChances(cp) = 2 / (1 + e^(-0.00368208 cp)) - 1;  win%(cp) = 50 + 50 * winningChances(min(max(cp, -1000), 1000))
 *   cp  15: e^(-0.0552312)  = 0.946266, 2/1.946266 - 1 = 0.027609, win% 51.3804
 *   cp  35: e^(-0.1288728)  = 0.879091, 2/1.879091 - 1 = 0.064347, win% 53.2174
 *   cp  40: e^(-0.1472832)  = 0.863049, 2/1.863049 - 1 = 0.073509, win% 53.6754
 *   cp -250: e^(0.92052)    = 2.510603, 2/3.510603 - 1 = -0.430296, win% 28.4852
 *   move accuracy(drop d) = 103.1668100711649 e^(-0.04354415386753951 d) - 3.166924740191411 + 1
 */
describe('lichess win% and move accuracy', () => {
  it('gives 50% to an even position and 51.38% to the +15 cp lichess assumes at the start', () => {
    expect(winPercent(cp(0), true)).toBe(50);
    expect(winPercent(cp(15), true)).toBeCloseTo(51.3804, 4);
  });

  it('ceils centipawns at ±1000 and counts a mate as ±1000', () => {
    // win%(1000) = 50 + 50 (2 / (1 + e^-3.68208) - 1) = 50 + 50 (2 / 1.025173 - 1) = 50 + 50 * 0.950895 = 97.5447
    expect(winPercent(cp(1000), true)).toBeCloseTo(97.5447, 4);
    expect(winPercent(cp(5000), true)).toBe(winPercent(cp(1000), true));
    expect(winPercent(mate(3), false)).toBe(winPercent(cp(1000), true));
    expect(winPercent(mate(-1), true)).toBeCloseTo(2.4553, 4);
  });

  it('reads a mate distance of 0 as the side to move being mated', () => {
    expect(winPercent(mate(0), false)).toBeCloseTo(97.5447, 4); // Black to move, mated: White wins
    expect(winPercent(mate(0), true)).toBeCloseTo(2.4553, 4);
  });

  it('gives 100 to a move that keeps the win% and 64.58 to one that drops it 10 points', () => {
    expect(moveAccuracy(50, 50)).toBe(100);
    expect(moveAccuracy(40, 55)).toBe(100);
    // 103.16681 e^(-0.4354415) - 3.16692 + 1 = 103.16681 * 0.647004 - 2.16692 = 64.5798
    expect(moveAccuracy(60, 50)).toBeCloseTo(64.5798, 4);
  });

  it('never gives less than 0', () => {
    // 103.16681 e^(-4.354) - 2.16692 = 1.3267 - 2.1669 < 0
    expect(moveAccuracy(100, 0)).toBe(0);
  });
});

describe('lichess move verdicts', () => {
  // winningChances: 0 -> 0; 55 -> 2/(1 + e^-0.2025144) - 1 = 2/1.816675 - 1 = 0.100913; 54 -> 2/1.819687 - 1 = 0.099090
  it('calls a drop of 0.1 winning chances an inaccuracy, and a smaller one nothing', () => {
    expect(winningChances(55)).toBeCloseTo(0.100913, 6);
    expect(judgeMove(cp(55), cp(0), true)).toBe('INACCURACY');
    expect(judgeMove(cp(54), cp(0), true)).toBeNull();
  });

  it('calls drops of 0.2 and 0.3 mistakes and blunders, for either side', () => {
    // winningChances(112) = 0.203323 -> mistake; (170) = 0.303143 -> blunder
    expect(judgeMove(cp(112), cp(0), true)).toBe('MISTAKE');
    expect(judgeMove(cp(170), cp(0), true)).toBe('BLUNDER');
    // Black's drop is White's gain: from -170 to 0 is a blunder by Black; from 0 to -170 a gain.
    expect(judgeMove(cp(-170), cp(0), false)).toBe('BLUNDER');
    expect(judgeMove(cp(0), cp(-170), false)).toBeNull();
  });

  it('judges a mate against the mover by how bad the position was before', () => {
    expect(judgeMove(cp(-1200), mate(-5), true)).toBe('INACCURACY');
    expect(judgeMove(cp(-800), mate(-5), true)).toBe('MISTAKE');
    expect(judgeMove(cp(-300), mate(-5), true)).toBe('BLUNDER');
    // Black to move, White now mates: a mate against Black.
    expect(judgeMove(cp(300), mate(4), false)).toBe('BLUNDER');
  });

  it('judges a lost mate by how good the position still is after', () => {
    expect(judgeMove(mate(3), cp(1200), true)).toBe('INACCURACY');
    expect(judgeMove(mate(3), cp(800), true)).toBe('MISTAKE');
    expect(judgeMove(mate(3), cp(200), true)).toBe('BLUNDER');
    expect(judgeMove(mate(3), mate(-2), true)).toBe('BLUNDER');
    // A longer mate is not judged (lichess's MateDelayed).
    expect(judgeMove(mate(3), mate(5), true)).toBeNull();
  });
});

describe('analyseLine', () => {
  /*
   * 1. e4 {+0.35} e5 {+0.40} 2. Qh5 {-2.50}, from lichess's assumed +0.15.
   * White's win% after each ply: W0 51.3804, W1 53.2174, W2 53.6754, W3 28.4852.
   * Ply 1 (White) 15 -> 35: loss max(0, 15 - 35) = 0; win% rose: accuracy 100; no verdict.
   * Ply 2 (Black) 35 -> 40: loss max(0, (35 - 40) * -1) = 5; Black's win% drop W2 - W1 = 0.45807;
   *   accuracy 103.16681 e^(-0.0199462) - 2.16692 = 103.16681 * 0.980252 - 2.16692 = 98.9625;
   *   winning chances drop 0.073509 - 0.064347 = 0.00916: no verdict.
   * Ply 3 (White) 40 -> -250: loss 290; win% drop 53.6754 - 28.4852 = 25.1902;
   *   accuracy 103.16681 e^(-1.096893) - 2.16692 = 103.16681 * 0.333926 - 2.16692 = 32.2814;
   *   winning chances drop 0.073509 + 0.430296 = 0.5038 >= 0.3: blunder.
   * Game accuracy: 3 evaluated plies, window size max(2, 3 / 10) = 2; each move's window is
   *   {W(i-1), W(i)}, population deviation |W(i-1) - W(i)| / 2:
   *   ply 1: 0.91847 (in 0.5..12), ply 3: 12.595 -> 12.
   *   White: weighted (100 * 0.91847 + 32.2814 * 12) / 12.91847 = 37.0960,
   *          harmonic 2 / (1/100 + 1/32.2814) = 48.8071, accuracy (37.0960 + 48.8071) / 2 = 42.9516.
   *   Black: one move, both means 98.9625.
   */
  const line = analyseLine([cp(35), cp(40), cp(-250)]);

  it('judges each move: centipawn loss, accuracy and verdict', () => {
    expect(line.moves.map((m) => [m.ply, m.white, m.loss, m.judgement])).toEqual([
      [1, true, 0, null],
      [2, false, 5, null],
      [3, true, 290, 'BLUNDER'],
    ]);
    expect(line.moves[0].accuracy).toBe(100);
    expect(line.moves[1].accuracy).toBeCloseTo(98.9625, 4);
    expect(line.moves[2].accuracy).toBeCloseTo(32.2814, 4);
    expect(line.moves[2].winPercent).toBeCloseTo(28.4852, 4);
  });

  it("sums each side's moves, loss and verdicts, with lichess's game accuracy", () => {
    expect(line.start).toEqual({ cp: 15 });
    expect(line.startAssumed).toBe(true);
    expect(line.white).toMatchObject({ moves: 2, loss: 290, averageLoss: 145, inaccuracies: 0, mistakes: 0, blunders: 1 });
    expect(line.white.accuracy).toBeCloseTo(42.9516, 3);
    expect(line.black).toMatchObject({ moves: 1, loss: 5, averageLoss: 5, inaccuracies: 0, mistakes: 0, blunders: 0 });
    expect(line.black.accuracy).toBeCloseTo(98.9625, 4);
  });

  it('takes the start evaluation the game gives instead of +15', () => {
    // From +0.60: White's first move 60 -> 35 loses 25.
    const given = analyseLine([cp(35), cp(40), cp(-250)], { start: cp(60) });
    expect(given.startAssumed).toBe(false);
    expect(given.moves[0].loss).toBe(25);
  });

  it('does not judge a move without an evaluation before or after it', () => {
    // Ply 2 has none: plies 2 and 3 are not judged; ply 4 (Black, +40 -> +40) is.
    const gaps = analyseLine([cp(35), null, cp(40), cp(40)]);
    expect(gaps.moves.map((m) => m.loss)).toEqual([0, null, null, 0]);
    expect(gaps.white.moves).toBe(1);
    expect(gaps.black.moves).toBe(1);
  });

  it('leaves a side without judged moves without averages', () => {
    const one = analyseLine([cp(20)]);
    expect(one.black).toEqual({ moves: 0, loss: 0, averageLoss: null, accuracy: null, inaccuracies: 0, mistakes: 0, blunders: 0 });
  });

  it('counts a mate as 1000 centipawns in the loss', () => {
    // Black to move at +3.00 walks into mate: 300 -> mate for White = 1000; Black lost 700.
    const mated = analyseLine([cp(300), mate(2)], { start: cp(300) });
    expect(mated.moves[1]).toMatchObject({ loss: 700, judgement: 'BLUNDER' });
  });

  it('lets Black move first in a game from a set-up position', () => {
    // Black's move from +15 to +200 loses 185 and is a blunder (White's winning chances 0.027609 -> 0.352423: Black drops 0.3248).
    const black = analyseLine([cp(200), cp(200)], { whiteMovesFirst: false });
    expect(black.moves.map((m) => [m.white, m.loss, m.judgement])).toEqual([
      [false, 185, 'BLUNDER'],
      [true, 0, null],
    ]);
  });

  // lila's own expectations (modules/analyse/src/test/AccuracyPercentTest.scala), same tolerances.
  it("agrees with lichess's tests: 20 perfect moves and a white blunder", () => {
    const a = analyseLine([...Array<WhiteEvaluation>(20).fill(cp(15)), cp(-900)]);
    expect(Math.abs((a.white.accuracy as number) - 50)).toBeLessThanOrEqual(5);
    expect(Math.abs((a.black.accuracy as number) - 100)).toBeLessThanOrEqual(1);
  });

  it("agrees with lichess's tests: 50 terrible moves (500 cpl) on each side", () => {
    const a = analyseLine(Array.from({ length: 100 }, (_, i) => cp(i % 2 === 0 ? -435 : 15)));
    expect(Math.abs((a.white.accuracy as number) - 20)).toBeLessThanOrEqual(8);
    expect(Math.abs((a.black.accuracy as number) - 20)).toBeLessThanOrEqual(8);
    expect(a.white.averageLoss).toBe(450);
  });
});

describe('parseClock', () => {
  it('reads [%clk h:mm:ss] in seconds', () => {
    expect(parseClock('[%eval 0.2] [%clk 0:03:05]')).toBe(185);
    expect(parseClock('[%clk 1:00:00.5]')).toBe(3600.5);
  });
  it('is null without a clock', () => {
    expect(parseClock('good move')).toBeNull();
  });
});
