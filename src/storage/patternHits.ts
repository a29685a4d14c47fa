/**
 * Where a pattern search replays the games a page let through (patternSearch.ts): each game by its
 * language's own `storedHits`, a part of each page in worker threads (`patternWorker.ts`) and a
 * part on the search's own thread, so a search uses every core. A worker reads the pattern again
 * with the language of the kind (the module's: only that language runs in workers) and answers a
 * part of a page with the hits of each game, or null for a game the language does not read itself
 * (the search's thread replays it with its reader). Where the compiled worker script is not there
 * (ts-jest, a single-file bundle) or no worker is asked for, every game is replayed on the search's thread.
 */
import { wholeNumberFromEnv } from '../db/config';
import type { GameKind } from '../db/records';
import { gameOf } from '../games';
import type { PatternHit, PatternLanguage, StoredPatternGame } from '../games/patterns';
import { WorkerPool, compiledScript, defaultWorkers } from './workerPool';

/** A part of a page of games to replay, as the pool sends it: the kind, the pattern as the client sent it, the games. */
export interface PatternHitsRequest {
  kind: GameKind;
  pattern: unknown;
  games: StoredPatternGame[];
}

/** Per game of a request, its hits, or null where the language does not read the game itself. */
export type PatternHitsReply = (PatternHit[] | null)[];

/** The last pattern a thread read, by its JSON text: the parts of one search read it once. */
let lastRead: { kind: GameKind; text: string; query: unknown } | null = null;

/** The hits of each game of `request`, by the pattern language of its kind (what a worker answers). */
export function storedHitsOfGames({ kind, pattern, games }: PatternHitsRequest): PatternHitsReply {
  const language = gameOf(kind).patterns;
  if (!language?.storedHits) return games.map(() => null);
  const text = JSON.stringify(pattern);
  if (lastRead?.kind !== kind || lastRead.text !== text) {
    const read = language.read(pattern);
    if (!read.ok) throw new Error(`the pattern does not read: ${read.error.message}`);
    lastRead = { kind, text, query: read.query };
  }
  const query = lastRead.query;
  return games.map((game) => language.storedHits!(query, game));
}

/**
 * The default number of pattern workers: as many as the cores (at most 4), one more than
 * `defaultWorkers`, since the search's own thread waits on the database for much of a page. With
 * 2 cores, a sub-fen over a million games took 2.81-2.92 s with two workers against 2.90-3.09 with
 * one, back to back (docs/PERFORMANCE.md).
 */
export const defaultPatternWorkers = (): number => Math.min(defaultWorkers() + 1, 4);

/** TABULA_PATTERN_WORKERS: the worker threads that replay a pattern search's games (0: the search's own thread; default `defaultPatternWorkers`). */
export const patternWorkersFromEnv = (env: NodeJS.ProcessEnv = process.env): number => wholeNumberFromEnv(env, 'TABULA_PATTERN_WORKERS', defaultPatternWorkers());

let workers: number | undefined;
let shared: WorkerPool<PatternHitsRequest, PatternHitsReply> | null | undefined;

/** Sets how many workers replay pattern searches (0: none), for a process whose configuration is not `process.env` (the server's); it applies at the first search. */
export const configurePatternWorkers = (size: number): void => {
  workers = size;
};

/** The process's pattern workers, made at the first search and kept; null where there are none (none asked for, or no compiled script). */
export function patternWorkers(): WorkerPool<PatternHitsRequest, PatternHitsReply> | null {
  if (shared === undefined) {
    const script = compiledScript(__dirname, 'patternWorker');
    const size = workers ?? patternWorkersFromEnv();
    shared = size > 0 && script ? new WorkerPool(script, size, 'replaying games for a pattern search') : null;
  }
  return shared;
}

/**
 * The hits of each of `games` by `language`'s own replay (null where it does not read a game
 * itself): split among `pool`'s workers and this thread when the language is the kind's own, else
 * all on this thread. `each` is called on this thread between its games (the search's timeout and pacing).
 */
export async function storedHitsOf<Q>(
  pool: WorkerPool<PatternHitsRequest, PatternHitsReply> | null,
  kind: GameKind,
  language: PatternLanguage<Q>,
  pattern: unknown,
  query: Q,
  games: readonly StoredPatternGame[],
  each: () => Promise<void> | void,
): Promise<PatternHitsReply> {
  const storedHits = language.storedHits;
  if (!storedHits) return games.map(() => null);
  const onThisThread = async (part: readonly StoredPatternGame[]): Promise<PatternHitsReply> => {
    const out: PatternHitsReply = [];
    for (const game of part) {
      out.push(storedHits.call(language, query, game));
      await each();
    }
    return out;
  };
  if (!pool || language !== gameOf(kind).patterns || games.length < 2) return onThisThread(games);
  // Equal parts, one for each worker and one for this thread (the first: its games come first).
  const parts = pool.size + 1;
  const size = Math.ceil(games.length / parts);
  const sent = [];
  for (let at = size; at < games.length; at += size) sent.push(pool.run({ kind, pattern, games: games.slice(at, at + size) }));
  // A part sent that nobody waits for (this thread's part failed: the timeout) must not fail unhandled.
  for (const part of sent) part.catch(() => undefined);
  const own = await onThisThread(games.slice(0, size));
  return own.concat(...(await Promise.all(sent)));
}
