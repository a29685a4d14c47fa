/**
 * A pool of worker threads (`node:worker_threads`) running one script: a request is posted to the
 * least busy worker under a number, and its reply comes back under that number. The script answers
 * with `answerRequests` (workerReplies.ts). Idle workers do not keep the process alive; a worker
 * that stops fails the requests it held and is replaced at the next request.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { WorkerReply, WorkerRequest } from './workerReplies';

/** A value a worker keeps between requests in a slot (one at a time), under a key of the caller's (one key, one value). */
export interface Kept {
  slot: string;
  key: number;
  value: unknown;
}

/** The default number of workers: one fewer than the cores (the caller's thread has its own work), at least 1, at most 4. */
export const defaultWorkers = (): number => Math.max(1, Math.min(4, os.availableParallelism() - 1));

/** The compiled worker script `name`.js in `dir` (a module's `__dirname`), when there is one: none where the sources run through ts-jest or a single-file bundle. */
export const compiledScript = (dir: string, name: string): string | undefined => {
  const script = path.join(dir, `${name}.js`);
  return fs.existsSync(script) ? script : undefined;
};

interface Pending<T> {
  resolve: (value: T) => void;
  reject: (error: Error) => void;
}

/** One worker and the requests it was given that have not come back. */
class PoolWorker<Req, Res> {
  private readonly worker: Worker;
  readonly pending = new Map<number, Pending<Res>>();
  /** The key of the value this worker was sent to keep, by slot. */
  private readonly keeps = new Map<string, number>();

  constructor(script: string, what: string, options: WorkerOptions, onExit: (worker: PoolWorker<Req, Res>) => void) {
    this.worker = new Worker(script, options);
    // An idle worker does not keep the process alive; one with requests in flight does.
    this.worker.unref();
    this.worker.on('message', (reply: WorkerReply<Res>) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) this.worker.unref();
      if ('error' in reply) waiting.reject(new Error(`${what} failed in a worker: ${reply.error}`));
      else waiting.resolve(reply.value);
    });
    const fail = (error: Error) => {
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
      onExit(this);
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`a worker of ${what} stopped (exit code ${code})`)));
  }

  run(id: number, request: Req, keep?: Kept): Promise<Res> {
    const message: WorkerRequest<Req> = { id, request };
    if (keep) {
      // A value is posted to a worker once; later requests name it by its key.
      if (this.keeps.get(keep.slot) === keep.key) message.keep = { slot: keep.slot, key: keep.key };
      else {
        message.keep = keep;
        this.keeps.set(keep.slot, keep.key);
      }
    }
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage(message);
    });
  }

  async terminate(): Promise<void> {
    await this.worker.terminate();
  }
}

/**
 * `size` worker threads running `script`, made with `options` (resource limits); `what` names
 * their work in errors ("writing an export page").
 */
export class WorkerPool<Req, Res> {
  private readonly workers: PoolWorker<Req, Res>[] = [];
  private nextId = 0;

  constructor(
    private readonly script: string,
    readonly size: number,
    private readonly what: string,
    private readonly options: WorkerOptions = {},
  ) {}

  /**
   * The reply of the least busy worker to `request`; with `keep`, a value the worker keeps in its
   * slot (in place of the one before) and answers with (posted to each worker once: shared memory
   * that would cost a post each time, such as a kind's pattern signatures).
   */
  run(request: Req, keep?: Kept): Promise<Res> {
    return this.leastBusy().run(this.nextId++, request, keep);
  }

  /** How many workers are running (started and not stopped). */
  get running(): number {
    return this.workers.length;
  }

  /**
   * Starts the workers not running yet, so that their start (loading the script and its modules)
   * overlaps what the caller does before its first request; otherwise each starts at a request.
   */
  start(): void {
    while (this.workers.length < this.size) this.startWorker();
  }

  private startWorker(): PoolWorker<Req, Res> {
    const worker = new PoolWorker<Req, Res>(this.script, this.what, this.options, (gone) => {
      const at = this.workers.indexOf(gone);
      if (at >= 0) this.workers.splice(at, 1);
    });
    this.workers.push(worker);
    return worker;
  }

  private leastBusy(): PoolWorker<Req, Res> {
    if (this.workers.length < this.size) return this.startWorker();
    return this.workers.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
  }

  async close(): Promise<void> {
    const workers = this.workers.splice(0);
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
