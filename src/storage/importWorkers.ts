/**
 * Where an import's games are read: worker threads (`node:worker_threads`), so parsing, replay
 * and keys run on other cores while this thread streams the rows to the database; or this thread.
 * `importChunks` is the one place that decides. A reader that reads in pieces
 * (`FormatReader.pieces`: PGN, SGF) has its file cut into pieces here, handed to the workers in
 * batches of about BATCH_BYTES (structured-cloned plain data), and its pieces read come back and
 * are assembled into chunks in file order, so the chunks, their games' numbers, warnings and
 * everything stored are those of the reading on this thread.
 *
 * What spans pieces is kept right:
 * - a piece's first game number (warnings and score sources name games by it) is known only once
 *   the pieces before it are read: a batch is sent with the numbers expected (`expected`: one game
 *   a piece, as a rule), and a piece whose number turns out otherwise (a game before it left out)
 *   is read again here with the right one;
 * - the import's tables (the Go Zobrist table it records) are resolved only when a piece needs
 *   them: a piece sent before says so, is read again here once they are, and later batches carry them;
 * - what a game takes from the one before it is added by `assemble`, on this thread.
 * Where the compiled worker script is not beside this module (the sources run through ts-jest) or
 * no worker is asked for (TABULA_IMPORT_WORKERS=0; the embedded PGlite's default), pieces are read
 * on this thread.
 */
import { wholeNumberFromEnv } from '../db/config';
import type { DatabaseKind } from '../db/database';
import type { GameRecord, ImportChunk, PlyRecord } from '../db/records';
import type { FormatReader, ImportOptions, ReadContext } from '../games/formats';
import { ImportFailure } from '../games/importFailure';
import { type PieceContext, type PieceReader, type PieceTables, readPiece } from '../games/reading/pieces';
import { readAhead } from '../games/reading/readAhead';
import type { PieceBatch, PieceOutcome } from './importBatch';
import { WorkerPool, compiledScript, defaultWorkers } from './workerPool';

/** Bytes of pieces a batch holds, about (a PGN batch: some 90 games). */
const BATCH_BYTES = 64 * 1024;

/** Pieces a batch holds at most. */
const BATCH_PIECES = 256;

/**
 * A worker's young generation, in MB, by the database the import writes to: on the embedded PGlite
 * 4 MB (V8's default is 16 MB a semi-space, which made its importer of 2,500 PGN games peak at
 * 371 MB against 286 on one thread; with this, 330); on PostgreSQL V8's own (null). A young
 * generation that small has the worker collect every 2 MB or so, before a batch's games are posted,
 * so they are copied and promoted, and the old generation is collected every ~300 ms: the backgammon
 * SGF bench file (3,600 analysed games) took 1,065 scavenges and 62 full collections in the worker,
 * and 0.5-1.5 s more CPU in all (the worker and V8's helper threads), than with V8's default.
 */
export const workerYoungGenerationMb = (kind: DatabaseKind): number | null => (kind === 'pglite' ? 4 : null);

/** Reads batches of pieces; `close` ends its workers. */
export interface PieceReaders {
  /** Batches kept in flight: enough that no worker waits while this thread writes a chunk. */
  readonly depth: number;
  /** Bytes of pieces a batch holds, about. */
  readonly batchBytes: number;
  read(batch: PieceBatch): Promise<PieceOutcome[]>;
  /** Starts the readers ahead of the first batch. */
  start(): void;
  close(): Promise<void>;
}

/**
 * The default number of workers of an import into a database of this kind: on PostgreSQL one fewer
 * than the cores (the import's thread writes), at least 1, at most 4; on the embedded PGlite none.
 * PGlite runs the database itself on the import's thread, and its memory is what limits it (issue
 * 29 §4): a worker's heap took its importer of 2,500 PGN games from 300-322 MB to 330-366 MB
 * (the goal is 350), for no rate this 2-core machine could tell apart from the one thread's.
 */
export const defaultImportWorkers = (kind: DatabaseKind): number => (kind === 'pglite' ? 0 : defaultWorkers());

/**
 * TABULA_IMPORT_WORKERS: the workers that read an import's games (0: the import's own thread);
 * undefined when it is not set (then `defaultImportWorkers` of the database).
 */
export const importWorkersFromEnv = (env: NodeJS.ProcessEnv = process.env): number | undefined =>
  env.TABULA_IMPORT_WORKERS === undefined || env.TABULA_IMPORT_WORKERS === '' ? undefined : wholeNumberFromEnv(env, 'TABULA_IMPORT_WORKERS', 0);

/** Batches read by `size` worker threads running `script`; a worker that stops is replaced at the next batch. */
export class WorkerPieceReaders implements PieceReaders {
  private readonly pool: WorkerPool<PieceBatch, PieceOutcome[]>;

  /**
   * `batchBytes`: see PieceReaders (tests make it small, a piece a batch); `youngGenerationMb`: each
   * worker's young generation (`workerYoungGenerationMb`; null: V8's default).
   */
  constructor(script: string, readonly size: number, readonly batchBytes = BATCH_BYTES, youngGenerationMb: number | null = null) {
    const resourceLimits = youngGenerationMb === null ? {} : { maxYoungGenerationSizeMb: youngGenerationMb };
    this.pool = new WorkerPool(script, size, "reading an import's games", { resourceLimits });
  }

  get depth(): number {
    return this.size * 3;
  }

  read(batch: PieceBatch): Promise<PieceOutcome[]> {
    return this.pool.run(batch);
  }

  start(): void {
    this.pool.start();
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

/**
 * A file's chunks, its pieces read by `readers` (see the module's comment), in file order. The
 * chunks are read one ahead, as a reader's own are.
 */
export function readInWorkers(
  readers: PieceReaders,
  format: string,
  reader: PieceReader<unknown, unknown>,
  input: AsyncIterable<Uint8Array>,
  options: ImportOptions,
  context?: ReadContext,
): AsyncIterable<ImportChunk> {
  const tables: { value?: PieceTables } = {};
  interface Sent {
    pieces: unknown[];
    firsts: number[];
    tables?: PieceTables;
    outcomes: Promise<PieceOutcome[]>;
  }
  const inFlight: Sent[] = [];
  // Games counted by the pieces assembled, and expected of the pieces sent and not assembled yet.
  let counted = 0;
  let expectedAhead = 0;

  const send = (pieces: unknown[], firsts: number[]): void => {
    const outcomes = readers.read({ format, options, pieces, firsts, tables: tables.value });
    // Handled where it is awaited; this only keeps a failure that comes first from being reported as unhandled.
    outcomes.catch(() => undefined);
    inFlight.push({ pieces, firsts, tables: tables.value, outcomes });
  };

  /** The oldest batch's pieces read, in order; a piece read with a wrong number or without the tables it needs is read again here. */
  async function* takeOldest(): AsyncGenerator<unknown> {
    const sent = inFlight.shift() as Sent;
    const outcomes = await sent.outcomes;
    for (let i = 0; i < sent.pieces.length; i++) {
      const outcome = outcomes[i];
      expectedAhead -= reader.expected(sent.pieces[i]);
      let result: { read: unknown; counted: number };
      if (outcome && 'read' in outcome && sent.firsts[i] === counted) {
        result = outcome;
        readPliesOnDemand(reader, sent.pieces[i], { first: counted, tables: sent.tables }, options, result.read);
      } else if (outcome && 'failure' in outcome && sent.firsts[i] === counted) {
        throw new ImportFailure(outcome.failure);
      } else {
        result = await readPiece(reader, sent.pieces[i], counted, tables, options, context);
      }
      counted += result.counted;
      yield result.read;
    }
  }

  async function* reads(): AsyncGenerator<unknown> {
    try {
      let pieces: unknown[] = [];
      let firsts: number[] = [];
      let bytes = 0;
      for await (const piece of reader.pieces(input, options, context)) {
        pieces.push(piece);
        firsts.push(counted + expectedAhead);
        expectedAhead += reader.expected(piece);
        bytes += reader.size(piece);
        if (bytes < readers.batchBytes && pieces.length < BATCH_PIECES) continue;
        send(pieces, firsts);
        [pieces, firsts, bytes] = [[], [], 0];
        while (inFlight.length >= readers.depth) yield* takeOldest();
      }
      if (pieces.length > 0) send(pieces, firsts);
      while (inFlight.length > 0) yield* takeOldest();
    } finally {
      inFlight.length = 0;
    }
  }

  return readAhead(reader.assemble(reads()));
}

/**
 * Makes the plies of the packed games of a piece read in a worker (`packPlies`) be read again
 * from the piece, on this thread, when something asks for them.
 */
function readPliesOnDemand(reader: PieceReader<unknown, unknown>, piece: unknown, context: PieceContext, options: ImportOptions, read: unknown): void {
  const games = reader.recordsOf(read).games;
  let again: GameRecord[] | undefined;
  games.forEach((game, k) => {
    if (!game.packedPlies) return;
    Object.defineProperty(game, 'plies', {
      configurable: true,
      enumerable: true,
      get(): PlyRecord[] {
        if (!again) {
          const result = reader.read(piece, context, options);
          if (!('read' in result)) throw new Error('a piece read again asked for tables it was given');
          again = reader.recordsOf(result.read).games;
        }
        const plies = again[k].plies;
        Object.defineProperty(game, 'plies', { value: plies, writable: true, enumerable: true, configurable: true });
        return plies;
      },
    });
  });
}

let workers: number | undefined;
let override: PieceReaders | null | undefined;
/** The pools made, by database kind and size. */
const pools = new Map<string, PieceReaders>();

/**
 * Sets how many workers the process's imports read with (0: the import's own thread; undefined:
 * each database's default), for a process whose configuration is not `process.env` (the
 * server's). Unset, TABULA_IMPORT_WORKERS is read at each import.
 */
export const configureImportWorkers = (size: number | undefined): void => {
  workers = size;
};

/** Sets the process's piece readers (null: imports read on their own thread; undefined: back to `importWorkers`'s). */
export const useImportReaders = (readers: PieceReaders | null | undefined): void => {
  override = readers;
};

/**
 * The piece readers of an import into a database of `kind`: the configured number of workers
 * (`configureImportWorkers`, else TABULA_IMPORT_WORKERS, else the database's default) where the
 * compiled worker script is there, else none (the import's thread). A pool is made at the first
 * import that asks for its database kind and size, and kept (idle workers hold no connection and
 * do not keep the process alive).
 */
export function importWorkers(kind: DatabaseKind): PieceReaders | null {
  if (override !== undefined) return override;
  const size = workers ?? importWorkersFromEnv() ?? defaultImportWorkers(kind);
  const script = compiledScript(__dirname, 'importWorker');
  if (size === 0 || !script) return null;
  const made = `${kind} ${size}`;
  let pool = pools.get(made);
  if (!pool) pools.set(made, (pool = new WorkerPieceReaders(script, size, BATCH_BYTES, workerYoungGenerationMb(kind))));
  return pool;
}

/**
 * Starts the workers an import into a database of `kind` reads with (`importWorkers`) before the
 * import asks for them: a worker takes some 0.2-0.5 s to load the games' modules, which then
 * overlaps what comes before the import's first batch (opening the database and its migrations,
 * the file's hash) instead of following it.
 */
export const startImportWorkers = (kind: DatabaseKind): void => importWorkers(kind)?.start();

/**
 * An import's chunks: read in worker threads when the reader reads in pieces and there are
 * workers (`readers`: `importWorkers` of the database), else by the reader on this thread.
 */
export function importChunks(
  reader: FormatReader,
  input: AsyncIterable<Uint8Array>,
  options: ImportOptions,
  context: ReadContext,
  readers: PieceReaders | null,
): AsyncIterable<ImportChunk> | Iterable<ImportChunk> {
  if (reader.pieces && readers) return readInWorkers(readers, reader.format, reader.pieces, input, options, context);
  return reader.read(input, options, context);
}
