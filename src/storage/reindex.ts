/**
 * Indexes the games of imports stored before the position index existed (the migration that
 * brought the index marks them `indexed = false`): each such import's games are replayed and
 * their plies written to the index, one transaction per import. Runs when the database is
 * opened, before anything is served; it gives the event loop a turn every few milliseconds (the
 * embedded database runs on the same thread), so the server stays live, and says how far it is.
 */
import type { Database } from '../db/database';
import type { SqlExecutor } from '../db/sql';
import { PositionIndexBuffer, deleteIndexOfImport } from '../db/positionIndex';
import { talliedGame } from './explorer';
import { replayedGamesOf } from './gamePlies';
import { Pacer } from '../games/reading/pacer';
import { analysePendingImports, attributePendingImports, packPendingEvaluations } from './reanalyse';
import { type OnCatchUp, pendingGames } from './catchUpProgress';
import { duplicateKeyOf } from '../games/duplicates';
import { storeDuplicateKeys } from './duplicates';

/** Indexes every import not indexed yet; returns how many games were replayed. */
export async function indexPendingImports(db: Database, onProgress: OnCatchUp = () => undefined, signal?: AbortSignal): Promise<number> {
  const pending = await db.sql.query<{ id: bigint }>(`SELECT id FROM "Import" WHERE NOT indexed ORDER BY id`);
  if (pending.length === 0) return 0;
  const total = await pendingGames(db, 'indexed');
  const pace = new Pacer(undefined, signal);
  let replayed = 0;
  onProgress({ phase: 're-indexing', done: 0, total });
  for (const { id: importId } of pending) {
    const before = replayed;
    replayed += await db.transaction((sql) =>
      indexImportAgain(sql, importId, pace, (count) => onProgress({ phase: 're-indexing', done: before + count, total })),
    );
  }
  onProgress({ phase: 're-indexing', done: replayed, total });
  return replayed;
}

/**
 * Indexes one import again in the caller's transaction: its entries in the position index are
 * dropped and its games replayed into it (as their import recorded them: options, Go Zobrist
 * table), and their duplicate keys computed again from the replay (a Go game's follow the table
 * it is hashed with now); returns how many games were replayed.
 */
export async function indexImportAgain(
  sql: SqlExecutor,
  importId: bigint,
  pace: Pacer = new Pacer(),
  onGames: (count: number) => void = () => undefined,
): Promise<number> {
  await deleteIndexOfImport(sql, importId);
  const index = new PositionIndexBuffer();
  let count = 0;
  for await (const { games, plies } of replayedGamesOf(sql, importId, pace)) {
    const keys: (bigint | null)[] = [];
    for (const game of games) {
      const replay = plies.get(game.id) ?? [];
      await index.addNodes(sql, importId, game.id, talliedGame(game), replay);
      keys.push(duplicateKeyOf({ kind: game.kind, plies: replay.map((p) => p.ply) }));
      count++;
      if (pace.due) await pace.giveWay();
    }
    await storeDuplicateKeys(sql, games.map((g) => g.id), keys);
    onGames(count);
    if (pace.due) await pace.giveWay();
  }
  await index.flush(sql, importId);
  await sql.query(`UPDATE "Import" SET indexed = true WHERE id = $1`, [importId]);
  return count;
}

/**
 * Brings imports stored by an earlier version up to date, when the database is opened: their
 * games' attributes read, their games indexed, then their analysis summaries written. Aborting `signal` stops it within a few
 * milliseconds (the import being caught up rolls back; the next open takes it up again).
 */
export async function catchUpImports(db: Database, onProgress?: OnCatchUp, signal?: AbortSignal): Promise<void> {
  // Attributes first: the index counts each game's ratings and date.
  await attributePendingImports(db, onProgress, signal);
  await indexPendingImports(db, onProgress, signal);
  await analysePendingImports(db, onProgress, signal);
  await packPendingEvaluations(db, onProgress, signal);
}
