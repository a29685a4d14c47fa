/**
 * A reader split in three, so the costly part of an import can run on other threads
 * (`src/storage/importWorkers.ts`) while the import's own thread writes:
 * - `pieces` cuts the file into pieces that read on their own (a PGN game's bytes, an SGF game
 *   tree's text): cheap, on the import's thread, in file order;
 * - `read` reads one piece: parsing, replay, keys. Pure (no database, no state between pieces)
 *   but for what it is given: the number of the piece's first game in the file, and the import's
 *   tables once they are resolved;
 * - `assemble` makes the file's chunks from the pieces read, in file order, on the import's
 *   thread: what spans games (chunk boundaries, a match's date carried to its later games, the
 *   check that the file held a game) is there.
 * `readInPieces` runs the three on one thread: a reader's `read` is this, so both paths give the
 * same chunks.
 */
import type { ZobristHasher } from '../../codecs/go';
import type { GameRecord, ImportChunk, ScoreRecord } from '../../db/records';
import type { ImportOptions, ReadContext } from '../formats';
import { Pacer } from './pacer';
import { readAhead } from './readAhead';

/** The import's tables, once resolved (absent before: a piece that needs them says so). */
export interface PieceTables {
  /** The 9x9 Zobrist hasher Go boards are hashed with; absent: the default. */
  goHasher?: ZobristHasher;
}

/** What reading a piece needs besides the piece. */
export interface PieceContext {
  /** How many games the file counted before this piece (its first game's number). */
  first: number;
  /** The import's tables; absent until the import resolved them. */
  tables?: PieceTables;
}

/** A piece read, with how many games it counted; or, read without tables, that it needs them. */
export type PieceResult<R> = { read: R; counted: number } | { needsTables: true };

export interface PieceReader<P, R> {
  /**
   * Cuts the input into pieces, in file order. Pieces are plain data (they go to other threads).
   * `context`: the import's, for a reader that asks the database something once a file.
   */
  pieces(input: AsyncIterable<Uint8Array>, options: ImportOptions, context?: ReadContext): AsyncIterable<P>;
  /** About how many bytes a piece holds, to hand pieces over in batches of a similar size. */
  size(piece: P): number;
  /** How many games a piece usually counts, to number the pieces after it before it is read. */
  expected(piece: P): number;
  /** Reads one piece (pure; throws ImportFailure where the file cannot be imported). The result is plain data. */
  read(piece: P, context: PieceContext, options: ImportOptions): PieceResult<R>;
  /** The game records of a piece read and the scores read with them, to finish them where they were read (`src/storage/importBatch.ts`). */
  recordsOf(read: R): { games: GameRecord[]; scores: ScoreRecord[] };
  /** The file's chunks from its pieces read, in file order. */
  assemble(read: AsyncIterable<R>): AsyncIterable<ImportChunk>;
}

/** The import's tables, resolved through the read context (no context: the defaults). */
export const resolveTables = async (context: ReadContext | undefined): Promise<PieceTables> => ({
  goHasher: (await context?.zobristTable?.())?.hasher,
});

/**
 * Reads one piece, resolving the import's tables first when it needs them (`tables` holds them
 * once resolved, for the pieces after).
 */
export async function readPiece<P, R>(
  reader: PieceReader<P, R>,
  piece: P,
  first: number,
  tables: { value?: PieceTables },
  options: ImportOptions,
  context: ReadContext | undefined,
): Promise<{ read: R; counted: number }> {
  let result = reader.read(piece, { first, tables: tables.value }, options);
  if ('needsTables' in result) {
    tables.value ??= await resolveTables(context);
    result = reader.read(piece, { first, tables: tables.value }, options);
    if ('needsTables' in result) throw new Error('a piece asked for the import tables it was given');
  }
  return result;
}

/** A piece reader run on this thread: the chunks `assemble` makes, one read ahead, giving the event loop a turn every few ms. */
export function readInPieces<P, R>(
  reader: PieceReader<P, R>,
  input: AsyncIterable<Uint8Array>,
  options: ImportOptions,
  context?: ReadContext,
): AsyncIterable<ImportChunk> {
  async function* read(): AsyncGenerator<R> {
    const pace = new Pacer();
    const tables: { value?: PieceTables } = {};
    let first = 0;
    for await (const piece of reader.pieces(input, options, context)) {
      const result = await readPiece(reader, piece, first, tables, options, context);
      first += result.counted;
      yield result.read;
      if (pace.due) await pace.giveWay();
    }
  }
  return readAhead(reader.assemble(read()));
}
