/**
 * The Zobrist tables Go boards are hashed with: the shipped default (always there, never stored)
 * and the tables users imported, one of which may be active. A table's text is kept as given.
 */
import { defaultZobristTable, printZobristTable } from '../codecs/go';
import type { Database } from '../db/database';
import { DEFAULT_ZOBRIST_TABLE } from './go';

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

/** Stores (or replaces) a table already validated by the codec; makes it the active one unless `activate` is false. */
export async function saveZobristTable(db: Database, name: string, text: string, activate: boolean): Promise<void> {
  await db.transaction(async (sql) => {
    await sql.query(
      `INSERT INTO "ZobristTable" (name, text, active) VALUES ($1, $2, false)
       ON CONFLICT (name) DO UPDATE SET text = excluded.text`,
      [name, text],
    );
    if (activate) await sql.query(`UPDATE "ZobristTable" SET active = (name = $1)`, [name]);
  });
}

/** Makes the named table the active one (the default: no stored table active); false when there is no such table. */
export async function activateZobristTable(db: Database, name: string): Promise<boolean> {
  if (name !== DEFAULT_ZOBRIST_TABLE && !(await db.prisma.zobristTable.findUnique({ where: { name } }))) return false;
  await db.sql.query(`UPDATE "ZobristTable" SET active = (name = $1)`, [name]);
  return true;
}
