/** games(orderBy:): by date, players or event, either way, paged by cursors that keep the order. */
import { describeEachDatabase } from '../support/databases';
import { dataOf, graphqlClient, type Gql } from '../support/graphql';

const game = (white: string, date: string | null, event: string) =>
  `[Event "${event}"]\n${date ? `[Date "${date}"]\n` : ''}[White "${white}"]\n[Black "order"]\n[Result "*"]\n\n1. e4 *\n\n`;

const QUERY = `query ($order: GameOrder, $after: String) {
  games(filter: { player: "order" }, orderBy: $order, first: 2, after: $after) { nodes { player1 } pageInfo { hasNextPage endCursor } }
}`;

describeEachDatabase('ordered games', (getDb) => {
  let gql: Gql;
  /** Every page of the ordering, walked by cursor. */
  const walk = async (order: Record<string, string>): Promise<string[]> => {
    const names: string[] = [];
    let after: string | null = null;
    for (;;) {
      type Page = { games: { nodes: { player1: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } };
      const page: Page = dataOf(await gql<Page>(QUERY, { order, after }));
      names.push(...page.games.nodes.map((n) => n.player1));
      if (!page.games.pageInfo.hasNextPage) return names;
      after = page.games.pageInfo.endCursor;
    }
  };

  beforeAll(async () => {
    gql = graphqlClient(getDb());
    const data = [
      game('Carol', '1900.05.01', 'B event'),
      game('Alice', '1850.??.??', 'C event'),
      game('Dave', null, 'A event'),
      game('Bob', '1900.05.01', 'A event'),
      game('Erin', '1950.01.02', 'B event'),
    ].join('');
    dataOf(await gql('mutation ($d: String!) { importGames(format: PGN, data: $d) { gameCount } }', { d: data }));
  });

  it('orders by date, oldest first, ties by id, undated last, across pages', async () => {
    expect(await walk({ field: 'DATE' })).toEqual(['Alice', 'Carol', 'Bob', 'Erin', 'Dave']);
  });

  it('orders by date newest first, undated still last', async () => {
    expect(await walk({ field: 'DATE', direction: 'DESC' })).toEqual(['Erin', 'Carol', 'Bob', 'Alice', 'Dave']);
  });

  it("orders by the first player's name", async () => {
    expect(await walk({ field: 'PLAYER1' })).toEqual(['Alice', 'Bob', 'Carol', 'Dave', 'Erin']);
  });

  it('orders by event, ties by id', async () => {
    expect(await walk({ field: 'EVENT' })).toEqual(['Dave', 'Bob', 'Carol', 'Erin', 'Alice']);
  });

  it('orders by id newest first', async () => {
    expect(await walk({ field: 'ID', direction: 'DESC' })).toEqual(['Erin', 'Bob', 'Dave', 'Alice', 'Carol']);
  });

  it('refuses a cursor made for another order', async () => {
    const first = dataOf(await gql<{ games: { pageInfo: { endCursor: string } } }>(QUERY, { order: { field: 'DATE' } })).games.pageInfo.endCursor;
    const r = await gql(QUERY, { order: { field: 'EVENT' }, after: first });
    expect(r.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', details: { argument: 'after' } } });
  });
});
