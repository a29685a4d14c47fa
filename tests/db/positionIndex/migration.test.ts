/**
 * The migration that brought the position index moves a database forward with its data: a
 * database made by the migrations before it, holding a game with its Occurrence and Position
 * rows and a score, opens with every migration applied, its game indexed by a replay, the
 * position rows only games reached gone, and the scored one kept.
 */
import { readMigrations } from '../../../src/db/migrations';
import type { Database } from '../../../src/db/database';
import { oldDatabases } from '../../support/oldDatabase';
import { indexPendingImports } from '../../../src/storage/reindex';
import { storedPlies, indexedOccurrences } from '../../support/plies';
import { AFTER_E4, AFTER_E4_E5, START } from '../../support/records';

const BEFORE_INDEX = readMigrations().filter((m) => m.name < '20261124212218_position_index');

/** The old model's rows: an import, a game of 1. e4 e5 with its three positions and occurrences, a score on the position after 1. e4. */
const OLD_ROWS = `
  INSERT INTO "Import" (id, format, fingerprint) VALUES (7, 'PGN', 'old-import');
  INSERT INTO "Game" (id, kind, "importId", "sourceFormat", source, player1, player2, result)
    VALUES (11, 'CHESS', 7, 'PGN', convert_to(E'[White "Old"]\\n[Black "Timer"]\\n[Result "1-0"]\\n\\n1. e4 e5 1-0\\n', 'UTF8'), 'Old', 'Timer', '1-0');
  INSERT INTO "Position" (id, kind, key, board) VALUES
    (1, 'CHESS', '${START.key}', '${START.board}'),
    (2, 'CHESS', '${AFTER_E4.key}', '${AFTER_E4.board}'),
    (3, 'CHESS', '${AFTER_E4_E5.key}', '${AFTER_E4_E5.board}');
  INSERT INTO "Occurrence" ("gameId", "positionId", variation, ply, move, "nextMove") VALUES
    (11, 1, '', 0, NULL, 'e4'), (11, 2, '', 1, 'e4', 'e5'), (11, 3, '', 2, 'e5', NULL);
  INSERT INTO "Score" ("positionId", program, value) VALUES (2, 'stockfish', 0.3);
`;

for (const target of oldDatabases(BEFORE_INDEX, OLD_ROWS)) {
  describe(`the position index migration [${target.name}]`, () => {
    let db: Database;
    beforeAll(async () => {
      const open = await target.make();
      db = await open();
    });
    afterAll(async () => {
      await db.close();
      await target.cleanup();
    });

    it('marks the import as not indexed and drops the Occurrence table', async () => {
      const [{ indexed }] = await db.sql.query<{ indexed: boolean }>(`SELECT indexed FROM "Import" WHERE id = 7`);
      expect(indexed).toBe(false);
      const tables = await db.sql.query<{ n: bigint }>(
        `SELECT count(*)::int8 AS n FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'Occurrence'`,
      );
      expect(tables[0].n).toBe(0n);
    });

    it('keeps the scored position and drops the ones only the game reached', async () => {
      const rows = await db.prisma.position.findMany({ orderBy: { id: 'asc' } });
      expect(rows.map((p) => [p.id, p.key])).toEqual([[2n, AFTER_E4.key]]);
      expect(await db.prisma.score.count({ where: { positionId: 2n } })).toBe(1);
    });

    it('indexes the old game from a replay when the database is opened', async () => {
      expect(await indexPendingImports(db)).toBe(1);
      expect(await indexPendingImports(db)).toBe(0);
      expect((await storedPlies(db, 7n)).map((p) => [p.ply, p.move, p.nextMove, p.key])).toEqual([
        [0, null, 'e4', START.key],
        [1, 'e4', 'e5', AFTER_E4.key],
        [2, 'e5', null, AFTER_E4_E5.key],
      ]);
      for (const p of [START, AFTER_E4, AFTER_E4_E5]) expect(await indexedOccurrences(db, 'CHESS', p.key)).toBe(1);
      const [{ indexed }] = await db.sql.query<{ indexed: boolean }>(`SELECT indexed FROM "Import" WHERE id = 7`);
      expect(indexed).toBe(true);
    });
  });
}
