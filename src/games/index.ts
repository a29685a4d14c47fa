/**
 * The formats tabula reads and writes: each game's storage module provides its readers and
 * writers (`formatTypes.ts` says what they are); this file lists them.
 */
import { gameTextReader, pgnReader, writeChessGameText, writeChessPgn } from './chess/formats';
import { cgpReader, gcgReader, writeCgpGame, writeGcgGame } from './crossword/formats';
import { goPositionsReader, goScoresReader } from './go/files';
import { writeGoGameSgf } from './go/sgf';
import type { GameKind } from '../db/records';
import type { GameFormat } from '../generated/graphql';
import type { FormatReader, GameWriter, GameWriterEntry } from './formats';
import { writeBackgammonGameSgf } from './backgammon/sgf';
import { matReader, writeBackgammonGameMat } from './backgammon/mat';
import { sgfReader } from './sgf/reader';

/** Every format `importGames` and the CLI read. */
const READERS: FormatReader[] = [pgnReader, gameTextReader, sgfReader, matReader, cgpReader, gcgReader, goPositionsReader, goScoresReader];

/** Every (game kind, format) pair `Game.export` writes. */
const WRITERS: GameWriterEntry[] = [
  { kind: 'CHESS', format: 'PGN', write: writeChessPgn },
  { kind: 'CHESS', format: 'GAMETEXT', write: writeChessGameText },
  { kind: 'GO', format: 'SGF', write: writeGoGameSgf },
  { kind: 'BACKGAMMON', format: 'SGF', write: writeBackgammonGameSgf },
  { kind: 'BACKGAMMON', format: 'MAT', write: writeBackgammonGameMat },
  { kind: 'CROSSWORD', format: 'GCG', write: writeGcgGame },
  { kind: 'CROSSWORD', format: 'CGP', write: writeCgpGame },
];

export const readerFor = (format: string): FormatReader | undefined => READERS.find((r) => r.format === format);

export const writerFor = (kind: GameKind, format: string): GameWriter | undefined =>
  WRITERS.find((w) => w.kind === kind && w.format === format)?.write;

export const importFormats = (): GameFormat[] => READERS.map((r) => r.format).sort();

/** The formats games of `kind` (of any kind when absent) can be written in, each once, sorted. */
export const exportFormats = (kind?: GameKind): GameFormat[] =>
  [...new Set(WRITERS.filter((w) => kind === undefined || w.kind === kind).map((w) => w.format))].sort();
