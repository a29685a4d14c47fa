/**
 * Databases made by an older set of migrations and holding rows of that model, to test that a
 * later migration moves them forward: a PGlite directory always, a PostgreSQL schema when
 * TEST_DATABASE_URL is set.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Migration, applyMigrations } from '../../src/db/migrations';
import { type Database, openDatabase } from '../../src/db/database';
import type { SqlExecutor } from '../../src/db/sql';

const executor = (run: (text: string, params?: readonly unknown[]) => Promise<Record<string, unknown>[]>): SqlExecutor => ({
  query: async <R,>(text: string, params?: readonly unknown[]) => (await run(text, params)) as R[],
  exec: async (script) => {
    await run(script);
  },
  copyRows: () => Promise.reject(new Error('no COPY here')),
});

export interface OldDatabase {
  name: string;
  /** Makes the old database with its rows; returns how to open it with tabula afterwards. */
  make: () => Promise<() => Promise<Database>>;
  cleanup: () => Promise<void>;
}

const pgliteOld = (migrations: Migration[], rows: string): OldDatabase => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-migrate-'));
  return {
    name: 'pglite',
    make: async () => {
      const raw = new PGlite(dir);
      await raw.waitReady;
      await applyMigrations((work) => raw.transaction((tx) => work(executor(async (text, params) => {
        if (params === undefined) {
          await tx.exec(text);
          return [];
        }
        return (await tx.query<Record<string, unknown>>(text, params as unknown[])).rows;
      }))), migrations);
      await raw.exec(rows);
      await raw.close();
      return () => openDatabase({ dataDir: dir, poolSize: 1, statementTimeoutMs: 0 });
    },
    cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
};

const postgresOld = (url: string, migrations: Migration[], rows: string): OldDatabase => {
  const schema = `tabula_migrate_${randomBytes(6).toString('hex')}`;
  const admin = async <T,>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  return {
    name: 'postgresql',
    make: async () => {
      await admin(async (client) => {
        await client.query(`CREATE SCHEMA "${schema}"`);
        await client.query(`SET search_path TO "${schema}"`);
        const sql = executor(async (text, params) => (await client.query(text, params as unknown[])).rows);
        await applyMigrations(async (work) => {
          await client.query('BEGIN');
          try {
            const result = await work(sql);
            await client.query('COMMIT');
            return result;
          } catch (error) {
            await client.query('ROLLBACK');
            throw error;
          }
        }, migrations);
        await client.query(rows);
      });
      return () => openDatabase({ url, schema, poolSize: 2, statementTimeoutMs: 60_000 });
    },
    cleanup: () => admin((client) => client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)).then(() => undefined),
  };
};

/** The old databases to test on: `migrations` applied, then `rows` inserted. */
export const oldDatabases = (migrations: Migration[], rows: string): OldDatabase[] => {
  const url = process.env.TEST_DATABASE_URL;
  return url ? [pgliteOld(migrations, rows), postgresOld(url, migrations, rows)] : [pgliteOld(migrations, rows)];
};

