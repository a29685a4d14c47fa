/**
 * Crossword games in storage: CGP files (one position per non-blank line, stored as
 * standalone positions) and GCG game records (the game, plus the position after every
 * event, scores recomputed and checked, and each player's `PlayerAnalysis` row: turns, recomputed
 * points, bingos, stated final score), and back out as GCG or CGP.
 *
 * Positions are keyed by the codec's Zobrist key (board + rack of the player to move), so
 * two positions that differ only in scores, zeros, the opponent's rack or operations share
 * one row; the row keeps the canonical CGP of the first occurrence stored. `sideToMove` is
 * the GCG player number (`1`/`2`) of the player to move when a game says it, else null
 * (a CGP line always lists the player to move first but not which player that is).
 */
import {
  BoardLayout,
  CROSSWORD_GAME,
  CgpOptions,
  CgpParseOptions,
  CgpPosition,
  GameReplay,
  GcgEvent,
  GcgGame,
  RACK_SIZE,
  REPLAY_WARNINGS,
  ReplayOptions,
  boardByName,
  cgpLines,
  decodeGcg,
  distributionByName,
  gcgRuleset,
  gcgSourceProgram,
  parseCgp,
  parseGcg,
  parseTiles,
  positionKey,
  printCgp,
  rackStrings,
  replayGcg,
  summarizeGcgGame,
  tilesOnBoard,
  unseenTileCount,
  gcgMoveOf,
} from '../../codecs/crossword';
import { DEFAULT_BINGO_BONUS } from '../../codecs/crossword/scoring';
import { signedHashOf } from '../../codecs/hashes';
import type { Game } from '../../generated/prisma/client';
import { readAll } from '../reading/readAll';
import { type FormatReader, type GameWriter, type ImportOptions, unreadableGame, written } from '../formats';
import { type Result, ok } from '../../codecs/result';
import {
  type GameRecord,
  type ImportChunk,
  type ImportWarning,
  type PlayerAnalysisRecord,
  type PlyRecord,
  type PositionRecord,
} from '../../db/records';
import { ImportFailure } from '../importFailure';
import { resultOf } from './result';
import { importWarnings } from '../warnings';

/**
 * The warning codes the crossword readers give (see `games/warnings.ts`): the GCG replay's
 * (a stated score, total or rack that the replay does not reproduce).
 */
export const CROSSWORD_WARNINGS = REPLAY_WARNINGS;
const crosswordWarning = importWarnings(CROSSWORD_WARNINGS);

/** Positions per chunk of a CGP import. */
const CGP_CHUNK = 2000;

/**
 * What a stored crossword position keeps in `Position.data`. Scores, zero-turn counts, the last
 * move and timers are not kept: they belong to each game that reaches the position (a ply).
 */
export interface CrosswordPositionData {
  lexicon: string | null;
  distribution: string;
  boardName: string;
  racks: string[];
  unseenTiles: number;
  tilesOnBoard: number;
}

/**
 * The position alone, as stored: board, racks and the game's settings, with the scores and the
 * zero-turn count written 0 (CGP's convention when they are unknown) and no last move, timers
 * or game id.
 */
const positionOnly = (p: CgpPosition): CgpPosition => {
  const { lastMove: _lastMove, timers: _timers, gameId: _gameId, ...options } = p.options;
  return { ...p, scores: p.scores.map(() => 0), consecutiveZeros: 0, options };
};

/** A parsed position as a PositionRecord; `sideToMove` is the player number to move, when known. */
export const crosswordPositionRecord = (p: CgpPosition, sideToMove: string | null = null): PositionRecord => {
  const key = positionKey(p);
  const data: CrosswordPositionData = {
    lexicon: p.options.lexicon ?? null,
    distribution: p.distribution.name,
    boardName: p.layout.name,
    racks: rackStrings(p),
    unseenTiles: unseenTileCount(p),
    tilesOnBoard: tilesOnBoard(p),
  };
  return { kind: 'CROSSWORD', key, hash: signedHashOf(key), sideToMove, board: printCgp(positionOnly(p)), data };
};

/**
 * Reads a stored position back: the board is canonical CGP; the distribution and board
 * recorded beside it settle what the text alone might not (a CGP imported with options).
 */
export const storedCrosswordPosition = (board: string, data: unknown) => {
  const d = (data ?? {}) as Partial<CrosswordPositionData>;
  return parseCgp(board, { distribution: d.distribution, board: d.boardName });
};

const failure = (code: string, message: string, field: string): ImportFailure =>
  new ImportFailure({ code, message, field });

/** Import options a crossword reader understands: `letterDistribution`, `boardLayout`, `lexicon`. */
const crosswordOptions = (options: ImportOptions): { distribution?: string; board?: string; lexicon?: string } => {
  const out: { distribution?: string; board?: string; lexicon?: string } = {};
  if (options.letterDistribution !== undefined) {
    const d = distributionByName(options.letterDistribution);
    if (!d) throw failure('UNKNOWN_LETTER_DISTRIBUTION', `unknown letter distribution "${options.letterDistribution}"`, 'letterDistribution');
    out.distribution = d.name;
  }
  if (options.boardLayout !== undefined) {
    const b = boardByName(options.boardLayout);
    if (!b) throw failure('UNKNOWN_BOARD_NAME', `unknown board "${options.boardLayout}"`, 'boardLayout');
    out.board = b.name;
  }
  if (options.lexicon !== undefined && options.lexicon !== '') out.lexicon = options.lexicon;
  return out;
};

// ---------------------------------------------------------------------------------------
// CGP

/** A CGP parse with import defaults, keeping a defaulted distribution or board in the stored text. */
const parseCgpLine = (text: string, defaults: CgpParseOptions, line: number): CgpPosition => {
  const parsed = parseCgp(text, defaults);
  if (!parsed.ok) throw new ImportFailure({ ...parsed.error, line });
  const p = parsed.value;
  if (!defaults.distribution && !defaults.board) return p;
  // Without `ld` / `bdn` the stored CGP would not say what the import options did.
  const options: CgpOptions = {
    ...p.options,
    letterDistribution: p.options.letterDistribution ?? p.distribution.name,
    ...(p.options.boardName === undefined && defaults.board ? { boardName: p.layout.name } : {}),
  };
  return { ...p, options };
};

/** CGP: one position per non-blank line, stored without a game. */
export const cgpReader: FormatReader = {
  format: 'CGP',
  binary: false,
  read: async function* (input, options): AsyncGenerator<ImportChunk> {
    const o = crosswordOptions(options);
    const defaults: CgpParseOptions = { ...(o.distribution ? { distribution: o.distribution } : {}), ...(o.board ? { board: o.board } : {}) };
    let batch: PositionRecord[] = [];
    for await (const { line, text } of cgpLines(input)) {
      if (text.trim() === '') continue;
      batch.push(crosswordPositionRecord(parseCgpLine(text, defaults, line)));
      if (batch.length >= CGP_CHUNK) {
        yield { positions: batch };
        batch = [];
      }
    }
    if (batch.length > 0) yield { positions: batch };
  },
};

// ---------------------------------------------------------------------------------------
// GCG

const signed = (n: number): string => (n < 0 ? String(n) : `+${n}`);

/** An event as a move: the GCG event without nickname, rack and total (`8D WINDY +32`, `-ABC +0`, `(challenge) +5`). */
export const gcgMoveText = (e: GcgEvent): string => `${gcgMoveOf(e)} ${signed(e.score)}`;

/** The position before the first event: an empty board, the first mover's rack (when written), no score. */
export const gcgStartPosition = (game: GcgGame, replay: GameReplay, bingoBonus = DEFAULT_BINGO_BONUS): { position: CgpPosition; player: number } => {
  const first = game.events[0];
  const player = first ? Math.max(0, game.players.findIndex((p) => p.nick === first.nick)) : 0;
  const rack = first && first.rack !== '' ? parseTiles(first.rack, replay.distribution, { allowBlank: true }) : undefined;
  const layout: BoardLayout = replay.layout;
  const options: CgpOptions = {
    ...(replay.lexicon !== undefined ? { lexicon: replay.lexicon } : {}),
    letterDistribution: replay.distribution.name,
    ...(layout !== CROSSWORD_GAME ? { boardName: layout.name } : {}),
    ...(bingoBonus !== DEFAULT_BINGO_BONUS ? { bingoBonus } : {}),
  };
  return {
    player,
    position: {
      layout,
      distribution: replay.distribution,
      squares: new Uint8Array(layout.rows * layout.cols),
      racks: [rack?.ok && rack.value.length <= RACK_SIZE ? rack.value : [], []],
      scores: [0, 0],
      consecutiveZeros: 0,
      options,
      unknownOperations: [],
    },
  };
};

/** A parsed GCG game and its replay. */
interface ReadGcg {
  game: GcgGame;
  replay: GameReplay;
}

/** Parses and replays GCG bytes. */
const parseAndReplayGcg = (bytes: Uint8Array, replayOptions: ReplayOptions): Result<ReadGcg> => {
  const game = parseGcg(bytes);
  if (!game.ok) return game;
  const replay = replayGcg(game.value, replayOptions);
  if (!replay.ok) return replay;
  return ok({ game: game.value, replay: replay.value });
};

/** Parses and replays GCG bytes; failures become ImportFailure with the line. */
const readGcgGame = (bytes: Uint8Array, replayOptions: ReplayOptions): ReadGcg => {
  const read = parseAndReplayGcg(bytes, replayOptions);
  if (!read.ok) throw new ImportFailure(read.error);
  return read.value;
};

/** Replay options kept in a game's metadata so export replays exactly as the import did. */
interface CrosswordGameMetadata {
  nicknames: string[];
  pragmas: Record<string, string>;
  lexicon: string | null;
  distribution: string;
  board: string;
  encoding: string;
  finalScores: number[];
  finished: boolean;
  finalRacks: (string | null)[];
  note?: string;
}

const pragmaMap = (game: GcgGame): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const { keyword, value } of game.pragmas) out[keyword] = keyword in out ? `${out[keyword]}\n${value}` : value;
  return out;
};

/** The program a GCG game's analysis rows name when the file does not say which program wrote it. */
export const GCG_PROGRAM = 'gcg';

/**
 * A game's `PlayerAnalysis` rows: per player the turns (as `decisions`, with no loss), the
 * points as recomputed, the bingos and the final score the file states; the program is the one
 * the file says wrote it, else `gcg`; the ruleset its lexicon and variant.
 */
export const gcgPlayerAnalysis = (game: GcgGame, replay: GameReplay): PlayerAnalysisRecord[] => {
  const program = gcgSourceProgram(game) ?? GCG_PROGRAM;
  const ruleset = gcgRuleset(game, replay);
  return summarizeGcgGame(game, replay).players.map((p) => ({
    side: p.side,
    program,
    ruleset,
    decisions: p.turns,
    loss: 0,
    inaccuracies: 0,
    mistakes: 0,
    blunders: 0,
    turns: p.turns,
    points: p.points,
    bingos: p.bingos,
    statedScore: p.statedScore,
  }));
};

/** Turns a parsed and replayed GCG game into a GameRecord (the position after every event) and its warnings. */
export const gcgGameRecord = (
  source: Uint8Array,
  game: GcgGame,
  replay: GameReplay,
): { record: GameRecord; warnings: ImportWarning[] } => {
  const start = gcgStartPosition(game, replay);
  const plies: PlyRecord[] = [
    {
      position: crosswordPositionRecord(start.position, String(start.player + 1)),
      variation: '',
      ply: 0,
      nextMove: game.events[0] ? gcgMoveText(game.events[0]) : null,
    },
  ];
  replay.turns.forEach((turn, k) => {
    const next = game.events[turn.eventIndex + 1];
    plies.push({
      position: crosswordPositionRecord(turn.position, String(2 - turn.player)),
      variation: '',
      ply: k + 1,
      move: gcgMoveText(turn.event),
      nextMove: next ? gcgMoveText(next) : null,
    });
  });
  const finished = game.events.some((e) => e.kind === 'endRackPoints' || e.kind === 'lastRackPenalty');
  const pragmas = pragmaMap(game);
  const [p1, p2] = game.players;
  const metadata: CrosswordGameMetadata = {
    nicknames: game.players.map((p) => p.nick),
    pragmas,
    lexicon: replay.lexicon ?? null,
    distribution: replay.distribution.name,
    board: replay.layout.name,
    encoding: game.sourceEncoding,
    finalScores: [...replay.finalScores],
    finished,
    finalRacks: game.finalRacks.map((r) => r ?? null),
    ...(game.note !== undefined ? { note: game.note } : {}),
  };
  const result = finished ? `${replay.finalScores[0]}-${replay.finalScores[1]}` : null;
  const record: GameRecord = {
    kind: 'CROSSWORD',
    sourceFormat: 'GCG',
    source,
    player1: p1.name !== '' ? p1.name : p1.nick,
    player2: p2.name !== '' ? p2.name : p2.nick,
    event: pragmas.title ?? pragmas.tournament ?? null,
    site: pragmas.site ?? null,
    round: pragmas.round ?? null,
    dateText: pragmas.date ?? null,
    result,
    ...resultOf(result),
    metadata: metadata as unknown as Record<string, unknown>,
    plies,
    analysis: gcgPlayerAnalysis(game, replay),
  };
  const warnings: ImportWarning[] = replay.warnings.map((w) => crosswordWarning(w.code, w.message, { gameIndex: 0, line: w.line }));
  return { record, warnings };
};

/** GCG: one game per file (UTF-8 or ISO-8859-1, any line ends). */
export const gcgReader: FormatReader = {
  format: 'GCG',
  binary: false,
  read: async function* (input, options): AsyncGenerator<ImportChunk> {
    const replayOptions = crosswordOptions(options);
    const bytes = await readAll(input);
    const { game, replay } = readGcgGame(bytes, replayOptions);
    const { record, warnings } = gcgGameRecord(bytes, game, replay);
    yield { games: [record], warnings };
  },
  reread: ({ source }, options) => {
    const { game, replay } = readGcgGame(source, crosswordOptions(options));
    return gcgGameRecord(source, game, replay).record;
  },
};

const replayOptionsOf = (stored: Game): ReplayOptions => {
  const m = (stored.metadata ?? {}) as Partial<CrosswordGameMetadata>;
  return {
    ...(m.distribution ? { distribution: m.distribution } : {}),
    ...(m.board ? { board: m.board } : {}),
    ...(m.lexicon ? { lexicon: m.lexicon } : {}),
  };
};

/**
 * GCG export: the source text itself (every event, note and pragma as imported). A source in
 * ISO-8859-1 with letters outside ASCII is returned decoded, its encoding line now saying UTF-8.
 */
export const writeGcgGame: GameWriter = (stored) => {
  const bytes = new Uint8Array(stored.source);
  const decoded = decodeGcg(bytes);
  if (!decoded.ok) return unreadableGame(`stored GCG of game ${stored.id} does not decode: ${decoded.error.message}`);
  const { text, encoding } = decoded.value;
  // eslint-disable-next-line no-control-regex
  if (encoding === 'UTF-8' || /^[\x00-\x7f]*$/.test(text)) return written(text);
  const eol = /\r\n|\r|\n/.exec(text);
  if (/^#character-encoding\b/.test(text)) return written(`#character-encoding UTF-8${eol ? text.slice(eol.index) : ''}`);
  return written(`#character-encoding UTF-8${eol?.[0] ?? '\n'}${text}`);
};

/** CGP export of a game: the position before the first event and after every event, one per line. */
export const writeCgpGame: GameWriter = (stored) => {
  const read = parseAndReplayGcg(new Uint8Array(stored.source), replayOptionsOf(stored));
  if (!read.ok) return unreadableGame(read.error.message);
  return written(gamePositions(read.value).map((p) => printCgp(p)).join('\n') + '\n');
};

/** A stored GCG game read and replayed again, with the options it was imported with (kept in its metadata). */
export const replayStoredGcg = (stored: Game): ReadGcg =>
  readGcgGame(new Uint8Array(stored.source), replayOptionsOf(stored));

/**
 * A stored GCG game's positions, ply by ply from 0 (the start), with this game's scores and last
 * moves: one replay of the whole game (the API reads it once per game and request, `api/loaders.ts`).
 */
export const crosswordGamePositions = (stored: Game): CgpPosition[] => gamePositions(replayStoredGcg(stored));

/** A replayed game's positions, ply by ply from 0. */
const gamePositions = ({ game, replay }: ReadGcg): CgpPosition[] => [gcgStartPosition(game, replay).position, ...replay.turns.map((t) => t.position)];

