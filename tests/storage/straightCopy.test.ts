/**
 * Positions copied straight into their table (src/db/positionCopy.ts): a position file into a
 * database holding no position of its kind skips the staging merge; what it stores and links is
 * what the merge would have stored and linked, and a key another import commits meanwhile sends
 * the import through the merge instead of storing it twice.
 */
import { encodePositionFile, positionIdKey } from '../../src/codecs/go';
import { signedHashOf } from '../../src/codecs/hashes';
import { unwrap } from '../../src/codecs/result';
import { readerFor } from '../../src/games/index';
import type { Database } from '../../src/db/database';
import type { SqlExecutor } from '../../src/db/sql';
import { GO_CHUNK_RECORDS } from '../../src/games/go/positionPieces';
import { bytesSource, runImport } from '../../src/storage/importService';
import { describeEachDatabase } from '../support/databases';
import { randomPositions } from '../support/goFiles';

import { sleep, untilBlockedBy } from '../support/blocking';

describeEachDatabase('positions copied straight', (getDb) => {
  it('runs again through the merge an import whose new position another import committed while it waited (PostgreSQL)', async () => {
    const db = getDb();
    if (db.kind !== 'postgresql') return; // one connection: PGlite runs one transaction at a time
    const records = randomPositions(50, 5101);
    const contested = positionIdKey(records[20].id);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holderPid = 0;
    // Another writer's uncommitted row under one of the file's keys: the database holds no committed
    // Go position, so the import copies straight, meets the row and waits for it.
    const holder = db.transaction(async (sql) => {
      [{ pid: holderPid }] = await sql.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await sql.query(`INSERT INTO "Position" (kind, key, board) VALUES ('GO', $1, 'held')`, [contested]);
      await released;
    });
    while (holderPid === 0) await sleep(10);
    const importing = runImport(db, readerFor('GO_POSITIONS')!, bytesSource(unwrap(encodePositionFile(records))), {});
    await untilBlockedBy(db, holderPid);
    release();
    await holder;
    const outcome = await importing;
    expect(outcome.positionCount).toBe(49);
    const stored = await db.sql.query<{ n: bigint }>(`SELECT count(*)::int8 AS n FROM "Position" WHERE kind = 'GO' AND key = $1`, [contested]);
    expect(Number(stored[0].n)).toBe(1);
    // The merge completed the unlisted row with the record's board and place, and linked it.
    const [row] = await db.sql.query<{ board: string; listIndex: number; linked: bigint }>(
      `SELECT p.board, p."listIndex", (SELECT count(*) FROM "ImportPosition" l WHERE l."positionId" = p.id AND l."importId" = $2)::int8 AS linked
       FROM "Position" p WHERE kind = 'GO' AND key = $1`,
      [contested, outcome.importId],
    );
    expect({ board: row.board, listIndex: row.listIndex, linked: Number(row.linked) }).toEqual({ board: records[20].board, listIndex: 20, linked: 1 });
    const links = await db.sql.query<{ n: bigint }>(`SELECT count(*)::int8 AS n FROM "ImportPosition" WHERE "importId" = $1`, [outcome.importId]);
    expect(Number(links[0].n)).toBe(50);
  });

  it('stores and links a file copied straight as the merge does: each record once, in its place, listed by the import', async () => {
    const db = getDb();
    await db.sql.exec(`DELETE FROM "Position" WHERE kind = 'GO'`);
    const records = randomPositions(30, 5102);
    const outcome = await runImport(db, readerFor('GO_POSITIONS')!, bytesSource(unwrap(encodePositionFile([...records, records[4]]))), {});
    expect(outcome.positionCount).toBe(30);
    const rows = await db.sql.query<{ key: string; board: string; listImportId: bigint; listIndex: number; linkedAt: number }>(
      `SELECT p.key, p.board, p."listImportId", p."listIndex", l."listIndex" AS "linkedAt"
       FROM "Position" p JOIN "ImportPosition" l ON l."positionId" = p.id AND l."importId" = $1 ORDER BY p.id`,
      [outcome.importId],
    );
    expect(rows.map((r) => r.key)).toEqual(records.map((r) => positionIdKey(r.id)));
    expect(rows.every((r, i) => r.board === records[i].board && r.listImportId === outcome.importId && r.listIndex === i && r.linkedAt === i)).toBe(true);
  });

  it('stores every column of a record copied straight as its stored form says: hash, side to move, board, extra info, stones', async () => {
    const db = getDb();
    await db.sql.exec(`DELETE FROM "Position" WHERE kind = 'GO'`);
    const records = randomPositions(40, 5103, 3);
    const outcome = await runImport(db, readerFor('GO_POSITIONS')!, bytesSource(unwrap(encodePositionFile(records))), {});
    const rows = await db.sql.query<{ key: string; hash: bigint; sideToMove: string; board: string; data: unknown; pieceCount: number; groupKey: string | null }>(
      `SELECT key, hash, "sideToMove", board, data, "pieceCount", "groupKey" FROM "Position" WHERE "listImportId" = $1 ORDER BY id`,
      [outcome.importId],
    );
    expect(rows).toEqual(
      records.map((r) => ({
        key: positionIdKey(r.id),
        hash: signedHashOf(r.id.hash),
        sideToMove: r.id.toPlay,
        board: r.board,
        data: r.extra ? { extra: r.extra } : null,
        pieceCount: r.board.replace(/\./g, '').length,
        groupKey: null,
      })),
    );
    expect(rows.filter((r) => r.data !== null)).toHaveLength(14);
  });

  it("leaves the links' checks off from one chunk of a position file to the next, and puts them back before the import's row is written", async () => {
    const db = getDb();
    await db.sql.exec(`DELETE FROM "Position" WHERE kind = 'GO'`);
    // Each statement of the import's transaction, and the replication role the import's row is written under.
    const statements: string[] = [];
    let roleAtImportRow = '';
    const recording = (sql: SqlExecutor): SqlExecutor => ({
      ...sql,
      query: async (text, params) => {
        statements.push(text);
        if (text.startsWith('UPDATE "Import"')) {
          [{ role: roleAtImportRow }] = await sql.query<{ role: string }>(`SELECT current_setting('session_replication_role') AS role`);
        }
        return sql.query(text, params);
      },
    });
    const watched: Database = { ...db, transaction: (work) => db.transaction((sql) => work(recording(sql))) };
    const records = randomPositions(GO_CHUNK_RECORDS * 2 + 5, 5104);
    const outcome = await runImport(watched, readerFor('GO_POSITIONS')!, bytesSource(unwrap(encodePositionFile(records))), {});
    expect(outcome.positionCount).toBe(records.length);
    const turnedOff = statements.filter((text) => text.includes(`set_config('session_replication_role', 'replica', true)`));
    expect({ turnedOff: turnedOff.length, roleAtImportRow }).toEqual({ turnedOff: 1, roleAtImportRow: 'origin' });
  });
});
