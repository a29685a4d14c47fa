/**
 * Imports running at the same time: overlapping files all succeed (positions go in in key order,
 * so two imports of shared keys wait for each other instead of deadlocking), and on PostgreSQL
 * imports take at most their share of the pool, so reads are answered while they run.
 */
import { positionIdKey, encodePositionFile, encodeScoreFile } from '../../src/codecs/go';
import { unwrap } from '../../src/codecs/result';
import { type Database, openDatabase } from '../../src/db/database';
import { readerFor } from '../../src/games/index';
import { reserveImportId } from '../../src/storage/importNumbers';
import { bytesSource, runImport } from '../../src/storage/importService';
import { describeEachDatabase } from '../support/databases';
import { randomPositions, randomScores } from '../support/goFiles';

const importPositions = (db: Database, bytes: Uint8Array) => runImport(db, readerFor('GO_POSITIONS')!, bytesSource(bytes), {});

describeEachDatabase('concurrent imports', (getDb) => {
  const positions = randomPositions(6_000, 4242);

  it('stores 20 overlapping position files imported at once, every one of them, each position once', async () => {
    const db = getDb();
    // File i holds positions [200 i, 200 i + 2000), half in reverse order: each shares most of its keys with its neighbours.
    const files = Array.from({ length: 20 }, (_, i) => {
      const window = positions.slice(200 * i, 200 * i + 2_000);
      return unwrap(encodePositionFile(i % 2 === 0 ? window : [...window].reverse()));
    });
    const outcomes = await Promise.all(files.map((bytes) => importPositions(db, bytes)));
    expect(outcomes.map((o) => o.alreadyImported)).toEqual(Array(20).fill(false));
    const keys = positions.slice(0, 200 * 19 + 2_000).map((p) => positionIdKey(p.id));
    const stored = await db.sql.query<{ n: bigint }>(`SELECT count(*)::int8 AS n FROM "Position" WHERE kind = 'GO' AND key = ANY($1)`, [keys]);
    expect(Number(stored[0].n)).toBe(keys.length);
    expect(outcomes.reduce((sum, o) => sum + o.positionCount, 0)).toBe(keys.length);
    expect(await db.sql.query(`SELECT key FROM "Position" GROUP BY kind, key HAVING count(*) > 1`)).toEqual([]);
  });

  it('stores 20 overlapping score files imported at once, in opposite orders, every one of them', async () => {
    const db = getDb();
    const scored = positions.slice(0, 3_000);
    await importPositions(db, unwrap(encodePositionFile(scored)));
    const files = Array.from({ length: 20 }, (_, i) => {
      const scores = randomScores(scored.slice(100 * i, 100 * i + 1_500), 50 + i);
      return unwrap(encodeScoreFile(i % 2 === 0 ? scores : [...scores].reverse()));
    });
    const outcomes = await Promise.all(files.map((bytes) => runImport(db, readerFor('GO_SCORES')!, bytesSource(bytes), { program: 'overlap', ruleset: '' })));
    expect(outcomes.map((o) => o.alreadyImported)).toEqual(Array(20).fill(false));
    const rows = await db.sql.query<{ n: bigint }>(`SELECT count(*)::int8 AS n FROM "Score" WHERE program = 'overlap'`);
    expect(Number(rows[0].n)).toBe(3_000); // every scored position, once
  });

  it('answers a read while imports hold their share of the pool (PostgreSQL)', async () => {
    const db = getDb();
    if (db.kind !== 'postgresql') return; // PGlite has one connection: reads and a transaction take turns
    const files = Array.from({ length: 4 }, (_, i) => unwrap(encodePositionFile(randomPositions(8_000, 900 + i))));
    let importsDone = false;
    const imports = Promise.all(files.map((bytes) => importPositions(db, bytes))).then(() => (importsDone = true));
    // Give the imports time to take their connections, then read.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const rows = await db.sql.query<{ one: number }>('SELECT 1 AS one');
    expect(rows).toEqual([{ one: 1 }]);
    expect(importsDone).toBe(false);
    await imports;
  });

  it('retries an import whose number another writer inserted and committed while the import waited (PostgreSQL)', async () => {
    const db = getDb();
    if (db.kind !== 'postgresql') return; // one connection: PGlite runs one transaction at a time
    const before = await importPositions(db, unwrap(encodePositionFile(randomPositions(3, 1))));
    const next = before.importId + 1n;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holderPid = 0;
    // Another writer holds an uncommitted Import row with the next number (not seen by the import's
    // check, as a concurrent commit was not before the fix): the import's insert waits for it.
    const holder = db.transaction(async (sql) => {
      [{ pid: holderPid }] = await sql.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await sql.query(`INSERT INTO "Import" (id, format, fingerprint) VALUES ($1, 'TEST', 'held number')`, [next]);
      await released;
    });
    while (holderPid === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const racing = importPositions(db, unwrap(encodePositionFile(randomPositions(3, 2))));
    for (;;) {
      const [{ waiting }] = await db.sql.query<{ waiting: boolean }>(
        'SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE $1::int4 = ANY(pg_blocking_pids(pid))) AS waiting',
        [holderPid],
      );
      if (waiting) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    release();
    await holder;
    const outcome = await racing;
    expect(outcome.importId).toBe(next + 1n);
  });

  it("gives an import its schema's next number while an import into another schema of the database holds the same one (PostgreSQL)", async () => {
    const db = getDb();
    const url = process.env.TEST_DATABASE_URL;
    if (db.kind !== 'postgresql' || !url) return; // PGlite: one schema
    const other = await openDatabase({ url, schema: `tabula_test_numbers_${process.pid}`, poolSize: 2, statementTimeoutMs: 60_000 });
    try {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let held: bigint | undefined;
      // This schema's next import takes its number and holds it, uncommitted.
      const holder = db.transaction(async (sql) => {
        held = await reserveImportId(sql);
        await released;
      });
      while (held === undefined) await new Promise((resolve) => setTimeout(resolve, 10));
      // The other schema's imports so far end just below it: its next number is the same one.
      await other.sql.query(`SELECT setval('"Import_id_seq"', GREATEST($1::int8, 1), $1::int8 >= 1)`, [held - 1n]);
      const taken = await other.transaction((sql) => reserveImportId(sql));
      release();
      await holder;
      expect(taken).toBe(held);
    } finally {
      await other.sql.exec(`DROP SCHEMA IF EXISTS "tabula_test_numbers_${process.pid}" CASCADE`);
      await other.close();
    }
  });
});
