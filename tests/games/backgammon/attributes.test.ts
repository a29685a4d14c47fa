/** What a backgammon file says of its players' ratings: gnubg's SGF WR/BR and a GridGammon .mat name's rating. */
import { backgammonAttributes, ratingOfText } from '../../../src/games/backgammon/attributes';

describe('backgammon attributes', () => {
  it("reads gnubg's rating/experience pairs and plain ratings, rounded", () => {
    expect(['1650.42/310', '1500', ' 1710.5 ', 'x', '', '0'].map(ratingOfText)).toEqual([1650, 1500, 1711, null, null, null]);
  });

  it('gives White (player 1) and Black ratings, and no speed', () => {
    expect(backgammonAttributes({ whiteRating: '1800/12', blackRating: '1650' })).toEqual({ player1Rating: 1800, player2Rating: 1650, speed: null });
  });
});
