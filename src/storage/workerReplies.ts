/**
 * The worker side of `WorkerPool` (workerPool.ts): a worker script answers each request it is sent
 * with `answerRequests(handle)`, under the number the request came with. Holds nothing between requests.
 */
import { parentPort } from 'node:worker_threads';

/** A request as the pool posts it. */
export interface WorkerRequest<Req> {
  id: number;
  request: Req;
}

/** A reply, or why there is none, under the request's number. */
export type WorkerReply<Res> = { id: number; value: Res } | { id: number; error: string };

/** Answers every request the pool sends this worker with `handle`. */
export function answerRequests<Req, Res>(handle: (request: Req) => Res): void {
  parentPort?.on('message', ({ id, request }: WorkerRequest<Req>) => {
    let reply: WorkerReply<Res>;
    try {
      reply = { id, value: handle(request) };
    } catch (error) {
      reply = { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    parentPort?.postMessage(reply);
  });
}
