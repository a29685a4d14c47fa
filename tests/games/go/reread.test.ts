/**
 * A stored Go game read again by `reread` gives the record its import gave, hashed with the
 * Zobrist table the import recorded (handed in, no database).
 */
import { createHasher, defaultHasher, generateZobristTable } from '../../../src/codecs/go';
import { unwrap } from '../../../src/codecs/result';
import type { ReadContext } from '../../../src/games/formats';
import { readerFor } from '../../../src/games/index';
import { comparable, importedGames, rereadGames } from '../../support/reread';
import { sample } from '../../support/sampleData';

const sgfReader = readerFor('SGF')!;
const OTHER = unwrap(createHasher(generateZobristTable(81, 7n), 9, 9));
/** What an import that hashes with OTHER gives the SGF reader (which reads nothing else from its context). */
const withOther = { zobristTable: async () => ({ name: 'other', hasher: OTHER }) } as ReadContext;

const GAME = '(;GM[1]FF[4]SZ[9]KM[7];B[ee];W[gc];B[cg];W[eg];B[ec])';

describe('rereading stored Go SGF games', () => {
  it.each(['fuego-regression_2009_MM-Fuego-variations.sgf', 'fuego-regression_2010-Barcelona_Chou9p-vs-FuegoGB.sgf', 'fuego-regression_2012-zen-vs-pro_3_So8p-vs-Zen.sgf', 'katago-tests_sampletest9x9_setup-props.sgf'])(
    'gives every game of %s exactly as an import with the default table read it',
    async (name) => {
      const games = await importedGames(sgfReader, sample('go', name));
      expect(games.length).toBeGreaterThan(0);
      expect(rereadGames(sgfReader, games)).toEqual(games.map(comparable));
      expect(rereadGames(sgfReader, games, {}, { goHasher: defaultHasher(9, 9) })).toEqual(games.map(comparable));
    },
  );

  it('hashes with the table the import recorded: the keys of an import under another table', async () => {
    const [game] = await importedGames(sgfReader, Buffer.from(GAME), {}, withOther);
    const [plain] = await importedGames(sgfReader, Buffer.from(GAME));
    expect(plain.plies.at(-1)!.position.key).toBe('091224398675cb550057');
    expect(game.plies.at(-1)!.position.key).not.toBe('091224398675cb550057');
    expect(rereadGames(sgfReader, [game], {}, { goHasher: OTHER })).toEqual([comparable(game)]);
    expect(rereadGames(sgfReader, [game], {}, {})[0]!.plies).toEqual(plain.plies);
  });

  it('reads a game from an ISO-8859-1 file as the import did: the stored tree is UTF-8', async () => {
    const file = Buffer.from('(;GM[1]FF[4]CA[ISO-8859-1]SZ[9]PB[Müller]PW[Åsa];B[ee];W[gc])', 'latin1');
    const [game] = await importedGames(sgfReader, file);
    expect([game.player1, game.player2]).toEqual(['Müller', 'Åsa']);
    expect(rereadGames(sgfReader, [game])).toEqual([comparable(game)]);
  });

  it('says the format rereads with the recorded tables', () => {
    expect(sgfReader.rereadsWithTables).toBe(true);
  });
});
