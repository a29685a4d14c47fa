/**
 * Fills what games stored by an earlier version lack, by reading each game again with its
 * reader and its import's options, one transaction per import: their analysis summaries
 * (`PlayerAnalysis`; the migration that brought them marks such imports `analysed = false`) and
 * their typed attributes (ratings, speed, length, opening, the key duplicates are found by, and
 * the pattern signature; `attributed = false`); and the evaluations inside games, packed with them
 * (`evaluationsPacked = false`). Runs when the
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
import { EvaluationIndexBuffer, deleteEvaluationIndexOf } from '../db/evaluationIndex';
import { GAME_KINDS, gameOf } from '../games';
import { Pacer } from '../games/reading/pacer';
import { type CatchUpPhase, type OnCatchUp, pendingGames } from './catchUpProgress';

/** One thing a catch-up writes: the Import column that says it is done, and how a page of games read again is stored. */
interface RereadPass {
  column: 'analysed' | 'attributed' | 'evaluationsPacked';
  phase: CatchUpPhase;
  /** Runs first in the import's transaction (drops what a half-done earlier run may have left). */
  clear(sql: SqlExecutor, importId: bigint): Promise<void>;
  store(sql: SqlExecutor, games: { game: Game; record: GameRecord }[], options: ImportOptions): Promise<void>;
  /** Runs last in the import's transaction, when every page is stored. */
  finish?(sql: SqlExecutor, importId: bigint): Promise<void>;
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

/** The evaluation index of the import being packed again (one import at a time, in its transaction). */
let packing = new EvaluationIndexBuffer();

/**
 * Packs the evaluations inside games stored before they were packed (issue 29, section 2): each
 * game's `Game.evaluations` and evaluation index entries, from its source read again; then the
 * `Score` rows only this import wrote on positions of kinds that pack evaluations go (with the
 * import's links to them), and the `Position` rows only they needed. A row another import also
 * wrote stays until that one is packed too; a score file's rows are never touched.
 */
const EVALUATIONS: RereadPass = {
  column: 'evaluationsPacked',
  phase: 'packing evaluations',
  clear: async (sql, importId) => {
    packing = new EvaluationIndexBuffer();
    await deleteEvaluationIndexOf(sql, importId);
    await sql.query(`UPDATE "Game" SET evaluations = NULL WHERE "importId" = $1 AND evaluations IS NOT NULL`, [importId]);
  },
  store: async (sql, games) => {
    const packed = games.filter(({ record }) => record.evaluations);
    if (packed.length === 0) return;
    await sql.query(
      `UPDATE "Game" g SET evaluations = decode(p.bytes, 'hex') FROM unnest($1::int8[], $2::text[]) AS p(id, bytes) WHERE g.id = p.id`,
      [packed.map(({ game }) => game.id.toString()), packed.map(({ record }) => Buffer.from(record.evaluations!.bytes).toString('hex'))],
    );
    const importId = packed[0].game.importId as bigint;
    for (const { game, record } of packed) await packing.addGame(sql, importId, game.id, record);
  },
  finish: async (sql, importId) => {
    await packing.flush(sql, importId);
    const kinds = GAME_KINDS.filter((kind) => gameOf(kind).evaluations);
    const dropped = await sql.query<{ positionId: bigint }>(
      `WITH mine AS (
         DELETE FROM "ImportScore" l USING "Score" s, "Position" p
         WHERE l."importId" = $1 AND s.id = l."scoreId" AND p.id = s."positionId" AND p.kind::text = ANY($2::text[])
         RETURNING l."scoreId"
       )
       DELETE FROM "Score" s USING mine
       WHERE s.id = mine."scoreId" AND NOT EXISTS (SELECT 1 FROM "ImportScore" o WHERE o."scoreId" = s.id AND o."importId" <> $1)
       RETURNING s."positionId"`,
      [importId, kinds],
    );
    if (dropped.length === 0) return;
    await sql.query(
      `DELETE FROM "Position" p WHERE p.id = ANY($1::int8[]) AND p."listImportId" IS NULL
         AND NOT EXISTS (SELECT 1 FROM "Score" s WHERE s."positionId" = p.id)
         AND NOT EXISTS (SELECT 1 FROM "ImportPosition" l WHERE l."positionId" = p.id)`,
      [`{${[...new Set(dropped.map((d) => String(d.positionId)))].join(',')}}`],
    );
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
      await pass.finish?.(sql, importId);
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

/** Packs the evaluations inside the games of every import stored before they were packed; returns how many games were read. */
export const packPendingEvaluations = (db: Database, onProgress: OnCatchUp = () => undefined, signal?: AbortSignal): Promise<number> =>
  rereadPendingImports(db, EVALUATIONS, onProgress, signal);
