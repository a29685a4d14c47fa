/** Stored imports: the list, and deleting one with what only it brought. */
import type { Database } from '../db/database';
import type { GameKind, ImportWarning } from '../db/records';
import { replayedGamesOf } from './gamePlies';
import { deleteIndexOfImport } from '../db/positionIndexWriter';
import { occurrenceCountsOf } from './positionIndex';

/** One import as listed. */
export type ImportRow = {
  id: bigint;
  format: string;
  createdAt: Date;
  gameCount: number;
  positionCount: number;
  scoreCount: number;
  skippedCount: number;
  warnings: ImportWarning[];
  notes: ImportWarning[];
  fileName: string | null;
  byteSize: bigint | null;
};

/** One page of imports in id order, after `afterId`, with the count of all imports. */
export async function importsPage(db: Database, first: number, afterId?: bigint): Promise<{ imports: ImportRow[]; totalCount: number; hasNextPage: boolean }> {
  const rows = await db.sql.query<ImportRow & { total: bigint }>(
    `SELECT id, format, "createdAt", "gameCount", "positionCount", "scoreCount", "skippedCount", warnings, notes, "fileName", "byteSize",
            (SELECT count(*) FROM "Import")::int8 AS total
     FROM "Import" WHERE id > $1 ORDER BY id LIMIT $2`,
    [afterId ?? 0n, first + 1],
  );
  const totalCount = rows.length > 0 ? Number(rows[0].total) : Number((await db.sql.query<{ n: bigint }>(`SELECT count(*)::int8 AS n FROM "Import"`))[0].n);
  return { imports: rows.slice(0, first).map(({ total: _total, ...row }) => row), totalCount, hasNextPage: rows.length > first };
}

/** What deleting an import removed. */
export interface DeletedImport {
  games: number;
  positions: number;
  scores: number;
}

/**
 * Deletes an import in one transaction: its games, their entries in the position index, and
 * every stored position that only it brought (listed by it, or reached by its games and by no
 * other game, and listed by no other import), with the scores of those positions. Positions it
 * listed that other games still reach stay, unlisted. Null when there is no such import.
 */
export const deleteImport = (db: Database, importId: bigint): Promise<DeletedImport | null> =>
  db.transaction(async (sql) => {
    const found = await sql.query<{ id: bigint }>(`SELECT id FROM "Import" WHERE id = $1 FOR UPDATE`, [importId]);
    if (found.length === 0) return null;
    // The stored positions its games reach or it listed: the ones that may go with it.
    const candidates = new Map<bigint, { kind: GameKind; key: string }>();
    const add = (rows: { id: bigint; kind: GameKind; key: string }[]) => rows.forEach((r) => candidates.set(r.id, r));
    add(await sql.query(`SELECT id, kind::text AS kind, key FROM "Position" WHERE "listImportId" = $1`, [importId]));
    for await (const { plies } of replayedGamesOf(sql, importId)) {
      const keys = new Set<string>();
      for (const replay of plies.values()) for (const p of replay) keys.add(p.ply.position.key);
      add(await sql.query(`SELECT id, kind::text AS kind, key FROM "Position" WHERE key = ANY($1::text[])`, [[...keys]]));
    }
    const games = await sql.query<{ id: bigint }>(`DELETE FROM "Game" WHERE "importId" = $1 RETURNING id`, [importId]);
    await deleteIndexOfImport(sql, importId);
    const orphans: bigint[] = [];
    for (const [id, { kind, key }] of candidates) {
      const [row] = await sql.query<{ listImportId: bigint | null }>(`SELECT "listImportId" FROM "Position" WHERE id = $1`, [id]);
      if (!row || (row.listImportId !== null && row.listImportId !== importId)) continue;
      if ((await occurrenceCountsOf(sql, kind, key)).occurrences === 0) orphans.push(id);
    }
    const list = `{${orphans.join(',')}}`;
    const scores = await sql.query<{ n: bigint }>(`SELECT count(*)::int8 AS n FROM "Score" WHERE "positionId" = ANY($1::int8[])`, [list]);
    const positions = await sql.query<{ id: bigint }>(`DELETE FROM "Position" WHERE id = ANY($1::int8[]) RETURNING id`, [list]);
    await sql.query(`UPDATE "Position" SET "listImportId" = NULL, "listIndex" = NULL WHERE "listImportId" = $1`, [importId]);
    await sql.query(`DELETE FROM "Import" WHERE id = $1`, [importId]);
    return { games: games.length, positions: positions.length, scores: Number(scores[0].n) };
  });

/** One import by id, or null. */
export async function importById(db: Database, id: bigint): Promise<ImportRow | null> {
  const [row] = await db.sql.query<ImportRow & Record<string, unknown>>(
    `SELECT id, format, "createdAt", "gameCount", "positionCount", "scoreCount", "skippedCount", warnings, notes, "fileName", "byteSize" FROM "Import" WHERE id = $1`,
    [id],
  );
  return row ?? null;
}
