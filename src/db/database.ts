/**
 * Opens tabula's database: PostgreSQL through `pg` + `@prisma/adapter-pg` when a
 * URL is configured, else an embedded PGlite through `pglite-prisma-adapter`.
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
import type { DatabaseConfig } from './config';
import { copyLine, type CopyValue } from './copyText';
import { bindValue, columnList, type Row, type SqlExecutor } from './sql';
import { Slots } from './slots';
import { applyMigrations } from './migrations';
import { lockDataDir } from './dataDirLock';

export type DatabaseKind = 'pglite' | 'postgresql';

export interface Database {
  kind: DatabaseKind;
  prisma: PrismaClient;
  /** Raw statements outside any transaction (the hot read path). */
  sql: SqlExecutor;
  /** Runs `work` in one transaction: everything it wrote is kept, or nothing. */
  transaction<T>(work: (sql: SqlExecutor) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * The PostgreSQL connection pool (PostgreSQL only; absent on PGlite). Read-only use:
   * `src/server/metrics.ts` reports its total/idle/waiting counts as `tabula_db_pool_connections`.
   */
  pool?: pg.Pool;
}

const INT8_OID = 20;
const COPY_CHUNK_ROWS = 50_000;

/** Splits rows into COPY text chunks so no single buffer grows without bound. */
function* copyChunks(rows: Iterable<readonly CopyValue[]>): Generator<{ text: string; count: number }> {
  let text = '';
  let count = 0;
  for (const row of rows) {
    text += copyLine(row);
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
    let written = 0;
    for (const chunk of copyChunks(rows)) {
      const stream = client.query(copyFrom(`COPY "${table}" (${columnList(columns)}) FROM STDIN`));
      await new Promise<void>((resolve, reject) => {
        stream.on('error', reject);
        stream.on('finish', resolve);
        stream.end(chunk.text);
      });
      written += chunk.count;
    }
    return written;
  },
});

const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

async function openPostgres(config: DatabaseConfig & { url: string }): Promise<Database> {
  const settings = [`-c statement_timeout=${config.statementTimeoutMs}`];
  if (config.schema) settings.push(`-c search_path=${config.schema}`);
  const pool = new pg.Pool({
    connectionString: config.url,
    max: config.poolSize,
    connectionTimeoutMillis: 5_000,
    options: settings.join(' '),
  });
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => undefined);
  if (config.schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(config.schema)}`);
  const writers = new Slots(Math.max(1, Math.min(config.poolSize - 1, config.importConnections ?? Math.floor(config.poolSize / 2))));
  const transaction = <T>(work: (sql: SqlExecutor) => Promise<T>): Promise<T> => writers.run(() => runTransaction(work));
  const runTransaction = async <T>(work: (sql: SqlExecutor) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    // A checked-out client has no pool listener: a server that goes away mid-transaction emits
    // 'error' here (the running statement fails too), and an unheard 'error' would end the process.
    let lost: Error | undefined;
    const onError = (error: Error) => void (lost = error);
    client.on('error', onError);
    try {
      await client.query('BEGIN');
      const result = await work(pgExecutor(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      if (!lost) await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.removeListener('error', onError);
      // A broken connection is closed, not handed to the next caller.
      client.release(lost);
    }
  };
  await applyMigrations(transaction);
  const adapter = new PrismaPg(pool, { schema: config.schema, statementNameGenerator: (query: { sql: string }) => `p${hashText(query.sql)}`,
  });
  const prisma = new PrismaClient({ adapter });
  return {
    kind: 'postgresql',
    prisma,
    pool,
    sql: pgExecutor(pool, true),
    transaction,
    async close() {
      await prisma.$disconnect();
      await pool.end().catch(() => undefined);
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
    let written = 0;
    for (const chunk of copyChunks(rows)) {
      await db.query(`COPY "${table}" (${columnList(columns)}) FROM '/dev/blob'`, [], { blob: new Blob([chunk.text]) });
      written += chunk.count;
    }
    return written;
  },
});

async function openPglite(config: DatabaseConfig): Promise<Database> {
  let unlock: () => void = () => undefined;
  if (config.dataDir) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    unlock = lockDataDir(config.dataDir);
  }
  const pglite = config.dataDir ? new PGlite(config.dataDir) : new PGlite();
  await pglite.waitReady;
  const transaction = <T>(work: (sql: SqlExecutor) => Promise<T>): Promise<T> =>
    pglite.transaction((tx) => work(pgliteExecutor(tx)));
  await applyMigrations(transaction);
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  return {
    kind: 'pglite',
    prisma,
    sql: pgliteExecutor(pglite),
    transaction,
    async close() {
      await prisma.$disconnect();
      await pglite.close();
      unlock();
    },
  };
}

/** Opens the configured database and brings its schema up to date. */
export const openDatabase = (config: DatabaseConfig): Promise<Database> =>
  config.url ? openPostgres({ ...config, url: config.url }) : openPglite(config);
