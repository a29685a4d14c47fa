/**
 * The migration that brought `Import.zobristTable` fills it for stored imports with what is known:
 * imports with Go SGF games get the table active when it runs (the shipped "default" when no
 * stored table is active); imports without get null.
 */
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { generateZobristTable, printZobristTable } from '../../src/codecs/go';
import { applyMigrations, readMigrations } from '../../src/db/migrations';
import type { SqlExecutor } from '../../src/db/sql';

const MIGRATION = '20261126091113_import_zobrist_table';
const BEFORE = readMigrations().filter((m) => m.name < MIGRATION);
const THIS = readMigrations().filter((m) => m.name === MIGRATION);

/** Import 1: a Go SGF game; 2: a chess game; 3: a Go position file (no game). */
const OLD_ROWS = (activeTable: boolean) => `
  INSERT INTO "ZobristTable" (name, text, active) VALUES ('seven', '${printZobristTable(generateZobristTable(81, 7n))}', ${activeTable});
  INSERT INTO "Import" (id, format, fingerprint) VALUES (1, 'SGF', 'go'), (2, 'PGN', 'chess'), (3, 'GO_POSITIONS', 'file');
  INSERT INTO "Game" (kind, "importId", "sourceFormat", source) VALUES
    ('GO', 1, 'SGF', convert_to('(;GM[1]SZ[9];B[ee])', 'UTF8')), ('CHESS', 2, 'PGN', convert_to('1. e4 *', 'UTF8'));
`;

type Run = (text: string, params?: readonly unknown[]) => Promise<Record<string, unknown>[]>;

const executor = (run: Run): SqlExecutor => ({
  query: async <R,>(text: string, params?: readonly unknown[]) => (await run(text, params)) as R[],
  exec: async (script) => {
    await run(script);
  },
  copyRows: () => Promise.reject(new Error('no COPY here')),
});

/** A database to migrate: how to run statements in it, in a transaction, and how to drop it. */
interface Target {
  name: string;
  open: () => Promise<{ run: Run; inTransaction: Parameters<typeof applyMigrations>[0]; close: () => Promise<void> }>;
}

const pgliteTarget: Target = {
  name: 'pglite',
  open: async () => {
    const raw = new PGlite();
    await raw.waitReady;
    const run: Run = async (text, params) => (params === undefined ? (await raw.exec(text), []) : (await raw.query<Record<string, unknown>>(text, params as unknown[])).rows);
    return {
      run,
      inTransaction: (work) => raw.transaction((tx) => work(executor(async (text, params) =>
        params === undefined ? (await tx.exec(text), []) : (await tx.query<Record<string, unknown>>(text, params as unknown[])).rows))),
      close: () => raw.close(),
    };
  },
};

const postgresTarget = (url: string): Target => ({
  name: 'postgresql',
  open: async () => {
    const schema = `tabula_zobrist_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`CREATE SCHEMA "${schema}"`);
    await client.query(`SET search_path TO "${schema}"`);
    const run: Run = async (text, params) => (await client.query(text, params as unknown[])).rows;
    return {
      run,
      inTransaction: async (work) => {
        await client.query('BEGIN');
        try {
          const result = await work(executor(run));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK');
          throw error;
        }
      },
      close: async () => {
        await client.query(`DROP SCHEMA "${schema}" CASCADE`);
        await client.end();
      },
    };
  },
});

const targets = (): Target[] => (process.env.TEST_DATABASE_URL ? [pgliteTarget, postgresTarget(process.env.TEST_DATABASE_URL)] : [pgliteTarget]);

/** The recorded table of imports 1..3 after migrating a database whose stored table is active or not. */
const migrated = async (target: Target, activeTable: boolean): Promise<unknown[]> => {
  const db = await target.open();
  try {
    await applyMigrations(db.inTransaction, BEFORE);
    await db.run(OLD_ROWS(activeTable));
    await applyMigrations(db.inTransaction, THIS);
    return await db.run(`SELECT id::int AS id, "zobristTable" FROM "Import" ORDER BY id`, []);
  } finally {
    await db.close();
  }
};

for (const target of targets()) {
  describe(`the import_zobrist_table migration [${target.name}]`, () => {
    it('records the active stored table for the import with Go games, none for the others', async () => {
      expect(await migrated(target, true)).toEqual([
        { id: 1, zobristTable: 'seven' },
        { id: 2, zobristTable: null },
        { id: 3, zobristTable: null },
      ]);
    });

    it('records the shipped default when no stored table is active', async () => {
      expect((await migrated(target, false))[0]).toEqual({ id: 1, zobristTable: 'default' });
    });
  });
}
