import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { ApolloServer } from '@apollo/server';
import { openDatabase, type Database } from '../../src/db/database';
import { createApp, type App } from '../../src/server/app';
import { createLogger } from '../../src/server/logging';
import { Metrics } from '../../src/server/metrics';
import { testTargets } from '../support/databases';
import { pgliteTemplate } from '../support/pgliteTemplate';

const ADMIN = 'metrics-test-admin-token';

const listen = async (app: App): Promise<string> => {
  await new Promise<void>((resolve) => app.httpServer.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(app.httpServer.address() as AddressInfo).port}`;
};

const post = (base: string, body: object, headers: Record<string, string> = {}) =>
  fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** The value of one sample line of a Prometheus text exposition, e.g. `name{a="b"}`. */
const sample = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

// Metrics and logs do not depend on the database: one in-memory PGlite serves the file.
describe('metrics and logs over HTTP', () => {
  let db: Database;
  let app: App;
  let base: string;
  let broken: App;
  let brokenBase: string;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    db = await openDatabase({ poolSize: 1, statementTimeoutMs: 0, pgliteTemplate: await pgliteTemplate() });
    app = await createApp({ db, auth: { adminToken: ADMIN, readRequiresToken: false } });
    base = await listen(app);
    // A database whose reads of games fail, to see an internal error masked and logged.
    const refused = () => Promise.reject(new Error('connection to 10.0.0.5:5432 refused'));
    const failing: Database = {
      ...db,
      sql: new Proxy(db.sql, {
        get: (target, property, receiver) => {
          const value = Reflect.get(target, property, receiver);
          if (property !== 'query' || typeof value !== 'function') return value;
          return (text: string, ...rest: unknown[]) => (/FROM "Game"/.test(text) ? refused() : value.call(target, text, ...rest));
        },
      }),
    };
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
        done();
      },
    });
    broken = await createApp({ db: failing, logger: createLogger({ LOG_LEVEL: 'info' }, sink) });
    brokenBase = await listen(broken);
  });

  afterAll(async () => {
    await app.apollo.stop();
    await broken.apollo.stop();
    await db.close();
  });

  it('counts requests per operation name and type, with their latency', async () => {
    for (let i = 0; i < 2; i++) expect((await post(base, { query: 'query Info { serverInfo { version } }' })).status).toBe(200);
    expect((await post(base, { query: 'mutation Ping { ping }' }, { authorization: `Bearer ${ADMIN}` })).status).toBe(200);
    const text = await (await fetch(`${base}/metrics`)).text();
    expect(sample(text, 'tabula_graphql_requests_total{operation="Info",type="query"}')).toBe(2);
    expect(sample(text, 'tabula_graphql_requests_total{operation="Ping",type="mutation"}')).toBe(1);
    expect(sample(text, 'tabula_graphql_request_duration_seconds_count{operation="Info",type="query"}')).toBe(2);
    expect(sample(text, 'tabula_graphql_request_duration_seconds_sum{operation="Info",type="query"}')).toBeGreaterThan(0);
  });

  it('serves Prometheus text with its content type', async () => {
    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(await response.text()).toContain('# TYPE tabula_graphql_requests_total counter');
  });

  it('counts errors by code', async () => {
    await post(base, { query: 'mutation { ping }' });
    await post(base, { query: '{ serverInfo { ' });
    const text = await (await fetch(`${base}/metrics`)).text();
    expect(sample(text, 'tabula_graphql_errors_total{code="UNAUTHENTICATED"}')).toBe(1);
    expect(sample(text, 'tabula_graphql_errors_total{code="GRAPHQL_PARSE_FAILED"}')).toBe(1);
    expect(sample(text, 'tabula_graphql_requests_total{operation="(none)",type="none"}')).toBe(1);
  });

  it('counts HTTP responses by route and status, and says the database is ready', async () => {
    await fetch(`${base}/health/live`);
    const text = await (await fetch(`${base}/metrics`)).text();
    expect(sample(text, 'tabula_http_responses_total{route="/health/live",status="200"}')).toBe(1);
    expect(sample(text, 'tabula_http_responses_total{route="/graphql",status="401"}')).toBe(1);
    expect(sample(text, 'tabula_database_ready')).toBe(1);
    expect(text).not.toContain('tabula_db_pool_connections{'); // PGlite has no pool
  });

  it('echoes a sane x-request-id and makes one up otherwise', async () => {
    const given = await fetch(`${base}/health/live`, { headers: { 'x-request-id': 'trace-42.a' } });
    expect(given.headers.get('x-request-id')).toBe('trace-42.a');
    const odd = await fetch(`${base}/health/live`, { headers: { 'x-request-id': 'no spaces <script>' } });
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('logs a masked internal error with the request id, and the client sees only INTERNAL_SERVER_ERROR', async () => {
    const response = await post(brokenBase, { query: '{ game(id: "1") { id } }' }, { 'x-request-id': 'req-masked-1' });
    expect(await response.json()).toEqual({
      data: { game: null },
      errors: [
        { message: 'Internal server error', locations: [{ line: 1, column: 3 }], path: ['game'], extensions: { code: 'INTERNAL_SERVER_ERROR' } },
      ],
    });
    const logged = lines.filter((l) => l.reqId === 'req-masked-1');
    expect(logged.map((l) => l.msg)).toEqual(['internal error (masked as INTERNAL_SERVER_ERROR)', 'request']);
    expect(logged[0]).toMatchObject({ level: 50, service: 'tabula', err: { message: 'connection to 10.0.0.5:5432 refused' } });
    expect(logged[1]).toMatchObject({ level: 30, method: 'POST', path: '/graphql', status: 200 });
  });
});

describe('pool metrics on PostgreSQL', () => {
  const target = testTargets().find((t) => t.name === 'postgresql');
  if (!target) {
    it.skip('TEST_DATABASE_URL is not set: PostgreSQL pool gauges not checked', () => undefined);
    return;
  }

  it('reports the pg.Pool connections (total, idle, waiting) in /metrics', async () => {
    const db = await target.open();
    try {
      expect(db.pool).toBeDefined();
      const app = await createApp({ db, auth: { adminToken: ADMIN, readRequiresToken: false } });
      const base = await listen(app);
      try {
        expect((await post(base, { query: '{ games { totalCount } }' })).status).toBe(200);
        const text = await (await fetch(`${base}/metrics`)).text();
        expect(sample(text, 'tabula_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
        expect(sample(text, 'tabula_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
        expect(sample(text, 'tabula_db_pool_connections{state="waiting"}')).toBe(0);
      } finally {
        await app.apollo.stop();
      }
    } finally {
      await db.close();
      await target.cleanup();
    }
  });
});

describe('import metrics', () => {
  it('counts every import mutation by format and outcome, with games and new positions', async () => {
    const metrics = new Metrics();
    const apollo = new ApolloServer({
      typeDefs: `type Query { x: Int }
        type Report { alreadyImported: Boolean! gameCount: Int! positionCount: Int! }
        type Mutation { importThings(format: String!, fail: Boolean): Report! }`,
      resolvers: {
        Mutation: {
          importThings: (_: unknown, { format, fail }: { format: string; fail?: boolean }) => {
            if (fail) throw new Error('bad file');
            return { alreadyImported: format === 'OLD', gameCount: 3, positionCount: 40 };
          },
        },
      },
      plugins: [metrics.plugin()],
    });
    await apollo.start();
    for (const format of ['PGN', 'PGN', 'OLD']) await apollo.executeOperation({ query: `mutation { importThings(format: "${format}") { gameCount } }` });
    await apollo.executeOperation({ query: 'mutation { importThings(format: "PGN", fail: true) { gameCount } }' });
    await apollo.stop();
    const text = (await metrics.render()).body;
    expect(sample(text, 'tabula_imports_total{format="PGN",outcome="stored"}')).toBe(2);
    expect(sample(text, 'tabula_imports_total{format="OLD",outcome="already_imported"}')).toBe(1);
    expect(sample(text, 'tabula_imports_total{format="PGN",outcome="failed"}')).toBe(1);
    expect(sample(text, 'tabula_imported_games_total{format="PGN"}')).toBe(6);
    expect(sample(text, 'tabula_imported_positions_total{format="PGN"}')).toBe(80);
    expect(sample(text, 'tabula_imported_games_total{format="OLD"}')).toBeUndefined();
  });

  it('keeps operation-name labels bounded', () => {
    const metrics = new Metrics();
    for (let i = 0; i < 200; i++) expect(metrics.operationLabel(`Op${i}`, true)).toBe(`Op${i}`);
    expect(metrics.operationLabel('OneTooMany', true)).toBe('(other)');
    expect(metrics.operationLabel('Op7', true)).toBe('Op7');
    expect(metrics.operationLabel(null, true)).toBe('(anonymous)');
  });
});
