/**
 * The cost of a query (issue 25, item 5): lists count their length (a game's plies at their bound,
 * `positionsByKeys` its keys), the expensive fields their own cost; an anonymous query over the
 * limit is refused before it runs, saying its cost; a response over the size limit is not sent;
 * a client can ask a query's cost without running it. The queries the documentation and the web
 * pages show stay under the anonymous limit.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildSchema, parse, type OperationDefinitionNode } from 'graphql';
import type { Database } from '../../src/db/database';
import { createApp, type App } from '../../src/server/app';
import { costMemo, operationCost } from '../../src/server/cost';
import { EXPLORER, GO_COMPARISON, INDEX_READ, KEY_LOOKUP, PLY_BOUND } from '../../src/server/fieldCosts';
import { costBucket, DEFAULT_LIMITS, limitsFromEnv, type Limits } from '../../src/server/limits';
import { loadTypeDefs } from '../../src/server/schema';
import { createToken } from '../../src/storage/tokens';
import { EXAMPLES } from '../../web/explorer/examples';
import { describeEachDatabase } from '../support/databases';

const schema = buildSchema(loadTypeDefs().join('\n'));

const costOf = (query: string, variables: Record<string, unknown> = {}): number => {
  const document = parse(query);
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
  if (!operation) throw new Error('no operation');
  return Math.round(operationCost(schema, document, operation, variables));
};

/** positionsByKeys' own cost: one lookup per key. */
const BY_KEYS = 1000 * KEY_LOOKUP;
const KEYS = Array.from({ length: 1000 }, (_, i) => (i + 1).toString(16).padStart(16, '0'));
const aliases = (count: number, selection: string): string => `{ ${Array.from({ length: count }, (_, i) => `a${i}: ${selection}`).join(' ')} }`;

/** The heavy queries of issue 25, item 5, with their cost as the model counts it. */
const HEAVY: { name: string; query: string; variables?: Record<string, unknown>; cost: number }[] = [
  // the page (1) + 100 games × (1 + 300 plies × (1 + svg 10))
  { name: 'diagrams of every ply of 100 games', query: '{ games(first: 100) { nodes { plies { svg } } } }', cost: 1 + 100 * (1 + PLY_BOUND * 11) },
  // 1 + 100 × (1 + 300 × (1 + position (1 + occurrenceCount)))
  { name: 'occurrence counts of every ply of 100 games', query: '{ games(first: 100) { nodes { plies { position { occurrenceCount } } } } }', cost: 1 + 100 * (1 + PLY_BOUND * (2 + INDEX_READ)) },
  // positionsByKeys: own (a lookup per key) + 1,000 keys × (1 + occurrenceCount)
  { name: 'occurrence counts of 1,000 keys', query: 'query ($k: [String!]!) { positionsByKeys(keys: $k) { occurrenceCount } }', variables: { k: KEYS }, cost: BY_KEYS + 1000 * (1 + INDEX_READ) },
  // 1,000 × (1 + explorer + 20 moves × (1 + 2))
  { name: 'the explorer of 1,000 keys', query: 'query ($k: [String!]!) { positionsByKeys(keys: $k) { moves { move count } } }', variables: { k: KEYS }, cost: BY_KEYS + 1000 * (1 + EXPLORER + 60) },
  // 1,000 × (1 + svg at 2048 px: 3 + 7 × 2048 / 360 = 43)
  { name: '1,000 diagrams 2048 px wide', query: 'query ($k: [String!]!) { positionsByKeys(keys: $k) { svg(size: 2048) } }', variables: { k: KEYS }, cost: BY_KEYS + 1000 * 44 },
  // 1,000 × (1 + occurrences + 3 × (1 + game (1 + 300 plies × (1 + 1))))
  {
    name: 'the plies of the games of 3 occurrences of 1,000 keys',
    query: 'query ($k: [String!]!) { positionsByKeys(keys: $k) { occurrences(first: 3) { game { plies { number } } } } }',
    variables: { k: KEYS },
    cost: BY_KEYS + 1000 * (1 + INDEX_READ + 3 * (1 + 1 + PLY_BOUND * 2)),
  },
  { name: '30 exports of every Go position file', query: aliases(30, 'exportGoPositions'), cost: 30 * 5000 },
  { name: '30 exports of one import', query: aliases(30, 'exportGoPositions(importId: "1")'), cost: 30 * 2000 },
  // findPositions: own 150 + 10 match states of a backgammon board × (1 + id 1 + occurrenceCount)
  { name: '30 position searches by a backgammon board', query: aliases(30, 'findPositions(text: "4HPwATDgc/ABMA") { id occurrenceCount }'), cost: 30 * (150 + 10 * (2 + INDEX_READ)) },
  // goScoreDiff: own 6,000 + 1 + its page of 50 nodes × (1 + 1)
  {
    name: '30 Go score comparisons',
    query: aliases(30, 'goScoreDiff(a: { program: "x" }, b: { program: "y" }) { nodes { difference } }'),
    cost: 30 * (GO_COMPARISON + 1 + 50 * 2),
  },
];

describe('the cost of an operation', () => {
  it.each(HEAVY.map((h) => [h.name, h] as const))('counts %s over the anonymous limit', (_name, heavy) => {
    expect(costOf(heavy.query, heavy.variables)).toBe(heavy.cost);
    expect(heavy.cost).toBeGreaterThan(DEFAULT_LIMITS.maxCost);
  });

  it('counts a list without `first` at its bound and a list argument at its length', () => {
    expect(costOf('{ game(id: "1") { plies { number } } }')).toBe(1 + PLY_BOUND * 2);
    expect(costOf('query ($k: [String!]!) { positionsByKeys(keys: $k) { key } }', { k: KEYS.slice(0, 7) })).toBe(7 * KEY_LOOKUP + 7 * 2);
  });

  it('counts a diagram by its size', () => {
    expect(costOf('{ decodePositionId(id: "4HPwATDgc/ABMA") { svg(size: 16) } }')).toBe(1 + 3 + 0);
    expect(costOf('{ decodePositionId(id: "4HPwATDgc/ABMA") { svg } }')).toBe(1 + 10);
    expect(costOf('{ decodePositionId(id: "4HPwATDgc/ABMA") { svg(size: 2048) } }')).toBe(1 + 43);
  });

  it('counts a page size from a variable and from the default', () => {
    expect(costOf('query ($n: Int) { games(first: $n) { nodes { id } } }', { n: 7 })).toBe(1 + 7 * 2);
    expect(costOf('{ games { nodes { id } totalCount } }')).toBe(1 + 20 * 2 + INDEX_READ);
  });

  it('counts every pair of Go score sets as one comparison, 100 pairs with every field under the anonymous limit', () => {
    // own 6,000 + 100 pairs × (1 + a (1 + 3) + b (1 + 3) + sharedPositions 1)
    const cost = costOf('{ goScoreSetPairs(first: 100) { a { program ruleset positions } b { program ruleset positions } sharedPositions } }');
    expect(cost).toBe(GO_COMPARISON + 100 * 10);
    expect(cost).toBeLessThan(DEFAULT_LIMITS.maxCost);
  });

  it('counts a fragment where it is spread', () => {
    expect(costOf('fragment F on GamePosition { occurrenceCount } { positions(key: "463b96181691fc9c") { ...F } chessPosition(fen: "8/8/8/8/8/8/8/K1k5 w - - 0 1") { ...F } }')).toBe(
      KEY_LOOKUP + 2 * (1 + INDEX_READ) + 5 + 1 + INDEX_READ,
    );
  });
});

/** Every ```graphql block of the documentation, with the file and line it starts on. */
const documentedQueries = (): { where: string; query: string }[] => {
  const found: { where: string; query: string }[] = [];
  const files = ['README.md', ...fs.readdirSync(path.join(__dirname, '../../docs')).map((f) => `docs/${f}`)];
  for (const file of files) {
    const lines = fs.readFileSync(path.join(__dirname, '../..', file), 'utf8').split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (lines[i].trim() !== '```graphql') continue;
      const end = lines.findIndex((l, j) => j > i && l.trim() === '```');
      const text = lines.slice(i + 1, end).join('\n');
      if (/^\s*(query|\{|fragment)/m.test(text) && !/^\s*(type|extend|input|enum|interface|schema|scalar|directive)\b/m.test(text)) {
        found.push({ where: `${file}:${i + 2}`, query: text });
      }
      i = end;
    }
  }
  return found;
};

/**
 * The operations the dashboard sends: every template literal of web/dashboard and web/shared that
 * holds `query Name`, with the `${CONSTANT}` pieces it interpolates filled in from the same file.
 */
const dashboardQueries = (): { where: string; query: string }[] => {
  const found: { where: string; query: string }[] = [];
  for (const dir of ['web/dashboard', 'web/shared']) {
    for (const file of fs.readdirSync(path.join(__dirname, '../..', dir)).filter((f) => f.endsWith('.ts'))) {
      const text = fs.readFileSync(path.join(__dirname, '../..', dir, file), 'utf8');
      const constants = new Map<string, string>();
      for (const m of text.matchAll(/const (\w+) = (?:`([^`]*)`|'([^']*)'|(\d+));/g)) constants.set(m[1], m[2] ?? m[3] ?? m[4]);
      const fill = (t: string, depth = 0): string => (depth > 5 ? t : t.replace(/\$\{(\w+)\}/g, (_, name: string) => fill(constants.get(name) ?? '', depth + 1)));
      for (const m of text.matchAll(/[`'](query \w+[^`']*)[`']/g)) found.push({ where: `${dir}/${file}`, query: fill(m[1]) });
    }
  }
  return found;
};

describe('the cost remembered per operation', () => {
  /** One parsed document sent with each of `variables` in turn, costed by one memo and afresh. */
  const both = (query: string, variables: Record<string, unknown>[]): { remembered: number[]; fresh: number[] } => {
    const document = parse(query);
    const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
    if (!operation) throw new Error('no operation');
    const memo = costMemo();
    return {
      remembered: variables.map((v) => memo(schema, document, operation, v)),
      fresh: variables.map((v) => operationCost(schema, document, operation, v)),
    };
  };

  it('is the cost computed afresh, whatever values the variables take, given or not', () => {
    const lookup = both('query ($k: String!, $kind: GameKind) { positions(key: $k, kind: $kind) { id } }', [
      { k: 'a', kind: 'GO' },
      { k: 'b', kind: 'GO' },
      { k: 'a' },
      { k: 'b', kind: null },
      { k: 'c', kind: 'CHESS' },
      { kind: 'GO' },
    ]);
    expect(lookup.remembered).toEqual(lookup.fresh);
    expect(new Set(lookup.fresh).size).toBeGreaterThan(1);
    const keys = both('query ($k: [String!]!) { positionsByKeys(keys: $k, kind: GO) { id } }', [{ k: ['a'] }, { k: ['b'] }, { k: KEYS.slice(0, 20) }, { k: KEYS }, { k: 'a' }]);
    expect(keys.remembered).toEqual(keys.fresh);
    const pages = both('query ($n: Int, $f: GameFilter) { games(first: $n, filter: $f) { nodes { plies { svg } } } }', [{ n: 1 }, { n: 2 }, {}, { n: null }, { n: 2, f: { player: 'x' } }, { n: 1 }]);
    expect(pages.remembered).toEqual(pages.fresh);
    expect(new Set(pages.fresh).size).toBeGreaterThan(2);
  });

  it('remembers a list of keys whose length alone counts by its length, without reading its keys', () => {
    const document = parse('query ($k: [String!]!) { positionsByKeys(keys: $k, kind: GO) { id } }');
    const operation = document.definitions[0] as OperationDefinitionNode;
    const memo = costMemo();
    let itemsRead = 0;
    /** A list of `n` keys that counts the reads of its items. */
    const counted = (n: number): string[] =>
      new Proxy(
        Array.from({ length: n }, (_, i) => `k${i}`),
        { get: (target, key) => (typeof key === 'string' && /^\d+$/.test(key) && itemsRead++, Reflect.get(target, key)) },
      );
    const costs = [20, 20, 20, 3].map((n) => memo(schema, document, operation, { k: counted(n) }));
    expect(costs).toEqual([20, 20, 20, 3].map((n) => operationCost(schema, document, operation, { k: Array.from({ length: n }, (_, i) => `x${i}`) })));
    expect(costs[0]).toBeGreaterThan(costs[3]);
    expect(itemsRead).toBe(0);
  });

  it('reads the whole list where a rule reads more of it than its length', () => {
    const document = parse('query ($k: [String!]!) { positionsByKeys(keys: $k, kind: GO) { id } }');
    const operation = document.definitions[0] as OperationDefinitionNode;
    const reads: string[] = [];
    operationCost(schema, document, operation, { k: ['a', 'b'] }, (name, how) => reads.push(`${name}:${how}`));
    expect(new Set(reads)).toEqual(new Set(['k:length']));
    const literal = parse('query ($a: String!) { positionsByKeys(keys: [$a, "b"], kind: GO) { id } }');
    const inList: string[] = [];
    operationCost(schema, literal, literal.definitions[0] as OperationDefinitionNode, { a: 'x' }, (name, how) => inList.push(`${name}:${how}`));
    expect(new Set(inList)).toEqual(new Set(['a:value']));
  });

  it('is the cost computed afresh for every heavy query, sent twice', () => {
    for (const heavy of HEAVY) {
      const { remembered, fresh } = both(heavy.query, [heavy.variables ?? {}, heavy.variables ?? {}]);
      expect(remembered).toEqual(fresh);
    }
  });
});

describe('the queries the documentation and the explorer show', () => {
  const documented = documentedQueries();
  const dashboard = dashboardQueries();

  it('include every query the dashboard sends, under the limit', () => {
    expect(dashboard.length).toBeGreaterThan(20);
    const costs = dashboard.map(({ where, query }) => ({ where, name: /query (\w+)/.exec(query)?.[1], cost: costOf(query) }));
    expect(costs.filter((c) => c.cost > DEFAULT_LIMITS.maxCost)).toEqual([]);
  });

  it('are found', () => {
    expect(documented.length).toBeGreaterThan(5);
    expect(EXAMPLES.length).toBeGreaterThan(5);
  });

  it('cost less than the anonymous limit', () => {
    const over = [
      ...documented.flatMap(({ where, query }) => {
        let document;
        try {
          document = parse(query);
        } catch {
          return []; // a fragment of a query, shown in prose
        }
        return document.definitions
          .filter((d) => d.kind === 'OperationDefinition' && d.operation === 'query')
          .map(() => ({ where, cost: costOf(query) }));
      }),
      ...EXAMPLES.map((e, i) => ({ where: `explorer example ${i + 1}`, cost: costOf(e.query, e.variables ? JSON.parse(e.variables) : {}) })),
    ].filter((q) => q.cost > DEFAULT_LIMITS.maxCost);
    expect(over).toEqual([]);
  });
});

describe('the bucket of cost an anonymous client draws on', () => {
  it('spends what it holds, refills at its rate up to its capacity, and says when to retry', () => {
    let now = 0;
    const bucket = costBucket(100, 300, () => now);
    expect(bucket.take(250)).toEqual({ ok: true });
    expect(bucket.take(100)).toEqual({ ok: false, retryAfterMs: 500 });
    now = 500;
    expect(bucket.take(100)).toEqual({ ok: true });
    now = 60_000;
    expect(bucket.take(301)).toEqual({ ok: false, retryAfterMs: 10 });
    expect(bucket.take(300)).toEqual({ ok: true });
  });
});

describe('the limits read from the environment', () => {
  it('takes each role its cost and response-size limit, with defaults', () => {
    expect(limitsFromEnv({})).toEqual(DEFAULT_LIMITS);
    expect(
      limitsFromEnv({
        TABULA_MAX_COST: '50',
        TABULA_MAX_COST_WRITER: '500',
        TABULA_MAX_COST_ADMIN: '5000',
        TABULA_MAX_RESPONSE_SIZE: '1kb',
        TABULA_MAX_RESPONSE_SIZE_WRITER: '2mb',
        TABULA_MAX_RESPONSE_SIZE_ADMIN: '3000',
        TABULA_COST_PER_SECOND: '700',
        TABULA_FREE_COST: '20',
      }),
    ).toMatchObject({ costPerSecond: 700, freeCost: 20, maxCost: 50, maxCostWriter: 500, maxCostAdmin: 5000, maxResponseBytes: 1024, maxResponseBytesWriter: 2 * 1024 ** 2, maxResponseBytesAdmin: 3000 });
    expect(() => limitsFromEnv({ TABULA_MAX_RESPONSE_SIZE: 'lots' })).toThrow('TABULA_MAX_RESPONSE_SIZE must be a size such as 10mb, 512kb or a number of bytes, got "lots"');
    expect(() => limitsFromEnv({ TABULA_MAX_COST_WRITER: '-1' })).toThrow('TABULA_MAX_COST_WRITER must be a whole number above 0');
  });
});

interface Body {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions: Record<string, unknown> }[];
  extensions?: Record<string, unknown>;
}

describeEachDatabase('cost and response-size limits over HTTP', (getDb) => {
  let db: Database;
  let app: App;
  let base: string;
  const tokens: Record<string, string> = {};
  // The shared anonymous budget is lifted here (its own test below sets a small one).
  const LIMITS: Limits = { ...DEFAULT_LIMITS, costPerSecond: 1_000_000, maxResponseBytes: 2000, maxResponseBytesWriter: 1_000_000 };

  beforeAll(async () => {
    db = getDb();
    app = await createApp({ db, limits: LIMITS });
    await new Promise<void>((resolve) => app.httpServer.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(app.httpServer.address() as AddressInfo).port}`;
    for (const role of ['reader', 'writer', 'admin'] as const) tokens[role] = (await createToken(db, `cost-${role}`, role)).token;
  });

  afterAll(async () => {
    await app.apollo.stop();
  });

  const post = async (query: string, variables?: Record<string, unknown>, options: { token?: string; extensions?: Record<string, unknown> } = {}) => {
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
      body: JSON.stringify({ query, variables, extensions: options.extensions }),
    });
    return { status: response.status, body: (await response.json()) as Body };
  };

  it.each(HEAVY.map((h) => [h.name, h] as const))('refuses %s from an anonymous client, saying its cost', async (_name, heavy) => {
    expect(await post(heavy.query, heavy.variables)).toEqual({
      status: 400,
      body: {
        errors: [
          {
            message: `Query cost ${heavy.cost} is over the limit of ${DEFAULT_LIMITS.maxCost}`,
            extensions: { code: 'QUERY_LIMIT_EXCEEDED', limit: 'cost', max: DEFAULT_LIMITS.maxCost, found: heavy.cost },
          },
        ],
      },
    });
  });

  it("applies a reader token the anonymous limit, a writer's and an admin's their own", async () => {
    const query = 'query ($k: [String!]!) { positionsByKeys(keys: $k) { occurrenceCount } }';
    const cost = BY_KEYS + 1000 * (1 + INDEX_READ);
    const refusal = async (q: string, token: string) => (await post(q, { k: KEYS }, { token })).body.errors?.[0]?.extensions ?? null;
    expect(await refusal(query, tokens.reader)).toEqual({ code: 'QUERY_LIMIT_EXCEEDED', limit: 'cost', max: DEFAULT_LIMITS.maxCost, found: cost });
    expect(await refusal(query, tokens.writer)).toEqual({ code: 'QUERY_LIMIT_EXCEEDED', limit: 'cost', max: DEFAULT_LIMITS.maxCostWriter, found: cost });
    // A dry run says the cost and the caller's limit without running the query.
    const dryRun = async (q: string, token: string) => (await post(q, { k: KEYS }, { token, extensions: { cost: 'dryRun' } })).body;
    expect(await dryRun(query, tokens.admin)).toEqual({ extensions: { cost: { requested: cost, limit: DEFAULT_LIMITS.maxCostAdmin } } });
    const plies = '{ games(first: 2) { nodes { plies { svg } } } }';
    expect(await dryRun(plies, tokens.writer)).toEqual({ extensions: { cost: { requested: 1 + 2 * (1 + PLY_BOUND * 11), limit: DEFAULT_LIMITS.maxCostWriter } } });
    expect(await dryRun(plies, tokens.reader)).toEqual({ extensions: { cost: { requested: 1 + 2 * (1 + PLY_BOUND * 11), limit: DEFAULT_LIMITS.maxCost } } });
  });

  it('reports the cost and the limit on the response when the request asks', async () => {
    expect(await post('{ games(first: 3) { nodes { id } } }', {}, { extensions: { cost: true } })).toEqual({
      status: 200,
      body: { data: { games: { nodes: [] } }, extensions: { cost: { requested: 7, limit: DEFAULT_LIMITS.maxCost } } },
    });
  });

  it('answers a dry run with the cost alone, without running the query', async () => {
    const heavy = HEAVY[0];
    expect(await post(heavy.query, {}, { extensions: { cost: 'dryRun' }, token: tokens.admin })).toEqual({
      status: 200,
      body: { extensions: { cost: { requested: heavy.cost, limit: DEFAULT_LIMITS.maxCostAdmin } } },
    });
    // A dry run of a mutation writes nothing.
    const before = await db.sql.query<{ n: string }>('SELECT count(*)::text AS n FROM "ZobristTable"');
    const dry = await post('mutation { activateZobristTable(name: "nowhere") { name } }', {}, { extensions: { cost: 'dryRun' }, token: tokens.admin });
    expect(dry).toEqual({ status: 200, body: { extensions: { cost: { requested: 2, limit: DEFAULT_LIMITS.maxCostAdmin } } } });
    expect(await db.sql.query<{ n: string }>('SELECT count(*)::text AS n FROM "ZobristTable"')).toEqual(before);
  });

  it('refuses a response larger than the caller may receive, instead of sending it', async () => {
    // 20 aliased diagrams of about 2 kB each: over 2,000 bytes for an anonymous client, under a writer's 1,000,000.
    const query = aliases(20, 'decodePositionId(id: "4HPwATDgc/ABMA") { svg(size: 100) }');
    const anonymous = await post(query);
    expect(anonymous.status).toBe(400);
    expect(anonymous.body.data).toBeUndefined();
    expect(anonymous.body.errors).toEqual([
      {
        message: expect.stringMatching(/^The response is \d+ bytes, over the limit of 2000 bytes: ask for fewer items \(first, keys\) or fewer fields$/),
        extensions: { code: 'QUERY_LIMIT_EXCEEDED', limit: 'responseSize', max: 2000, found: expect.any(Number) },
      },
    ]);
    expect(anonymous.body.errors?.[0].extensions.found).toBeGreaterThan(2000);
    const writer = await post(query, {}, { token: tokens.writer });
    expect(writer.status).toBe(200);
    expect(Object.keys(writer.body.data ?? {})).toHaveLength(20);
  });

  it('refuses an anonymous query over the free cost once its client has spent its budget, not lookups nor tokens', async () => {
    const limits: Limits = { ...DEFAULT_LIMITS, maxCost: 20, costPerSecond: 1, freeCost: 10 };
    const small = await createApp({ db, limits });
    await new Promise<void>((resolve) => small.httpServer.listen(0, '127.0.0.1', resolve));
    const smallBase = `http://127.0.0.1:${(small.httpServer.address() as AddressInfo).port}`;
    try {
      const send = async (query: string, token?: string) => {
        const response = await fetch(`${smallBase}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify({ query }),
        });
        return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Body };
      };
      const page = '{ games(first: 5) { nodes { id } } }'; // cost 11: the bucket (eight times the limit, 160) holds fourteen
      for (let i = 0; i < 14; i++) expect((await send(page)).status).toBe(200);
      expect(await send(page)).toEqual({
        status: 429,
        retryAfter: '5',
        body: {
          errors: [
            {
              message: 'Query cost 11 is over what this client may spend now without a token (1 per second); retry in 5 s or send a token',
              extensions: { code: 'QUERY_LIMIT_EXCEEDED', limit: 'costPerSecond', max: 1, found: 11, retryAfterMs: expect.any(Number) },
            },
          ],
        },
      });
      expect((await send('{ games(first: 3) { nodes { id } } }')).status).toBe(200); // cost 7: free
      expect((await send(page, tokens.writer)).status).toBe(200);
    } finally {
      await small.apollo.stop();
    }
  });
});
