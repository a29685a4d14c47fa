/**
 * Where a pattern search replays the games a page let through (patternSearch.ts): each game by its
 * language's own `storedHits`, a part of each page in worker threads (`patternWorker.ts`) and a
 * part on the search's own thread, so a search uses every core; and, the same way, where it
 * answers games from their signatures alone (`signature.hits`); and, where a kind's signatures are
 * kept in memory (on shared memory), whole ranges of them, the pre-filter and those answers both
 * (`signatureRangeOf`), so the search's thread only counts. A worker reads the pattern again
 * with the language of the kind (the module's: only that language runs in workers) and answers a
 * part of a page with the hits of each game, or null for a game the language does not read itself
 * (the search's thread replays it with its reader). Where the compiled worker script is not there
 * (ts-jest, a single-file bundle) or no worker is asked for, every game is replayed on the search's thread.
 */
import { wholeNumberFromEnv } from '../db/config';
import type { GameKind } from '../db/records';
import { gameOf } from '../games';
import type { PatternContinuation, PatternHit, PatternLanguage, StoredPatternGame } from '../games/patterns';
import { WorkerPool, compiledScript, defaultWorkers } from './workerPool';
import { packedSignature } from './patternSignatures';
import { objectNumbers } from './objectNumbers';

/**
 * A part of a page of games, as the pool sends it: the kind, the pattern as the client sent it,
 * and the games to replay, or their signatures packed one after another (signature i is
 * bytes[ends[i - 1] .. ends[i]), ends[-1] = 0) to answer from.
 */
export type PatternHitsRequest = { kind: GameKind; pattern: unknown } & ({ games: StoredPatternGame[] } | { signatures: PackedSignatures } | { range: RangeBounds });

export interface PackedSignatures {
  bytes: Uint8Array;
  ends: Int32Array;
}

/** A kind's signatures kept in memory (patternSignatures.ts), as a worker reads them: on shared memory; `missing[i]` 1 for a game without one. */
export interface SharedSignatures extends PackedSignatures {
  missing: Uint8Array;
}

/** Which of the signatures a range is: start .. end - 1. */
export interface RangeBounds {
  start: number;
  end: number;
}

/**
 * Signatures start .. end - 1 of a kind's signatures kept in memory. A worker is sent the shared
 * arrays once (`WorkerPool.run`'s `keep`: posting 300 MB of shared memory cost a few ms a time) and
 * then only the bounds.
 */
export type SignatureRange = SharedSignatures & RangeBounds;

/**
 * What the signatures of a range say: the games they let through (their indices, in order) and,
 * for each, its hits' summary where the signature answered (never without a hit: a game answered
 * without one is not let through), or null where the game is to be replayed.
 */
export interface RangeAnswer {
  passed: number[];
  hits: (HitsSummary | null)[];
}

/**
 * What a search keeps of one game's hits: how many, the first one's ply, and each continuation
 * once (a side and a move). A worker sends this, not the hits, so a part comes back in little.
 */
export interface HitsSummary {
  count: number;
  first: number;
  continuations: PatternContinuation[];
}

/** A continuation as the search counts it apart from others: its side and its move. */
export const continuationKey = (c: PatternContinuation): string => `${c.byFirst ? 'first' : 'second'} ${c.move}`;

/** The summary of a game's hits, in ply order. */
export const summaryOf = (hits: readonly PatternHit[]): HitsSummary => {
  const continuations = new Map<string, PatternContinuation>();
  let last: PatternContinuation | null = null;
  // Plies in a row often share their continuation (the next move in the pattern's region): counted once.
  for (const { continuation: c } of hits) if (c && c !== last) continuations.set(continuationKey((last = c)), c);
  return { count: hits.length, first: hits.length > 0 ? hits[0].ply : -1, continuations: [...continuations.values()] };
};

/**
 * Per game of a request, the summary of its hits, or null where the language does not read the
 * game (or its signature does not tell); for a range of signatures, its answer.
 */
export type PatternHitsReply = (HitsSummary | null)[] | RangeAnswer;

/** The signatures of `range` tested by `mayHold`, and those let through answered by `hits` where it can (see `RangeAnswer`). */
export const answerRange = (
  range: SignatureRange,
  mayHold: (signature: Uint8Array) => boolean,
  hits: ((signature: Uint8Array) => PatternHit[] | null) | null,
): RangeAnswer => {
  const answer: RangeAnswer = { passed: [], hits: [] };
  const { bytes, ends, missing } = range;
  for (let i = range.start; i < range.end; i++) {
    let summary: HitsSummary | null = null;
    if (missing[i] === 0) {
      // A game without a signature (stored before its game kept one) may hold anything.
      const signature = packedSignature(bytes, ends, i);
      if (!mayHold(signature)) continue;
      summary = hits ? summaryOrNull(hits(signature)) : null;
      if (summary !== null && summary.count === 0) continue;
    }
    answer.passed.push(i);
    answer.hits.push(summary);
  }
  return answer;
};

const summaryOrNull = (hits: PatternHit[] | null): HitsSummary | null => (hits === null ? null : summaryOf(hits));

/** The last pattern a thread read, by its JSON text: the parts of one search read it once. */
let lastRead: { kind: GameKind; text: string; query: unknown } | null = null;

/** `pattern` read by `language` (the kind's own), once for the parts of one search a thread answers. */
const readOnce = (language: PatternLanguage, kind: GameKind, pattern: unknown): unknown => {
  const text = JSON.stringify(pattern);
  if (lastRead?.kind !== kind || lastRead.text !== text) {
    const read = language.read(pattern);
    if (!read.ok) throw new Error(`the pattern does not read: ${read.error.message}`);
    lastRead = { kind, text, query: read.query };
  }
  return lastRead.query;
};

/** The hits of each game of `request`, by the pattern language of its kind (what a worker answers); a range's signatures are those the worker `kept`. */
export function hitsOfRequest(request: PatternHitsRequest, kept?: unknown): PatternHitsReply {
  const { kind, pattern } = request;
  const language = gameOf(kind).patterns;
  if ('range' in request) {
    const signature = language?.signature;
    if (!signature) throw new Error(`${kind} games keep no pattern signature`);
    if (!kept) throw new Error('a range of signatures came without the signatures');
    const query = readOnce(language, kind, pattern);
    return answerRange({ ...(kept as SharedSignatures), ...request.range }, (s) => signature.mayHold(query, s), signature.hits ? (s) => signature.hits!(query, s) : null);
  }
  const size = 'games' in request ? request.games.length : request.signatures.ends.length;
  const answers = 'games' in request ? language?.storedHits : language?.signature?.hits;
  if (!language || !answers) return new Array<null>(size).fill(null);
  const query = readOnce(language, kind, pattern);
  if ('games' in request) return request.games.map((game) => summaryOrNull(language.storedHits!(query, game)));
  const { bytes, ends } = request.signatures;
  return Array.from(ends, (_, i) => summaryOrNull(language.signature!.hits!(query, packedSignature(bytes, ends, i))));
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
let shared: PatternPool | null | undefined;

/** Sets how many workers replay pattern searches (0: none), for a process whose configuration is not `process.env` (the server's); it applies at the first search. */
export const configurePatternWorkers = (size: number): void => {
  workers = size;
};

/** The process's pattern workers, made at the first search and kept; null where there are none (none asked for, or no compiled script). */
export function patternWorkers(): PatternPool | null {
  if (shared === undefined) {
    const script = compiledScript(__dirname, 'patternWorker');
    const size = workers ?? patternWorkersFromEnv();
    shared = size > 0 && script ? new WorkerPool(script, size, 'replaying games for a pattern search') : null;
  }
  return shared;
}

/** Per game of a part, the summary of its hits, or null (see `PatternHitsReply`). */
export type GameHits = (HitsSummary | null)[];

/** The pool of a search's workers. */
export type PatternPool = WorkerPool<PatternHitsRequest, PatternHitsReply>;

/**
 * `count` items answered in equal parts, one for each of `pool`'s workers (`send`, a part from its
 * start) and one for this thread (`here`, the first part: its items come first), joined in order.
 */
async function inParts<R>(
  pool: PatternPool,
  count: number,
  send: (start: number, end: number) => Promise<R>,
  here: (end: number) => Promise<R> | R,
  join: (parts: R[]) => R,
): Promise<R> {
  const size = Math.ceil(count / (pool.size + 1));
  const sent = [];
  for (let at = size; at < count; at += size) sent.push(send(at, Math.min(at + size, count)));
  // A part sent that nobody waits for (this thread's part failed: the timeout) must not fail unhandled.
  for (const part of sent) part.catch(() => undefined);
  const own = await here(size);
  return join([own, ...(await Promise.all(sent))]);
}

const joinGameHits = (parts: GameHits[]): GameHits => parts.flat();

const joinRanges = (parts: RangeAnswer[]): RangeAnswer => ({ passed: parts.flatMap((p) => p.passed), hits: parts.flatMap((p) => p.hits) });

/** A number for each set of signatures kept in memory, the key the workers keep it under. */
const keyOf = objectNumbers();

/**
 * The signatures start .. end - 1 of `signatures` (a kind's, kept in memory) tested by `language`'s
 * pre-filter, and those let through answered from the signature alone where it can: split among
 * `pool`'s workers (which read the shared arrays in place) and this thread when the language is
 * the kind's own, else all on this thread.
 */
export async function signatureRangeOf<Q>(
  pool: PatternPool | null,
  kind: GameKind,
  language: PatternLanguage<Q>,
  pattern: unknown,
  query: Q,
  signatures: SharedSignatures,
  start: number,
  end: number,
): Promise<RangeAnswer> {
  const signature = language.signature;
  if (!signature) throw new Error('signatureRangeOf: the pattern language keeps no signature');
  const { ends, missing, bytes } = signatures;
  const hits = signature.hits;
  const here = (to: number): RangeAnswer =>
    answerRange({ ends, missing, bytes, start, end: to }, (s) => signature.mayHold(query, s), hits ? (s) => hits.call(signature, query, s) : null);
  if (!pool || language !== gameOf(kind).patterns || end - start < 2) return here(end);
  const keep = { slot: `signatures ${kind}`, key: keyOf(bytes), value: { ends, missing, bytes } };
  return inParts(
    pool,
    end - start,
    (from, to) => pool.run({ kind, pattern, range: { start: start + from, end: start + to } }, keep) as Promise<RangeAnswer>,
    (to) => here(start + to),
    joinRanges,
  );
}

/**
 * The hits of each of `signatures` by `language`'s signature alone (null where it does not tell):
 * split among `pool`'s workers and this thread when the language is the kind's own, else all on this thread.
 */
export async function signatureHitsOf<Q>(
  pool: PatternPool | null,
  kind: GameKind,
  language: PatternLanguage<Q>,
  pattern: unknown,
  query: Q,
  signatures: readonly Uint8Array[],
): Promise<GameHits> {
  const hits = language.signature?.hits;
  if (!hits) return signatures.map(() => null);
  const here = (end: number): GameHits => signatures.slice(0, end).map((s) => summaryOrNull(hits.call(language.signature, query, s)));
  if (!pool || language !== gameOf(kind).patterns || signatures.length < 2) return here(signatures.length);
  return inParts(pool, signatures.length, (start, end) => pool.run({ kind, pattern, signatures: packed(signatures.slice(start, end)) }) as Promise<GameHits>, here, joinGameHits);
}

/** Signatures packed one after another, so a part is sent as one buffer. */
const packed = (signatures: readonly Uint8Array[]): PackedSignatures => {
  const ends = new Int32Array(signatures.length);
  let total = 0;
  signatures.forEach((s, i) => (ends[i] = total += s.length));
  const bytes = new Uint8Array(total);
  signatures.forEach((s, i) => bytes.set(s, i === 0 ? 0 : ends[i - 1]));
  return { bytes, ends };
};

/**
 * The hits of each of `games` by `language`'s own replay (null where it does not read a game
 * itself): split among `pool`'s workers and this thread when the language is the kind's own, else
 * all on this thread. `each` is called on this thread between its games (the search's timeout and pacing).
 */
export async function storedHitsOf<Q>(
  pool: PatternPool | null,
  kind: GameKind,
  language: PatternLanguage<Q>,
  pattern: unknown,
  query: Q,
  games: readonly StoredPatternGame[],
  each: () => Promise<void> | void,
): Promise<GameHits> {
  const storedHits = language.storedHits;
  if (!storedHits) return games.map(() => null);
  const onThisThread = async (part: readonly StoredPatternGame[]): Promise<GameHits> => {
    const out: GameHits = [];
    for (const game of part) {
      out.push(summaryOrNull(storedHits.call(language, query, game)));
      await each();
    }
    return out;
  };
  if (!pool || language !== gameOf(kind).patterns || games.length < 2) return onThisThread(games);
  return inParts(
    pool,
    games.length,
    (start, end) => pool.run({ kind, pattern, games: games.slice(start, end) }) as Promise<GameHits>,
    (end) => onThisThread(games.slice(0, end)),
    joinGameHits,
  );
}
