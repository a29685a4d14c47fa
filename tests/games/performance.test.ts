/** FIDE's performance rating: the opponents' mean plus dp of the score fraction, from FIDE table 8.1(a). */
import { performanceRating, ratingDifference } from '../../src/games/performance';

describe('performance rating', () => {
  it("reads FIDE's table at its printed points", () => {
    expect([1, 0.99, 0.75, 0.61, 0.5, 0.39, 0.01, 0].map(ratingDifference)).toEqual([800, 677, 193, 80, 0, -80, -677, -800]);
  });

  it('rounds the score fraction to the hundredth the table lists', () => {
    expect(ratingDifference(5.5 / 9)).toBe(80); // 0.611 → .61
    expect(ratingDifference(2 / 3)).toBe(125); // 0.667 → .67
  });

  it("adds dp to the opponents' mean", () => {
    expect(performanceRating(2000, 3, 4)).toBe(2193);
    expect(performanceRating(2400, 0, 1)).toBe(1600);
    expect(performanceRating(2400, 1, 1)).toBe(3200);
  });

  it('gives no performance without a game', () => {
    expect(performanceRating(2000, 0, 0)).toBeNull();
  });
});
