/**
 * The MAT format: Jellyfish `.mat` match files, read into backgammon game records
 * (one per ` Game k`, replayed to one position per ply, as the SGF reader stores
 * them) and written back. Each game keeps as `source` the file's header and its
 * own section, a `.mat` file of that one game: exporting a MAT game gives it back
 * as read; an SGF game is written as gnubg's `export mat` would write it. The first
 * error stops the import (one transaction, nothing stored) and names the line and
 * column.
 */
import { TextDecoder } from 'node:util';
import {
  type BackgammonGame,
  type BgReplay,
  type MatGameRead,
  matFileOf,
  printMatFile,
  parseBackgammonSgf,
  parseMatFile,
  gamesOfMat,
  replayGame,
} from '../../codecs/backgammon';
import { type CodecError, type Result, codecError, ok } from '../../codecs/result';
import type { GameRecord, ImportChunk, ImportWarning } from '../../db/records';
import type { Game } from '../../generated/prisma/client';
import { metadataOf, plyRecordsOf } from './records';
import { type FormatReader, type GameWriter, unfitFormat, written } from '../formats';
import { ImportFailure } from '../importFailure';
import { importWarnings } from '../warnings';
import { readAll } from '../reading/readAll';
import { resultOf } from './result';

/**
 * The warning codes the MAT reader gives (see `games/warnings.ts`): the file is not UTF-8, what
 * the match file's reading noticed, and what the replay of a game noticed (as the SGF reader).
 */
export const MAT_WARNINGS = ['WARN_MAT_LATIN1', 'WARN_MAT', 'WARN_BG_REPLAY'] as const;
const matWarning = importWarnings(MAT_WARNINGS);

/** The text of a file: UTF-8, or (when it is not valid UTF-8) ISO-8859-1, as older Windows programs write. */
const decode = (bytes: Uint8Array, warnings: ImportWarning[]): string => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    warnings.push(matWarning('WARN_MAT_LATIN1', 'the file is not UTF-8: read as ISO-8859-1'));
    return Buffer.from(bytes).toString('latin1');
  }
};

/** `W+2`, `B+4R`: the result as SGF's RE writes it. */
const resultText = (r: BgReplay['result']): string | null => (r ? `${r.winner === 1 ? 'B' : 'W'}+${r.points}${r.resigned ? 'R' : ''}` : null);

/** A replay error on a node, placed on the line and column of the action that made the node. */
const replayFailure = (read: MatGameRead, index: number, error: CodecError): ImportFailure => {
  const source = error.record === undefined ? undefined : read.sources[error.record];
  const where = source ? { line: source.line, column: source.column } : { line: read.line };
  const message = `line ${where.line}${'column' in where ? `, column ${where.column}` : ''}: game ${read.game.info.gameNumber + 1}: ${error.message.replace(/^node \d+: /, '')}`;
  return new ImportFailure({ ...error, message, record: index, ...where });
};

async function* readMat(input: AsyncIterable<Uint8Array>): AsyncGenerator<ImportChunk> {
  yield matChunk(await readAll(input));
}

/**
 * Whether a stored MAT game is its match's Crawford game, as its import decided from the games
 * before it (its own section cannot tell the Crawford game from a later game at the same score).
 */
const storedCrawfordGame = (metadata: unknown): boolean | undefined =>
  (metadata as { rules?: { crawfordGame?: boolean } } | null | undefined)?.rules?.crawfordGame;

/**
 * A whole `.mat` file's games and warnings; throws ImportFailure on the first error. `crawfordGame`
 * (a stored game read again) says whether its first game is the Crawford game.
 */
const matChunk = (bytes: Uint8Array, crawfordGame?: boolean): ImportChunk & { games: GameRecord[] } => {
  const warnings: ImportWarning[] = [];
  const text = decode(bytes, warnings);
  const parsed = parseMatFile(text);
  if (!parsed.ok) throw new ImportFailure(parsed.error);
  const { file } = parsed.value;
  const read = gamesOfMat(file);
  if (!read.ok) throw new ImportFailure(read.error);
  const lineOf = (w: string) => Number(/^line (\d+)/.exec(w)?.[1]) || undefined;
  for (const w of [...parsed.value.warnings, ...read.value.warnings]) warnings.push(matWarning('WARN_MAT', w, { line: lineOf(w) }));
  if (crawfordGame !== undefined && read.value.games.length > 0) read.value.games[0].game.info.rules.crawfordGame = crawfordGame;
  const games: GameRecord[] = [];
  read.value.games.forEach((g, index) => {
    const replay = replayGame(g.game);
    if (!replay.ok) throw replayFailure(g, index, replay.error);
    for (const w of replay.value.warnings) warnings.push(matWarning('WARN_BG_REPLAY', w, { gameIndex: index, line: g.line }));
    const { info } = g.game;
    const result = resultText(replay.value.result);
    games.push({
      kind: 'BACKGAMMON',
      sourceFormat: 'MAT',
      source: Buffer.from(file.header + file.games[index].text, 'utf8'),
      player1: info.white ?? null,
      player2: info.black ?? null,
      event: info.event ?? null,
      site: info.place ?? null,
      round: info.round ?? null,
      dateText: file.tags.find((t) => t.name === 'EventDate')?.value ?? null, // as written: 2025.11.08
      result,
      ...resultOf(result),
      matchLength: info.matchLength,
      gameNumber: info.gameNumber + 1,
      metadata: metadataOf(g.game, replay.value.result),
      plies: plyRecordsOf(replay.value.plies),
    });
  });
  return { games, scores: [], warnings };
};

export const matReader: FormatReader = {
  format: 'MAT',
  binary: false,
  read: (input) => readMat(input),
  // A stored game's source is a `.mat` file of that one game; whether it is the Crawford game the
  // rest of the match decided, and the import kept it in the metadata.
  reread: ({ source, metadata }) => matChunk(source, storedCrawfordGame(metadata)).games[0] ?? null,
};

/**
 * A stored MAT game's one game as its import read it (the text decoded as `matChunk` decodes it,
 * its Crawford flag as stored), unreplayed; null when the source does not read or holds other
 * than one game (the reread would fail, or find nothing).
 */
export const storedMatGame = (source: Uint8Array, metadata: unknown): BackgammonGame | null => {
  const parsed = parseMatFile(decode(source, []));
  if (!parsed.ok) return null;
  const read = gamesOfMat(parsed.value.file);
  if (!read.ok || read.value.games.length !== 1) return null;
  const game = read.value.games[0].game;
  const crawfordGame = storedCrawfordGame(metadata);
  if (crawfordGame !== undefined) game.info.rules.crawfordGame = crawfordGame;
  return game;
};

/** A stored MAT game read back into a backgammon game (its Crawford flag as stored: the game alone cannot tell). */
export const backgammonGameOfMat = (game: Game): Result<BackgammonGame> => {
  const text = Buffer.from(game.source).toString('utf8');
  const parsed = parseMatFile(text);
  if (!parsed.ok) return parsed;
  const read = gamesOfMat(parsed.value.file);
  if (!read.ok) return read;
  const read0 = read.value.games[0].game;
  const crawfordGame = storedCrawfordGame(game.metadata);
  if (crawfordGame !== undefined) read0.info.rules.crawfordGame = crawfordGame;
  return ok(read0);
};

/**
 * Writes a stored backgammon game as a `.mat` file of that game: a MAT game as it was read, an SGF
 * game as gnubg's `export mat` lays it out. A game `.mat` cannot hold (one that starts from a
 * set-up board or is edited during play) is a `format` failure naming the node.
 */
export const writeBackgammonGameMat: GameWriter = (game) => {
  if (game.sourceFormat === 'MAT') return written(Buffer.from(game.source).toString('utf8'));
  const read = parseBackgammonSgf(Buffer.from(game.source).toString('utf8'));
  if (!read.ok) return unfitFormat(read.error);
  const bg = read.value.games[0];
  // gnubg writes DT in a match's first game only; the stored game knows the match's date.
  if (bg.info.date === undefined && game.dateText) bg.info.date = game.dateText;
  const replay = replayGame(bg);
  if (!replay.ok) return unfitFormat(replay.error);
  const mat = matFileOf(bg, replay.value);
  if (!mat.ok) return unfitFormat(codecError(mat.error.code, `game ${game.id}: ${mat.error.message}; export it as SGF`, { record: mat.error.record }));
  return written(printMatFile(mat.value));
};
