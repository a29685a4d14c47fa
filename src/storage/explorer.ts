/**
 * The opening explorer: which moves were played from a position, in how many games, and how
 * those games ended. A position that is hot in a flush of an import has its counts kept per move
 * (`PositionMove`, summed here over flushes); its other occurrences are few per flush, and are
 * read from replays of their games. Each game counts once per move.
 */
import type { Database } from '../db/database';
import type { GameKind } from '../db/records';
import { gameOf } from '../games';
import type { ExplorerRules } from '../games/types';
import type { Game } from '../generated/prisma/client';
import { performanceRating } from '../games/performance';
import { type PlySource, plyHasKey } from './occurrences';
import type { GameQuery } from './gameFilter';
import {
  type IndexKey, type MoveTally, type Posting, type RunHead, type TalliedGame, TALLY_NUMBERS, addResultToTally, addToTally, emptyTally, indexKey,
  keyReads, mergeTally,
} from '../db/positionIndex';
import { NO_DAY, baseSlotOf, dayText, explorerCache, gameTest } from './gameColumns';
import { positionsByKeys } from './lookups';
import { scoresOfPositions } from './rows';
import { scoresOfPositionKeys } from './evaluations';

export interface MoveStats {
  move: string;
  /** The games that played it: how many, how they ended, the points and ratings (`MoveTally`). */
  tally: MoveTally;
  /** Crossword: the points the play scored (the board decides them, so every game that played it scored the same). */
  playPoints?: number;
}

/** `PositionMove`'s sums of one move. */
type MoveRow = { [column: string]: unknown; move: string; lastPlayed: Date | null } & Record<(typeof TALLY_NUMBERS)[number], number | bigint>;

/** A move as a game played it, before the game's rules say how it is shown. */
interface PlayedMove {
  gameId: bigint;
  move: string;
}

const mean = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0) / values.length;

/** What a stored game says to a tally (the explorer's counts, and the index writer's when it indexes stored games again). */
export const talliedGame = (game: Pick<Game, 'outcome' | 'firstPoints' | 'player1Rating' | 'player2Rating' | 'playedOn'>): TalliedGame => ({
  outcome: game.outcome,
  firstPoints: game.firstPoints,
  player1Rating: game.player1Rating,
  player2Rating: game.player2Rating,
  playedOn: game.playedOn ? game.playedOn.toISOString().slice(0, 10) : null,
});

/**
 * The moves played from the position in its cold occurrences (those in the index's blocks), each
 * game once per move, read from replays of their games (all asked at once, so a loader batches them).
 */
async function coldMoves(source: PlySource, kind: GameKind, key: string, cold: readonly Posting[], includeVariations: boolean): Promise<PlayedMove[]> {
  const wanted = cold.filter((p) => includeVariations || p.mainLine);
  const replays = await Promise.all(wanted.map((p) => source.plies(p.gameId)));
  const out = new Map<string, PlayedMove>();
  wanted.forEach((p, i) => {
    const ply = replays[i].find((r) => r.node === p.node);
    const move = ply ? (ply.ply.explorerMove ?? ply.ply.nextMove) : null;
    if (!ply || !move || !plyHasKey(ply, kind, key)) return;
    out.set(`${p.gameId} ${move}`, { gameId: p.gameId, move });
  });
  return [...out.values()];
}

/** Adds the tallies of `from` into `into`, move by move. */
const mergeTallies = (into: Map<string, MoveTally>, from: ReadonlyMap<string, MoveTally>): void => {
  for (const [move, t] of from) {
    const known = into.get(move);
    if (known) mergeTally(known, t);
    else into.set(move, t);
  }
};

/** Adds each played move's game to its move's tally. */
const tallyMoves = (into: Map<string, MoveTally>, played: readonly PlayedMove[], games: (id: bigint) => TalliedGame | undefined): void => {
  for (const { gameId, move } of played) {
    const game = games(gameId);
    if (!game) continue;
    let t = into.get(move);
    if (!t) into.set(move, (t = emptyTally()));
    addToTally(t, game);
  }
};

/**
 * The tallies of the moves played from a position, by move as the index counted it. Without a
 * filter, a hot position's counts are the sums kept per flush (`PositionMove`); with one, every
 * game is counted one by one on the game columns (a run keeps each entry's move), only those the
 * filter keeps. Cold occurrences are read from replays either way.
 */
async function movesTallies(db: Database, source: PlySource, kind: GameKind, key: string, includeVariations: boolean, query: GameQuery | null): Promise<Map<string, MoveTally>> {
  const k = indexKey(kind, key);
  const { cold, heads } = await keyReads(db.sql, k, source.memo);
  const tallies = new Map<string, MoveTally>();
  if (query === null) {
    const [kept, played] = await Promise.all([
      db.sql.query<MoveRow>(
        `SELECT move, ${TALLY_NUMBERS.map((f) => `sum("${f}")::float8 AS "${f}"`).join(', ')}, max("lastPlayed") AS "lastPlayed"
         FROM "PositionMove" WHERE kind = $1::"GameKind" AND hash = $2 AND ("mainLine" OR $3::boolean)
         GROUP BY move`,
        [kind, k.hash, includeVariations],
      ),
      coldMoves(source, kind, key, cold, includeVariations),
    ]);
    for (const r of kept) {
      const t = emptyTally();
      for (const f of TALLY_NUMBERS) t[f] = Number(r[f]);
      t.lastPlayed = r.lastPlayed ? r.lastPlayed.toISOString().slice(0, 10) : null;
      tallies.set(r.move, t);
    }
    const games = await Promise.all(played.map((p) => source.game(p.gameId)));
    const byId = new Map(games.flatMap((g) => (g ? [[g.id, talliedGame(g)] as const] : [])));
    const counted = new Map<string, MoveTally>();
    tallyMoves(counted, played, (id) => byId.get(id));
    mergeTallies(tallies, counted);
    return tallies;
  }
  return filteredTallies(db, k, heads, await coldMoves(source, kind, key, cold, includeVariations), includeVariations, query);
}

/**
 * The tallies of the moves played from a position over the games `query` keeps: every entry of
 * its runs (decoded once and cached, with the move of each entry) and its cold moves (`played`),
 * tested against the games' columns in memory, the filter's other fields asked of SQL once. A
 * game counts once per move; without `includeVariations`, only where it played the move in its main line.
 */
async function filteredTallies(
  db: Database,
  k: IndexKey,
  heads: readonly RunHead[],
  played: readonly PlayedMove[],
  includeVariations: boolean,
  query: GameQuery,
): Promise<Map<string, MoveTally>> {
  const out = new Map<string, MoveTally>();
  if (query.kind !== undefined && query.kind !== k.kind) return out;
  const cache = explorerCache(db);
  const columns = cache.games;
  const runs = await cache.runs.runsOf(db, k, heads);
  const keeps = await gameTest(db, columns, query, runs, played.map((p) => p.gameId));
  tallyMoves(out, played, (id) => {
    const i = columns.slot(id);
    return keeps(i) ? columns.talliedAt(i) : undefined;
  });
  for (const run of runs) {
    const { offsets, words, moves } = run.columns;
    const base = baseSlotOf(columns, run);
    const moveCount = run.moveList.length;
    const tallies: (MoveTally | undefined)[] = new Array(moveCount);
    // Per move: the last game (entry offset) counted for it, so a game counts once per move; its latest day.
    const counted = new Int32Array(moveCount).fill(-1);
    const latest = new Int32Array(moveCount).fill(NO_DAY);
    // Entries come by game: the filter is asked once per game.
    let game = -1;
    let slot = -1;
    let kept = false;
    for (let e = 0; e < offsets.length; e++) {
      const m = moves[e];
      if (m >= moveCount || (!includeVariations && (words[e] & 1) !== 1)) continue;
      const offset = offsets[e];
      if (offset !== game) {
        game = offset;
        slot = base >= 0 ? base + offset : columns.slot(run.baseGameId + BigInt(offset));
        kept = keeps(slot);
      }
      if (!kept || counted[m] === offset) continue;
      counted[m] = offset;
      const t = (tallies[m] ??= emptyTally());
      const points = columns.firstPoints[slot];
      const r1 = columns.rating1[slot];
      const r2 = columns.rating2[slot];
      addResultToTally(t, columns.outcomeOf(slot), Number.isNaN(points) ? null : points, r1 < 0 ? null : r1, r2 < 0 ? null : r2);
      if (columns.playedOn[slot] > latest[m]) latest[m] = columns.playedOn[slot];
    }
    const local = new Map<string, MoveTally>();
    tallies.forEach((t, m) => {
      if (!t) return;
      if (latest[m] !== NO_DAY) t.lastPlayed = dayText(latest[m]);
      local.set(run.moveList[m], t);
    });
    mergeTallies(out, local);
  }
  return out;
}

/** Moves from a position, most played first; main lines only unless `includeVariations`; only the games `query` keeps when given. */
export async function moveStats(
  db: Database,
  source: PlySource,
  kind: GameKind,
  key: string,
  includeVariations: boolean,
  query: GameQuery | null = null,
): Promise<MoveStats[]> {
  const tallies = await movesTallies(db, source, kind, key, includeVariations, query);
  // Moves as the game writes them to a reader; two counted texts that read the same are one move.
  const rules = gameOf(kind).explorer;
  const shown = new Map<string, MoveStats>();
  for (const [counted, tally] of tallies) {
    const move = rules.shownMove(key, counted);
    const same = shown.get(move);
    const playPoints = rules.playPoints?.(counted);
    if (!same) shown.set(move, { move, tally: { ...tally }, ...(playPoints === undefined ? {} : { playPoints }) });
    else mergeTally(same.tally, tally);
  }
  const out = [...shown.values()];
  return out.sort((a, b) => b.tally.games - a.tally.games || (a.move < b.move ? -1 : a.move > b.move ? 1 : 0));
}

/** One explorer row as GraphQL's `MoveStat` gives it: results from the side that played the move. */
export interface MoveStat {
  move: string;
  count: number;
  /** Results from the side that played the move. */
  wins: number;
  draws: number;
  losses: number;
  unknown: number;
  /** Results by player: games the first player (White in chess, Black in Go) won, and the second. */
  firstWins: number;
  secondWins: number;
  /** The analysis verdict of the move: chess, the mean evaluation after it; backgammon, gnubg's equity of the play; crossword, the play's points. */
  score: number | null;
  /** Backgammon: the mean equity the play lost against gnubg's best play (normalised equity); null elsewhere. */
  error: number | null;
  /** Backgammon and crossword: the mean points the games were worth to the side that played the move; null where no result gives points. */
  points: number | null;
  /** The mean rating of the players who made the move, and of their opponents, over the games that give it; null when none does. */
  averageRating: number | null;
  averageOpponentRating: number | null;
  /** FIDE's performance rating of the players who made the move, over the games against a rated opponent with a known result; null without one. */
  performance: number | null;
  /** The latest first possible day (`YYYY-MM-DD`) of a game that played it; null when no game is dated. */
  lastPlayed: string | null;
  /** The key of the position the move leads to, where the game says (chess), for its opening name. */
  childKey: string | null;
}

/** A tally from the side that played the move (`first`: the first player moved). */
const moverFigures = (t: MoveTally, first: boolean) => {
  const [own, ownRated, opp, oppRated] = first
    ? [t.firstRatingSum, t.firstRated, t.secondRatingSum, t.secondRated]
    : [t.secondRatingSum, t.secondRated, t.firstRatingSum, t.firstRated];
  const [perfGames, perfOpponents, perfHalfPoints] = first
    ? [t.firstPerfGames, t.firstPerfOpponentSum, t.firstPerfHalfPoints]
    : [t.secondPerfGames, t.secondPerfOpponentSum, t.secondPerfHalfPoints];
  return {
    averageRating: ownRated > 0 ? own / ownRated : null,
    averageOpponentRating: oppRated > 0 ? opp / oppRated : null,
    performance: perfGames > 0 ? performanceRating(perfOpponents / perfGames, perfHalfPoints / 2, perfGames) : null,
  };
};

/**
 * The mean stored score of the position each move leads to (stored from the first player's side,
 * here from the mover's), by move, for a game whose moves are judged so: the scores of the
 * child's row and those packed in the games that evaluate it (`evaluations.ts`); a move whose
 * position has no score is absent.
 */
async function childScores(db: Database, kind: GameKind, children: ReadonlyMap<string, string>, moverIsFirst: boolean): Promise<Map<string, number>> {
  if (children.size === 0) return new Map();
  const keys = [...new Set(children.values())];
  const rows = (await positionsByKeys(db, keys.map((key) => ({ kind, key })))).flat();
  const idOf = new Map(rows.map((p) => [p.key, p.id]));
  const scores = await scoresOfPositionKeys(db, keys.map((key) => ({ kind, key, ...(idOf.has(key) ? { id: idOf.get(key) } : {}) })));
  const byKey = new Map(keys.map((key, i) => [key, scores[i].map((s) => s.value)]));
  const out = new Map<string, number>();
  for (const [move, key] of children) {
    const values = byKey.get(key) ?? [];
    if (values.length > 0) out.set(move, moverIsFirst ? mean(values) : -mean(values));
  }
  return out;
}

/** A program's verdicts on the moves made from a position: the value of the move and what it lost, means over the stored verdicts. */
interface PlayVerdict {
  value: number;
  error: number;
}

/**
 * The verdicts stored on a position about the moves made from it (for a game whose rules read
 * them), by the move as the explorer shows it. A position with no row (no id: only games reach it) has none.
 */
async function playVerdicts(db: Database, rules: ExplorerRules, position: { id?: bigint; key: string }): Promise<Map<string, PlayVerdict>> {
  const { id, key } = position;
  const verdictOf = rules.playVerdict;
  if (!verdictOf || id === undefined) return new Map();
  const byMove = new Map<string, { value: number[]; error: number[] }>();
  for (const s of await scoresOfPositions(db, [id])) {
    const verdict = verdictOf(s, key);
    if (!verdict) continue;
    const seen = byMove.get(verdict.move) ?? { value: [], error: [] };
    seen.value.push(verdict.value);
    seen.error.push(verdict.error);
    byMove.set(verdict.move, seen);
  }
  return new Map([...byMove].map(([move, v]) => [move, { value: mean(v.value), error: mean(v.error) }]));
}

/**
 * The explorer of a position: its moves with results from the mover's side and the analysis
 * verdict of each move where one is stored (a chess move's evaluation after it, gnubg's equity of
 * a backgammon play and its error, a crossword play's points).
 */
export async function explorerMoves(
  db: Database,
  source: PlySource,
  position: { id?: bigint; kind: GameKind; key: string; board: string; sideToMove: string | null },
  includeVariations: boolean,
  query: GameQuery | null = null,
): Promise<MoveStat[]> {
  const { kind, key } = position;
  const stats = await moveStats(db, source, kind, key, includeVariations, query);
  const rules = gameOf(kind).explorer;
  const first = rules.moverIsFirst(position.sideToMove);
  const moves = stats.map((s) => s.move);
  const children = position.board ? (rules.childKeys?.(position.board, moves) ?? new Map<string, string>()) : new Map<string, string>();
  const [scores, verdicts] = await Promise.all([
    childScores(db, kind, children, first),
    stats.length > 0 ? playVerdicts(db, rules, position) : new Map<string, PlayVerdict>(),
  ]);
  return stats.map(({ move, tally, playPoints }) => ({
    ...moveStatOf(move, tally, first),
    score: scores.get(move) ?? verdicts.get(move)?.value ?? playPoints ?? null,
    error: verdicts.get(move)?.error ?? null,
    childKey: children.get(move) ?? null,
  }));
}

/**
 * A move's tally as an explorer row, results from the side that played it (`first`: the first
 * player), with no verdict and no position it leads to (the explorer adds them where it knows them;
 * a pattern search's continuations have none).
 */
export const moveStatOf = (move: string, t: MoveTally, first: boolean): MoveStat => ({
  move,
  count: t.games,
  wins: first ? t.firstWins : t.secondWins,
  draws: t.draws,
  losses: first ? t.secondWins : t.firstWins,
  unknown: t.games - t.firstWins - t.draws - t.secondWins,
  firstWins: t.firstWins,
  secondWins: t.secondWins,
  score: null,
  error: null,
  points: t.pointGames > 0 ? (first ? t.firstPoints : -t.firstPoints) / t.pointGames : null,
  ...moverFigures(t, first),
  lastPlayed: t.lastPlayed,
  childKey: null,
});
