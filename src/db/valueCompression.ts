/**
 * How PostgreSQL compresses the long values a transaction stores (TOAST: a value over about 2 KB,
 * such as an SGF game's source, 18 KB a game in the backgammon bench file). Its default, pglz, was
 * half the PostgreSQL backend's CPU in that file's import (1.2-1.4 s of 2.5-2.8 s); lz4 compresses
 * the same sources in about a tenth of the time, into some 19% more bytes (29.0 against 24.4 MB for
 * its 3,600 games), and reads them back faster. The values themselves are the same either way.
 */
import type { SqlExecutor } from './sql';

/**
 * Has the long values the current transaction stores compressed with lz4, where the server was
 * built with it (PostgreSQL 14 and later, most builds; the embedded PGlite has pglz alone and keeps
 * it). Until the transaction ends; returns whether lz4 is used.
 */
export async function compressWithLz4(sql: SqlExecutor): Promise<boolean> {
  const set = await sql.query<{ method: string }>(
    `SELECT set_config('default_toast_compression', 'lz4', true) AS method FROM pg_settings
     WHERE name = 'default_toast_compression' AND 'lz4' = ANY(enumvals)`,
  );
  return set.length > 0;
}
