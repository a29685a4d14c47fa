/**
 * The index writer counts the outcome and points it is given for a game (what its reader read
 * from the result and the game stores), and never reads a result text itself.
 */
import { CopyBytes, CopyLines, type CopyValue } from '../../../src/db/copyText';
import { PositionIndexBuffer } from '../../../src/db/positionIndex';
import type { SqlExecutor } from '../../../src/db/sql';
import { chessGame } from '../../support/records';
import { pgnReader } from '../../../src/games/chess/formats';
import { importedGames } from '../../support/reread';
import { sample } from '../../support/sampleData';

/** An executor that keeps the rows COPYed into each table. */
const copying = (): { sql: SqlExecutor; copied: Map<string, Record<string, CopyValue>[]> } => {
  const copied = new Map<string, Record<string, CopyValue>[]>();
  const sql: SqlExecutor = {
    query: () => Promise.resolve([]),
    exec: () => Promise.resolve(),
    copyRows: (table, columns, rows) => {
      // The index writer copies rows of values, never preformatted lines.
      if (rows instanceof CopyLines || rows instanceof CopyBytes) throw new Error(`${table}: text where rows were expected`);
      const kept = [...rows].map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i]])));
      copied.set(table, [...(copied.get(table) ?? []), ...kept]);
      return Promise.resolve(kept.length);
    },
  };
  return { sql, copied };
};

/** The move counts of 1. e4 from the start position, as the flush writes them. */
const e4Counts = (copied: Map<string, Record<string, CopyValue>[]>): Record<string, CopyValue> | undefined => {
  const rows = (copied.get('PositionMove') ?? []).filter((r) => r.move === 'e4');
  expect(rows).toHaveLength(1);
  const { games, firstWins, draws, secondWins, firstPoints, pointGames } = rows[0];
  return { games, firstWins, draws, secondWins, firstPoints, pointGames };
};

describe('the position index writer', () => {
  it("counts each game's stored outcome, whatever its result text says", async () => {
    const { sql, copied } = copying();
    const index = new PositionIndexBuffer();
    // The result text says White won; the stored outcome (what counts) says Black did, and a draw.
    await index.addGame(sql, 1n, 10n, chessGame('A', 'B', { result: '1-0', outcome: 'SECOND', firstPoints: null }));
    await index.addGame(sql, 1n, 11n, chessGame('C', 'D', { result: '1-0', outcome: 'DRAW', firstPoints: null }));
    await index.addGame(sql, 1n, 12n, chessGame('E', 'F', { result: null, outcome: null, firstPoints: null }));
    await index.flush(sql, 1n);
    expect(e4Counts(copied)).toEqual({ games: 3, firstWins: 0, draws: 1, secondWins: 1, firstPoints: 0, pointGames: 0 });
  });

  it('sums the points given for the games that have them', async () => {
    const { sql, copied } = copying();
    const index = new PositionIndexBuffer();
    await index.addGame(sql, 1n, 10n, chessGame('A', 'B', { outcome: 'FIRST', firstPoints: 3 }));
    await index.addGame(sql, 1n, 11n, chessGame('C', 'D', { outcome: 'SECOND', firstPoints: -1 }));
    await index.addGame(sql, 1n, 12n, chessGame('E', 'F', { outcome: 'FIRST', firstPoints: null }));
    await index.flush(sql, 1n);
    expect(e4Counts(copied)).toEqual({ games: 3, firstWins: 2, draws: 0, secondWins: 1, firstPoints: 2, pointGames: 2 });
  });

  it('copies the runs and move counts in the order of their keys, the signed hash', async () => {
    const { sql, copied } = copying();
    const index = new PositionIndexBuffer();
    const games = await importedGames(pgnReader, sample('chess', 'jose-starter.pgn'));
    for (const [i, game] of games.entries()) await index.addGame(sql, 1n, BigInt(10 + i), game);
    await index.flush(sql, 1n);
    for (const table of ['PositionRun', 'PositionMove']) {
      const hashes = (copied.get(table) ?? []).map((r) => r.hash as bigint);
      expect(hashes.some((h) => h < 0n) && hashes.some((h) => h > 0n)).toBe(true);
      expect(hashes).toEqual([...hashes].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    }
  });
});
