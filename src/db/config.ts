/**
 * What the database needs, read from the environment: which database (PostgreSQL or PGlite and
 * where), its pool and statement timeout. The server and the CLI read it; the server's own
 * configuration is in `server/config.ts`.
 */
import path from 'node:path';

export interface DatabaseConfig {
  /** PostgreSQL connection string; absent means the embedded PGlite database. */
  url?: string;
  /** PostgreSQL schema to use (tests give each file its own). */
  schema?: string;
  /** PGlite data directory; absent (with no url) means in memory. */
  dataDir?: string;
  /**
   * When the data directory is locked by a running tabula server, use that server's PGlite through
   * the socket it serves in the directory instead of failing (the CLI).
   */
  joinServer?: boolean;
  /** Largest number of pooled PostgreSQL connections. */
  poolSize: number;
  /**
   * Most write transactions (imports) holding a pooled connection at once; more queue for a
   * turn. The rest of the pool stays free for reads. Default: half the pool, at least 1.
   */
  importConnections?: number;
  /** Milliseconds one SQL statement may run before PostgreSQL cancels it (0 = no limit). */
  statementTimeoutMs: number;
  /**
   * PostgreSQL hot standbys of `url` (streaming replication) that read-only operations may use
   * (`replicas.ts`); absent or empty: none.
   */
  replicaUrls?: string[];
  /** A replica further behind the primary than this many milliseconds gets no reads (default 5,000). */
  replicaMaxLagMs?: number;
  /** Milliseconds between replica health checks (default 500). */
  replicaCheckMs?: number;
  /**
   * PGlite's `shared_buffers` (TABULA_PGLITE_SHARED_BUFFERS, default 32MB): its buffer cache lives in
   * the process's WebAssembly memory, which never shrinks, so it is most of what the embedded
   * database costs in memory. Absent: the default.
   */
  pgliteSharedBuffers?: string;
  /**
   * An in-memory PGlite starts from this cluster (a data directory as PGlite's `dumpDataDir`
   * writes it) instead of a new one, then applies whatever migrations it lacks. The tests start
   * each database from one migrated cluster: a new cluster costs seconds of `initdb`.
   */
  pgliteTemplate?: Blob;
  /** Where opening reports what it repaired (a data directory open to others); default: a process warning. */
  warn?: (message: string) => void;
}

/** A whole number (0 or more) from the environment variable `name`, `fallback` when it is unset or empty. */
export const wholeNumberFromEnv = (env: NodeJS.ProcessEnv, name: string, fallback: number): number => {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${text}"`);
  return value;
};

/** A replica more than this many milliseconds behind gets no reads, unless configured otherwise. */
export const DEFAULT_REPLICA_MAX_LAG_MS = 5_000;
/** Milliseconds between replica health checks, unless configured otherwise. */
export const DEFAULT_REPLICA_CHECK_MS = 500;

/**
 * The replica URLs of DATABASE_REPLICA_URLS (comma-separated; blanks ignored). Refused without
 * DATABASE_URL: the embedded PGlite has no replicas.
 */
export const replicaUrlsFromEnv = (env: NodeJS.ProcessEnv): string[] | undefined => {
  const urls = (env.DATABASE_REPLICA_URLS ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url !== '');
  if (urls.length === 0) return undefined;
  if (!env.DATABASE_URL) {
    throw new Error('DATABASE_REPLICA_URLS needs DATABASE_URL: replicas are PostgreSQL hot standbys of a PostgreSQL primary, and the embedded PGlite has none');
  }
  for (const url of urls) {
    if (!/^postgres(ql)?:\/\//.test(url)) throw new Error(`DATABASE_REPLICA_URLS must list postgresql:// URLs separated by commas, got "${url.replace(/\/\/[^@/]*@/, '//…@')}"`);
  }
  return urls;
};

/** PGlite's buffer cache unless TABULA_PGLITE_SHARED_BUFFERS says otherwise (PostgreSQL's own default is 128MB). */
export const DEFAULT_PGLITE_SHARED_BUFFERS = '32MB';

/** TABULA_PGLITE_SHARED_BUFFERS: a size as PostgreSQL writes one (`32MB`, `256kB`, `1GB`). */
export const pgliteSharedBuffersFromEnv = (env: NodeJS.ProcessEnv): string => {
  const text = env.TABULA_PGLITE_SHARED_BUFFERS;
  if (text === undefined || text === '') return DEFAULT_PGLITE_SHARED_BUFFERS;
  if (!/^[1-9]\d*(kB|MB|GB)$/.test(text)) throw new Error(`TABULA_PGLITE_SHARED_BUFFERS must be a size such as 32MB (a whole number and kB, MB or GB), got "${text}"`);
  return text;
};

/**
 * PGlite's data directory when TABULA_DATA_DIR is not set: `data` in the checkout (beside `src/`
 * and `dist/`), wherever the server or the CLI is started from, so both find the same database.
 */
export const DEFAULT_DATA_DIR = path.resolve(__dirname, '../../data');

/** The database the server and CLI use: DATABASE_URL, else PGlite in TABULA_DATA_DIR (default `data` in the checkout). */
export const databaseConfigFromEnv = (env: NodeJS.ProcessEnv = process.env): DatabaseConfig => ({
  url: env.DATABASE_URL || undefined,
  schema: env.DATABASE_SCHEMA || undefined,
  dataDir: env.DATABASE_URL ? undefined : path.resolve(env.TABULA_DATA_DIR || DEFAULT_DATA_DIR),
  poolSize: wholeNumberFromEnv(env, 'TABULA_POOL_SIZE', 10),
  importConnections: env.TABULA_IMPORT_CONNECTIONS ? wholeNumberFromEnv(env, 'TABULA_IMPORT_CONNECTIONS', 1) : undefined,
  statementTimeoutMs: wholeNumberFromEnv(env, 'TABULA_STATEMENT_TIMEOUT_MS', 30_000),
  replicaUrls: replicaUrlsFromEnv(env),
  replicaMaxLagMs: wholeNumberFromEnv(env, 'DATABASE_REPLICA_MAX_LAG_MS', DEFAULT_REPLICA_MAX_LAG_MS),
  replicaCheckMs: Math.max(50, wholeNumberFromEnv(env, 'DATABASE_REPLICA_CHECK_MS', DEFAULT_REPLICA_CHECK_MS)),
  pgliteSharedBuffers: pgliteSharedBuffersFromEnv(env),
});
