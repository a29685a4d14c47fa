/**
 * The games a game's own query (its score analysis) counts, handed down as SQL: a `GameFilter` is
 * read once for every query (`api/gameFilter.ts`) and turned into conditions on a `"Game"` row
 * (`storage/gameFilter.ts`), both above the games; a game module only ANDs them in.
 */

/** Conditions on the `"Game"` row aliased `alias` that must all hold, their values appended to `params` (numbered after the caller's). */
export type KeptGames = (params: unknown[], alias: string) => string[];

/** `kept`'s conditions on the `"Game"` row `alias` (none when every game is kept), their values appended to `params`. */
export const keptGameConditions = (kept: KeptGames | undefined, params: unknown[], alias = 'g'): string[] => (kept ? kept(params, alias) : []);
