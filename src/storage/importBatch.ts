/**
 * A batch of an import's pieces read (`FormatReader.pieces`): what a worker thread of the import
 * (`importWorker.ts`) does with a batch, and all it does. Each game read is finished as the
 * import's own thread would finish it (its duplicate key and attributes), so that thread only
 * writes. Pure: no database, nothing kept between batches.
 */
import type { CodecError } from '../codecs/result';
import type { GameRecord, ScoreRecord } from '../db/records';
import { packPlies } from '../db/packedPlies';
import { duplicateKeyOf } from '../games/duplicates';
import type { ImportOptions } from '../games/formats';
import { attributesOf } from '../games/gameAttributes';
import { ImportFailure } from '../games/importFailure';
import { readerFor } from '../games/index';
import type { PieceTables } from '../games/reading/pieces';

/** Consecutive pieces of a file to read, each with the number of games the file counted before it (as far as it is known). */
export interface PieceBatch {
  format: string;
  options: ImportOptions;
  pieces: unknown[];
  firsts: number[];
  /** The import's tables, once it resolved them. */
  tables?: PieceTables;
}

/**
 * One piece read: what it gave and how many games it counted; that it needs the import's tables
 * (it was sent before they were resolved); or the ImportFailure it stops the import with. A batch
 * stops at its first failure: the pieces after it are not read.
 */
export type PieceOutcome = { read: unknown; counted: number } | { needsTables: true } | { failure: CodecError };

/**
 * What the import's own thread would do to a game read before writing it: its duplicate key and
 * attributes; and its plies packed for the writer (`scores`: those read with it).
 */
export const finishGame = (game: GameRecord, scores: readonly ScoreRecord[], options: ImportOptions): void => {
  game.duplicateKey = duplicateKeyOf(game);
  game.attributes = attributesOf(game, options);
  // The attributes hold the pattern signature; the reader's own (with the function that built it) is not needed after.
  delete game.patternSignature;
  const packed = packPlies(game, scores);
  if (packed) {
    game.packedPlies = packed;
    game.plies = [];
  }
};

/** Reads a batch of pieces in order (throws on a fault that is not the input's: an Error, not an ImportFailure). */
export function readBatch(batch: PieceBatch): PieceOutcome[] {
  const reader = readerFor(batch.format)?.pieces;
  if (!reader) throw new Error(`format ${batch.format} is not read in pieces`);
  const outcomes: PieceOutcome[] = [];
  for (let i = 0; i < batch.pieces.length; i++) {
    try {
      const result = reader.read(batch.pieces[i], { first: batch.firsts[i], tables: batch.tables }, batch.options);
      if ('read' in result) {
        const { games, scores } = reader.recordsOf(result.read);
        for (const game of games) finishGame(game, scores, batch.options);
      }
      outcomes.push(result);
    } catch (error) {
      if (!(error instanceof ImportFailure)) throw error;
      outcomes.push({ failure: error.error });
      break;
    }
  }
  return outcomes;
}
