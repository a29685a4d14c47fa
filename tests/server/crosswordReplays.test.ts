/**
 * A crossword game's plies read their positions from one replay of the game per request, however
 * many plies (and crossword fields) the request asks for.
 */
import * as crosswordStorage from '../../src/games/crossword/formats';
import { describeEachDatabase } from '../support/databases';
import { dataOf, graphqlClient } from '../support/graphql';
import { sampleText } from '../support/sampleData';

const IMPORT = `mutation ($data: String!) { importGames(format: GCG, data: $data) { games { id } } }`;
const PLIES = `query ($id: ID!) {
  game(id: $id) { mainLine { number crossword { cgp scores } again: crossword(dialect: SEED) { cgp } } }
}`;

describeEachDatabase('crossword plies', (getDb) => {
  afterEach(() => jest.restoreAllMocks());

  it('replays a game once per request for the crossword positions of all its plies', async () => {
    const gql = graphqlClient(getDb());
    const [{ id }] = dataOf(await gql<{ importGames: { games: { id: string }[] } }>(IMPORT, { data: sampleText('crossword', 'macondo/gcg/vs_frentz.gcg') })).importGames.games;
    const replays = jest.spyOn(crosswordStorage, 'crosswordGamePositions');
    const plies = dataOf(await gql<{ game: { mainLine: { number: number; crossword: { cgp: string; scores: number[] } | null }[] } }>(PLIES, { id })).game.mainLine;
    expect(plies.length).toBeGreaterThan(20);
    expect(plies.every((p) => p.crossword !== null)).toBe(true);
    expect(plies.at(-1)!.crossword!.scores).toEqual([439, 550]);
    expect(replays).toHaveBeenCalledTimes(1);
    // A second request replays again: the positions are the request's, not kept between requests.
    await gql(PLIES, { id });
    expect(replays).toHaveBeenCalledTimes(2);
  });
});
