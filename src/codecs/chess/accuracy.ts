/**
 * What a line's engine evaluations say of each player's moves, by lichess's published formulas:
 * win%, the centipawn loss of each move, move and game accuracy, and inaccuracies, mistakes and
 * blunders. Pure functions over numbers; the PGN reader feeds them the main line's `[%eval]` (or
 * cutechess `+0.13/12`) comments, the evaluation graph the same for one game.
 *
 * Sources (lichess-org/lila and lichess-org/scalachess, read through the code index in 2026):
 * - win%: scalachess `core/src/main/scala/eval.scala` `WinPercent.fromCentiPawns`:
 *   `50 + 50 * winningChances(cp ceiled to ±1000)`, `winningChances(cp) = 2 / (1 + exp(-0.00368208 * cp)) - 1`
 *   clamped to -1..1; a mate is ±1000 cp (`fromMate`, `Cp.CEILING`).
 * - move accuracy: lila `modules/analyse/src/main/AccuracyPercent.scala` `fromWinPercents`:
 *   100 when the mover's win% did not drop, else `103.1668100711649 * exp(-0.04354415386753951 * drop)
 *   - 3.166924740191411 + 1` (the "uncertainty bonus"), clamped to 0..100.
 * - game accuracy: the same file's `gameAccuracy`: win% of the start (`Cp.initial`, +15 cp) and of
 *   every ply; window size `clamp(plies / 10, 2, 8)`; move k (from 0) is weighted by the population
 *   standard deviation (scalalib `Maths.standardDeviation`) of the window of win% that ends with its
 *   "after" value (the first windows all being the first `size` values), clamped to 0.5..12; a side's
 *   accuracy is the mean of the weighted mean and the harmonic mean (each value at least 1) of its
 *   move accuracies.
 * - centipawn loss: lila `modules/analyse/src/main/AccuracyCP.scala` `diffsList`: both evaluations
 *   ceiled to ±1000 (a mate counts as ±1000), the mover's drop, at least 0. So one move loses at
 *   most 2000 cp (from +1000 to -1000), not 1000. Lichess shows the mean rounded to an integer.
 * - inaccuracy, mistake, blunder: lila `modules/tree/src/main/Advice.scala` `CpAdvice`: the mover's
 *   drop in `winningChances` (-1..1, of the evaluations as given, not ceiled) of at least 0.1, 0.2,
 *   0.3 (5, 10, 15 points of win%); and `MateAdvice` when a mate appears or is lost: a mate against
 *   the mover appearing is an inaccuracy from below -999 cp, a mistake from below -700, else a
 *   blunder; the mover's mate lost is an inaccuracy above +999 cp after, a mistake above +700,
 *   else a blunder.
 *
 * Where tabula differs, and why: lichess judges a move only where its analysis has a best line
 * (`Info.hasVariation`); a PGN's comments carry no such flag, so every move with an evaluation
 * before and after is judged. Lichess drops missing evaluations from the game-accuracy list
 * (shifting the plies after a gap); here plies keep their places, a move is judged only when both
 * its evaluations are known, and a window's deviation is over the win% known in it (for a fully
 * evaluated line this is exactly lichess's computation). A mate distance of 0 (`#0`) means the
 * side to move is mated.
 */

/** An engine's evaluation of a position from White's point of view: centipawns, or moves to mate (positive: White mates; 0: the side to move is mated). */
export type WhiteEvaluation = { cp: number; mate?: undefined } | { mate: number; cp?: undefined };

/** Lichess's verdicts on a move, mildest first. */
export const MOVE_JUDGEMENTS = ['INACCURACY', 'MISTAKE', 'BLUNDER'] as const;
export type MoveJudgement = (typeof MOVE_JUDGEMENTS)[number];

/** The evaluation lichess takes for the start position when no analysis gives one (`Cp.initial`): White +15 cp. */
export const START_EVALUATION: WhiteEvaluation = { cp: 15 };

/** Evaluations are ceiled to ±1000 cp (and a mate counts as ±1000) for win% and centipawn loss (`Cp.CEILING`). */
export const CP_CEILING = 1000;

/** The slope of lichess's win% curve (lila pull request 11148). */
const WIN_MULTIPLIER = -0.00368208;

/** Winning-chance drops (on -1..1) at which a move is an inaccuracy, a mistake, a blunder (`CpAdvice.winningChanceJudgements`). */
export const JUDGEMENT_THRESHOLDS: Readonly<Record<MoveJudgement, number>> = { INACCURACY: 0.1, MISTAKE: 0.2, BLUNDER: 0.3 };

const clamp = (x: number, lo: number, hi: number): number => (x < lo ? lo : x > hi ? hi : x);

/** Lichess's winning chances of `cp` centipawns: -1 (lost) .. +1 (won), from the same side's view. */
export const winningChances = (cp: number): number => clamp(2 / (1 + Math.exp(WIN_MULTIPLIER * cp)) - 1, -1, 1);

/**
 * The evaluation as centipawns ceiled to ±1000, from White's view; a mate is ±1000.
 * `whiteToMove` says who is to move in the position, for a mate distance of 0 (that side is mated).
 */
export const ceiledCentipawns = (e: WhiteEvaluation, whiteToMove: boolean): number => {
  if (e.mate === undefined) return clamp(e.cp, -CP_CEILING, CP_CEILING);
  const whiteWins = e.mate === 0 ? !whiteToMove : e.mate > 0;
  return whiteWins ? CP_CEILING : -CP_CEILING;
};

/** White's win% (0..100) in a position with this evaluation. */
export const winPercent = (e: WhiteEvaluation, whiteToMove: boolean): number => 50 + 50 * winningChances(ceiledCentipawns(e, whiteToMove));

/** The accuracy (0..100) of a move that took the mover's win% from `before` to `after`. */
export const moveAccuracy = (before: number, after: number): number => {
  if (after >= before) return 100;
  const raw = 103.1668100711649 * Math.exp(-0.04354415386753951 * (before - after)) - 3.166924740191411;
  return clamp(raw + 1, 0, 100);
};

/** Lichess's verdict on a move between two evaluations (White's view), or null when it is none of the three. */
export const judgeMove = (before: WhiteEvaluation, after: WhiteEvaluation, moverWhite: boolean): MoveJudgement | null => {
  const sign = moverWhite ? 1 : -1;
  if (before.cp !== undefined && after.cp !== undefined) {
    const drop = (winningChances(before.cp) - winningChances(after.cp)) * sign;
    for (const j of ['BLUNDER', 'MISTAKE', 'INACCURACY'] as const) if (drop >= JUDGEMENT_THRESHOLDS[j]) return j;
    return null;
  }
  // Mates from the mover's view; an evaluation without one counts as 0 cp where lichess reads its centipawns.
  const prevMate = before.mate === undefined ? undefined : before.mate * sign;
  const nextMate = after.mate === undefined ? undefined : after.mate * sign;
  const prevCp = before.cp === undefined ? 0 : before.cp * sign;
  const nextCp = after.cp === undefined ? 0 : after.cp * sign;
  if (prevMate === undefined && nextMate !== undefined && nextMate < 0) {
    // Mate against the mover appeared.
    return prevCp < -999 ? 'INACCURACY' : prevCp < -700 ? 'MISTAKE' : 'BLUNDER';
  }
  if (prevMate !== undefined && prevMate > 0 && (nextMate === undefined || nextMate < 0)) {
    // The mover's own mate was lost.
    return nextCp > 999 ? 'INACCURACY' : nextCp > 700 ? 'MISTAKE' : 'BLUNDER';
  }
  return null;
};

/** One move of the line as the analysis saw it. */
export interface EvaluatedMove {
  /** Half moves from the line's start (the first move is 1). */
  ply: number;
  /** Whether White made the move. */
  white: boolean;
  /** The evaluation of the position the move reached, or null when the line gives none. */
  evaluation: WhiteEvaluation | null;
  /** White's win% (0..100) after the move, or null without an evaluation. */
  winPercent: number | null;
  /** Centipawns the mover lost (lichess's ceiled difference, at least 0); null when the move is not judged. */
  loss: number | null;
  /** The move's accuracy (0..100); null when the move is not judged. */
  accuracy: number | null;
  /** Inaccuracy, mistake or blunder; null when none (or not judged). */
  judgement: MoveJudgement | null;
}

/** One side's figures over the line. */
export interface SideFigures {
  /** Moves judged: moves of this side with an evaluation before and after. */
  moves: number;
  /** Centipawns lost over those moves, summed. */
  loss: number;
  /** `loss / moves` (lichess's ACPL, unrounded); null without judged moves. */
  averageLoss: number | null;
  /** Lichess's game accuracy (0..100); null without judged moves. */
  accuracy: number | null;
  inaccuracies: number;
  mistakes: number;
  blunders: number;
}

/** What `analyseLine` finds. */
export interface LineAnalysis {
  /** The evaluation taken for the start position, and whether it is lichess's assumed +15 cp. */
  start: WhiteEvaluation;
  startAssumed: boolean;
  startWinPercent: number;
  moves: EvaluatedMove[];
  white: SideFigures;
  black: SideFigures;
}

/** Options of `analyseLine`. */
export interface LineOptions {
  /** Whether White makes the line's first move (default true). */
  whiteMovesFirst?: boolean;
  /** The start position's evaluation when the game gives one; else lichess's +15 cp. */
  start?: WhiteEvaluation | null;
}

const populationDeviation = (xs: number[]): number => {
  if (xs.length === 0) return 0;
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / xs.length);
};

/**
 * Lichess's figures for a line: `evaluations[k]` is the evaluation (White's view) of the position
 * after the line's (k+1)-th move, null where the line gives none. Every move with an evaluation
 * before it (the previous move's, or the start's for the first) and after it is judged.
 */
export function analyseLine(evaluations: readonly (WhiteEvaluation | null)[], options: LineOptions = {}): LineAnalysis {
  const whiteFirst = options.whiteMovesFirst ?? true;
  const start = options.start ?? START_EVALUATION;
  const n = evaluations.length;
  // Who moves at ply i (1-based): White at odd plies when White starts.
  const whiteMovesAt = (ply: number): boolean => (ply % 2 === 1) === whiteFirst;
  // White's win% at ply 0..n (the position after ply i), null where unknown.
  const win: (number | null)[] = [winPercent(start, whiteFirst)];
  for (let i = 1; i <= n; i++) {
    const e = evaluations[i - 1];
    win.push(e ? winPercent(e, !whiteMovesAt(i)) : null);
  }
  const known = evaluations.reduce((c, e) => c + (e ? 1 : 0), 0);
  const windowSize = clamp(Math.floor(known / 10), 2, 8);

  const moves: EvaluatedMove[] = [];
  const weighted: Record<'white' | 'black', { accuracy: number; weight: number }[]> = { white: [], black: [] };
  const figures = (): SideFigures => ({ moves: 0, loss: 0, averageLoss: null, accuracy: null, inaccuracies: 0, mistakes: 0, blunders: 0 });
  const sides = { white: figures(), black: figures() };
  for (let i = 1; i <= n; i++) {
    const white = whiteMovesAt(i);
    const before = i === 1 ? start : evaluations[i - 2];
    const after = evaluations[i - 1];
    const move: EvaluatedMove = { ply: i, white, evaluation: after, winPercent: win[i], loss: null, accuracy: null, judgement: null };
    moves.push(move);
    if (!before || !after) continue;
    const sign = white ? 1 : -1;
    const loss = Math.max(0, (ceiledCentipawns(before, white) - ceiledCentipawns(after, !white)) * sign);
    const wb = win[i - 1] as number;
    const wa = win[i] as number;
    const accuracy = white ? moveAccuracy(wb, wa) : moveAccuracy(100 - wb, 100 - wa);
    const judgement = judgeMove(before, after, white);
    move.loss = loss;
    move.accuracy = accuracy;
    move.judgement = judgement;
    const side = sides[white ? 'white' : 'black'];
    side.moves++;
    side.loss += loss;
    if (judgement === 'INACCURACY') side.inaccuracies++;
    else if (judgement === 'MISTAKE') side.mistakes++;
    else if (judgement === 'BLUNDER') side.blunders++;
    // The window of win% ending with this move's "after" value (the first ones are the first windowSize values).
    const from = Math.max(0, i + 1 - windowSize);
    const to = Math.min(n + 1, Math.max(i + 1, windowSize));
    const window = win.slice(from, to).filter((w): w is number => w !== null);
    weighted[white ? 'white' : 'black'].push({ accuracy, weight: clamp(populationDeviation(window), 0.5, 12) });
  }
  for (const name of ['white', 'black'] as const) {
    const side = sides[name];
    const list = weighted[name];
    if (side.moves === 0) continue;
    side.averageLoss = side.loss / side.moves;
    const weightSum = list.reduce((a, m) => a + m.weight, 0);
    const weightedMean = list.reduce((a, m) => a + m.accuracy * m.weight, 0) / weightSum;
    const harmonicMean = list.length / list.reduce((a, m) => a + 1 / Math.max(1, m.accuracy), 0);
    side.accuracy = (weightedMean + harmonicMean) / 2;
  }
  return { start, startAssumed: !options.start, startWinPercent: win[0] as number, moves, white: sides.white, black: sides.black };
}

const CLOCK_RE = /\[%clk\s+(\d+):(\d{1,2}):(\d{1,2}(?:\.\d+)?)\s*\]/;

/** The clock a comment's `[%clk h:mm:ss]` gives (the mover's time left after the move), in seconds; null when none. */
export const parseClock = (comment: string): number | null => {
  if (!comment.includes('[%clk')) return null;
  const m = CLOCK_RE.exec(comment);
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : null;
};
