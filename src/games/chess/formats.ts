/**
 * Chess storage: PGN and GameText (JOSE's binary move encoding) in and out.
 *
 * Stored form of a game (a `Game` row of kind CHESS):
 * - `source`: the game's own bytes as imported (one PGN game, charset untouched; or the GameText bytes);
 * - `gameText`: for a GameText import, the game as GameText, JOSE dialect, inline comment layout
 *   (the seed's form); a PGN game keeps none: its GameText export is written from its source by
 *   the same walk (`writeChessGameText`), 140 bytes a game and a tenth of the import's replay saved;
 * - `startFen`: the FEN tag when the game does not start from the standard position;
 * - tags: White/Black/Event/Site/Round/Date/Result in their columns; every tag in `metadata`, which
 *   a PGN game's row does not keep (its source holds them: `pgnSourceMetadata` reads them again).
 * Each node (variations included) is a ply (replayed on read, indexed by position): `variation` is the replay path joined
 * with '.' ('' for the main line; variation v of the move at index i of line P is `P.i.v`),
 * `ply` counts half moves from the start, `move`/`nextMove` are SAN. Positions are keyed by
 * their Polyglot key (16 hex digits), `hash` holds it as a signed bigint.
 * Evaluations in comments (`[%eval 0.24]`, `[%eval #-3]`, cutechess `+0.13/12`) are packed with
 * the game (`GameRecord.evaluations`, `evaluations.ts`): read back, each is a score of the position
 * reached (value in pawns from White's view; a mate is ±100 with `mate` in details), found by
 * the position's key through the evaluation index.
 * When the main line carries evaluations, each side's moves are judged by lichess's formulas
 * (`codecs/chess/accuracy.ts`) into the game's `PlayerAnalysis` rows (`chessAnalysisOf`).
 */
import {
  type Eval,
  type GameTextDialect,
  type LineAnalysis,
  type ReplayPosition,
  type WhiteEvaluation,
  analyseLine,
  parseEvals,
  type PgnGame,
  type Position,
  type ReplayResult,
  STANDARD_FEN,
  PgnSplitter,
  type PgnGameBytes,
  decodeGameText,
  decodePgnBytes,
  encodeGameText,
  getTag,
  isFenError,
  isStandardVariant,
  markKeptTokens,
  nodeAt,
  parsePgn,
  parseSan,
  standardPosition,
  replayGame,
  splitTextList,
  printPgn,
  packMove,
} from '../../codecs/chess';
import { type CodecError, type Result, codecError, describeLocation, err } from '../../codecs/result';
import { type PieceReader, readInPieces } from '../reading/pieces';
import type { Game } from '../../generated/prisma/client';
import { readAll } from '../reading/readAll';
import { type FormatReader, type GameWriter, type ImportOptions, type WriteFailure, unfitFormat, unreadableGame, written } from '../formats';
import {
  type GameRecord,
  type ImportChunk,
  type ImportWarning,
  type PlayerAnalysisRecord,
  type PlyRecord,
  type PositionRecord,
  type ScoreRecord,
} from '../../db/records';
import { ImportFailure, importError } from '../importFailure';
import { importWarnings } from '../warnings';
import { pushAll } from '../../codecs/arrays';
import { resultOf } from './result';
import { ChessSignatureBuilder } from './patternSignature';
import { chessPatterns } from './patterns';
import { signedHashOf } from '../../codecs/hashes';
import { type ChessEvaluation, packEvaluations } from './evaluations';

/**
 * The warning codes the chess readers give themselves (see `games/warnings.ts`); the others keep
 * the code of the chess codec error they report (`SAN_ERRORS`, `PGN_ERRORS`, `FEN_ERRORS`, …).
 */
export const CHESS_WARNINGS = ['ERR_CHESS_MORE_MOVE_ERRORS', 'CHESS_VARIANT_NOT_INDEXED'] as const;
const chessWarning = importWarnings(CHESS_WARNINGS);

/** Games per chunk a reader yields: each chunk is stored before the next games are parsed. */
export const CHESS_CHUNK_GAMES = 100;

/** At most this many move warnings per game; the rest are summed up in one more warning. */
const MOVE_WARNINGS_PER_GAME = 10;

export { MATE_VALUE } from './evaluations';

const chessPosition = (key: string, fen: string, turn: 'w' | 'b'): PositionRecord => ({
  kind: 'CHESS',
  key,
  hash: signedHashOf(key),
  sideToMove: turn,
  board: fen,
});

const DIALECTS = new Set<GameTextDialect>(['JOSE', 'SEED_DIAGRAM']);

/** The dialect option, validated (JOSE when absent). */
const dialectOption = (options: ImportOptions): GameTextDialect => {
  const d = options.dialect ?? 'JOSE';
  if (!DIALECTS.has(d as GameTextDialect)) {
    throw new ImportFailure(importError('ERR_GAMETEXT_DIALECT', `unknown GameText dialect ${d}`, { field: 'dialect' }));
  }
  return d as GameTextDialect;
};

/** The program credited with a game's evaluations: an annotator or engine tag, else `unknown`. */
const evalProgram = (game: PgnGame, e: Eval, moverWhite: boolean): string => {
  const tagged = getTag(game, 'Annotator') || getTag(game, 'Engine') || getTag(game, 'Analyzer');
  if (tagged?.trim()) return tagged.trim();
  // cutechess-style `+0.13/12` comments are written by the engine that moved.
  if (e.source === 'engine') return getTag(game, moverWhite ? 'White' : 'Black')?.trim() || 'unknown';
  return 'unknown';
};

/** A game's tags as an object (a repeated tag keeps its last value). */
const tagObject = (game: PgnGame): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const t of game.tags) out[t.name] = t.value;
  return out;
};

const RESULTS = new Set(['1-0', '0-1', '1/2-1/2', '*']);

/** What one game became: its record, its scores and what to tell the importer. */
interface BuiltGame {
  record: GameRecord;
  scores: ScoreRecord[];
  warnings: ImportWarning[];
}

/**
 * A replayed game's nodes as ply records: the start, then each line in the order the replay
 * walked it, every node with the move that reached it and the move played next in its line.
 */
function chessPlies(r: ReplayResult): PlyRecord[] {
  return chessPliesOf(r).plies;
}

/** `chessPlies`, with the index of each replayed position's ply record. */
function chessPliesOf(r: ReplayResult): { plies: PlyRecord[]; nodeOf: Map<ReplayPosition, number> } {
  const nodeOf = new Map<ReplayPosition, number>();
  // Node positions grouped by line, in order, to find each node's next move.
  const byLine = new Map<string, ReplayResult['positions']>();
  for (const p of r.positions) {
    const variation = p.path.join('.');
    let line = byLine.get(variation);
    if (!line) byLine.set(variation, (line = []));
    line.push(p);
  }
  const main = byLine.get('') ?? [];
  const plies: PlyRecord[] = [
    {
      position: chessPosition(r.start.key, r.start.fen, r.start.turn),
      variation: '',
      ply: 0,
      nextMove: main.length > 0 && main[0].index === 0 ? main[0].san : null,
    },
  ];
  for (const [variation, line] of byLine) {
    for (let k = 0; k < line.length; k++) {
      const p = line[k];
      // The move played next in this line; null when the next token is not a playable move.
      const next = k + 1 < line.length && line[k + 1].index === p.index + 1 ? line[k + 1].san : null;
      nodeOf.set(p, plies.length);
      plies.push({ position: chessPosition(p.key, p.fen, p.turn), variation, ply: p.ply, move: p.san, nextMove: next });
    }
  }
  return { plies, nodeOf };
}

/**
 * The plies of one stored PGN game, read again from its source: the same replay as the import
 * made, without the GameText, scores and warnings the import also wrote. Null when the source
 * does not hold one readable game (the caller then goes through the reader).
 */
export function replayPgnSource(source: Uint8Array): PlyRecord[] | null {
  const results = parsePgn(decodePgnBytes(source).text);
  if (results.length !== 1 || !results[0].ok) return null;
  const game = results[0].value;
  if (!isStandardVariant(game)) return [];
  const replay = replayGame(game, { positions: true });
  return replay.ok ? chessPlies(replay.value) : null;
}

/**
 * The main line's moves packed (`packMove`), in order; null where one does not pack (a null move)
 * or a token kept without being played stands between two of them (the ply before it has no next move).
 */
const packedMainLine = (r: ReplayResult): number[] | null => {
  const moves: number[] = [];
  for (const p of r.positions) {
    if (p.path.length !== 0) continue;
    const move = p.index === moves.length ? packMove(p.uci, p.san, p.turn === 'b') : null;
    if (move === null) return null;
    moves.push(move);
  }
  return moves;
};

/**
 * Builds the record of a parsed game: replays every line for positions, writes its GameText (a
 * GameText import's only) and its pattern signature, packs its evaluations. Null (with `failure`) when the game cannot be replayed at all
 * (a bad FEN tag).
 */
export function buildChessGame(
  game: PgnGame,
  source: Uint8Array,
  sourceFormat: 'PGN' | 'GAMETEXT',
  gameIndex: number,
  where: { line?: number; offset?: number },
): BuiltGame | { failure: CodecError } {
  if (!isStandardVariant(game)) return variantGame(game, source, sourceFormat, gameIndex, where);
  const warnings: ImportWarning[] = [];
  // Boards of the positions are written only where a score needs a stored row (reads replay the
  // game for the others); the pattern signature is built from the boards the walk passes. A PGN
  // game's GameText is written from its source when it is exported, not kept.
  let signature = new ChessSignatureBuilder();
  const mainLine = (pos: Position) => signature.add(pos.board, true);
  const gameText = sourceFormat === 'GAMETEXT' ? ({ dialect: 'JOSE', layout: 'inline' } as const) : undefined;
  let replay: Result<ReplayResult> = replayGame(game, { positions: true, fens: 'evaluated', gameText, mainLine });
  if (gameText && !replay.ok && !isFenError(replay.error.code)) {
    // The game is playable but has no GameText form (too many pieces of a kind, NUL in a comment...).
    warnings.push({ gameIndex, code: replay.error.code, message: `no GameText stored: ${replay.error.message}`, ...where });
    signature = new ChessSignatureBuilder();
    replay = replayGame(game, { positions: true, fens: 'evaluated', mainLine });
  }
  if (!replay.ok) return { failure: { ...replay.error, line: where.line, offset: where.offset } };
  const r = replay.value;
  if (r.start.turn === 'b') signature.blackStarts();
  if (r.start.fen === STANDARD_FEN && !r.chess960) signature.standardStart();
  const moves = packedMainLine(r);
  if (moves) signature.moves(moves);

  const { plies, nodeOf } = chessPliesOf(r);
  const evaluations: ChessEvaluation[] = [];
  for (const p of r.positions) {
    if (p.evals.length === 0) continue;
    const e = p.evals[0];
    evaluations.push({ node: nodeOf.get(p) as number, ply: p.ply, variation: p.path.join('.'), program: evalProgram(game, e, p.turn === 'b'), eval: e });
  }
  const packed = packEvaluations(evaluations);

  for (const e of r.errors.slice(0, MOVE_WARNINGS_PER_GAME)) {
    const path = e.path.length ? ` in variation ${e.path.join('.')}` : '';
    const line = nodeAt(game, e.path, e.index).line ?? where.line;
    warnings.push({
      gameIndex,
      code: e.code,
      message: `ply ${e.ply}${path}: ${e.kind} move '${e.token}' kept without being played (the line goes on from the position before it): ${e.message}`,
      line,
    });
  }
  for (const e of game.tagErrors ?? []) {
    warnings.push({ gameIndex, code: e.code, message: `a tag pair that cannot be read was left out; the game was stored: ${e.message}`, line: e.line, offset: e.offset });
  }
  if (r.errors.length > MOVE_WARNINGS_PER_GAME) {
    warnings.push(chessWarning('ERR_CHESS_MORE_MOVE_ERRORS', `${r.errors.length - MOVE_WARNINGS_PER_GAME} more unplayable moves in this game`, { gameIndex, ...where }));
  }

  const fenTag = getTag(game, 'FEN')?.trim();
  const record = gameRecord(game, source, sourceFormat, {
    gameText: r.gameText?.bytes ?? null,
    startFen: fenTag && fenTag !== STANDARD_FEN ? fenTag : null,
    plies,
    keptTokens: r.errors.length,
  });
  signature.outcome(record.outcome);
  record.patternSignature = { by: chessPatterns.signature!, bytes: signature.result() };
  const analysis = chessAnalysisOf(game, r);
  if (analysis) record.analysis = analysis;
  if (packed) {
    record.evaluations = { bytes: packed, nodes: evaluations.map((e) => ({ node: e.node, key: plies[e.node].position.key, program: e.program, ruleset: '' })) };
  }
  return { record, scores: [], warnings };
}

/** A main-line move with the evaluation its comments give (the first one), as the analysis reads it. */
export interface MainLineMove {
  position: ReplayPosition;
  eval: Eval | null;
}

/** The main line of a replayed game: its playable moves in order (plies 1..n), who starts, and the start's evaluation if a comment before the first move gives one. */
export interface MainLine {
  moves: MainLineMove[];
  whiteMovesFirst: boolean;
  start: WhiteEvaluation | null;
}

const whiteEvaluation = (e: Eval): WhiteEvaluation => (e.mate !== undefined ? { mate: e.mate } : { cp: e.cp ?? 0 });

/** The main line of `r` (the replay of `game`) with its evaluations. */
export function chessMainLine(game: PgnGame, r: ReplayResult): MainLine {
  const moves: MainLineMove[] = [];
  for (const p of r.positions) if (p.path.length === 0) moves.push({ position: p, eval: p.evals[0] ?? null });
  const whiteMovesFirst = r.start.turn === 'w';
  let start: WhiteEvaluation | null = null;
  for (const c of game.comments) {
    const e = parseEvals(c, whiteMovesFirst).find((x) => x.source === 'eval');
    if (e) {
      start = whiteEvaluation(e);
      break;
    }
  }
  return { moves, whiteMovesFirst, start };
}

/**
 * Lichess's figures for a main line that carries evaluations; null when none of its moves has one.
 * The start position's evaluation is the one a comment before the first move gives, else
 * lichess's +15 cp (`Cp.initial`, which lichess assumes for every game, set-up positions included).
 */
export function analyseMainLine(line: MainLine): LineAnalysis | null {
  if (!line.moves.some((m) => m.eval)) return null;
  return analyseLine(
    line.moves.map((m) => (m.eval ? whiteEvaluation(m.eval) : null)),
    { whiteMovesFirst: line.whiteMovesFirst, start: line.start },
  );
}

/**
 * The game's `PlayerAnalysis` rows: one per side with at least one judged move (a move with an
 * evaluation before and after it), credited to the program of the evaluations after that side's
 * moves (`evalProgram`: an Annotator/Engine/Analyzer tag, else for cutechess comments the engine
 * that moved). Undefined for a game whose main line carries no evaluation.
 */
export function chessAnalysisOf(game: PgnGame, r: ReplayResult): PlayerAnalysisRecord[] | undefined {
  const line = chessMainLine(game, r);
  const analysis = analyseMainLine(line);
  if (!analysis) return undefined;
  const rows: PlayerAnalysisRecord[] = [];
  for (const [side, figures, white] of [[1, analysis.white, true], [2, analysis.black, false]] as const) {
    if (figures.moves === 0) continue;
    const judged = analysis.moves.findIndex((m) => m.white === white && m.loss !== null);
    const e = line.moves[judged].eval as Eval;
    rows.push({
      side,
      program: evalProgram(game, e, white),
      ruleset: '',
      decisions: figures.moves,
      loss: figures.loss,
      inaccuracies: figures.inaccuracies,
      mistakes: figures.mistakes,
      blunders: figures.blunders,
      accuracy: figures.accuracy,
    });
  }
  return rows.length > 0 ? rows : undefined;
}

/** A chess game's record: its tags as fields and metadata, with what the replay gave. */
const gameRecord = (
  game: PgnGame,
  source: Uint8Array,
  sourceFormat: 'PGN' | 'GAMETEXT',
  replayed: Pick<GameRecord, 'gameText' | 'startFen' | 'plies' | 'keptTokens' | 'patternSignature'>,
): GameRecord => {
  const resultTag = getTag(game, 'Result')?.trim();
  const result = resultTag && RESULTS.has(resultTag) ? resultTag : resultTag || game.result;
  return {
    kind: 'CHESS',
    sourceFormat,
    source,
    player1: getTag(game, 'White') ?? null,
    player2: getTag(game, 'Black') ?? null,
    event: getTag(game, 'Event') ?? null,
    site: getTag(game, 'Site') ?? null,
    round: getTag(game, 'Round') ?? null,
    dateText: getTag(game, 'Date') ?? null,
    result,
    ...resultOf(result),
    metadata: tagObject(game),
    // A PGN game's tags are its source's: read again from there (`pgnSourceMetadata`), not kept twice.
    metadataInSource: sourceFormat === 'PGN',
    ...replayed,
  };
};

/**
 * A game of another chess variant: stored with its tags and text, but no position is indexed
 * (a replay by standard rules would give wrong keys) and no GameText is written.
 */
function variantGame(game: PgnGame, source: Uint8Array, sourceFormat: 'PGN' | 'GAMETEXT', gameIndex: number, where: { line?: number; offset?: number }): BuiltGame {
  const variant = getTag(game, 'Variant');
  const record = gameRecord(game, source, sourceFormat, { gameText: null, startFen: null, plies: [] });
  const warning = chessWarning(
    'CHESS_VARIANT_NOT_INDEXED',
    `game stored without its positions: [Variant "${variant}"] is not standard chess, Chess960 or a set-up position, so standard chess keys would be wrong`,
    { gameIndex, ...where },
  );
  return { record, scores: [], warnings: [warning] };
}

/** A chunk being filled. */
class ChunkBuilder {
  games: GameRecord[] = [];
  scores: ScoreRecord[] = [];
  warnings: ImportWarning[] = [];
  stored = 0;
  /** Games left out since the last chunk was taken. */
  skipped = 0;
  firstError: CodecError | null = null;

  add(built: BuiltGame | { failure: CodecError }, where: { line?: number; offset?: number }): void {
    if ('failure' in built) {
      this.fail(built.failure, where);
      return;
    }
    this.games.push(built.record);
    pushAll(this.scores, built.scores);
    pushAll(this.warnings, built.warnings);
    this.stored++;
  }

  fail(error: CodecError, where: { line?: number; offset?: number }): void {
    this.firstError ??= error;
    this.skipped++;
    const at = { line: error.line ?? where.line, offset: error.offset ?? where.offset };
    this.warnings.push({
      code: error.code,
      message: `game left out, it cannot be read: ${error.message}`,
      ...at,
    });
  }

  take(): ImportChunk {
    const chunk: ImportChunk = { games: this.games, scores: this.scores, warnings: this.warnings, skippedGames: this.skipped };
    this.games = [];
    this.scores = [];
    this.warnings = [];
    this.skipped = 0;
    return chunk;
  }
}

/** What one part of a PGN file (a game's bytes, or several games the splitter could not tell apart) gave. */
interface PgnPartRead {
  /** Whether the part held anything the parser took for a game. */
  sawAny: boolean;
  /** Each game of the part in order: its record, or why it was left out; and where its part starts. */
  games: { built: BuiltGame | { failure: CodecError }; where: { line: number; offset: number } }[];
}

/** Reads one part: `first` is the number of games stored before it in the file. */
const readPgnPart = (part: PgnGameBytes, first: number): { read: PgnPartRead; counted: number } => {
  const { text } = decodePgnBytes(part.bytes);
  const results = parsePgn(text, { moveLines: true, line: part.line, offset: part.offset });
  const parsed = results.filter((g) => g.ok).length;
  const where = { line: part.line, offset: part.offset };
  const games: PgnPartRead['games'] = [];
  let stored = 0;
  for (const result of results) {
    if (!result.ok) {
      games.push({ built: { failure: result.error }, where });
      continue;
    }
    if (!looksLikeGame(result.value)) {
      games.push({ built: { failure: importError('ERR_PGN_NOT_A_GAME', `line ${part.line}: text with no tag pair and no move that can be played is not a PGN game`, where) }, where });
      continue;
    }
    const built = buildChessGame(result.value, ownSource(part.bytes, parsed, result.value), 'PGN', first + stored, where);
    if (!('failure' in built)) stored++;
    games.push({ built, where });
  }
  return { read: { sawAny: results.length > 0, games }, counted: stored };
};

/** The PGN reader in pieces: a piece is what the splitter cuts (one game's bytes, as a rule). */
export const pgnPieces: PieceReader<PgnGameBytes, PgnPartRead> = {
  async *pieces(input) {
    const splitter = new PgnSplitter();
    // Each part's bytes are its own (a copy, not a view of the stream's buffer), to be handed to another thread.
    const own = (part: PgnGameBytes): PgnGameBytes => ({ bytes: part.bytes.slice(), offset: part.offset, line: part.line });
    for await (const chunk of input) for (const part of splitter.push(chunk)) yield own(part);
    for (const part of splitter.end()) yield own(part);
  },
  size: (part) => part.bytes.length,
  expected: () => 1,
  read: (part, { first }) => readPgnPart(part, first),
  recordsOf: (read) => {
    const built = read.games.flatMap((g) => ('failure' in g.built ? [] : [g.built]));
    return { games: built.map((b) => b.record), scores: built.flatMap((b) => b.scores) };
  },
  assemble: assemblePgn,
};

async function* assemblePgn(parts: AsyncIterable<PgnPartRead>): AsyncGenerator<ImportChunk> {
  const builder = new ChunkBuilder();
  let sawAny = false;
  for await (const part of parts) {
    sawAny ||= part.sawAny;
    for (const { built, where } of part.games) {
      builder.add(built, where);
      if (builder.games.length >= CHESS_CHUNK_GAMES) yield builder.take();
    }
  }
  if (builder.stored === 0) {
    throw new ImportFailure(builder.firstError ?? codecError('ERR_PGN_EMPTY', sawAny ? 'no readable game' : 'no game in input', { offset: 0, line: 1 }));
  }
  if (builder.games.length > 0 || builder.warnings.length > 0 || builder.skipped > 0) yield builder.take();
}

/**
 * PGN: streams the file game by game (bounded memory), yielding a chunk every
 * CHESS_CHUNK_GAMES games. Unplayable moves are kept and reported; a game that cannot be
 * parsed is skipped with a warning; nothing readable at all is an ImportFailure. Read in pieces
 * (`pgnPieces`): the import may read them on other threads.
 */
export const pgnReader: FormatReader = {
  format: 'PGN',
  binary: false,
  read: (input, options, context) => readInPieces(pgnPieces, input, options, context),
  pieces: pgnPieces,
  replay: replayPgnSource,
  reread: ({ source }) => rereadPgnSource(source),
  metadata: (source) => pgnSourceMetadata(source),
};

/** The tags of one stored PGN game, read from its source as `rereadPgnSource` reads it: the metadata its record had. */
export function pgnSourceMetadata(source: Uint8Array): Record<string, string> {
  for (const result of parsePgn(decodePgnBytes(source).text)) if (result.ok && looksLikeGame(result.value)) return tagObject(result.value);
  return {};
}

/** A game's own bytes: the part it was read from when that holds one game, else (the splitter left several together) the game re-printed. */
const ownSource = (part: Uint8Array, parsedGames: number, game: PgnGame): Uint8Array =>
  parsedGames === 1 ? part.slice() : Buffer.from(printPgn(game), 'utf8');

/**
 * The record the import made of one stored PGN game, made again from its source (one game's
 * bytes): the first game in it that reads, as `read` builds it. Throws ImportFailure when none
 * does, as `read` would.
 */
export function rereadPgnSource(source: Uint8Array): GameRecord {
  const results = parsePgn(decodePgnBytes(source).text, { moveLines: true });
  const parsed = results.filter((g) => g.ok).length;
  let firstError: CodecError | null = null;
  for (const result of results) {
    if (!result.ok) {
      firstError ??= result.error;
      continue;
    }
    if (!looksLikeGame(result.value)) continue;
    const built = buildChessGame(result.value, ownSource(source, parsed, result.value), 'PGN', 0, {});
    if (!('failure' in built)) return built.record;
    firstError ??= built.failure;
  }
  throw new ImportFailure(firstError ?? codecError('ERR_PGN_EMPTY', results.length > 0 ? 'no readable game' : 'no game in input', { offset: 0, line: 1 }));
}

/**
 * A parsed PGN "game" is one when it has a tag pair or its main line starts with a move that can
 * be played (from the standard position: a game without tags has no FEN): otherwise it is text
 * that is not PGN (prose, a stray comment) and is left out.
 */
const looksLikeGame = (game: PgnGame): boolean => {
  if (game.tags.length > 0) return true;
  const first = game.moves[0];
  return first !== undefined && !first.error && parseSan(standardPosition(), first.san).ok;
};

/** Base64 (or plain) option text as bytes. */
const base64Option = (text: string): Uint8Array => Buffer.from(text.replace(/\s+/g, ''), 'base64');

/**
 * GAMETEXT: one game as GameText bytes (base64 in GraphQL). Options: `fen` (start position,
 * default standard), `dialect` (`JOSE` or `SEED_DIAGRAM`), and `gameTextComments`: JOSE's
 * separate comment list (base64 of 0x00-terminated UTF-8 strings) when the bytes are JOSE's
 * split form. The stored GameText is always JOSE dialect, inline layout.
 */
/** GameText bytes read as a game, with the import's options (start FEN, dialect, separate comments). */
const decodeGameTextWith = (bytes: Uint8Array, options: ImportOptions): Result<PgnGame> => {
  const split = options.gameTextComments !== undefined;
  return decodeGameText(bytes, {
    fen: options.fen,
    dialect: dialectOption(options),
    layout: split ? 'split' : 'inline',
    texts: split ? splitTextList(base64Option(options.gameTextComments as string)) : undefined,
  });
};

/** The plies of one stored GameText game, read again from its bytes and the import's options (as `replayPgnSource`). */
const replayGameTextSource = (source: Uint8Array, options: ImportOptions): PlyRecord[] | null => {
  const decoded = decodeGameTextWith(source, options);
  if (!decoded.ok) return null;
  const replay = replayGame(decoded.value, { positions: true });
  return replay.ok ? chessPlies(replay.value) : null;
};

/** One GameText game read with the import's options; throws ImportFailure on bytes that do not read. */
const buildGameTextGame = (bytes: Uint8Array, options: ImportOptions): BuiltGame => {
  const dialect = dialectOption(options);
  const split = options.gameTextComments !== undefined;
  const decoded = decodeGameTextWith(bytes, options);
  if (!decoded.ok) throw new ImportFailure(decoded.error);
  const built = buildChessGame(decoded.value, bytes, 'GAMETEXT', 0, {});
  if ('failure' in built) throw new ImportFailure(built.failure);
  built.record.metadata = { ...built.record.metadata, GameTextDialect: dialect, ...(split ? { GameTextLayout: 'split' } : {}) };
  return built;
};

export const gameTextReader: FormatReader = {
  format: 'GAMETEXT',
  binary: true,
  replay: replayGameTextSource,
  reread: ({ source }, options) => buildGameTextGame(source, options).record,
  async *read(input, options) {
    const built = buildGameTextGame(await readAll(input), options);
    yield { games: [built.record], scores: built.scores, warnings: built.warnings };
  },
};

/** The stored game as a parsed PGN game: its source for PGN imports, else its GameText with the stored tags. */
export function storedChessGame(game: Game): Result<PgnGame> {
  if (game.sourceFormat === 'PGN') {
    const results = parsePgn(decodePgnBytes(game.source).text);
    const first = results.find((r) => r.ok) ?? results[0];
    return first ?? { ok: false, error: codecError('ERR_PGN_EMPTY', `game ${game.id}: no game in stored source`) };
  }
  if (!game.gameText) return { ok: false, error: importError('ERR_GAMETEXT_MISSING', `game ${game.id} has no GameText`) };
  const decoded = decodeGameText(game.gameText, { fen: game.startFen ?? undefined });
  if (!decoded.ok) return decoded;
  const tags = Object.entries((game.metadata ?? {}) as Record<string, unknown>)
    .filter(([name, value]) => typeof value === 'string' && !name.startsWith('GameText'))
    .map(([name, value]) => ({ name, value: value as string }));
  const names = new Set(tags.map((t) => t.name));
  for (const t of decoded.value.tags) if (!names.has(t.name)) tags.push(t);
  return { ok: true, value: { ...decoded.value, tags } };
}

/** The stored game parsed, or (a fault in stored data) why it cannot be. */
const readStored = (game: Game): Result<PgnGame, WriteFailure> => {
  const r = storedChessGame(game);
  if (r.ok) return r;
  return err({ cause: 'stored', message: `stored game ${game.id} cannot be read: ${r.error.code} ${describeLocation(r.error)} ${r.error.message}` });
};

/** (CHESS, PGN): the stored game re-printed; tokens kept without being played go in comments, so other programs read it. */
export const writeChessPgn: GameWriter = (game) => {
  const stored = readStored(game);
  if (!stored.ok) return stored;
  // A variant game is printed as read: tokens are not checked against standard chess rules. A
  // game whose import counted no kept token needs no replay to find them.
  const pgn = stored.value;
  if (!isStandardVariant(pgn)) return written(printPgn(pgn));
  return written(printPgn(game.keptTokens === 0 ? pgn : markKeptTokens(pgn), { keptTokensAsComments: true }));
};

/** (CHESS, GAMETEXT): the stored GameText (JOSE dialect, inline comments) as base64. */
export const writeChessGameText: GameWriter = (game) => {
  if (game.gameText) return written(Buffer.from(game.gameText).toString('base64'));
  const stored = readStored(game);
  if (!stored.ok) return stored;
  if (!isStandardVariant(stored.value)) {
    return unfitFormat(importError('ERR_GAMETEXT_VARIANT', `game ${game.id} is ${getTag(stored.value, 'Variant')}, which GameText cannot hold (it encodes standard chess); export it as PGN`));
  }
  const encoded = encodeGameText(stored.value);
  if (!encoded.ok) return unreadableGame(`game ${game.id} has no GameText form: ${encoded.error.message}`);
  return written(Buffer.from(encoded.value.bytes).toString('base64'));
};
