/**
 * A worker thread of a pattern search (patternHits.ts): it answers each part of a page of games
 * with their hits by the pattern language of their kind (replayed, or from their signatures). It holds no connection; it keeps only
 * the last pattern it read.
 */
import { hitsOfRequest } from './patternHits';
import { answerRequests } from './workerReplies';

answerRequests(hitsOfRequest);
