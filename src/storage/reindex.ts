/**
 * Indexes the games of imports stored before the position index existed (the migration that
 * brought the index marks them `indexed = false`): each such import's games are replayed and
 * their plies written to the index, one transaction per import. Runs when the database is
 * opened, before anything is served.
 */
import type { Database } from '../db/database';
import type { SqlExecutor } from '../db/sql';
import { PositionIndexBuffer, deleteIndexOfImport } from '../db/positionIndexWriter';
import { replayedGamesOf } from './gamePlies';
import { analysePendingImports } from './reanalyse';

/** Indexes every import not indexed yet; returns how many games were replayed. */
export async function indexPendingImports(db: Database): Promise<number> {
  const pending = await db.sql.query<{ id: bigint }>(`SELECT id FROM "Import" WHERE NOT indexed ORDER BY id`);
  let replayed = 0;
  for (const { id: importId } of pending) {
    replayed += await db.transaction((sql) => indexImportAgain(sql, importId));
  }
  return replayed;
}

/**
 * Indexes one import again in the caller's transaction: its entries in the position index are
 * dropped and its games replayed into it (as their import recorded them: options, Go Zobrist
 * table); returns how many games were replayed.
 */
export async function indexImportAgain(sql: SqlExecutor, importId: bigint): Promise<number> {
  await deleteIndexOfImport(sql, importId);
  const index = new PositionIndexBuffer();
  let count = 0;
  for await (const { games, plies } of replayedGamesOf(sql, importId)) {
    for (const game of games) {
      await index.addNodes(sql, importId, game.id, game.kind, game.result, plies.get(game.id) ?? []);
      count++;
    }
  }
  await index.flush(sql, importId);
  await sql.query(`UPDATE "Import" SET indexed = true WHERE id = $1`, [importId]);
  return count;
}

/**
 * Brings imports stored by an earlier version up to date, when the database is opened: their
 * games indexed, then their analysis summaries written.
 */
export async function catchUpImports(db: Database): Promise<void> {
  await indexPendingImports(db);
  await analysePendingImports(db);
}
