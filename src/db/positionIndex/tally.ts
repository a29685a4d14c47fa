/**
 * What the explorer counts of the games that played a move: how many, how they ended, the points
 * they were worth, the players' ratings and the latest date. The index writer sums it per hot
 * position and flush (`PositionMove`); the filtered explorer sums it over the games a filter
 * keeps. Both add games with `addToTally`, so both count alike. Pure.
 */
import type { Outcome } from '../records';

/** What the tally reads of a game. */
export interface TalliedGame {
  outcome: Outcome;
  /** The points the game was worth to the first player, or null. */
  firstPoints: number | null;
  player1Rating: number | null;
  player2Rating: number | null;
  /** The first day the game can have been played on (`YYYY-MM-DD`), or null. */
  playedOn: string | null;
}

/**
 * Sums over games, by player: the first player is White in chess, Black in Go. A performance
 * counts the games where the opponent's rating and the result are known (`firstPerf*`: the first
 * player's games against a rated second player).
 */
export interface MoveTally {
  games: number;
  firstWins: number;
  draws: number;
  secondWins: number;
  firstPoints: number;
  pointGames: number;
  firstRatingSum: number;
  firstRated: number;
  secondRatingSum: number;
  secondRated: number;
  firstPerfGames: number;
  firstPerfOpponentSum: number;
  firstPerfScore: number;
  secondPerfGames: number;
  secondPerfOpponentSum: number;
  secondPerfScore: number;
  /** The latest `playedOn` of the games (`YYYY-MM-DD`), or null. */
  lastPlayed: string | null;
}

/** The numeric fields of a tally, in `PositionMove`'s column order (the writer's COPY and the reader's sums). */
export const TALLY_NUMBERS = [
  'games', 'firstWins', 'draws', 'secondWins', 'firstPoints', 'pointGames',
  'firstRatingSum', 'firstRated', 'secondRatingSum', 'secondRated',
  'firstPerfGames', 'firstPerfOpponentSum', 'firstPerfScore', 'secondPerfGames', 'secondPerfOpponentSum', 'secondPerfScore',
] as const;

export const emptyTally = (): MoveTally => ({
  games: 0, firstWins: 0, draws: 0, secondWins: 0, firstPoints: 0, pointGames: 0,
  firstRatingSum: 0, firstRated: 0, secondRatingSum: 0, secondRated: 0,
  firstPerfGames: 0, firstPerfOpponentSum: 0, firstPerfScore: 0, secondPerfGames: 0, secondPerfOpponentSum: 0, secondPerfScore: 0,
  lastPlayed: null,
});

/** The first player's score in a game: 1, ½ or 0; null when the result is unknown. */
const firstScore = (outcome: Outcome): number | null => (outcome === 'FIRST' ? 1 : outcome === 'DRAW' ? 0.5 : outcome === 'SECOND' ? 0 : null);

/** Adds one game to `t`. */
export function addToTally(t: MoveTally, g: TalliedGame): void {
  t.games++;
  if (g.outcome === 'FIRST') t.firstWins++;
  else if (g.outcome === 'DRAW') t.draws++;
  else if (g.outcome === 'SECOND') t.secondWins++;
  if (g.firstPoints !== null) {
    t.firstPoints += g.firstPoints;
    t.pointGames++;
  }
  const [r1, r2] = [g.player1Rating, g.player2Rating];
  if (r1 !== null) {
    t.firstRatingSum += r1;
    t.firstRated++;
  }
  if (r2 !== null) {
    t.secondRatingSum += r2;
    t.secondRated++;
  }
  const score = firstScore(g.outcome);
  if (score !== null && r2 !== null) {
    t.firstPerfGames++;
    t.firstPerfOpponentSum += r2;
    t.firstPerfScore += score;
  }
  if (score !== null && r1 !== null) {
    t.secondPerfGames++;
    t.secondPerfOpponentSum += r1;
    t.secondPerfScore += 1 - score;
  }
  if (g.playedOn !== null && (t.lastPlayed === null || g.playedOn > t.lastPlayed)) t.lastPlayed = g.playedOn;
}

/** Adds `b` into `a`. */
export function mergeTally(a: MoveTally, b: MoveTally): void {
  for (const f of TALLY_NUMBERS) a[f] += b[f];
  if (b.lastPlayed !== null && (a.lastPlayed === null || b.lastPlayed > a.lastPlayed)) a.lastPlayed = b.lastPlayed;
}
