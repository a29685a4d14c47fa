/** A stored crossword game read again by `reread` gives the record its import gave: no database, the same plies. */
import { cgpReader, gcgReader } from '../../../src/games/crossword/formats';
import { ImportFailure } from '../../../src/games/importFailure';
import { GCG_FILES, readBytes } from '../../codecs/crossword/fixtures';
import { comparable, importedGames, rereadGames } from '../../support/reread';

describe('rereading stored GCG games', () => {
  it.each(GCG_FILES)('gives the game of %s exactly as the import read it', async (name) => {
    const games = await importedGames(gcgReader, readBytes(name));
    expect(games).toHaveLength(1);
    expect(rereadGames(gcgReader, games)).toEqual(games.map(comparable));
  });

  it('reads with the import options: a lexicon given at import is the game\'s again', async () => {
    const options = { lexicon: 'CSW21' };
    const games = await importedGames(gcgReader, readBytes('macondo/gcg/vs_frentz.gcg'), options);
    const [again] = rereadGames(gcgReader, games, options);
    expect(again).toEqual(comparable(games[0]));
    expect(again!.metadata).toMatchObject({ lexicon: 'CSW21' });
  });

  it('refuses options the import refuses', () => {
    expect(() => gcgReader.reread!({ source: readBytes('macondo/gcg/vs_frentz.gcg') }, { letterDistribution: 'klingon' }, {})).toThrow(ImportFailure);
  });
});

describe('CGP', () => {
  it('holds positions only: no game to reread', () => {
    expect(cgpReader.reread).toBeUndefined();
  });
});
