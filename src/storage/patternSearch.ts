/**
 * Pattern search (`patternSearch`, issue 28): the stored games of a kind that a filter keeps, in id
 * order, each replayed and its main line tested by its game's pattern language
 * (`GameModule.patterns`, src/games/patterns.ts). Games are read in keyset pages by id; where the
 * language keeps a per-game signature, a page's signatures are read first and the games they rule
 * out are never fetched nor replayed (a game without one, stored before, is always replayed); a
 * kind of many games has its signatures kept in memory (patternSignatures.ts), tested there, and
 * only the games they let through are read, with the filter. A game is replayed by its language's
 * own `storedHits` where it reads the game (boards only, from the source; a part of each page in
 * worker threads: patternHits.ts), else by its reader. The
 * answer counts every matching ply and game, lists each matching game once at its first match, and
 * tallies the moves played from the matching positions as the explorer does (`db/positionIndex`'s
 * tally, a game once per move). The whole answer is kept a little while, so the next page of the
 * same search is read from it; a search that runs past the statement timeout stops with
 * `PatternSearchTimeout` (QUERY_TIMEOUT in the API), never holding the request.
 */
import { createHash } from 'node:crypto';
import type { Database } from '../db/database';
import type { GameKind } from '../db/records';
import type { ImportOptions } from '../games/formats';
import { mainLinePlies } from '../games/gameAttributes';
import type { PatternContinuation, PatternGame, PatternLanguage, StoredPatternGame } from '../games/patterns';
import { Pacer } from '../games/reading/pacer';
import { type MoveTally, type TalliedGame, addToTally, emptyTally } from '../db/positionIndex';
import { type MoveStat, moveStatOf, talliedGame } from './explorer';
import { type ScannedGame, scannedGamesInOrder, selectScannedGames } from './games';
import { explorerCache, gameTest } from './gameColumns';
import { type GameQuery, gameConditions } from './gameFilter';
import { RecordedHashers, importOptionsByIds, replayStoredGame } from './gamePlies';
import { type KindSignatures, importsStamp, keptSignatures } from './patternSignatures';
import { objectNumbers } from './objectNumbers';
import { type HitsSummary, type RangeAnswer, continuationKey, patternWorkers, signatureHitsOf, signatureRangeOf, storedHitsOf, summaryOf } from './patternHits';

/** A pattern its game's language read, or the argument at fault and what is wrong with it. */
export type PatternArgument = { ok: true; language: PatternLanguage; query: unknown } | { ok: false; argument: string; message: string };

/**
 * Reads `pattern` with the pattern language of `kind` (`gameOf(kind).patterns`, undefined when the
 * game has none): the API and the CLI refuse what it refuses, naming the key (`pattern.sub-fen`).
 */
export function readPattern(kind: GameKind, language: PatternLanguage | undefined, pattern: unknown): PatternArgument {
  if (!language) return { ok: false, argument: 'kind', message: `kind: ${kind} games have no pattern language yet: a pattern search needs one` };
  const read = language.read(pattern);
  if (read.ok) return { ok: true, language, query: read.query };
  const argument = read.error.key === '' ? 'pattern' : `pattern.${read.error.key}`;
  return { ok: false, argument, message: `${argument}: ${read.error.message}` };
}

/** One search: the games of `kind` that `filter` keeps, tested with a pattern its language read. */
export interface PatternSearch<Q = unknown> {
  kind: GameKind;
  language: PatternLanguage<Q>;
  /** The pattern as the client sent it: what the kept answers know a search by. */
  pattern: unknown;
  /** What `language.read(pattern)` made of it. */
  query: Q;
  /** Which games are searched (the games filter); its `kind`, when given, must agree with `kind`. */
  filter: GameQuery;
}

/** A continuation's row: the explorer's, and whether the first player made the move (results are from that side). */
export type ContinuationStat = MoveStat & { byFirst: boolean };

/** A matching game at its first match: the game and the main-line ply (0: the start) where the pattern first holds. */
export interface PatternMatch {
  gameId: bigint;
  ply: number;
}

/** What a whole search found. */
export interface PatternScan {
  /** Matching plies over every game. */
  totalCount: number;
  /** Every matching game in id order, each at its first match. */
  matches: PatternMatch[];
  /** The moves played from the matching positions, most played first; a move made by either side is one row per side. */
  continuations: ContinuationStat[];
  /** Games the filter kept, and of them those replayed (the others their signature ruled out). */
  candidateGames: number;
  replayedGames: number;
}

/** A page of a search: the first `first` matching games after the game `after`. */
export interface PatternSearchPage {
  totalCount: number;
  gameCount: number;
  matches: PatternMatch[];
  hasNextPage: boolean;
  continuations: ContinuationStat[];
}

/**
 * A search that ran longer than the statement timeout, stopped: it carries PostgreSQL's SQLSTATE of a
 * cancelled statement (57014), so it reads as a statement the timeout cancelled (QUERY_TIMEOUT).
 */
export class PatternSearchTimeout extends Error {
  readonly code = '57014';

  constructor(readonly timeoutMs: number) {
    super(`the pattern search ran longer than the statement timeout (${timeoutMs} ms) and was stopped: narrow it (a filter, a more particular pattern)`);
  }
}

/** Games read at a time with their sources, where no signature is kept. */
const PAGE = 500;
/** Games whose signatures are read at a time (a few hundred bytes each), then the sources of those kept in one statement. */
const SIGNATURE_PAGE = 1000;
/**
 * Most games of a page that their signatures answered (never read from SQL: the filter and the
 * tally read the explorer's columns in memory).
 */
const ANSWERED_PAGE = 2048;
/** Signatures kept in memory tested at a time, at first; a range that lets few through doubles the next, up to LONGEST_RANGE. */
const FIRST_RANGE = 8192;
const LONGEST_RANGE = 131_072;

/** A game its signature answered: its id, what a tally reads of it, and its hits. */
interface AnsweredGame {
  id: bigint;
  tallied: TalliedGame;
  hits: HitsSummary;
}

/**
 * A page of the games a filter keeps: those left to replay, those their signatures answered, how
 * many were read (their signatures tested; a short page is the last) and where the next page
 * starts (the last id read, or the index in the kept signatures).
 */
interface CandidatePage<C> {
  games: ScannedGame[];
  answered: AnsweredGame[];
  read: number;
  size: number;
  next: C | undefined;
}

/** The language's signature tests over one search's pattern. */
interface SignatureTests {
  mayHold(signature: Uint8Array): boolean;
  /** The hits of each signature alone (null where it does not tell), asked of many at once (in workers); null when the language has none. */
  hits: ((signatures: Uint8Array[]) => Promise<(HitsSummary | null)[]>) | null;
  /** Signatures start .. end - 1 of those kept in memory, tested and answered (in workers). */
  range(signatures: KindSignatures, start: number, end: number): Promise<RangeAnswer>;
}

/**
 * Of the games of a page whose signatures may hold the pattern (`ids[i]` has `signatures[i]`,
 * null for none), the ids of those to replay and the hits of those their signatures answered
 * (both in id order); a game answered without a hit is in neither.
 */
async function answerFromSignatures(tests: SignatureTests, ids: readonly bigint[], signatures: readonly (Uint8Array | null)[]): Promise<{ replay: bigint[]; answered: Map<bigint, HitsSummary> }> {
  // A game without a signature (stored before its game kept one) may hold anything.
  const asked = tests.hits ? signatures.flatMap((s) => (s === null ? [] : [s])) : [];
  const answers = asked.length > 0 ? await tests.hits!(asked) : [];
  const replay: bigint[] = [];
  const answered = new Map<bigint, HitsSummary>();
  let k = 0;
  ids.forEach((id, i) => {
    const hits = signatures[i] === null || !tests.hits ? null : answers[k++];
    if (hits === null) replay.push(id);
    else if (hits.count > 0) answered.set(id, hits);
  });
  return { replay, answered };
}

/**
 * The games of `answered` (their hits by id, in id order) that `filter` keeps, with what a tally
 * reads of them: from the explorer's columns of every game held in memory (gameColumns.ts), the
 * filter's fields they do not hold asked of SQL once over these ids.
 */
async function answeredGames(db: Database, filter: GameQuery, answered: Map<bigint, HitsSummary>): Promise<AnsweredGame[]> {
  if (answered.size === 0) return [];
  const ids = [...answered.keys()];
  const { games: columns } = explorerCache(db);
  const keeps = await gameTest(db, columns, filter, [], ids);
  return ids.flatMap((id) => {
    const slot = columns.slot(id);
    return keeps(slot) ? [{ id, tallied: columns.talliedAt(slot), hits: answered.get(id)! }] : [];
  });
}

/** The pages `read` gives from `first` on, each next one read while the caller replays this one. */
async function* pagesAhead<C>(first: C | undefined, read: (at: C | undefined) => Promise<CandidatePage<C>>): AsyncGenerator<CandidatePage<C>> {
  const ahead = (at: C | undefined): Promise<CandidatePage<C>> => {
    const page = read(at);
    // A page read ahead that nobody waits for (the search stopped) must not fail unhandled.
    page.catch(() => undefined);
    return page;
  };
  let next = ahead(first);
  for (;;) {
    const page = await next;
    if (page.read === 0) return;
    next = page.read < page.size ? Promise.resolve({ games: [], answered: [], read: 0, size: page.size, next: undefined }) : ahead(page.next);
    yield page;
  }
}

/** The SQL conditions (and their parameters) of the games of `kind` that `filter` keeps. */
const candidateConditions = (kind: GameKind, filter: GameQuery): { conditions: string[]; params: unknown[] } => {
  const params: unknown[] = [];
  const conditions = gameConditions(filter, params);
  params.push(kind);
  conditions.push(`g.kind = $${params.length}::"GameKind"`);
  return { conditions, params };
};

/**
 * The games of `kind` that `filter` keeps, in id order, a page at a time: without those whose
 * signature rules them out, and those it answers apart (when the language keeps signatures).
 */
function candidatePages(db: Database, kind: GameKind, filter: GameQuery, tests: SignatureTests | null): AsyncGenerator<CandidatePage<bigint>> {
  return pagesAhead<bigint>(undefined, async (after) => {
    const { conditions, params } = candidateConditions(kind, filter);
    if (after !== undefined) {
      params.push(after);
      conditions.push(`g.id > $${params.length}`);
    }
    const where = `WHERE ${conditions.join(' AND ')}`;
    if (!tests) {
      const games = await selectScannedGames(db, where, params, 'ORDER BY g.id', PAGE);
      return { games, answered: [], read: games.length, size: PAGE, next: games.at(-1)?.id };
    }
    const heads = await db.sql.query<{ id: bigint; signature: Uint8Array | null }>(
      `SELECT g.id, g."patternSignature" AS signature FROM "Game" g ${where} ORDER BY g.id LIMIT ${SIGNATURE_PAGE}`,
      params,
    );
    const mayHold = heads.filter((h) => h.signature === null || tests.mayHold(h.signature));
    const { replay, answered } = await answerFromSignatures(
      tests,
      mayHold.map((h) => h.id),
      mayHold.map((h) => h.signature),
    );
    const games = await scannedGamesInOrder(db, replay);
    // The heads were read with the filter: the answered games need only their tallies.
    return { games, answered: await answeredGames(db, {}, answered), read: heads.length, size: SIGNATURE_PAGE, next: heads.at(-1)?.id };
  });
}

/**
 * The same pages from the signatures kept in memory: ranges of the kind's games, their signatures
 * tested (and answered where they can) in the pattern workers, which read them in shared memory,
 * and on this thread, until a page holds enough games let through (SIGNATURE_PAGE to replay,
 * ANSWERED_PAGE answered) or the last game; a range that lets few through makes the next one
 * longer. The games to replay are read with the filter. `read` counts the games whose signatures
 * were tested, the filter not yet applied.
 */
function keptCandidatePages(db: Database, kind: GameKind, filter: GameQuery, signatures: KindSignatures, tests: SignatureTests): AsyncGenerator<CandidatePage<number>> {
  const { ids, count } = signatures;
  const wanted = tests.hits ? ANSWERED_PAGE : SIGNATURE_PAGE;
  let step = FIRST_RANGE;
  return pagesAhead<number>(0, async (from = 0) => {
    const replay: bigint[] = [];
    const answered = new Map<bigint, HitsSummary>();
    let to = from;
    while (to < count && replay.length + answered.size < wanted) {
      const end = Math.min(count, to + step);
      const { passed, hits } = await tests.range(signatures, to, end);
      passed.forEach((k, j) => {
        const summary = hits[j];
        if (summary === null) replay.push(BigInt(ids[k]));
        else answered.set(BigInt(ids[k]), summary);
      });
      if (passed.length < wanted / 4) step = Math.min(step * 2, LONGEST_RANGE);
      to = end;
    }
    let games: ScannedGame[] = [];
    if (replay.length > 0) {
      const { conditions, params } = candidateConditions(kind, filter);
      params.push(replay);
      conditions.push(`g.id = ANY($${params.length}::int8[])`);
      games = await selectScannedGames(db, `WHERE ${conditions.join(' AND ')}`, params, 'ORDER BY g.id');
    }
    // A page ends at the last game or past `from`: its size is one more than it read at the last.
    return { games, answered: await answeredGames(db, filter, answered), read: to - from, size: to < count ? to - from : to - from + 1, next: to };
  });
}

/** The continuations of a search as they are counted: by side and move, with the games that played each. */
class Continuations {
  private readonly byMove = new Map<string, { move: string; byFirst: boolean; tally: MoveTally }>();

  /** Counts the game (what a tally reads of it) once for each of its continuations (each a side and a move once). */
  add(tallied: TalliedGame, moves: readonly PatternContinuation[]): void {
    for (const c of moves) {
      const key = continuationKey(c);
      let counted = this.byMove.get(key);
      if (!counted) this.byMove.set(key, (counted = { move: c.move, byFirst: c.byFirst, tally: emptyTally() }));
      addToTally(counted.tally, tallied);
    }
  }

  /** Explorer rows, results from the side that made each move, most played first. */
  stats(): ContinuationStat[] {
    return [...this.byMove.values()]
      .sort((a, b) => b.tally.games - a.tally.games || (a.move < b.move ? -1 : a.move > b.move ? 1 : 0) || Number(b.byFirst) - Number(a.byFirst))
      .map(({ move, byFirst, tally }) => ({ ...moveStatOf(move, tally, byFirst), byFirst }));
  }
}

/** The game as its pattern language sees it, without its plies (what a language's own replay reads). */
const storedPatternGame = (game: ScannedGame, options: ImportOptions): StoredPatternGame => ({
  source: game.source,
  sourceFormat: game.sourceFormat,
  metadata: (game.metadata ?? {}) as Record<string, unknown>,
  outcome: game.outcome,
  player1: game.player1,
  player2: game.player2,
  options,
});

/** The game as its pattern language sees it, with the main line the import's replay gives. */
const patternGame = ({ options: _options, ...stored }: StoredPatternGame, plies: PatternGame['plies']): PatternGame => ({ ...stored, plies });

/** Runs a whole search; throws `PatternSearchTimeout` once it has run `timeoutMs` (0: no limit). */
async function scan<Q>(db: Database, search: PatternSearch<Q>, timeoutMs: number): Promise<PatternScan> {
  const deadline = timeoutMs > 0 ? performance.now() + timeoutMs : Infinity;
  const overdue = (): void => {
    if (performance.now() > deadline) throw new PatternSearchTimeout(timeoutMs);
  };
  const { kind, language, query, filter } = search;
  const signature = language.signature;
  const pool = patternWorkers();
  const tests: SignatureTests | null = signature
    ? {
        mayHold: (bytes) => signature.mayHold(query, bytes),
        hits: signature.hits ? (signatures) => signatureHitsOf(pool, kind, language, search.pattern, query, signatures) : null,
        // Where signatures answer games, their ranges go to the workers; else the workers replay
        // the games a page let through while this thread tests the next page's range.
        range: (signatures, start, end) => signatureRangeOf(signature.hits ? pool : null, kind, language, search.pattern, query, signatures, start, end),
      }
    : null;
  const pace = new Pacer();
  const hashers = new RecordedHashers(db.sql);
  const options = new Map<bigint, ImportOptions>();
  const matches: PatternMatch[] = [];
  const continuations = new Continuations();
  let totalCount = 0;
  let candidateGames = 0;
  let replayedGames = 0;
  if (filter.kind !== undefined && filter.kind !== kind) return { totalCount, matches, continuations: [], candidateGames, replayedGames };
  const signatures = tests ? await keptSignatures(db, kind, await importsStamp(db)) : null;
  const pages = signatures && tests ? keptCandidatePages(db, kind, filter, signatures, tests) : candidatePages(db, kind, filter, tests);
  const count = (gameId: bigint, tallied: TalliedGame, hits: HitsSummary): void => {
    if (hits.count === 0) return;
    totalCount += hits.count;
    matches.push({ gameId, ply: hits.first });
    // A game counts once per continuation (a side and a move), however often it played it.
    continuations.add(tallied, hits.continuations);
  };
  // Between games on this thread: the timeout, and a turn for other requests when one is due.
  const step = async (): Promise<void> => {
    overdue();
    if (pace.due) await pace.giveWay();
  };
  for await (const page of pages) {
    overdue();
    candidateGames += page.read;
    const unknown = [...new Set(page.games.flatMap((g) => (g.importId !== null && !options.has(g.importId) ? [g.importId] : [])))];
    for (const [id, given] of await importOptionsByIds(db.sql, unknown)) options.set(id, given);
    const stored = page.games.map((game) => storedPatternGame(game, (game.importId !== null && options.get(game.importId)) || {}));
    // The language's own replay where it has one and reads the game (in workers too); else the import's replay.
    const own = await storedHitsOf(pool, kind, language, search.pattern, query, stored, step);
    // The games replayed and those their signatures answered, counted in id order.
    let a = 0;
    for (let i = 0; i < page.games.length; i++) {
      const game = page.games[i];
      for (; a < page.answered.length && page.answered[a].id < game.id; a++) count(page.answered[a].id, page.answered[a].tallied, page.answered[a].hits);
      const hits =
        own[i] ?? summaryOf(language.hits(query, patternGame(stored[i], mainLinePlies((await replayStoredGame(db.sql, game, stored[i].options, hashers)).map((p) => p.ply)))));
      replayedGames++;
      count(game.id, talliedGame(game), hits);
      if (own[i] === null) await step();
    }
    for (; a < page.answered.length; a++) count(page.answered[a].id, page.answered[a].tallied, page.answered[a].hits);
  }
  return { totalCount, matches, continuations: continuations.stats(), candidateGames, replayedGames };
}

/** JSON with object keys sorted (bigints and dates as text): one text for equal values, whatever their keys' order. */
const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'bigint') return `${v}n`;
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(Object.keys(v).sort().map((k) => [k, (v as Record<string, unknown>)[k]]));
    }
    return v;
  }) ?? 'undefined';

/** Searches kept per database, most recently asked last. */
const KEPT_SEARCHES = 16;
/** How long a search's answer is kept: long enough to page through it, short enough to see what changed since. */
const KEPT_MS = 60_000;

interface Kept {
  at: number;
  /** The stored imports when it ran: an import added or deleted since makes it stale. */
  stamp: string;
  scan: Promise<PatternScan>;
}

const keptSearches = new WeakMap<Database, Map<string, Kept>>();
/** A number for each language object, so two languages of one kind (tests) never share an answer. */
const languageId = objectNumbers();

/** What the stored games are now, as cheaply as it can be told: the imports' count and latest id. */
const collectionStamp = async (db: Database): Promise<string> => {
  const [row] = await db.sql.query<{ n: bigint; last: bigint | null }>(`SELECT count(*)::int8 AS n, max(id) AS last FROM "Import"`);
  return `${row.n}:${row.last ?? 0}`;
};

/**
 * The whole answer to `search`: kept from an earlier page of the same search (the same kind,
 * language, pattern and filter) while it is fresh and no import came or went, else scanned (one scan
 * at a time for a search asked twice at once).
 */
export async function scanPattern<Q>(db: Database, search: PatternSearch<Q>): Promise<PatternScan> {
  const key = createHash('sha256')
    .update(canonicalJson([search.kind, languageId(search.language), search.pattern, search.filter]))
    .digest('base64');
  let kept = keptSearches.get(db);
  if (!kept) keptSearches.set(db, (kept = new Map()));
  const stamp = await collectionStamp(db);
  const known = kept.get(key);
  if (known && known.stamp === stamp && Date.now() - known.at < KEPT_MS) {
    kept.delete(key);
    kept.set(key, known);
    return known.scan;
  }
  const entry: Kept = { at: Date.now(), stamp, scan: scan(db, search, db.statementTimeoutMs ?? 0) };
  kept.delete(key);
  kept.set(key, entry);
  while (kept.size > KEPT_SEARCHES) kept.delete(kept.keys().next().value!);
  // A search that failed (the timeout) is not kept: the next ask runs it again.
  entry.scan.catch(() => {
    if (kept.get(key) === entry) kept.delete(key);
  });
  return entry.scan;
}

/** The index of the first match after the game `after` (matches are in id order). */
const firstAfter = (matches: readonly PatternMatch[], after: bigint): number => {
  let lo = 0;
  let hi = matches.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (matches[mid].gameId <= after) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

/**
 * A page of `search`: the counts and continuations of the whole search, and the first `first`
 * matching games after the game `after` (a cursor's game id), in id order.
 */
export async function patternSearch<Q>(db: Database, search: PatternSearch<Q>, page: { first: number; after?: bigint }): Promise<PatternSearchPage> {
  const found = await scanPattern(db, search);
  const start = page.after === undefined ? 0 : firstAfter(found.matches, page.after);
  return {
    totalCount: found.totalCount,
    gameCount: found.matches.length,
    matches: found.matches.slice(start, start + page.first),
    hasNextPage: start + page.first < found.matches.length,
    continuations: found.continuations,
  };
}
