/**
 * Chess score analysis: what the evaluations in stored games say of the players, aggregated in SQL
 * over `PlayerAnalysis` (one row per game and side, written at import by the PGN reader from the
 * main line's `[%eval]` comments, `chessAnalysisOf` in `chess.ts`): the programs present, figures
 * per player, the games ordered by how badly they were played, one game's two rows, and one game's
 * evaluation graph from a replay of that game alone.
 */
import type { Database } from '../../db/database';
import type { Game } from '../../generated/prisma/client';
import { type MoveJudgement, type WhiteEvaluation, isStandardVariant, parseClock, replayGame } from '../../codecs/chess';
import { analyseMainLine, chessMainLine, storedChessGame } from './formats';
import { type KeysetRows, type SortKey, keysetPage } from '../../db/keyset';
import { type KeptGames, keptGameConditions } from '../keptGames';

/**
 * Rows of one program and ruleset, or of every program when `program` is absent (any ruleset when
 * `ruleset` is), of the games `games` keeps (every game when absent).
 */
export interface ProgramFilter {
  program?: string | null;
  ruleset?: string | null;
  games?: KeptGames;
}

/**
 * SQL for a filter over `PlayerAnalysis` aliased `a`: the join of each row's game as `g` (only
 * when the filter keeps some games, else empty) and the conditions, parameters appended to `params`.
 */
const filterSql = (filter: ProgramFilter, params: unknown[]): { join: string; where: string } => {
  let sql = `a.kind = 'CHESS'`;
  if (filter.program !== undefined && filter.program !== null) {
    params.push(filter.program);
    sql += ` AND a.program = $${params.length}`;
  }
  if (filter.ruleset !== undefined && filter.ruleset !== null) {
    params.push(filter.ruleset);
    sql += ` AND a.ruleset = $${params.length}`;
  }
  const games = keptGameConditions(filter.games, params, 'g');
  if (games.length === 0) return { join: '', where: sql };
  return { join: ` JOIN "Game" g ON g.id = a."gameId"`, where: [sql, ...games].join(' AND ') };
};

/** A program (and settings) whose evaluations judged stored games. */
export interface AnalysisProgram {
  program: string;
  ruleset: string;
  /** Games with at least one side judged by it. */
  games: number;
  /** Moves it judged, both sides. */
  moves: number;
}

/** The programs that judged chess games (of the games `games` keeps, every game when absent), most games first. */
export async function chessAnalysisPrograms(db: Database, first: number, games?: KeptGames): Promise<AnalysisProgram[]> {
  const params: unknown[] = [first];
  const { join, where } = filterSql({ games }, params);
  const rows = await db.sql.query<{ program: string; ruleset: string; games: bigint; moves: bigint }>(
    // Per game first (a hash aggregate), then per program: faster than count(DISTINCT "gameId"), which sorts.
    `SELECT program, ruleset, count(*)::int8 AS games, sum(moves)::int8 AS moves
     FROM (SELECT a.program, a.ruleset, a."gameId", sum(a.decisions) AS moves FROM "PlayerAnalysis" a${join} WHERE ${where} GROUP BY 1, 2, 3) p
     GROUP BY 1, 2 ORDER BY games DESC, 1, 2 LIMIT $1`,
    params,
  );
  return rows.map((r) => ({ program: r.program, ruleset: r.ruleset, games: Number(r.games), moves: Number(r.moves) }));
}

/** One player's figures over their judged games. */
export interface PlayerFigures {
  player: string;
  games: number;
  moves: number;
  loss: number;
  /** `loss / moves`; null without judged moves. */
  averageLoss: number | null;
  /** Mean of the games' accuracies; null when none has one. */
  meanAccuracy: number | null;
  inaccuracies: number;
  mistakes: number;
  blunders: number;
}

/** How `chessPlayerFigures` orders players (ties by name). */
export type PlayerOrder =
  | 'MOST_GAMES'
  | 'LOWEST_AVERAGE_CENTIPAWN_LOSS'
  | 'HIGHEST_AVERAGE_CENTIPAWN_LOSS'
  | 'HIGHEST_ACCURACY'
  | 'LOWEST_ACCURACY'
  | 'MOST_BLUNDERS_PER_100_MOVES'
  | 'PLAYER';

const byName: SortKey = { column: 'player', type: 'text' };
/** The keys of each order, ties by name (players without the value last). */
const PLAYER_KEYS: Record<PlayerOrder, SortKey[]> = {
  MOST_GAMES: [{ column: 'games', type: 'int8', descending: true }, byName],
  LOWEST_AVERAGE_CENTIPAWN_LOSS: [{ column: 'acpl', type: 'float8' }, byName],
  HIGHEST_AVERAGE_CENTIPAWN_LOSS: [{ column: 'acpl', type: 'float8', descending: true }, byName],
  HIGHEST_ACCURACY: [{ column: 'accuracy', type: 'float8', descending: true }, byName],
  LOWEST_ACCURACY: [{ column: 'accuracy', type: 'float8' }, byName],
  MOST_BLUNDERS_PER_100_MOVES: [{ column: 'blunderRate', type: 'float8', descending: true }, byName],
  PLAYER: [byName],
};

/** The sort keys of a player order (a cursor holds one value per key). */
export const chessPlayerOrderKeys = (order: PlayerOrder): readonly SortKey[] => PLAYER_KEYS[order];

type FiguresRow = {
  player: string; games: bigint; moves: bigint; loss: number; acpl: number | null; accuracy: number | null;
  inaccuracies: bigint; mistakes: bigint; blunders: bigint;
};

/** Named players' figures with at least `minGames` judged games under `filter` (parameters appended to `params`). */
const figuresQuery = (filter: ProgramFilter, minGames: number, params: unknown[]): string => {
  const { join, where } = filterSql(filter, params);
  params.push(minGames);
  return `SELECT a.player, count(*)::int8 AS games, sum(a.decisions)::int8 AS moves, sum(a.loss)::float8 AS loss,
         (sum(a.loss) / nullif(sum(a.decisions), 0))::float8 AS acpl, avg(a.accuracy)::float8 AS accuracy,
         sum(a.inaccuracies)::int8 AS inaccuracies, sum(a.mistakes)::int8 AS mistakes, sum(a.blunders)::int8 AS blunders,
         (sum(a.blunders)::float8 / nullif(sum(a.decisions), 0))::float8 AS "blunderRate"
       FROM "PlayerAnalysis" a${join} WHERE ${where} AND a.player IS NOT NULL
       GROUP BY a.player HAVING count(*) >= $${params.length}`;
};

const figuresOf = (r: FiguresRow): PlayerFigures => ({
  player: r.player,
  games: Number(r.games),
  moves: Number(r.moves),
  loss: r.loss,
  averageLoss: r.acpl,
  meanAccuracy: r.accuracy,
  inaccuracies: Number(r.inaccuracies),
  mistakes: Number(r.mistakes),
  blunders: Number(r.blunders),
});

/** Figures per player (named players only) with at least `minGames` judged games, `first` of them in `order`. */
export async function chessPlayerFigures(
  db: Database,
  filter: ProgramFilter,
  options: { minGames: number; first: number; order: PlayerOrder },
): Promise<PlayerFigures[]> {
  const params: unknown[] = [];
  const query = figuresQuery(filter, options.minGames, params);
  const page = await keysetPage<FiguresRow>(db, query, params, PLAYER_KEYS[options.order], { take: options.first, backward: false, count: false });
  return page.rows.map((r) => figuresOf(r.row));
}

/**
 * A page of players' figures in `order`: `take` after the sort values `after` (before them with
 * `backward`, nearest first), each with its sort values for a cursor, and how many players in all.
 */
export async function chessPlayerFiguresPage(
  db: Database,
  filter: ProgramFilter,
  options: { minGames: number; order: PlayerOrder; take: number; after?: (string | null)[]; backward: boolean; count?: boolean },
): Promise<KeysetRows<PlayerFigures>> {
  const params: unknown[] = [];
  const query = figuresQuery(filter, options.minGames, params);
  const page = await keysetPage<FiguresRow>(db, query, params, PLAYER_KEYS[options.order], options);
  return { ...page, rows: page.rows.map((r) => ({ row: figuresOf(r.row), keys: r.keys })) };
}

/** One side of one game as its `PlayerAnalysis` row has it. */
export interface SideRow {
  gameId: bigint;
  side: 1 | 2;
  player: string | null;
  program: string;
  ruleset: string;
  decisions: number;
  loss: number;
  accuracy: number | null;
  inaccuracies: number;
  mistakes: number;
  blunders: number;
}

const SIDE_COLUMNS = `a."gameId", a.side, a.player, a.program, a.ruleset, a.decisions, a.loss, a.accuracy, a.inaccuracies, a.mistakes, a.blunders`;

/** The chess analysis rows of these games (White's before Black's within a game). */
export async function chessSideRows(db: Database, gameIds: readonly bigint[]): Promise<SideRow[]> {
  if (gameIds.length === 0) return [];
  return db.sql.query<SideRow & Record<string, unknown>>(
    `SELECT ${SIDE_COLUMNS} FROM "PlayerAnalysis" a WHERE a."gameId" = ANY($1::int8[]) AND a.kind = 'CHESS' ORDER BY a."gameId", a.side`,
    [`{${gameIds.join(',')}}`],
  );
}

/** How `chessAnalysedGames` orders games; each game's value, games without one left out. */
export type GameOrder = 'HIGHEST_AVERAGE_CENTIPAWN_LOSS' | 'LARGEST_ACCURACY_GAP' | 'LOWEST_ACCURACY' | 'MOST_BLUNDERS';

/** Per game (rows grouped by "gameId"): the value and the direction it is ordered in. */
const GAME_ORDER: Record<GameOrder, { value: string; descending: boolean }> = {
  // The worse side's average centipawn loss.
  HIGHEST_AVERAGE_CENTIPAWN_LOSS: { value: 'max(a.loss / nullif(a.decisions, 0))', descending: true },
  // |White's accuracy - Black's|: games with both sides' accuracy only.
  LARGEST_ACCURACY_GAP: { value: 'abs(max(a.accuracy) FILTER (WHERE a.side = 1) - max(a.accuracy) FILTER (WHERE a.side = 2))', descending: true },
  // The worse side's accuracy.
  LOWEST_ACCURACY: { value: 'min(a.accuracy)', descending: false },
  // Both sides' blunders.
  MOST_BLUNDERS: { value: 'sum(a.blunders)', descending: true },
};

export interface GamePage {
  /** Each game's id and its value in the order. */
  games: { gameId: bigint; value: number }[];
  totalCount: number;
  hasNextPage: boolean;
}

/**
 * Games with chess analysis, `first` of them in `order` (ties by game id), after the game
 * `after` (its value and id, from the previous page's last game); with `backward`, the `first`
 * before it, nearest first (`hasNextPage` then says more come before them).
 */
export async function chessAnalysedGames(
  db: Database,
  filter: ProgramFilter,
  options: { order: GameOrder; first: number; after?: { value: number; id: bigint }; backward?: boolean },
): Promise<GamePage> {
  const { value } = GAME_ORDER[options.order];
  // Backward (the games before `after`, nearest first) reads the order reversed.
  const backward = options.backward === true;
  const descending = GAME_ORDER[options.order].descending !== backward;
  const params: unknown[] = [];
  const { join, where } = filterSql(filter, params);
  const grouped = `SELECT a."gameId" AS id, (${value})::float8 AS v FROM "PlayerAnalysis" a${join} WHERE ${where} GROUP BY a."gameId"`;
  const countParams = params.slice();
  let after = '';
  if (options.after) {
    params.push(options.after.value, options.after.id);
    const n = params.length;
    after = ` AND (v ${descending ? '<' : '>'} $${n - 1}::float8 OR (v = $${n - 1}::float8 AND id ${backward ? '<' : '>'} $${n}::int8))`;
  }
  const [rows, count] = await Promise.all([
    db.sql.query<{ id: bigint; v: number }>(
      `SELECT id, v FROM (${grouped}) g WHERE v IS NOT NULL${after} ORDER BY v ${descending ? 'DESC' : 'ASC'}, id ${backward ? 'DESC' : 'ASC'} LIMIT ${options.first + 1}`,
      params,
    ),
    db.sql.query<{ n: bigint }>(`SELECT count(*)::int8 AS n FROM (${grouped}) g WHERE v IS NOT NULL`, countParams),
  ]);
  return {
    games: rows.slice(0, options.first).map((r) => ({ gameId: r.id, value: r.v })),
    totalCount: Number(count[0]?.n ?? 0),
    hasNextPage: rows.length > options.first,
  };
}

/** One main-line move of the evaluation graph. */
export interface GraphMove {
  ply: number;
  /** The move number PGN writes (from the start FEN's full-move number). */
  moveNumber: number;
  white: boolean;
  san: string;
  evaluation: WhiteEvaluation | null;
  winPercent: number | null;
  loss: number | null;
  accuracy: number | null;
  judgement: MoveJudgement | null;
  /** The mover's clock after the move (`[%clk]`), in seconds. */
  clock: number | null;
}

/** A game's evaluation graph: the start's evaluation and every main-line move. */
export interface EvaluationGraph {
  whiteMovesFirst: boolean;
  start: WhiteEvaluation;
  startAssumed: boolean;
  startWinPercent: number;
  moves: GraphMove[];
}

/**
 * The evaluation graph of one stored chess game, from one replay of it: each main-line move with
 * its evaluation and lichess's verdicts, the same computation the import stored the game's rows
 * from. Null for a game of another kind or variant, or whose main line carries no evaluation.
 */
export function chessEvaluationGraph(game: Game): EvaluationGraph | null {
  if (game.kind !== 'CHESS') return null;
  const parsed = storedChessGame(game);
  if (!parsed.ok || !isStandardVariant(parsed.value)) return null;
  const replay = replayGame(parsed.value, { positions: true, fens: 'evaluated' });
  if (!replay.ok) return null;
  const line = chessMainLine(parsed.value, replay.value);
  const analysis = analyseMainLine(line);
  if (!analysis) return null;
  const firstMoveNumber = Number(replay.value.start.fen.split(' ')[5]) || 1;
  const shift = line.whiteMovesFirst ? 0 : 1;
  return {
    whiteMovesFirst: line.whiteMovesFirst,
    start: analysis.start,
    startAssumed: analysis.startAssumed,
    startWinPercent: analysis.startWinPercent,
    moves: analysis.moves.map((m, i) => {
      const position = line.moves[i].position;
      let clock: number | null = null;
      for (const c of position.node.comments) clock ??= parseClock(c);
      return { ...m, moveNumber: firstMoveNumber + Math.floor((m.ply - 1 + shift) / 2), san: position.san, clock };
    }),
  };
}
