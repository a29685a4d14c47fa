/**
 * Date filters keep partial dates: a game written `1851.??.??` can have been played on any day
 * of 1851, so a search from 1850 finds it; filters take a year, a month or a day.
 */
import { describeEachDatabase } from '../support/databases';
import { dataOf, graphqlClient, type Gql } from '../support/graphql';

const game = (white: string, date: string) => `[Event "dates"]\n[Date "${date}"]\n[White "${white}"]\n[Black "B"]\n[Result "*"]\n\n1. e4 *\n\n`;

describeEachDatabase('date filters', (getDb) => {
  let gql: Gql;
  const whites = async (filter: string): Promise<string[]> =>
    dataOf(await gql<{ games: { nodes: { player1: string }[] } }>(`{ games(filter: { event: "dates", ${filter} }) { nodes { player1 } } }`)).games.nodes
      .map((n) => n.player1)
      .sort();

  beforeAll(async () => {
    gql = graphqlClient(getDb());
    const data = [game('Anderssen', '1851.??.??'), game('June', '1852.06.??'), game('Morphy', '1858.01.05'), game('Unknown', '????.??.??')].join('');
    dataOf(await gql('mutation ($d: String!) { importGames(format: PGN, data: $d) { gameCount } }', { d: data }));
  });

  it("finds a game known only to its year from a day before it (the API doc's anderssen example)", async () => {
    expect(await whites('player: "anderssen", dateFrom: "1850-01-01"')).toEqual(['Anderssen']);
  });

  it('takes a year as a filter: from its first day, to its last', async () => {
    expect(await whites('dateFrom: "1850"')).toEqual(['Anderssen', 'June', 'Morphy']);
    expect(await whites('dateTo: "1851"')).toEqual(['Anderssen']);
  });

  it('finds a game known only to its month from any day of that month', async () => {
    expect(await whites('dateFrom: "1852-06-15", dateTo: "1852-06-20"')).toEqual(['June']);
    expect(await whites('dateFrom: "1852-07"')).toEqual(['Morphy']);
  });

  it('never finds a game without a known year by date', async () => {
    expect(await whites('dateTo: "9999"')).not.toContain('Unknown');
  });

  it('refuses a month that does not exist, naming the argument', async () => {
    const r = await gql('{ games(filter: { dateFrom: "1850-13" }) { totalCount } }');
    expect(r.errors?.[0]).toMatchObject({
      message: 'filter.dateFrom must be a year, month or day (YYYY, YYYY-MM or YYYY-MM-DD), got "1850-13"',
      extensions: { code: 'BAD_USER_INPUT', details: { argument: 'filter.dateFrom' } },
    });
  });
});
