/**
 * Which two Go score sets the Go tab opens on: the pair that scored the most positions in common.
 * Opening on the first two sets showed an all-zero table whenever those two share no position
 * (four sets of two unrelated files, say). Pure: the counts come from `goScoreDiff.compared`.
 */

/** Every pair (i < j) of `count` sets, the first `maxSets` sets only (so one query asks them all). */
export const setPairs = (count: number, maxSets = 7): [number, number][] => {
  const n = Math.min(count, maxSets);
  const pairs: [number, number][] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) pairs.push([i, j]);
  return pairs;
};

/**
 * The pair sharing the most positions (the earlier pair on a tie); the first two sets when none
 * shares any (or there are fewer than two sets: then both sides are the first set).
 */
export const bestPair = (pairs: readonly [number, number][], compared: readonly number[]): [number, number] => {
  let best = -1;
  for (let k = 0; k < pairs.length; k++) if (compared[k] > 0 && (best < 0 || compared[k] > compared[best])) best = k;
  return best >= 0 ? pairs[best] : [0, pairs.length > 0 ? 1 : 0];
};

/**
 * One query asking how many positions each pair shares: `p<k>` is `goScoreDiff(a: $s<i>, b: $s<j>,
 * first: 0) { compared }` for pair k = (i, j); the variables `s<i>` are the sets of `used`.
 */
export const sharedPairsQuery = (pairs: readonly [number, number][]): { query: string; used: number[] } => {
  const used = [...new Set(pairs.flat())].sort((x, y) => x - y);
  const query =
    `query DashboardSharedPairs(${used.map((i) => `$s${i}: GoScoreSetInput!`).join(', ')}) { ` +
    pairs.map(([i, j], k) => `p${k}: goScoreDiff(a: $s${i}, b: $s${j}, first: 0) { compared }`).join(' ') +
    ' }';
  return { query, used };
};
