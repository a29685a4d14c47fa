import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { createLogger } from '../../src/server/logging';
import { startServer, type RunningServer } from '../../src/server/main';

const UNREACHABLE = 'postgresql://postgres@127.0.0.1:1/test';
const FAST_RETRY = { initialMs: 50, maxMs: 200 };
const TEST_URL = process.env.TEST_DATABASE_URL;

/** A logger whose JSON lines land in `lines`. */
const capture = (lines: Record<string, unknown>[]) =>
  createLogger(
    { LOG_LEVEL: 'info' },
    new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
        done();
      },
    }),
  );

const dropSchema = async (schema: string): Promise<void> => {
  if (!TEST_URL) return;
  const client = new pg.Client({ connectionString: TEST_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
};

/** Environment for a database that opens quickly: a fresh PostgreSQL schema when there is one, else PGlite in a temp dir. */
const reachableDatabase = () => {
  const schema = `tabula_test_${randomBytes(6).toString('hex')}`;
  const dir = TEST_URL ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-start-'));
  return {
    env: TEST_URL ? { DATABASE_URL: TEST_URL, DATABASE_SCHEMA: schema } : { TABULA_DATA_DIR: dir },
    kind: TEST_URL ? 'postgresql' : 'pglite',
    cleanup: async () => {
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
      await dropSchema(schema);
    },
  };
};

describe('startup while PostgreSQL is unreachable', () => {
  let server: RunningServer;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    server = await startServer({
      env: { DATABASE_URL: UNREACHABLE, HOST: '127.0.0.1', PORT: '0' },
      logger: capture(lines),
      retry: FAST_RETRY,
      processMetrics: false,
    });
  });

  afterAll(async () => {
    await server.stop();
  });

  it('is live at once', async () => {
    const response = await fetch(`${server.url}/health/live`);
    expect({ status: response.status, body: await response.json() }).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('is not ready', async () => {
    const response = await fetch(`${server.url}/health/ready`);
    expect({ status: response.status, body: await response.json() }).toEqual({ status: 503, body: { status: 'starting' } });
  });

  it('answers GraphQL with 503 SERVICE_UNAVAILABLE and Retry-After', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ serverInfo { version } }' }),
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({
      errors: [{ message: 'The database is not available yet; try again shortly', extensions: { code: 'SERVICE_UNAVAILABLE' } }],
    });
  });

  it('keeps retrying with growing waits, and logs each failure', async () => {
    while (lines.filter((l) => l.msg === 'database not available; retrying').length < 4) await sleep(20);
    const waits = lines.filter((l) => l.msg === 'database not available; retrying').map((l) => l.retryInMs);
    expect(waits.slice(0, 4)).toEqual([50, 100, 200, 200]);
    expect(server.database()).toBeUndefined();
  });
});

(TEST_URL ? describe : describe.skip)('startup before PostgreSQL is up (TCP proxy)', () => {
  let server: RunningServer;
  let proxy: net.Server;
  let forward = false;
  const sockets = new Set<net.Socket>();
  const schema = `tabula_test_${randomBytes(6).toString('hex')}`;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const target = new URL(TEST_URL as string);
    // Refuses (closes) connections until `forward` is set, then relays them to PostgreSQL.
    proxy = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      if (!forward) {
        socket.destroy();
        return;
      }
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      sockets.add(upstream);
      upstream.on('close', () => sockets.delete(upstream));
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
      socket.pipe(upstream).pipe(socket);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const url = new URL(TEST_URL as string);
    url.hostname = '127.0.0.1';
    url.port = String((proxy.address() as net.AddressInfo).port);
    server = await startServer({
      env: { DATABASE_URL: url.toString(), DATABASE_SCHEMA: schema, HOST: '127.0.0.1', PORT: '0' },
      logger: capture(lines),
      retry: FAST_RETRY,
      processMetrics: false,
    });
  });

  afterAll(async () => {
    await server.stop();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => proxy.close(resolve));
    await dropSchema(schema);
  });

  it('becomes ready once the database answers, without a restart', async () => {
    while (!lines.some((l) => l.msg === 'database not available; retrying')) await sleep(20);
    expect((await fetch(`${server.url}/health/ready`)).status).toBe(503);
    forward = true;
    await server.ready;
    const ready = await fetch(`${server.url}/health/ready`);
    expect({ status: ready.status, body: await ready.json() }).toEqual({ status: 200, body: { status: 'ok', database: 'postgresql' } });
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ serverInfo { database } }' }),
    });
    expect(await response.json()).toEqual({ data: { serverInfo: { database: 'postgresql' } } });
  });
});

/** Starts a POST /graphql whose body is only partly sent; `finish()` sends the rest. */
const partialRequest = (url: string, query: string) => {
  const body = JSON.stringify({ query });
  const { port } = new URL(url);
  const request = http.request({
    host: '127.0.0.1',
    port: Number(port),
    path: '/graphql',
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const outcome = new Promise<{ status?: number; body?: unknown; error?: string }>((resolve) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode, body: JSON.parse(text) }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
  request.write(body.slice(0, 10));
  return { outcome, finish: () => request.end(body.slice(10)) };
};

describe('graceful stop', () => {
  let server: RunningServer;
  let database: ReturnType<typeof reachableDatabase>;

  beforeEach(async () => {
    database = reachableDatabase();
    server = await startServer({
      env: { ...database.env, HOST: '127.0.0.1', PORT: '0', TABULA_SHUTDOWN_GRACE_MS: '400' },
      logger: createLogger({ LOG_LEVEL: 'silent' }),
      processMetrics: false,
    });
    await server.ready;
  });

  afterEach(async () => {
    await server.stop();
    await database.cleanup();
  });

  it('lets an in-flight request finish, refuses new connections, then closes the database', async () => {
    const db = await server.ready;
    const inFlight = partialRequest(server.url, '{ serverInfo { database } }');
    await sleep(100);
    const stopped = server.stop();
    await sleep(50);
    await expect(fetch(`${server.url}/health/live`)).rejects.toThrow();
    inFlight.finish();
    expect(await inFlight.outcome).toEqual({ status: 200, body: { data: { serverInfo: { database: database.kind } } } });
    await stopped;
    expect(server.database()).toBeUndefined();
    await expect(db.sql.query('SELECT 1')).rejects.toThrow();
  });

  it('cuts a stalled request when the grace time is over', async () => {
    const stalled = partialRequest(server.url, '{ serverInfo { database } }');
    await sleep(100);
    const started = Date.now();
    await server.stop();
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(350);
    expect(took).toBeLessThan(3000);
    expect(await stalled.outcome).toEqual({ error: 'ECONNRESET' });
  });
});

describe('reading ahead at start', () => {
  const database = reachableDatabase();
  const lines: Record<string, unknown>[] = [];
  const TOKEN = 'startup-read-ahead-token-0123456789';

  afterAll(async () => {
    await database.cleanup();
  });

  it("reads the stored games' explorer columns once the database is open, before any query asks", async () => {
    const env = { ...database.env, HOST: '127.0.0.1', PORT: '0', TABULA_API_TOKEN: TOKEN };
    const first = await startServer({ env, logger: createLogger({ LOG_LEVEL: 'silent' }), processMetrics: false });
    await first.ready;
    const pgn = '[White "a"]\n[Black "b"]\n[Result "1-0"]\n\n1. e4 e5 1-0\n\n[White "c"]\n[Black "d"]\n[Result "0-1"]\n\n1. d4 d5 0-1\n';
    const imported = await fetch(`${first.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ query: 'mutation ($d: String!) { importGames(format: PGN, data: $d) { gameCount } }', variables: { d: pgn } }),
    });
    expect(await imported.json()).toEqual({ data: { importGames: { gameCount: 2 } } });
    await first.stop();

    const second = await startServer({ env, logger: capture(lines), processMetrics: false });
    try {
      await second.ready;
      for (let waited = 0; waited < 10_000 && !lines.some((l) => l.msg === 'explorer game columns read'); waited += 20) await sleep(20);
      expect(lines.find((l) => l.msg === 'explorer game columns read')?.games).toBe(2);
    } finally {
      await second.stop();
    }
  });
});
