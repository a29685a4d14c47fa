/**
 * The formats tabula reads and writes. A `FormatReader` turns a file into
 * record chunks; a `GameWriter` turns a stored game back into a file. Each
 * game's storage module provides its own; this file lists them.
 */
import type { SqlExecutor } from '../db/sql';
import type { Game } from '../generated/prisma/client';
import { gameTextReader, pgnReader, writeChessGameText, writeChessPgn } from './chess';
import { cgpReader, gcgReader, writeCgpGame, writeGcgGame } from './crossword';
import { goPositionsReader, goScoresReader } from './go';
import { writeGoGameSgf } from './goSgf';
import type { GameKind, ImportChunk } from '../db/records';
import { sgfReader, writeBackgammonGameSgf } from './sgf';

/** Options of `importGames` (program/ruleset for score files, and so on). */
export type ImportOptions = Record<string, string | undefined>;

/** What a reader may consult while it reads: the import's transaction (e.g. for the active Go Zobrist table). */
export interface ReadContext {
  sql: SqlExecutor;
}

export interface FormatReader {
  /** The GraphQL `GameFormat` value. */
  format: string;
  /** True when GraphQL carries the file as base64. */
  binary: boolean;
  /**
   * Reads a file, given as a stream of byte chunks, into record chunks; throws
   * ImportFailure on input it cannot store. Readers of large files stream.
   */
  read(
    input: AsyncIterable<Uint8Array>,
    options: ImportOptions,
    context?: ReadContext,
  ): AsyncIterable<ImportChunk> | Iterable<ImportChunk>;
}

/** Writes a stored game in one format; binary formats return base64. */
export type GameWriter = (game: Game) => string;

export interface GameWriterEntry {
  kind: GameKind;
  format: string;
  write: GameWriter;
}

/** Every format `importGames` and the CLI read. */
const READERS: FormatReader[] = [pgnReader, gameTextReader, sgfReader, cgpReader, gcgReader, goPositionsReader, goScoresReader];

/** Every (game kind, format) pair `Game.export` writes. */
const WRITERS: GameWriterEntry[] = [
  { kind: 'CHESS', format: 'PGN', write: writeChessPgn },
  { kind: 'CHESS', format: 'GAMETEXT', write: writeChessGameText },
  { kind: 'GO', format: 'SGF', write: writeGoGameSgf },
  { kind: 'BACKGAMMON', format: 'SGF', write: writeBackgammonGameSgf },
  { kind: 'CROSSWORD', format: 'GCG', write: writeGcgGame },
  { kind: 'CROSSWORD', format: 'CGP', write: writeCgpGame },
];

export const readerFor = (format: string): FormatReader | undefined => READERS.find((r) => r.format === format);

export const writerFor = (kind: GameKind, format: string): GameWriter | undefined =>
  WRITERS.find((w) => w.kind === kind && w.format === format)?.write;

export const importFormats = (): string[] => READERS.map((r) => r.format).sort();
