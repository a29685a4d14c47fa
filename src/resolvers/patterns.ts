/** Pattern search: the games of a kind whose main line reaches a pattern, read by the game's pattern language. */
import type { Resolvers } from '../generated/graphql';
import { connection, decodeCursor, encodeCursor, loadOrNotFound, pageSize } from '../api/args';
import { badUserInput } from '../api/errors';
import { gameQueryOf } from '../api/gameFilter';
import { gameOf } from '../games';
import { mainLineOccurrence } from '../storage/occurrences';
import { type PatternMatch, patternSearch, readPattern } from '../storage/patternSearch';
import { moveStatFields } from './positions';

/** Most matching games on one page. */
const MAX_PAGE = 100;

/** The cursor of a matching game: its id. */
const CURSOR = 'pattern';

export const patternResolvers: Resolvers = {
  Query: {
    patternSearch: async (_, { kind, pattern, filter, first, after }, { db, loaders }) => {
      const read = readPattern(kind, gameOf(kind).patterns, pattern);
      if (!read.ok) throw badUserInput(read.message, { argument: read.argument });
      const take = pageSize(first, 20, MAX_PAGE);
      const afterId = decodeCursor(CURSOR, after);
      const query = await gameQueryOf(db, loaders.source, filter);
      const page = await patternSearch(db, { kind, language: read.language, pattern, query: read.query, filter: query }, { first: take, after: afterId });
      const cursorOf = (match: PatternMatch) => encodeCursor(CURSOR, match.gameId);
      const { edges, pageInfo } = connection(page.matches, cursorOf, page.totalCount, page.hasNextPage, afterId !== undefined);
      return {
        totalCount: page.totalCount,
        gameCount: page.gameCount,
        edges,
        pageInfo,
        continuations: page.continuations.map((m) => moveStatFields(kind, m)),
      };
    },
  },
  PatternMatch: {
    game: (match, _, { loaders }) => loadOrNotFound(loaders.game.load(match.gameId), 'game'),
    /** The main-line ply: its number known, the game replayed only for the fields that read it (one replay per game per request, as `Game.mainLine`). */
    ply: (match) => mainLineOccurrence(match.gameId, match.ply),
  },
};
