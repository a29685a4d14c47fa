/**
 * Writes the analysis summaries (`PlayerAnalysis`) of games stored before games carried them
 * (the migration that brought them marks such imports `analysed = false`): each game is read
 * again by its reader, with its import's options, one transaction per import. Runs when the
 * database is opened, before anything is served.
 */
import type { Database } from '../db/database';
import { storePlayerAnalysis } from '../db/bulkWriter';
import type { GameRecord } from '../db/records';
import { gamePagesOf, readStoredGame } from './gamePlies';
import type { ImportOptions } from './formatTypes';

/** Summarises the games of every import not analysed yet; returns how many games were read. */
export async function analysePendingImports(db: Database): Promise<number> {
  const pending = await db.sql.query<{ id: bigint; options: ImportOptions | null }>(
    `SELECT id, options FROM "Import" WHERE NOT analysed ORDER BY id`,
  );
  let read = 0;
  for (const { id: importId, options } of pending) {
    read += await db.transaction(async (sql) => {
      await sql.query(`DELETE FROM "PlayerAnalysis" WHERE "gameId" IN (SELECT id FROM "Game" WHERE "importId" = $1)`, [importId]);
      let count = 0;
      for await (const games of gamePagesOf(sql, importId)) {
        const records: GameRecord[] = [];
        const ids: string[] = [];
        for (const game of games) {
          const record = await readStoredGame(sql, game, options ?? {});
          if (!record?.analysis?.length) continue;
          // The stored row's names win: they are what the import wrote.
          records.push({ ...record, player1: game.player1, player2: game.player2 });
          ids.push(game.id.toString());
        }
        await storePlayerAnalysis(sql, records, ids);
        count += games.length;
      }
      await sql.query(`UPDATE "Import" SET analysed = true WHERE id = $1`, [importId]);
      return count;
    });
  }
  return read;
}
