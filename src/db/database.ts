/**
 * Opens tabula's database: PostgreSQL through `pg` + `@prisma/adapter-pg` when a
 * URL is configured, else an embedded PGlite through `pglite-prisma-adapter` (or, for
 * the CLI beside a running server, that server's PGlite through its socket, as PostgreSQL).
 * Both give the same Prisma client, the same raw SQL executor and the same
 * transaction-wrapped bulk path, so the rest of tabula does not care which.
 */
import fs from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { PrismaClient } from '../generated/prisma/client';
import { DEFAULT_PGLITE_SHARED_BUFFERS, DEFAULT_REPLICA_CHECK_MS, DEFAULT_REPLICA_MAX_LAG_MS, type DatabaseConfig } from './config';
import { ReplicaSet } from './replicas';
import { CopyBytes, type CopyLines, type CopyValue, copyOptions, copyPieces, linesOf } from './copyText';
import { bindValue, columnList, type Row, type SqlExecutor } from './sql';
import { Slots } from './slots';
import { applyMigrations, migrationChecksum, readMigrations } from './migrations';
import { DataDirInUse, lockDataDir } from './dataDirLock';
import { holdPrivateUmask, makePrivate, openEntriesMessage } from './privateDir';
import { Gate, gatePglite, serveLocalSocket, socketPathOf, socketStream, type LocalSocket, type LocalSocketOptions } from './localSocket';

export type DatabaseKind = 'pglite' | 'postgresql';

export interface Database {
  kind: DatabaseKind;
  prisma: PrismaClient;
  /** Raw statements outside any transaction (the hot read path). */
  sql: SqlExecutor;
  /** Runs `work` in one transaction: everything it wrote is kept, or nothing. */
  transaction<T>(work: (sql: SqlExecutor) => Promise<T>): Promise<T>;
  /**
   * The configured statement timeout (`DatabaseConfig.statementTimeoutMs`; 0 or absent: none).
   * PostgreSQL cancels a statement past it; work a request does between statements that could
   * run as long (a pattern search's replays, also on PGlite) keeps to it too.
   */
  statementTimeoutMs?: number;
  close(): Promise<void>;
  /**
   * The PostgreSQL connection pool (PostgreSQL only; absent on PGlite). Read-only use:
   * `src/server/metrics.ts` reports its total/idle/waiting counts as `tabula_db_pool_connections`.
   */
  pool?: pg.Pool;
  /**
   * PGlite in a data directory only: serve it to local clients (the CLI) on a Unix socket in the
   * directory until `close` (`localSocket.ts`); the server calls it once the database is open.
   */
  share?(options?: LocalSocketOptions): Promise<LocalSocket>;
  /**
   * The primary's read replicas (PostgreSQL with `DATABASE_REPLICA_URLS` only): where a read-only
   * operation may run instead (`replicas.ts`). Absent: everything runs here.
   */
  replicas?: ReplicaSet;
}

const INT8_OID = 20;
const COPY_CHUNK_ROWS = 50_000;
/**
 * A COPY's text goes to PostgreSQL in pieces of about this many characters as it is formatted, so
 * the server reads the first rows while the next are formatted.
 */
const COPY_PIECE_CHARS = 64 * 1024;

/** One `COPY ... FROM STDIN` in progress on a connection: its text written piece by piece. */
class CopyWriter {
  private readonly stream: ReturnType<typeof copyFrom>;
  private readonly done: Promise<void>;
  /** Whether PostgreSQL has ended the COPY (stored its rows, or failed it). */
  private settled = false;

  constructor(client: pg.PoolClient, statement: string) {
    this.stream = client.query(copyFrom(statement));
    this.done = new Promise<void>((resolve, reject) => {
      this.stream.on('error', reject);
      this.stream.on('finish', resolve);
    });
    // Awaited by `write` and `end`; this also keeps an error that comes first from being reported as unhandled.
    this.done.then(
      () => (this.settled = true),
      () => (this.settled = true),
    );
  }

  /** Writes a piece; waits while the connection's buffer is full. */
  async write(text: string | Uint8Array): Promise<void> {
    if (this.stream.write(text)) return;
    await Promise.race([new Promise<void>((resolve) => this.stream.once('drain', resolve)), this.done]);
  }

  /** Writes the last piece and waits for PostgreSQL to have stored every row. */
  async end(text: string | Uint8Array): Promise<void> {
    this.stream.end(text);
    await this.done;
  }

  /** Abandons the COPY unless PostgreSQL has ended it (it is told the COPY failed). */
  fail(error: unknown): void {
    if (!this.settled) this.stream.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}

/** Splits rows into COPY text chunks so no single buffer grows without bound. */
function* copyChunks(rows: Iterable<readonly CopyValue[]> | CopyLines): Generator<{ text: string; count: number }> {
  let text = '';
  let count = 0;
  for (const line of linesOf(rows)) {
    text += line;
    if (++count === COPY_CHUNK_ROWS) {
      yield { text, count };
      text = '';
      count = 0;
    }
  }
  if (count > 0) yield { text, count };
}

// ---------------------------------------------------------------- PostgreSQL

const int8AsBigInt = {
  getTypeParser: (oid: number, format?: string) =>
    oid === INT8_OID ? (value: string) => BigInt(value) : pg.types.getTypeParser(oid, format as 'text'),
};

/**
 * Statements on the pool (`prepared`) are named prepared statements: each connection parses and
 * plans one once, then only binds and executes it (the hot read path saves ~30% of PostgreSQL's
 * work per lookup). Statements inside transactions stay unnamed, as imports create and drop
 * tables that a kept plan could outlive.
 */
const pgExecutor = (client: pg.Pool | pg.PoolClient, prepared = false): SqlExecutor => ({
  async query<R extends Row>(text: string, params: readonly unknown[] = []) {
    const name = prepared ? `t${hashText(text)}` : undefined;
    const result = await client.query({ name, text, values: params.map(bindValue), types: int8AsBigInt } as pg.QueryConfig);
    return result.rows as R[];
  },
  async exec(script) {
    await client.query(script);
  },
  async copyRows(table, columns, rows) {
    if (!('release' in client)) throw new Error('copyRows runs inside a transaction');
    const statement = `COPY "${table}" (${columnList(columns)}) FROM STDIN`;
    if (rows instanceof CopyBytes) {
      if (rows.rows === 0) return 0;
      const copy = new CopyWriter(client, statement + copyOptions(rows));
      try {
        // In pieces, so the server reads the first rows before the last have arrived.
        const pieces = copyPieces(rows, COPY_PIECE_CHARS);
        for (let i = 0; i < pieces.length - 1; i++) await copy.write(pieces[i]);
        await copy.end(pieces[pieces.length - 1]);
      } catch (error) {
        copy.fail(error);
        throw error;
      }
      return rows.rows;
    }
    let written = 0;
    let copy: CopyWriter | undefined;
    let text = '';
    try {
      for (const line of linesOf(rows)) {
        copy ??= new CopyWriter(client, statement);
        text += line;
        if (++written % COPY_CHUNK_ROWS === 0) {
          await copy.end(text);
          copy = undefined;
          text = '';
        } else if (text.length >= COPY_PIECE_CHARS) {
          await copy.write(text);
          text = '';
        }
      }
      if (copy) await copy.end(text);
    } catch (error) {
      // Rows that fail to format (or a write refused) end the COPY in progress, so the connection can roll back.
      copy?.fail(error);
      throw error;
    }
    return written;
  },
});

const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

interface PoolDatabaseOptions {
  kind: DatabaseKind;
  schema?: string;
  /** Named prepared statements on the pool (PostgreSQL), or unnamed ones only (a shared PGlite session). */
  prepared: boolean;
  /** Most write transactions holding a connection at once. */
  writers: number;
  /** What a transaction whose connection was lost throws instead of the driver's error. */
  lostConnection?: (error: unknown) => Error;
}

const isFatal = (error: unknown): boolean => (error as { severity?: unknown } | null)?.severity === 'FATAL';

/** An error that ends the connection: a FATAL from the server (admin shutdown, idle timeout), or the socket closing. */
const connectionEnded = (error: unknown): boolean => {
  const e = error as { severity?: unknown; message?: unknown } | null;
  return isFatal(e) || (typeof e?.message === 'string' && /^Connection terminated/.test(e.message));
};

/**
 * Of the errors a lost connection raised, the one that says why: the server's FATAL message (its
 * farewell) over the socket's closing, which the client may report first (the 'end' event fires
 * in the same turn as the message, before the failed statement's promise settles); else the first.
 */
const whyLost = (known: Error | undefined, next: Error): Error => (!known || (isFatal(next) && !isFatal(known)) ? next : known);

/** A Database over a `pg` pool: PostgreSQL, or a running server's PGlite through its socket. */
function poolDatabase(pool: pg.Pool, options: PoolDatabaseOptions): Database {
  const writers = new Slots(options.writers);
  const transaction = <T>(work: (sql: SqlExecutor) => Promise<T>): Promise<T> => writers.run(() => runTransaction(work));
  const runTransaction = async <T>(work: (sql: SqlExecutor) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    // A checked-out client has no pool listener: a server that goes away mid-transaction emits
    // 'error' here (the running statement fails too), and an unheard 'error' would end the process.
    let lost: Error | undefined;
    const onError = (error: Error) => void (lost = whyLost(lost, error));
    client.on('error', onError);
    try {
      await client.query('BEGIN');
      const result = await work(pgExecutor(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      if (connectionEnded(error)) lost = whyLost(lost, error as Error);
      if (!lost) await client.query('ROLLBACK').catch(() => undefined);
      throw lost && options.lostConnection ? options.lostConnection(lost) : error;
    } finally {
      client.removeListener('error', onError);
      // A broken connection is closed, not handed to the next caller.
      client.release(lost);
    }
  };
  const adapter = new PrismaPg(pool, {
    schema: options.schema,
    statementNameGenerator: options.prepared ? (query: { sql: string }) => `p${hashText(query.sql)}` : undefined,
  });
  const prisma = new PrismaClient({ adapter });
  return {
    kind: options.kind,
    prisma,
    pool,
    sql: pgExecutor(pool, options.prepared),
    transaction,
    async close() {
      await prisma.$disconnect();
      await pool.end().catch(() => undefined);
    },
  };
}

/** A pool of connections to the PostgreSQL server at `url`, with tabula's session settings. */
function postgresPool(url: string, config: DatabaseConfig, connectionTimeoutMillis = 5_000): pg.Pool {
  const settings = [`-c statement_timeout=${config.statementTimeoutMs}`];
  if (config.schema) settings.push(`-c search_path=${config.schema}`);
  const pool = new pg.Pool({ connectionString: url, max: config.poolSize, connectionTimeoutMillis, options: settings.join(' ') });
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => undefined);
  return pool;
}

/** How a replica is named in metrics and readiness: its host and port (never its credentials). */
const replicaName = (url: string, index: number): string => {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || 5432}`;
  } catch {
    return `replica${index + 1}`;
  }
};

/**
 * The primary's read replicas (`config.replicaUrls`), checked once before this returns: their
 * pools fail over to the primary's, their transactions run on the primary (`replicas.ts`). No
 * connection to a replica is needed to start: one that is down is skipped until it answers.
 */
async function openReplicas(primary: Database & { pool: pg.Pool }, config: DatabaseConfig & { replicaUrls: string[] }): Promise<ReplicaSet> {
  const set = new ReplicaSet(
    primary,
    config.replicaUrls.map((url, i) => ({
      name: replicaName(url, i),
      pool: postgresPool(url, config, 2_000),
      open: (pool: pg.Pool) => poolDatabase(pool, { kind: 'postgresql', schema: config.schema, prepared: true, writers: 1 }),
    })),
    { maxLagMs: config.replicaMaxLagMs ?? DEFAULT_REPLICA_MAX_LAG_MS, checkMs: config.replicaCheckMs ?? DEFAULT_REPLICA_CHECK_MS },
  );
  try {
    await set.start();
  } catch (error) {
    await set.close();
    throw error;
  }
  return set;
}

async function openPostgres(config: DatabaseConfig & { url: string }): Promise<Database> {
  const pool = postgresPool(config.url, config);
  if (config.schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(config.schema)}`);
  const db = poolDatabase(pool, {
    kind: 'postgresql',
    schema: config.schema,
    prepared: true,
    writers: Math.max(1, Math.min(config.poolSize - 1, config.importConnections ?? Math.floor(config.poolSize / 2))),
  });
  await applyMigrations(db.transaction);
  const opened = { ...db, pool, statementTimeoutMs: config.statementTimeoutMs };
  if (!config.replicaUrls?.length) return opened;
  const replicas = await openReplicas(opened, { ...config, replicaUrls: config.replicaUrls }).catch(async (error: unknown) => {
    await db.close();
    throw error;
  });
  return {
    ...opened,
    replicas,
    async close() {
      await replicas.close();
      await db.close();
    },
  };
}

/** A short stable name for a prepared statement. */
const hashText = (text: string): string => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36) + text.length.toString(36);
};

// -------------------------------------------------------------------- PGlite

const int8Parsers = { parsers: { [INT8_OID]: (value: string) => BigInt(value) } };

const pgliteExecutor = (db: PGlite | Transaction): SqlExecutor => ({
  async query<R extends Row>(text: string, params: readonly unknown[] = []) {
    const result = await db.query<R>(text, params.map(bindValue), int8Parsers);
    return result.rows;
  },
  async exec(script) {
    await db.exec(script);
  },
  async copyRows(table, columns, rows) {
    if (rows instanceof CopyBytes) {
      if (rows.rows > 0) {
        await db.query(`COPY "${table}" (${columnList(columns)}) FROM '/dev/blob'${copyOptions(rows)}`, [], { blob: new Blob(copyPieces(rows, Math.max(1, rows.text.length))) });
      }
      return rows.rows;
    }
    let written = 0;
    for (const chunk of copyChunks(rows)) {
      await db.query(`COPY "${table}" (${columnList(columns)}) FROM '/dev/blob'`, [], { blob: new Blob([chunk.text]) });
      written += chunk.count;
    }
    return written;
  },
});

/**
 * Makes a data directory private before PGlite opens it (see privateDir.ts), warning when it was
 * not; returns the release of the umask held while it is open.
 */
function privateDataDir(config: DatabaseConfig & { dataDir: string }): () => void {
  const release = holdPrivateUmask();
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const open = makePrivate(config.dataDir);
  if (open.length > 0) (config.warn ?? ((message: string) => process.emitWarning(message)))(openEntriesMessage(config.dataDir, open));
  return release;
}

async function openPglite(config: DatabaseConfig): Promise<Database> {
  let unlock: () => void = () => undefined;
  let releaseUmask: () => void = () => undefined;
  const dataDir = config.dataDir;
  if (dataDir) {
    releaseUmask = privateDataDir({ ...config, dataDir });
    try {
      unlock = lockDataDir(dataDir);
    } catch (error) {
      releaseUmask();
      if (error instanceof DataDirInUse && config.joinServer) return { ...(await openThroughServer(error)), statementTimeoutMs: config.statementTimeoutMs };
      throw error;
    }
  }
  // A smaller buffer cache than PostgreSQL's 128MB: it is WebAssembly memory, held for the process's life.
  const options = { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${config.pgliteSharedBuffers ?? DEFAULT_PGLITE_SHARED_BUFFERS}`] };
  const pglite = dataDir ? new PGlite(dataDir, options) : new PGlite({ ...options, ...(config.pgliteTemplate ? { loadDataDir: config.pgliteTemplate } : {}) });
  try {
    await pglite.waitReady;
  } catch (error) {
    releaseUmask();
    unlock();
    throw error;
  }
  // A new cluster's files are written 0666 by PGlite, and each start rewrites some: set them now.
  if (dataDir) makePrivate(dataDir);
  // Every use of PGlite passes the gate, so a local client's transaction (see `share`) runs alone.
  const gate = new Gate();
  const gated = gatePglite(pglite, gate);
  // PGlite's close waits for the transaction in progress; one that runs on (a long import) would
  // hold it past the server's grace time and the process would exit with PGlite open, leaving the
  // data directory to crash recovery. Once closing, a transaction's next statement fails instead:
  // the transaction rolls back and the close goes ahead.
  let closing = false;
  const stopping = () => new Error('the database is closing (the server is stopping): the transaction was rolled back, nothing of it is stored');
  const unlessClosing = (sql: SqlExecutor): SqlExecutor => ({
    query: (text, params) => (closing ? Promise.reject(stopping()) : sql.query(text, params)),
    exec: (script) => (closing ? Promise.reject(stopping()) : sql.exec(script)),
    copyRows: (table, columns, rows) => (closing ? Promise.reject(stopping()) : sql.copyRows(table, columns, rows)),
  });
  const transaction = <T>(work: (sql: SqlExecutor) => Promise<T>): Promise<T> =>
    gate.run(() => (closing ? Promise.reject(stopping()) : pglite.transaction((tx) => work(unlessClosing(pgliteExecutor(tx))))));
  await applyMigrations(transaction);
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(gated) });
  let socket: Promise<LocalSocket> | undefined;
  return {
    kind: 'pglite',
    prisma,
    sql: pgliteExecutor(gated),
    transaction,
    statementTimeoutMs: config.statementTimeoutMs,
    share: dataDir ? (options) => (socket ??= serveLocalSocket(pglite, gate, dataDir, options)) : undefined,
    async close() {
      closing = true;
      await socket?.then((s) => s.close()).catch(() => undefined);
      await prisma.$disconnect();
      await pglite.close();
      if (dataDir) makePrivate(dataDir);
      releaseUmask();
      unlock();
    },
  };
}

/**
 * The CLI beside a running server: the data directory is locked by a live process, so reach its
 * PGlite through the socket it serves (`localSocket.ts`) as an ordinary PostgreSQL client with
 * one connection. The server applied the migrations when it opened the database; they are only
 * checked here.
 */
async function openThroughServer(busy: DataDirInUse): Promise<Database> {
  const file = socketPathOf(busy.dir);
  const server = `the tabula server (process ${busy.owner}) that holds ${busy.dir}`;
  if (!fs.existsSync(file)) {
    throw new Error(
      `the PGlite data directory ${busy.dir} is in use by process ${busy.owner}, which serves no socket (${file}): ` +
        'a tabula server still starting (try again in a moment) or another tabula command; stop it or set TABULA_DATA_DIR',
    );
  }
  const pool = new pg.Pool({
    // No startup settings (statement_timeout, search_path): they would be the server's too.
    stream: socketStream(file),
    user: 'postgres',
    database: 'postgres',
    max: 1,
    connectionTimeoutMillis: 5_000,
  });
  pool.on('error', () => undefined);
  const db = poolDatabase(pool, {
    kind: 'pglite',
    prepared: false,
    writers: 1,
    lostConnection: (error) =>
      new Error(`${server} closed the connection (${error instanceof Error ? error.message : String(error)}): the transaction was rolled back, nothing of it is stored`),
  });
  try {
    const rows = await db.sql.query<{ migration_name: string; checksum: string }>(
      'SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
    );
    const applied = new Map(rows.map((r) => [r.migration_name, r.checksum]));
    const pending = readMigrations().find((m) => applied.get(m.name) !== migrationChecksum(m.script));
    if (pending) {
      const what = applied.has(pending.name) ? 'applied another version of' : 'not applied';
      throw new Error(`${server} has ${what} migration ${pending.name}: restart it with this version of tabula, which migrates at start`);
    }
  } catch (error) {
    await db.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ECONNREFUSED' || code === 'ENOENT') {
      throw new Error(`the PGlite data directory ${busy.dir} is in use by process ${busy.owner}, whose socket (${file}) does not answer; stop it or set TABULA_DATA_DIR`);
    }
    throw error;
  }
  return db;
}

/** The kind of database `config` opens: PostgreSQL at its URL, else the embedded PGlite. */
export const databaseKindOf = (config: DatabaseConfig): DatabaseKind => (config.url ? 'postgresql' : 'pglite');

/** Opens the configured database and brings its schema up to date. */
export const openDatabase = (config: DatabaseConfig): Promise<Database> =>
  config.url ? openPostgres({ ...config, url: config.url }) : openPglite(config);
