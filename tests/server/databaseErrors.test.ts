/**
 * Database failures a client can act on get codes of their own instead of INTERNAL_SERVER_ERROR:
 * a statement timeout is QUERY_TIMEOUT, a deadlock DATABASE_CONFLICT and a lost connection
 * DATABASE_UNAVAILABLE (both retryable). The timeout is also shown end to end on PostgreSQL
 * (PGlite has no statement timeout).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { databaseError, sqlStateOf } from '../../src/api/databaseErrors';
import { formatError } from '../../src/api/errors';
import { openDatabase, type Database } from '../../src/db/database';
import { graphqlClient } from '../support/graphql';

describe('database failures as client errors', () => {
  test('a pg statement timeout (57014) is QUERY_TIMEOUT, not retryable', () => {
    expect(databaseError(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }))?.extensions).toEqual({
      code: 'QUERY_TIMEOUT',
      retryable: false,
    });
  });

  test("Prisma's wrapped driver error gives up its SQLSTATE", () => {
    const prismaError = { code: 'P2010', meta: { driverAdapterError: { cause: { originalCode: '57014', kind: 'postgres' } } } };
    expect(sqlStateOf(prismaError)).toBe('57014');
  });

  test('a deadlock (40P01) is DATABASE_CONFLICT, retryable', () => {
    expect(databaseError({ code: '40P01', message: 'deadlock detected' })?.extensions).toEqual({ code: 'DATABASE_CONFLICT', retryable: true });
  });

  test('a connection lost mid-transaction is DATABASE_UNAVAILABLE, retryable', () => {
    expect(databaseError(new Error('Connection terminated unexpectedly'))?.extensions).toEqual({ code: 'DATABASE_UNAVAILABLE', retryable: true });
    expect(databaseError({ code: '57P01', message: 'terminating connection due to administrator command' })?.extensions?.code).toBe('DATABASE_UNAVAILABLE');
  });

  test('a unique violation stays internal', () => {
    expect(databaseError({ code: '23505' })).toBeUndefined();
  });

  test('formatError answers a timeout with its own code and logs nothing', () => {
    const logged: unknown[] = [];
    const formatted = formatError({ message: 'x', extensions: { code: 'INTERNAL_SERVER_ERROR' } }, { code: '57014' }, (e) => logged.push(e));
    expect(formatted.extensions?.code).toBe('QUERY_TIMEOUT');
    expect(logged).toEqual([]);
  });
});

const URL_ = process.env.TEST_DATABASE_URL;
(URL_ ? describe : describe.skip)('a statement timeout end to end [postgresql]', () => {
  const schema = `tabula_test_${randomBytes(6).toString('hex')}`;
  let db: Database;

  beforeAll(async () => {
    // Migrate with the usual timeout first; the server under test then only checks the migrations.
    await (await openDatabase({ url: URL_, schema, poolSize: 1, statementTimeoutMs: 60_000 })).close();
    const setup = new pg.Client({ connectionString: URL_ });
    await setup.connect();
    await setup.query(`SET search_path = "${schema}"`);
    // 600,000 games: a case-insensitive search over them takes far longer than 100 ms.
    await setup.query(`INSERT INTO "Game" (kind, "sourceFormat", source, player1, player2, event)
      SELECT 'CHESS', 'PGN', ''::bytea, 'White ' || g, 'Black ' || g, 'Event ' || g FROM generate_series(1, 600000) g`);
    await setup.end();
    db = await openDatabase({ url: URL_, schema, poolSize: 2, statementTimeoutMs: 100 });
  }, 60_000);

  afterAll(async () => {
    await db?.close();
    const client = new pg.Client({ connectionString: URL_ });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  });

  test('a search that runs past the timeout is answered QUERY_TIMEOUT', async () => {
    const gql = graphqlClient(db);
    const result = await gql('{ games(filter: { text: "no such name" }) { totalCount } }');
    expect(result.errors?.[0].extensions?.code).toBe('QUERY_TIMEOUT');
    expect(result.errors?.[0].message).toMatch(/statement timeout/);
  });
});
