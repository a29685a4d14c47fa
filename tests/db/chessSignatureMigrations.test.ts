/**
 * The migrations that give chess games' pattern signatures a new layout (version 2: the material
 * changes; version 3: the packed moves and the outcome): each marks the imports holding chess
 * games to be read again by the attributes catch-up, which writes each signature anew; imports of
 * other games are left as they are.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readMigrations } from '../../src/db/migrations';
import { readerFor } from '../../src/games/index';
import { bytesSource, runImport } from '../../src/storage/importService';
import { attributePendingImports } from '../../src/storage/reanalyse';
import { describeEachDatabase } from '../support/databases';
import { RATED_PGN } from '../support/ratedGames';

const MIGRATIONS = ['20261127120000_chess_material_events', '20261127180000_chess_packed_moves'];
const GO_FILE = fs.readFileSync(path.resolve(__dirname, '../fixtures/go/gnugo-19-01.sgf'));
/** The version-1 signature of the game 1. e4 f5 2. e5 d5 3. exd6 e6 4. dxc7 Qe7 5. cxb8=Q Rxb8 (tests/games/chess/patterns.test.ts). */
const VERSION_1 = Buffer.from(
  '010000ff00101008040042000000000000002400000000000000810000000000000008000000000000021000000000000000000000002810ff00000000000000004200000000000000240000000000000083000000000000100800000000000000100100000620040000000000000000000000411004401000000000000000000000000000000000008000000000000000002000000000000000000080020008000100000000000008000000040080000000008000000000008000000000000000000000001000440008000004004000000800000000000100000000000000000000',
  'hex',
);

describeEachDatabase('the chess signature migrations', (getDb) => {
  let chessImport: bigint;
  let goImport: bigint;

  beforeAll(async () => {
    chessImport = (await runImport(getDb(), readerFor('PGN')!, bytesSource(Buffer.from(RATED_PGN), 'games.pgn'))).importId;
    goImport = (await runImport(getDb(), readerFor('SGF')!, bytesSource(GO_FILE, 'game.sgf'))).importId;
  });

  const chessSignatures = async () =>
    (await getDb().sql.query<{ signature: Uint8Array }>(`SELECT "patternSignature" AS signature FROM "Game" WHERE kind = 'CHESS' ORDER BY id`)).map((r) => Uint8Array.from(r.signature));

  it.each(MIGRATIONS)('%s marks only the imports holding chess games to be read again, and the catch-up writes version-3 signatures over older ones', async (name) => {
    const db = getDb();
    const migration = readMigrations().find((m) => m.name === name)!;
    const written = await chessSignatures();
    expect(written.length).toBeGreaterThan(0);
    // Version 3, and (byte 1, bits 4 and 5) the rated fixture's games start from the standard position and keep their moves.
    expect(written.map((s) => [s[0], s[1] & 48])).toEqual(written.map(() => [3, 48]));
    await db.sql.query(`UPDATE "Game" SET "patternSignature" = $1 WHERE kind = 'CHESS'`, [VERSION_1]);
    await db.sql.query(migration.script);
    const marked = await db.sql.query<{ id: bigint; attributed: boolean }>(`SELECT id, attributed FROM "Import" WHERE id = ANY($1::int8[]) ORDER BY id`, [[chessImport, goImport]]);
    expect(marked.map((m) => [m.id, m.attributed])).toEqual([
      [chessImport, false],
      [goImport, true],
    ]);
    await attributePendingImports(db);
    expect(await chessSignatures()).toEqual(written);
  });
});
