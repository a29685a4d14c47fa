/** The games an export writes: one game, or an import's games in file order; none for what is not stored. */
import { readerFor } from '../../src/games/index';
import { gamesToExport } from '../../src/storage/games';
import { bytesSource, runImport } from '../../src/storage/importService';
import { describeEachDatabase } from '../support/databases';

const PGN = ['[White "a"]\n\n1. e4 *\n', '[White "b"]\n\n1. d4 *\n', '[White "c"]\n\n1. c4 *\n'].join('\n');
const CGP = '15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 / 0/0 0\n';

describeEachDatabase('the games an export writes', (getDb) => {
  it('gives an import\'s games in the order of its file, and one game by its id', async () => {
    const db = getDb();
    const { importId } = await runImport(db, readerFor('PGN')!, bytesSource(Buffer.from(PGN)));
    const games = await gamesToExport(db, { importId });
    expect(games!.map((g) => g.player1)).toEqual(['a', 'b', 'c']);
    expect((await gamesToExport(db, { gameId: games![1].id }))!.map((g) => g.player1)).toEqual(['b']);
  });

  it('gives no game for an import of positions only, and null for a game or import that is not stored', async () => {
    const db = getDb();
    const { importId } = await runImport(db, readerFor('CGP')!, bytesSource(Buffer.from(CGP)));
    expect(await gamesToExport(db, { importId })).toEqual([]);
    expect(await gamesToExport(db, { importId: 999_999n })).toBeNull();
    expect(await gamesToExport(db, { gameId: 999_999n })).toBeNull();
  });
});
