/** A stored backgammon game read again by `reread` gives the record its import gave: no database, the same plies. */
import { readerFor } from '../../../src/games/index';
import { matReader } from '../../../src/games/backgammon/mat';
import { comparable, importedGames, rereadGames } from '../../support/reread';
import { sample, sampleText } from '../../support/sampleData';

const sgfReader = readerFor('SGF')!;

describe('rereading stored MAT games', () => {
  it.each(['gibbon_7point.mat', 'gnubgparser_charlot1-charlot2_7p_2025-11-08-2305.mat', 'gnubg107_5p_double_dance_resign.mat', 'gnubgparser_gnubg_roll_then_resign_1p.mat'])(
    'gives every game of %s exactly as the import read it',
    async (name) => {
      const games = await importedGames(matReader, sample('backgammon', name));
      expect(games.length).toBeGreaterThan(0);
      expect(rereadGames(matReader, games)).toEqual(games.map(comparable));
    },
  );
});

/** gibbon_7point.mat with a tenth game after the Crawford game (game 9, at 6-5): game 8's moves, at 6-5 again, its double allowed. */
const withPostCrawfordGame = (): Buffer => {
  const lines = sampleText('backgammon', 'gibbon_7point.mat').split('\r\n');
  const game8 = lines.slice(lines.indexOf(' Game 8'), lines.indexOf(' Game 9'));
  const game10 = [' Game 10', ' JoeBlack : 6                   SnowWhite : 5', ...game8.slice(2)];
  return Buffer.from([...lines.slice(0, -1), '', ...game10, ''].join('\r\n'));
};

describe('rereading a stored MAT game after the Crawford game', () => {
  // A game's own `.mat` section cannot tell the Crawford game from a later one at the same score:
  // the import knows from the games before it and keeps it in metadata.rules, which the reread reads.
  it('gives a game after the Crawford game the keys the import gave (the Crawford flag as stored)', async () => {
    const games = await importedGames(matReader, withPostCrawfordGame());
    expect(games.map((g) => (g.metadata as { rules: { crawfordGame: boolean } }).rules.crawfordGame)).toEqual([...Array(8).fill(false), true, false]);
    expect(rereadGames(matReader, games.slice(-1))[0]!.plies.map((p) => p.position.key)).toEqual(games[9].plies.map((p) => p.position.key));
  });
});

describe('rereading stored backgammon SGF games', () => {
  it.each(['gibbon_7point.sgf', 'gnubgparser_charlot1-charlot2_7p_2025-11-08-2305.sgf', 'gnubg107_5p_double_dance_resign.sgf', 'gnubg107_9p_setup_position.sgf', 'gnubg107_money_jacoby_beaver.sgf'])(
    'gives every game of %s with the plies and analysis the import read',
    async (name) => {
      const games = await importedGames(sgfReader, sample('backgammon', name));
      expect(games.length).toBeGreaterThan(0);
      const again = rereadGames(sgfReader, games);
      expect(again.map((g) => g?.plies)).toEqual(games.map((g) => g.plies));
      expect(again.map((g) => g?.analysis)).toEqual(games.map((g) => g.analysis));
      expect(again.map((g) => g && [g.player1, g.player2, g.result, g.matchLength, g.gameNumber])).toEqual(games.map((g) => [g.player1, g.player2, g.result, g.matchLength, g.gameNumber]));
    },
  );

  it('gives the whole record of a match\'s first game, which takes its date from no other game', async () => {
    const [first] = await importedGames(sgfReader, sample('backgammon', 'gibbon_7point.sgf'));
    expect(rereadGames(sgfReader, [first])).toEqual([comparable(first)]);
  });
});
