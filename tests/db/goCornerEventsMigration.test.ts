/**
 * The migration that gives Go games' pattern signatures their corner events (version 2): the imports
 * holding Go games are read again by the attributes catch-up, which writes each signature anew;
 * imports of other games are left as they are.
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

const MIGRATION = readMigrations().find((m) => m.name === '20261127030000_go_corner_events')!;
const GO_FILE = fs.readFileSync(path.resolve(__dirname, '../fixtures/go/gnugo-19-01.sgf'));

describeEachDatabase('the Go corner events migration', (getDb) => {
  let goImport: bigint;
  let chessImport: bigint;

  beforeAll(async () => {
    goImport = (await runImport(getDb(), readerFor('SGF')!, bytesSource(GO_FILE, 'game.sgf'))).importId;
    chessImport = (await runImport(getDb(), readerFor('PGN')!, bytesSource(Buffer.from(RATED_PGN), 'games.pgn'))).importId;
  });

  const goSignatures = async () =>
    (await getDb().sql.query<{ signature: Uint8Array }>(`SELECT "patternSignature" AS signature FROM "Game" WHERE kind = 'GO' ORDER BY id`)).map((r) => Uint8Array.from(r.signature));

  it('marks only the imports holding Go games to be read again, and the catch-up writes version-2 signatures with corner events', async () => {
    const db = getDb();
    const written = await goSignatures();
    expect(written.length).toBeGreaterThan(0);
    // The signatures as version 1 wrote them: no corner events.
    for (const s of written) {
      const v1 = Uint8Array.from(s.subarray(0, cornerEventsOf(s)!.start));
      v1[0] = 1;
      await db.sql.query(`UPDATE "Game" SET "patternSignature" = $1 WHERE kind = 'GO' AND "patternSignature" = $2`, [v1, s]);
    }
    expect((await goSignatures()).every((s) => s[0] === 1 && cornerEventsOf(s) === null)).toBe(true);
    await db.sql.query(MIGRATION.script);
    const marked = await db.sql.query<{ id: bigint; attributed: boolean }>(`SELECT id, attributed FROM "Import" WHERE id = ANY($1::int8[]) ORDER BY id`, [[goImport, chessImport]]);
    expect(marked.map((m) => [m.id, m.attributed])).toEqual([
      [goImport, false],
      [chessImport, true],
    ]);
    await attributePendingImports(db);
    expect(await goSignatures()).toEqual(written);
    // A corner pattern is answered from each signature alone again.
    const corner = go.patterns!.read({ pattern: '.', anchor: 'corner' });
    if (!corner.ok) throw new Error(corner.error.message);
    expect(written.map((s) => [s[0], go.patterns!.signature!.hits!(corner.query, s) === null])).toEqual(written.map(() => [2, false]));
  });
});
