/**
 * Import numbers without holes. A number drawn from a sequence is used up even when the
 * transaction that drew it rolls back, so every failed import left a hole (and PostgreSQL's
 * sequence prefetch made numbers jump by up to 32 after an unclean stop). Instead an import takes
 * the number after the highest one ever committed (the highest id, or the sequence's value, which
 * keeps the numbers of deleted imports from being given again) and holds it with a transaction
 * advisory lock until it commits or rolls back: a concurrent import skips to the next free number
 * and neither waits for the other. A failed import gives its number back with its transaction. Only
 * when two imports run at once and the earlier-numbered one fails does a hole remain. The locks are
 * the schema's own (their first key holds a hash of `current_schema()`): advisory locks are the
 * whole database's, and an import into another schema of it (another tabula on the same server, a
 * test file beside this one) holding the same number made this one skip it.
 */
import type { SqlExecutor } from '../db/sql';

/** First key of the advisory locks that hold import numbers, with the schema's hash (the second is the number). */
const IMPORT_NUMBER_LOCK = 0x7461_6249; // "tabI"

/** Most numbers tried before giving up: as many as imports can run at once, and more. */
const MAX_TRIES = 1_000;

/** The number the import running in `sql`'s transaction gets, held until that transaction ends. */
export async function reserveImportId(sql: SqlExecutor): Promise<bigint> {
  const [{ last }] = await sql.query<{ last: bigint }>(
    `SELECT GREATEST(COALESCE((SELECT max(id) FROM "Import"), 0),
                     (SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM "Import_id_seq"))::int8 AS last`,
  );
  for (let candidate = BigInt(last) + 1n, tries = 0; tries < MAX_TRIES; candidate++, tries++) {
    const [{ locked }] = await sql.query<{ locked: boolean }>(`SELECT pg_try_advisory_xact_lock($2::int4 # hashtext(current_schema()), ($1::int8 % 2147483647)::int4) AS locked`, [
      candidate,
      IMPORT_NUMBER_LOCK,
    ]);
    if (!locked) continue;
    // Asked in a statement of its own, after the lock: in READ COMMITTED (the imports' isolation)
    // its snapshot is taken now, so it sees an import that took this number and committed (so
    // released the lock) while the lock was asked for. One statement doing both saw the rows as
    // they were before the lock, and the insert then failed on Import_pkey.
    const [{ taken }] = await sql.query<{ taken: boolean }>(`SELECT EXISTS (SELECT 1 FROM "Import" WHERE id = $1::int8) AS taken`, [candidate]);
    if (!taken) return candidate;
  }
  throw new Error(`no free import number after ${last} in ${MAX_TRIES} tries`);
}

/**
 * Moves the sequence up to `id` (at the end of the import's transaction), so that the number
 * stays taken once the import is deleted, and rows inserted with the column's default follow it.
 */
export async function keepImportId(sql: SqlExecutor, id: bigint): Promise<void> {
  await sql.query(`SELECT setval('"Import_id_seq"', GREATEST($1::int8, last_value)) FROM "Import_id_seq"`, [id]);
}
