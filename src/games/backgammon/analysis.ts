/**
 * Backgammon error rates from gnubg's analysis, aggregated in SQL:
 *
 * - per player, per match and per game, from `PlayerAnalysis` (one row per analysed game and
 *   side, written at import by the SGF reader): sums of unforced checker plays, close cube
 *   decisions, the normalised equity they lost and gnubg's skill marks;
 * - the distribution of equity lost per decision and the worst decisions, from the `Score`
 *   rows the SGF reader writes for gnubg's verdicts (program `gnubg`, ruleset `checker:…` or
 *   `cube:…`), one per scored position.
 *
 * A match is the games of one import with the same players (in the same seats), match length,
 * event and date (gnubg writes the date in a match's first game; the reader gives it to the
 * later games): a file of one match, as gnubg saves them, is one match; its id is its first
 * game's id. Every function answers with plain numbers; the resolvers shape them.
 */
import type { Database } from '../../db/database';
import type { Game, PlayerAnalysis } from '../../generated/prisma/client';
import { type KeysetRows, type SortKey, keysetPage } from '../../db/keyset';
import { type KeptGames, keptGameConditions } from '../keptGames';

/** Sums of one player's (or side's) judged decisions. */
export interface ErrorSums {
  /** Games the sums cover. */
  games: number;
  /** Unforced checker plays and the normalised equity they lost. */
  checkerDecisions: number;
  checkerLoss: number;
  /** Close or actual cube decisions and the equity lost in cube decisions, over the games whose cube decisions could all be judged. */
  cubeDecisions: number;
  cubeLoss: number;
  /** Games whose cube decisions could not all be judged (a match longer than gnubg's match equity table). */
  gamesWithoutCube: number;
  /** gnubg's marks on checker plays. */
  doubtful: number;
  bad: number;
  veryBad: number;
}

/** One player's sums over all their analysed games. */
export interface PlayerErrors extends ErrorSums {
  /** The name as the games give it (null for games without one). */
  player: string | null;
}

/** How `backgammonPlayerErrors` orders players. */
export type PlayerOrder = 'GAMES' | 'OVERALL_RATE' | 'NAME';

/** The SQL sums of `PlayerAnalysis` rows `a` that make an `ErrorSums`, over the rows `filter` keeps, named `<prefix><field>`. */
const sums = (filter = '', prefix = ''): string => {
  const f = filter ? ` FILTER (WHERE ${filter})` : '';
  const and = filter ? `${filter} AND ` : '';
  const sum = (column: string, type: string, name: string) => `coalesce(sum(a.${column})${f}, 0)::${type} AS "${prefix}${name}"`;
  return [
    `(count(*)${f})::int8 AS "${prefix}games"`,
    sum('decisions', 'int8', 'checkerDecisions'),
    sum('loss', 'float8', 'checkerLoss'),
    sum('"cubeDecisions"', 'int8', 'cubeDecisions'),
    sum('"cubeLoss"', 'float8', 'cubeLoss'),
    `(count(*) FILTER (WHERE ${and}a."cubeDecisions" IS NULL))::int8 AS "${prefix}gamesWithoutCube"`,
    sum('inaccuracies', 'int8', 'doubtful'),
    sum('mistakes', 'int8', 'bad'),
    sum('blunders', 'int8', 'veryBad'),
  ].join(', ');
};

type SumsRow = { [K in keyof ErrorSums]: bigint | number };

const sumsOf = (r: SumsRow): ErrorSums => ({
  games: Number(r.games),
  checkerDecisions: Number(r.checkerDecisions),
  checkerLoss: Number(r.checkerLoss),
  cubeDecisions: Number(r.cubeDecisions),
  cubeLoss: Number(r.cubeLoss),
  gamesWithoutCube: Number(r.gamesWithoutCube),
  doubtful: Number(r.doubtful),
  bad: Number(r.bad),
  veryBad: Number(r.veryBad),
});

/** The keys of each order (players without decisions last in OVERALL_RATE, the unnamed last by name). */
const PLAYER_KEYS: Record<PlayerOrder, SortKey[]> = {
  GAMES: [
    { column: 'games', type: 'int8', descending: true },
    { column: 'player', type: 'text' },
  ],
  OVERALL_RATE: [
    { column: 'rate', type: 'float8' },
    { column: 'player', type: 'text' },
  ],
  NAME: [{ column: 'player', type: 'text' }],
};

/**
 * The players (with `player`, that one) and their sums over the games `games` keeps (every game
 * when absent), with the overall rate OVERALL_RATE orders by.
 */
const playersQuery = (player: string | undefined, games: KeptGames | undefined, params: unknown[]): string => {
  if (player !== undefined) params.push(player);
  const playerSql = player !== undefined ? `AND a.player = $${params.length}` : '';
  const kept = keptGameConditions(games, params, 'g');
  const join = kept.length > 0 ? ` JOIN "Game" g ON g.id = a."gameId"` : '';
  return `SELECT a.player, ${sums()},
       ((sum(a.loss) + coalesce(sum(a."cubeLoss"), 0)) / nullif(sum(a.decisions) + coalesce(sum(a."cubeDecisions"), 0), 0))::float8 AS rate
     FROM "PlayerAnalysis" a${join}
     WHERE a.kind = 'BACKGAMMON' ${playerSql}${kept.map((c) => ` AND ${c}`).join('')}
     GROUP BY a.player`;
};

type PlayerRow = SumsRow & { player: string | null };
const playerOf = (r: PlayerRow): PlayerErrors => ({ player: r.player, ...sumsOf(r) });

/**
 * Per player over all their analysed backgammon games (those `games` keeps): `player` alone when
 * given, else the first `first` in `order`.
 */
export async function backgammonPlayerErrors(
  db: Database,
  options: { player?: string; games?: KeptGames; order: PlayerOrder; first: number },
): Promise<PlayerErrors[]> {
  const params: unknown[] = [];
  const query = playersQuery(options.player, options.games, params);
  const page = await keysetPage<PlayerRow>(db, query, params, PLAYER_KEYS[options.order], { take: options.first, backward: false, count: false });
  return page.rows.map((r) => playerOf(r.row));
}

/**
 * A page of players in `order`: `take` after the sort values `after` (before them with
 * `backward`, nearest first), each with its sort values for a cursor, and how many players in all.
 */
export async function backgammonPlayerErrorsPage(
  db: Database,
  options: { player?: string; games?: KeptGames; order: PlayerOrder; take: number; after?: (string | null)[]; backward: boolean; count?: boolean },
): Promise<KeysetRows<PlayerErrors>> {
  const params: unknown[] = [];
  const query = playersQuery(options.player, options.games, params);
  const page = await keysetPage<PlayerRow>(db, query, params, PLAYER_KEYS[options.order], options);
  return { ...page, rows: page.rows.map((r) => ({ row: playerOf(r.row), keys: r.keys })) };
}

/** The sort keys of a player order (a cursor holds one value per key). */
export const playerOrderKeys = (order: PlayerOrder): readonly SortKey[] => PLAYER_KEYS[order];

/** What identifies a match among the games (see the module's comment). */
export interface MatchKey {
  importId: bigint | null;
  player1: string | null;
  player2: string | null;
  matchLength: number | null;
  event: string | null;
  dateText: string | null;
}

/** A match: its games' key, its first game's id, how many games, and each side's sums. */
export interface MatchErrors extends MatchKey {
  firstGameId: bigint;
  games: number;
  /** Side 1 (player1, White) and side 2 (player2, Black); a side gnubg did not analyse has zero games. */
  sides: [ErrorSums, ErrorSums];
}

const MATCH_KEY = `g."importId", g.player1, g.player2, g."matchLength", g.event, g."dateText"`;

/** A side's sums out of a match row (its columns `s1_…` or `s2_…`). */
const sideOf = (r: Record<string, unknown>, side: 1 | 2): ErrorSums => {
  const picked: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(r)) if (k.startsWith(`s${side}_`)) picked[k.slice(3)] = v;
  return sumsOf(picked as SumsRow);
};

/** Larger than any game id: where a backward page with no cursor starts. */
const MAX_GAME_ID = 2n ** 63n - 1n;

/**
 * Analysed matches, by their first game's id: those after `afterGameId`, at most `first`
 * (one more tells whether there is a next page); with `backward`, those before it, nearest first
 * (`hasNextPage` then says more come before); with `player`, only the matches that player
 * played (on either side). With `games`, only the matches with a game it keeps, their games and
 * sums over those games alone (a match keeps its id, its first game's, kept or not).
 */
export async function backgammonMatchErrors(
  db: Database,
  options: { player?: string; games?: KeptGames; first: number; afterGameId?: bigint; backward?: boolean },
): Promise<{ matches: MatchErrors[]; hasNextPage: boolean }> {
  const backward = options.backward === true;
  const params: unknown[] = [options.first + 1, options.afterGameId ?? (backward ? MAX_GAME_ID : 0n)];
  let where = '';
  let having = '';
  if (options.player !== undefined) {
    params.push(options.player);
    // The imports the player's games came from (the index on kind and player, read first), then
    // those imports' matches that the player played.
    where = `WHERE g."importId" IN (SELECT g."importId" FROM (SELECT "gameId" FROM "PlayerAnalysis" WHERE kind = 'BACKGAMMON' AND player = $3 OFFSET 0) mine
      JOIN "Game" g ON g.id = mine."gameId")`;
    having = 'AND bool_or(a.player = $3)';
  }
  // The kept games' rows alone are summed and counted; every game of the match still sets its id.
  const kept = keptGameConditions(options.games, params, 'g').join(' AND ');
  const keptOnly = kept ? ` AND ${kept}` : '';
  const gameCount = kept ? `count(DISTINCT g.id) FILTER (WHERE ${kept})` : 'count(DISTINCT g.id)';
  if (kept) having += ` AND bool_or(${kept})`;
  const rows = await db.sql.query<Record<string, unknown>>(
    `SELECT ${MATCH_KEY}, min(g.id) AS "firstGameId", ${gameCount}::int8 AS "gameCount", ${sums(`a.side = 1${keptOnly}`, 's1_')}, ${sums(`a.side = 2${keptOnly}`, 's2_')}
     FROM "Game" g JOIN "PlayerAnalysis" a ON a."gameId" = g.id AND a.kind = 'BACKGAMMON' ${where}
     GROUP BY ${MATCH_KEY} HAVING min(g.id) ${backward ? '<' : '>'} $2 ${having} ORDER BY min(g.id) ${backward ? 'DESC' : 'ASC'} LIMIT $1`,
    params,
  );
  const matches = rows.slice(0, options.first).map((r) => ({
    importId: r.importId as bigint | null,
    player1: r.player1 as string | null,
    player2: r.player2 as string | null,
    matchLength: r.matchLength as number | null,
    event: r.event as string | null,
    dateText: r.dateText as string | null,
    firstGameId: r.firstGameId as bigint,
    games: Number(r.gameCount),
    sides: [sideOf(r, 1), sideOf(r, 2)] as [ErrorSums, ErrorSums],
  }));
  return { matches, hasNextPage: rows.length > options.first };
}

/** One analysed game and each side's sums (null for a side gnubg did not analyse). */
export interface GameErrors {
  game: Game;
  sides: [ErrorSums | null, ErrorSums | null];
}

/** A game's `PlayerAnalysis` row as sums over one game. */
const rowSums = (a: PlayerAnalysis): ErrorSums => ({
  games: 1,
  checkerDecisions: a.decisions,
  checkerLoss: a.loss,
  cubeDecisions: a.cubeDecisions ?? 0,
  cubeLoss: a.cubeLoss ?? 0,
  gamesWithoutCube: a.cubeDecisions === null ? 1 : 0,
  doubtful: a.inaccuracies,
  bad: a.mistakes,
  veryBad: a.blunders,
});

/**
 * The analysed game `gameId`, or with `wholeMatch` every analysed game of its match, in game
 * order; empty when the game is not an analysed backgammon game.
 */
export async function backgammonGameErrors(db: Database, gameId: bigint, wholeMatch: boolean): Promise<GameErrors[]> {
  const key = await db.prisma.game.findUnique({ where: { id: gameId } });
  if (!key || key.kind !== 'BACKGAMMON') return [];
  // Prisma reads a null in `where` as IS NULL, so games without an event or date match each other.
  const where = wholeMatch
    ? { kind: key.kind, importId: key.importId, player1: key.player1, player2: key.player2, matchLength: key.matchLength, event: key.event, dateText: key.dateText }
    : { id: key.id };
  const games = await db.prisma.game.findMany({
    where: { ...where, analysis: { some: {} } },
    include: { analysis: true },
    orderBy: [{ gameNumber: 'asc' }, { id: 'asc' }],
  });
  return games.map(({ analysis, ...game }) => {
    const sides: GameErrors['sides'] = [null, null];
    for (const a of analysis) sides[a.side === 1 ? 0 : 1] = rowSums(a);
    return { game, sides };
  });
}

// ------------------------------------------------------------------ per decision, from Score rows

/** Which decisions: checker plays, cube decisions, or both (undefined). */
export type DecisionKind = 'checker' | 'cube';

/**
 * The normalised equity a gnubg Score row says was lost: best − played for a checker play;
 * for a cube decision the reader's `details.loss` (normalised with the match equity table), or
 * best − played where the values are equities (money play, rows stored before `loss` was).
 */
const LOSS = `CASE WHEN s.ruleset LIKE 'checker:%' THEN s."bestValue" - s.value
  ELSE coalesce((s.details->>'loss')::float8, CASE WHEN s.details->>'unit' = 'equity' THEN s."bestValue" - s.value END) END`;

/**
 * gnubg's Score rows of one kind or both. A cube decision counts when gnubg's error rate counts
 * it (a close no double, a double, a take, a drop) or it lost equity (a missed double); the
 * trivial no doubles are left out.
 */
const verdicts = (kind: DecisionKind | undefined): string => {
  const checker = `s.ruleset LIKE 'checker:%'`;
  const cube = `s.ruleset LIKE 'cube:%' AND (s.details->>'counted' IS DISTINCT FROM 'false' OR (${LOSS}) > 0)`;
  const which = kind === 'checker' ? checker : kind === 'cube' ? `(${cube})` : `(${checker} OR (${cube}))`;
  return `s.program = 'gnubg' AND "bestValue" IS NOT NULL AND ${which}`;
};

/** Decisions per bucket of equity lost: bucket i holds losses from `edges[i]` (millipoints) up to the next edge. */
export async function backgammonLossHistogram(db: Database, options: { kind?: DecisionKind; edges: readonly number[] }): Promise<number[]> {
  const rows = await db.sql.query<{ bucket: number; n: bigint }>(
    `SELECT greatest(width_bucket(1000 * loss, $1::float8[]), 1) AS bucket, count(*)::int8 AS n
     FROM (SELECT ${LOSS} AS loss FROM "Score" s WHERE ${verdicts(options.kind)}) x
     WHERE loss IS NOT NULL GROUP BY 1`,
    [options.edges],
  );
  const counts = options.edges.map(() => 0);
  for (const r of rows) counts[r.bucket - 1] += Number(r.n);
  return counts;
}

/** One of the decisions that lost most. */
export interface WorstDecision {
  scoreId: bigint;
  positionId: bigint;
  kind: DecisionKind;
  /** The normalised equity lost. */
  loss: number;
  /** The Score row's values: equity (match cube decisions: match-winning chance) played and best. */
  played: number;
  best: number;
  ruleset: string;
  details: Record<string, unknown>;
}

/** The decisions that lost most equity, largest first, ties by score row. */
const WORST_KEYS: readonly SortKey[] = [
  { column: 'loss', type: 'float8', descending: true },
  { column: 'id', type: 'int8' },
];

/** The keys `backgammonWorstDecisionsPage` orders by (a cursor holds one value per key). */
export const worstDecisionKeys = (): readonly SortKey[] => WORST_KEYS;

type DecisionRow = { id: bigint; positionId: bigint; ruleset: string; value: number; bestValue: number; details: unknown; loss: number };

const worstQuery = (kind: DecisionKind | undefined): string =>
  `SELECT * FROM (SELECT s.id, s."positionId", s.ruleset, s.value, s."bestValue", s.details, ${LOSS} AS loss
     FROM "Score" s WHERE ${verdicts(kind)}) x WHERE loss IS NOT NULL`;

const decisionOf = (r: DecisionRow): WorstDecision => ({
  scoreId: r.id,
  positionId: r.positionId,
  kind: r.ruleset.startsWith('checker:') ? 'checker' : 'cube',
  loss: r.loss,
  played: r.value,
  best: r.bestValue,
  ruleset: r.ruleset,
  details: r.details && typeof r.details === 'object' ? (r.details as Record<string, unknown>) : {},
});

/** The `first` decisions that lost most equity, largest first (ties by score row). */
export async function backgammonWorstDecisions(db: Database, options: { kind?: DecisionKind; first: number }): Promise<WorstDecision[]> {
  const page = await keysetPage<DecisionRow>(db, worstQuery(options.kind), [], WORST_KEYS, { take: options.first, backward: false, count: false });
  return page.rows.map((r) => decisionOf(r.row));
}

/**
 * A page of the decisions that lost most, largest first: `take` after the sort values `after`
 * (before them with `backward`, nearest first), each with its sort values, and how many in all.
 */
export async function backgammonWorstDecisionsPage(
  db: Database,
  options: { kind?: DecisionKind; take: number; after?: (string | null)[]; backward: boolean; count?: boolean },
): Promise<KeysetRows<WorstDecision>> {
  const page = await keysetPage<DecisionRow>(db, worstQuery(options.kind), [], WORST_KEYS, options);
  return { ...page, rows: page.rows.map((r) => ({ row: decisionOf(r.row), keys: r.keys })) };
}
