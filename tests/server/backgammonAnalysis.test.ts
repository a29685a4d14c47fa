/**
 * Backgammon error rates through GraphQL, on PGlite and (when configured) PostgreSQL: first
 * with the hand-written game alone (the loss histogram and the worst decisions, computed by
 * hand), then with two matches gnubg played and analysed (per player, per match and per game,
 * against gnubg's own statistics), and `Score.label`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { encodePositionFile, encodeScoreFile } from '../../src/codecs/go';
import { unwrap } from '../../src/codecs/result';
import { describeEachDatabase } from '../support/databases';
import { randomPositions } from '../support/goFiles';
import { dataOf, graphqlClient, type Gql } from '../support/graphql';
import { type PageInfo, type ReadPage, expectBothWays } from '../support/paging';

const FIXTURES = path.resolve(__dirname, '../fixtures/backgammon');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');

const IMPORT = `mutation ($format: GameFormat!, $data: String!, $options: ImportOptions) {
  importGames(format: $format, data: $data, options: $options) { importId gameCount warnings { code message } }
}`;
const importSgf = async (gql: Gql, name: string) =>
  dataOf(await gql<{ importGames: { importId: string; gameCount: number } }>(IMPORT, { format: 'SGF', data: fixture(name) })).importGames;

const RATES = `games checkerDecisions checkerLoss checkerRate checkerRating cubeDecisions cubeLoss cubeRate cubeRating
  gamesWithoutCube overallRate overallRating doubtful bad veryBad`;

interface Rates {
  games: number;
  checkerDecisions: number;
  checkerLoss: number;
  checkerRate: number | null;
  checkerRating: string | null;
  cubeDecisions: number;
  cubeLoss: number;
  cubeRate: number | null;
  cubeRating: string | null;
  gamesWithoutCube: number;
  overallRate: number | null;
  overallRating: string | null;
  doubtful: number;
  bad: number;
  veryBad: number;
}
interface Side {
  side: number;
  player: string | null;
  errors: Rates | null;
}

/** Rates compared to figures rounded as gnubg prints them: totals to 3 decimals, rates to 1. */
const expectRates = (got: Rates | null, want: Omit<Rates, 'checkerRate' | 'cubeRate' | 'overallRate'> & { checkerRate: number; cubeRate: number | null; overallRate: number }) => {
  expect(got).not.toBeNull();
  const { checkerLoss, cubeLoss, checkerRate, cubeRate, overallRate, ...exact } = want;
  expect(got).toMatchObject(exact);
  expect(got!.checkerLoss).toBeCloseTo(checkerLoss, 3);
  expect(got!.cubeLoss).toBeCloseTo(cubeLoss, 3);
  expect(got!.checkerRate).toBeCloseTo(checkerRate, 1);
  if (cubeRate === null) expect(got!.cubeRate).toBeNull();
  else expect(got!.cubeRate).toBeCloseTo(cubeRate, 1);
  expect(got!.overallRate).toBeCloseTo(overallRate, 1);
};

describeEachDatabase('backgammon error rates', (getDb) => {
  let gql: Gql;
  let handImport: string;

  beforeAll(async () => {
    gql = graphqlClient(getDb());
    handImport = (await importSgf(gql, 'hand_analysed_5p.sgf')).importId;
  });

  /*
   * The hand game's Score rows (see tests/storage/backgammonAnalysis.test.ts for the values):
   * checker plays lost 0 (Amy's 31), 0.07 (Ben's 52), 0 (Amy's forced 64), 0 (Ben's 31); cube
   * decisions 0 (Amy's double), 0.293326 (Ben's take), 0.188915 (Ben's no double at cube 2).
   * In millipoints with the default edges 0, 1, 10, 20, 30, 60, 120, 240, 480:
   *   [0,1): 3 checker + 1 cube;  [60,120): the 52;  [120,240): the no double;  [240,480): the take.
   */
  describe('with the hand-written game', () => {
    const HISTOGRAM = `query ($kind: BackgammonDecisionKind, $edges: [Float!]) {
      backgammonLossHistogram(kind: $kind, edges: $edges) { kind decisions buckets { from to decisions } }
    }`;
    interface Histogram {
      backgammonLossHistogram: { kind: string | null; decisions: number; buckets: { from: number; to: number | null; decisions: number }[] };
    }

    it('counts every decision in the bucket of its loss', async () => {
      const h = dataOf(await gql<Histogram>(HISTOGRAM)).backgammonLossHistogram;
      expect(h.decisions).toBe(7);
      expect(h.buckets.map((b) => [b.from, b.to, b.decisions])).toEqual([
        [0, 1, 4],
        [1, 10, 0],
        [10, 20, 0],
        [20, 30, 0],
        [30, 60, 0],
        [60, 120, 1],
        [120, 240, 1],
        [240, 480, 1],
        [480, null, 0],
      ]);
    });

    it('counts checker plays or cube decisions alone, in buckets of its own edges', async () => {
      const checker = dataOf(await gql<Histogram>(HISTOGRAM, { kind: 'CHECKER', edges: [0, 50, 100] })).backgammonLossHistogram;
      expect(checker).toMatchObject({ kind: 'CHECKER', decisions: 4 });
      expect(checker.buckets.map((b) => b.decisions)).toEqual([3, 1, 0]);
      const cube = dataOf(await gql<Histogram>(HISTOGRAM, { kind: 'CUBE', edges: [0, 200] })).backgammonLossHistogram;
      expect(cube.buckets.map((b) => b.decisions)).toEqual([2, 1]);
    });

    it('refuses edges that do not start at 0 or do not ascend, naming the argument', async () => {
      const notZero = await gql(HISTOGRAM, { edges: [5, 10] });
      expect(notZero.errors?.[0]).toMatchObject({ message: 'edges must start at 0, got 5', extensions: { code: 'BAD_USER_INPUT', details: { argument: 'edges' } } });
      const down = await gql(HISTOGRAM, { edges: [0, 10, 10] });
      expect(down.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: { argument: 'edges' } });
    });

    it('lists the worst decisions first, with the position, the move, the values and a game that reaches it', async () => {
      const data = dataOf(
        await gql<{ backgammonWorstDecisions: Record<string, unknown>[] }>(`{
          backgammonWorstDecisions(first: 3) {
            kind player decision move loss millipoints skill played best unit settings
            position { key svg(size: 120) }
            occurrence { number game { id player1 player2 } }
          }
        }`),
      ).backgammonWorstDecisions;
      expect(data.map((d) => [d.kind, d.decision, d.move, d.skill, d.unit, d.settings])).toEqual([
        ['CUBE', 'take', 'take', 'very bad', 'equity', '2-ply cubeful (cube decision)'],
        ['CUBE', 'no double', '31: 8/5 6/5', 'very bad', 'mwc', '2-ply cubeful (cube decision)'],
        ['CHECKER', 'lqln', '52: 13/8 13/11', 'bad', 'equity', '2-ply cubeful (checker play)'],
      ]);
      expect(data.map((d) => d.loss as number)).toEqual([expect.closeTo(0.293326, 6), expect.closeTo(0.188915, 6), expect.closeTo(0.07, 12)]);
      expect(data[0].millipoints).toBeCloseTo(293.326, 3);
      // The take: Ben (player 1) took at −DT = −1.293326 where dropping (−1) was best.
      expect(data[0]).toMatchObject({ player: 1, best: -1, position: { key: '4PPIATCwZ/ABMA:MBmgAAAAAAAE' } });
      expect(data[0].played).toBeCloseTo(-1.293326, 6);
      expect((data[0].position as { svg: string }).svg).toMatch(/^<svg/);
      // The no double keeps the file's match-winning chances.
      expect(data[1]).toMatchObject({ played: 0.62, best: 0.66 });
      // The take's position is reached by ply 3 (the double) of the hand game.
      expect(data[0].occurrence).toMatchObject({ number: 3, game: { player1: 'Amy', player2: 'Ben' } });
    });

    it('gives cube decisions alone when asked', async () => {
      const data = dataOf(await gql<{ backgammonWorstDecisions: { decision: string }[] }>('{ backgammonWorstDecisions(kind: CUBE, first: 5) { decision } }'));
      expect(data.backgammonWorstDecisions.map((d) => d.decision)).toEqual(['take', 'no double', 'double']);
    });

    it("labels gnubg's scores with their settings in words", async () => {
      const data = dataOf(
        await gql<{ positions: { scores: { ruleset: string; label: string }[] }[] }>(
          `{ positions(key: "sGfhQSDg88gBMA:UQmgAAAAAAAE", kind: BACKGAMMON) { scores { ruleset label } } }`,
        ),
      );
      const labels = data.positions[0].scores.map((s) => [s.ruleset, s.label]).sort();
      expect(labels).toEqual([
        ['checker:2C 0 1 0.000000 1', 'gnubg 2-ply cubeful (checker play)'],
        ['cube:2C 1 0.000000 1', 'gnubg 2-ply cubeful (cube decision)'],
      ]);
    });

    it('labels other programs with their ruleset, or the program alone', async () => {
      const [position] = randomPositions(1, 77);
      const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
      dataOf(await gql(IMPORT, { format: 'GO_POSITIONS', data: b64(unwrap(encodePositionFile([position]))) }));
      const scores = b64(unwrap(encodeScoreFile([{ id: position.id, score: 5, confidence: 90 }])));
      dataOf(await gql(IMPORT, { format: 'GO_SCORES', data: scores, options: { program: 'fuego', ruleset: 'chinese' } }));
      dataOf(await gql(IMPORT, { format: 'GO_SCORES', data: scores, options: { program: 'gnugo' } }));
      const key = `${position.id.hash}00${position.id.toPlay === 'B' ? '42' : '57'}`;
      const data = dataOf(await gql<{ positions: { scores: { label: string }[] }[] }>(`{ positions(key: "${key}", kind: GO) { scores { label } } }`));
      expect(data.positions[0].scores.map((s) => s.label).sort()).toEqual(['fuego chinese', 'gnugo']);
    });
  });

  /*
   * Then the 5-point match gnubg played (Amy v Ben, 2 games) and its money session (Cal v Dee,
   * 3 games). gnubg's statistics of each (tests/codecs/backgammon/errorRateFixtures.ts):
   *   5-point  Amy: 39 unforced, 2.365 lost, 4/4/7 marked; 6 close cube, 1.772 lost
   *            Ben: 43 unforced, 0.816 lost, 2/3/2 marked; 14 close cube, 0.930 lost
   *   money    Cal: 39 unforced, 2.555 lost, 2/5/6;  23 cube, 1.432 lost
   *            Dee: 52 unforced, 2.212 lost, 3/6/6;  10 cube, 3.779 lost
   * Amy and Ben each also played the hand game: Amy 1 play, 1 cube decision, nothing lost;
   * Ben 2 plays lost 0.07 (1 bad), 2 cube decisions lost 0.482241.
   */
  describe('with two matches gnubg analysed', () => {
    let fivePointImport: string;

    beforeAll(async () => {
      fivePointImport = (await importSgf(gql, 'gnubg107_analysed_5p.sgf')).importId;
      await importSgf(gql, 'gnubg107_analysed_money_beavers.sgf');
    });

    const PLAYERS = `query ($player: String, $orderBy: BackgammonPlayerOrder) {
      backgammonPlayerErrors(player: $player, orderBy: $orderBy) { player errors { ${RATES} } }
    }`;
    interface Players {
      backgammonPlayerErrors: { player: string; errors: Rates }[];
    }

    it("sums each player's games: Amy 40 plays lost 2.365 (59.1 mEMG), 7 cube decisions 1.772 (253.1)", async () => {
      const rows = dataOf(await gql<Players>(PLAYERS)).backgammonPlayerErrors;
      // Every player has 3 analysed games: by name.
      expect(rows.map((r) => r.player)).toEqual(['Amy', 'Ben', 'Cal', 'Dee']);
      expectRates(rows[0].errors, {
        games: 3, checkerDecisions: 40, checkerLoss: 2.365, checkerRate: 59.1, checkerRating: 'Awful!',
        cubeDecisions: 7, cubeLoss: 1.772, cubeRate: 253.1, cubeRating: 'Awful!', gamesWithoutCube: 0,
        // (2.365 + 1.772) / 47 = 88.0
        overallRate: 88.0, overallRating: 'Awful!', doubtful: 4, bad: 4, veryBad: 7,
      });
      // Ben: (0.07 + 0.816) / 45 = 19.7 (Casual player); (0.482 + 0.930) / 16 = 88.3; 2.298 / 61 = 37.7.
      expectRates(rows[1].errors, {
        games: 3, checkerDecisions: 45, checkerLoss: 0.886, checkerRate: 19.7, checkerRating: 'Casual player',
        cubeDecisions: 16, cubeLoss: 1.412, cubeRate: 88.3, cubeRating: 'Awful!', gamesWithoutCube: 0,
        overallRate: 37.7, overallRating: 'Awful!', doubtful: 2, bad: 4, veryBad: 2,
      });
    });

    it('gives one player by name, with the rates gnubg printed for the money session', async () => {
      const rows = dataOf(await gql<Players>(PLAYERS, { player: 'Dee' })).backgammonPlayerErrors;
      expect(rows).toHaveLength(1);
      expectRates(rows[0].errors, {
        games: 3, checkerDecisions: 52, checkerLoss: 2.212, checkerRate: 42.5, checkerRating: 'Awful!',
        cubeDecisions: 10, cubeLoss: 3.779, cubeRate: 377.9, cubeRating: 'Awful!', gamesWithoutCube: 0,
        overallRate: 96.6, overallRating: 'Awful!', doubtful: 3, bad: 6, veryBad: 6,
      });
    });

    it('orders players by overall error rate: Ben 37.7, Cal 64.3, Amy 88.0, Dee 96.6', async () => {
      const rows = dataOf(await gql<Players>(PLAYERS, { orderBy: 'OVERALL_RATE' })).backgammonPlayerErrors;
      expect(rows.map((r) => r.player)).toEqual(['Ben', 'Cal', 'Amy', 'Dee']);
    });

    const MATCHES = `query ($player: String, $first: Int, $after: String) {
      backgammonMatchErrors(player: $player, first: $first, after: $after) {
        nodes { id player1 player2 matchLength event date importId games sides { side player errors { ${RATES} } } }
        endCursor hasNextPage
      }
    }`;
    interface Match {
      id: string;
      player1: string;
      player2: string;
      matchLength: number;
      event: string | null;
      date: string | null;
      importId: string;
      games: number;
      sides: Side[];
    }
    interface Matches {
      backgammonMatchErrors: { nodes: Match[]; endCursor: string | null; hasNextPage: boolean };
    }

    it('lists the matches in import order: the hand game, the 5-point match, the money session', async () => {
      const page = dataOf(await gql<Matches>(MATCHES)).backgammonMatchErrors;
      expect(page.hasNextPage).toBe(false);
      expect(page.nodes.map((m) => [m.player1, m.player2, m.matchLength, m.event, m.games])).toEqual([
        ['Amy', 'Ben', 5, 'Hand fixture', 1],
        ['Amy', 'Ben', 5, null, 2],
        ['Cal', 'Dee', 0, null, 3],
      ]);
      expect(page.nodes[0]).toMatchObject({ importId: handImport, date: '2025-01-02' });
      const five = page.nodes[1];
      expect(five.importId).toBe(fivePointImport);
      expect(five.sides.map((s) => [s.side, s.player])).toEqual([[1, 'Amy'], [2, 'Ben']]);
      expectRates(five.sides[0].errors, {
        games: 2, checkerDecisions: 39, checkerLoss: 2.365, checkerRate: 60.6, checkerRating: 'Awful!',
        cubeDecisions: 6, cubeLoss: 1.772, cubeRate: 295.3, cubeRating: 'Awful!', gamesWithoutCube: 0,
        overallRate: 91.9, overallRating: 'Awful!', doubtful: 4, bad: 4, veryBad: 7,
      });
      expectRates(five.sides[1].errors, {
        games: 2, checkerDecisions: 43, checkerLoss: 0.816, checkerRate: 19.0, checkerRating: 'Casual player',
        cubeDecisions: 14, cubeLoss: 0.93, cubeRate: 66.4, cubeRating: 'Awful!', gamesWithoutCube: 0,
        overallRate: 30.6, overallRating: 'Beginner', doubtful: 2, bad: 3, veryBad: 2,
      });
    });

    it('pages through the matches with a cursor', async () => {
      const first = dataOf(await gql<Matches>(MATCHES, { first: 2 })).backgammonMatchErrors;
      expect(first.nodes).toHaveLength(2);
      expect(first.hasNextPage).toBe(true);
      const rest = dataOf(await gql<Matches>(MATCHES, { first: 2, after: first.endCursor })).backgammonMatchErrors;
      expect(rest.nodes.map((m) => m.player1)).toEqual(['Cal']);
      expect(rest.hasNextPage).toBe(false);
    });

    it("gives the same pageInfo as every connection: the page's cursors, and whether items follow or come before", async () => {
      const PAGE_INFO = 'query ($after: String) { backgammonMatchErrors(first: 2, after: $after) { endCursor pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }';
      type Info = { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
      type Page = { backgammonMatchErrors: { endCursor: string; pageInfo: Info } };
      const first = dataOf(await gql<Page>(PAGE_INFO, {})).backgammonMatchErrors;
      expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false, endCursor: first.endCursor });
      expect(first.pageInfo.startCursor).not.toBe(first.pageInfo.endCursor);
      const rest = dataOf(await gql<Page>(PAGE_INFO, { after: first.pageInfo.endCursor })).backgammonMatchErrors;
      expect(rest.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true, startCursor: rest.endCursor, endCursor: rest.endCursor });
    });

    it('pages the matches backward as forward, for every player and for one', async () => {
      for (const player of [null, 'Ben']) {
        const read: ReadPage = async (paging) => {
          const page = dataOf(
            await gql<{ backgammonMatchErrors: { nodes: { id: string }[]; pageInfo: PageInfo } }>(
              `query ($player: String, $first: Int, $after: String, $last: Int, $before: String) {
                backgammonMatchErrors(player: $player, first: $first, after: $after, last: $last, before: $before) { nodes { id } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } }
              }`,
              { player, ...paging },
            ),
          ).backgammonMatchErrors;
          return { ids: page.nodes.map((n) => n.id), pageInfo: page.pageInfo };
        };
        await expectBothWays(read, 1, player === null ? 3 : 2);
      }
    });

    it("lists one player's matches only", async () => {
      const page = dataOf(await gql<Matches>(MATCHES, { player: 'Ben' })).backgammonMatchErrors;
      expect(page.nodes.map((m) => m.games)).toEqual([1, 2]);
    });

    /*
     * Per game, the GS property gnubg wrote into the uncut file (removed from the fixture):
     *   game 1  Amy 17 unforced, 0.165618 lost, marked 2 doubtful 1 bad;  Ben 18, 0.165271, 2 bad
     *   game 2  Amy 22 unforced, 2.199204 lost, 2/3/7;                    Ben 25, 0.650906, 2/1/2
     */
    it('gives each game of a match with the per-game figures gnubg wrote', async () => {
      const match = dataOf(await gql<Matches>(MATCHES, { player: 'Amy' })).backgammonMatchErrors.nodes[1];
      const data = dataOf(
        await gql<{ backgammonGameErrors: { game: { id: string; gameNumber: number }; sides: Side[] }[] }>(
          `query ($id: ID!) { backgammonGameErrors(gameId: $id, wholeMatch: true) { game { id gameNumber } sides { side player errors { ${RATES} } } } }`,
          { id: match.id },
        ),
      ).backgammonGameErrors;
      expect(data.map((g) => g.game.gameNumber)).toEqual([1, 2]);
      expect(data[0].game.id).toBe(match.id);
      // gnubg sums in single precision: the losses agree to 5 decimals.
      const figures = (s: Side) => [s.errors!.checkerDecisions, expect.closeTo(s.errors!.checkerLoss, 5), s.errors!.doubtful, s.errors!.bad, s.errors!.veryBad];
      expect([
        [[17, 0.165618, 2, 1, 0], [18, 0.165271, 0, 2, 0]],
        [[22, 2.199204, 2, 3, 7], [25, 0.650906, 2, 1, 2]],
      ]).toEqual(data.map((g) => g.sides.map(figures)));
      // One game alone.
      const one = dataOf(await gql<{ backgammonGameErrors: unknown[] }>(`{ backgammonGameErrors(gameId: "${data[1].game.id}") { game { id } } }`));
      expect(one.backgammonGameErrors).toEqual([{ game: { id: data[1].game.id } }]);
    });

    it('gives nothing for a game that is not analysed backgammon', async () => {
      const data = dataOf(await gql<{ backgammonGameErrors: unknown[] }>('{ backgammonGameErrors(gameId: "999999") { game { id } } }'));
      expect(data.backgammonGameErrors).toEqual([]);
    });
  });
});
