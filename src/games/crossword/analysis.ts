/**
 * Crossword score analysis: per-player figures and the games whose stated scores disagree with
 * the recomputed ones, aggregated in SQL over `PlayerAnalysis` (one row per game and side, written
 * by the GCG reader: turns, recomputed points, bingos, stated final score); and one game's score
 * progression, from a replay of that game alone.
 */
import type { Database } from '../../db/database';
import type { Game } from '../../generated/prisma/client';
import { type GameScoreSummary, summarizeGcgGame } from '../../codecs/crossword';
import { replayStoredGcg } from './formats';
import { type KeysetRows, type SortKey, keysetPage } from '../../db/keyset';
import { escapeLike } from '../../db/sql';
import { type KeptGames, keptGameConditions } from '../keptGames';

/** One player's figures over every stored crossword game they played. */
export interface CrosswordPlayerStats {
  player: string;
  games: number;
  turns: number;
  points: number;
  bingos: number;
  /** Finished games whose stated final score beats the opponent's. */
  wins: number;
  /** Finished games (the file ends with end-rack points or a last-rack penalty). */
  finished: number;
}

/** Players by games played, most first, then by name ignoring case (the same on every database), then by name. */
export const CROSSWORD_PLAYER_KEYS: readonly SortKey[] = [
  { column: 'games', type: 'int8', descending: true },
  { column: 'player', type: 'text', compare: (x) => `lower(${x}) COLLATE "C"` },
  { column: 'player', type: 'text', compare: (x) => `${x} COLLATE "C"` },
];

type StatsRow = { player: string; games: bigint; turns: bigint; points: bigint; bingos: bigint; wins: bigint; finished: bigint };

/**
 * Every named player's figures over the games `games` keeps (every game when absent; `player`,
 * when given, keeps the names that contain it, any case); parameters appended to `params`.
 */
const statsQuery = (player: string | undefined, games: KeptGames | undefined, params: unknown[]): string => {
  let filter = '';
  if (player !== undefined && player !== '') {
    params.push(`%${escapeLike(player)}%`);
    filter = `AND a.player ILIKE $${params.length}`;
  }
  for (const condition of keptGameConditions(games, params, 'g')) filter += ` AND ${condition}`;
  // The opponent's row gives the other final score; the game's result is set only when it finished.
  // Reading each game's result is most of the time (a hash of the crossword games); `g.kind` lets a
  // database holding many games of other kinds reach the crossword ones by the (kind, id) index.
  return `SELECT a.player, count(*)::int8 AS games, coalesce(sum(a.turns), 0)::int8 AS turns,
       coalesce(sum(a.points), 0)::int8 AS points, coalesce(sum(a.bingos), 0)::int8 AS bingos,
       count(*) FILTER (WHERE g.result IS NOT NULL AND a."statedScore" > o."statedScore")::int8 AS wins,
       count(*) FILTER (WHERE g.result IS NOT NULL)::int8 AS finished
     FROM "PlayerAnalysis" a
     JOIN "Game" g ON g.id = a."gameId" AND g.kind = 'CROSSWORD'
     LEFT JOIN "PlayerAnalysis" o ON o."gameId" = a."gameId" AND o.side = 3 - a.side
     WHERE a.kind = 'CROSSWORD' AND a.player IS NOT NULL ${filter}
     GROUP BY a.player`;
};

const statsOf = (r: StatsRow): CrosswordPlayerStats => ({
  player: r.player,
  games: Number(r.games),
  turns: Number(r.turns),
  points: Number(r.points),
  bingos: Number(r.bingos),
  wins: Number(r.wins),
  finished: Number(r.finished),
});

/**
 * Players in the order of CROSSWORD_PLAYER_KEYS, at most `first`; `player`, when given, keeps the
 * names that contain it (case-insensitive). A game with no analysis row counts nothing.
 */
export async function crosswordPlayerStats(db: Database, options: { first: number; player?: string; games?: KeptGames }): Promise<CrosswordPlayerStats[]> {
  if (options.first === 0) return [];
  const params: unknown[] = [];
  const query = statsQuery(options.player, options.games, params);
  const page = await keysetPage<StatsRow>(db, query, params, CROSSWORD_PLAYER_KEYS, { take: options.first, backward: false, count: false });
  return page.rows.map((r) => statsOf(r.row));
}

/**
 * A page of players in the order of CROSSWORD_PLAYER_KEYS: `take` after the sort values `after`
 * (before them with `backward`, nearest first), each with its sort values, and how many in all.
 */
export async function crosswordPlayerStatsPage(
  db: Database,
  options: { player?: string; games?: KeptGames; take: number; after?: (string | null)[]; backward: boolean; count?: boolean },
): Promise<KeysetRows<CrosswordPlayerStats>> {
  const params: unknown[] = [];
  const query = statsQuery(options.player, options.games, params);
  const page = await keysetPage<StatsRow>(db, query, params, CROSSWORD_PLAYER_KEYS, options);
  return { ...page, rows: page.rows.map((r) => ({ row: statsOf(r.row), keys: r.keys })) };
}

/** One side of a game: its final score as stated and as recomputed. */
export interface CrosswordSideScore {
  side: 1 | 2;
  player: string | null;
  statedScore: number;
  points: number;
}

/** A game whose stated final score differs from the recomputed one for at least one side. */
export interface CrosswordScoreDisagreement {
  gameId: bigint;
  /** Both sides, side 1 first. */
  sides: CrosswordSideScore[];
}

export interface CrosswordScoreDisagreements {
  /** Crossword games with analysis rows. */
  games: number;
  /** Of those, games where a side's stated score differs from its recomputed points. */
  disagreeing: number;
  /** Up to `first` of them after `afterGameId`, by game id (with `backward`: before it, nearest first; `hasNextPage` then says more come before). */
  page: CrosswordScoreDisagreement[];
  hasNextPage: boolean;
}

const DIFFERS = `a."statedScore" <> a.points`;

/** Of the games `games` keeps (every game when absent): the join of each row `a`'s game as `g` when needed, and the conditions, parameters appended to `params`. */
const keptSql = (games: KeptGames | undefined, params: unknown[]): { join: string; and: string } => {
  const kept = keptGameConditions(games, params, 'g');
  return kept.length === 0 ? { join: '', and: '' } : { join: ` JOIN "Game" g ON g.id = a."gameId"`, and: kept.map((c) => ` AND ${c}`).join('') };
};

/**
 * The games whose stated and recomputed final scores differ: how many, and one page of them in
 * game id order (or backward from a game); of the games `games` keeps, every game when absent.
 */
export async function crosswordScoreDisagreements(
  db: Database,
  options: { first: number; afterGameId?: bigint; backward?: boolean; games?: KeptGames },
): Promise<CrosswordScoreDisagreements> {
  const { first } = options;
  const backward = options.backward === true;
  const direction = backward ? 'DESC' : 'ASC';
  const countParams: unknown[] = [];
  const counted = keptSql(options.games, countParams);
  const pageParams: unknown[] = [options.afterGameId ?? (backward ? 2n ** 63n - 1n : 0n)];
  const paged = keptSql(options.games, pageParams);
  const [[counts], rows] = await Promise.all([
    db.sql.query<{ games: bigint; disagreeing: bigint }>(
      `SELECT count(DISTINCT a."gameId")::int8 AS games,
         count(DISTINCT a."gameId") FILTER (WHERE ${DIFFERS})::int8 AS disagreeing
       FROM "PlayerAnalysis" a${counted.join} WHERE a.kind = 'CROSSWORD'${counted.and}`,
      countParams,
    ),
    first === 0
      ? Promise.resolve([])
      : db.sql.query<{ gameId: bigint; side: number; player: string | null; statedScore: number | null; points: number | null }>(
          `WITH page AS (
             SELECT DISTINCT a."gameId" FROM "PlayerAnalysis" a${paged.join}
             WHERE a.kind = 'CROSSWORD' AND ${DIFFERS} AND a."gameId" ${backward ? '<' : '>'} $1${paged.and}
             ORDER BY a."gameId" ${direction} LIMIT ${first + 1}
           )
           SELECT a."gameId", a.side, a.player, a."statedScore", a.points
           FROM page JOIN "PlayerAnalysis" a ON a."gameId" = page."gameId"
           ORDER BY a."gameId" ${direction}, a.side`,
          pageParams,
        ),
  ]);
  const byGame = new Map<bigint, CrosswordSideScore[]>();
  for (const r of rows) {
    const sides = byGame.get(r.gameId) ?? [];
    sides.push({ side: r.side as 1 | 2, player: r.player, statedScore: r.statedScore ?? 0, points: r.points ?? 0 });
    byGame.set(r.gameId, sides);
  }
  const all = [...byGame].map(([gameId, sides]) => ({ gameId, sides }));
  return {
    games: Number(counts?.games ?? 0),
    disagreeing: Number(counts?.disagreeing ?? 0),
    page: all.slice(0, first),
    hasNextPage: all.length > first,
  };
}

/** A stored game's per-player summary and score progression, from a replay of it; null unless it is a crossword GCG game. */
export function crosswordScoreProgression(stored: Game): GameScoreSummary | null {
  if (stored.kind !== 'CROSSWORD' || stored.sourceFormat !== 'GCG') return null;
  const { game, replay } = replayStoredGcg(stored);
  return summarizeGcgGame(game, replay);
}
