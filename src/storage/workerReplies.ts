/**
 * The worker side of `WorkerPool` (workerPool.ts): a worker script answers each request it is sent
 * with `answerRequests(handle)`, under the number the request came with. Between requests it holds
 * only the values the pool asked it to keep (`WorkerRequest.keep`), one in each slot, each given to
 * `handle` with the requests that name it.
 */
import { parentPort } from 'node:worker_threads';

/** A request as the pool posts it. */
export interface WorkerRequest<Req> {
  id: number;
  request: Req;
  /**
   * The value the worker keeps in a slot for this request, by its key, and the value itself the
   * first time this worker is sent it (it replaces what the slot held).
   */
  keep?: { slot: string; key: number; value?: unknown };
}

/** A reply, or why there is none, under the request's number. */
export type WorkerReply<Res> = { id: number; value: Res } | { id: number; error: string };

/** Answers every request the pool sends this worker with `handle`. */
export function answerRequests<Req, Res>(handle: (request: Req, kept: unknown) => Res): void {
  const kept = new Map<string, { key: number; value: unknown }>();
  parentPort?.on('message', ({ id, request, keep }: WorkerRequest<Req>) => {
    let reply: WorkerReply<Res>;
    try {
      if (keep && 'value' in keep) kept.set(keep.slot, { key: keep.key, value: keep.value });
      const held = keep && kept.get(keep.slot);
      if (keep && held?.key !== keep.key) throw new Error(`the value ${keep.key} of slot ${keep.slot} is not kept here`);
      reply = { id, value: handle(request, held?.value) };
    } catch (error) {
      reply = { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    parentPort?.postMessage(reply);
  });
}
