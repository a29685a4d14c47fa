/**
 * Which games a query keeps, as SQL: one condition per filter over a `"Game"` row, used by the
 * page of games, the filtered explorer, top games and export alike, so every list answers a
 * filter the same way.
 */
import type { GameKind, Speed } from '../db/records';
import { escapeLike } from '../db/sql';

/** Which side of the board a player had: the first player (White in chess, Black in Go) or the second. */
export type Side = 'FIRST' | 'SECOND';

/** Which games to list; every field narrows the list, absent fields do not. */
export interface GameQuery {
  kind?: GameKind;
  /** Only games of these kinds (an export's format holds some kinds only). */
  kinds?: readonly GameKind[];
  /** Part of either player's name, any case (with `playerSide`: of that side's player). */
  player?: string;
  playerSide?: Side;
  /** Part of the event's name, any case. */
  event?: string;
  /** Played on or after this day (a game known only to its month or year: possibly). */
  playedFrom?: Date;
  /** Played on or before this day (a game known only to its month or year: possibly). */
  playedTo?: Date;
  result?: string;
  /** Part of a player's, the event's or the site's name, any case. */
  text?: string;
  importId?: bigint;
  /** Bounds on the mean of the two ratings; a game without both ratings is out when either is given. */
  minRating?: number;
  maxRating?: number;
  speeds?: readonly Speed[];
  /** An ECO code or its prefix (`B9`). */
  eco?: string;
  minPlies?: number;
  maxPlies?: number;
  /** Whether an analysis program's verdicts on the players' decisions are stored. */
  analysed?: boolean;
  /** Only these games (those that reached a position). */
  gameIds?: readonly bigint[];
}


/**
 * The conditions on the row `g` that `query` sets (all must hold), their values appended to
 * `params` (so the caller numbers its own parameters around them).
 */
export function gameConditions(query: GameQuery, params: unknown[], g = 'g'): string[] {
  const and: string[] = [];
  const p = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const contains = (text: string) => p(`%${escapeLike(text)}%`);
  if (query.kind) and.push(`${g}.kind = ${p(query.kind)}::"GameKind"`);
  if (query.kinds) and.push(`${g}.kind::text = ANY(${p(query.kinds)}::text[])`);
  if (query.player) {
    const name = contains(query.player);
    const like = (column: string) => `${g}.${column} ILIKE ${name}`;
    and.push(query.playerSide === 'FIRST' ? like('player1') : query.playerSide === 'SECOND' ? like('player2') : `(${like('player1')} OR ${like('player2')})`);
  }
  if (query.event) and.push(`${g}.event ILIKE ${contains(query.event)}`);
  // A written date is a range of days (playedOn..playedUntil): it matches when the ranges overlap.
  if (query.playedFrom) and.push(`${g}."playedUntil" >= ${p(query.playedFrom.toISOString().slice(0, 10))}::date`);
  if (query.playedTo) and.push(`${g}."playedOn" <= ${p(query.playedTo.toISOString().slice(0, 10))}::date`);
  if (query.result) and.push(`${g}.result = ${p(query.result)}`);
  if (query.importId !== undefined) and.push(`${g}."importId" = ${p(query.importId)}`);
  if (query.text) {
    const t = contains(query.text);
    and.push(`(${['player1', 'player2', 'event', 'site'].map((c) => `${g}.${c} ILIKE ${t}`).join(' OR ')})`);
  }
  if (query.minRating !== undefined) and.push(`${g}."meanRating" >= ${p(query.minRating)}`);
  if (query.maxRating !== undefined) and.push(`${g}."meanRating" <= ${p(query.maxRating)}`);
  if (query.speeds) and.push(`${g}.speed::text = ANY(${p(query.speeds)}::text[])`);
  if (query.eco) and.push(`${g}.eco LIKE ${p(`${escapeLike(query.eco)}%`)}`);
  if (query.minPlies !== undefined) and.push(`${g}."plyCount" >= ${p(query.minPlies)}`);
  if (query.maxPlies !== undefined) and.push(`${g}."plyCount" <= ${p(query.maxPlies)}`);
  if (query.analysed !== undefined) {
    and.push(`${query.analysed ? '' : 'NOT '}EXISTS (SELECT 1 FROM "PlayerAnalysis" a WHERE a."gameId" = ${g}.id)`);
  }
  if (query.gameIds) and.push(`${g}.id = ANY(${p(query.gameIds)}::int8[])`);
  return and;
}

/** `WHERE …` for `query` (empty text when it keeps every game). */
export const gameWhere = (query: GameQuery, params: unknown[], g = 'g'): string => {
  const and = gameConditions(query, params, g);
  return and.length > 0 ? `WHERE ${and.join(' AND ')}` : '';
};
