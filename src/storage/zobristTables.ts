/**
 * The Zobrist tables Go boards are hashed with: the shipped default (always there, never stored)
 * and the tables users imported, one of which may be active. A table's text is kept as given.
 */
import { defaultZobristTable, printZobristTable } from '../codecs/go';
import type { Database } from '../db/database';
import type { SqlExecutor } from '../db/sql';
import { DEFAULT_ZOBRIST_TABLE, goHasher } from '../games/go/files';
import { indexImportAgain } from './reindex';

export interface ZobristTableRow {
  name: string;
  text: string;
  active: boolean;
  /** Null for the shipped default. */
  createdAt: Date | null;
  builtIn: boolean;
}

const defaultTableRow = (active: boolean): ZobristTableRow => ({
  name: DEFAULT_ZOBRIST_TABLE,
  text: printZobristTable(defaultZobristTable(9, 9)),
  active,
  createdAt: null,
  builtIn: true,
});

/** Every table by name, the shipped default first (active when no stored table is). */
export async function listZobristTables(db: Database): Promise<ZobristTableRow[]> {
  const rows = await db.prisma.zobristTable.findMany({ orderBy: { name: 'asc' } });
  return [defaultTableRow(!rows.some((r) => r.active)), ...rows.map((r) => ({ ...r, builtIn: false }))];
}

export const zobristTableNamed = async (db: Database, name: string): Promise<ZobristTableRow | undefined> =>
  (await listZobristTables(db)).find((t) => t.name === name);

/**
 * Stores (or replaces) a table already validated by the codec; makes it the active one unless
 * `activate` is false. Returns how many imports were indexed again (see `rehashImports`).
 */
export const saveZobristTable = (db: Database, name: string, text: string, activate: boolean): Promise<number> =>
  db.transaction(async (sql) => {
    await lockTables(sql);
    const [before] = await sql.query<{ text: string }>(`SELECT text FROM "ZobristTable" WHERE name = $1`, [name]);
    await sql.query(
      `INSERT INTO "ZobristTable" (name, text, active) VALUES ($1, $2, false)
       ON CONFLICT (name) DO UPDATE SET text = excluded.text`,
      [name, text],
    );
    if (activate) await sql.query(`UPDATE "ZobristTable" SET active = (name = $1)`, [name]);
    return rehashImports(sql, before !== undefined && before.text !== text ? name : null);
  });

/**
 * Makes the named table the active one (the default: no stored table active), and indexes the
 * stored Go games again under it; null when there is no such table, else how many imports were
 * indexed again.
 */
export const activateZobristTable = (db: Database, name: string): Promise<number | null> =>
  db.transaction(async (sql) => {
    await lockTables(sql);
    const known = name === DEFAULT_ZOBRIST_TABLE || (await sql.query(`SELECT 1 FROM "ZobristTable" WHERE name = $1`, [name])).length > 0;
    if (!known) return null;
    await sql.query(`UPDATE "ZobristTable" SET active = (name = $1)`, [name]);
    return rehashImports(sql, null);
  });

/**
 * Locks the tables against imports that hash with them (they lock them in SHARE mode, see
 * `ImportZobristTable`) and against other changes, until the transaction ends: a change waits
 * for the imports under way, and imports that start wait for it and then hash with what it left.
 */
const lockTables = (sql: SqlExecutor): Promise<unknown> => sql.query(`LOCK TABLE "ZobristTable" IN SHARE ROW EXCLUSIVE MODE`);

/**
 * Keeps every stored Go game found after a change of the tables, in the change's transaction:
 * each import whose Go games were hashed with a table other than the active one (or with the
 * table `replaced`, whose codes just changed) records the active table and is indexed again
 * under it (its games replayed with it). Returns how many imports that was.
 */
async function rehashImports(sql: SqlExecutor, replaced: string | null): Promise<number> {
  const active = (await goHasher(sql))?.name ?? DEFAULT_ZOBRIST_TABLE;
  const stale = await sql.query<{ id: bigint }>(
    `UPDATE "Import" SET "zobristTable" = $1 WHERE "zobristTable" IS NOT NULL AND ("zobristTable" <> $1 OR "zobristTable" = $2)
     RETURNING id`,
    [active, replaced],
  );
  for (const { id } of stale.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) await indexImportAgain(sql, id);
  return stale.length;
}
