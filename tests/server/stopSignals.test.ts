/**
 * Stopping the server: signals judged one by one (copies of one Ctrl-C, a second Ctrl-C), and
 * `npm start` stopped as a terminal stops it, by a signal to its whole process group.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { writeGoScoreSample } from '../../src/cli/goSample';
import { handleStopSignals, judgeSignal } from '../../src/server/signals';

/** How far apart the start script must see two Ctrl-Cs to pass both on (scripts/start.mjs). */
const SAME_SIGNAL_MS = 500;

const ROOT = path.resolve(__dirname, '../..');

describe('judging a stop signal', () => {
  it('stops on the first signal', () => {
    expect(judgeSignal(false)).toBe('stop');
  });

  it('takes any signal while stopping for a second Ctrl-C that forces the stop', () => {
    expect(judgeSignal(true)).toBe('force');
  });
});

describe('handling stop signals', () => {
  const setup = () => {
    const proc = new EventEmitter();
    const calls: string[] = [];
    const release = handleStopSignals(
      {
        stop: async (signal) => void calls.push(`stop ${signal}`),
        hurry: (signal) => void calls.push(`hurry ${signal}`),
      },
      proc,
    );
    return { proc, calls, release };
  };

  it('stops on the first signal and hurries on the next, whichever signals they are', () => {
    const { proc, calls } = setup();
    proc.emit('SIGTERM', 'SIGTERM');
    proc.emit('SIGINT', 'SIGINT');
    expect(calls).toEqual(['stop SIGTERM', 'hurry SIGINT']);
  });

  it('hurries on a second signal that is handled at the same moment as the first (a busy event loop)', () => {
    const { proc, calls } = setup();
    proc.emit('SIGINT', 'SIGINT');
    proc.emit('SIGINT', 'SIGINT');
    expect(calls).toEqual(['stop SIGINT', 'hurry SIGINT']);
  });

  it('leaves every signal handled, none to the default action that kills the process', () => {
    const { proc } = setup();
    proc.emit('SIGINT', 'SIGINT');
    proc.emit('SIGINT', 'SIGINT');
    expect([proc.listenerCount('SIGINT'), proc.listenerCount('SIGTERM')]).toEqual([1, 1]);
  });
});

/** A TCP port nothing listens on right now. */
const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/**
 * PostgreSQL's cluster state in `global/pg_control` (a 32-bit DBState after the 8-byte system id
 * and two 32-bit version numbers): 1 is "shut down" (the next start needs no recovery), 6 "in production".
 */
const clusterState = (dataDir: string): number => fs.readFileSync(path.join(dataDir, 'global', 'pg_control')).readInt32LE(16);
const SHUT_DOWN = 1;
const IN_PRODUCTION = 6;

interface Started {
  child: ChildProcess;
  /** The server's log lines so far (JSON, one object a line). */
  lines: Record<string, unknown>[];
  /** Settles with the log line whose msg is `msg`. */
  waitFor(msg: string): Promise<Record<string, unknown>>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `npm start` as a terminal runs it: in a process group of its own, which a Ctrl-C signals whole. */
const npmStart = (env: NodeJS.ProcessEnv): Started => {
  const child = spawn('npm', ['start'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: Record<string, unknown>[] = [];
  const waiting: { msg: string; resolve: (line: Record<string, unknown>) => void }[] = [];
  let rest = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const text = rest + chunk.toString();
    const parts = text.split('\n');
    rest = parts.pop() ?? '';
    for (const part of parts) {
      if (!part.startsWith('{')) continue;
      const line = JSON.parse(part) as Record<string, unknown>;
      lines.push(line);
      for (const w of waiting.filter((w) => w.msg === line.msg)) w.resolve(line);
    }
  });
  child.stderr!.resume();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const waitFor = (msg: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const seen = lines.find((l) => l.msg === msg);
      if (seen) return resolve(seen);
      waiting.push({ msg, resolve });
      void exited.then(() => reject(new Error(`npm start exited before logging "${msg}"; it logged: ${lines.map((l) => l.msg).join(' | ')}`)));
    });
  return { child, lines, waitFor, exited };
};

const TOKEN = 'signal-test-admin-token';
type ImportAnswer = { data?: { importGames: { positionCount: number } } };
const IMPORT = `mutation ($data: String!) { importGames(format: PGN, data: $data) { importId } }`;
/** A one-game PGN file, a different one for each `n` (the same file twice is one import). */
const pgn = (n: number) => `[Event "stop test ${n}"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n`;

describe('npm start stopped by a signal to its process group', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  const started: Started[] = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-signal-'));
    env = { ...process.env, PORT: String(await freePort()), HOST: '127.0.0.1', TABULA_DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'info', TABULA_API_TOKEN: TOKEN };
    delete env.DATABASE_URL;
    delete env.NODE_ENV;
    delete env.JEST_WORKER_ID;
  });

  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  afterEach(async () => {
    // A test that failed half-way leaves no server holding the data directory for the next one.
    for (const s of started) {
      if (s.child.exitCode === null && s.child.signalCode === null && s.child.pid) process.kill(-s.child.pid, 'SIGKILL');
    }
    await Promise.all(started.map((s) => s.exited));
  });

  /** Starts `npm start`, imports one game and returns its import id while the server runs. */
  const startAndImport = async (): Promise<{ server: Started; importId: number }> => {
    const server = npmStart(env);
    started.push(server);
    await server.waitFor('database open and migrated; ready');
    const response = await fetch(`http://127.0.0.1:${env.PORT}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ query: IMPORT, variables: { data: pgn(started.length) } }),
    });
    const body = (await response.json()) as { data?: { importGames: { importId: string } } };
    if (!body.data) throw new Error(`the import failed: ${JSON.stringify(body)}`);
    return { server, importId: Number(body.data.importGames.importId) };
  };

  it('logs "stopped", exits 0 and leaves the database shut down cleanly after SIGINT (Ctrl-C)', async () => {
    const { server } = await startAndImport();
    expect(clusterState(env.TABULA_DATA_DIR!)).toBe(IN_PRODUCTION);
    process.kill(-server.child.pid!, 'SIGINT');
    const { code } = await server.exited;
    expect({ code, stopped: server.lines.some((l) => l.msg === 'stopped'), state: clusterState(env.TABULA_DATA_DIR!) }).toEqual({
      code: 0,
      stopped: true,
      state: SHUT_DOWN,
    });
  }, 300_000);

  it('starts again without recovery: the next import takes the next number, and SIGTERM to the group stops it as cleanly', async () => {
    const { server, importId } = await startAndImport();
    process.kill(-server.child.pid!, 'SIGTERM');
    const { code } = await server.exited;
    expect({ importId, code, stopped: server.lines.some((l) => l.msg === 'stopped'), state: clusterState(env.TABULA_DATA_DIR!) }).toEqual({
      importId: 2,
      code: 0,
      stopped: true,
      state: SHUT_DOWN,
    });
  }, 300_000);

  /** Starts `npm start` and sends a Go position file of 100,000 positions (seconds to store), without waiting for the answer. */
  const startWithLongImport = async (seed: number) => {
    const server = npmStart(env);
    started.push(server);
    await server.waitFor('database open and migrated; ready');
    const file = writeGoScoreSample(path.join(dir, `sample-${seed}`), 100_000, seed).positions;
    const data = fs.readFileSync(file).toString('base64');
    const answer = fetch(`http://127.0.0.1:${env.PORT}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ query: 'mutation ($d: String!) { importGames(format: GO_POSITIONS, data: $d) { positionCount } }', variables: { d: data } }),
    }).then(
      async (r) => ({ status: r.status, body: (await r.json()) as ImportAnswer }),
      (): { status: number; body: ImportAnswer } => ({ status: 0, body: {} }),
    );
    // The request is being stored when the signal comes.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    return { server, answer };
  };

  it('answers an import in flight before stopping on one Ctrl-C, and exits 0 with the database shut down', async () => {
    const { server, answer } = await startWithLongImport(31);
    process.kill(-server.child.pid!, 'SIGINT');
    const [{ code }, answered] = await Promise.all([server.exited, answer]);
    expect({ code, answered: answered.status, positions: answered.body.data?.importGames.positionCount, state: clusterState(env.TABULA_DATA_DIR!) }).toEqual({
      code: 0,
      answered: 200,
      positions: 100_000,
      state: SHUT_DOWN,
    });
  }, 300_000);

  it('stops at once on a second Ctrl-C while stopping: the import is cut off, status 130, the database still shut down cleanly', async () => {
    const { server, answer } = await startWithLongImport(32);
    process.kill(-server.child.pid!, 'SIGINT');
    await new Promise((resolve) => setTimeout(resolve, SAME_SIGNAL_MS * 2));
    process.kill(-server.child.pid!, 'SIGINT');
    const [{ code }, answered] = await Promise.all([server.exited, answer]);
    expect({ code, answered: answered.status, state: clusterState(env.TABULA_DATA_DIR!) }).toEqual({ code: 130, answered: 0, state: SHUT_DOWN });
  }, 300_000);
});
