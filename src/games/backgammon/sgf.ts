/**
 * Backgammon games from SGF (GM[6]): one game per tree, one position per ply keyed
 * `PositionID:MatchID`, gnubg's analysis (A/DA) as scores and per-side error sums
 * (`GameRecord.analysis`); and the writer that prints a stored game back (its own tree
 * re-printed by the codec, every property kept).
 */
import {
  type BackgammonGame,
  type BgNode,
  type BgPly,
  type DecisionError,
  analysisSettingsName,
  decisionEquities,
  decisionErrors,
  parseBackgammonSgf,
  parseBackgammonTrees,
  printBackgammonSgf,
  replayGame,
  sumDecisionErrors,
} from '../../codecs/backgammon';
import type { CodecError } from '../../codecs/result';
import type { GameRecord, ImportWarning, PlayerAnalysisRecord, ScoreRecord } from '../../db/records';
import { metadataOf, plyRecordsOf } from './records';
import { backgammonGameOfMat } from './mat';
import { type GameWriter, unfitFormat, written } from '../formats';
import { type TreeContext, type TreeReader, normId, treeFailure, where } from '../sgf/tree';
import { pushAll } from '../../codecs/arrays';
import { resultOf } from './result';
import { importWarnings } from '../warnings';


/**
 * The warning codes the backgammon tree reader gives (see `games/warnings.ts`): what reading the
 * game tree and replaying it noticed. Analysis that cannot be stored keeps its codec error's code.
 */
export const BACKGAMMON_SGF_WARNINGS = ['WARN_BG_SGF', 'WARN_BG_REPLAY'] as const;
/** One of BACKGAMMON_SGF_WARNINGS. */
export type BackgammonSgfWarning = (typeof BACKGAMMON_SGF_WARNINGS)[number];
const bgWarning = importWarnings(BACKGAMMON_SGF_WARNINGS);

/** What a reader keeps of gnubg's analysis of one game. */
export interface GameAnalysis {
  scores: ScoreRecord[];
  /** One summary per side that gnubg analysed; undefined when the game carries no analysis. */
  analysis?: PlayerAnalysisRecord[];
}

/**
 * gnubg's analysis of a game: each decision scored on the position where it was made (the ply
 * before it), with the equity played and best as the file gives them (a match's no doubles and
 * doubles in match-winning chances; its takes and drops, which need the match equity table, in
 * normalised equity) and, in `details.loss`, the normalised equity lost as gnubg's statistics
 * count it (`decisionErrors`); and each side's sums of those (`PlayerAnalysis`). A node whose
 * analysis does not read is left out, and told to `notStored`. With `decidedFrom`, only the
 * decisions made from the plies it keeps are read (the sums then count only those).
 */
export const analysisOf = (
  game: BackgammonGame,
  plies: BgPly[],
  notStored: (error: CodecError, node: BgNode) => void = () => {},
  decidedFrom?: (ply: number) => boolean,
): GameAnalysis => {
  const scores: ScoreRecord[] = [];
  const judged: DecisionError[] = [];
  const unjudgedCube: [number, number] = [0, 0];
  const analysed = [false, false];
  for (let k = 1; k < plies.length; k++) {
    const ply = plies[k];
    if (ply.nodeIndex === null) continue;
    // Only the decisions made from the plies asked about (their analysis is read, the rest's not).
    if (decidedFrom && !decidedFrom(k - 1)) continue;
    const node = game.nodes[ply.nodeIndex];
    if (!node.extra.some((p) => p.id === 'A' || p.id === 'DA')) continue;
    const decisions = decisionEquities(node, game.info.matchLength);
    const errors = decisionErrors(node, { state: plies[k - 1].match, beaver: ply.kind === 'beaver' });
    if (!decisions.ok) {
      notStored(decisions.error, node);
      continue;
    }
    if (!errors.ok) {
      notStored(errors.error, node);
      continue;
    }
    pushAll(judged, errors.value.decisions);
    if (ply.player !== null) {
      analysed[ply.player] = true;
      unjudgedCube[ply.player] += errors.value.unjudged.cube;
    }
    const scored = (kind: 'checker' | 'cube', row: Omit<ScoreRecord, 'kind' | 'positionKey' | 'program' | 'source'>) =>
      scores.push({ kind: 'BACKGAMMON', positionKey: plies[k - 1].key, program: 'gnubg', ...row, source: kind === 'checker' ? 'SGF A' : 'SGF DA' });
    // gnubg's verdict: normalised equity lost (null when it cannot be had), its mark, and whether its error rate counts it.
    const verdictOf = (v: DecisionError | undefined) => ({ loss: v ? v.loss : null, skill: v ? v.skill : null, counted: v ? v.counted : false });
    for (const d of decisions.value) {
      if (!Number.isFinite(d.played) || !Number.isFinite(d.best)) continue;
      const verdict = errors.value.decisions.find((e) => e.kind === d.kind);
      scored(d.kind, {
        ruleset: `${d.kind}:${d.settings.text}`,
        value: d.played,
        bestValue: d.best,
        details: { kind: d.kind, player: d.player, decision: d.decision, move: ply.move, error: d.error, unit: d.unit, settings: d.settings, ply: ply.number, ...verdictOf(verdict) },
      });
    }
    // A take or drop in a match has no value without a match equity table (`decisionEquities`): its verdict, in normalised equity, is the score.
    for (const v of errors.value.decisions) {
      if (decisions.value.some((d) => d.kind === v.kind)) continue;
      scored(v.kind, {
        ruleset: `${v.kind}:${v.settings.text}`,
        value: v.played,
        bestValue: v.best,
        details: { kind: v.kind, player: v.player, decision: v.decision, move: ply.move, error: v.loss, unit: 'equity', settings: v.settings, ply: ply.number, ...verdictOf(v) },
      });
    }
  }
  if (!analysed[0] && !analysed[1]) return { scores };
  const sums = sumDecisionErrors(judged, unjudgedCube);
  const ruleset = analysisSettingsName(
    judged.filter((d) => d.kind === 'checker').map((d) => d.settings),
    judged.filter((d) => d.kind === 'cube').map((d) => d.settings),
  );
  const analysis: PlayerAnalysisRecord[] = [];
  for (const seat of [0, 1] as const) {
    if (!analysed[seat]) continue;
    const s = sums[seat];
    // A side with a cube decision that could not be judged has no cube figures rather than partial ones.
    const cubeKnown = s.unjudgedCube === 0;
    analysis.push({
      side: seat === 0 ? 1 : 2,
      program: 'gnubg',
      ruleset,
      decisions: s.checkerDecisions,
      loss: s.checkerLoss,
      cubeDecisions: cubeKnown ? s.cubeDecisions : null,
      cubeLoss: cubeKnown ? s.cubeLoss : null,
      inaccuracies: s.doubtful,
      mistakes: s.bad,
      blunders: s.veryBad,
    });
  }
  return { scores, analysis };
};

/** "node 12: …" in a codec warning names `game.nodes[11]`; its line is worth giving. */
const warningAt = (game: BackgammonGame, context: TreeContext, code: BackgammonSgfWarning, message: string): ImportWarning => {
  const m = /^node (\d+):/.exec(message);
  const offset = m ? game.nodes[Number(m[1]) - 1]?.sgf.offset : game.tree.nodes[0]?.offset;
  const loc = where(context, offset);
  return bgWarning(code, message, { gameIndex: context.index, line: loc.line, offset: loc.offset });
};

/** GM[6]: one backgammon game per tree, one position per ply keyed `PositionID:MatchID`. */
export const readBackgammonTree: TreeReader = (tree, context) => {
  // Node offsets are file offsets; `treeFailure` adds their line and column.
  const read = parseBackgammonTrees([tree]);
  if (!read.ok) throw treeFailure(read.error, context);
  const game = read.value.games[0];
  const warnings: ImportWarning[] = read.value.warnings.map((w) =>
    warningAt(game, context, 'WARN_BG_SGF', w.replace(/^game tree \d+: /, '')),
  );
  const replay = replayGameOrFail(game, context);
  for (const w of replay.warnings) warnings.push(warningAt(game, context, 'WARN_BG_REPLAY', w));
  const plies = replay.plies;
  const records = plyRecordsOf(plies);
  const { info } = game;
  const re = tree.nodes[0]?.properties.find((p) => normId(p.id) === 'RE')?.values[0];
  const metadata = metadataOf(game, replay.result);
  const record: GameRecord = {
    kind: 'BACKGAMMON',
    sourceFormat: 'SGF',
    source: Buffer.from(context.source, 'utf8'),
    player1: info.white ?? null,
    player2: info.black ?? null,
    event: info.event ?? null,
    site: info.place ?? null,
    round: info.round ?? null,
    dateText: info.date ?? null,
    result: re ?? null,
    ...resultOf(re),
    matchLength: info.matchLength,
    gameNumber: info.gameNumber + 1,
    metadata,
    plies: records,
  };
  const { scores, analysis } = analysisOf(game, plies, (error, node) => {
    const loc = where(context, node.sgf.offset);
    warnings.push({ gameIndex: context.index, code: error.code, message: `analysis not stored: ${error.message}`, line: loc.line, offset: loc.offset });
  });
  if (analysis) record.analysis = analysis;
  return { games: [record], scores, warnings };
};

/**
 * gnubg writes DT in a match's first game only: the later games of the same match take its date
 * (the game before in the file, of the same players, match length and the previous game number).
 */
export const followMatchDate = (record: GameRecord, previous: GameRecord | undefined): void => {
  if (record.kind !== 'BACKGAMMON' || record.sourceFormat !== 'SGF' || record.dateText !== null) return;
  if (
    previous?.kind === 'BACKGAMMON' && previous.dateText && previous.player1 === record.player1 && previous.player2 === record.player2 &&
    previous.matchLength === record.matchLength && previous.gameNumber === (record.gameNumber ?? 0) - 1
  ) {
    record.dateText = previous.dateText;
    record.metadata = { ...record.metadata, dateFromMatch: true };
  }
};

const replayGameOrFail = (game: BackgammonGame, context: TreeContext) => {
  const replay = replayGame(game);
  if (!replay.ok) throw treeFailure(replay.error, context);
  return replay.value;
};

/**
 * Writes a stored backgammon game as SGF: its own game tree re-printed by the
 * codec, every property kept (one node per line, as gnubg lays out a match); a
 * game read from a .mat file as the game tree gnubg would save for it.
 */
export const writeBackgammonGameSgf: GameWriter = (game) => {
  if (game.sourceFormat === 'MAT') {
    const mat = backgammonGameOfMat(game);
    return mat.ok ? written(printBackgammonSgf([mat.value])) : unfitFormat(mat.error);
  }
  const text = Buffer.from(game.source).toString('utf8');
  const read = parseBackgammonSgf(text);
  if (read.ok) return written(printBackgammonSgf(read.value.games));
  return written(text.endsWith('\n') ? text : `${text}\n`);
};
