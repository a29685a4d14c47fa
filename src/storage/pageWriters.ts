/**
 * Where the pages of an export are written: worker threads (`node:worker_threads`), so writing
 * games (a PGN export re-reads and re-prints every game) runs on another core while this thread
 * reads the next rows from the database and sends the last page. Pages come back in the order they
 * were given. Where the compiled worker script is not beside this module (the sources run through
 * ts-jest, a single-file bundle) or no worker is asked for, pages are written on this thread.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { wholeNumberFromEnv } from '../db/config';
import type { Game } from '../generated/prisma/client';
import { type ExportPage, writePage } from './exportPage';
import type { PageReply, PageRequest } from './exportWorker';

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

/** The default number of workers: one fewer than the cores (this thread reads and sends), at least 1, at most 4. */
export const defaultExportWorkers = (): number => Math.max(1, Math.min(4, os.availableParallelism() - 1));

/** TABULA_EXPORT_WORKERS: the workers that write export pages (0: the export's own thread; default `defaultExportWorkers`). */
export const exportWorkersFromEnv = (env: NodeJS.ProcessEnv = process.env): number =>
  wholeNumberFromEnv(env, 'TABULA_EXPORT_WORKERS', defaultExportWorkers());

/** The compiled worker script beside this module, when there is one. */
const compiledWorkerScript = (): string | undefined => {
  const script = path.join(__dirname, 'exportWorker.js');
  return fs.existsSync(script) ? script : undefined;
};

interface Pending {
  resolve: (page: ExportPage) => void;
  reject: (error: Error) => void;
}

/** One worker and the pages it was given that have not come back. */
class PageWorker {
  private readonly worker: Worker;
  readonly pending = new Map<number, Pending>();

  constructor(script: string, onExit: (worker: PageWorker) => void) {
    this.worker = new Worker(script);
    // An idle worker does not keep the process alive; one with pages in flight does.
    this.worker.unref();
    this.worker.on('message', (reply: PageReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) this.worker.unref();
      if ('error' in reply) waiting.reject(new Error(`writing an export page failed: ${reply.error}`));
      else waiting.resolve(reply.page);
    });
    const fail = (error: Error) => {
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
      onExit(this);
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`an export worker stopped (exit code ${code})`)));
  }

  write(request: PageRequest): Promise<ExportPage> {
    return new Promise((resolve, reject) => {
      this.pending.set(request.id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage(request);
    });
  }

  async terminate(): Promise<void> {
    await this.worker.terminate();
  }
}

/** Pages written by `size` worker threads running `script`; a worker that stops is replaced at the next page. */
export class WorkerPageWriters implements PageWriters {
  private readonly workers: PageWorker[] = [];
  private nextId = 0;

  constructor(private readonly script: string, private readonly size: number) {}

  get parallel(): number {
    return this.size + 1;
  }

  write(format: string, rows: Game[]): Promise<ExportPage> {
    return this.leastBusy().write({ id: this.nextId++, format, rows });
  }

  private leastBusy(): PageWorker {
    if (this.workers.length < this.size) {
      const worker = new PageWorker(this.script, (gone) => {
        const at = this.workers.indexOf(gone);
        if (at >= 0) this.workers.splice(at, 1);
      });
      this.workers.push(worker);
      return worker;
    }
    return this.workers.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
  }

  async close(): Promise<void> {
    const workers = this.workers.splice(0);
    await Promise.all(workers.map((w) => w.terminate()));
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
    const script = compiledWorkerScript();
    const size = workers ?? exportWorkersFromEnv();
    shared = size > 0 && script ? new WorkerPageWriters(script, size) : inThreadWriters;
  }
  return shared;
}
