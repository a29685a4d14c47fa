/**
 * A worker thread of an import (importWorkers.ts): it reads the batches of pieces it is sent
 * (`readBatch`). It holds no connection and no state between batches; a piece the input does not
 * allow comes back as that piece's `failure`, a fault as the request's error.
 */
import { readBatch } from './importBatch';
import { answerRequests } from './workerReplies';

answerRequests(readBatch);
