/**
 * A position's top and recent games, and its occurrences over a filter in the games' order,
 * checked against lists made from the rated fixture by chess.js, not by tabula.
 */
import { describeEachDatabase } from '../support/databases';
import { dataOf, graphqlClient, type Gql } from '../support/graphql';
import { type FixtureGame, RATED_PGN, ratedGames } from '../support/ratedGames';

const fixture = ratedGames();
const AFTER_E4_E5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -';
const firstDay = (date: string) => {
  const [y, m, d] = date.split('.');
  return `${y}-${m === '??' ? '01' : m}-${d === '??' ? '01' : d}`;
};
/** The fixture's game number (its Round tag, from 1) stands for its id: games are stored in file order. */
const round = (g: FixtureGame) => Number(g.tags.Round);
const reaching = (fen: string) => fixture.filter((g) => g.fens.includes(fen));

describeEachDatabase('position games', (getDb) => {
  let gql: Gql;
  const games = async (field: string, args: string): Promise<number[]> => {
    const r = dataOf(await gql<{ chessPosition: Record<string, { round: string }[]> }>(
      `query ($fen: String!) { chessPosition(fen: $fen) { ${field}${args ? `(${args})` : ''} { round } } }`,
      { fen: `${AFTER_E4_E5} 0 2` },
    ));
    return r.chessPosition[field].map((g) => Number(g.round));
  };

  beforeAll(async () => {
    gql = graphqlClient(getDb());
    dataOf(await gql('mutation ($d: String!) { importGames(format: PGN, data: $d) { gameCount } }', { d: RATED_PGN }));
  });

  it('lists the top games: highest mean rating first, then the latest, eight by default', async () => {
    const expected = reaching(AFTER_E4_E5)
      .sort((a, b) => (b.mean ?? -1) - (a.mean ?? -1) || firstDay(b.tags.Date).localeCompare(firstDay(a.tags.Date)) || round(b) - round(a))
      .slice(0, 8)
      .map(round);
    expect(await games('topGames', '')).toEqual(expected);
  });

  it('lists the recent games: latest first, over a filter', async () => {
    const expected = reaching(AFTER_E4_E5)
      .filter((g) => g.tags.White.startsWith('Carlsen') || g.tags.Black.startsWith('Carlsen'))
      .sort((a, b) => firstDay(b.tags.Date).localeCompare(firstDay(a.tags.Date)) || round(b) - round(a))
      .slice(0, 3)
      .map(round);
    expect(await games('recentGames', 'filter: { player: "carlsen" }, first: 3')).toEqual(expected);
  });

  it('pages through the occurrences of the games a filter keeps, by rating, each once', async () => {
    const kept = reaching(AFTER_E4_E5).filter((g) => g.mean !== null && g.mean >= 2000);
    const expected = kept.sort((a, b) => b.mean! - a.mean! || round(a) - round(b)).map(round);
    const seen: number[] = [];
    let after: string | null = null;
    let total = 0;
    for (;;) {
      const page: { chessPosition: { occurrencePage: { totalCount: number; nodes: { game: { round: string } }[]; pageInfo: { endCursor: string; hasNextPage: boolean } } } } = dataOf(
        await gql(
          `query ($fen: String!, $after: String) { chessPosition(fen: $fen) { occurrencePage(first: 7, after: $after, filter: { minRating: 2000 }, orderBy: { field: RATING, direction: DESC }) {
            totalCount nodes { game { round } } pageInfo { endCursor hasNextPage } } } }`,
          { fen: `${AFTER_E4_E5} 0 2`, after },
        ),
      );
      const p = page.chessPosition.occurrencePage;
      total = p.totalCount;
      seen.push(...p.nodes.map((n) => Number(n.game.round)));
      if (!p.pageInfo.hasNextPage) break;
      after = p.pageInfo.endCursor;
    }
    expect(total).toBe(expected.length);
    expect(seen).toEqual(expected);
  });

  it('pages backward through ordered occurrences to the same list', async () => {
    const forward = dataOf(await gql<{ chessPosition: { occurrencePage: { nodes: { game: { round: string } }[] } } }>(
      `query ($fen: String!) { chessPosition(fen: $fen) { occurrencePage(first: 200, orderBy: { field: DATE }) { nodes { game { round } } } } }`,
      { fen: `${AFTER_E4_E5} 0 2` },
    )).chessPosition.occurrencePage.nodes.map((n) => n.game.round);
    const back: string[] = [];
    let before: string | null = null;
    for (;;) {
      const page: { chessPosition: { occurrencePage: { nodes: { game: { round: string } }[]; pageInfo: { startCursor: string; hasPreviousPage: boolean } } } } = dataOf(
        await gql(
          `query ($fen: String!, $before: String) { chessPosition(fen: $fen) { occurrencePage(last: 9, before: $before, orderBy: { field: DATE }) { nodes { game { round } } pageInfo { startCursor hasPreviousPage } } } }`,
          { fen: `${AFTER_E4_E5} 0 2`, before },
        ),
      );
      const p = page.chessPosition.occurrencePage;
      back.unshift(...p.nodes.map((n) => n.game.round));
      if (!p.pageInfo.hasPreviousPage) break;
      before = p.pageInfo.startCursor;
    }
    expect(back).toEqual(forward);
    expect(forward.length).toBe(reaching(AFTER_E4_E5).length);
  });

  it('refuses a cursor of another order, naming the argument', async () => {
    const r = await gql(
      `query ($fen: String!) { chessPosition(fen: $fen) { occurrencePage(first: 2, after: "bm9wZQ==", orderBy: { field: RATING }) { totalCount } } }`,
      { fen: `${AFTER_E4_E5} 0 2` },
    );
    expect(r.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', details: { argument: 'after' } } });
  });
});
