import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrationChecksum, readMigrations } from '../../src/db/migrations';
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
