/**
 * Crossword score analysis through GraphQL, on PGlite and PostgreSQL: per-player figures and the
 * games whose stated scores disagree (SQL over PlayerAnalysis), and one game's score progression.
 *
 * Seed: SMALL_GAME and REMATCH (smallGame.ts, scored by hand), doug v emely (finished, 451-345,
 * every score right) and incomplete.gcg (stops at 336-298, no end rack), and a chess game.
 */
import { describeEachDatabase } from '../support/databases';
import { dataOf, graphqlClient, type Gql } from '../support/graphql';
import { type PageInfo, type ReadPage, expectBothWays } from '../support/paging';
import { readText } from '../codecs/crossword/fixtures';
import { REMATCH, SMALL_GAME } from '../codecs/crossword/smallGame';

const IMPORT = `mutation ($format: GameFormat!, $data: String!) {
  importGames(format: $format, data: $data) { games { id } }
}`;

interface PlayerRow {
  player: string;
  games: number;
  turns: number;
  points: number;
  averagePointsPerTurn: number | null;
  bingos: number;
  bingosPerGame: number;
  wins: number;
  finishedGames: number;
}

const PLAYERS = `query ($first: Int, $player: String) {
  crosswordPlayerStats(first: $first, player: $player) {
    player games turns points averagePointsPerTurn bingos bingosPerGame wins finishedGames
  }
}`;

const DISAGREEMENTS = `query ($first: Int, $after: String) {
  crosswordScoreDisagreements(first: $first, after: $after) {
    games disagreeing endCursor hasNextPage
    nodes { difference game { id player1 } players { side player statedScore recomputedScore difference } }
  }
}`;

interface Disagreements {
  crosswordScoreDisagreements: {
    games: number;
    disagreeing: number;
    endCursor: string | null;
    hasNextPage: boolean;
    nodes: { difference: number; game: { id: string; player1: string }; players: { side: number; player: string; statedScore: number; recomputedScore: number; difference: number }[] }[];
  };
}

describeEachDatabase('crossword score analysis', (getDb) => {
  let gql: Gql;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    gql = graphqlClient(getDb());
    const files: [string, string, string][] = [
      ['small', 'GCG', SMALL_GAME],
      ['rematch', 'GCG', REMATCH],
      ['doug', 'GCG', readText('macondo/gcg/doug_v_emely_double_challenge.gcg')],
      ['incomplete', 'GCG', readText('macondo/gcg/incomplete.gcg')],
      ['chess', 'PGN', '[White "a"]\n[Black "b"]\n[Result "*"]\n\n1. e4 e5 *\n'],
    ];
    for (const [name, format, data] of files) {
      ids[name] = dataOf(await gql<{ importGames: { games: { id: string }[] } }>(IMPORT, { format, data })).importGames.games[0].id;
    }
  });

  const players = async (variables: Record<string, unknown> = {}) =>
    dataOf(await gql<{ crosswordPlayerStats: PlayerRow[] }>(PLAYERS, variables)).crosswordPlayerStats;

  it('sums each player over their games: turns, recomputed points, bingos, wins of finished games', async () => {
    // Alice Adams: small 4 turns 86 pts 1 bingo (won 86-36) + rematch 1 turn 21 pts (lost 25-88).
    // Bob Brown: small 3 turns 35 pts + rematch 1 turn 88 pts 1 bingo (won).
    // Player 1/2 (incomplete.gcg): 10 turns each, 336 and 298, bingos 2 and 1, not finished so no win.
    // doug/emely: 14 and 13 turns, 451 and 345, bingos 2 and 0, doug won.
    expect((await players()).map((r) => [r.player, r.games, r.turns, r.points, r.bingos, r.wins, r.finishedGames])).toEqual([
      ['Alice Adams', 2, 5, 107, 1, 1, 2],
      ['Bob Brown', 2, 4, 123, 1, 1, 2],
      ['doug', 1, 14, 451, 2, 1, 1],
      ['emely', 1, 13, 345, 0, 0, 1],
      ['Player 1', 1, 10, 336, 2, 0, 0],
      ['Player 2', 1, 10, 298, 1, 0, 0],
    ]);
  });

  it('gives the average points per turn and bingos per game', async () => {
    const rows = await players({ first: 2 });
    // 107 / 5 = 21.4 and 1 / 2 = 0.5; 123 / 4 = 30.75 and 1 / 2 = 0.5.
    expect(rows.map((r) => [r.player, r.averagePointsPerTurn, r.bingosPerGame])).toEqual([
      ['Alice Adams', 21.4, 0.5],
      ['Bob Brown', 30.75, 0.5],
    ]);
  });

  it('keeps the players whose name contains the filter, whatever its case', async () => {
    expect((await players({ player: 'PLAYER' })).map((r) => r.player)).toEqual(['Player 1', 'Player 2']);
    expect(await players({ player: '50%' })).toEqual([]);
  });

  it('lists the games whose stated scores differ from the recomputed ones, with each player\'s difference', async () => {
    const d = dataOf(await gql<Disagreements>(DISAGREEMENTS)).crosswordScoreDisagreements;
    // small: bob stated 36, recomputed 35 (+1); rematch: alice stated 25, recomputed 21 (+4).
    expect([d.games, d.disagreeing, d.hasNextPage, d.endCursor]).toEqual([4, 2, false, null]);
    expect(d.nodes.map((n) => [n.game.id, n.difference, n.players.map((p) => [p.side, p.player, p.statedScore, p.recomputedScore, p.difference])])).toEqual([
      [ids.small, 1, [[1, 'Alice Adams', 86, 86, 0], [2, 'Bob Brown', 36, 35, 1]]],
      [ids.rematch, 4, [[1, 'Bob Brown', 88, 88, 0], [2, 'Alice Adams', 25, 21, 4]]],
    ]);
  });

  it('pages the disagreeing games in game order with a cursor', async () => {
    const first = dataOf(await gql<Disagreements>(DISAGREEMENTS, { first: 1 })).crosswordScoreDisagreements;
    expect([first.nodes.map((n) => n.game.id), first.hasNextPage]).toEqual([[ids.small], true]);
    const second = dataOf(await gql<Disagreements>(DISAGREEMENTS, { first: 1, after: first.endCursor })).crosswordScoreDisagreements;
    expect([second.nodes.map((n) => n.game.id), second.hasNextPage, second.disagreeing]).toEqual([[ids.rematch], false, 2]);
  });

  it("gives the same pageInfo as every connection: the page's cursors, and whether items follow or come before", async () => {
    const PAGE_INFO = 'query ($after: String) { crosswordScoreDisagreements(first: 1, after: $after) { nodes { game { id } } endCursor pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }';
    type Page = { crosswordScoreDisagreements: { endCursor: string; pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string; endCursor: string } } };
    const first = dataOf(await gql<Page>(PAGE_INFO, {})).crosswordScoreDisagreements;
    expect(first.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: false, startCursor: first.endCursor, endCursor: first.endCursor });
    const second = dataOf(await gql<{ crosswordScoreDisagreements: { nodes: { game: { id: string } }[]; endCursor: string | null; pageInfo: Page['crosswordScoreDisagreements']['pageInfo'] } }>(PAGE_INFO, { after: first.pageInfo.endCursor })).crosswordScoreDisagreements;
    expect(second.nodes.map((n) => n.game.id)).toEqual([ids.rematch]);
    expect(second.endCursor).toBeNull();
    expect(second.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    expect(second.pageInfo.startCursor).toBe(second.pageInfo.endCursor);
    expect(second.pageInfo.endCursor).not.toBeNull();
  });

  it('pages the disagreeing games backward as forward', async () => {
    const read: ReadPage = async (paging) => {
      const page = dataOf(
        await gql<{ crosswordScoreDisagreements: { nodes: { game: { id: string } }[]; pageInfo: PageInfo } }>(
          `query ($first: Int, $after: String, $last: Int, $before: String) {
            crosswordScoreDisagreements(first: $first, after: $after, last: $last, before: $before) { nodes { game { id } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } }
          }`,
          paging,
        ),
      ).crosswordScoreDisagreements;
      return { ids: page.nodes.map((n) => n.game.id), pageInfo: page.pageInfo };
    };
    await expectBothWays(read, 1, 2);
    expect((await read({ last: 1 })).ids).toEqual([ids.rematch]);
  });

  it('refuses a page size out of range and a cursor it did not give', async () => {
    const big = await gql('{ crosswordScoreDisagreements(first: 101) { disagreeing } }');
    expect(big.errors?.[0].message).toBe('first must be between 0 and 100');
    const bad = await gql(DISAGREEMENTS, { after: Buffer.from('godiff:1').toString('base64') });
    expect(bad.errors?.[0].message).toBe('after is not a cursor this server gave out');
  });

  it("replays one game's score progression, stated beside recomputed", async () => {
    const { game } = dataOf(
      await gql<{ game: { scoreProgression: { disagrees: boolean; players: unknown[]; entries: { number: number; side: number; move: string; statedTotal: number; total: number; bingo: boolean }[] } } }>(
        `query ($id: ID!) { game(id: $id) { scoreProgression {
          disagrees players { side nick turns points bingos statedScore }
          entries { number side move statedTotal total bingo }
        } } }`,
        { id: ids.small },
      ),
    );
    const p = game.scoreProgression;
    expect(p.disagrees).toBe(true);
    expect(p.players).toEqual([
      { side: 1, nick: 'alice', turns: 4, points: 86, bingos: 1, statedScore: 86 },
      { side: 2, nick: 'bob', turns: 3, points: 35, bingos: 0, statedScore: 36 },
    ]);
    // See smallGame.ts: bob's totals part at event 2 (22 stated, 21 recomputed) and stay 1 apart.
    expect(p.entries.map((e) => [e.number, e.side, e.move, e.statedTotal, e.total])).toEqual([
      [1, 1, '8D RETAINS', 66, 66],
      [2, 2, 'G7 Z.', 22, 21],
      [3, 1, 'J8 .DE', 72, 72],
      [4, 1, '--', 66, 66],
      [5, 2, '-DGW', 22, 21],
      [6, 1, '-', 66, 66],
      [7, 2, 'E8 .X', 31, 30],
      [8, 2, '(challenge)', 36, 35],
      [9, 1, 'J8 .ALE', 72, 72],
      [10, 1, '(OORW)', 86, 86],
    ]);
    expect(p.entries.filter((e) => e.bingo).map((e) => e.number)).toEqual([1]);
  });

  it('gives no score progression for a game that is not a crossword game', async () => {
    const { game } = dataOf(await gql<{ game: { scoreProgression: null } }>(`query ($id: ID!) { game(id: $id) { scoreProgression { disagrees } } }`, { id: ids.chess }));
    expect(game.scoreProgression).toBeNull();
  });

  it('says a game whose every score is right does not disagree', async () => {
    const { game } = dataOf(await gql<{ game: { scoreProgression: { disagrees: boolean; entries: unknown[] } } }>(
      `query ($id: ID!) { game(id: $id) { scoreProgression { disagrees entries { number } } } }`,
      { id: ids.doug },
    ));
    // doug v emely has 29 event lines.
    expect([game.scoreProgression.disagrees, game.scoreProgression.entries.length]).toEqual([false, 29]);
  });
});
