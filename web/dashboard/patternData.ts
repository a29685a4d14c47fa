/**
 * The Pattern search tab's question to the API: `patternSearch(kind, pattern, filter, first,
 * after)` (docs/API.md, "Pattern search"), one page of matching games with a diagram of each at its
 * first match, the counts and the continuations. An error keeps the API's code, so the tab can
 * explain a timeout.
 */
import { postGraphQL } from '../shared/api';
import type { GameFilter, GameKind, MoveStat } from './explorerData';

/** Matching games listed a page. */
export const PAGE_SIZE = 10;
/** The width of each match's diagram, px. */
export const DIAGRAM_SIZE = 180;

export interface PatternMatchRow {
  cursor: string;
  game: { id: string; player1: string | null; player2: string | null; date: string | null; result: string | null; event: string | null };
  ply: { number: number; nextMove: string | null; svg: string };
}

export type Continuation = Pick<MoveStat, 'move' | 'count' | 'wins' | 'draws' | 'losses' | 'unknown' | 'averageRating' | 'performance'>;

export interface PatternPage {
  totalCount: number;
  gameCount: number;
  matches: PatternMatchRow[];
  hasNextPage: boolean;
  endCursor: string | null;
  continuations: Continuation[];
}

/** An answer the API refused, with its code (`BAD_USER_INPUT`, `QUERY_TIMEOUT`, ...) and, for a bad argument, which one. */
export class PatternSearchError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly argument: string | undefined,
  ) {
    super(message);
  }
}

const SEARCH = `query DashboardPatternSearch($kind: GameKind!, $pattern: JSON!, $filter: GameFilter, $first: Int, $after: String) {
  patternSearch(kind: $kind, pattern: $pattern, filter: $filter, first: $first, after: $after) {
    totalCount gameCount
    edges { cursor node { game { id player1 player2 date result event } ply { number nextMove svg(size: ${DIAGRAM_SIZE}) } } }
    pageInfo { hasNextPage endCursor }
    continuations { move count wins draws losses unknown averageRating performance }
  }
}`;

interface Answer {
  patternSearch: {
    totalCount: number;
    gameCount: number;
    edges: { cursor: string; node: { game: PatternMatchRow['game']; ply: PatternMatchRow['ply'] } }[];
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
    continuations: Continuation[];
  };
}

/** A page of the games of `kind` whose main line reaches `pattern`, after the cursor `after`. */
export async function searchPatterns(kind: GameKind, pattern: unknown, filter: GameFilter | null, after: string | null): Promise<PatternPage> {
  const result = await postGraphQL<Answer>({ query: SEARCH, variables: { kind, pattern, filter, first: PAGE_SIZE, after } });
  const error = result.errors?.[0];
  if (error) {
    const extensions = error.extensions as { code?: string; details?: { argument?: string } } | undefined;
    throw new PatternSearchError(error.message, extensions?.code, extensions?.details?.argument);
  }
  if (!result.data) throw new PatternSearchError('no data in the answer', undefined, undefined);
  const p = result.data.patternSearch;
  return {
    totalCount: p.totalCount,
    gameCount: p.gameCount,
    matches: p.edges.map((e) => ({ cursor: e.cursor, game: e.node.game, ply: e.node.ply })),
    hasNextPage: p.pageInfo.hasNextPage,
    endCursor: p.pageInfo.endCursor,
    continuations: p.continuations,
  };
}

/** What the tab says for a refused search: the API's words, and for a timeout or a spent budget what to do. */
export const explainError = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  if (!(error instanceof PatternSearchError)) return error.message;
  switch (error.code) {
    case 'QUERY_TIMEOUT':
      return 'The search took longer than the server allows and was stopped. Narrow it: a filter (dates, a player, ratings, speeds) searches fewer games, and a more specific pattern rules more of them out.';
    case 'QUERY_LIMIT_EXCEEDED':
      return `${error.message} A pattern search is expensive: wait a few seconds before the next one, or enter an API token at the top of the page.`;
    case 'UNAUTHENTICATED':
      return `${error.message} (enter an API token at the top of the page)`;
    default:
      return error.message;
  }
};
