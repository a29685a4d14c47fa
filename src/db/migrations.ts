/**
 * Applies the SQL migrations committed under prisma/migrations, keeping the same
 * `_prisma_migrations` bookkeeping as `prisma migrate deploy`, so a database set
 * up by tabula can later be managed with the standard Prisma CLI and vice versa.
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { SqlExecutor } from './sql';

export const MIGRATIONS_DIR = path.resolve(__dirname, '../../prisma/migrations');

/** Any constant works; it only keeps two starting servers from migrating at once. */
export const MIGRATION_LOCK_KEY = 7_216_453_011;

export interface Migration {
  name: string;
  script: string;
}

/** The committed migrations, oldest first (directory names start with a timestamp). */
export const readMigrations = (dir: string = MIGRATIONS_DIR): Migration[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => ({ name, script: fs.readFileSync(path.join(dir, name, 'migration.sql'), 'utf8') }));

/** Prisma's checksum: sha256 of the script with line endings normalised to LF. */
export const migrationChecksum = (script: string): string =>
  createHash('sha256').update(script.replace(/\r\n/g, '\n')).digest('hex');

const BOOKKEEPING_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

type RunInTransaction = <T>(work: (sql: SqlExecutor) => Promise<T>) => Promise<T>;

/**
 * Applies every migration not yet recorded, in one transaction, and returns
 * their names. A recorded migration whose file changed since is an error. The
 * transaction is not bound by the server's statement timeout, which is for
 * requests: waiting for another server's migrations, or a migration over a
 * large collection, may take longer.
 */
export async function applyMigrations(transaction: RunInTransaction, migrations = readMigrations()): Promise<string[]> {
  return transaction(async (sql) => {
    await sql.exec('SET LOCAL statement_timeout = 0');
    await sql.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await sql.exec(BOOKKEEPING_TABLE);
    const applied = await sql.query<{ migration_name: string; checksum: string }>(
      'SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
    );
    const recorded = new Map(applied.map((row) => [row.migration_name, row.checksum]));
    const newlyApplied: string[] = [];
    for (const migration of migrations) {
      const checksum = migrationChecksum(migration.script);
      const existing = recorded.get(migration.name);
      if (existing !== undefined) {
        if (existing !== checksum) {
          throw new Error(`migration ${migration.name} was modified after it was applied (checksum ${existing} in the database)`);
        }
        continue;
      }
      await sql.exec(migration.script);
      await sql.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, finished_at, applied_steps_count)
         VALUES ($1, $2, $3, now(), 1)`,
        [randomUUID(), checksum, migration.name],
      );
      newlyApplied.push(migration.name);
    }
    return newlyApplied;
  });
}
