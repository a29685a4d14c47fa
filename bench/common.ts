/**
 * Shared helpers of the benchmark suite (`npm run bench`, see bench/run.sh, which transpiles
 * src/ and bench/ with tsc into a temporary directory and runs the compiled files with node).
 * Not a benchmark itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export const DATABASE_URL = process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/test';

/** The compiled suite's root (`$OUT` in run.sh): bench/*.js sit one level below it. */
export const BUILD_ROOT = path.resolve(__dirname, '..');
export const CLI = path.join(BUILD_ROOT, 'src', 'cli', 'main.js');
/** The sample files the benchmarks read: the repository's `samples/` (run.sh links it into `$OUT`), or BENCH_DATA. */
export const SAMPLES = process.env.BENCH_DATA || path.join(BUILD_ROOT, 'samples');

/** Prints one benchmark's figures as one JSON line. */
export const emit = (benchmark: string, figures: Record<string, unknown>): void => {
  console.log(JSON.stringify({ benchmark, ...figures }));
};

export const round = (value: number, digits = 0): number => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

export const seconds = (startedNs: bigint): number => Number(process.hrtime.bigint() - startedNs) / 1e9;

/** The tests' seeded PRNG (mulberry32), so every run generates the same inputs. */
export { prng } from '../tests/support/goFiles';

/** One table's share of a schema's storage, in bytes (heap includes the free-space and visibility maps). */
export interface TableStorage {
  name: string;
  total: number;
  heap: number;
  toast: number;
  indexes: number;
}

/** What a schema's tables take on disk, and the source text its games carry. */
export interface SchemaStorage {
  games: number;
  /** sum(octet_length(source)) of "Game": the source text's own length. */
  sourceBytes: number;
  /** sum(pg_column_size(source)): what the source takes as stored (TOAST compresses long ones). */
  storedSourceBytes: number;
  totalBytes: number;
  /** Largest first. */
  tables: TableStorage[];
}

/**
 * `pg_total_relation_size` (heap, TOAST and indexes) of every table of `schema`, found in
 * pg_class rather than named (the storage layer's tables change), with the number of games and
 * `sum(octet_length(source))` of "Game" (and `sum(pg_column_size(source))`, the source as stored:
 * PostgreSQL compresses values over 2 kB, so the SGF samples' long analysed sources take less room
 * than their length). Measured as the import left them: no VACUUM first.
 */
export async function schemaStorage(schema: string): Promise<SchemaStorage> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; total: string; toast: string; indexes: string }>(
      `SELECT c.relname AS name, pg_total_relation_size(c.oid) AS total, pg_indexes_size(c.oid) AS indexes,
              CASE WHEN c.reltoastrelid = 0 THEN 0 ELSE pg_total_relation_size(c.reltoastrelid) END AS toast
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'm')
        ORDER BY pg_total_relation_size(c.oid) DESC, c.relname`,
      [schema],
    );
    const tables = rows.map((r) => {
      const [total, toast, indexes] = [Number(r.total), Number(r.toast), Number(r.indexes)];
      return { name: r.name, total, heap: total - toast - indexes, toast, indexes };
    });
    const game = await client.query<{ games: string; source: string; stored: string }>(
      `SELECT count(*) AS games, coalesce(sum(octet_length(source)), 0) AS source, coalesce(sum(pg_column_size(source)), 0) AS stored
         FROM "${schema}"."Game"`,
    );
    return {
      games: Number(game.rows[0].games),
      sourceBytes: Number(game.rows[0].source),
      storedSourceBytes: Number(game.rows[0].stored),
      totalBytes: tables.reduce((sum, t) => sum + t.total, 0),
      tables,
    };
  } finally {
    await client.end();
  }
}

/**
 * The figures of a `storage-*` line: bytes per game beyond the source text (all tables minus
 * sum(octet_length("Game".source)), over the games stored), the same beyond the source as stored
 * (minus sum(pg_column_size(source)): the figure the goal is checked on, since it cannot go below
 * zero when PostgreSQL compresses the sources, as it does the SGF samples'), and per table its
 * bytes per game (total, and of it heap, TOAST and indexes).
 */
export const storageFigures = (s: SchemaStorage): Record<string, unknown> => {
  const perGame = (bytes: number) => (s.games ? round(bytes / s.games) : NaN);
  return {
    games: s.games,
    bytesPerGameBeyondSource: perGame(s.totalBytes - s.sourceBytes),
    bytesPerGameBeyondStoredSource: perGame(s.totalBytes - s.storedSourceBytes),
    totalBytesPerGame: perGame(s.totalBytes),
    sourceBytesPerGame: perGame(s.sourceBytes),
    storedSourceBytesPerGame: perGame(s.storedSourceBytes),
    totalMB: round(s.totalBytes / 1e6, 1),
    tablesBytesPerGame: Object.fromEntries(
      s.tables.map((t) => [t.name, { total: perGame(t.total), heap: perGame(t.heap), toast: perGame(t.toast), indexes: perGame(t.indexes) }]),
    ),
  };
};

export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

/** Peak resident set size (VmHWM) of a live process, in MB; undefined once it has exited. */
export const peakRssMb = (pid: number): number | undefined => {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
};

/** CPU time (user + system) a live process has used so far, in seconds, from /proc (clock ticks of 10 ms). */
export const cpuSeconds = (pid: number): number => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

export interface RunResult {
  code: number | null;
  seconds: number;
  /** Peak RSS in MB, from GNU time's "Maximum resident set size". */
  peakRssMb: number;
  stdout: string;
  stderr: string;
}

/** Runs a command under `/usr/bin/time -v`, timing it and taking its peak RSS. */
export function runMeasured(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn('/usr/bin/time', ['-v', command, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const kb = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)?.[1];
      resolve({ code, seconds: seconds(started), peakRssMb: kb === undefined ? NaN : Number(kb) / 1024, stdout, stderr });
    });
  });
}

/** `tabula import ...` through the CLI as its own process, on PostgreSQL (`schema`) or PGlite (`dataDir`). */
export async function cliImport(
  where: { schema: string } | { dataDir: string },
  args: string[],
): Promise<RunResult> {
  const env: NodeJS.ProcessEnv =
    'schema' in where
      ? { DATABASE_URL, DATABASE_SCHEMA: where.schema, TABULA_DATA_DIR: '' }
      : { DATABASE_URL: '', DATABASE_SCHEMA: '', TABULA_DATA_DIR: where.dataDir };
  const result = await runMeasured(process.execPath, [CLI, 'import', ...args], { ...env, NODE_ENV: 'production' });
  if (result.code !== 0) throw new Error(`tabula import ${args.join(' ')} exited with ${result.code}: ${result.stderr.slice(-2000)}`);
  return result;
}

/** Starts `node file` with env and waits until GET url answers 200. */
export async function startProcess(file: string, env: NodeJS.ProcessEnv, readyUrl: string, extraArgs: string[] = []): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...extraArgs, file], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${file} exited with ${child.exitCode}`);
    try {
      const res = await fetch(readyUrl);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`${file} did not become ready`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

export const stopProcess = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** Asks a forked server to stop with `message` (SIGKILL after 20 s); settles when it has exited. */
export const stopForkedServer = (child: ChildProcess, message: unknown): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.send(message as Parameters<ChildProcess['send']>[0]);
  });

/** Runs `work` on one connection to DATABASE_URL, closed after. */
export async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Games stored in `schema`, or 0 when it has no "Game" table. */
export const storedGames = (schema: string): Promise<number> =>
  withClient(async (client) => {
    const exists = await client.query<{ t: string | null }>(`SELECT to_regclass($1) AS t`, [`"${schema}"."Game"`]);
    if (!exists.rows[0].t) return 0;
    return Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${schema}"."Game"`)).rows[0].n);
  });

/** Writes `texts` to `file` one after another, a megabyte at a time; returns the bytes written. */
export function writeTexts(file: string, texts: Iterable<string>): number {
  const out = fs.openSync(file, 'w');
  let chunk: string[] = [];
  let chunkLength = 0;
  let bytes = 0;
  const flush = () => {
    const buffer = Buffer.from(chunk.join(''));
    for (let done = 0; done < buffer.length; ) done += fs.writeSync(out, buffer, done);
    bytes += buffer.length;
    chunk = [];
    chunkLength = 0;
  };
  try {
    for (const text of texts) {
      chunk.push(text);
      chunkLength += text.length;
      if (chunkLength >= 1 << 20) flush();
    }
    flush();
  } finally {
    fs.closeSync(out);
  }
  return bytes;
}

/** What autocannon reports of a run (the fields the benches read). */
export interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as Autocannon;

/** Connections the lookup benches hold open at once. */
export const LOAD_CONNECTIONS = 16;

/** POSTs `body()` (a new body each request) to `url` from LOAD_CONNECTIONS connections for `duration` seconds; throws on any failed request. */
export async function loadHttp(url: string, body: () => string, duration: number): Promise<AutocannonResult> {
  const result = await autocannon({
    url,
    method: 'POST',
    connections: LOAD_CONNECTIONS,
    duration,
    headers: { 'content-type': 'application/json' },
    requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, body: body() }) }],
  });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result;
}
