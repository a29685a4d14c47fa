/**
 * The migrations that give Go games' pattern signatures their corner events (version 2) and then
 * write those denser (version 3): each marks the imports holding Go games to be read again by the
 * attributes catch-up, which writes each signature anew (today's version, 3); imports of other
 * games are left as they are.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readMigrations } from '../../src/db/migrations';
import { readerFor } from '../../src/games/index';
import { go } from '../../src/games/go';
import { cornerEventsOf } from '../../src/games/go/patternSignature';
import { bytesSource, runImport } from '../../src/storage/importService';
import { attributePendingImports } from '../../src/storage/reanalyse';
import { describeEachDatabase } from '../support/databases';
import { RATED_PGN } from '../support/ratedGames';

const migration = (name: string) => readMigrations().find((m) => m.name === name)!;
const GO_FILE = fs.readFileSync(path.resolve(__dirname, '../fixtures/go/gnugo-19-01.sgf'));

describeEachDatabase('the Go corner events migrations', (getDb) => {
  let goImport: bigint;
  let chessImport: bigint;

  beforeAll(async () => {
    goImport = (await runImport(getDb(), readerFor('SGF')!, bytesSource(GO_FILE, 'game.sgf'))).importId;
    chessImport = (await runImport(getDb(), readerFor('PGN')!, bytesSource(Buffer.from(RATED_PGN), 'games.pgn'))).importId;
  });

  const goSignatures = async () =>
    (await getDb().sql.query<{ signature: Uint8Array }>(`SELECT "patternSignature" AS signature FROM "Game" WHERE kind = 'GO' ORDER BY id`)).map((r) => Uint8Array.from(r.signature));

  /** Runs the migration, checks it marked the Go import only, runs the catch-up and checks the signatures are today's again. */
  const migrateAndCatchUp = async (name: string, written: Uint8Array[]) => {
    const db = getDb();
    await db.sql.query(migration(name).script);
    const marked = await db.sql.query<{ id: bigint; attributed: boolean }>(`SELECT id, attributed FROM "Import" WHERE id = ANY($1::int8[]) ORDER BY id`, [[goImport, chessImport]]);
    expect(marked.map((m) => [m.id, m.attributed])).toEqual([
      [goImport, false],
      [chessImport, true],
    ]);
    await attributePendingImports(db);
    expect(await goSignatures()).toEqual(written);
  };

  /** A corner pattern, answered from each signature alone (not null) or left to the replay (null). */
  const cornerHits = (signatures: Uint8Array[]) => {
    const corner = go.patterns!.read({ pattern: '.', anchor: 'corner' });
    if (!corner.ok) throw new Error(corner.error.message);
    return signatures.map((s) => [s[0], go.patterns!.signature!.hits!(corner.query, s) === null]);
  };

  /** Stores `older(signature)` in place of each Go game's signature. */
  const storeOlder = async (written: Uint8Array[], older: (s: Uint8Array) => Uint8Array) => {
    for (const s of written) await getDb().sql.query(`UPDATE "Game" SET "patternSignature" = $1 WHERE kind = 'GO' AND "patternSignature" = $2`, [older(s), s]);
  };

  it('marks only the imports holding Go games to be read again, and the catch-up writes signatures with corner events', async () => {
    const written = await goSignatures();
    expect(written.length).toBeGreaterThan(0);
    // The signatures as version 1 wrote them: no corner events.
    await storeOlder(written, (s) => {
      const v1 = Uint8Array.from(s.subarray(0, cornerEventsOf(s)!.start));
      v1[0] = 1;
      return v1;
    });
    expect((await goSignatures()).every((s) => s[0] === 1 && cornerEventsOf(s) === null)).toBe(true);
    await migrateAndCatchUp('20261127030000_go_corner_events', written);
    // A corner pattern is answered from each signature alone again.
    expect(cornerHits(written)).toEqual(written.map(() => [3, false]));
  });

  it('marks only the imports holding Go games to be read again, and the catch-up writes version-3 signatures over version 2', async () => {
    const written = await goSignatures();
    // Signatures marked version 2: their corner events are not read, the games are replayed.
    await storeOlder(written, (s) => Uint8Array.of(2, ...s.subarray(1)));
    const older = await goSignatures();
    expect(cornerHits(older)).toEqual(written.map(() => [2, true]));
    await migrateAndCatchUp('20261127060000_go_corner_events_v3', written);
    expect(cornerHits(written)).toEqual(written.map(() => [3, false]));
  });
});
