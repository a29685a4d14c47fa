/** A worker for tests/storage/workerPool.test.ts: answers each request with it and the value it keeps for it. */
import { answerRequests } from '../../src/storage/workerReplies';

answerRequests((request: unknown, kept: unknown) => ({ request, kept }));
