/**
 * Deleting an import while another import runs (PostgreSQL: PGlite runs one transaction at a
 * time): a position the other import links while the delete runs stays, with its link, once that
 * import commits. The delete used to pick the positions nothing held before the other import's
 * link was committed, then delete them after it was (the link went with the position).
 */
import { encodePositionFile } from '../../src/codecs/go';
import { unwrap } from '../../src/codecs/result';
import { readerFor } from '../../src/games/index';
import { deleteImport } from '../../src/storage/imports';
import { bytesSource, runImport } from '../../src/storage/importService';
import { describeEachDatabase } from '../support/databases';
import { randomPositions } from '../support/goFiles';

import { sleep, untilBlockedBy } from '../support/blocking';

describeEachDatabase('deleting an import while another links its positions', (getDb) => {
  it('keeps a position another import linked and committed while the delete waited (PostgreSQL)', async () => {
    const db = getDb();
    if (db.kind !== 'postgresql') return; // one connection: no other transaction can run meanwhile
    const imported = await runImport(db, readerFor('GO_POSITIONS')!, bytesSource(unwrap(encodePositionFile(randomPositions(5, 3101)))), {});
    const listed = await db.sql.query<{ id: bigint }>(`SELECT id FROM "Position" WHERE "listImportId" = $1 ORDER BY "listIndex"`, [imported.importId]);
    const kept = listed[0].id;
    const otherId = imported.importId + 1000n;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let otherPid = 0;
    // The other import: its Import row and its link to the first position, written but not yet committed.
    const other = db.transaction(async (sql) => {
      [{ pid: otherPid }] = await sql.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await sql.query(`INSERT INTO "Import" (id, format, fingerprint) VALUES ($1, 'TEST', 'links the first position')`, [otherId]);
      await sql.query(`INSERT INTO "ImportPosition" ("positionId", "importId") VALUES ($1, $2)`, [kept, otherId]);
      await released;
    });
    while (otherPid === 0) await sleep(10);
    const deleting = deleteImport(db, imported.importId);
    await untilBlockedBy(db, otherPid);
    release();
    await other;
    expect(await deleting).toEqual({ games: 0, positions: 4, scores: 0 });
    expect(await db.sql.query(`SELECT id FROM "Position" WHERE id = $1`, [kept])).toEqual([{ id: kept }]);
    expect(await db.sql.query(`SELECT "importId" FROM "ImportPosition" WHERE "positionId" = $1`, [kept])).toEqual([{ importId: otherId }]);
  });

  it('runs again an import whose position a delete removed while the import waited to link it (PostgreSQL)', async () => {
    const db = getDb();
    if (db.kind !== 'postgresql') return;
    const records = randomPositions(3, 3102);
    const first = await runImport(db, readerFor('GO_POSITIONS')!, bytesSource(unwrap(encodePositionFile(records))), {});
    const [{ id: doomed }] = await db.sql.query<{ id: bigint }>(`SELECT id FROM "Position" WHERE "listImportId" = $1 ORDER BY "listIndex" LIMIT 1`, [first.importId]);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let deleterPid = 0;
    // A delete that has locked the position (as deleteImport does) and removes it once the import waits for it.
    const deleter = db.transaction(async (sql) => {
      await sql.query(`SELECT id FROM "Position" WHERE id = $1 FOR UPDATE`, [doomed]);
      [{ pid: deleterPid }] = await sql.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await released;
      await sql.query(`DELETE FROM "Position" WHERE id = $1`, [doomed]);
    });
    while (deleterPid === 0) await sleep(10);
    const importing = runImport(db, readerFor('GO_POSITIONS')!, bytesSource(unwrap(encodePositionFile([records[0], ...randomPositions(2, 3103)]))), {});
    await untilBlockedBy(db, deleterPid);
    release();
    await deleter;
    const second = await importing;
    const listed = await db.sql.query<{ n: bigint }>(`SELECT count(*)::int8 AS n FROM "ImportPosition" WHERE "importId" = $1`, [second.importId]);
    expect(Number(listed[0].n)).toBe(3);
  });
});
