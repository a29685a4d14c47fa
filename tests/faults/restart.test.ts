/**
 * Faults under load (OPT-IN: TABULA_FAULT_TESTS=1 and TEST_DATABASE_URL). Restarts the
 * shared local PostgreSQL cluster, so other tests using it fail for a few seconds:
 *
 *   TABULA_FAULT_TESTS=1 TEST_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test \
 *     NODE_OPTIONS=--experimental-vm-modules npx jest tests/faults
 *
 * 1. A server on PostgreSQL (own schema) answers lookups in a loop for ~20 s; PostgreSQL is
 *    restarted in the middle (`pg_ctlcluster --skip-systemctl-redirect <ver> main restart`).
 *    Requests may fail only while it is down; afterwards they succeed again without restarting
 *    the server (the pool drops dead connections and opens new ones).
 * 2. SIGTERM-style stop with an import in flight: the import finishes and is stored.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { createLogger } from '../../src/server/logging';
import { startServer, type RunningServer } from '../../src/server/main';

const URL_ = process.env.TEST_DATABASE_URL;
const ENABLED = process.env.TABULA_FAULT_TESTS === '1' && !!URL_;
if (!ENABLED) {
  console.log('tests/faults skipped: set TABULA_FAULT_TESTS=1 and TEST_DATABASE_URL (restarts the shared PostgreSQL)');
}

const pgVersion = (): string => fs.readdirSync('/etc/postgresql').sort().reverse()[0];
const TOKEN = 'fault-test-admin-token-0123456789';

const post = async (server: RunningServer, query: string, variables?: Record<string, unknown>) => {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify({ query, variables }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json()) as { data?: unknown; errors?: unknown[] };
  return { status: response.status, ok: response.status === 200 && !body.errors, body };
};

const PGN = (i: number) => `[Event "fault ${i}"]\n[White "a"]\n[Black "b"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n`;

(ENABLED ? describe : describe.skip)('faults on PostgreSQL', () => {
  const schema = `tabula_test_${randomBytes(6).toString('hex')}`;
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({
      env: { DATABASE_URL: URL_, DATABASE_SCHEMA: schema, HOST: '127.0.0.1', PORT: '0', TABULA_API_TOKEN: TOKEN, TABULA_POOL_SIZE: '4' },
      logger: createLogger({ LOG_LEVEL: 'silent' }),
      retry: { initialMs: 100, maxMs: 500 },
      processMetrics: false,
    });
    await server.ready;
    const seeded = await post(server, 'mutation($d: String!) { importGames(format: PGN, data: $d) { gameCount } }', { d: PGN(0) });
    expect(seeded.ok).toBe(true);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    const client = new pg.Client({ connectionString: URL_ });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  });

  it('a PostgreSQL restart under load fails requests only during the outage; the pool recovers', async () => {
    const lookup = '{ games(first: 5) { nodes { id player1 } } chessPositions(polyglotKey: "463b96181691fc9c") { id } }';
    const log: { at: number; end: number; ok: boolean }[] = [];
    let restartStart = 0;
    let restartEnd = 0;
    const started = Date.now();
    const until = started + 20_000;
    const worker = async () => {
      while (Date.now() < until) {
        const at = Date.now();
        const r = await post(server, lookup).catch(() => ({ ok: false }));
        log.push({ at, end: Date.now(), ok: r.ok });
        if (!r.ok) await sleep(50);
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, worker));
    await sleep(7_000);
    restartStart = Date.now();
    execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', pgVersion(), 'main', 'restart'], { stdio: 'ignore' });
    restartEnd = Date.now();
    await load;
    // A request belongs to the outage when it was running at any time between the start of the restart and 2 s after it.
    const before = log.filter((l) => l.end < restartStart);
    const after = log.filter((l) => l.at > restartEnd + 2_000);
    const during = log.filter((l) => l.end >= restartStart && l.at <= restartEnd + 2_000);
    const figures = {
      requests: log.length,
      failed: log.filter((l) => !l.ok).length,
      failedBeforeRestart: before.filter((l) => !l.ok).length,
      failedDuringOutage: during.filter((l) => !l.ok).length,
      failedAfterRecovery: after.filter((l) => !l.ok).length,
      restartMs: restartEnd - restartStart,
      requestsAfterRecovery: after.length,
    };
    process.stdout.write(JSON.stringify({ faultTest: 'restart-under-load', ...figures }) + '\n');
    expect(figures.failedBeforeRestart).toBe(0);
    expect(figures.failedAfterRecovery).toBe(0);
    expect(figures.requestsAfterRecovery).toBeGreaterThan(20);
    expect((await fetch(`${server.url}/health/ready`)).status).toBe(200);
  }, 90_000);

  it('stopping (SIGTERM) with an import in flight lets the import finish and store', async () => {
    const data = Array.from({ length: 3000 }, (_, i) => PGN(i + 1)).join('');
    const importing = post(server, 'mutation($d: String!) { importGames(format: PGN, data: $d) { gameCount } }', { d: data });
    await sleep(150);
    const db = server.database();
    const stopping = server.stop();
    const result = await importing;
    await stopping;
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({ importGames: { gameCount: 3000 } });
    expect(db).toBeDefined();
    const client = new pg.Client({ connectionString: URL_ });
    await client.connect();
    const rows = await client.query(`SELECT count(*)::int AS n FROM "${schema}"."Game" WHERE event LIKE 'fault %'`);
    await client.end();
    expect(rows.rows[0].n).toBe(3001);
  }, 60_000);
});
