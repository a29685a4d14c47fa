/**
 * Where the pages of an export are written: worker threads (`node:worker_threads`), so writing
 * games (a PGN export re-reads and re-prints every game) runs on another core while this thread
 * reads the next rows from the database and sends the last page. Pages come back in the order they
 * were given. Where the compiled worker script is not beside this module (the sources run through
 * ts-jest, a single-file bundle) or no worker is asked for, pages are written on this thread.
 */
import { wholeNumberFromEnv } from '../db/config';
import type { Game } from '../generated/prisma/client';
import { type ExportPage, writePage } from './exportPage';
import type { PageRequest } from './exportWorker';
import { WorkerPool, compiledScript, defaultWorkers } from './workerPool';

/** Writes pages of rows in a format; `close` ends its workers. */
export interface PageWriters {
  /** How many pages may usefully be written at once (an export keeps this many in flight). */
  readonly parallel: number;
  write(format: string, rows: Game[]): Promise<ExportPage>;
  close(): Promise<void>;
}

/** Pages written on this thread, one at a time. */
export const inThreadWriters: PageWriters = {
  parallel: 1,
  write: async (format, rows) => writePage(format, rows),
  close: async () => undefined,
};

/** TABULA_EXPORT_WORKERS: the workers that write export pages (0: the export's own thread; default `defaultWorkers`: this thread reads and sends). */
export const exportWorkersFromEnv = (env: NodeJS.ProcessEnv = process.env): number => wholeNumberFromEnv(env, 'TABULA_EXPORT_WORKERS', defaultWorkers());

/** Pages written by `size` worker threads running `script`; a worker that stops is replaced at the next page. */
export class WorkerPageWriters implements PageWriters {
  private readonly pool: WorkerPool<PageRequest, ExportPage>;

  constructor(script: string, size: number) {
    this.pool = new WorkerPool(script, size, 'writing an export page');
  }

  get parallel(): number {
    return this.pool.size + 1;
  }

  write(format: string, rows: Game[]): Promise<ExportPage> {
    return this.pool.run({ format, rows });
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

let workers: number | undefined;
let shared: PageWriters | undefined;

/**
 * Sets how many workers the process's page writers run (0: write on this thread), for a process
 * whose configuration is not `process.env` (the server's); it applies when they are made, at the
 * first export. Unset, TABULA_EXPORT_WORKERS is read then.
 */
export const configureExportWorkers = (size: number): void => {
  workers = size;
};

/**
 * The process's page writers: the configured number of workers (`configureExportWorkers`, else
 * TABULA_EXPORT_WORKERS) where the compiled worker script is
 * there, else this thread. Made once, at the first export, and kept (idle workers hold no
 * connection and do not keep the process alive).
 */
export function pageWriters(): PageWriters {
  if (!shared) {
    const script = compiledScript(__dirname, 'exportWorker');
    const size = workers ?? exportWorkersFromEnv();
    shared = size > 0 && script ? new WorkerPageWriters(script, size) : inThreadWriters;
  }
  return shared;
}
