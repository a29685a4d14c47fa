/**
 * Writes the analysis summaries (`PlayerAnalysis`) of games stored before games carried them
 * (the migration that brought them marks such imports `analysed = false`): each game is read
 * again by its reader, with its import's options, one transaction per import. Runs when the
 * database is opened, before anything is served, giving the event loop a turn every few
 * milliseconds (see reindex.ts).
 */
import type { Database } from '../db/database';
import { storePlayerAnalysis } from '../db/bulkWriter';
import type { GameRecord } from '../db/records';
import { RecordedHashers, gamePagesOf, readStoredGame } from './gamePlies';
import type { ImportOptions } from '../games/formats';
import { Pacer } from '../games/reading/pacer';
import { type OnCatchUp, pendingGames } from './catchUpProgress';

/** Summarises the games of every import not analysed yet; returns how many games were read. */
export async function analysePendingImports(db: Database, onProgress: OnCatchUp = () => undefined, signal?: AbortSignal): Promise<number> {
  const pending = await db.sql.query<{ id: bigint; options: ImportOptions | null }>(
    `SELECT id, options FROM "Import" WHERE NOT analysed ORDER BY id`,
  );
  if (pending.length === 0) return 0;
  const total = await pendingGames(db, 'analysed');
  const pace = new Pacer(undefined, signal);
  let read = 0;
  onProgress({ phase: 're-analysing', done: 0, total });
  for (const { id: importId, options } of pending) {
    read += await db.transaction(async (sql) => {
      await sql.query(`DELETE FROM "PlayerAnalysis" WHERE "gameId" IN (SELECT id FROM "Game" WHERE "importId" = $1)`, [importId]);
      let count = 0;
      const hashers = new RecordedHashers(sql);
      for await (const games of gamePagesOf(sql, importId)) {
        const records: GameRecord[] = [];
        const ids: string[] = [];
        for (const game of games) {
          const record = await readStoredGame(sql, game, options ?? {}, hashers);
          if (!record?.analysis?.length) continue;
          // The stored row's names win: they are what the import wrote.
          records.push({ ...record, player1: game.player1, player2: game.player2 });
          ids.push(game.id.toString());
          if (pace.due) await pace.giveWay();
        }
        await storePlayerAnalysis(sql, records, ids);
        signal?.throwIfAborted();
        count += games.length;
        onProgress({ phase: 're-analysing', done: read + count, total });
      }
      await sql.query(`UPDATE "Import" SET analysed = true WHERE id = $1`, [importId]);
      return count;
    });
  }
  onProgress({ phase: 're-analysing', done: read, total });
  return read;
}
