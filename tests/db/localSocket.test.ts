/**
 * The server's PGlite lent to local clients over its socket (src/db/localSocket.ts): one
 * database opened on a data directory and shared, others opened on the same directory with
 * `joinServer` (as the CLI does), reaching it as PostgreSQL clients with one connection.
 *
 * Both ends run in this process, and the lock counts a lock of one's own pid as stale (a
 * restarted container has the same pid): the lock file is given to a sleeping child process,
 * which stands for the server process here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { openDatabase, type Database } from '../../src/db/database';
import { socketPathOf, socketStream, type LocalSocket } from '../../src/db/localSocket';

const config = (dataDir: string) => ({ dataDir, poolSize: 10, statementTimeoutMs: 0 });

/** Opens and shares the "server" database on `dataDir`, its lock held by a live stand-in process. */
const openShared = async (dataDir: string, idleMs?: number) => {
  const db = await openDatabase(config(dataDir));
  const socket = await (db.share as NonNullable<Database['share']>)({ idleMs });
  const holder = spawn('sleep', ['600'], { stdio: 'ignore' });
  fs.writeFileSync(path.join(dataDir, 'tabula.lock'), String(holder.pid));
  return { db, socket, holder };
};

/** A raw pg client on the socket, for what the Database interface does not do. */
const rawClient = async (dataDir: string): Promise<pg.Client> => {
  const client = new pg.Client({ stream: socketStream(socketPathOf(dataDir)), user: 'postgres', database: 'postgres' });
  client.on('error', () => undefined);
  await client.connect();
  return client;
};

const count = async (db: Database, table: string): Promise<number> =>
  Number((await db.sql.query<{ n: bigint }>(`SELECT count(*) AS n FROM ${table}`))[0].n);

/** A promise and the function that settles it. */
const signal = () => {
  let fire: () => void = () => undefined;
  const fired = new Promise<void>((resolve) => (fire = resolve));
  return { fire, fired };
};

describe('PGlite shared with local clients over a socket', () => {
  let dataDir: string;
  let server: Database;
  let socket: LocalSocket;
  let holder: ChildProcess;
  let cli: Database;

  beforeAll(async () => {
    dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-socket-')), 'data');
    ({ db: server, socket, holder } = await openShared(dataDir, 400));
    await server.sql.exec('CREATE TABLE scratch (n int, note text)');
    cli = await openDatabase({ ...config(dataDir), joinServer: true });
  });

  afterAll(async () => {
    await cli?.close();
    await server?.close();
    holder?.kill();
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  beforeEach(async () => {
    await server.sql.exec('TRUNCATE scratch');
  });

  it('lives in the data directory, reachable by its owner only', () => {
    expect(socket.path).toBe(socketPathOf(dataDir));
    expect(fs.statSync(path.dirname(socket.path)).mode & 0o777).toBe(0o700);
    expect(fs.statSync(socket.path).isSocket()).toBe(true);
    expect(fs.statSync(socket.path).mode & 0o777).toBe(0o600);
  });

  it('is reached by a database opened on the locked directory with joinServer', async () => {
    expect(cli.kind).toBe('pglite');
    expect(cli.pool?.options.max).toBe(1);
    await cli.prisma.apiToken.create({ data: { name: 'through-socket', role: 'reader', tokenHash: 'h1' } });
    expect(await server.prisma.apiToken.findUnique({ where: { name: 'through-socket' } })).toMatchObject({ role: 'reader' });
    await server.sql.query(`INSERT INTO scratch VALUES (1, 'server')`);
    expect(await count(cli, 'scratch')).toBe(1);
  });

  it('keeps the refusal without joinServer', async () => {
    await expect(openDatabase(config(dataDir))).rejects.toThrow(`the PGlite data directory ${dataDir} is in use by process ${holder.pid}`);
  });

  it('runs a client transaction alone: the server waits, and its own write survives the client rollback', async () => {
    const inside = signal();
    const finish = signal();
    const client = cli.transaction(async (sql) => {
      await sql.query(`INSERT INTO scratch VALUES (1, 'client')`);
      inside.fire();
      await finish.fired;
      throw new Error('client gives up');
    });
    await inside.fired;
    let serverDone = false;
    const serverRead = server.sql.query<{ note: string }>('SELECT note FROM scratch ORDER BY n');
    const serverWrite = server.sql.query(`INSERT INTO scratch VALUES (2, 'server')`).then(() => (serverDone = true));
    await sleep(200);
    expect(serverDone).toBe(false);
    finish.fire();
    await expect(client).rejects.toThrow('client gives up');
    await serverWrite;
    // The read waited for the client's transaction and saw none of it.
    expect((await serverRead).map((r) => r.note)).toEqual([]);
    expect((await server.sql.query<{ note: string }>('SELECT note FROM scratch')).map((r) => r.note)).toEqual(['server']);
  });

  it('keeps a server transaction whole while a client waits', async () => {
    const inside = signal();
    const finish = signal();
    const serverTx = server.transaction(async (sql) => {
      await sql.query(`INSERT INTO scratch VALUES (1, 'server tx')`);
      inside.fire();
      await finish.fired;
      await sql.query(`INSERT INTO scratch VALUES (2, 'server tx')`);
    });
    await inside.fired;
    const clientRead = cli.sql.query<{ n: number }>('SELECT n FROM scratch ORDER BY n');
    await sleep(100);
    finish.fire();
    await serverTx;
    expect((await clientRead).map((r) => r.n)).toEqual([1, 2]);
  });

  it('copies rows through the socket (COPY FROM STDIN reaches PGlite in one call)', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => [i, `row\t${i}\n`] as const);
    const written = await cli.transaction((sql) => sql.copyRows('scratch', ['n', 'note'], rows));
    expect(written).toBe(5000);
    expect(await count(server, 'scratch')).toBe(5000);
    expect((await server.sql.query<{ note: string }>('SELECT note FROM scratch WHERE n = 7'))[0].note).toBe('row\t7\n');
  });

  it('reports a COPY that fails, and rolls back', async () => {
    await expect(cli.transaction((sql) => sql.copyRows('scratch', ['n', 'note'], [['not a number', 'x']]))).rejects.toThrow(/invalid input syntax for type integer/);
    expect(await count(server, 'scratch')).toBe(0);
    expect(await count(cli, 'scratch')).toBe(0);
  });

  it('refuses COPY FROM STDIN it cannot batch, and PGlite lives on', async () => {
    const client = await rawClient(dataDir);
    try {
      await expect(client.query({ name: 'extended', text: 'COPY scratch FROM STDIN' })).rejects.toThrow(/must be a simple query starting with COPY/);
      await expect(client.query('SELECT 1; COPY scratch FROM STDIN')).rejects.toThrow(/must be a simple query starting with COPY/);
      const stream = client.query(copyFrom('COPY scratch (n, note) FROM STDIN'));
      await new Promise<void>((resolve, reject) => {
        stream.on('error', reject);
        stream.on('finish', resolve);
        stream.end('1\tone\n2\ttwo\n');
      });
    } finally {
      await client.end();
    }
    expect(await count(server, 'scratch')).toBe(2);
  });

  it('rolls back the transaction of a client that vanishes, and frees the database', async () => {
    const client = await rawClient(dataDir);
    await client.query('BEGIN');
    await client.query(`INSERT INTO scratch VALUES (1, 'vanishing')`);
    const serverRead = count(server, 'scratch');
    (client as unknown as { connection: { stream: net.Socket } }).connection.stream.destroy();
    expect(await serverRead).toBe(0);
    expect(await count(server, 'scratch')).toBe(0);
  });

  it('cuts off a client that holds the database idle, rolling it back', async () => {
    const started = Date.now();
    const error = await cli
      .transaction(async (sql) => {
        await sql.query(`INSERT INTO scratch VALUES (1, 'idle')`);
        await sleep(1000);
        await sql.query(`INSERT INTO scratch VALUES (2, 'idle')`);
      })
      .catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/closed the connection .*idle for 400 ms.*nothing of it is stored/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(await count(server, 'scratch')).toBe(0);
    // The pool's next connection works.
    expect(await count(cli, 'scratch')).toBe(0);
  });

  it('ends a client that sends what PGlite must not see', async () => {
    const raw = net.connect(socketPathOf(dataDir));
    await new Promise((resolve) => raw.once('connect', resolve));
    let answer = '';
    raw.on('data', (data: Buffer) => (answer += data.toString('latin1')));
    const closed = new Promise((resolve) => raw.once('close', resolve));
    const startup = Buffer.from('\0\0\0\x17\0\x03\0\0user\0postgres\0\0', 'latin1');
    raw.write(Buffer.concat([startup, Buffer.from('Y\0\0\0\x04', 'latin1')]));
    await closed;
    expect(answer).toContain('FATAL\0C08P01\0Munsupported frontend message type "Y"');
    expect(await count(server, 'scratch')).toBe(0);
  });

  it('resets the settings a client made when it leaves', async () => {
    const client = await rawClient(dataDir);
    await client.query('SET search_path TO nowhere');
    // One session: while the client is connected, its setting is the server's too.
    expect((await server.sql.query<{ search_path: string }>('SHOW search_path'))[0].search_path).toBe('nowhere');
    await client.end();
    const deadline = Date.now() + 5000;
    while ((await server.sql.query<{ search_path: string }>('SHOW search_path'))[0].search_path !== 'public') {
      if (Date.now() > deadline) throw new Error('search_path was not reset');
      await sleep(10);
    }
    expect(await count(server, 'scratch')).toBe(0);
  });

  it('copies megabytes in one COPY through the socket', async () => {
    const note = 'x'.repeat(200);
    const rows = Array.from({ length: 50_000 }, (_, i) => [i, note] as const);
    const started = Date.now();
    expect(await cli.transaction((sql) => sql.copyRows('scratch', ['n', 'note'], rows))).toBe(50_000);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await count(server, 'scratch')).toBe(50_000);
  });

  it('lets two clients take turns, a transaction at a time', async () => {
    const other = await openDatabase({ ...config(dataDir), joinServer: true });
    try {
      await Promise.all(
        [cli, other].map((db, k) =>
          Promise.all(
            Array.from({ length: 5 }, (_, i) =>
              db.transaction(async (sql) => {
                await sql.query(`INSERT INTO scratch VALUES ($1, 'a')`, [k * 100 + i]);
                await sleep(5);
                await sql.query(`INSERT INTO scratch VALUES ($1, 'b')`, [k * 100 + i]);
              }),
            ),
          ),
        ),
      );
    } finally {
      await other.close();
    }
    expect(await count(server, 'scratch')).toBe(20);
  });
});

describe('a shared PGlite that stops', () => {
  it('fails the client transaction it cuts off, and stores nothing of it', async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-socket-stop-')), 'data');
    const shared = await openShared(dataDir);
    let server = shared.db;
    await server.sql.exec('CREATE TABLE scratch (n int, note text)');
    const cli = await openDatabase({ ...config(dataDir), joinServer: true });
    try {
      const inside = signal();
      const transaction = cli.transaction(async (sql) => {
        await sql.query(`INSERT INTO scratch VALUES (1, 'half')`);
        inside.fire();
        await sleep(500);
        await sql.query(`INSERT INTO scratch VALUES (2, 'half')`);
      });
      await inside.fired;
      await shared.socket.close();
      await expect(transaction).rejects.toThrow(
        new RegExp(`the tabula server \\(process ${shared.holder.pid}\\) that holds .* closed the connection \\(terminating connection: the tabula server is stopping.*nothing of it is stored`),
      );
      expect(await count(server, 'scratch')).toBe(0);
      await expect(openDatabase({ ...config(dataDir), joinServer: true })).rejects.toThrow(/is in use by process \d+, which serves no socket .*: a tabula server still starting/);
      // Reopened, the directory holds none of it either.
      await server.close();
      shared.holder.kill();
      server = await openDatabase(config(dataDir));
      expect(await count(server, 'scratch')).toBe(0);
    } finally {
      await cli.close();
      await server.close();
      shared.holder.kill();
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  });
});
