/**
 * The explorer over the games a filter keeps, with the movers' ratings, their performance and the
 * latest date per move: checked against figures made from the rated fixture by chess.js and
 * FIDE's table as printed, not by tabula. Hot positions (the start, 1. e4) and cold ones are both asked.
 */
import { describeEachDatabase } from '../support/databases';
import { dataOf, graphqlClient, type Gql } from '../support/graphql';
import { type FixtureGame, RATED_PGN, SPEED_OF_CONTROL, ratedGames } from '../support/ratedGames';
import { rewriteRunsInSixByteLayout } from '../support/oldIndexLayouts';

const fixture = ratedGames();
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -';
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -';

/** FIDE table 8.1(a) for p = .50 … 1.00, as printed. */
const FIDE_DP = [0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158, 166, 175, 184, 193,
  202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800];
const dp = (p: number) => {
  const h = Math.round(p * 100);
  return h >= 50 ? FIDE_DP[h - 50] : -FIDE_DP[50 - h];
};

interface Row {
  move: string;
  count: number;
  wins: number;
  draws: number;
  losses: number;
  averageRating: number | null;
  averageOpponentRating: number | null;
  performance: number | null;
  lastPlayed: string | null;
}

const elo = (g: FixtureGame, tag: string) => (/^\d+$/.test(g.tags[tag] ?? '') ? Number(g.tags[tag]) : null);
const firstDay = (date: string) => {
  const [y, m, d] = date.split('.');
  return `${y}-${m === '??' ? '01' : m}-${d === '??' ? '01' : d}`;
};
const meanOf = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/** The explorer rows of `fen` over the fixture games `keep` keeps, computed here. */
function expectedRows(fen: string, keep: (g: FixtureGame) => boolean): Row[] {
  const byMove = new Map<string, { game: FixtureGame; white: boolean }[]>();
  for (const g of fixture.filter(keep)) {
    const seen = new Set<string>();
    g.fens.forEach((f, i) => {
      if (f !== fen || i >= g.sans.length || seen.has(g.sans[i])) return;
      seen.add(g.sans[i]);
      byMove.set(g.sans[i], [...(byMove.get(g.sans[i]) ?? []), { game: g, white: i % 2 === 0 }]);
    });
  }
  const rows = [...byMove].map(([move, games]): Row => {
    const score = (x: { game: FixtureGame; white: boolean }) => {
      const r = x.game.tags.Result;
      return r === '1/2-1/2' ? 0.5 : r === '1-0' ? (x.white ? 1 : 0) : r === '0-1' ? (x.white ? 0 : 1) : null;
    };
    const own = games.flatMap((x) => elo(x.game, x.white ? 'WhiteElo' : 'BlackElo') ?? []);
    const opp = games.flatMap((x) => elo(x.game, x.white ? 'BlackElo' : 'WhiteElo') ?? []);
    const perf = games.filter((x) => score(x) !== null && elo(x.game, x.white ? 'BlackElo' : 'WhiteElo') !== null);
    const perfOpp = meanOf(perf.map((x) => elo(x.game, x.white ? 'BlackElo' : 'WhiteElo')!));
    const perfScore = perf.reduce((a, x) => a + score(x)!, 0);
    return {
      move,
      count: games.length,
      wins: games.filter((x) => score(x) === 1).length,
      draws: games.filter((x) => score(x) === 0.5).length,
      losses: games.filter((x) => score(x) === 0).length,
      averageRating: meanOf(own),
      averageOpponentRating: meanOf(opp),
      performance: perfOpp === null ? null : Math.round(perfOpp + dp(perfScore / perf.length)),
      lastPlayed: games.map((x) => firstDay(x.game.tags.Date)).sort().at(-1) ?? null,
    };
  });
  return rows.sort((a, b) => b.count - a.count || (a.move < b.move ? -1 : 1));
}

const speedOf = (g: FixtureGame) => (g.tags.TimeControl === undefined ? null : SPEED_OF_CONTROL[g.tags.TimeControl]);
const mean = (g: FixtureGame) => g.mean;

/** The explorer's rows of a position (FEN without its counters) over the games a filter keeps, through GraphQL. */
const explorerRows = async (gql: Gql, fen: string, filter: string): Promise<Row[]> => {
  const r = dataOf(await gql<{ chessPosition: { moves: Row[] } }>(
    `query ($fen: String!) { chessPosition(fen: $fen) { moves${filter ? `(filter: { ${filter} })` : ''} { move count wins draws losses averageRating averageOpponentRating performance lastPlayed } } }`,
    { fen: `${fen} 0 1` },
  ));
  return r.chessPosition.moves;
};

/** Rows equal to those expected, the averages to six places. */
const close = (actual: Row[], expected: Row[]) => {
  expect(actual.map((r) => ({ ...r, averageRating: r.averageRating?.toFixed(6), averageOpponentRating: r.averageOpponentRating?.toFixed(6) }))).toEqual(
    expected.map((r) => ({ ...r, averageRating: r.averageRating?.toFixed(6), averageOpponentRating: r.averageOpponentRating?.toFixed(6) })),
  );
};

const importRated = (gql: Gql) => gql('mutation ($d: String!) { importGames(format: PGN, data: $d) { gameCount } }', { d: RATED_PGN });

describeEachDatabase('filtered explorer', (getDb) => {
  let gql: Gql;
  const rows = (fen: string, filter: string): Promise<Row[]> => explorerRows(gql, fen, filter);

  beforeAll(async () => {
    gql = graphqlClient(getDb());
    dataOf(await importRated(gql));
  });

  it('gives every move of the start position its count, results, ratings, performance and latest date', async () => {
    close(await rows(START, ''), expectedRows(START, () => true));
  });

  it('gives the same figures from the per-flush sums and from counting game by game', async () => {
    expect(await rows(AFTER_E4, 'minPlies: 0')).toEqual(await rows(AFTER_E4, ''));
  });

  it('counts only the games in a rating band', async () => {
    close(await rows(START, 'minRating: 1900, maxRating: 2500'), expectedRows(START, (g) => mean(g) !== null && mean(g)! >= 1900 && mean(g)! <= 2500));
  });

  it('counts only the games of some speeds since a year', async () => {
    const keep = (g: FixtureGame) => Number(g.tags.Date.slice(0, 4)) >= 2020 && ['BLITZ', 'RAPID'].includes(speedOf(g) ?? '');
    close(await rows(AFTER_E4, 'dateFrom: "2020", speeds: [BLITZ, RAPID]'), expectedRows(AFTER_E4, keep));
  });

  it("counts one player's games with White", async () => {
    close(await rows(START, 'player: "Carlsen", playerSide: FIRST'), expectedRows(START, (g) => g.tags.White.startsWith('Carlsen')));
  });

  it('counts a cold position (reached by one game) over the games the filter keeps', async () => {
    const once = fixture.flatMap((g) => g.fens.slice(4, -1)).find((f, _i, all) => all.indexOf(f) === all.lastIndexOf(f))!;
    const owner = fixture.find((g) => g.fens.includes(once))!;
    close(await rows(once, ''), expectedRows(once, () => true));
    expect((await rows(once, `player: "${owner.tags.White.split(',')[0]}", playerSide: FIRST`)).length).toBe(1);
    expect(await rows(once, `player: "${owner.tags.White.split(',')[0]}", playerSide: SECOND`)).toEqual([]);
  });

  it('counts the games of an import stored after an earlier filtered count, and forgets them when it is deleted', async () => {
    const before = await rows(START, 'speeds: [BLITZ]');
    const game = (n: number) => `[White "Later ${n}"]\n[Black "B"]\n[TimeControl "300+0"]\n[WhiteElo "2000"]\n[BlackElo "2000"]\n[Result "1-0"]\n\n1. h4 h5 1-0\n`;
    const imported = dataOf(await gql<{ importGames: { importId: string } }>(
      'mutation ($d: String!) { importGames(format: PGN, data: $d) { importId } }',
      { d: [1, 2, 3].map(game).join('\n') },
    ));
    const after = await rows(START, 'speeds: [BLITZ]');
    expect(after.find((r) => r.move === 'h4')).toMatchObject({ count: 3, wins: 3, averageRating: 2000, performance: 2800 });
    expect(after.filter((r) => r.move !== 'h4')).toEqual(before.filter((r) => r.move !== 'h4'));
    dataOf(await gql('mutation ($id: ID!) { deleteImport(id: $id) { importId } }', { id: imported.importGames.importId }));
    expect(await rows(START, 'speeds: [BLITZ]')).toEqual(before);
  });

  it('gives an empty explorer when the filter keeps no game', async () => {
    expect(await rows(START, 'minRating: 3900')).toEqual([]);
  });
});

describeEachDatabase('filtered explorer on runs written in the 6-byte layout of before', (getDb) => {
  it('gives the figures it gives from packed runs', async () => {
    const gql = graphqlClient(getDb());
    dataOf(await importRated(gql));
    // Rewritten before any count: none of the packed runs is decoded and cached first.
    expect(await rewriteRunsInSixByteLayout(getDb())).toBeGreaterThan(0);
    close(await explorerRows(gql, START, ''), expectedRows(START, () => true));
    close(await explorerRows(gql, START, 'minRating: 1900, maxRating: 2500'), expectedRows(START, (g) => mean(g) !== null && mean(g)! >= 1900 && mean(g)! <= 2500));
    close(await explorerRows(gql, START, 'player: "Carlsen", playerSide: FIRST'), expectedRows(START, (g) => g.tags.White.startsWith('Carlsen')));
    const keep = (g: FixtureGame) => Number(g.tags.Date.slice(0, 4)) >= 2020 && ['BLITZ', 'RAPID'].includes(speedOf(g) ?? '');
    close(await explorerRows(gql, AFTER_E4, 'dateFrom: "2020", speeds: [BLITZ, RAPID]'), expectedRows(AFTER_E4, keep));
  });
});
