/**
 * `patternSearch` through GraphQL, around the languages: chess lends a test language (a text in the
 * board's placement; tests/support/patternLanguages.ts) whose answers are counted from the rated
 * fixture by chess.js. A kind with no language and a pattern the language refuses are
 * BAD_USER_INPUT naming what is wrong; pages follow each other with `after`; the filter narrows the
 * games searched; a search past the statement timeout is QUERY_TIMEOUT; the cost limit counts it.
 */
import { buildSchema, parse, type OperationDefinitionNode } from 'graphql';
import type { Database } from '../../src/db/database';
import { operationCost } from '../../src/server/cost';
import { CONTINUATION_BOUND, PATTERN_SEARCH } from '../../src/server/fieldCosts';
import { loadTypeDefs } from '../../src/server/schema';
import { describeEachDatabase } from '../support/databases';
import { dataOf, graphqlClient, type Gql } from '../support/graphql';
import { RATED_PGN, ratedGames } from '../support/ratedGames';
import { expectedSearch, lendPatternLanguage, placementLanguage } from '../support/patternLanguages';

const fixture = ratedGames();
const TEXT = '4P3';

const SEARCH = `query ($kind: GameKind!, $pattern: JSON!, $filter: GameFilter, $first: Int, $after: String) {
  patternSearch(kind: $kind, pattern: $pattern, filter: $filter, first: $first, after: $after) {
    totalCount gameCount
    edges { cursor node { game { id round } ply { number nextMove position { key } game { id } } } }
    pageInfo { hasNextPage hasPreviousPage endCursor }
    continuations { move count wins draws losses firstPlayerWins secondPlayerWins averageRating san score }
  }
}`;

interface Found {
  patternSearch: {
    totalCount: number;
    gameCount: number;
    edges: { cursor: string; node: { game: { id: string; round: string }; ply: { number: number; nextMove: string | null; position: { key: string }; game: { id: string } } } }[];
    pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string | null };
    continuations: { move: string; count: number; wins: number; draws: number; losses: number; san: string | null; score: number | null }[];
  };
}

describeEachDatabase('patternSearch', (getDb) => {
  let gql: Gql;
  let restore: () => void;

  beforeAll(async () => {
    restore = lendPatternLanguage('CHESS', placementLanguage());
    gql = graphqlClient(getDb());
    dataOf(await gql('mutation ($d: String!) { importGames(format: PGN, data: $d) { gameCount } }', { d: RATED_PGN }));
  });
  afterAll(() => restore());

  /** Every matching game, page after page of `first`, as (round, ply) with the pages' count. */
  const allPages = async (first: number, filter?: Record<string, unknown>) => {
    const seen: { round: number; ply: number }[] = [];
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const r: Found = dataOf(await gql<Found>(SEARCH, { kind: 'CHESS', pattern: { placement: TEXT }, filter, first, after }));
      const page = r.patternSearch;
      pages++;
      expect(page.pageInfo.hasPreviousPage).toBe(after !== null);
      for (const { node } of page.edges) {
        expect(node.ply.game.id).toBe(node.game.id);
        seen.push({ round: Number(node.game.round), ply: node.ply.number });
      }
      if (!page.pageInfo.hasNextPage) return { seen, pages, last: page };
      after = page.pageInfo.endCursor;
    }
  };

  it('lists the matching games a page at a time with `after`, each at its first matching ply, with the counts', async () => {
    const expected = expectedSearch(fixture, TEXT);
    const { seen, pages, last } = await allPages(9);
    // The fixture's Round tag is its game's place in the file, from 1.
    expect(seen).toEqual(expected.matches.map((m) => ({ round: m.index + 1, ply: m.ply })));
    expect(pages).toBe(Math.ceil(expected.matches.length / 9));
    expect([last.totalCount, last.gameCount]).toEqual([expected.totalCount, expected.matches.length]);
  });

  it("gives the matching ply's position and the move played from it, and the continuations as the explorer's rows", async () => {
    const r = dataOf(await gql<Found>(SEARCH, { kind: 'CHESS', pattern: { placement: TEXT }, first: 1 }));
    const [edge] = r.patternSearch.edges;
    const game = fixture[Number(edge.node.game.round) - 1];
    expect(edge.node.ply.nextMove).toBe(game.sans[edge.node.ply.number] ?? null);
    const expected = expectedSearch(fixture, TEXT);
    const counts = [...expected.continuations.values()].map((c) => c.games).sort((a, b) => b - a);
    expect(r.patternSearch.continuations.map((c) => c.count)).toEqual(counts);
    // Chess answers the deprecated SAN field; a continuation has no verdict.
    for (const c of r.patternSearch.continuations) expect([c.san, c.score]).toEqual([c.move, null]);
  });

  it('searches only the games the filter keeps', async () => {
    const expected = expectedSearch(fixture, TEXT, (g) => g.mean !== null && g.mean <= 2000);
    const { seen, last } = await allPages(100, { maxRating: 2000 });
    expect(seen.map((s) => s.round)).toEqual(expected.matches.map((m) => m.index + 1));
    expect(last.totalCount).toBe(expected.totalCount);
  });

  it('refuses a pattern the language does not read, naming its key', async () => {
    const r = await gql(SEARCH, { kind: 'CHESS', pattern: { placement: '' } });
    expect(r.errors?.[0].message).toBe('pattern.placement: must be a non-empty text, got ""');
    expect(r.errors?.[0].extensions).toEqual({ code: 'BAD_USER_INPUT', details: { argument: 'pattern.placement' } });
  });

  it('refuses a kind whose game has no pattern language', async () => {
    const own = lendPatternLanguage('GO', undefined);
    try {
      const r = await gql(SEARCH, { kind: 'GO', pattern: {} });
      expect(r.errors?.[0].message).toMatch(/^kind: GO games have no pattern language/);
      expect(r.errors?.[0].extensions).toEqual({ code: 'BAD_USER_INPUT', details: { argument: 'kind' } });
    } finally {
      own();
    }
  });

  it('refuses a cursor it did not give out', async () => {
    const r = await gql(SEARCH, { kind: 'CHESS', pattern: { placement: TEXT }, after: 'bm90IGEgY3Vyc29y' });
    expect(r.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('answers QUERY_TIMEOUT when the search runs past the statement timeout', async () => {
    const slowDb: Database = { ...getDb(), statementTimeoutMs: 1 };
    const back = lendPatternLanguage('CHESS', placementLanguage({ slowMs: 3 }));
    try {
      const r = await graphqlClient(slowDb)(SEARCH, { kind: 'CHESS', pattern: { placement: TEXT } });
      expect(r.errors?.[0].extensions).toEqual({ code: 'QUERY_TIMEOUT', retryable: false });
    } finally {
      back();
    }
  });
});

describe('the cost of a pattern search', () => {
  it('counts its scan, its page of matches and its continuations', () => {
    const schema = buildSchema(loadTypeDefs().join('\n'));
    const query = '{ patternSearch(kind: CHESS, pattern: {}, first: 10) { totalCount edges { node { ply { number } } } continuations { move count } } }';
    const document = parse(query);
    const operation = document.definitions[0] as OperationDefinitionNode;
    // own + 1 × (1 + totalCount 1 + 10 edges × (1 + node (1 + ply (1 + number 1))) + continuations × (1 + move 1 + count 1))
    expect(Math.round(operationCost(schema, document, operation, {}))).toBe(PATTERN_SEARCH + 1 + 1 + 10 * (1 + 1 + 1 + 1) + CONTINUATION_BOUND * 3);
  });
});
