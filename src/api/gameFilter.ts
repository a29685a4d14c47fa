/**
 * `GameFilter` as the storage's `GameQuery`: each field checked and named when wrong, and the
 * position a filter names turned into the games that reached it. Every query that takes a
 * filter (games, the explorer, top games, export, the games' score analyses) reads it here.
 */
import type { Database } from '../db/database';
import type { GameKind, Speed } from '../db/records';
import { filterDay } from '../storage/games';
import type { KeptGames } from '../games/keptGames';
import { type GameQuery, gameConditions } from '../storage/gameFilter';
import type { PlySource } from '../storage/occurrences';
import { type ReachedKey, positionsNamed, queryReaching } from '../storage/reachedPositions';
import { MAX_FILTER_TEXT, MAX_KEY_TEXT, parseId, textArg } from './args';
import { badUserInput } from './errors';

/** The filter as GraphQL's `GameFilter` input (and `/export`'s `filter` JSON) gives it: absent fields are null or missing. */
export interface GameFilter {
  kind?: GameKind | null;
  player?: string | null;
  playerSide?: 'FIRST' | 'SECOND' | null;
  event?: string | null;
  dateFrom?: string | null;
  dateTo?: string | null;
  result?: string | null;
  text?: string | null;
  importId?: string | null;
  minRating?: number | null;
  maxRating?: number | null;
  speeds?: readonly Speed[] | null;
  position?: string | null;
  eco?: string | null;
  minPlies?: number | null;
  maxPlies?: number | null;
  analysed?: boolean | null;
}

/** A date argument (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`) as the first (`from`) or last (`until`) day it can be. */
export const dateArg = (text: string, argument: string, end: 'from' | 'until'): Date => {
  const day = filterDay(text, end);
  if (!day) throw badUserInput(`${argument} must be a year, month or day (YYYY, YYYY-MM or YYYY-MM-DD), got "${text}"`, { argument });
  return day;
};

/** An optional filter text: absent when empty, else checked (length, NUL). */
const filterText = (value: string | null | undefined, argument: string): string | undefined =>
  value ? textArg(value, argument, MAX_FILTER_TEXT) : undefined;

/** An optional whole number of at least `min`. */
const countArg = (value: number | null | undefined, argument: string, min = 0): number | undefined => {
  if (value === null || value === undefined) return undefined;
  if (value < min) throw badUserInput(`${argument} must be at least ${min}, got ${value}`, { argument });
  return value;
};

/** An ECO code (`B90`) or its prefix (`B9`, `B`). */
const ecoArg = (value: string | null | undefined, argument: string): string | undefined => {
  if (value === null || value === undefined || value === '') return undefined;
  const eco = value.trim().toUpperCase();
  if (!/^[A-E](\d\d?)?$/.test(eco)) throw badUserInput(`${argument} must be an ECO code or its prefix (A..E then up to two digits: B90, B9, B), got "${value}"`, { argument });
  return eco;
};

/** A filter's fields that need no database, checked; `prefix` names the argument (`filter`). */
export function gameQueryArg(filter: GameFilter, prefix = 'filter'): GameQuery {
  const name = (field: string) => `${prefix}.${field}`;
  const minRating = countArg(filter.minRating, name('minRating'));
  const maxRating = countArg(filter.maxRating, name('maxRating'));
  const minPlies = countArg(filter.minPlies, name('minPlies'));
  const maxPlies = countArg(filter.maxPlies, name('maxPlies'));
  const player = filterText(filter.player, name('player'));
  if (filter.playerSide && !player) throw badUserInput(`${name('playerSide')} needs ${name('player')}: the side of which player`, { argument: name('playerSide') });
  return {
    kind: filter.kind ?? undefined,
    player,
    playerSide: filter.playerSide ?? undefined,
    event: filterText(filter.event, name('event')),
    playedFrom: filter.dateFrom ? dateArg(filter.dateFrom, name('dateFrom'), 'from') : undefined,
    playedTo: filter.dateTo ? dateArg(filter.dateTo, name('dateTo'), 'until') : undefined,
    result: filterText(filter.result, name('result')),
    text: filterText(filter.text, name('text')),
    importId: filter.importId ? parseId(filter.importId, name('importId')) : undefined,
    minRating,
    maxRating,
    speeds: filter.speeds ?? undefined,
    eco: ecoArg(filter.eco, name('eco')),
    minPlies,
    maxPlies,
    analysed: filter.analysed ?? undefined,
  };
}

/** The positions `text` names (any form `findPositions` reads); refused, naming `argument`, when it names none. */
async function positionsOf(db: Database, source: PlySource, text: string, argument: string): Promise<ReachedKey[]> {
  const named = await positionsNamed(db, source, textArg(text, argument, MAX_KEY_TEXT));
  if (!named.ok) throw badUserInput(`${argument}: ${named.reason}`, { argument });
  return named.keys;
}

/**
 * A filter as the storage query without its position, and the positions it names (null: none):
 * for the lists that find a position's games in memory (`reachingGamesPage`).
 */
export async function gameQueryAndPositions(
  db: Database,
  source: PlySource,
  filter: GameFilter | null | undefined,
  prefix = 'filter',
): Promise<{ query: GameQuery; positions: ReachedKey[] | null }> {
  if (!filter) return { query: {}, positions: null };
  const query = gameQueryArg(filter, prefix);
  return { query, positions: filter.position ? await positionsOf(db, source, filter.position, `${prefix}.position`) : null };
}

/** A filter as the storage query, each field checked, its position turned into the games that reached it. */
export async function gameQueryOf(db: Database, source: PlySource, filter: GameFilter | null | undefined, prefix = 'filter'): Promise<GameQuery> {
  if (!filter) return {};
  const { query, positions } = await gameQueryAndPositions(db, source, filter, prefix);
  return positions ? queryReaching(db, source, query, positions) : query;
}

/**
 * A filter as the games a game's own query (its score analysis) keeps: the filter's conditions on
 * a `"Game"` row, for the game module to AND in; undefined when there is no filter.
 */
export async function keptGamesOf(db: Database, source: PlySource, filter: GameFilter | null | undefined, prefix = 'filter'): Promise<KeptGames | undefined> {
  if (!filter) return undefined;
  const query = await gameQueryOf(db, source, filter, prefix);
  return (params, alias) => gameConditions(query, params, alias);
}
