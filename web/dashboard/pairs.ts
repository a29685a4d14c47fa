/**
 * Which two Go score sets the Go tab opens on: the pair that scored the most positions in common
 * (the first of `goScoreSetPairs`), as indexes into the `goScoreSets` list. Opening on the first
 * two sets showed an all-zero table whenever those two share no position (four sets of two
 * unrelated files, say). Pure: the server finds the pair.
 */

/** A score set by name, as both `goScoreSets` and `goScoreSetPairs` give it. */
export interface SetName {
  program: string;
  ruleset: string;
}

const sameSet = (x: SetName, y: SetName): boolean => x.program === y.program && x.ruleset === y.ruleset;

/**
 * The indexes in `sets` of the top pair's two sets; the first two sets when no pair shares a
 * position (or the pair is not in the list); the first set on both sides when there is only one.
 */
export const openingPair = (sets: readonly SetName[], top: { a: SetName; b: SetName } | undefined): [number, number] => {
  const a = top ? sets.findIndex((s) => sameSet(s, top.a)) : -1;
  const b = top ? sets.findIndex((s) => sameSet(s, top.b)) : -1;
  if (a >= 0 && b >= 0) return [a, b];
  return [0, sets.length > 1 ? 1 : 0];
};
