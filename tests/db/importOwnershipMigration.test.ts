/**
 * The migration that records which imports brought positions and scores fills the record for data
 * stored before it: a position file's import lists its positions at their places, an import brought
 * the positions and scores its own transaction first stored (they share its time), and a delete
 * afterwards keeps what another import brought.
 */
import { readMigrations } from '../../src/db/migrations';
import type { Database } from '../../src/db/database';
import { deleteImport } from '../../src/storage/imports';
import { oldDatabases } from '../support/oldDatabase';

const BEFORE_OWNERSHIP = readMigrations().filter((m) => m.name < '20261126092919_import_ownership');
const key = (n: number): string => n.toString(16).padStart(20, '0');
const T1 = `'2026-11-01 10:00:00.123456'`;
const T2 = `'2026-11-02 10:00:00.654321'`;

/** Import 1 lists positions 1 and 2 (first); import 2, a score file, scores position 2 and brings position 3 as a placeholder. */
const OLD_ROWS = `
  INSERT INTO "Import" (id, format, fingerprint, "createdAt") VALUES (1, 'GO_POSITIONS', 'positions', ${T1}), (2, 'GO_SCORES', 'scores', ${T2});
  INSERT INTO "Position" (id, kind, key, board, "listImportId", "listIndex", "createdAt") VALUES
    (1, 'GO', '${key(1)}', '${'.'.repeat(81)}', 1, 0, ${T1}),
    (2, 'GO', '${key(2)}', '${'#'.repeat(81)}', 1, 1, ${T1}),
    (3, 'GO', '${key(3)}', '', NULL, NULL, ${T2});
  INSERT INTO "Score" (id, "positionId", program, value, "createdAt") VALUES (1, 2, 'fuego', 5, ${T2}), (2, 3, 'fuego', 6, ${T2});
`;

for (const target of oldDatabases(BEFORE_OWNERSHIP, OLD_ROWS)) {
  describe(`the import ownership migration [${target.name}]`, () => {
    let db: Database;
    beforeAll(async () => {
      const open = await target.make();
      db = await open();
    });
    afterAll(async () => {
      await db.close();
      await target.cleanup();
    });

    it('links each position to the imports that listed or brought it', async () => {
      const rows = await db.sql.query<{ importId: bigint; positionId: bigint; listIndex: number | null }>(
        `SELECT "importId", "positionId", "listIndex" FROM "ImportPosition" ORDER BY "importId", "positionId"`,
      );
      expect(rows).toEqual([
        { importId: 1n, positionId: 1n, listIndex: 0 },
        { importId: 1n, positionId: 2n, listIndex: 1 },
        { importId: 2n, positionId: 3n, listIndex: null },
      ]);
    });

    it('links each score to the import whose transaction stored it', async () => {
      const rows = await db.sql.query<{ importId: bigint; scoreId: bigint }>(`SELECT "importId", "scoreId" FROM "ImportScore" ORDER BY "scoreId"`);
      expect(rows).toEqual([{ importId: 2n, scoreId: 1n }, { importId: 2n, scoreId: 2n }]);
    });

    it('keeps the scored position when the position file that listed it is deleted', async () => {
      expect(await deleteImport(db, 1n)).toEqual({ games: 0, positions: 1, scores: 0 });
      const rows = await db.sql.query<{ id: bigint; listImportId: bigint | null }>(`SELECT id, "listImportId" FROM "Position" ORDER BY id`);
      expect(rows).toEqual([{ id: 2n, listImportId: null }, { id: 3n, listImportId: null }]);
      expect(await deleteImport(db, 2n)).toEqual({ games: 0, positions: 2, scores: 2 });
    });
  });
}
