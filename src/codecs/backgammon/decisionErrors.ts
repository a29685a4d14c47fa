/**
 * gnubg's verdict on each decision of a node, as its match statistics count it (gnubg
 * analysis.c `updateStatcontext`, eval.c `FindCubeDecision`, `isCloseCubedecision`):
 *
 * - a checker play (`A`) loses the first candidate's equity minus the played one's (gnubg's
 *   `rScore`, normalised equity, cubeful in match play too); it counts in the error rate when
 *   it was unforced (more than one candidate);
 * - a cube decision (`DA`) compares no double, double/take and double/pass as normalised
 *   equity for the player who may double: money values are already normalised and a pass is
 *   +1; match values are match-winning chances, converted with gnubg's default match equity
 *   table (`met.ts`), where a pass is +1 by construction. The best choice is no double unless
 *   doubling is at least as good (`max(ND, min(DT, DP))`). A double, take or drop always
 *   counts in the error rate; a no double counts when it was close (best − min(DT, 1) < 0.16);
 *   a missed double's loss is added either way, as gnubg does.
 *
 * Skill marks follow gnubg's thresholds on the loss: doubtful > 0.03, bad > 0.06, very bad > 0.12.
 */
import { type EvalSettings, parseCubeAnalysis, summariseMoveAnalysis } from './analysis';
import { type MatchScore, mwcToEquity } from './met';
import type { Result } from '../result';
import { ok } from '../result';
import type { BgNode } from './sgfGame';
import type { MatchState, Seat } from './types';

/** gnubg's skill marks, from its `arSkillLevel` thresholds on the normalised equity lost. */
export type SkillMark = 'none' | 'doubtful' | 'bad' | 'very bad';

/** Loss above which a decision is doubtful, bad, very bad (gnubg `arSkillLevel`). */
export const SKILL_THRESHOLDS = { doubtful: 0.03, bad: 0.06, veryBad: 0.12 } as const;

/** The mark gnubg gives a decision that lost `loss` (normalised equity). */
export const skillOf = (loss: number): SkillMark =>
  loss > SKILL_THRESHOLDS.veryBad ? 'very bad' : loss > SKILL_THRESHOLDS.bad ? 'bad' : loss > SKILL_THRESHOLDS.doubtful ? 'doubtful' : 'none';

/** A no double is a close decision when the best choice is within this of min(DT, 1) (gnubg `isCloseCubedecision`). */
export const CLOSE_CUBE = 0.16;

/** One decision as gnubg's statistics judge it. */
export interface DecisionError {
  kind: 'checker' | 'cube';
  /** Who decided: the mover, the doubler, or the player who took or dropped. */
  player: Seat;
  /** The move as SGF letters, or `no double`, `double`, `take`, `drop`. */
  decision: string;
  /** Normalised equity of the choice made and of the best one, from the deciding player's side. */
  played: number;
  best: number;
  /** best − played: the normalised equity lost (gnubg's error). */
  loss: number;
  /** Counted in the error rate's denominator: an unforced checker play; a close no double, or any double, take or drop. */
  counted: boolean;
  skill: SkillMark;
  settings: EvalSettings;
}

/** A node's judged decisions, and how many analysed decisions could not be judged. */
export interface NodeErrors {
  decisions: DecisionError[];
  /** Analysed decisions without a verdict: rollouts, match cube decisions beyond the match equity table. */
  unjudged: { checker: number; cube: number };
}

/** Where a node's decisions are made. */
export interface DecisionPlace {
  /** The match state before the node's action (the Match ID of the position the decision is made in). */
  state: MatchState;
  /**
   * The node's action is a beaver (a `double` by the doubled player): gnubg does not judge it.
   * The take that answers a beaver is judged as a take of the double, with the same `DA`, as gnubg does.
   */
  beaver?: boolean;
}

const other = (s: Seat): Seat => (s === 0 ? 1 : 0);

/** The cube decision's three values as normalised equity for the player who may double; null when they cannot be had. */
const cubeValues = (noDouble: number, doubleTake: number, state: MatchState, doubler: Seat): { nd: number; dt: number; dp: number } | null => {
  if (state.matchLength === 0) return { nd: noDouble, dt: doubleTake, dp: 1 };
  const score: MatchScore = { matchLength: state.matchLength, score: state.score, crawford: state.crawford };
  const nd = mwcToEquity(noDouble, score, doubler, state.cubeValue);
  const dt = mwcToEquity(doubleTake, score, doubler, state.cubeValue);
  return nd === null || dt === null ? null : { nd, dt, dp: 1 };
};

/** The verdicts on a node's checker play (`A`) and cube decision (`DA`); a malformed property is an error naming it. */
export const decisionErrors = (node: BgNode, place: DecisionPlace): Result<NodeErrors> => {
  const out: NodeErrors = { decisions: [], unjudged: { checker: 0, cube: 0 } };
  const action = node.action;
  if (!action) return ok(out);
  for (const p of node.extra) {
    if (p.id === 'A' && action.kind === 'move') {
      const a = summariseMoveAnalysis(p.values);
      if (!a.ok) return a;
      const { played, first, count } = a.value;
      if (!played || played.equity === null || !first || first.equity === null || !Number.isFinite(played.equity) || !Number.isFinite(first.equity)) {
        out.unjudged.checker++;
        continue;
      }
      const loss = first.equity - played.equity;
      out.decisions.push({
        kind: 'checker',
        player: action.player,
        decision: played.move,
        played: played.equity,
        best: first.equity,
        loss,
        counted: count > 1,
        skill: skillOf(loss),
        settings: first.settings,
      });
    } else if (p.id === 'DA' && !place.beaver) {
      const d = parseCubeAnalysis(p.values[0] ?? '');
      if (!d.ok) return d;
      if (!d.value || !['move', 'double', 'take', 'drop'].includes(action.kind)) {
        out.unjudged.cube++;
        continue;
      }
      const answering = action.kind === 'take' || action.kind === 'drop';
      const doubler = answering ? other(action.player) : action.player;
      const v = cubeValues(d.value.noDouble.cubeful, d.value.doubleTake.cubeful, place.state, doubler);
      if (!v || ![v.nd, v.dt].every(Number.isFinite)) {
        out.unjudged.cube++;
        continue;
      }
      const optimal = Math.max(v.nd, Math.min(v.dt, v.dp));
      const judged = (decision: string, played: number, best: number, counted: boolean): DecisionError => ({
        kind: 'cube',
        player: action.player,
        decision,
        played,
        best,
        loss: best - played,
        counted,
        skill: skillOf(best - played),
        settings: d.value!.settings,
      });
      if (action.kind === 'move') out.decisions.push(judged('no double', v.nd, optimal, optimal - Math.min(v.dt, 1) < CLOSE_CUBE));
      else if (action.kind === 'double') out.decisions.push(judged('double', Math.min(v.dt, v.dp), optimal, true));
      // The taker's side: taking is worth −DT, dropping −DP.
      else out.decisions.push(judged(action.kind, action.kind === 'take' ? -v.dt : -v.dp, Math.max(-v.dt, -v.dp), true));
    }
  }
  return ok(out);
};
