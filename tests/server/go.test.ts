import {
  type GoPositionRecord,
  type GoScoreRecord,
  generateZobristTable,
  parseBoard,
  printZobristTable,
  boardToString,
  transformBoard,
  encodePositionFile,
  encodeScoreFile,
} from '../../src/codecs/go';
import { unwrap } from '../../src/codecs/result';
import { describeEachDatabase } from '../support/databases';
import { dataOf, graphqlClient, type Gql } from '../support/graphql';
import { type PageInfo, type ReadPage, expectBothWays } from '../support/paging';
import { positionRecord, prng, randomBoard, randomPositions } from '../support/goFiles';

const IMPORT = `mutation ($format: GameFormat!, $data: String!, $options: ImportOptions) {
  importGames(format: $format, data: $data, options: $options) {
    importId positionCount scoreCount warnings { code message record offset }
  }
}`;

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

interface ImportResult {
  importGames: { importId: string; positionCount: number; scoreCount: number; warnings: { code: string; message: string }[] };
}

const importFile = async (gql: Gql, format: string, bytes: Uint8Array, options?: Record<string, string>) =>
  dataOf(await gql<ImportResult>(IMPORT, { format, data: b64(bytes), options })).importGames;

/**
 * The score fixture: six positions with 2, 4, ..., 12 stones, scored by fuego
 * (all six) and gnugo (the first five), chinese rules.
 *   position   0   1   2   3   4   5
 *   stones     2   4   6   8  10  12
 *   fuego      3   5   7   8   6   4    confidence 90 80 100 50 70 20
 *   gnugo      3   6   7   5   6   -    confidence 90 80  60 90 10
 */
const random = prng(2024);
const FIXTURE: GoPositionRecord[] = [2, 4, 6, 8, 10, 12].map((stones, i) => positionRecord(randomBoard(random, stones), i % 2 ? 'W' : 'B'));
const FUEGO = [[3, 90], [5, 80], [7, 100], [8, 50], [6, 70], [4, 20]];
const GNUGO = [[3, 90], [6, 80], [7, 60], [5, 90], [6, 10]];
const scoreFile = (table: number[][]): Uint8Array =>
  unwrap(encodeScoreFile(table.map(([score, confidence], i): GoScoreRecord => ({ id: FIXTURE[i].id, score, confidence }))));

describeEachDatabase('Go GraphQL', (getDb) => {
  let gql: Gql;
  let fixtureImport: string;

  beforeAll(async () => {
    gql = graphqlClient(getDb());
    fixtureImport = (await importFile(gql, 'GO_POSITIONS', unwrap(encodePositionFile(FIXTURE)))).importId;
    await importFile(gql, 'GO_SCORES', scoreFile(FUEGO), { program: 'fuego', ruleset: 'chinese' });
    await importFile(gql, 'GO_SCORES', scoreFile(GNUGO), { program: 'gnugo', ruleset: 'chinese' });
  });

  it('finds a position by the canonical hash of any of its 8 orientations', async () => {
    const stored = FIXTURE[3];
    const board = unwrap(parseBoard(stored.board));
    for (let sym = 0; sym < 8; sym++) {
      const rotated = boardToString(transformBoard(board, sym));
      const { goCanonicalHash: h } = dataOf(
        await gql<{ goCanonicalHash: { hash: string; rotation: number; inverse: number; canonicalBoard: string; table: string } }>(
          `query ($b: String!) { goCanonicalHash(board: $b) { hash rotation inverse canonicalBoard table } }`,
          { b: rotated },
        ),
      );
      expect(h.hash).toBe(stored.id.hash);
      expect(h.table).toBe('default');
      // rotation maps the given board onto the canonical image; inverse maps it back.
      expect(boardToString(transformBoard(unwrap(parseBoard(rotated)), h.rotation))).toBe(h.canonicalBoard);
      expect(boardToString(transformBoard(unwrap(parseBoard(h.canonicalBoard)), h.inverse))).toBe(rotated);
      const { goPosition } = dataOf(
        await gql<{ goPosition: { key: string; board: string; toPlay: string; stoneCount: number; listed: boolean } }>(
          `query ($h: String!) { goPosition(hash: $h, toPlay: WHITE) { key board toPlay stoneCount listed } }`,
          { h: h.hash },
        ),
      );
      expect(goPosition).toEqual({ key: `${stored.id.hash}0057`, board: stored.board, toPlay: 'WHITE', stoneCount: 8, listed: true });
    }
    const black = await gql<{ goPosition: null }>(`{ goPosition(hash: "${stored.id.hash}", toPlay: BLACK) { key } }`);
    expect(dataOf(black).goPosition).toBeNull();
  });

  it('gives a position its scores with komi verdicts, rotation and hash agreement', async () => {
    const { goPosition } = dataOf(
      await gql<{ goPosition: Record<string, unknown> }>(
        `query ($h: String!) { goPosition(hash: $h) {
           hash tiebreak toPlay rotation inverseRotation hashAgrees extra { moveNumber } occurrenceCount
           scores { program ruleset score confidence komi { komi winner } }
         } }`,
        { h: `${FIXTURE[1].id.hash}0057` },
      ),
    );
    expect(goPosition).toMatchObject({ hash: FIXTURE[1].id.hash, tiebreak: 0, toPlay: 'WHITE', hashAgrees: true, extra: null, occurrenceCount: 0 });
    expect(goPosition.rotation).toEqual(expect.any(Number));
    expect(goPosition.scores).toEqual([
      {
        program: 'fuego', ruleset: 'chinese', score: 5, confidence: 80,
        komi: [{ komi: 4, winner: 'BLACK' }, { komi: 5, winner: 'JIGO' }, { komi: 6, winner: 'WHITE' }, { komi: 7, winner: 'WHITE' }],
      },
      {
        program: 'gnugo', ruleset: 'chinese', score: 6, confidence: 80,
        komi: [{ komi: 4, winner: 'BLACK' }, { komi: 5, winner: 'BLACK' }, { komi: 6, winner: 'JIGO' }, { komi: 7, winner: 'WHITE' }],
      },
    ]);
  });

  it('counts positions by stone count and scores by score', async () => {
    const data = dataOf(
      await gql<{ goStoneHistogram: unknown[]; goScoreDistribution: unknown[]; byStones: unknown[]; goScoreSets: unknown[] }>(`{
        goStoneHistogram { stoneCount positions }
        goScoreDistribution(program: "fuego", ruleset: "chinese", minConfidence: 50) { stoneCount score positions meanConfidence }
        byStones: goScoreDistribution(program: "fuego", ruleset: "chinese", byStoneCount: true) { stoneCount score positions }
        goScoreSets { program ruleset positions }
      }`),
    );
    expect(data.goStoneHistogram).toEqual([2, 4, 6, 8, 10, 12].map((stoneCount) => ({ stoneCount, positions: 1 })));
    expect(data.goScoreDistribution).toEqual([
      { stoneCount: null, score: 3, positions: 1, meanConfidence: 90 },
      { stoneCount: null, score: 5, positions: 1, meanConfidence: 80 },
      { stoneCount: null, score: 6, positions: 1, meanConfidence: 70 },
      { stoneCount: null, score: 7, positions: 1, meanConfidence: 100 },
      { stoneCount: null, score: 8, positions: 1, meanConfidence: 50 },
    ]);
    expect(data.byStones).toEqual([
      { stoneCount: 2, score: 3, positions: 1 },
      { stoneCount: 4, score: 5, positions: 1 },
      { stoneCount: 6, score: 7, positions: 1 },
      { stoneCount: 8, score: 8, positions: 1 },
      { stoneCount: 10, score: 6, positions: 1 },
      { stoneCount: 12, score: 4, positions: 1 },
    ]);
    expect(data.goScoreSets).toEqual([
      { program: 'fuego', ruleset: 'chinese', positions: 6 },
      { program: 'gnugo', ruleset: 'chinese', positions: 5 },
    ]);
  });

  const DIFF = `query ($minConfidence: Int, $minDifference: Int, $first: Int, $after: String, $orderBy: GoDisagreementOrder) {
    goScoreDiff(a: { program: "fuego", ruleset: "chinese" }, b: { program: "gnugo", ruleset: "chinese" },
                minConfidence: $minConfidence, minDifference: $minDifference, first: $first, after: $after, orderBy: $orderBy) {
      compared agreeing disagreeing buckets { score agree disagree }
      nodes { position { stoneCount } a { score } b { score } difference } endCursor hasNextPage
    }
  }`;
  interface Diff {
    goScoreDiff: {
      compared: number;
      agreeing: number;
      disagreeing: number;
      buckets: { score: number; agree: number; disagree: number }[];
      nodes: { position: { stoneCount: number }; a: { score: number }; b: { score: number }; difference: number }[];
      endCursor: string | null;
      hasNextPage: boolean;
    };
  }

  it('diffs two programs: disagreements paged in import order, agree/disagree per score bucket', async () => {
    const all = dataOf(await gql<Diff>(DIFF, {})).goScoreDiff;
    expect([all.compared, all.agreeing, all.disagreeing]).toEqual([5, 3, 2]);
    expect(all.buckets).toEqual([
      { score: 3, agree: 1, disagree: 0 },
      { score: 5, agree: 0, disagree: 1 },
      { score: 6, agree: 1, disagree: 0 },
      { score: 7, agree: 1, disagree: 0 },
      { score: 8, agree: 0, disagree: 1 },
    ]);
    expect(all.nodes).toEqual([
      { position: { stoneCount: 4 }, a: { score: 5 }, b: { score: 6 }, difference: 1 },
      { position: { stoneCount: 8 }, a: { score: 8 }, b: { score: 5 }, difference: -3 },
    ]);
    const first = dataOf(await gql<Diff>(DIFF, { first: 1 })).goScoreDiff;
    expect(first.nodes.map((n) => n.position.stoneCount)).toEqual([4]);
    expect(first.hasNextPage).toBe(true);
    const second = dataOf(await gql<Diff>(DIFF, { first: 1, after: first.endCursor })).goScoreDiff;
    expect(second.nodes.map((n) => n.position.stoneCount)).toEqual([8]);
    expect(second.hasNextPage).toBe(false);

    const confident = dataOf(await gql<Diff>(DIFF, { minConfidence: 50 })).goScoreDiff;
    expect([confident.compared, confident.agreeing, confident.disagreeing]).toEqual([4, 2, 2]);
    const big = dataOf(await gql<Diff>(DIFF, { minDifference: 2 })).goScoreDiff;
    expect([big.compared, big.agreeing, big.disagreeing]).toEqual([5, 4, 1]);
    expect(big.nodes.map((n) => n.difference)).toEqual([-3]);
  });

  it("gives the same pageInfo as every connection: the page's cursors, and whether items follow or come before", async () => {
    const PAGE_INFO = `query ($after: String) {
      goScoreDiff(a: { program: "fuego", ruleset: "chinese" }, b: { program: "gnugo", ruleset: "chinese" }, first: 1, after: $after) {
        endCursor pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      }
    }`;
    type Page = { goScoreDiff: { endCursor: string | null; pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null } } };
    const first = dataOf(await gql<Page>(PAGE_INFO, {})).goScoreDiff;
    expect(first.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: false, startCursor: first.endCursor, endCursor: first.endCursor });
    const second = dataOf(await gql<Page>(PAGE_INFO, { after: first.pageInfo.endCursor })).goScoreDiff;
    expect(second.endCursor).toBeNull();
    expect(second.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    expect(second.pageInfo.endCursor).not.toBeNull();
    expect(second.pageInfo.endCursor).not.toBe(first.pageInfo.endCursor);
  });

  it('pages disagreements backward as forward, in every order', async () => {
    for (const orderBy of ['FILE_ORDER', 'LARGEST_DIFFERENCE', 'MOST_CONFIDENT']) {
      const read: ReadPage = async (paging) => {
        const page = dataOf(
          await gql<{ goScoreDiff: { nodes: { position: { id: string } }[]; pageInfo: PageInfo } }>(
            `query ($o: GoDisagreementOrder, $first: Int, $after: String, $last: Int, $before: String) {
              goScoreDiff(a: { program: "fuego", ruleset: "chinese" }, b: { program: "gnugo", ruleset: "chinese" }, orderBy: $o,
                          first: $first, after: $after, last: $last, before: $before) {
                nodes { position { id } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
              }
            }`,
            { o: orderBy, ...paging },
          ),
        ).goScoreDiff;
        return { ids: page.nodes.map((n) => n.position.id), pageInfo: page.pageInfo };
      };
      await expectBothWays(read, 1, 2);
    }
  });

  it('orders disagreements by the size of the difference, a page at a time', async () => {
    // The two disagreements: 4 stones (fuego 5, gnugo 6: 1 apart) and 8 stones (8 against 5: 3 apart).
    const first = dataOf(await gql<Diff>(DIFF, { first: 1, orderBy: 'LARGEST_DIFFERENCE' })).goScoreDiff;
    expect(first.nodes.map((n) => [n.position.stoneCount, n.difference])).toEqual([[8, -3]]);
    expect(first.hasNextPage).toBe(true);
    const second = dataOf(await gql<Diff>(DIFF, { first: 1, after: first.endCursor, orderBy: 'LARGEST_DIFFERENCE' })).goScoreDiff;
    expect(second.nodes.map((n) => [n.position.stoneCount, n.difference])).toEqual([[4, 1]]);
    expect(second.hasNextPage).toBe(false);
  });

  it('orders disagreements by the lower of the two confidences, most confident first', async () => {
    // 4 stones: confidences 80 and 80 (lower 80); 8 stones: 50 and 90 (lower 50).
    const all = dataOf(await gql<Diff>(DIFF, { orderBy: 'MOST_CONFIDENT' })).goScoreDiff;
    expect(all.nodes.map((n) => n.position.stoneCount)).toEqual([4, 8]);
  });

  it('refuses a cursor given out for another order', async () => {
    const first = dataOf(await gql<Diff>(DIFF, { first: 1 })).goScoreDiff;
    const crossed = await gql(DIFF, { first: 1, after: first.endCursor, orderBy: 'MOST_CONFIDENT' });
    expect(crossed.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', details: { argument: 'after' } } });
  });

  it('counts disagreements by the number of stones on the board', async () => {
    const BY_STONES = `query ($d: Int) { goDisagreementByStones(a: { program: "fuego", ruleset: "chinese" },
      b: { program: "gnugo", ruleset: "chinese" }, minDifference: $d) { stoneCount compared disagreeing } }`;
    type ByStones = { goDisagreementByStones: { stoneCount: number | null; compared: number; disagreeing: number }[] };
    // Both scored the positions with 2, 4, 6, 8 and 10 stones; they disagree at 4 (1 apart) and 8 (3 apart).
    expect(dataOf(await gql<ByStones>(BY_STONES, {})).goDisagreementByStones).toEqual([
      { stoneCount: 2, compared: 1, disagreeing: 0 },
      { stoneCount: 4, compared: 1, disagreeing: 1 },
      { stoneCount: 6, compared: 1, disagreeing: 0 },
      { stoneCount: 8, compared: 1, disagreeing: 1 },
      { stoneCount: 10, compared: 1, disagreeing: 0 },
    ]);
    expect(dataOf(await gql<ByStones>(BY_STONES, { d: 2 })).goDisagreementByStones.map((r) => r.disagreeing)).toEqual([0, 0, 0, 1, 0]);
  });

  it('gives the cross-tab of two programs\' disagreements in one query', async () => {
    const CROSS = `query ($c: Int, $d: Int) { goScoreCrossTab(a: { program: "fuego", ruleset: "chinese" }, b: { program: "gnugo", ruleset: "chinese" },
      minConfidence: $c, minDifference: $d) { a b positions } }`;
    type Cross = { goScoreCrossTab: { a: number; b: number; positions: number }[] };
    // fuego 3 5 7 8 6 against gnugo 3 6 7 5 6: they disagree at 5/6 and 8/5.
    expect(dataOf(await gql<Cross>(CROSS, {})).goScoreCrossTab).toEqual([
      { a: 5, b: 6, positions: 1 },
      { a: 8, b: 5, positions: 1 },
    ]);
    expect(dataOf(await gql<Cross>(CROSS, { d: 2 })).goScoreCrossTab).toEqual([{ a: 8, b: 5, positions: 1 }]);
    // Position 3 (8 against 5) has confidences 50 and 90; position 1 (5 against 6) 80 and 80.
    expect(dataOf(await gql<Cross>(CROSS, { c: 85 })).goScoreCrossTab).toEqual([]);
  });

  it('gives the implied komi verdicts', async () => {
    const { goKomiVerdicts } = dataOf(
      await gql<{ goKomiVerdicts: unknown[] }>(`{ goKomiVerdicts(program: "fuego", ruleset: "chinese") { komi blackWins jigo whiteWins } }`),
    );
    // fuego scores 3 5 7 8 6 4
    expect(goKomiVerdicts).toEqual([
      { komi: 4, blackWins: 4, jigo: 1, whiteWins: 1 },
      { komi: 5, blackWins: 3, jigo: 1, whiteWins: 2 },
      { komi: 6, blackWins: 2, jigo: 1, whiteWins: 3 },
      { komi: 7, blackWins: 1, jigo: 1, whiteWins: 4 },
    ]);
  });

  it('exports position and score files byte-identical to the imports', async () => {
    const data = dataOf(
      await gql<{ positions: string; fuego: string; gnugo: string }>(
        `query ($id: ID) { positions: exportGoPositions(importId: $id) fuego: exportGoScores(program: "fuego", ruleset: "chinese")
           gnugo: exportGoScores(program: "gnugo", ruleset: "chinese") }`,
        { id: fixtureImport },
      ),
    );
    expect(data.positions).toBe(b64(unwrap(encodePositionFile(FIXTURE))));
    expect(data.fuego).toBe(b64(scoreFile(FUEGO)));
    expect(data.gnugo).toBe(b64(scoreFile(GNUGO)));
  });

  it('stores Zobrist tables, hashes with the active one and re-checks imports', async () => {
    const table = printZobristTable(generateZobristTable(81, 7n));
    const bad = await gql(`mutation ($d: String!) { importZobristTable(name: "broken", data: $d) { name } }`, {
      d: table.replace(/\n[^\n]*\n$/, '\nzz,yy\n'),
    });
    expect(bad.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', details: { argument: 'data', line: 84 } } });

    const stored = dataOf(
      await gql<{ importZobristTable: { name: string; active: boolean; builtIn: boolean } }>(
        `mutation ($d: String!) { importZobristTable(name: "seven", data: $d) { name active builtIn } }`,
        { d: table },
      ),
    );
    expect(stored.importZobristTable).toEqual({ name: 'seven', active: true, builtIn: false });
    try {
      const tables = dataOf(await gql<{ zobristTables: { name: string; active: boolean }[] }>(`{ zobristTables { name active } }`));
      expect(tables.zobristTables).toEqual([{ name: 'default', active: false }, { name: 'seven', active: true }]);
      const check = dataOf(
        await gql<{ active: { table: string; checked: number; agreeing: number }; byDefault: { agreeing: number } }>(
          `query ($id: ID!) { active: goHashCheck(importId: $id) { table checked agreeing } byDefault: goHashCheck(importId: $id, table: "default") { agreeing } }`,
          { id: fixtureImport },
        ),
      );
      expect(check).toEqual({ active: { table: 'seven', checked: 6, agreeing: 0 }, byDefault: { agreeing: 6 } });
      const { goPosition } = dataOf(await gql<{ goPosition: { hashAgrees: boolean } }>(`{ goPosition(hash: "${FIXTURE[0].id.hash}") { hashAgrees } }`));
      expect(goPosition.hashAgrees).toBe(false);
      const hashed = dataOf(await gql<{ goCanonicalHash: { table: string } }>(`{ goCanonicalHash(board: "${'.'.repeat(81)}") { table } }`));
      expect(hashed.goCanonicalHash.table).toBe('seven');
      const report = dataOf(
        await gql<{ importGames: { goHashCheck: { table: string; checked: number; agreeing: number } } }>(
          `mutation ($d: String!) { importGames(format: GO_POSITIONS, data: $d) { goHashCheck { table checked agreeing } } }`,
          { d: b64(unwrap(encodePositionFile(randomPositions(4, 77)))) },
        ),
      );
      expect(report.importGames.goHashCheck).toEqual({ table: 'seven', checked: 4, agreeing: 0 });
    } finally {
      dataOf(await gql(`mutation { activateZobristTable(name: "default") { name } }`));
    }
  });

  it('refuses bad input with BAD_USER_INPUT and its location', async () => {
    const flag = Buffer.from(unwrap(encodePositionFile(randomPositions(3, 5))));
    flag[92 + 91] = 7;
    const imported = await gql(IMPORT, { format: 'GO_POSITIONS', data: b64(flag) });
    expect(imported.errors?.[0]).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', details: { argument: 'data', code: 'ERR_GO_EXTRA_FLAG', record: 1, offset: 183 } },
    });
    const hash = await gql(`{ goPosition(hash: "xyz") { key } }`);
    expect(hash.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', details: { argument: 'hash', code: 'ERR_GO_HASH_HEX' } } });
    const board = await gql(`{ goCanonicalHash(board: "${'.'.repeat(80)}X") { hash } }`);
    expect(board.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', details: { argument: 'board', code: 'ERR_GO_BOARD_CHAR', offset: 80 } } });
    const diff = await gql(`{ goScoreDiff(a: { program: "a" }, b: { program: "b" }, minDifference: 0) { compared } }`);
    expect(diff.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', details: { argument: 'minDifference' } } });
  });
});
