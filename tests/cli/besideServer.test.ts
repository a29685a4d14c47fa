/**
 * The CLI beside a running server on the same PGlite data directory: a real server process
 * (src/server/main.ts, bundled with esbuild) serves its PGlite on a socket in the directory,
 * and the CLI, finding the directory locked, goes through that socket instead of failing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { main } from '../../src/cli/main';
import * as database from '../../src/db/database';
import type { Database } from '../../src/db/database';
import * as importService from '../../src/storage/importService';
import { bundleForTest } from '../support/bundle';
import { cliSandbox } from '../support/cli';

let BUNDLE = '';

interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

/** Starts the server on `dataDir` and waits until its socket for the CLI is open. */
const startServer = async (dataDir: string): Promise<ServerProcess> => {
  const child = spawn(process.execPath, [BUNDLE], {
    env: { ...process.env, TABULA_DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', JEST_WORKER_ID: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let url = '';
  const lines = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not open its socket within 30 s')), 30_000);
    void exited.then((code) => reject(new Error(`the server exited (${code})`)));
    lines.on('line', (line) => {
      if (!line.startsWith('{')) return;
      const entry = JSON.parse(line) as { msg: string; url?: string };
      if (entry.msg === 'tabula listening') url = (entry.url as string).replace(/\/graphql$/, '');
      if (entry.msg === 'local socket open: the CLI runs beside this server') {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return { child, url, exited };
};

const graphql = async (url: string, query: string, token?: string) => {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query }),
  });
  return { status: response.status, body: (await response.json()) as { data?: Record<string, unknown>; errors?: { extensions?: { code?: string } }[] } };
};

/** `count` short games, each with its own players (100 a chunk for the PGN reader). */
const pgnGames = (count: number): string =>
  Array.from({ length: count }, (_, i) => `[Event "beside ${i}"]\n[White "W${i}"]\n[Black "B${i}"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n`).join('\n');

/** Runs the CLI in this process, timed. */
const timed = async (argv: string[]): Promise<{ status: number; ms: number }> => {
  const started = performance.now();
  const status = await main(argv);
  return { status, ms: performance.now() - started };
};

describe('the CLI beside a running server on the embedded database', () => {
  const cli = cliSandbox('tabula-beside-', { migrated: true });
  let server: ServerProcess;
  let dataDir: string;
  let token = '';

  beforeAll(async () => {
    BUNDLE = bundleForTest('src/server/main.ts', 'server');
    dataDir = path.join(cli.dir, 'data');
    server = await startServer(dataDir);
  }, 60_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    fs.rmSync(BUNDLE, { force: true });
  });

  it('makes a first token through the server, at once, and the server accepts it', async () => {
    const opened: Database[] = [];
    const open = database.openDatabase;
    jest.spyOn(database, 'openDatabase').mockImplementation(async (config) => {
      const db = await open(config);
      opened.push(db);
      return db;
    });
    const { status, ms } = await timed(['token', 'create', 'first', '--role', 'writer']);
    // The token alone on standard output (TOKEN=$(tabula token create ...) takes it), the notice on standard error.
    expect({ status, logged: cli.logged.length, errors: cli.errors }).toEqual({
      status: 0,
      logged: 1,
      errors: ['token first (writer) created; it is shown only this once.'],
    });
    token = cli.logged[0];
    // No PGlite of its own to start (seconds): one connection to the server's.
    expect(opened.map((db) => ({ kind: db.kind, connections: db.pool?.options.max }))).toEqual([{ kind: 'pglite', connections: 1 }]);
    expect(ms).toBeLessThan(2000);
    expect(await graphql(server.url, 'mutation { ping }', token)).toEqual({ status: 200, body: { data: { ping: true } } });
    expect((await graphql(server.url, 'mutation { ping }', 'tabula_not-a-token')).status).toBe(401);
  });

  it('imports a file the server then serves, while the server keeps answering and writing', async () => {
    const file = path.join(cli.dir, 'beside.pgn');
    fs.writeFileSync(file, pgnGames(300));
    const cliImport = timed(['import', file]);
    // Requests meanwhile: reads, and an import of the server's own; each waits for the other's transaction.
    const reads = Array.from({ length: 5 }, () => graphql(server.url, '{ imports { totalCount } }'));
    const data = JSON.stringify('[White "Server"]\n[Black "Side"]\n\n1. d4 d5 *\n');
    const serverImport = graphql(server.url, `mutation { importGames(format: PGN, data: ${data}) { gameCount } }`, token);
    const { status, ms } = await cliImport;
    expect({ status, errors: cli.errors }).toEqual({ status: 0, errors: [] });
    expect(cli.logged[0]).toMatch(/beside\.pgn: imported as import [12]: 300 games, \d+ positions/);
    expect(ms).toBeLessThan(5000);
    for (const read of await Promise.all(reads)) expect(read.status).toBe(200);
    expect(await serverImport).toEqual({ status: 200, body: { data: { importGames: { gameCount: 1 } } } });
    const { body } = await graphql(server.url, '{ imports { totalCount nodes { format gameCount } } games(filter: { player: "W299" }) { nodes { player1 player2 event } } }');
    expect(body.data).toEqual({
      imports: { totalCount: 2, nodes: expect.arrayContaining([{ format: 'PGN', gameCount: 300 }, { format: 'PGN', gameCount: 1 }]) },
      games: { nodes: [{ player1: 'W299', player2: 'B299', event: 'beside 299' }] },
    });
  });

  it('lists, exports and revokes through the server too', async () => {
    expect((await timed(['token', 'list'])).status).toBe(0);
    expect(cli.logged).toEqual([expect.stringMatching(/^first\twriter\tcreated \S+\tactive$/)]);
    cli.clear();
    const out = path.join(cli.dir, 'back.pgn');
    const { body } = await graphql(server.url, '{ games(filter: { player: "W0" }) { nodes { id } } }');
    const id = (body.data as { games: { nodes: { id: string }[] } }).games.nodes[0].id;
    expect(await main(['export', '--game', id, '--format', 'pgn', '--out', out])).toBe(0);
    expect(fs.readFileSync(out, 'utf8')).toContain('[White "W0"]');
    cli.clear();
    expect(await main(['token', 'revoke', 'first'])).toBe(0);
    expect((await graphql(server.url, 'mutation { ping }', token)).status).toBe(401);
  });

  it('fails an import cut off by the server stopping, and stores nothing of it', async () => {
    const file = path.join(cli.dir, 'cut.pgn');
    fs.writeFileSync(file, pgnGames(3000));
    // SIGTERM once the first chunk of 100 games is stored inside the import's transaction.
    const original = importService.runImport;
    jest.spyOn(importService, 'runImport').mockImplementation((db, reader, source, options, onProgress) =>
      original(db, reader, source, options, (totals) => {
        if (totals.games === 100) server.child.kill('SIGTERM');
        onProgress?.(totals);
      }),
    );
    expect(await main(['import', file])).toBe(1);
    expect(cli.errors).toEqual([
      expect.stringMatching(
        /^the tabula server \(process \d+\) that holds .*data closed the connection \(terminating connection: the tabula server is stopping \(an open transaction was rolled back\)\): the transaction was rolled back, nothing of it is stored$/,
      ),
    ]);
    expect(await server.exited).toBe(0);
    // The server is gone: the CLI opens the directory itself, and finds only the two earlier imports.
    const db = await database.openDatabase({ dataDir, poolSize: 1, statementTimeoutMs: 0 });
    try {
      expect(Number((await db.sql.query<{ n: bigint }>('SELECT count(*) AS n FROM "Import"'))[0].n)).toBe(2);
      expect(Number((await db.sql.query<{ n: bigint }>('SELECT count(*) AS n FROM "Game"'))[0].n)).toBe(301);
    } finally {
      await db.close();
    }
  });
});
