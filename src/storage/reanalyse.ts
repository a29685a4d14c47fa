/**
 * Fills what games stored by an earlier version lack, by reading each game again with its
 * reader and its import's options, one transaction per import: their analysis summaries
 * (`PlayerAnalysis`; the migration that brought them marks such imports `analysed = false`) and
 * their typed attributes (ratings, speed, length, opening, the key duplicates are found by, and
 * the pattern signature; `attributed = false`). Runs when the
 * database is opened, before anything is served, giving the event loop a turn every few
 * milliseconds (see reindex.ts).
 */
import type { Database } from '../db/database';
import type { SqlExecutor } from '../db/sql';
import { storeGameAttributes, storePlayerAnalysis } from '../db/bulkWriter';
import type { GameRecord } from '../db/records';
import type { Game } from '../generated/prisma/client';
import { RecordedHashers, gamePagesOf, readStoredGame } from './gamePlies';
import type { ImportOptions } from '../games/formats';
import { attributesOf } from '../games/gameAttributes';
import { duplicateKeyOf } from '../games/duplicates';
import { storeDuplicateKeys } from './duplicates';
import { Pacer } from '../games/reading/pacer';
import { type CatchUpPhase, type OnCatchUp, pendingGames } from './catchUpProgress';

/** One thing a catch-up writes: the Import column that says it is done, and how a page of games read again is stored. */
interface RereadPass {
  column: 'analysed' | 'attributed';
  phase: CatchUpPhase;
  /** Runs first in the import's transaction (drops what a half-done earlier run may have left). */
  clear(sql: SqlExecutor, importId: bigint): Promise<void>;
  store(sql: SqlExecutor, games: { game: Game; record: GameRecord }[], options: ImportOptions): Promise<void>;
}

const ANALYSIS: RereadPass = {
  column: 'analysed',
  phase: 're-analysing',
  clear: async (sql, importId) => {
    await sql.query(`DELETE FROM "PlayerAnalysis" WHERE "gameId" IN (SELECT id FROM "Game" WHERE "importId" = $1)`, [importId]);
  },
  store: async (sql, games) => {
    const analysed = games.filter(({ record }) => record.analysis?.length);
    // The stored row's names win: they are what the import wrote.
    await storePlayerAnalysis(
      sql,
      analysed.map(({ game, record }) => ({ ...record, player1: game.player1, player2: game.player2 })),
      analysed.map(({ game }) => game.id.toString()),
    );
  },
};

const ATTRIBUTES: RereadPass = {
  column: 'attributed',
  phase: 're-reading attributes',
  clear: async () => undefined,
  store: async (sql, games, options) => {
    await storeGameAttributes(sql, games.map(({ game }) => game.id.toString()), games.map(({ record }) => attributesOf(record, options)));
    // And the key duplicates are found by (src/games/duplicates.ts), from the same record.
    await storeDuplicateKeys(sql, games.map(({ game }) => game.id), games.map(({ record }) => duplicateKeyOf(record)));
  },
};

/** Reads the games of every import `pass.column` says is not done, and stores what the pass writes; returns how many games were read. */
async function rereadPendingImports(db: Database, pass: RereadPass, onProgress: OnCatchUp, signal?: AbortSignal): Promise<number> {
  const pending = await db.sql.query<{ id: bigint; options: ImportOptions | null }>(
    `SELECT id, options FROM "Import" WHERE NOT "${pass.column}" ORDER BY id`,
  );
  if (pending.length === 0) return 0;
  const total = await pendingGames(db, pass.column);
  const pace = new Pacer(undefined, signal);
  let read = 0;
  onProgress({ phase: pass.phase, done: 0, total });
  for (const { id: importId, options } of pending) {
    read += await db.transaction(async (sql) => {
      await pass.clear(sql, importId);
      let count = 0;
      const hashers = new RecordedHashers(sql);
      for await (const games of gamePagesOf(sql, importId)) {
        const page: { game: Game; record: GameRecord }[] = [];
        for (const game of games) {
          const record = await readStoredGame(sql, game, options ?? {}, hashers);
          if (record) page.push({ game, record });
          if (pace.due) await pace.giveWay();
        }
        await pass.store(sql, page, options ?? {});
        signal?.throwIfAborted();
        count += games.length;
        onProgress({ phase: pass.phase, done: read + count, total });
      }
      await sql.query(`UPDATE "Import" SET "${pass.column}" = true WHERE id = $1`, [importId]);
      return count;
    });
  }
  onProgress({ phase: pass.phase, done: read, total });
  return read;
}

/** Summarises the games of every import not analysed yet; returns how many games were read. */
export const analysePendingImports = (db: Database, onProgress: OnCatchUp = () => undefined, signal?: AbortSignal): Promise<number> =>
  rereadPendingImports(db, ANALYSIS, onProgress, signal);

/** Reads the attributes of the games of every import not attributed yet; returns how many games were read. */
export const attributePendingImports = (db: Database, onProgress: OnCatchUp = () => undefined, signal?: AbortSignal): Promise<number> =>
  rereadPendingImports(db, ATTRIBUTES, onProgress, signal);
