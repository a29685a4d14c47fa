/**
 * The databases a test file runs against: an in-memory PGlite always (a copy of one migrated
 * cluster, pgliteTemplate.ts), and PostgreSQL when TEST_DATABASE_URL is set, in a schema of its
 * own that is dropped afterwards, so parallel and repeated runs never see each other's data.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/database';
import { pgliteTemplate } from './pgliteTemplate';

export interface TestTarget {
  name: 'pglite' | 'postgresql';
  open: () => Promise<Database>;
  /** Drops what `open` created. */
  cleanup: () => Promise<void>;
}

const pgliteTarget = (): TestTarget => ({
  name: 'pglite',
  open: async () => openDatabase({ poolSize: 1, statementTimeoutMs: 0, pgliteTemplate: await pgliteTemplate() }),
  cleanup: async () => undefined,
});

const postgresTarget = (url: string): TestTarget => {
  const schema = `tabula_test_${randomBytes(6).toString('hex')}`;
  return {
    name: 'postgresql',
    open: () => openDatabase({ url, schema, poolSize: 4, statementTimeoutMs: 60_000 }),
    cleanup: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    },
  };
};

/** PGlite, plus PostgreSQL when TEST_DATABASE_URL is set. */
export const testTargets = (): TestTarget[] => {
  const url = process.env.TEST_DATABASE_URL;
  return url ? [pgliteTarget(), postgresTarget(url)] : [pgliteTarget()];
};

/**
 * Runs `suite` once per target with a database opened before its tests and
 * closed after them (one database per test file and target).
 */
export const describeEachDatabase = (title: string, suite: (getDb: () => Database) => void): void => {
  for (const target of testTargets()) {
    describe(`${title} [${target.name}]`, () => {
      let db: Database | undefined;
      beforeAll(async () => {
        db = await target.open();
      });
      afterAll(async () => {
        await db?.close();
        await target.cleanup();
      });
      suite(() => {
        if (!db) throw new Error('database not open');
        return db;
      });
    });
  }
};
