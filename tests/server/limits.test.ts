import type { AddressInfo } from 'node:net';
import { openDatabase, type Database } from '../../src/db/database';
import { createApollo, createApp, type App } from '../../src/server/app';
import { createContext } from '../../src/api/context';
import { DEFAULT_LIMITS, limitsFromEnv, type Limits } from '../../src/server/limits';
import { pgliteTemplate } from '../support/pgliteTemplate';

interface Body {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions: Record<string, unknown> }[];
}

/**
 * `positions { occurrences(first: 1) { position { occurrences(first: 1) ... { id } } } } }`, `depth`
 * fields deep: one item per level, so its cost stays low whatever its depth.
 */
const nested = (depth: number): string => {
  let inner = 'id';
  for (let level = depth - 1; level >= 2; level--) inner = `${level % 2 === 0 ? 'occurrences(first: 1)' : 'position'} { ${inner} }`;
  return `{ positions(key: "463b96181691fc9c") { ${inner} } }`;
};

const aliases = (count: number, selection: string): string =>
  `{ ${Array.from({ length: count }, (_, i) => `a${i}: ${selection}`).join(' ')} }`;

// Limits do not depend on the database: one in-memory PGlite serves the file.
describe('request limits over HTTP', () => {
  let db: Database;
  let app: App;
  let base: string;

  beforeAll(async () => {
    db = await openDatabase({ poolSize: 1, statementTimeoutMs: 0, pgliteTemplate: await pgliteTemplate() });
    // The shared anonymous budget (cost.test.ts) is lifted: these tests send many queries in a row.
    app = await createApp({ db, limits: { ...DEFAULT_LIMITS, costPerSecond: 1_000_000 } });
    await new Promise<void>((resolve) => app.httpServer.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(app.httpServer.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app.apollo.stop();
    await db.close();
  });

  const post = async (query: string, variables?: Record<string, unknown>) => {
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, body: (await response.json()) as Body };
  };

  it('refuses a depth-20 query before execution with QUERY_LIMIT_EXCEEDED', async () => {
    const { status, body } = await post(nested(20));
    expect(status).toBe(400);
    expect(body.data).toBeUndefined();
    expect(body.errors).toContainEqual({
      message: 'Query depth 20 is over the limit of 10',
      extensions: { code: 'QUERY_LIMIT_EXCEEDED', limit: 'depth', max: 10, found: 20 },
    });
    // Depth is checked while validating; the cost of an operation that is not valid is not computed.
    expect(body.errors?.map((e) => e.extensions.limit)).toEqual(['depth']);
  });

  it('runs a query at the depth limit', async () => {
    expect(await post(nested(10))).toEqual({ status: 200, body: { data: { positions: [] } } });
  });

  it('refuses 1,000 aliases with QUERY_LIMIT_EXCEEDED', async () => {
    expect(await post(aliases(1000, '__typename'))).toEqual({
      status: 400,
      body: {
        errors: [
          {
            message: 'Query aliases 1000 is over the limit of 30',
            extensions: { code: 'QUERY_LIMIT_EXCEEDED', limit: 'aliases', max: 30, found: 1000 },
          },
        ],
      },
    });
  });

  it('allows 20 aliased lookups in one request', async () => {
    const { status, body } = await post(aliases(20, 'serverInfo { version database importFormats }'));
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(Object.keys(body.data ?? {})).toHaveLength(20);
    expect(body.data?.a19).toEqual(body.data?.a0);
    expect(body.data?.a19).toMatchObject({ database: 'pglite' });
  });

  it('allows 20 aliased position lookups with their scores and occurrences', async () => {
    const lookup = 'positions(key: "463b96181691fc9c") { id key board occurrenceCount scores { program value } occurrences(first: 5) { number game { id player1 player2 } } }';
    const { status, body } = await post(aliases(20, lookup));
    expect(body.errors).toBeUndefined();
    expect(status).toBe(200);
    expect(Object.values(body.data ?? {})).toEqual(Array.from({ length: 20 }, () => []));
  });

  it('refuses a query whose cost is over the limit', async () => {
    const { status, body } = await post('{ games(first: 100) { nodes { plies { position { occurrences(first: 50) { number } } } } } }');
    expect(status).toBe(400);
    expect(body.errors).toEqual([
      {
        message: expect.stringMatching(new RegExp(`^Query cost \\d+ is over the limit of ${DEFAULT_LIMITS.maxCost}$`)),
        extensions: { code: 'QUERY_LIMIT_EXCEEDED', limit: 'cost', max: DEFAULT_LIMITS.maxCost, found: expect.any(Number) },
      },
    ]);
  });

  it('refuses a query whose page size comes from a variable when its cost is over the limit', async () => {
    const query = 'query ($n: Int) { games(first: $n) { nodes { plies { position { svg occurrences(first: 50) { game { id } } } } } } }';
    const { status, body } = await post(query, { n: 100 });
    expect(status).toBe(400);
    expect(body.errors?.[0].extensions).toMatchObject({ code: 'QUERY_LIMIT_EXCEEDED', limit: 'cost', max: DEFAULT_LIMITS.maxCost });
    expect(body.errors?.[0].extensions.found).toBeGreaterThan(DEFAULT_LIMITS.maxCost);
  });

  it("counts a page size left out at the argument's default", async () => {
    // games(first:) defaults to 20: 20 games of 50 occurrences of their plies' positions.
    const { status, body } = await post('{ games { nodes { plies { position { occurrences(first: 50) { number } } } } } }');
    expect(status).toBe(400);
    expect(body.errors?.[0].extensions).toMatchObject({ code: 'QUERY_LIMIT_EXCEEDED', limit: 'cost' });
  });

  it('counts a backward page by its last, not by the default of first', async () => {
    // A game's plies count 300 (their bound): 2 games are within the limit, 20 (first's default) are not.
    const page = (args: string) => `{ games(${args}) { nodes { plies { number } } } }`;
    expect((await post(page('last: 2'))).status).toBe(200);
    const { status, body } = await post(page('last: 20'));
    expect(status).toBe(400);
    expect(body.errors?.[0].extensions).toMatchObject({ code: 'QUERY_LIMIT_EXCEEDED', limit: 'cost' });
  });

  it('runs the same query with a small page size from a variable', async () => {
    // Two games of 300 plies (the bound a game counts for): 2 × (1 + 1 + 300 × (1 + 1)).
    const query = 'query ($n: Int) { games(first: $n) { nodes { plies { number } } } }';
    const { status, body } = await post(query, { n: 2 });
    expect(body.errors).toBeUndefined();
    expect(status).toBe(200);
  });

  it('refuses a document with more tokens than the limit while parsing', async () => {
    const { status, body } = await post(`{ serverInfo { ${'version '.repeat(5000)}} }`);
    expect(status).toBe(400);
    expect(body).toEqual({
      errors: [
        {
          message: 'Query tokens are over the limit of 5000',
          locations: [{ line: 1, column: expect.any(Number) }],
          extensions: { code: 'QUERY_LIMIT_EXCEEDED', limit: 'tokens', max: 5000 },
        },
      ],
    });
  });

  it('refuses more than 50 directives', async () => {
    const { status, body } = await post(`{ serverInfo { version ${'@include(if: true) '.repeat(51)}} }`);
    expect(status).toBe(400);
    expect(body.errors?.[0].extensions).toEqual({ code: 'QUERY_LIMIT_EXCEEDED', limit: 'directives', max: 50, found: 51 });
  });

  it('answers introspection by default', async () => {
    const { status, body } = await post('{ __schema { queryType { name } } }');
    expect({ status, body }).toEqual({ status: 200, body: { data: { __schema: { queryType: { name: 'Query' } } } } });
  });
});

describe('configured limits (in-process)', () => {
  let db: Database;

  beforeAll(async () => {
    db = await openDatabase({ poolSize: 1, statementTimeoutMs: 0, pgliteTemplate: await pgliteTemplate() });
  });

  afterAll(async () => {
    await db.close();
  });

  const run = async (limits: Limits, query: string) => {
    const apollo = createApollo({ db, limits });
    const response = await apollo.executeOperation({ query }, { contextValue: createContext(db) });
    if (response.body.kind !== 'single') throw new Error('expected a single result');
    return response.body.singleResult;
  };

  it('reads the limits from the environment, with defaults', () => {
    expect(limitsFromEnv({})).toEqual(DEFAULT_LIMITS);
    expect(
      limitsFromEnv({
        TABULA_MAX_DEPTH: '4',
        TABULA_MAX_ALIASES: '2',
        TABULA_MAX_COST: '100',
        TABULA_MAX_TOKENS: '250',
        TABULA_MAX_DIRECTIVES: '5',
        TABULA_INTROSPECTION: '0',
      }),
    ).toEqual({ ...DEFAULT_LIMITS, maxDepth: 4, maxAliases: 2, maxCost: 100, maxTokens: 250, maxDirectives: 5, introspection: false });
    expect(() => limitsFromEnv({ TABULA_MAX_DEPTH: '0' })).toThrow('TABULA_MAX_DEPTH must be a whole number above 0, got "0"');
    expect(() => limitsFromEnv({ TABULA_INTROSPECTION: 'sometimes' })).toThrow('TABULA_INTROSPECTION must be 1 or 0');
  });

  it('applies a lower depth limit', async () => {
    const result = await run({ ...DEFAULT_LIMITS, maxDepth: 3 }, nested(4));
    expect(result.errors?.[0].extensions).toEqual({ code: 'QUERY_LIMIT_EXCEEDED', limit: 'depth', max: 3, found: 4 });
  });

  it('applies a lower alias limit', async () => {
    const result = await run({ ...DEFAULT_LIMITS, maxAliases: 2 }, aliases(3, 'serverInfo { version }'));
    expect(result.errors?.[0].extensions).toEqual({ code: 'QUERY_LIMIT_EXCEEDED', limit: 'aliases', max: 2, found: 3 });
  });

  it('refuses introspection when it is turned off, without field suggestions', async () => {
    const limits = { ...DEFAULT_LIMITS, introspection: false };
    const introspection = await run(limits, '{ __schema { queryType { name } } }');
    expect(introspection.errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(introspection.data).toBeUndefined();
    const typo = await run(limits, '{ serverInf { version } }');
    expect(typo.errors?.[0].message).not.toContain('Did you mean');
  });
});
