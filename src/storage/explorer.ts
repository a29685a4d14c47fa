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
import { type PlySource, plyHasKey } from './occurrences';
import { indexKey, keyReads } from '../db/positionIndex';
import { positionsByKeys } from './lookups';
import { scoresOfPositions } from './rows';

export interface MoveStats {
  move: string;
  count: number;
  /** Games won by the first player (White in chess, Black in Go). */
  firstWins: number;
  draws: number;
  secondWins: number;
  /** Games with no decisive or drawn result (`*`, unknown). */
  unknown: number;
  /** Crossword: the points the play scored (the board decides them, so every game that played it scored the same). */
  playPoints?: number;
  /** Backgammon and crossword: the points the games were worth to the first player, over `pointGames` games with such a result. */
  firstPoints: number;
  pointGames: number;
}

interface MoveRow {
  [column: string]: unknown;
  move: string;
  games: bigint;
  first: bigint;
  draws: bigint;
  second: bigint;
  points: number;
  pointGames: bigint;
}

const mean = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0) / values.length;

/** Moves from a position, most played first; main lines only unless `includeVariations`. */
export async function moveStats(db: Database, source: PlySource, kind: GameKind, key: string, includeVariations: boolean): Promise<MoveStats[]> {
  const k = indexKey(kind, key);
  const [kept, cold] = await Promise.all([
    db.sql.query<MoveRow>(
      `SELECT move, sum(games)::int8 AS games, sum("firstWins")::int8 AS first, sum(draws)::int8 AS draws,
         sum("secondWins")::int8 AS second, sum("firstPoints")::float8 AS points, sum("pointGames")::int8 AS "pointGames"
       FROM "PositionMove" WHERE kind = $1::"GameKind" AND hash = $2 AND ("mainLine" OR $3::boolean)
       GROUP BY move`,
      [kind, k.hash, includeVariations],
    ),
    keyReads(db.sql, k, source.memo).then((reads) => reads.cold),
  ]);
  const stats = new Map<string, MoveStats>();
  const entry = (move: string): MoveStats => {
    let s = stats.get(move);
    if (!s) stats.set(move, (s = { move, count: 0, firstWins: 0, draws: 0, secondWins: 0, unknown: 0, firstPoints: 0, pointGames: 0 }));
    return s;
  };
  for (const r of kept) {
    const s = entry(r.move);
    s.count += Number(r.games);
    s.firstWins += Number(r.first);
    s.draws += Number(r.draws);
    s.secondWins += Number(r.second);
    s.firstPoints += r.points;
    s.pointGames += Number(r.pointGames);
  }
  // The other occurrences: each game once per move, from its replay, with the outcome stored on the game (all games asked at once, so a loader batches them).
  const wanted = cold.filter((p) => includeVariations || p.mainLine);
  const [replays, games] = await Promise.all([
    Promise.all(wanted.map((p) => source.plies(p.gameId))),
    Promise.all(wanted.map((p) => source.game(p.gameId))),
  ]);
  const counted = new Set<string>();
  wanted.forEach((p, i) => {
    const ply = replays[i].find((r) => r.node === p.node);
    const move = ply ? (ply.ply.explorerMove ?? ply.ply.nextMove) : null;
    if (!ply || !move || !plyHasKey(ply, kind, key) || counted.has(`${p.gameId} ${move}`)) return;
    counted.add(`${p.gameId} ${move}`);
    const s = entry(move);
    s.count++;
    const outcome = games[i]?.outcome;
    if (outcome === 'FIRST') s.firstWins++;
    else if (outcome === 'SECOND') s.secondWins++;
    else if (outcome === 'DRAW') s.draws++;
    const points = games[i]?.firstPoints ?? null;
    if (points !== null) {
      s.firstPoints += points;
      s.pointGames++;
    }
  });
  // Moves as the game writes them to a reader; two counted texts that read the same are one move.
  const rules = gameOf(kind).explorer;
  const shown = new Map<string, MoveStats>();
  for (const s of stats.values()) {
    const move = rules.shownMove(key, s.move);
    const same = shown.get(move);
    const playPoints = rules.playPoints?.(s.move);
    if (!same) shown.set(move, { ...s, move, ...(playPoints === undefined ? {} : { playPoints }) });
    else for (const f of ['count', 'firstWins', 'draws', 'secondWins', 'firstPoints', 'pointGames'] as const) same[f] += s[f];
  }
  const out = [...shown.values()];
  for (const s of out) s.unknown = s.count - s.firstWins - s.draws - s.secondWins;
  return out.sort((a, b) => b.count - a.count || (a.move < b.move ? -1 : a.move > b.move ? 1 : 0));
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
}

/**
 * The mean stored score of the position each move leads to (stored from the first player's side,
 * here from the mover's), by move, for a game whose moves are judged so; a move whose position
 * has no score is absent.
 */
async function childScores(db: Database, kind: GameKind, rules: ExplorerRules, board: string, moverIsFirst: boolean, moves: string[]): Promise<Map<string, number>> {
  const children = rules.childKeys?.(board, moves);
  if (!children || children.size === 0) return new Map();
  const rows = await positionsByKeys(db, [...children.values()].map((key) => ({ kind, key })));
  const scores = await scoresOfPositions(db, rows.flat().map((p) => p.id));
  const byKey = new Map<string, number[]>();
  for (const p of rows.flat()) byKey.set(p.key, scores.filter((s) => s.positionId === p.id).map((s) => s.value));
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
): Promise<MoveStat[]> {
  const { kind, key } = position;
  const stats = await moveStats(db, source, kind, key, includeVariations);
  const rules = gameOf(kind).explorer;
  const first = rules.moverIsFirst(position.sideToMove);
  const moves = stats.map((s) => s.move);
  const [scores, verdicts] = await Promise.all([
    position.board ? childScores(db, kind, rules, position.board, first, moves) : new Map<string, number>(),
    stats.length > 0 ? playVerdicts(db, rules, position) : new Map<string, PlayVerdict>(),
  ]);
  return stats.map((s) => ({
    move: s.move,
    count: s.count,
    wins: first ? s.firstWins : s.secondWins,
    draws: s.draws,
    losses: first ? s.secondWins : s.firstWins,
    unknown: s.unknown,
    firstWins: s.firstWins,
    secondWins: s.secondWins,
    score: scores.get(s.move) ?? verdicts.get(s.move)?.value ?? s.playPoints ?? null,
    error: verdicts.get(s.move)?.error ?? null,
    points: s.pointGames > 0 ? (first ? s.firstPoints : -s.firstPoints) / s.pointGames : null,
  }));
}
