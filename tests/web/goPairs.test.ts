/** The Go tab opens on the pair of score sets that share the most positions, not on the first two. */
import { encodePositionFile, encodeScoreFile } from '../../src/codecs/go';
import { unwrap } from '../../src/codecs/result';
import { bestPair, setPairs, sharedPairsQuery } from '../../web/dashboard/pairs';
import { describeEachDatabase } from '../support/databases';
import { dataOf, graphqlClient } from '../support/graphql';
import { randomPositions } from '../support/goFiles';

describe('choosing the pair of score sets to open on', () => {
  it('lists every pair of the first sets once', () => {
    expect(setPairs(3)).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
  });

  it('asks about the first seven sets at most (21 pairs: one query within the alias limit)', () => {
    expect(setPairs(12)).toHaveLength(21);
  });

  it('takes the pair sharing the most positions', () => {
    expect(bestPair(setPairs(4), [0, 0, 0, 0, 0, 30])).toEqual([2, 3]);
  });

  it('falls back to the first two sets when no pair shares a position', () => {
    expect(bestPair(setPairs(4), [0, 0, 0, 0, 0, 0])).toEqual([0, 1]);
  });

  it('shows the only set on both sides when there is one', () => {
    expect(bestPair(setPairs(1), [])).toEqual([0, 0]);
  });
});

describeEachDatabase('the shared-pairs query of the Go tab', (getDb) => {
  it('finds, among four sets of two unrelated files, a pair scoring the same file', async () => {
    const gql = graphqlClient(getDb());
    const IMPORT = `mutation ($f: GameFormat!, $d: String!, $o: ImportOptions) { importGames(format: $f, data: $d, options: $o) { importId } }`;
    const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
    const files = [randomPositions(12, 501), randomPositions(9, 502)];
    for (const positions of files) dataOf(await gql(IMPORT, { f: 'GO_POSITIONS', d: b64(unwrap(encodePositionFile(positions))) }));
    // Sets in the order goScoreSets lists them (by program): a (file 0), b (file 1), c (file 0), d (file 1).
    const scored = [['a', 0], ['b', 1], ['c', 0], ['d', 1]] as const;
    for (const [program, file] of scored) {
      const scores = files[file].map((p, i) => ({ id: p.id, score: 3 + (i % 5), confidence: 90 }));
      dataOf(await gql(IMPORT, { f: 'GO_SCORES', d: b64(unwrap(encodeScoreFile(scores))), o: { program, ruleset: 'r' } }));
    }
    const sets = dataOf(await gql<{ goScoreSets: { program: string; ruleset: string }[] }>(`{ goScoreSets { program ruleset } }`)).goScoreSets;
    expect(sets.map((s) => s.program)).toEqual(['a', 'b', 'c', 'd']);
    const pairs = setPairs(sets.length);
    const { query, used } = sharedPairsQuery(pairs);
    const data = dataOf(await gql<Record<string, { compared: number }>>(query, Object.fromEntries(used.map((i) => [`s${i}`, sets[i]]))));
    expect(bestPair(pairs, pairs.map((_, k) => data[`p${k}`].compared))).toEqual([0, 2]);
  });
});
