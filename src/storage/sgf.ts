/**
 * The SGF format: a reader that turns an SGF collection into game records, and
 * the writer that prints a stored game tree back. The collection is streamed one
 * top-level game tree at a time (`sgfStream.ts`), each parsed with the shared SGF
 * codec and handed to the reader for its game type (`GM`): GM[6] backgammon
 * here; the Go integration adds GM[1] to `TREE_READERS`. Every game keeps its own
 * tree's text as `source`, so export is lossless (analysis and unknown properties
 * included). Errors name the tree and its place in the file; the first error in
 * file order stops the import (nothing is stored: the import is one transaction).
 */
import {
  type BackgammonGame,
  type BgPly,
  decisionEquities,
  looksLikeMat,
  readBackgammonSgf,
  readBackgammonTrees,
  replayGame,
  writeBackgammonSgf,
} from '../codecs/backgammon';
import { type CodecError, codecError } from '../codecs/result';
import type { ZobristHasher } from '../codecs/go';
import { type SgfTree, parseSgf } from '../codecs/sgf';
import { readAhead } from './readAhead';
import type { Game } from '../generated/prisma/client';
import type { FormatReader, ReadContext } from './formatTypes';
import { goHasher } from './go';
import { readGoTree } from './goSgf';
import { Pacer } from './pacer';
import { type SgfSegment, sgfSegments, sgfText } from './sgfStream';
import { type GameRecord, type ImportChunk, type ImportWarning, type ScoreRecord } from '../db/records';
import { metadataOf, plyRecordsOf } from './backgammonRecords';
import { backgammonGameOfMat } from './mat';
import { ImportFailure } from './importFailure';

/**
 * Line and column (from 1) of the file offsets in one segment of the file, computed once per
 * segment (binary search per lookup).
 */
class LineIndex {
  private starts: number[] | undefined;

  constructor(private readonly segment: SgfSegment) {}

  /** Line and column of `offset` (a file offset within the segment). */
  at(offset: number): { line: number; column: number } {
    const { text, line, column } = this.segment;
    if (!this.starts) {
      const starts = [0];
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
      }
      this.starts = starts;
    }
    const local = offset - this.segment.offset;
    const s = this.starts;
    let lo = 0;
    let hi = s.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (s[mid] <= local) lo = mid;
      else hi = mid - 1;
    }
    return lo === 0 ? { line, column: column + local } : { line: line + lo, column: local - s[lo] + 1 };
  }
}

/** What a per-game-type tree reader gets besides its tree. */
interface TreeContext {
  /** Line and column of file offsets in the tree's segment. */
  lines: LineIndex;
  /** Index of the tree in the collection, from 0. */
  index: number;
  /** The tree's own text, exactly as in the file. */
  source: string;
  /** The game read from the tree before this one, if any. */
  previous?: GameRecord;
  /** GM[1]: the 9x9 hasher of the active Zobrist table. */
  goHasher?: ZobristHasher;
}

/** Reads one game tree into records; throws ImportFailure on input it cannot store. */
type TreeReader = (tree: SgfTree, context: TreeContext) => ImportChunk;

/** Property id as gnubg and FF[3] files write it: lowercase letters dropped (`GaMe` = `GM`). */
const normId = (id: string): string => id.replace(/[a-z]/g, '');

/** The GM value of a tree's root; FF[4] says a missing GM means 1 (Go). */
const gameTypeOf = (tree: SgfTree): number => {
  const gm = tree.nodes[0]?.properties.find((p) => normId(p.id) === 'GM');
  if (!gm) return 1;
  const n = Number((gm.values[0] ?? '').trim());
  return Number.isInteger(n) ? n : NaN;
};

/** Names of game types tabula recognises but does not read yet, for the error message. */
const GAME_NAMES: Record<number, string> = { 1: 'Go', 2: 'Othello', 3: 'chess', 4: 'Gomoku', 5: "Nine Men's Morris", 7: 'Chinese chess', 8: 'shogi' };

/** Location of a node offset, plus the tree index as `record`. */
const where = (context: TreeContext, offset: number | undefined): { record: number; offset?: number; line?: number; column?: number } =>
  offset === undefined ? { record: context.index } : { record: context.index, offset, ...context.lines.at(offset) };

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

/** Re-bases a codec error on a single tree to the tree's place in the file. */
const treeFailure = (error: CodecError, context: TreeContext, offset?: number): ImportFailure => {
  const message = `game tree ${context.index}: ${error.message.replace(/^game tree \d+: /, '')}`;
  const at = error.offset ?? offset;
  const loc = at === undefined ? {} : { offset: at, ...context.lines.at(at) };
  return new ImportFailure({ ...error, message, record: context.index, ...loc });
};

/** GM[6]: one backgammon game per tree, one position per ply keyed `PositionID:MatchID`. */
const readBackgammonTree: TreeReader = (tree, context) => {
  // Node offsets are file offsets; `treeFailure` adds their line and column.
  const read = readBackgammonTrees([tree]);
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

/** Readers per SGF game type (`GM`). */
const TREE_READERS: Record<number, TreeReader> = {
  1: readGoTree,
  6: readBackgammonTree,
};

/** The text of each top-level tree: from its `(` to its closing `)`. */
const treeSources = (text: string, trees: SgfTree[]): string[] => {
  const starts = trees.map((t) => text.lastIndexOf('(', t.nodes[0]?.offset ?? 0));
  return starts.map((start, i) => {
    const end = text.lastIndexOf(')', i + 1 < starts.length ? starts[i + 1] : text.length);
    return text.slice(start, end + 1);
  });
};

/** Plies per chunk: a chunk is stored before the next is read, so memory stays bounded by a few games. */
const PLIES_PER_CHUNK = 2000;

export const sgfReader: FormatReader = {
  format: 'SGF',
  binary: false,
  read: (input, _options, context) => readAhead(readSgf(input, context)),
};

/** Moves a parsed segment's node offsets (from the segment's start) to file offsets. */
const toFileOffsets = (trees: SgfTree[], base: number): void => {
  const stack = [...trees];
  for (let tree = stack.pop(); tree; tree = stack.pop()) {
    for (const node of tree.nodes) if (node.offset !== undefined) node.offset += base;
    stack.push(...tree.children);
  }
};

/** A parse error in a segment, placed in the file. */
const segmentFailure = (error: CodecError, segment: SgfSegment, lines: LineIndex): ImportFailure => {
  if (error.offset === undefined) return new ImportFailure(error);
  const offset = segment.offset + error.offset;
  // The one parse message that names an offset: the tree left open.
  const message = error.message.replace(/opened at offset (\d+)/, (_m, at: string) => `opened at offset ${segment.offset + Number(at)}`);
  return new ImportFailure({ ...error, message, offset, ...lines.at(offset) });
};

/** A parse error at the start of a file that is a Jellyfish .mat match: says so, and which format reads it. */
const withMatHint = (error: CodecError, segment: SgfSegment): CodecError =>
  segment.offset === 0 && looksLikeMat(segment.text)
    ? { ...error, message: `${error.message} (this looks like a Jellyfish .mat match file; use format MAT)` }
    : error;

/** The reader of a tree's game type; throws ERR_SGF_GAME_KIND for a game tabula does not read. */
const treeReaderOf = (tree: SgfTree, index: number, lines: LineIndex): TreeReader => {
  const gm = gameTypeOf(tree);
  const reader = TREE_READERS[gm];
  if (reader) return reader;
  const offset = tree.nodes[0]?.offset ?? 0;
  const name = GAME_NAMES[gm];
  throw new ImportFailure(
    codecError(
      'ERR_SGF_GAME_KIND',
      `game tree ${index}: ${Number.isNaN(gm) ? 'GM is not a number' : `GM[${gm}]${name ? ` ${name}` : ''} games are not supported yet`}` +
        ` (this build reads GM[${Object.keys(TREE_READERS).join('], GM[')}])`,
      { record: index, offset, ...lines.at(offset), field: 'GM' },
    ),
  );
};

/** Only white space (as the SGF parser skips it). */
const isBlank = (text: string): boolean => {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x20 && text.charCodeAt(i) !== 0xfeff) return false;
  return true;
};

async function* readSgf(input: AsyncIterable<Uint8Array>, readContext?: ReadContext): AsyncGenerator<ImportChunk> {
  const pace = new Pacer();
  let pending: ImportChunk = { games: [], scores: [], warnings: [] };
  let plies = 0;
  let index = 0;
  let previous: GameRecord | undefined;
  let hasher: { value: ZobristHasher | undefined } | undefined;
  for await (const segment of sgfSegments(sgfText(input))) {
    // What follows the last tree: white space is fine; anything else (or no tree at all) is the parser's error.
    if (index > 0 && isBlank(segment.text)) continue;
    const lines = new LineIndex(segment);
    const parsed = parseSgf(segment.text);
    if (!parsed.ok) throw segmentFailure(withMatHint(parsed.error, segment), segment, lines);
    const trees = parsed.value;
    const sources = treeSources(segment.text, trees);
    toFileOffsets(trees, segment.offset);
    for (let t = 0; t < trees.length; t++, index++) {
      const reader = treeReaderOf(trees[t], index, lines);
      if (reader === readGoTree && !hasher) hasher = { value: (await goHasher(readContext?.sql))?.hasher };
      const chunk = reader(trees[t], { lines, index, source: sources[t], previous, goHasher: hasher?.value });
      for (const g of chunk.games ?? []) {
        pending.games!.push(g);
        plies += g.plies.length;
        previous = g;
      }
      pending.scores!.push(...(chunk.scores ?? []));
      pending.warnings!.push(...(chunk.warnings ?? []));
      if (plies >= PLIES_PER_CHUNK) {
        yield pending;
        pending = { games: [], scores: [], warnings: [] };
        plies = 0;
      }
    }
    if (pace.due) await pace.giveWay();
  }
  if (pending.games!.length > 0 || pending.warnings!.length > 0) yield pending;
}

/**
 * Writes a stored backgammon game as SGF: its own game tree re-printed by the
 * codec, every property kept (one node per line, as gnubg lays out a match); a
 * game read from a .mat file as the game tree gnubg would save for it.
 */
export const writeBackgammonGameSgf = (game: Game): string => {
  if (game.sourceFormat === 'MAT') return writeBackgammonSgf([backgammonGameOfMat(game)]);
  const text = Buffer.from(game.source).toString('utf8');
  const read = readBackgammonSgf(text);
  if (read.ok) return writeBackgammonSgf(read.value.games);
  return text.endsWith('\n') ? text : `${text}\n`;
};
