/**
 * Reads from a streaming replica (OPT-IN: TABULA_REPLICA_TESTS=1), on private clusters the test
 * starts itself (a primary by initdb, a hot standby of it by `pg_basebackup -R`, each on its own
 * port), never the shared server:
 *
 *   TABULA_REPLICA_TESTS=1 NODE_OPTIONS=--experimental-vm-modules npx jest tests/replicas
 *
 * The standby applies the primary's WAL 1 s late (`recovery_min_apply_delay`), so a read served by
 * it right after a write would miss the write: read-your-writes has something to do.
 * 1. Games imported through the server (the primary) are read back through the server, and the
 *    reads are served by the standby (the server's read counter, and its connections on the standby).
 *    `GET /export` reads from the standby too.
 * 2. A client reading right after its import sees every game of it, while the standby has none yet.
 * 3. A standby that stops replaying (`pg_wal_replay_pause()`) while the primary writes is skipped
 *    once it is further behind than DATABASE_REPLICA_MAX_LAG_MS, and used again once it has caught up.
 * 4. Lookups in a loop for ~12 s; the standby is stopped in the middle and started again: no request
 *    fails, the primary takes the reads while it is down, and the standby takes reads again after.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { createLogger } from '../../src/server/logging';
import { startServer, type RunningServer } from '../../src/server/main';
import { askCluster, startPrivateCluster, startStandby, waitForReplay, type PrivateCluster } from '../support/privateCluster';

const ENABLED = process.env.TABULA_REPLICA_TESTS === '1';
if (!ENABLED) {
  console.log('tests/replicas skipped: set TABULA_REPLICA_TESTS=1 (starts a private PostgreSQL primary and a hot standby of it)');
}

const TOKEN = 'replica-test-admin-token-0123456789';

interface Answer {
  ok: boolean;
  body: { data?: Record<string, unknown>; errors?: unknown[] };
}

const post = async (server: RunningServer, query: string, variables?: Record<string, unknown>, token?: string): Promise<Answer> => {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json()) as Answer['body'];
  return { ok: response.status === 200 && !body.errors, body };
};

const IMPORT = 'mutation($d: String!) { importGames(format: PGN, data: $d) { importId gameCount } }';
const GAMES_OF = 'query($id: ID!) { games(first: 100, filter: { importId: $id }) { nodes { id event } } }';
const LOOKUP = 'query Lookup { games(first: 5) { nodes { id player1 } } chessPositions(polyglotKey: "463b96181691fc9c") { id } }';

const PGN = (event: string, i: number) => `[Event "${event} ${i}"]\n[White "w${i}"]\n[Black "b${i}"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n`;
const pgnFile = (event: string, count: number) => Array.from({ length: count }, (_, i) => PGN(event, i)).join('');

/** How many more reads `key` (primary, or a replica's host:port) was given between two `readCounts`. */
const delta = (from: Record<string, number>, to: Record<string, number>, key: string): number => (to[key] ?? 0) - (from[key] ?? 0);

/** The server's read operations per database, from /metrics. */
const readCounts = async (server: RunningServer): Promise<Record<string, number>> => {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const counts: Record<string, number> = {};
  for (const match of text.matchAll(/^tabula_db_read_operations_total\{database="([^"]+)"\} (\d+)/gm)) counts[match[1]] = Number(match[2]);
  return counts;
};

(ENABLED ? describe : describe.skip)('reads from a streaming replica', () => {
  let primary: PrivateCluster;
  let standby: PrivateCluster;
  let server: RunningServer;
  let replica: string;

  beforeAll(async () => {
    primary = await startPrivateCluster();
    standby = await startStandby(primary, ['recovery_min_apply_delay=1s']);
    replica = `127.0.0.1:${standby.port}`;
    server = await startServer({
      env: {
        DATABASE_URL: primary.url,
        DATABASE_REPLICA_URLS: standby.url,
        DATABASE_REPLICA_CHECK_MS: '200',
        DATABASE_REPLICA_MAX_LAG_MS: '3000',
        HOST: '127.0.0.1',
        PORT: '0',
        TABULA_API_TOKEN: TOKEN,
        TABULA_POOL_SIZE: '4',
      },
      logger: createLogger({ LOG_LEVEL: process.env.REPLICA_TEST_LOG ?? 'silent' }),
      retry: { initialMs: 100, maxMs: 500 },
      processMetrics: false,
    });
    await server.ready;
  }, 120_000);

  afterAll(async () => {
    await server?.stop().catch(() => undefined);
    standby?.remove();
    primary?.remove();
  });

  it('reads back through the server what was imported through it, the reads served by the standby', async () => {
    const imported = await post(server, IMPORT, { d: pgnFile('seed', 50) }, TOKEN);
    expect(imported.body.data?.importGames).toMatchObject({ gameCount: 50 });
    const { importId } = imported.body.data?.importGames as { importId: string };
    await waitForReplay(primary, standby);
    await sleep(500); // a health check sees it
    const before = await readCounts(server);
    const reads = await Promise.all(Array.from({ length: 20 }, () => post(server, GAMES_OF, { id: importId })));
    const after = await readCounts(server);
    expect(reads.map((r) => (r.body.data?.games as { nodes: unknown[] }).nodes.length)).toEqual(Array(20).fill(50));
    expect({ replica: delta(before, after, replica), primary: delta(before, after, 'primary') }).toEqual({ replica: 20, primary: 0 });
    // The server's connections on the standby.
    const [{ n }] = await askCluster<{ n: number }>(
      standby,
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()`,
    );
    expect(n).toBeGreaterThan(0);
  }, 60_000);

  it('exports through the standby what was imported through the primary', async () => {
    const imported = await post(server, IMPORT, { d: pgnFile('export', 7) }, TOKEN);
    const { importId } = imported.body.data?.importGames as { importId: string };
    await waitForReplay(primary, standby);
    await sleep(500);
    const before = await readCounts(server);
    const response = await fetch(`${server.url}/export?format=PGN&filter=${encodeURIComponent(JSON.stringify({ importId }))}`);
    const text = await response.text();
    const after = await readCounts(server);
    expect({ status: response.status, games: text.match(/^\[Event "export \d+"\]$/gm)?.length }).toEqual({ status: 200, games: 7 });
    expect({ replica: delta(before, after, replica), primary: delta(before, after, 'primary') }).toEqual({ replica: 1, primary: 0 });
  }, 60_000);

  it('a client reading right after its import sees all of it, while the standby has none of it yet', async () => {
    for (let round = 0; round < 5; round++) {
      const imported = await post(server, IMPORT, { d: pgnFile(`ryw ${round}`, 10) }, TOKEN);
      const { importId } = imported.body.data?.importGames as { importId: string };
      const read = await post(server, GAMES_OF, { id: importId }, TOKEN);
      const [{ n }] = await askCluster<{ n: number }>(standby, 'SELECT count(*)::int AS n FROM "Game" WHERE "importId" = $1', [importId]);
      expect({ served: (read.body.data?.games as { nodes: unknown[] }).nodes.length, onStandby: n }).toEqual({ served: 10, onStandby: 0 });
    }
  }, 60_000);

  it('a standby that stops replaying is skipped once it is past the lag bound, and used again once it has caught up', async () => {
    await waitForReplay(primary, standby);
    await askCluster(standby, 'SELECT pg_wal_replay_pause()');
    // A write the server does not know of (no client waits for it): only the lag keeps reads off the standby.
    await askCluster(primary, 'CREATE TABLE IF NOT EXISTS replica_test_ticks (at timestamptz); INSERT INTO replica_test_ticks VALUES (now())');
    await sleep(4_000);
    const ready = (await (await fetch(`${server.url}/health/ready`)).json()) as { status: string; replicas: { name: string; healthy: boolean; problem?: string }[] };
    const paused = await readCounts(server);
    await Promise.all(Array.from({ length: 10 }, () => post(server, LOOKUP)));
    const whileBehind = await readCounts(server);
    await askCluster(standby, 'SELECT pg_wal_replay_resume()');
    await waitForReplay(primary, standby);
    await sleep(500);
    await Promise.all(Array.from({ length: 10 }, () => post(server, LOOKUP)));
    const caughtUp = await readCounts(server);
    expect(ready.status).toBe('ok');
    expect(ready.replicas).toEqual([{ name: replica, healthy: false, lagMs: expect.any(Number), problem: expect.stringMatching(/^\d+ ms behind the primary$/) }]);
    expect({
      primaryWhileBehind: delta(paused, whileBehind, 'primary'),
      replicaWhileBehind: delta(paused, whileBehind, replica),
      replicaAfter: delta(whileBehind, caughtUp, replica),
    }).toEqual({ primaryWhileBehind: 10, replicaWhileBehind: 0, replicaAfter: 10 });
  }, 60_000);

  it('stopping the standby under load fails no request; the primary takes its reads until it is back', async () => {
    await waitForReplay(primary, standby);
    await sleep(500);
    const log: { at: number; ok: boolean; error?: unknown }[] = [];
    let stoppedAt = 0;
    let startedAt = 0;
    const until = Date.now() + 12_000;
    const worker = async () => {
      while (Date.now() < until) {
        const at = Date.now();
        const r = await post(server, LOOKUP).catch((error: unknown) => ({ ok: false, body: { errors: [String(error)] } }));
        log.push({ at, ok: r.ok, error: r.ok ? undefined : r.body.errors });
      }
    };
    const start = await readCounts(server);
    const load = Promise.all(Array.from({ length: 8 }, worker));
    await sleep(3_000);
    const beforeStop = await readCounts(server);
    stoppedAt = Date.now();
    standby.stop();
    await sleep(4_000);
    const whileDown = await readCounts(server);
    standby.start();
    startedAt = Date.now();
    await load;
    const end = await readCounts(server);
    const figures = {
      requests: log.length,
      failed: log.filter((l) => !l.ok).length,
      firstFailure: log.find((l) => !l.ok)?.error,
      requestsPerSecond: Math.round(log.length / 12),
      replicaReadsBeforeStop: delta(start, beforeStop, replica),
      primaryReadsBeforeStop: delta(start, beforeStop, 'primary'),
      primaryReadsWhileDown: delta(beforeStop, whileDown, 'primary'),
      replicaReadsAfterRestart: delta(whileDown, end, replica),
      stopMs: startedAt - stoppedAt,
    };
    process.stdout.write(JSON.stringify({ replicaTest: 'standby-stopped-under-load', ...figures }) + '\n');
    expect(figures.failed).toBe(0);
    expect(figures.replicaReadsBeforeStop).toBeGreaterThan(20);
    expect(figures.primaryReadsWhileDown).toBeGreaterThan(20);
    expect(figures.replicaReadsAfterRestart).toBeGreaterThan(0);
  }, 90_000);
});
