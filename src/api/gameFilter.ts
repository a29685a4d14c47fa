/**
 * The one reading of a `GameFilter` (GraphQL's input, or the JSON `GET /export` takes): each field
 * checked and turned into the storage query `GameQuery`. The `games` resolver and the export route
 * both call it, so a filter keeps the same games wherever it is given.
 */
import type { GameKind } from '../db/records';
import { type GameQuery, filterDay } from '../storage/games';
import { MAX_FILTER_TEXT, parseId, textArg } from './args';
import { badUserInput } from './errors';

/** A GameFilter as GraphQL gives it: every field optional, null when not given. */
export interface GameFilterInput {
  kind?: GameKind | null;
  player?: string | null;
  event?: string | null;
  dateFrom?: string | null;
  dateTo?: string | null;
  result?: string | null;
  text?: string | null;
  importId?: string | null;
}

/** A date field (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`) as the first (`from`) or last (`until`) day it can be. */
const dateArg = (text: string, argument: string, end: 'from' | 'until'): Date => {
  const day = filterDay(text, end);
  if (!day) throw badUserInput(`${argument} must be a year, month or day (YYYY, YYYY-MM or YYYY-MM-DD), got "${text}"`, { argument });
  return day;
};

/** An optional filter text: absent when empty, else checked (length, NUL). */
const filterText = (value: string | null | undefined, argument: string): string | undefined =>
  value ? textArg(value, argument, MAX_FILTER_TEXT) : undefined;

/**
 * A GameFilter as the storage query, each field checked; a bad one is BAD_USER_INPUT naming it
 * as `<argument>.<field>` (`filter.dateFrom`).
 */
export const gameQuery = (filter: GameFilterInput, argument = 'filter'): GameQuery => ({
  kind: filter.kind ?? undefined,
  player: filterText(filter.player, `${argument}.player`),
  event: filterText(filter.event, `${argument}.event`),
  playedFrom: filter.dateFrom ? dateArg(filter.dateFrom, `${argument}.dateFrom`, 'from') : undefined,
  playedTo: filter.dateTo ? dateArg(filter.dateTo, `${argument}.dateTo`, 'until') : undefined,
  result: filterText(filter.result, `${argument}.result`),
  text: filterText(filter.text, `${argument}.text`),
  importId: filter.importId ? parseId(filter.importId, `${argument}.importId`) : undefined,
});
