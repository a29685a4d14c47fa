/**
 * The position index: where each position occurs in stored games, and how the games that played
 * each move from a hot position ended. One room, three files:
 * - `layout.ts`: how it is packed (pure: a key's 64-bit hash, bit-packed block and run entries,
 *   lookups inside a block or run);
 * - `writer.ts`: an import's games go in (a `PositionIndexBuffer` flushed as `PositionBlock`,
 *   `PositionRun` and `PositionMove` rows of the import), counted with the outcome and points
 *   stored on each game (it reads no result text), and an import's rows go out;
 * - `reader.ts`: a key's places, counts, and which keys any game reaches.
 * docs/PERFORMANCE.md ("The position index") says why it is built so. The rest of tabula imports
 * it from here.
 */
export { PositionIndexBuffer, deleteIndexOfImport } from './writer';
export {
  type IndexKey,
  type IndexMemo,
  type KeyReads,
  type RunHead,
  indexKey,
  keyReads,
  decodedRuns,
  type DecodedRun,
  placesOfKey,
  occurrenceCountsOf,
  postingsBefore,
  postingsOf,
  reachedKeys,
} from './reader';
export type { Posting } from './layout';
export { type MoveTally, type TalliedGame, TALLY_NUMBERS, addResultToTally, addToTally, emptyTally, mergeTally } from './tally';
