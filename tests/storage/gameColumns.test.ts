/**
 * The game columns the filtered explorer reads in memory: filled in any order of ids, matching
 * players exactly as the SQL filter of a list of games does, and a filter's kept games up to date.
 */
import { describeEachDatabase } from '../support/databases';
import { dataOf, graphqlClient, type Gql } from '../support/graphql';
import { GameColumns } from '../../src/storage/gameColumns';

const game = (white: string, black: string, elo: number) =>
  `[White "${white}"]\n[Black "${black}"]\n[WhiteElo "${elo}"]\n[BlackElo "${elo + 100}"]\n[TimeControl "300+0"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 1-0\n`;
const NAMES = [['Ærøskøbing, Åse', 'Müller, Jörg'], ['AERO, Bob', 'mueller, joerg'], ['Smith, Ann', 'Ærø, Kai'], ['Løvås, Ola', 'Smith, Ann']];

describeEachDatabase('game columns', (getDb) => {
  let gql: Gql;
  let ids: bigint[] = [];

  beforeAll(async () => {
    gql = graphqlClient(getDb());
    dataOf(await gql('mutation ($d: String!) { importGames(format: PGN, data: $d) { gameCount } }', { d: NAMES.map(([w, b], i) => game(w, b, 2000 + i)).join('\n') }));
    ids = (await getDb().sql.query<{ id: bigint }>(`SELECT id FROM "Game" ORDER BY id`)).map((r) => r.id);
  });

  it('holds a game read after a later one, below the first slot it had', async () => {
    const columns = new GameColumns();
    await columns.fill(getDb(), [ids[3], ids[2]]);
    await columns.fill(getDb(), [ids[0]]);
    expect(columns.slot(ids[0])).toBe(0);
    expect([0, 2, 3].map((k) => columns.rating1[columns.slot(ids[k])])).toEqual([2000, 2002, 2003]);
    expect(columns.present[columns.slot(ids[1])]).toBe(0);
    expect(columns.idOf(columns.slot(ids[3]))).toBe(ids[3]);
  });

  it('matches a player by the same rule as the list of games, for any letters', async () => {
    for (const text of ['ærø', 'ÆRØ', 'müller', 'mueller', 'smith', 'ø', 'nobody']) {
      const listed = dataOf(await gql<{ games: { totalCount: number } }>('query ($p: String!) { games(filter: { player: $p }) { totalCount } }', { p: text })).games.totalCount;
      const explored = dataOf(await gql<{ chessPosition: { moves: { count: number }[] } }>(
        'query ($p: String!) { chessPosition(fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") { moves(filter: { player: $p }) { count } } }',
        { p: text },
      )).chessPosition.moves.reduce((n, m) => n + m.count, 0);
      expect([text, explored]).toEqual([text, listed]);
    }
  });

  it("matches a player's side as the list of games does", async () => {
    const listed = dataOf(await gql<{ games: { totalCount: number } }>('{ games(filter: { player: "smith", playerSide: SECOND }) { totalCount } }')).games.totalCount;
    const explored = dataOf(await gql<{ chessPosition: { moves: { count: number }[] } }>(
      '{ chessPosition(fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") { moves(filter: { player: "smith", playerSide: SECOND }) { count } } }',
    )).chessPosition.moves.reduce((n, m) => n + m.count, 0);
    expect(listed).toBe(1);
    expect(explored).toBe(1);
  });

  it('keeps the games a filter keeps, and counts a game stored after the filter was first asked', async () => {
    const columns = new GameColumns();
    await columns.refresh(getDb());
    const filter = { minRating: 2051 };
    // Mean ratings 2050 + i: games 1 to 3 are kept.
    expect([...columns.keptBy(filter, null).subarray(0, 4)]).toEqual([0, 1, 1, 1]);
    dataOf(await gql('mutation ($d: String!) { importGames(format: PGN, data: $d) { gameCount } }', { d: game('Late, Lee', 'Later, Liv', 2500) }));
    await columns.refresh(getDb());
    const [late] = (await getDb().sql.query<{ id: bigint }>(`SELECT max(id) AS id FROM "Game"`)).map((r) => r.id);
    expect(columns.keptBy(filter, null)[columns.slot(late)]).toBe(1);
    expect(columns.keptBy({ maxRating: 2051 }, null)[columns.slot(late)]).toBe(0);
  });
});
