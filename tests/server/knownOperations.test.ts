import type { AddressInfo } from 'node:net';
import { createApp, type App, type AppOptions } from '../../src/server/app';
import { DEFAULT_LIMITS } from '../../src/server/limits';
import { PendingImport, finishImport, writeChunk } from '../../src/db/bulkWriter';
import { describeEachDatabase } from '../support/databases';
import { AFTER_E4, AFTER_E4_E5, START, chessGame } from '../support/records';

/**
 * A query document Apollo has validated once is run again without its pipeline
 * (src/server/knownOperations.ts). Each request here goes to a server that does so and to one
 * that sends everything through Apollo (TABULA_KNOWN_OPERATIONS=0), three times each: the
 * responses must be the same, status, headers and body, whichever path answered.
 */

interface Sent {
  body: unknown;
  accept?: string;
  authorization?: string;
}

interface Answer {
  status: number;
  headers: Record<string, string | null>;
  body: string;
}

/** The headers a response is compared by (not its request id or date). */
const COMPARED = ['content-type', 'content-length', 'retry-after', 'www-authenticate', 'access-control-allow-origin'];

const listen = async (options: AppOptions): Promise<{ app: App; url: string }> => {
  const app = await createApp(options);
  await new Promise<void>((resolve) => app.httpServer.listen(0, '127.0.0.1', resolve));
  return { app, url: `http://127.0.0.1:${(app.httpServer.address() as AddressInfo).port}/graphql` };
};

const send = async (url: string, { body, accept, authorization }: Sent): Promise<Answer> => {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (accept !== undefined) headers.accept = accept;
  if (authorization !== undefined) headers.authorization = authorization;
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  // A refusal by the budget says how long to wait, to the millisecond: the only part that differs between two sends.
  const text = (await response.text()).replace(/"retryAfterMs":\d+/, '"retryAfterMs":0');
  return { status: response.status, headers: Object.fromEntries(COMPARED.map((name) => [name, response.headers.get(name)])), body: text };
};

const LOOKUP = 'query Lookup($key: String!) { positions(key: $key, kind: GO) { id key } }';
const TWO = 'query A { serverInfo { database } } query B($key: String!) { positions(key: $key) { key } }';

describeEachDatabase('known operations answer as Apollo does', (getDb) => {
  const apps: App[] = [];

  afterAll(async () => {
    for (const app of apps) await app.apollo.stop();
  });

  /** Sends each request three times to a server with known operations and to one without; returns both servers' answers. */
  const compare = async (options: Partial<AppOptions>, requests: Sent[]): Promise<{ known: Answer[]; apollo: Answer[]; answeredKnown: number; app: App }> => {
    const fast = await listen({ db: getDb(), ...options });
    const slow = await listen({ db: getDb(), ...options, knownOperations: 0 });
    apps.push(fast.app, slow.app);
    expect(slow.app.known).toBeUndefined();
    const known: Answer[] = [];
    const apollo: Answer[] = [];
    for (const request of requests) {
      for (let i = 0; i < 3; i++) {
        known.push(await send(fast.url, request));
        apollo.push(await send(slow.url, request));
      }
    }
    expect(known).toEqual(apollo);
    return { known, apollo, answeredKnown: fast.app.known?.answered() ?? 0, app: fast.app };
  };

  it('answers a repeated lookup itself, with the response Apollo gives', async () => {
    const { known, answeredKnown, app } = await compare({}, [{ body: { query: LOOKUP, variables: { key: 'b3c1' }, operationName: 'Lookup' } }]);
    expect(known[2]).toEqual({
      status: 200,
      headers: expect.objectContaining({ 'content-type': 'application/json; charset=utf-8', 'access-control-allow-origin': '*' }),
      body: '{"data":{"positions":[]}}\n',
    });
    // The first request taught the server the document; the next two were answered without Apollo.
    expect(answeredKnown).toBe(2);
    // ... and counted in the metrics as Apollo's were.
    const { body } = await app.metrics.render();
    expect(body).toMatch(/tabula_graphql_requests_total\{operation="Lookup",type="query"\} 3/);
    expect(body).toMatch(/tabula_graphql_request_duration_seconds_count\{operation="Lookup",type="query"\} 3/);
  });

  it('selects the operation operationName names, and leaves a missing or wrong one to Apollo', async () => {
    const { known, answeredKnown } = await compare({}, [
      { body: { query: TWO, operationName: 'A' } },
      { body: { query: TWO, variables: { key: 'x' }, operationName: 'B' } },
      { body: { query: TWO } },
      { body: { query: TWO, operationName: 'C' } },
    ]);
    expect(known[0].body).toBe(`{"data":{"serverInfo":{"database":"${getDb().kind}"}}}\n`);
    expect(known[9].status).toBe(400);
    expect(answeredKnown).toBe(5);
  });

  it('formats a resolver error as Apollo does', async () => {
    const { known, answeredKnown } = await compare({}, [{ body: { query: 'query F($t: String!) { findPositions(text: $t) { key } }', variables: { t: '%%%' } } }]);
    expect(JSON.parse(known[2].body).errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(answeredKnown).toBe(2);
  });

  it('leaves variables that do not coerce, and NUL characters, to Apollo', async () => {
    const { known, answeredKnown } = await compare({}, [
      { body: { query: LOOKUP, variables: { key: 5 } } },
      { body: { query: LOOKUP, variables: {} } },
      { body: { query: LOOKUP, variables: { key: 'a\u0000b' } } },
      { body: { query: LOOKUP, variables: { key: 'ok' }, extensions: { cost: true } } },
    ]);
    expect(known.map((a) => a.status)).toEqual([400, 400, 400, 400, 400, 400, 400, 400, 400, 200, 200, 200]);
    expect(JSON.parse(known[8].body).errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(JSON.parse(known[11].body).extensions.cost).toEqual({ requested: 28, limit: 8000 });
    expect(answeredKnown).toBe(0);
  });

  it('answers JSON Accept headers itself and leaves the others to Apollo', async () => {
    const body = { query: LOOKUP, variables: { key: 'k' } };
    const { known, answeredKnown } = await compare({}, [
      { body, accept: '*/*' },
      { body, accept: 'application/json' },
      { body, accept: 'application/json, */*' },
      { body, accept: 'application/graphql-response+json' },
      { body, accept: 'text/html' },
    ]);
    expect(known.map((a) => a.headers['content-type'])).toEqual([
      ...Array(9).fill('application/json; charset=utf-8'),
      ...Array(3).fill('application/graphql-response+json; charset=utf-8'),
      ...Array(3).fill('application/json; charset=utf-8'),
    ]);
    expect(known[12].status).toBe(406);
    expect(answeredKnown).toBe(8);
  });

  it('refuses as Apollo does what the access check, the cost limit, the budget and the response size refuse', async () => {
    const lookup = { body: { query: LOOKUP, variables: { key: 'k' } } };
    const closed = await compare({ auth: { readRequiresToken: true, adminToken: 'sesame' } }, [
      lookup,
      { ...lookup, authorization: 'Bearer wrong' },
      { ...lookup, authorization: 'Bearer sesame' },
    ]);
    expect(closed.known.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 401, 200, 200, 200]);
    expect(closed.known[0].headers['www-authenticate']).toBe('Bearer realm="tabula"');
    expect(closed.answeredKnown).toBe(3);

    const costly = await compare({ limits: { ...DEFAULT_LIMITS, maxCost: 20 } }, [lookup]);
    expect(JSON.parse(costly.known[2].body).errors[0].extensions).toEqual({ code: 'QUERY_LIMIT_EXCEEDED', limit: 'cost', max: 20, found: 28 });

    // A bucket of 8 x 30 = 240: eight lookups of 28 over the free cost of 1 pass, the ninth is refused.
    const budget = await compare({ limits: { ...DEFAULT_LIMITS, maxCost: 30, freeCost: 1, costPerSecond: 1 } }, [lookup, lookup, lookup]);
    expect(budget.known.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);
    expect(budget.known[8].headers['retry-after']).toBe('12');

    const large = await compare({ limits: { ...DEFAULT_LIMITS, maxResponseBytes: 20 } }, [lookup]);
    expect(JSON.parse(large.known[2].body).errors[0].extensions.limit).toBe('responseSize');
  });

  it('answers lookups of plain fields as Apollo does: stored rows of every kind, rows without a board, positions known from games', async () => {
    const db = getDb();
    await db.transaction(async (sql) => {
      const [{ id }] = await sql.query<{ id: bigint }>(`INSERT INTO "Import" (format, fingerprint) VALUES ('PGN', 'known-plain') RETURNING id`);
      const pending = new PendingImport();
      await writeChunk(sql, id, { games: [chessGame('Anderssen', 'Kieseritzky')] }, 0, pending);
      await finishImport(sql, id, pending);
      // One key under two kinds; a Go row with a group key; the position after 1. e4 e5 with no board (as a score file leaves it).
      await sql.query(`INSERT INTO "Position" (kind, key, board, "sideToMove", "groupKey") VALUES ('GO', 'twice', '${'.'.repeat(81)}', 'B', 'g'), ('CHESS', 'twice', '8/8/8/8/8/8/8/K1k5 w - - 0 1', 'w', NULL)`);
      await sql.query(`INSERT INTO "Position" (kind, key, board, "sideToMove") VALUES ('CHESS', $1, '', NULL) ON CONFLICT (kind, key) DO UPDATE SET board = '', "sideToMove" = NULL`, [AFTER_E4_E5.key]);
    });
    const aliased = `query Aliased($a: String!, $b: String!, $c: String!, $d: String!) {
      x: positions(key: $a, kind: GO) { id kind key groupKey sideToMove board __typename }
      y: positions(key: $b) { id kind board }
      z: positions(key: $c, kind: CHESS) { key b: board sideToMove id }
      w: positions(key: $d) { id key }
    }`;
    const list = 'query List($keys: [String!]!, $kind: GameKind) { positionsByKeys(keys: $keys, kind: $kind) { id kind key sideToMove board } }';
    // Neither kind nor groupKey asked: the rows are read without them (of one kind, or of several with the kind).
    const lean = `query Lean($a: String!, $b: String!, $c: String!, $keys: [String!]!) {
      x: positions(key: $a, kind: GO) { id key sideToMove board }
      y: positions(key: $b) { id board }
      z: positions(key: $c, kind: CHESS) { key b: board sideToMove id }
      l: positionsByKeys(keys: $keys, kind: CHESS) { id key board }
    }`;
    const leanOfOneKind = 'query LeanGo($a: String!, $b: String!) { x: positions(key: $a, kind: GO) { id key sideToMove board } y: positions(key: $b, kind: GO) { id key } }';
    const keys = ['twice', START.key, 'none', AFTER_E4_E5.key, 'twice', AFTER_E4.key];
    const { known, answeredKnown } = await compare({}, [
      { body: { query: lean, variables: { a: 'twice', b: 'twice', c: AFTER_E4_E5.key, keys }, operationName: 'Lean' } },
      { body: { query: leanOfOneKind, variables: { a: 'twice', b: 'none' } } },
      { body: { query: leanOfOneKind, variables: { a: 'twice', b: 'twice' } } },
      { body: { query: aliased, variables: { a: 'twice', b: 'twice', c: AFTER_E4_E5.key, d: 'none' }, operationName: 'Aliased' } },
      { body: { query: aliased, variables: { a: START.key, b: AFTER_E4.key, c: START.key, d: AFTER_E4_E5.key }, operationName: 'Aliased' } },
      { body: { query: list, variables: { keys } } },
      { body: { query: list, variables: { keys, kind: 'CHESS' } } },
      // A string where the list is asked for is a list of one.
      { body: { query: list, variables: { keys: 'twice' } } },
      { body: { query: `{ positions(key: "twice") { key kind } positionsByKeys(keys: ["${AFTER_E4.key}", "twice"], kind: GO) { kind } }` } },
    ]);
    const [leanFirst, , , leanGo] = known.map((a) => JSON.parse(a.body));
    const [first, , , second, , , third] = known.slice(9).map((a) => JSON.parse(a.body));
    expect(leanFirst.data.y.map((p: { board: string }) => p.board)).toEqual(['.'.repeat(81), '8/8/8/8/8/8/8/K1k5 w - - 0 1']);
    expect(leanFirst.data.z).toEqual([{ key: AFTER_E4_E5.key, b: AFTER_E4_E5.board, sideToMove: 'w', id: expect.any(String) }]);
    expect(leanFirst.data.l.map((p: { key: string }) => p.key)).toEqual(['twice', START.key, AFTER_E4_E5.key, AFTER_E4.key]);
    expect(leanGo.data).toEqual({ x: [{ id: expect.any(String), key: 'twice', sideToMove: 'B', board: '.'.repeat(81) }], y: [] });
    // Both kinds of one key, by id; the row without a board completed from the game that reaches it.
    expect(first.data.y.map((p: { kind: string }) => p.kind)).toEqual(['GO', 'CHESS']);
    expect(first.data.x).toEqual([{ id: expect.any(String), kind: 'GO', key: 'twice', groupKey: 'g', sideToMove: 'B', board: '.'.repeat(81), __typename: 'Position' }]);
    expect(first.data.z).toEqual([{ key: AFTER_E4_E5.key, b: AFTER_E4_E5.board, sideToMove: 'w', id: expect.any(String) }]);
    expect(first.data.w).toEqual([]);
    expect(second.data.w).toEqual([{ id: expect.any(String), key: AFTER_E4_E5.key }]);
    expect(third.data.positionsByKeys.map((p: { key: string }) => p.key)).toEqual(['twice', 'twice', START.key, AFTER_E4_E5.key, AFTER_E4.key]);
    // Each document is learnt by its first sending; every later one is answered without Apollo.
    expect(answeredKnown).toBe(22);

    // More keys than positionsByKeys takes (with a cost limit that lets them through): its resolver's refusal.
    const many = await compare({ limits: { ...DEFAULT_LIMITS, maxCost: 1_000_000, freeCost: 1_000_000 } }, [
      { body: { query: list, variables: { keys: Array.from({ length: 1001 }, (_, i) => `k${i}`) } } },
    ]);
    expect(JSON.parse(many.known[2].body).errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(many.answeredKnown).toBe(2);
  });

  it('answers plain fields whose text needs escaping in JSON as Apollo does', async () => {
    const key = 'esc "quoted" \\ back';
    const board = '"\\\n\t\u0001\u001f é 名 \u2028 /';
    await getDb().sql.query(`INSERT INTO "Position" (kind, key, board, "sideToMove", "groupKey") VALUES ('GO', $1, $2, '"', $3)`, [key, board, 'g\u007f\\']);
    const { known, answeredKnown } = await compare({}, [
      { body: { query: 'query One($k: String!) { positions(key: $k, kind: GO) { id kind key groupKey sideToMove board } }', variables: { k: key } } },
      { body: { query: 'query Many($k: [String!]!) { positionsByKeys(keys: $k) { key board } }', variables: { k: [key, 'none'] } } },
    ]);
    expect(JSON.parse(known[2].body).data.positions).toEqual([{ id: expect.any(String), kind: 'GO', key, groupKey: 'g\u007f\\', sideToMove: '"', board }]);
    expect(known[2].body).toContain('\\"quoted\\"');
    expect(answeredKnown).toBe(4);
  });

  it('runs mutations through Apollo', async () => {
    const { answeredKnown } = await compare({}, [{ body: { query: 'mutation { revokeApiToken(name: "none") }' } }]);
    expect(answeredKnown).toBe(0);
  });
});
