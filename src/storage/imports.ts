/** Stored imports: the list, and deleting one with what only it brought. */
import type { Database } from '../db/database';
import type { ImportWarning } from '../db/records';

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
};

/** One page of imports in id order, after `afterId`, with the count of all imports. */
export async function importsPage(db: Database, first: number, afterId?: bigint): Promise<{ imports: ImportRow[]; totalCount: number; hasNextPage: boolean }> {
  const rows = await db.sql.query<ImportRow & { total: bigint }>(
    `SELECT id, format, "createdAt", "gameCount", "positionCount", "scoreCount", "skippedCount", warnings,
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
 * Deletes an import in one transaction: its games (their plies with them) and every position
 * that only it brought (reached by no other game and listed by no other import), with the scores
 * of those positions. Positions it listed that other games still reach stay, unlisted. Null when
 * there is no such import.
 */
export const deleteImport = (db: Database, importId: bigint): Promise<DeletedImport | null> =>
  db.transaction(async (sql) => {
    const found = await sql.query<{ id: bigint }>(`SELECT id FROM "Import" WHERE id = $1 FOR UPDATE`, [importId]);
    if (found.length === 0) return null;
    // The positions its games reach or it listed: the ones that may go with it.
    await sql.exec(`CREATE TEMP TABLE IF NOT EXISTS import_positions (id bigint PRIMARY KEY) ON COMMIT DROP; TRUNCATE import_positions;`);
    await sql.query(
      `INSERT INTO import_positions
       SELECT o."positionId" FROM "Occurrence" o JOIN "Game" g ON g.id = o."gameId" WHERE g."importId" = $1
       UNION SELECT id FROM "Position" WHERE "listImportId" = $1
       ON CONFLICT DO NOTHING`,
      [importId],
    );
    const games = await sql.query<{ id: bigint }>(`DELETE FROM "Game" WHERE "importId" = $1 RETURNING id`, [importId]);
    const orphans = `SELECT p.id FROM "Position" p JOIN import_positions c ON c.id = p.id
       WHERE NOT EXISTS (SELECT 1 FROM "Occurrence" o WHERE o."positionId" = p.id)
         AND (p."listImportId" IS NULL OR p."listImportId" = $1)`;
    const scores = await sql.query<{ n: bigint }>(`SELECT count(*)::int8 AS n FROM "Score" WHERE "positionId" IN (${orphans})`, [importId]);
    const positions = await sql.query<{ id: bigint }>(`DELETE FROM "Position" WHERE id IN (${orphans}) RETURNING id`, [importId]);
    await sql.query(`UPDATE "Position" SET "listImportId" = NULL, "listIndex" = NULL WHERE "listImportId" = $1`, [importId]);
    await sql.query(`DELETE FROM "Import" WHERE id = $1`, [importId]);
    return { games: games.length, positions: positions.length, scores: Number(scores[0].n) };
  });
