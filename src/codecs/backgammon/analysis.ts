/**
 * gnubg analysis properties read as numbers: `A` (checker-play candidates) and
 * `DA` (cube decision), giving the equity of the decision played and of the
 * best one, with the evaluation settings. Formats from gnubg sgf.c
 * (`WriteMoveAnalysis`, `WriteDoubleAnalysis`, SGF_FORMAT_VER 3). Rollout
 * entries (`X …`/`R …`) are kept as text without equities.
 */
import { Result, codecErrors, err, ok } from '../result';
import { BgNode } from './sgfGame';
import { Seat } from './types';

/** The error codes this module returns. */
export const ANALYSIS_ERRORS = ['ERR_BG_ANALYSIS'] as const;
/** One of ANALYSIS_ERRORS. */
export type AnalysisError = (typeof ANALYSIS_ERRORS)[number];
const analysisError = codecErrors(ANALYSIS_ERRORS);

/** Evaluation settings of an analysis entry, e.g. `2C 0 1 0.000000 1` = 2-ply cubeful, deterministic, no noise, pruning. */
export interface EvalSettings {
  kind: 'evaluation' | 'rollout';
  plies?: number;
  cubeful?: boolean;
  deterministic?: boolean;
  noise?: number;
  prune?: boolean;
  /** The settings as written (after `E ver 3 `), for storage. */
  text: string;
}

/** One checker-play candidate of an `A` property. */
export interface MoveCandidate {
  /** The move as SGF letters (mover's colour mapping). */
  move: string;
  /** win, win gammon, win backgammon, lose gammon, lose backgammon (probabilities). */
  probabilities?: number[];
  /** Equity gnubg ranks by (normalised, cubeful when the settings say `C`); null for rollouts. */
  equity: number | null;
  settings: EvalSettings;
}

/** The `A` property: candidates and which one was played. */
export interface MoveAnalysis {
  playedIndex: number;
  candidates: MoveCandidate[];
}

/** One row of a `DA` evaluation: 5 probabilities, cubeless equity, cubeful value (money: equity; match: match-winning chance). */
export interface CubeRow {
  probabilities: number[];
  cubeless: number;
  cubeful: number;
}

/** The `DA` property read. */
export interface CubeAnalysis {
  settings: EvalSettings;
  noDouble: CubeRow;
  doubleTake: CubeRow;
}

/** Equity of one decision: what was played and the best choice, from the deciding player's side. */
export interface DecisionEquity {
  kind: 'checker' | 'cube';
  player: Seat;
  /** What was decided: the move letters, or `no double`, `double`, `take`, `drop`. */
  decision: string;
  played: number;
  best: number;
  /** best − played (≥ 0). */
  error: number;
  /** `equity` (normalised) or `mwc` (match-winning chance, gnubg's cubeful cube values in match play). */
  unit: 'equity' | 'mwc';
  program: 'gnubg';
  settings: EvalSettings;
}

/** gnubg writes numbers with `g_ascii_formatd` and may write `inf`, `-inf`, `nan`, which `parseFloat` does not read. */
export const parseGnubgNumber = (s: string): number => {
  // Nearly every value is a plain decimal number: read it without copying the text.
  const plain = Number(s);
  if (plain === plain) return plain;
  const t = s.trim().toLowerCase();
  if (t === 'inf' || t === '+inf' || t === 'infinity') return Infinity;
  if (t === '-inf' || t === '-infinity') return -Infinity;
  if (t === 'nan' || t === '-nan') return NaN;
  return Number(t);
};

const readSettings = (words: string[], at: number, legacy: boolean): EvalSettings => {
  // ver 3: "<plies>[C] <det> <noise> <prune>" for DA; A has "<plies>[C] 0 <det> <noise> <prune>" (the 0 = obsolete reduction).
  const pc = words[at] ?? '';
  const m = /^(\d+)(C?)$/.exec(pc);
  const off = legacy ? 1 : 0;
  return {
    kind: 'evaluation',
    plies: m ? parseInt(m[1], 10) : undefined,
    cubeful: m ? m[2] === 'C' : undefined,
    deterministic: words[at + 1 + off] === '1',
    noise: parseGnubgNumber(words[at + 2 + off] ?? 'nan'),
    prune: words[at + 3 + off] === '1',
    text: words.slice(at, at + 4 + off).join(' '),
  };
};

/**
 * `A` values read, by their array: a node's analysis is read for its equities and again for its
 * verdicts (`decisionEquities`, `decisionErrors`), and the reading is most of an import's time
 * on gnubg files. Results are not changed by their readers.
 */
const readMoveAnalyses = new WeakMap<string[], Result<MoveAnalysis>>();

/** Reads an `A` property's values: `[index played][<letters> E ver 3 <5 probs> <equity> <plies>[C] 0 <det> <noise> <prune>]…`. */
export const parseMoveAnalysis = (values: string[]): Result<MoveAnalysis> => {
  let read = readMoveAnalyses.get(values);
  if (!read) readMoveAnalyses.set(values, (read = readMoveAnalysis(values)));
  return read;
};

const readMoveAnalysis = (values: string[]): Result<MoveAnalysis> => {
  const playedIndex = Number(values[0]);
  if (!Number.isInteger(playedIndex) || playedIndex < 0)
    return err(analysisError('ERR_BG_ANALYSIS', `A[${values[0]}]: the first value must be the index of the move played`, { field: 'A' }));
  const candidates: MoveCandidate[] = [];
  for (let i = 1; i < values.length; i++) {
    const words = values[i].trim().split(/\s+/);
    const move = words[0] ?? '';
    if (words[1] === 'E' && words[2] === 'ver' && words.length >= 15) {
      const nums = words.slice(4, 10).map(parseGnubgNumber);
      candidates.push({ move, probabilities: nums.slice(0, 5), equity: nums[5], settings: readSettings(words, 10, true) });
    } else if (words[1] === 'E' && words.length >= 11) {
      // pre-version-3 layout without "ver n"
      const nums = words.slice(2, 8).map(parseGnubgNumber);
      candidates.push({ move, probabilities: nums.slice(0, 5), equity: nums[5], settings: readSettings(words, 8, true) });
    } else candidates.push({ move, equity: null, settings: { kind: 'rollout', text: words.slice(1).join(' ') } });
  }
  if (playedIndex >= candidates.length && candidates.length > 0)
    return err(analysisError('ERR_BG_ANALYSIS', `A: move ${playedIndex} played but only ${candidates.length} candidates`, { field: 'A' }));
  return ok({ playedIndex, candidates });
};

/** Reads a `DA` value: `E ver 3 <plies>[C] <det> <noise> <prune>` then two rows of 7 numbers (no double, double/take). */
export const parseCubeAnalysis = (value: string): Result<CubeAnalysis | null> => {
  const words = value.trim().split(/\s+/);
  if (words[0] !== 'E') return ok(null); // rollout: kept verbatim, not read
  if (words[1] !== 'ver' || words.length < 7 + 14)
    return err(analysisError('ERR_BG_ANALYSIS', `DA[${value.slice(0, 40)}…]: expected 'E ver 3' settings and 14 numbers`, { field: 'DA' }));
  const settings = readSettings(words, 3, false);
  const nums = words.slice(7, 21).map(parseGnubgNumber);
  const row = (o: number): CubeRow => ({ probabilities: nums.slice(o, o + 5), cubeless: nums[o + 5], cubeful: nums[o + 6] });
  return ok({ settings, noDouble: row(0), doubleTake: row(7) });
};

/**
 * The decision equities of a node: the checker play (from `A`) and the cube
 * decision (from `DA`) made there. `matchLength` > 0 marks cube values as
 * match-winning chances, for which a drop's value needs a match equity table:
 * then only no-double vs double/take is compared.
 */
export const decisionEquities = (node: BgNode, matchLength: number): Result<DecisionEquity[]> => {
  const out: DecisionEquity[] = [];
  const action = node.action;
  if (!action) return ok(out);
  const player = action.player;
  for (const p of node.extra) {
    if (p.id === 'A' && action.kind === 'move') {
      const a = parseMoveAnalysis(p.values);
      if (!a.ok) return a;
      const cands = a.value.candidates;
      const played = cands[a.value.playedIndex];
      let best = played?.equity ?? null;
      for (const c of cands) if (c.equity !== null && (best === null || c.equity > best)) best = c.equity;
      if (played && played.equity !== null && best !== null)
        out.push({ kind: 'checker', player, decision: played.move, played: played.equity, best, error: best - played.equity, unit: 'equity', program: 'gnubg', settings: played.settings });
    } else if (p.id === 'DA') {
      const d = parseCubeAnalysis(p.values[0] ?? '');
      if (!d.ok) return d;
      if (!d.value) continue;
      const { noDouble, doubleTake, settings } = d.value;
      const money = matchLength === 0;
      const unit = money ? 'equity' : 'mwc';
      const nd = noDouble.cubeful;
      // Double/pass is worth the cube (+1 normalised) in money play; in a match its MWC is not in the file.
      const dt = money ? Math.min(doubleTake.cubeful, 1) : doubleTake.cubeful;
      const add = (decision: string, pl: Seat, played: number, best: number) =>
        out.push({ kind: 'cube', player: pl, decision, played, best, error: best - played, unit, program: 'gnubg', settings });
      if (action.kind === 'move') add('no double', player, nd, Math.max(nd, dt));
      else if (action.kind === 'double') add('double', player, dt, Math.max(nd, dt));
      else if (action.kind === 'take' || action.kind === 'drop') {
        if (money) {
          // From the taker's side: take = −DT, drop = −1.
          const take = -doubleTake.cubeful;
          add(action.kind, player, action.kind === 'take' ? take : -1, Math.max(take, -1));
        }
        // Match play: a take/drop's value needs the match equity table; not scored.
      }
    }
  }
  return ok(out);
};
