/**
 * Bad input never comes back as INTERNAL_SERVER_ERROR: NUL characters anywhere in an operation,
 * over-long filter texts, LIKE wildcards, a persisted query whose hash does not match, and a
 * subscription each get a code of their own that names what is wrong.
 */
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { createApp, type App } from '../../src/server/app';
import { describeEachDatabase } from '../support/databases';
import { graphqlClient, dataOf } from '../support/graphql';

interface Body {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions: Record<string, unknown> }[];
}

const PGN = (white: string) => `[Event "t"]\n[White "${white}"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 1-0\n`;

describeEachDatabase('bad input', (getDb) => {
  let app: App;
  let base: string;

  beforeAll(async () => {
    app = await createApp({ db: getDb() });
    await new Promise<void>((resolve) => app.httpServer.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(app.httpServer.address() as AddressInfo).port}`;
    const gql = graphqlClient(getDb());
    dataOf(await gql('mutation ($d: String!) { importGames(format: PGN, data: $d) { gameCount } }', { d: PGN('A_B%C') + '\n' + PGN('Plain') }));
  });

  afterAll(async () => {
    await app.apollo.stop();
  });

  const post = async (payload: Record<string, unknown>) => {
    const response = await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
    return { status: response.status, body: (await response.json()) as Body };
  };

  it('refuses a NUL in a filter literal, naming the argument and offset', async () => {
    const { status, body } = await post({ query: '{ games(filter: { player: "ab\\u0000c" }) { totalCount } }' });
    expect(status).toBe(400);
    expect(body.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: { argument: 'filter.player', offset: 2, line: 1 } });
  });

  it('refuses a NUL in a variable inside a list, naming its path', async () => {
    const { body } = await post({
      query: 'query ($k: [String!]!) { positionsByKeys(keys: $k, kind: CHESS) { key } }',
      variables: { k: ['463b96181691fc9c', 'x\u0000'] },
    });
    expect(body.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: { argument: '$k[1]', offset: 1 } });
  });

  it('refuses a NUL in an imported PGN, naming its line, before asking for a token', async () => {
    const { status, body } = await post({ query: 'mutation ($d: String!) { importGames(format: PGN, data: $d) { gameCount } }', variables: { d: PGN('X\u0000Y') } });
    expect(status).toBe(400);
    expect(body.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: { argument: "$d", offset: 21, line: 2 } });
  });

  it('refuses a NUL in a program name', async () => {
    const { body } = await post({ query: '{ goScoreDistribution(program: "fu\\u0000ego") { score } }' });
    expect(body.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: { argument: 'program' } });
  });

  it('refuses a filter text longer than 200 characters', async () => {
    const { body } = await post({ query: 'query ($t: String) { games(filter: { text: $t }) { totalCount } }', variables: { t: 'x'.repeat(100_000) } });
    expect(body.errors?.[0]).toMatchObject({
      message: 'filter.text is 100000 characters long; at most 200 are allowed',
      extensions: { code: 'BAD_USER_INPUT', details: { argument: 'filter.text' } },
    });
  });

  it('reads % and _ in a filter literally, not as wildcards', async () => {
    const count = async (player: string) =>
      ((await post({ query: 'query ($p: String) { games(filter: { player: $p }) { totalCount } }', variables: { p: player } })).body.data?.games as { totalCount: number })
        .totalCount;
    expect(await count('%')).toBe(1);
    expect(await count('_')).toBe(1);
    expect(await count('a_b%c')).toBe(1);
    expect(await count('a%c')).toBe(0);
  });

  it('refuses a persisted query whose hash does not match its text', async () => {
    const { status, body } = await post({
      query: '{ serverInfo { version } }',
      extensions: { persistedQuery: { version: 1, sha256Hash: createHash('sha256').update('something else').digest('hex') } },
    });
    expect(status).toBe(400);
    expect(body.errors?.[0].extensions.code).not.toBe('INTERNAL_SERVER_ERROR');
    expect(body.errors?.[0].extensions.code).toMatch(/^(BAD_REQUEST|PERSISTED_QUERY_)/);
  });

  it('refuses a subscription: the schema has none', async () => {
    const { status, body } = await post({ query: 'subscription { serverInfo { version } }' });
    expect(status).toBe(400);
    expect(body.errors?.[0]).toEqual({ message: 'tabula has no subscriptions: send a query or a mutation', extensions: { code: 'BAD_REQUEST' } });
  });

  it('refuses a variable nested 5,000 levels deep with BAD_USER_INPUT, not a server error', async () => {
    // Written by hand: JSON.stringify itself recurses.
    const body5000 = `{"query":"query ($k: [String!]!) { positionsByKeys(keys: $k, kind: CHESS) { key } }","variables":{"k":${'['.repeat(5000)}"x"${']'.repeat(5000)}}}`;
    const response = await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body5000 });
    const { status, body } = { status: response.status, body: (await response.json()) as Body };
    expect(status).toBe(400);
    expect(body.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: { argument: '$k', maxDepth: 32 } });
  });

  it('refuses a NUL deep inside a variable (below the depth limit), naming its path', async () => {
    const { body } = await post({ query: 'query ($f: GameFilter) { games(filter: $f) { totalCount } }', variables: { f: { player: 'ok', event: 'a\u0000' } } });
    expect(body.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: { argument: '$f.event', offset: 1 } });
  });

  it('refuses a 1 MB lexicon import option, naming options.lexicon', async () => {
    const gql = graphqlClient(getDb());
    const result = await gql('mutation ($d: String!, $o: ImportOptions) { importGames(format: GCG, data: $d, options: $o) { gameCount } }', {
      d: '#player1 a A\n#player2 b B\n',
      o: { lexicon: 'L'.repeat(1_000_000) },
    });
    expect(result.errors?.[0]).toMatchObject({
      message: 'option options.lexicon is 1,000,000 characters long; at most 1,000 are allowed',
      extensions: { code: 'BAD_USER_INPUT', details: { argument: 'options.lexicon' } },
    });
  });

  it('stores the first 1,000 letters of a 10,000-letter White tag, with a warning naming the game, line and field', async () => {
    const gql = graphqlClient(getDb());
    const report = dataOf(
      await gql<{ importGames: { games: { player1: string; player2: string }[]; warnings: { gameIndex: number; code: string; message: string }[] } }>(
        'mutation ($d: String!) { importGames(format: PGN, data: $d) { games { player1 player2 } warnings { gameIndex code message } } }',
        { d: PGN('W'.repeat(10_000)) },
      ),
    ).importGames;
    expect(report.games).toEqual([{ player1: 'W'.repeat(1000), player2: 'B' }]);
    expect(report.warnings).toEqual([
      { gameIndex: 0, code: 'TEXT_TRUNCATED', message: 'game 1, line 2 of the game: player1 is 10,000 characters (10,000 bytes) long; the first 1,000 characters (1,000 bytes) are stored' },
    ]);
  });
});
