/** The Go tab opens on the pair of score sets that share the most positions, not on the first two. */
import fs from 'node:fs';
import path from 'node:path';
import { encodePositionFile, encodeScoreFile } from '../../src/codecs/go';
import { unwrap } from '../../src/codecs/result';
import { openingPair } from '../../web/dashboard/pairs';
import { describeEachDatabase } from '../support/databases';
import { dataOf, graphqlClient } from '../support/graphql';
import { randomPositions } from '../support/goFiles';

const set = (program: string, ruleset = '') => ({ program, ruleset });
const SETS = [set('a', 'r'), set('b', 'r'), set('c', 'r'), set('d', 'r')];

describe('choosing the pair of score sets to open on', () => {
  it('takes the indexes of the top pair in the list of sets', () => {
    expect(openingPair(SETS, { a: set('b', 'r'), b: set('d', 'r') })).toEqual([1, 3]);
  });

  it('tells sets of one program apart by ruleset', () => {
    expect(openingPair([set('a', 'x'), set('a', 'y'), set('a', 'z')], { a: set('a', 'x'), b: set('a', 'z') })).toEqual([0, 2]);
  });

  it('falls back to the first two sets when no pair shares a position', () => {
    expect(openingPair(SETS, undefined)).toEqual([0, 1]);
  });

  it('falls back to the first two sets when the pair names a set the list does not hold', () => {
    expect(openingPair(SETS, { a: set('a', 'r'), b: set('z', 'r') })).toEqual([0, 1]);
  });

  it('shows the only set on both sides when there is one', () => {
    expect(openingPair([set('a')], undefined)).toEqual([0, 0]);
  });
});

/** The Go tab's first query, as web/dashboard/goTab.ts sends it. */
const dashboardScoreSetsQuery = (): string => {
  const text = fs.readFileSync(path.join(__dirname, '../../web/dashboard/goTab.ts'), 'utf8');
  const found = /`(query DashboardScoreSets[^`]*)`/.exec(text);
  if (!found) throw new Error('query DashboardScoreSets not found in goTab.ts');
  return found[1];
};

describeEachDatabase("the Go tab's query of the sets and the pair to open on", (getDb) => {
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
    const data = dataOf(
      await gql<{ goScoreSets: { program: string; ruleset: string }[]; goScoreSetPairs: { a: { program: string; ruleset: string }; b: { program: string; ruleset: string } }[] }>(
        dashboardScoreSetsQuery(),
      ),
    );
    expect(data.goScoreSets.map((s) => s.program)).toEqual(['a', 'b', 'c', 'd']);
    // a and c share the 12 positions of file 0, more than b and d share (9).
    expect(openingPair(data.goScoreSets, data.goScoreSetPairs[0])).toEqual([0, 2]);
  });
});
