/**
 * A worker thread of `PageWriters` (pageWriters.ts): it writes the pages of rows it is sent
 * (`writePage`) and sends each page back under the number it came with. It holds no connection and
 * no state between pages.
 */
import { parentPort } from 'node:worker_threads';
import type { Game } from '../generated/prisma/client';
import { writePage } from './exportPage';

/** A page to write, as the pool sends it. */
export interface PageRequest {
  id: number;
  format: string;
  rows: Game[];
}

/** A written page, or why it could not be written, under the request's number. */
export type PageReply = { id: number; page: ReturnType<typeof writePage> } | { id: number; error: string };

parentPort?.on('message', ({ id, format, rows }: PageRequest) => {
  let reply: PageReply;
  try {
    reply = { id, page: writePage(format, rows) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort?.postMessage(reply);
});
