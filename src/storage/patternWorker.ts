/**
 * A worker thread of a pattern search (patternHits.ts): it answers each part of a page of games
 * with their hits by the pattern language of their kind. It holds no connection; it keeps only
 * the last pattern it read.
 */
import { storedHitsOfGames } from './patternHits';
import { answerRequests } from './workerReplies';

answerRequests(storedHitsOfGames);
