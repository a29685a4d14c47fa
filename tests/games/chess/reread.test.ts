/** A stored chess game read again by `reread` gives the record its import gave: no database, the same plies. */
import type { PlyRecord } from '../../../src/db/records';
import { gameTextReader, pgnReader } from '../../../src/games/chess/formats';
import { ImportFailure } from '../../../src/games/importFailure';
import { comparable, importedGames, rereadGames } from '../../support/reread';
import { sample } from '../../support/sampleData';

describe('rereading stored PGN games', () => {
  it.each(['jose-starter.pgn', 'immortal-games.pgn', 'cutechess-fischerrandom.pgn', 'scid-res_gameUTF8.pgn', 'anastasian-lewis.pgn'])(
    'gives every game of %s exactly as the import read it',
    async (name) => {
      const games = await importedGames(pgnReader, sample('chess', name));
      expect(games.length).toBeGreaterThan(0);
      expect(rereadGames(pgnReader, games)).toEqual(games.map(comparable));
    },
  );

  it('gives the nodes, keys and moves of the fast replay (which also writes every board)', async () => {
    const games = await importedGames(pgnReader, sample('chess', 'immortal-games.pgn'));
    const nodes = (plies: PlyRecord[]) => plies.map((p) => [p.variation, p.ply, p.position.key, p.move ?? null, p.nextMove ?? null]);
    for (const g of games) expect(nodes(pgnReader.reread!(g, {}, {})!.plies)).toEqual(nodes(pgnReader.replay!(g.source, {})!));
  });

  it.each(['jose-starter.pgn', 'immortal-games.pgn', 'cutechess-fischerrandom.pgn', 'scid-res_gameUTF8.pgn', 'anastasian-lewis.pgn'])(
    'reads again from the source of every game of %s the tags its import left out of the row',
    async (name) => {
      const games = await importedGames(pgnReader, sample('chess', name));
      expect(games.every((g) => g.metadataInSource === true)).toBe(true);
      expect(games.map((g) => pgnReader.metadata!(g.source))).toEqual(games.map((g) => g.metadata));
    },
  );

  it('refuses a source that holds no game, as the import does', () => {
    expect(() => pgnReader.reread!({ source: Buffer.from('just prose, no game') }, {}, {})).toThrow(ImportFailure);
  });
});

describe('rereading stored GameText games', () => {
  it('gives the record the import gave, with the import options', async () => {
    const bytes = Buffer.from('13132e224c00432b98466c074a0c0898ff', 'hex');
    const options = { fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' };
    const [game] = await importedGames(gameTextReader, bytes, options);
    expect(game.plies.length).toBeGreaterThan(1);
    expect(gameTextReader.reread!({ source: bytes }, options, {})).toEqual(game);
  });

  it('keeps its metadata in the row: its dialect is not in its source', async () => {
    const [game] = await importedGames(gameTextReader, Buffer.from('13132e224c00432b98466c074a0c0898ff', 'hex'), { dialect: 'JOSE' });
    expect(game.metadataInSource).toBe(false);
    expect(game.metadata).toMatchObject({ GameTextDialect: 'JOSE' });
  });
});
