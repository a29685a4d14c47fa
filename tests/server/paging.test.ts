/**
 * Every connection pages both ways: `first`/`after` forward and `last`/`before` backward (what a
 * frontend's "previous page" needs). Walking a list backward from its end gives the same items in
 * the same order as walking it forward, in every order a connection has (games without a value
 * of the ordering column included); the page before a page is the page a forward walk gave
 * before it; paging both ways at once is refused.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ANALYSED_PGN } from '../support/analysedChess';
import { REMATCH, SMALL_GAME } from '../codecs/crossword/smallGame';
import { describeEachDatabase } from '../support/databases';
import { dataOf, graphqlClient, type Gql } from '../support/graphql';
import { type PageInfo, type ReadPage, expectBothWays, forward } from '../support/paging';

const pgn = (tags: Record<string, string>, moves: string) =>
  `${Object.entries(tags)
    .map(([k, v]) => `[${k} "${v}"]`)
    .join('\n')}\n[Result "*"]\n\n${moves} *\n`;

/** Games with ties and missing values in every column `games` orders by; each begins 1. e4. */
const GAMES = [
  pgn({ White: 'Carla', Black: 'Ann', Event: 'Open', Date: '2021.03.04' }, '1. e4 e5'),
  pgn({ White: 'Ann', Black: 'Bob', Event: 'Cup', Date: '2020.01.02' }, '1. e4 c5'),
  pgn({ Black: 'Dora', Date: '2020.01.02' }, '1. e4 e6'),
  pgn({ White: 'Ann', Black: 'Carla', Event: 'Open' }, '1. e4 c6'),
  pgn({ White: 'Bob', Event: 'Cup', Date: '2022.05.06' }, '1. e4 d5'),
  pgn({ White: 'Dora', Black: 'Ann', Date: '2019.12.31' }, '1. e4 Nf6'),
  pgn({ White: 'Carla', Black: 'Bob', Event: 'Zonal', Date: '2021.03.04' }, '1. e4 g6'),
].join('\n');

/** The position after 1. e4, which every game above reaches. */
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';

describeEachDatabase('paging both ways', (getDb) => {
  let gql: Gql;

  beforeAll(async () => {
    gql = graphqlClient(getDb());
    // Each import is a flush of the position index: 1. e4 gets a run of its own in the first two, and an entry in a shared block in the last.
    const imports = [GAMES, ANALYSED_PGN, pgn({ White: 'X', Black: 'Y' }, '1. d4 d5'), pgn({ White: 'Z', Black: 'W' }, '1. c4 e5'), pgn({ White: 'Solo' }, '1. e4 e5')];
    for (const data of imports) {
      dataOf(await gql('mutation ($d: String!) { importGames(format: PGN, data: $d) { gameCount } }', { d: data }));
    }
  });

  const PAGE = 'pageInfo { hasNextPage hasPreviousPage startCursor endCursor }';

  const gamesIn = (orderBy: { field: string; direction: string }): ReadPage => async (paging) => {
    const { games } = dataOf(
      await gql<{ games: { nodes: { id: string }[]; pageInfo: PageInfo } }>(
        `query ($o: GameOrder, $first: Int, $after: String, $last: Int, $before: String) {
          games(filter: { event: "" }, orderBy: $o, first: $first, after: $after, last: $last, before: $before) { nodes { id } ${PAGE} }
        }`,
        { o: orderBy, ...paging },
      ),
    );
    return { ids: games.nodes.map((g) => g.id), pageInfo: games.pageInfo };
  };

  for (const field of ['ID', 'DATE', 'PLAYER1', 'PLAYER2', 'EVENT']) {
    for (const direction of ['ASC', 'DESC']) {
      it(`pages games ordered by ${field} ${direction} backward as forward`, async () => {
        await expectBothWays(gamesIn({ field, direction }), 2, 13);
      });
    }
  }

  it('gives the last games for last without before, with nothing after them', async () => {
    const read = gamesIn({ field: 'ID', direction: 'ASC' });
    const all = (await forward(read, 100)).ids;
    const last = await read({ last: 3 });
    expect(last.ids).toEqual(all.slice(-3));
    expect(last.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
  });

  it('pages imports backward as forward', async () => {
    const read: ReadPage = async (paging) => {
      const { imports } = dataOf(
        await gql<{ imports: { nodes: { id: string }[]; pageInfo: PageInfo } }>(
          `query ($first: Int, $after: String, $last: Int, $before: String) { imports(first: $first, after: $after, last: $last, before: $before) { nodes { id } ${PAGE} } }`,
          paging,
        ),
      );
      return { ids: imports.nodes.map((i) => i.id), pageInfo: imports.pageInfo };
    };
    await expectBothWays(read, 2, 5);
  });

  it('pages analysed chess games backward as forward', async () => {
    const read: ReadPage = async (paging) => {
      const { chessAnalysedGames } = dataOf(
        await gql<{ chessAnalysedGames: { nodes: { game: { id: string } }[]; pageInfo: PageInfo } }>(
          `query ($first: Int, $after: String, $last: Int, $before: String) {
            chessAnalysedGames(orderBy: LOWEST_ACCURACY, first: $first, after: $after, last: $last, before: $before) { nodes { game { id } } ${PAGE} }
          }`,
          paging,
        ),
      );
      return { ids: chessAnalysedGames.nodes.map((n) => n.game.id), pageInfo: chessAnalysedGames.pageInfo };
    };
    const all = await forward(read, 100);
    expect(all.ids.length).toBeGreaterThanOrEqual(2);
    await expectBothWays(read, 1, all.ids.length);
  });

  it("pages a position's occurrences backward as forward", async () => {
    const read: ReadPage = async (paging) => {
      const { findPositions } = dataOf(
        await gql<{ findPositions: { occurrencePage: { nodes: { game: { id: string }; number: number }[]; pageInfo: PageInfo } }[] }>(
          `query ($first: Int, $after: String, $last: Int, $before: String) {
            findPositions(text: "${AFTER_E4}") { occurrencePage(first: $first, after: $after, last: $last, before: $before) { nodes { game { id } number } ${PAGE} } }
          }`,
          paging,
        ),
      );
      const page = findPositions[0].occurrencePage;
      return { ids: page.nodes.map((n) => `${n.game.id}:${n.number}`), pageInfo: page.pageInfo };
    };
    // The seven games above, the two analysed ones that open 1. e4, and the last import's.
    await expectBothWays(read, 2, 10);
  });

  it('refuses first with last, after with last, and a last out of range, naming the argument', async () => {
    const refused = async (args: string, argument: string) => {
      const result = await gql(`{ games(${args}) { totalCount } }`);
      expect(result.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: { argument } });
    };
    await refused('first: 2, last: 2', 'last');
    // first has a default: left out, or sent as a variable with no value, it does not count as given.
    const leftOut = await gql('query ($f: Int) { games(first: $f, last: 2) { totalCount } }', {});
    expect(leftOut.errors).toBeUndefined();
    const sent = await gql('query ($f: Int) { games(first: $f, last: 2) { totalCount } }', { f: 3 });
    expect(sent.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: { argument: 'last' } });
    const { games } = dataOf(await gql<{ games: { pageInfo: PageInfo } }>(`{ games(first: 1) { ${PAGE} } }`));
    await refused(`last: 2, after: "${games.pageInfo.endCursor}"`, 'after');
    await refused('last: 101', 'last');
    await refused('last: -1', 'last');
    await refused('before: "bm9uc2Vuc2U="', 'before');
    await refused(`first: 2, before: "${games.pageInfo.endCursor}"`, 'before');
  });

  it('refuses an occurrences(first:) out of range instead of clamping it, as occurrencePage does', async () => {
    for (const first of [501, -1]) {
      const result = await gql(`{ findPositions(text: "${AFTER_E4}") { occurrences(first: ${first}) { number } } }`);
      expect(result.errors?.[0]).toMatchObject({ message: 'first must be between 0 and 500', extensions: { code: 'BAD_USER_INPUT', details: { argument: 'first' } } });
    }
    const { findPositions } = dataOf(await gql<{ findPositions: { occurrences: unknown[] }[] }>(`{ findPositions(text: "${AFTER_E4}") { occurrences(first: 500) { number } } }`));
    expect(findPositions[0].occurrences).toHaveLength(10);
  });
});

/**
 * The player lists page as connections (`…Page`) by keysets of their order: an aggregate's value,
 * then the name; ties on the value, a player without the value and one without a name included.
 */
describeEachDatabase('paging player lists both ways', (getDb) => {
  let gql: Gql;
  const PAGE = 'pageInfo { hasNextPage hasPreviousPage startCursor endCursor }';
  const backgammon = (name: string) => fs.readFileSync(path.resolve(__dirname, '../fixtures/backgammon', name), 'utf8');

  beforeAll(async () => {
    gql = graphqlClient(getDb());
    const imports: [string, string][] = [
      // Amy and Ben 6 games each, Cal and Dee 3; one game with no names (a player null).
      ...['gnubg107_analysed_3p_crawford.sgf', 'gnubg107_analysed_5p.sgf', 'gnubg107_analysed_money_beavers.sgf', 'hand_analysed_5p.sgf'].map(
        (name): [string, string] => ['SGF', backgammon(name)],
      ),
      ['SGF', backgammon('hand_analysed_5p.sgf').replace(/P[BW]\[[^\]]*\]/g, '')],
      // Anna and Boris 2 games each, EngineW and EngineB 1.
      ['PGN', ANALYSED_PGN],
      // Alice Adams and Bob Brown 2 games each; Zed and zed 1, the same name but for case.
      ['GCG', SMALL_GAME],
      ['GCG', REMATCH],
      ['GCG', SMALL_GAME.replace('#player1 alice Alice Adams', '#player1 alice zed').replace('#player2 bob Bob Brown', '#player2 bob Zed')],
    ];
    for (const [format, data] of imports) {
      dataOf(await gql('mutation ($f: GameFormat!, $d: String!) { importGames(format: $f, data: $d) { gameCount } }', { f: format, d: data }));
    }
  });

  /** Reads a page of `field`, each node named by `player`. */
  const playersOf =
    (field: string, args: string, variables: Record<string, unknown> = {}, name = (n: { player: string | null }) => String(n.player)): ReadPage =>
    async (paging) => {
      const data = dataOf(
        await gql<Record<string, { nodes: { player: string | null }[]; pageInfo: PageInfo; totalCount: number }>>(
          `query ($first: Int, $after: String, $last: Int, $before: String${args ? `, ${args}` : ''}) {
            page: ${field} { nodes { player } ${PAGE} totalCount }
          }`,
          { ...variables, ...paging },
        ),
      );
      return { ids: data.page.nodes.map(name), pageInfo: data.page.pageInfo };
    };

  const bgPlayers = (orderBy: string, player?: string) =>
    playersOf(
      'backgammonPlayerErrorsPage(orderBy: $o, player: $p, first: $first, after: $after, last: $last, before: $before)',
      '$o: BackgammonPlayerOrder, $p: String',
      { o: orderBy, p: player },
    );

  for (const orderBy of ['GAMES', 'OVERALL_RATE', 'NAME']) {
    it(`pages backgammon players by ${orderBy} backward as forward, in the list's order`, async () => {
      const { backgammonPlayerErrors } = dataOf(
        await gql<{ backgammonPlayerErrors: { player: string | null }[] }>('query ($o: BackgammonPlayerOrder) { backgammonPlayerErrors(orderBy: $o) { player } }', { o: orderBy }),
      );
      expect(backgammonPlayerErrors).toHaveLength(5);
      expect((await forward(bgPlayers(orderBy), 2)).ids).toEqual(backgammonPlayerErrors.map((p) => String(p.player)));
      await expectBothWays(bgPlayers(orderBy), 2, 5);
    });
  }

  it('orders backgammon players by games, ties by name, the unnamed player last by name', async () => {
    expect((await forward(bgPlayers('GAMES'), 3)).ids).toEqual(['Amy', 'Ben', 'Cal', 'Dee', 'null']);
    expect((await forward(bgPlayers('NAME'), 3)).ids).toEqual(['Amy', 'Ben', 'Cal', 'Dee', 'null']);
    await expectBothWays(bgPlayers('GAMES', 'Cal'), 1, 1);
  });

  it('counts every player, not the page', async () => {
    const { backgammonPlayerErrorsPage } = dataOf(await gql<{ backgammonPlayerErrorsPage: { totalCount: number; edges: { node: { player: string } }[] } }>(
      '{ backgammonPlayerErrorsPage(first: 1) { totalCount edges { cursor node { player } } } }',
    ));
    expect(backgammonPlayerErrorsPage).toMatchObject({ totalCount: 5, edges: [{ node: { player: 'Amy' } }] });
  });

  it('counts the players when totalCount is asked for through a fragment, inline or named', async () => {
    const inline = await gql<{ p: { totalCount: number } }>('{ p: crosswordPlayerStatsPage(first: 1) { ... on CrosswordPlayerStatsConnection { totalCount } } }');
    expect(dataOf(inline).p.totalCount).toBe(4);
    const named = await gql<{ p: { totalCount: number } }>('{ p: chessPlayerAnalysisPage(first: 1) { ...count } } fragment count on ChessPlayerAnalysisConnection { totalCount }');
    expect(dataOf(named).p.totalCount).toBe(4);
  });

  for (const orderBy of ['MOST_GAMES', 'LOWEST_AVERAGE_CENTIPAWN_LOSS', 'HIGHEST_ACCURACY', 'MOST_BLUNDERS_PER_100_MOVES', 'PLAYER']) {
    it(`pages chess players by ${orderBy} backward as forward, in the list's order`, async () => {
      const { chessPlayerAnalysis } = dataOf(
        await gql<{ chessPlayerAnalysis: { player: string }[] }>('query ($o: ChessPlayerAnalysisOrder) { chessPlayerAnalysis(orderBy: $o) { player } }', { o: orderBy }),
      );
      expect(chessPlayerAnalysis).toHaveLength(4);
      const read = playersOf(
        'chessPlayerAnalysisPage(orderBy: $o, first: $first, after: $after, last: $last, before: $before)',
        '$o: ChessPlayerAnalysisOrder',
        { o: orderBy },
      );
      expect((await forward(read, 3)).ids).toEqual(chessPlayerAnalysis.map((p) => p.player));
      await expectBothWays(read, 1, 4);
    });
  }

  it('pages crossword players backward as forward: by games, then by name in any case, then by name', async () => {
    const read = playersOf('crosswordPlayerStatsPage(first: $first, after: $after, last: $last, before: $before)', '');
    const { crosswordPlayerStats } = dataOf(await gql<{ crosswordPlayerStats: { player: string }[] }>('{ crosswordPlayerStats { player } }'));
    expect(crosswordPlayerStats.map((p) => p.player)).toEqual(['Alice Adams', 'Bob Brown', 'Zed', 'zed']);
    expect((await forward(read, 3)).ids).toEqual(['Alice Adams', 'Bob Brown', 'Zed', 'zed']);
    await expectBothWays(read, 1, 4);
    await expectBothWays(playersOf('crosswordPlayerStatsPage(player: "ZE", first: $first, after: $after, last: $last, before: $before)', ''), 1, 2);
  });

  for (const kind of [null, 'CHECKER', 'CUBE']) {
    it(`pages the worst backgammon decisions${kind ? ` (${kind})` : ''} backward as forward, largest loss first as the list`, async () => {
      const read: ReadPage = async (paging) => {
        const { backgammonWorstDecisionsPage: page } = dataOf(
          await gql<{ backgammonWorstDecisionsPage: { edges: { cursor: string; node: { millipoints: number } }[]; pageInfo: PageInfo } }>(
            `query ($k: BackgammonDecisionKind, $first: Int, $after: String, $last: Int, $before: String) {
              backgammonWorstDecisionsPage(kind: $k, first: $first, after: $after, last: $last, before: $before) { edges { cursor node { millipoints } } ${PAGE} }
            }`,
            { k: kind, ...paging },
          ),
        );
        return { ids: page.edges.map((e) => `${e.cursor} ${e.node.millipoints}`), pageInfo: page.pageInfo };
      };
      const { backgammonWorstDecisions, backgammonWorstDecisionsPage } = dataOf(
        await gql<{ backgammonWorstDecisions: { millipoints: number }[]; backgammonWorstDecisionsPage: { totalCount: number } }>(
          'query ($k: BackgammonDecisionKind) { backgammonWorstDecisions(kind: $k, first: 100) { millipoints } backgammonWorstDecisionsPage(kind: $k) { totalCount } }',
          { k: kind },
        ),
      );
      const count = backgammonWorstDecisionsPage.totalCount;
      expect(count).toBeGreaterThan(10);
      const all = await forward(read, 25);
      expect(all.ids.slice(0, Math.min(100, count)).map((id) => Number(id.split(' ')[1]))).toEqual(backgammonWorstDecisions.map((d) => d.millipoints));
      await expectBothWays(read, 25, count);
    });
  }

  it("refuses a cursor of another order or list as BAD_USER_INPUT naming the argument", async () => {
    const games = await bgPlayers('GAMES')({ first: 1 });
    for (const [query, argument] of [
      [`{ backgammonPlayerErrorsPage(orderBy: NAME, after: "${games.pageInfo.endCursor}") { totalCount } }`, 'after'],
      [`{ backgammonPlayerErrorsPage(orderBy: OVERALL_RATE, last: 1, before: "${games.pageInfo.endCursor}") { totalCount } }`, 'before'],
      [`{ chessPlayerAnalysisPage(after: "${games.pageInfo.endCursor}") { totalCount } }`, 'after'],
      [`{ crosswordPlayerStatsPage(last: 2, before: "${games.pageInfo.endCursor}") { totalCount } }`, 'before'],
      [`{ backgammonWorstDecisionsPage(after: "${games.pageInfo.endCursor}") { totalCount } }`, 'after'],
      [`{ backgammonWorstDecisionsPage(after: "${Buffer.from(JSON.stringify(['bgWorst:ALL', '0.5', '1.5'])).toString('base64')}") { totalCount } }`, 'after'],
      [`{ backgammonPlayerErrorsPage(after: "${Buffer.from(JSON.stringify(['bgPlayers:GAMES', '1.5', 'Amy'])).toString('base64')}") { totalCount } }`, 'after'],
    ]) {
      const result = await gql(query);
      expect(result.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: { argument } });
    }
  });
});
