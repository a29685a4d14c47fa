import { gcgReader } from '../../../src/games/crossword/formats';
import type { GameRecord } from '../../../src/db/records';
import { readerFor } from '../../../src/games/index';
import { bytesSource, runImport } from '../../../src/storage/importService';
import { analysePendingImports } from '../../../src/storage/reanalyse';
import { describeEachDatabase } from '../../support/databases';
import { readBytes } from '../../codecs/crossword/fixtures';
import { SMALL_GAME } from '../../codecs/crossword/smallGame';

/** The one game the GCG reader yields for `data`. */
const readGame = async (data: Uint8Array | string, options = {}): Promise<GameRecord> => {
  const bytes = typeof data === 'string' ? new Uint8Array(Buffer.from(data)) : data;
  const input = async function* () {
    yield bytes;
  };
  for await (const chunk of gcgReader.read(input(), options)) if (chunk.games?.[0]) return chunk.games[0];
  throw new Error('no game');
};

describe('the GCG reader sums each player for PlayerAnalysis', () => {
  it('writes the hand-computed rows of the small game: turns as decisions, recomputed points, bingos, stated score', async () => {
    // See smallGame.ts: alice 4 turns, 86 points, 1 bingo, stated 86; bob 3 turns, 35 points, stated 36.
    const { analysis } = await readGame(SMALL_GAME);
    const common = { program: 'Macondo', ruleset: 'NWL23', loss: 0, inaccuracies: 0, mistakes: 0, blunders: 0 };
    expect(analysis).toEqual([
      { side: 1, ...common, decisions: 4, turns: 4, points: 86, bingos: 1, statedScore: 86 },
      { side: 2, ...common, decisions: 3, turns: 3, points: 35, bingos: 0, statedScore: 36 },
    ]);
  });

  it('names the program gcg when the file does not say, and the ruleset after the lexicon', async () => {
    // incomplete.gcg: #lexicon NWL18 and no #description.
    const { analysis } = await readGame(readBytes('macondo/gcg/incomplete.gcg'));
    expect(analysis?.map((a) => [a.program, a.ruleset])).toEqual([
      ['gcg', 'NWL18'],
      ['gcg', 'NWL18'],
    ]);
  });

  it('counts an unfinished game as far as it goes: Player_1 10 turns, VANNERS and TURRETs; Player_2 10 turns, mIRADOR', async () => {
    // 9 plays and a pass each; the totals stop at 336 and 298.
    const { analysis } = await readGame(readBytes('macondo/gcg/incomplete.gcg'));
    expect(analysis?.map((a) => [a.turns, a.points, a.bingos, a.statedScore])).toEqual([
      [10, 336, 2, 336],
      [10, 298, 1, 298],
    ]);
  });

  it('takes the lexicon from the import options when the file has none, and no ruleset without one', async () => {
    const text = SMALL_GAME.replace('#lexicon NWL23\n', '');
    expect((await readGame(text)).analysis?.[0].ruleset).toBe('');
    expect((await readGame(text, { lexicon: 'CSW24' })).analysis?.[0].ruleset).toBe('CSW24');
  });
});

describeEachDatabase('crossword analysis rows in the database', (getDb) => {
  const rowsOf = (gameId: bigint) =>
    getDb().sql.query<{ side: number; player: string; program: string; turns: number; points: number; bingos: number; statedScore: number }>(
      `SELECT side, player, program, turns, points, bingos, "statedScore" FROM "PlayerAnalysis" WHERE "gameId" = $1 ORDER BY side`,
      [gameId],
    );

  it('stores one row per player at import, named after the game, and writes them again for an import stored before them', async () => {
    const outcome = await runImport(getDb(), readerFor('GCG')!, bytesSource(new Uint8Array(Buffer.from(SMALL_GAME))), {});
    const [{ id }] = await getDb().sql.query<{ id: bigint }>(`SELECT id FROM "Game" WHERE "importId" = $1`, [outcome.importId]);
    const expected = [
      { side: 1, player: 'Alice Adams', program: 'Macondo', turns: 4, points: 86, bingos: 1, statedScore: 86 },
      { side: 2, player: 'Bob Brown', program: 'Macondo', turns: 3, points: 35, bingos: 0, statedScore: 36 },
    ];
    expect(await rowsOf(id)).toEqual(expected);
    // As an import from before PlayerAnalysis: no rows, not analysed; opening the database catches up.
    await getDb().sql.query(`DELETE FROM "PlayerAnalysis" WHERE "gameId" = $1`, [id]);
    await getDb().sql.query(`UPDATE "Import" SET analysed = false WHERE id = $1`, [outcome.importId]);
    expect(await analysePendingImports(getDb())).toBe(1);
    expect(await rowsOf(id)).toEqual(expected);
  });
});
