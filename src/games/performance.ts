/**
 * FIDE's performance rating: the opponents' mean rating plus the rating difference `dp` FIDE's
 * table gives for the score fraction (FIDE Rating Regulations, table 8.1(a), used by the title
 * regulations for performances; 100% is +800 and 0% is −800).
 */

/** dp for p = 0.50, 0.51, …, 1.00 (FIDE table 8.1(a)); below 0.50, dp(p) = −dp(1 − p). */
const DP_FROM_HALF = [
  0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158, 166, 175, 184, 193,
  202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
];

/** FIDE's dp for a score fraction (0..1), the fraction rounded to the table's hundredths. */
export const ratingDifference = (fraction: number): number => {
  const hundredths = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return hundredths >= 50 ? DP_FROM_HALF[hundredths - 50] : -DP_FROM_HALF[50 - hundredths];
};

/** The performance of `score` points in `games` games against opponents of mean rating `opponentMean`, rounded; null without games. */
export const performanceRating = (opponentMean: number, score: number, games: number): number | null =>
  games > 0 ? Math.round(opponentMean + ratingDifference(score / games)) : null;
