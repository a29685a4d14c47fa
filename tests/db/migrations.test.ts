import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/db/database';
import { MIGRATION_LOCK_KEY, migrationChecksum, readMigrations } from '../../src/db/migrations';
import { describeEachDatabase } from '../support/databases';

const root = path.resolve(__dirname, '../..');
const checkScript = path.join(root, 'scripts/migrate.mjs');

/** Runs the drift check; returns its exit code and output. */
const runCheck = (schemaPath?: string): { code: number; output: string } => {
  try {
    const output = execFileSync('node', [checkScript, 'check', ...(schemaPath ? [schemaPath] : [])], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    return { code: 0, output };
  } catch (error) {
    const failure = error as { status: number; stdout: string };
    return { code: failure.status, output: failure.stdout };
  }
};

describe('migration drift check', () => {
  it('passes when schema.prisma and prisma/migrations agree', () => {
    const result = runCheck();
    expect(result.output).toContain('agree');
    expect(result.code).toBe(0);
  });

  it('fails and prints the missing SQL when the schema gains a column without a migration', () => {
    const schema = fs.readFileSync(path.join(root, 'prisma/schema.prisma'), 'utf8');
    const changed = schema.replace('model Game {', 'model Game {\n  driftProbe String?');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-drift-')), 'schema.prisma');
    fs.writeFileSync(file, changed);
    const result = runCheck(file);
    expect(result.code).toBe(1);
    expect(result.output).toContain('ALTER TABLE "Game" ADD COLUMN     "driftProbe" TEXT');
  });
});

describeEachDatabase('migrations at start', (getDb) => {
  it('records every committed migration with the checksum prisma migrate deploy expects', async () => {
    const rows = await getDb().sql.query<{ migration_name: string; checksum: string }>(
      'SELECT migration_name, checksum FROM "_prisma_migrations" ORDER BY migration_name',
    );
    expect(rows).toEqual(readMigrations().map((m) => ({ migration_name: m.name, checksum: migrationChecksum(m.script) })));
    expect(rows[0].checksum).toMatch(/^[0-9a-f]{64}$/);
  });

  it('creates the tables of the storage model', async () => {
    const tables = await getDb().sql.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
       WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    expect(tables.map((t) => t.table_name)).toEqual(
      ['ApiToken', 'EvaluationBlock', 'Game', 'Import', 'ImportPosition', 'ImportScore', 'PlayerAnalysis', 'Position', 'PositionBlock', 'PositionMove', 'PositionRun', 'Score', 'ZobristTable', '_prisma_migrations'],
    );
  });
});

const POSTGRES_URL = process.env.TEST_DATABASE_URL;
(POSTGRES_URL ? describe : describe.skip)('migrations and the statement timeout [postgresql]', () => {
  const schema = `tabula_test_${randomBytes(6).toString('hex')}`;

  afterAll(async () => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  });

  it('waits for another server’s migrations longer than the statement timeout, and opens', async () => {
    // Another server migrating: it holds the migration lock for 600 ms.
    const other = new pg.Client({ connectionString: POSTGRES_URL });
    await other.connect();
    await other.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const released = new Promise((resolve) => setTimeout(resolve, 600)).then(() => other.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]));
    const started = Date.now();
    try {
      const db = await openDatabase({ url: POSTGRES_URL, schema, poolSize: 2, statementTimeoutMs: 100 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(500);
      const [row] = await db.sql.query<{ n: bigint }>('SELECT count(*)::int8 AS n FROM "_prisma_migrations"');
      expect(Number(row.n)).toBe(readMigrations().length);
      // Requests are still bound by it.
      await expect(db.sql.query('SELECT pg_sleep(0.5)')).rejects.toThrow(/statement timeout/);
      await db.close();
    } finally {
      await released;
      await other.end();
    }
  });
});
