/**
 * A worker thread of `PageWriters` (pageWriters.ts): it writes the pages of rows it is sent
 * (`writePage`). It holds no connection and no state between pages.
 */
import type { Game } from '../generated/prisma/client';
import { writePage } from './exportPage';
import { answerRequests } from './workerReplies';

/** A page to write, as the pool sends it. */
export interface PageRequest {
  format: string;
  rows: Game[];
}

answerRequests(({ format, rows }: PageRequest) => writePage(format, rows));
