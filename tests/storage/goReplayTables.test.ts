/**
 * Replaying stored Go SGF games reads the Zobrist table their import recorded once per import
 * and pass, not once per game (each lookup was a query and the table's text sent again).
 */
import type { SqlExecutor } from '../../src/db/sql';
import type { Game } from '../../src/generated/prisma/client';
import { readerFor } from '../../src/games/index';
import { pliesOfGames } from '../../src/storage/gamePlies';
import { bytesSource, runImport } from '../../src/storage/importService';
import { describeEachDatabase } from '../support/databases';

/** `sql`, counting the statements that read a Zobrist table. */
const counting = (sql: SqlExecutor): { sql: SqlExecutor; lookups: () => number } => {
  let lookups = 0;
  return {
    sql: {
      ...sql,
      query: (text, params) => {
        if (text.includes('"ZobristTable"')) lookups++;
        return sql.query(text, params);
      },
    },
    lookups: () => lookups,
  };
};

const GAMES = 6;
const goGames = (salt: string): string =>
  Array.from({ length: GAMES }, (_, i) => `(;GM[1]FF[4]SZ[9]GN[${salt} ${i}];B[${'abcdefghi'[i]}a];W[${'abcdefghi'[i]}b])\n`).join('');

describeEachDatabase('replaying stored Go games', (getDb) => {
  it('reads each import\'s Zobrist table once for a page of its games', async () => {
    const db = getDb();
    const one = await runImport(db, readerFor('SGF')!, bytesSource(Buffer.from(goGames('one'))), {});
    const two = await runImport(db, readerFor('SGF')!, bytesSource(Buffer.from(goGames('two'))), {});
    const games = await db.sql.query<Game & Record<string, unknown>>(`SELECT * FROM "Game" WHERE "importId" IN ($1, $2) ORDER BY id`, [one.importId, two.importId]);
    expect(games).toHaveLength(2 * GAMES);
    const probe = counting(db.sql);
    const plies = await pliesOfGames(probe.sql, games);
    expect([...plies.values()].map((p) => p.length)).toEqual(Array(2 * GAMES).fill(3));
    expect(probe.lookups()).toBe(2);
  });
});
