/**
 * Backgammon games from SGF (GM[6]): one game per tree, one position per ply keyed
 * `PositionID:MatchID`, gnubg's analysis (A/DA) as scores; and the writer that prints a stored
 * game back (its own tree re-printed by the codec, every property kept).
 */
import {
  type BackgammonGame,
  type BgPly,
  decisionEquities,
  parseBackgammonSgf,
  parseBackgammonTrees,
  printBackgammonSgf,
  replayGame,
} from '../codecs/backgammon';
import type { Game } from '../generated/prisma/client';
import type { GameRecord, ImportWarning, ScoreRecord } from '../db/records';
import { metadataOf, plyRecordsOf } from './backgammonRecords';
import { backgammonGameOfMat } from './mat';
import { type TreeContext, type TreeReader, normId, treeFailure, where } from './sgfTree';

/** Scores from gnubg's analysis: each decision scored on the position where it was made (the ply before it). */
const scoresOf = (game: BackgammonGame, plies: BgPly[], context: TreeContext, warnings: ImportWarning[]): ScoreRecord[] => {
  const scores: ScoreRecord[] = [];
  for (let k = 1; k < plies.length; k++) {
    const ply = plies[k];
    if (ply.nodeIndex === null) continue;
    const node = game.nodes[ply.nodeIndex];
    if (!node.extra.some((p) => p.id === 'A' || p.id === 'DA')) continue;
    const decisions = decisionEquities(node, game.info.matchLength);
    if (!decisions.ok) {
      const loc = where(context, node.sgf.offset);
      warnings.push({ gameIndex: context.index, code: decisions.error.code, message: `analysis not stored: ${decisions.error.message}`, line: loc.line, offset: loc.offset });
      continue;
    }
    for (const d of decisions.value) {
      if (!Number.isFinite(d.played) || !Number.isFinite(d.best)) continue;
      scores.push({
        kind: 'BACKGAMMON',
        positionKey: plies[k - 1].key,
        program: d.program,
        ruleset: `${d.kind}:${d.settings.text}`,
        value: d.played,
        bestValue: d.best,
        details: {
          kind: d.kind,
          player: d.player,
          decision: d.decision,
          move: ply.move,
          error: d.error,
          unit: d.unit,
          settings: d.settings,
          ply: ply.number,
        },
        source: d.kind === 'checker' ? 'SGF A' : 'SGF DA',
      });
    }
  }
  return scores;
};

/** "node 12: …" in a codec warning names `game.nodes[11]`; its line is worth giving. */
const warningAt = (game: BackgammonGame, context: TreeContext, code: string, message: string): ImportWarning => {
  const m = /^node (\d+):/.exec(message);
  const offset = m ? game.nodes[Number(m[1]) - 1]?.sgf.offset : game.tree.nodes[0]?.offset;
  const loc = where(context, offset);
  return { gameIndex: context.index, code, message, line: loc.line, offset: loc.offset };
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
  // gnubg writes DT in a match's first game only: the later games of the same match take its date.
  let dateText = info.date ?? null;
  const prev = context.previous;
  if (
    dateText === null && prev?.kind === 'BACKGAMMON' && prev.dateText && prev.player1 === (info.white ?? null) &&
    prev.player2 === (info.black ?? null) && prev.matchLength === info.matchLength && prev.gameNumber === info.gameNumber
  ) {
    dateText = prev.dateText;
    metadata.dateFromMatch = true;
  }
  const record: GameRecord = {
    kind: 'BACKGAMMON',
    sourceFormat: 'SGF',
    source: Buffer.from(context.source, 'utf8'),
    player1: info.white ?? null,
    player2: info.black ?? null,
    event: info.event ?? null,
    site: info.place ?? null,
    round: info.round ?? null,
    dateText,
    result: re ?? null,
    matchLength: info.matchLength,
    gameNumber: info.gameNumber + 1,
    metadata,
    plies: records,
  };
  return { games: [record], scores: scoresOf(game, plies, context, warnings), warnings };
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
export const writeBackgammonGameSgf = (game: Game): string => {
  if (game.sourceFormat === 'MAT') return printBackgammonSgf([backgammonGameOfMat(game)]);
  const text = Buffer.from(game.source).toString('utf8');
  const read = parseBackgammonSgf(text);
  if (read.ok) return printBackgammonSgf(read.value.games);
  return text.endsWith('\n') ? text : `${text}\n`;
};
