/** `goScoreSetPairs`: every pair of Go score sets that share positions, with how many, most shared first. */
import { encodePositionFile, encodeScoreFile } from '../../src/codecs/go';
import { unwrap } from '../../src/codecs/result';
import { describeEachDatabase } from '../support/databases';
import { dataOf, graphqlClient, type Gql } from '../support/graphql';
import { randomPositions } from '../support/goFiles';

const IMPORT = `mutation ($f: GameFormat!, $d: String!, $o: ImportOptions) { importGames(format: $f, data: $d, options: $o) { importId } }`;
const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

const PAIRS = `query ($first: Int) { goScoreSetPairs(first: $first) {
  a { program ruleset positions } b { program ruleset positions } sharedPositions } }`;
interface SetSize {
  program: string;
  ruleset: string;
  positions: number;
}
interface Pair {
  a: SetSize;
  b: SetSize;
  sharedPositions: number;
}

/** Twelve positions; each set scores the positions at these indexes (the sets in goScoreSets' order). */
const POSITIONS = randomPositions(12, 2401);
const SETS: { program: string; ruleset: string; scored: number[] }[] = [
  { program: 'fuego', ruleset: 'chinese', scored: [0, 1, 2, 3, 4, 5, 6, 7] },
  { program: 'fuego', ruleset: 'japanese', scored: [4, 5, 6, 7, 8, 9, 10, 11] },
  { program: 'gnugo', ruleset: 'chinese', scored: [0, 1, 2] },
  { program: 'katago', ruleset: '', scored: [9, 10, 11] },
];

/** The pairs counted here, independently of the server: intersections of the index lists, most shared first, then by set order. */
const expectedPairs = (): Pair[] => {
  const size = (i: number): SetSize => ({ program: SETS[i].program, ruleset: SETS[i].ruleset, positions: SETS[i].scored.length });
  const pairs: (Pair & { order: number })[] = [];
  for (let i = 0; i < SETS.length; i++)
    for (let j = i + 1; j < SETS.length; j++) {
      const shared = SETS[i].scored.filter((p) => SETS[j].scored.includes(p)).length;
      if (shared > 0) pairs.push({ a: size(i), b: size(j), sharedPositions: shared, order: pairs.length });
    }
  return pairs.sort((x, y) => y.sharedPositions - x.sharedPositions || x.order - y.order).map(({ order: _, ...pair }) => pair);
};

const importSets = async (gql: Gql): Promise<void> => {
  dataOf(await gql(IMPORT, { f: 'GO_POSITIONS', d: b64(unwrap(encodePositionFile(POSITIONS))) }));
  for (const set of SETS) {
    const scores = set.scored.map((i) => ({ id: POSITIONS[i].id, score: 3 + (i % 5), confidence: 90 }));
    dataOf(await gql(IMPORT, { f: 'GO_SCORES', d: b64(unwrap(encodeScoreFile(scores))), o: { program: set.program, ruleset: set.ruleset } }));
  }
};

describeEachDatabase('goScoreSetPairs', (getDb) => {
  let gql: Gql;
  beforeAll(async () => {
    gql = graphqlClient(getDb());
    await importSets(gql);
  });

  it('lists every pair of sets that share a position, with the count, most shared first and ties in set order', async () => {
    const pairs = dataOf(await gql<{ goScoreSetPairs: Pair[] }>(PAIRS)).goScoreSetPairs;
    // fuego/chinese-fuego/japanese share 4; fuego/chinese-gnugo and fuego/japanese-katago 3 each; the rest none.
    expect(expectedPairs().map((p) => p.sharedPositions)).toEqual([4, 3, 3]);
    expect(pairs).toEqual(expectedPairs());
  });

  it('counts what goScoreDiff compares with no minimum confidence', async () => {
    const [top] = dataOf(await gql<{ goScoreSetPairs: Pair[] }>(PAIRS, { first: 1 })).goScoreSetPairs;
    const set = (s: SetSize) => ({ program: s.program, ruleset: s.ruleset });
    const diff = dataOf(await gql<{ goScoreDiff: { compared: number } }>(
      `query ($a: GoScoreSetInput!, $b: GoScoreSetInput!) { goScoreDiff(a: $a, b: $b, first: 0) { compared } }`,
      { a: set(top.a), b: set(top.b) },
    )).goScoreDiff;
    expect(diff.compared).toBe(top.sharedPositions);
  });

  it('gives each set the size goScoreSets gives it', async () => {
    const data = dataOf(await gql<{ goScoreSets: SetSize[]; goScoreSetPairs: Pair[] }>(
      `{ goScoreSets { program ruleset positions } goScoreSetPairs { a { program ruleset positions } b { program ruleset positions } } }`,
    ));
    const sizes = data.goScoreSetPairs.flatMap((p) => [p.a, p.b]);
    for (const s of sizes) expect(data.goScoreSets).toContainEqual(s);
  });

  it('counts Go positions only: two sets scoring the same chess position are no pair', async () => {
    const db = getDb();
    await db.sql.query(`INSERT INTO "Position" (kind, key, board) VALUES ('CHESS', 'pairs-test-chess', '')`);
    await db.sql.query(
      `INSERT INTO "Score" ("positionId", program, ruleset, value)
       SELECT p.id, s.program, s.ruleset, 0.5 FROM "Position" p, (VALUES ('fuego', 'chinese'), ('katago', ''), ('stockfish', '')) AS s (program, ruleset)
       WHERE p.key = 'pairs-test-chess'`,
    );
    try {
      expect(dataOf(await gql<{ goScoreSetPairs: Pair[] }>(PAIRS)).goScoreSetPairs).toEqual(expectedPairs());
    } finally {
      await db.sql.query(`DELETE FROM "Position" WHERE key = 'pairs-test-chess'`);
    }
  });

  it('gives at most `first` pairs, the most shared', async () => {
    const pairs = dataOf(await gql<{ goScoreSetPairs: Pair[] }>(PAIRS, { first: 2 })).goScoreSetPairs;
    expect(pairs).toEqual(expectedPairs().slice(0, 2));
  });

  it('refuses `first` above 100 with BAD_USER_INPUT naming the argument', async () => {
    const result = await gql(PAIRS, { first: 101 });
    expect(result.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', details: { argument: 'first' } } });
  });
});

describeEachDatabase('goScoreSetPairs with no shared positions', (getDb) => {
  it('is empty when no two sets scored the same position', async () => {
    const gql = graphqlClient(getDb());
    dataOf(await gql(IMPORT, { f: 'GO_POSITIONS', d: b64(unwrap(encodePositionFile(POSITIONS))) }));
    for (const [program, scored] of [['fuego', [0, 1]], ['gnugo', [2, 3]]] as const) {
      const scores = scored.map((i) => ({ id: POSITIONS[i].id, score: 5, confidence: 90 }));
      dataOf(await gql(IMPORT, { f: 'GO_SCORES', d: b64(unwrap(encodeScoreFile(scores))), o: { program, ruleset: 'r' } }));
    }
    expect(dataOf(await gql<{ goScoreSets: unknown[] }>(`{ goScoreSets { program } }`)).goScoreSets).toHaveLength(2);
    expect(dataOf(await gql<{ goScoreSetPairs: Pair[] }>(PAIRS)).goScoreSetPairs).toEqual([]);
  });
});
