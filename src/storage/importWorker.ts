/**
 * A worker thread of an import (importWorkers.ts): it reads the batches of pieces it is sent
 * (`readBatch`) and sends each batch's outcomes back under the number it came with. It holds no
 * connection and no state between batches.
 */
import { parentPort } from 'node:worker_threads';
import { type PieceBatch, type PieceOutcome, readBatch } from './importBatch';

/** A batch to read, as the pool sends it. */
export interface BatchRequest extends PieceBatch {
  id: number;
}

/** A batch's pieces read, or why they could not be (a fault, not the input's: that is a piece's `failure`), under the request's number. */
export type BatchReply = { id: number; outcomes: PieceOutcome[] } | { id: number; error: string };

parentPort?.on('message', (request: BatchRequest) => {
  let reply: BatchReply;
  try {
    reply = { id: request.id, outcomes: readBatch(request) };
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort?.postMessage(reply);
});
