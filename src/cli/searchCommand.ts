/**
 * `tabula search --kind go --pattern FILE_OR_JSON [filter options]`: the games whose main line
 * reaches a pattern (`patternSearch`, src/storage/patternSearch.ts), each at its first match, and
 * the moves played from the matching positions, as two tab-separated tables.
 */
import fs from 'node:fs';
import type { Database } from '../db/database';
import { gameOf } from '../games/index';
import { gamesInOrder } from '../storage/games';
import { type PatternSearch, patternSearch, readPattern } from '../storage/patternSearch';
import { type FilterOptionsCli, filterQuery, positionFilter } from './filterExport';
import { formatCount } from './numbers';
import { UsageError } from './usage';

/** The options of `tabula search`, as commander gives them. */
export interface SearchOptionsCli extends FilterOptionsCli {
  pattern?: string;
  first?: string;
}

/** Most matching games `--first` prints. */
const MAX_FIRST = 100_000;

/** What `tabula search` runs: the search (its pattern read by the kind's language) and how many matches to print. */
export interface SearchPlan {
  search: PatternSearch;
  first: number;
}

/** `--pattern`: a file holding the pattern's JSON, or the JSON itself. */
const patternOption = (text: string | undefined): unknown => {
  if (text === undefined || text === '') throw new UsageError('search needs --pattern: a pattern as JSON, or a file holding one');
  const isFile = fs.existsSync(text) && fs.statSync(text).isFile();
  const json = isFile ? fs.readFileSync(text, 'utf8') : text;
  try {
    return JSON.parse(json);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new UsageError(isFile ? `--pattern ${text}: the file holds no JSON (${why})` : `--pattern takes a pattern as JSON or a file holding one; "${text}" is no file, and no JSON (${why})`);
  }
};

/** The command line checked before the database is opened. */
export const checkSearch = (values: SearchOptionsCli): SearchPlan => {
  const query = filterQuery(values);
  if (query.kind === undefined) throw new UsageError('search needs --kind: the game the pattern is of (chess, go, backgammon, crossword)');
  const pattern = patternOption(values.pattern);
  const given = values.first ?? '20';
  if (!/^\d{1,6}$/.test(given.trim()) || Number(given) > MAX_FIRST) throw new UsageError(`--first takes a whole number from 0 to ${MAX_FIRST}, got "${given}"`);
  const read = readPattern(query.kind, gameOf(query.kind).patterns, pattern);
  if (!read.ok) throw new UsageError(read.message);
  return { search: { kind: query.kind, language: read.language, pattern, query: read.query, filter: query }, first: Number(given) };
};

const plural = (n: number, one: string, many: string): string => `${formatCount(n)} ${n === 1 ? one : many}`;

/** A number of a table, or `-` for none. */
const cell = (value: number | null): string => (value === null ? '-' : String(Math.round(value)));

/** Prints the matching games (the first `--first`) and the continuations; exit status 0. */
export async function searchCommand(db: Database, values: SearchOptionsCli, print: (line: string) => void): Promise<number> {
  const checked = checkSearch(values);
  const search = { ...checked.search, filter: await positionFilter(db, checked.search.filter, values.position) };
  const page = await patternSearch(db, search, { first: checked.first });
  print(`${plural(page.gameCount, 'game matches', 'games match')}, at ${plural(page.totalCount, 'ply', 'plies')} in all`);
  if (page.matches.length > 0) {
    const games = new Map((await gamesInOrder(db, page.matches.map((m) => m.gameId))).map((g) => [g.id, g]));
    print(['game', 'player1', 'player2', 'date', 'ply'].join('\t'));
    for (const m of page.matches) {
      const g = games.get(m.gameId);
      print([m.gameId, g?.player1 ?? '-', g?.player2 ?? '-', g?.dateText ?? '-', m.ply].join('\t'));
    }
  }
  if (page.hasNextPage) print(`… and ${plural(page.gameCount - page.matches.length, 'more game', 'more games')} (--first N prints more)`);
  if (page.continuations.length === 0) {
    print('no continuations');
    return 0;
  }
  print('continuations (results from the side that played the move)');
  print(['move', 'side', 'games', 'wins', 'draws', 'losses', 'unknown', 'rating', 'opponents', 'performance'].join('\t'));
  for (const c of page.continuations) {
    print([c.move, c.byFirst ? 'first' : 'second', c.count, c.wins, c.draws, c.losses, c.unknown, cell(c.averageRating), cell(c.averageOpponentRating), cell(c.performance)].join('\t'));
  }
  return 0;
}
