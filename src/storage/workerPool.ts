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

  run(request: WorkerRequest<Req>): Promise<Res> {
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

  /** The reply of the least busy worker to `request`. */
  run(request: Req): Promise<Res> {
    return this.leastBusy().run({ id: this.nextId++, request });
  }

  private leastBusy(): PoolWorker<Req, Res> {
    if (this.workers.length < this.size) {
      const worker = new PoolWorker<Req, Res>(this.script, this.what, this.options, (gone) => {
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
