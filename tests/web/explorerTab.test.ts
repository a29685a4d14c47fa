/**
 * The dashboard's Explorer tab in Chromium (playwright-core), against the app on 127.0.0.1 with a
 * seeded database and every other request blocked. Saves test-artifacts/dashboard-explorer.png
 * (chess, after 1. e4) and dashboard-explorer-go.png (the empty 9x9 Go board).
 *
 * Seed: the 300 rated chess games of tests/fixtures/chess/rated-games.pgn, two 9x9 Go games
 * (So – Zen, MM – Fuego) and a backgammon match. The page must show what the API answers, and the
 * chess counts are also counted from the fixture itself (tests/support/ratedGames.ts: chess.js and
 * regular expressions, not tabula's code), with and without a speed filter.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS, browserSuite, useBrowser } from '../support/browser';
import { testTargets } from '../support/databases';
import { dataOf, graphqlClient } from '../support/graphql';
import { RATED_PGN, SPEED_OF_CONTROL, ratedGames, type FixtureGame } from '../support/ratedGames';
import { sampleText } from '../support/sampleData';

interface ApiMove {
  move: string;
  count: number;
  wins: number;
  draws: number;
  losses: number;
  unknown: number;
  averageRating: number | null;
  performance: number | null;
  lastPlayed: string | null;
}
interface ApiPosition {
  opening: { eco: string; name: string } | null;
  moves: ApiMove[];
  topGames: { id: string }[];
  recentGames: { id: string; speed: string | null }[];
}

const GAMES = ratedGames();

/**
 * From the fixture alone: the moves played after `line` (SAN from the start) in the games `keep`
 * keeps, with how they ended for the side that played each (the side to move after `line`).
 */
function countedFromFixture(line: string[], keep: (g: FixtureGame) => boolean = () => true): Map<string, { count: number; wins: number; draws: number; losses: number; unknown: number }> {
  const moverIsWhite = line.length % 2 === 0;
  const counts = new Map<string, { count: number; wins: number; draws: number; losses: number; unknown: number }>();
  for (const g of GAMES) {
    if (!keep(g) || g.sans.length <= line.length || line.some((m, i) => g.sans[i] !== m)) continue;
    const move = g.sans[line.length];
    const c = counts.get(move) ?? { count: 0, wins: 0, draws: 0, losses: 0, unknown: 0 };
    c.count++;
    const result = g.tags.Result;
    if (result === '1/2-1/2') c.draws++;
    else if (result === '1-0') c[moverIsWhite ? 'wins' : 'losses']++;
    else if (result === '0-1') c[moverIsWhite ? 'losses' : 'wins']++;
    else c.unknown++;
    counts.set(move, c);
  }
  return counts;
}

/** What the result bar says to a screen reader, from counts. */
const barLabel = (m: { count: number; wins: number; draws: number; losses: number; unknown: number }): string =>
  `${m.count} game${m.count === 1 ? '' : 's'}: ${[
    [m.wins, 'won'],
    [m.draws, 'drawn'],
    [m.losses, 'lost'],
    [m.unknown, 'without a result'],
  ]
    .filter(([n]) => (n as number) > 0)
    .map(([n, w]) => `${n} ${w}`)
    .join(', ')}`;

/** The moves table as shown: per row the move, its count, its bar's label, average rating, performance and last date. */
const shownMoves = (page: Page) =>
  page.$$eval('#explorer-moves tbody tr[data-move]', (rows) =>
    rows.map((r) => {
      const cells = [...r.querySelectorAll('td')].map((td) => td.textContent ?? '');
      return { move: cells[0], count: Number(cells[1]), bar: r.querySelector('.wdl')?.getAttribute('aria-label'), rating: cells[3], performance: cells[5], lastPlayed: r.querySelector('td.date')?.textContent };
    }),
  );

const expectedRows = (moves: ApiMove[]) =>
  moves.map((m) => ({
    move: m.move,
    count: m.count,
    bar: barLabel(m),
    rating: m.averageRating === null ? '–' : String(Math.round(m.averageRating)),
    performance: m.performance === null ? '–' : String(m.performance),
    lastPlayed: m.lastPlayed ?? '–',
  }));

const gameIds = (page: Page, table: string) => page.$$eval(`#${table} tbody tr[data-game-id]`, (rows) => rows.map((r) => r.getAttribute('data-game-id')));

/** Waits for the view to finish what a click or a submit started. */
const settled = async (page: Page, state = 'ready'): Promise<void> => {
  await page.locator(`#explorer-view[data-state=${state}]:not([aria-busy])`).waitFor({ timeout: 20_000 });
};

browserSuite('dashboard Explorer tab in Chromium', () => {
  const browser = useBrowser(
    async (db) => {
      const gql = graphqlClient(db);
      const IMPORT = 'mutation ($f: GameFormat!, $d: String!) { importGames(format: $f, data: $d) { gameCount } }';
      dataOf(await gql(IMPORT, { f: 'PGN', d: RATED_PGN }));
      dataOf(await gql(IMPORT, { f: 'SGF', d: sampleText('go', 'fuego-regression_2012-zen-vs-pro_3_So8p-vs-Zen.sgf') }));
      dataOf(await gql(IMPORT, { f: 'SGF', d: sampleText('go', 'fuego-regression_2009_MM-Fuego-variations.sgf') }));
      dataOf(await gql(IMPORT, { f: 'SGF', d: sampleText('backgammon', 'gibbon_7point.sgf') }));
      dataOf(await gql(IMPORT, { f: 'GCG', d: sampleText('crossword', 'macondo', 'gcg', 'doug_v_emely_double_challenge.gcg') }));
    },
    { target: testTargets().slice(-1)[0] },
  );
  const api = async (play: string[], filter: Record<string, unknown> | null = null): Promise<ApiPosition> =>
    dataOf(
      await graphqlClient(browser.db)<{ chessPosition: ApiPosition }>(
        `query ($play: [String!], $filter: GameFilter) { chessPosition(play: $play) {
          opening { eco name }
          moves(filter: $filter) { move count wins draws losses unknown averageRating performance lastPlayed }
          topGames(filter: $filter) { id } recentGames(filter: $filter) { id speed }
        } }`,
        { play, filter },
      ),
    ).chessPosition;
  const openExplorer = async (): Promise<Page> => {
    const page = await browser.openTab('explorer');
    await settled(page);
    return page;
  };

  it("shows the start position's moves with the counts the API gives, which are the fixture's", async () => {
    const page = await openExplorer();
    const start = await api([]);
    // The API against the fixture (169 games opened 1. e4, 117 1. d4, ...).
    const fixture = countedFromFixture([]);
    expect(Object.fromEntries(start.moves.map((m) => [m.move, { count: m.count, wins: m.wins, draws: m.draws, losses: m.losses, unknown: m.unknown }]))).toEqual(Object.fromEntries(fixture));
    // The page against the API.
    expect(await shownMoves(page)).toEqual(expectedRows(start.moves));
    expect(await page.locator('#explorer-moves tbody tr[data-move=e4] td.opening').innerText()).toBe("B00 King's Pawn Game");
    expect(await page.locator('#explorer-moves tfoot td.count').innerText()).toBe(String(GAMES.length));
    expect(await page.locator('#explorer-opening').innerText()).toBe('No opening name for this position.');
    expect(await gameIds(page, 'explorer-top-games')).toEqual(start.topGames.map((g) => g.id));
    expect(await gameIds(page, 'explorer-recent-games')).toEqual(start.recentGames.map((g) => g.id));
    await page.close();
  }, 60_000);

  it('a speed filter (Blitz) changes the counts to the filtered ones', async () => {
    const page = await openExplorer();
    await page.locator('input[name=explorer-speed][value=BLITZ]').check();
    await page.locator('#explorer-apply').click();
    await settled(page);
    const blitz = await api([], { speeds: ['BLITZ'] });
    const fixture = countedFromFixture([], (g) => SPEED_OF_CONTROL[g.tags.TimeControl ?? '?'] === 'BLITZ');
    // Blitz: 180+2, 300+0 and 300+3 (17 + 22 + 25 games).
    expect([...fixture.values()].reduce((n, c) => n + c.count, 0)).toBe(64);
    expect(Object.fromEntries(blitz.moves.map((m) => [m.move, { count: m.count, wins: m.wins, draws: m.draws, losses: m.losses, unknown: m.unknown }]))).toEqual(Object.fromEntries(fixture));
    expect(await shownMoves(page)).toEqual(expectedRows(blitz.moves));
    expect(await page.locator('#explorer-moves tfoot td.count').innerText()).toBe('64');
    expect(await page.locator('#explorer-summary').innerText()).toContain('over games Blitz, 64 games played a move from it');
    expect(await gameIds(page, 'explorer-recent-games')).toEqual(blitz.recentGames.map((g) => g.id));
    expect(blitz.recentGames.every((g) => g.speed === 'BLITZ')).toBe(true);
    await page.close();
  }, 60_000);

  it('a player, a side and a rating band filter together', async () => {
    const page = await openExplorer();
    await page.locator('#explorer-player').fill('carlsen');
    await page.locator('#explorer-side').selectOption('FIRST');
    await page.locator('#explorer-min-rating').fill('2000');
    await page.locator('#explorer-max-rating').fill('2400');
    await page.locator('#explorer-apply').click();
    await settled(page);
    const keep = (g: FixtureGame) => /carlsen/i.test(g.tags.White ?? '') && g.mean !== null && g.mean >= 2000 && g.mean <= 2400;
    const fixture = countedFromFixture([], keep);
    const total = GAMES.filter(keep).length;
    expect(total).toBeGreaterThan(0);
    const filtered = await api([], { player: 'carlsen', playerSide: 'FIRST', minRating: 2000, maxRating: 2400 });
    expect(Object.fromEntries(filtered.moves.map((m) => [m.move, { count: m.count, wins: m.wins, draws: m.draws, losses: m.losses, unknown: m.unknown }]))).toEqual(Object.fromEntries(fixture));
    expect(await shownMoves(page)).toEqual(expectedRows(filtered.moves));
    expect(await page.locator('#explorer-moves tfoot td.count').innerText()).toBe(String(total));
    expect(await page.locator('#explorer-summary').innerText()).toContain('over games mean rating 2000–2400; carlsen as White');
    await page.close();
  }, 60_000);

  it('clicking a move follows it, with its opening name, and the line goes back', async () => {
    const page = await openExplorer();
    await page.locator('#explorer-moves tbody tr[data-move=e4]').click();
    await settled(page);
    expect(await page.locator('#explorer-line').innerText()).toContain('1. e4');
    expect(await page.locator('#explorer-opening').innerText()).toBe("B00 King's Pawn Game");
    const afterE4 = await api(['e4']);
    const fixture = countedFromFixture(['e4']);
    expect(Object.fromEntries(afterE4.moves.map((m) => [m.move, { count: m.count, wins: m.wins, draws: m.draws, losses: m.losses, unknown: m.unknown }]))).toEqual(Object.fromEntries(fixture));
    expect(await shownMoves(page)).toEqual(expectedRows(afterE4.moves));
    await page.screenshot({ path: path.join(ARTIFACTS, 'dashboard-explorer.png'), fullPage: true });

    // Follow 1... e5 by its move button, then go back.
    await page.locator('#explorer-moves button.move-link[data-move=e5]').click();
    await settled(page);
    expect(await page.locator('#explorer-line').innerText()).toMatch(/1\. e4\s+e5/);
    expect(await shownMoves(page)).toEqual(expectedRows((await api(['e4', 'e5'])).moves));
    await page.locator('#explorer-back').click();
    await settled(page);
    expect(await shownMoves(page)).toEqual(expectedRows(afterE4.moves));
    await page.close();
  }, 60_000);

  it('moves typed as text are a line from the start', async () => {
    const page = await openExplorer();
    await page.locator('#explorer-text').fill('1. d4 d5 2. c4');
    await page.locator('#explorer-position button[type=submit]').click();
    await settled(page);
    expect(await page.locator('#explorer-opening').innerText()).toBe("D06 Queen's Gambit");
    expect(await shownMoves(page)).toEqual(expectedRows((await api(['d4', 'd5', 'c4'])).moves));
    await page.close();
  }, 60_000);

  it("shows a Go position's moves and games: the empty 9x9 board", async () => {
    const page = await openExplorer();
    await page.locator('#explorer-game').selectOption('GO');
    await settled(page);
    expect(await page.locator('#explorer-text').inputValue()).toBe('.'.repeat(81));
    const found = dataOf(
      await graphqlClient(browser.db)<{ findPositions: { kind: string; moves: ApiMove[]; topGames: { id: string }[] }[] }>(
        `query ($t: String!) { findPositions(text: $t) { kind moves { move count wins draws losses unknown averageRating performance lastPlayed } topGames { id } } }`,
        { t: '.'.repeat(81) },
      ),
    ).findPositions;
    expect(found.map((p) => p.kind)).toEqual(['GO']);
    // Both games start here, each with its own first move, and Black (the mover) won both.
    expect(found[0].moves.map((m) => [m.count, m.wins])).toEqual([
      [1, 1],
      [1, 1],
    ]);
    expect(await shownMoves(page)).toEqual(expectedRows(found[0].moves));
    expect(await gameIds(page, 'explorer-top-games')).toEqual(found[0].topGames.map((g) => g.id));
    expect(await page.locator('#explorer-top-games tbody tr').first().innerText()).toContain('So (');
    expect(await page.locator('#explorer-side option').allInnerTexts()).toEqual(['either side', 'Black', 'White']);
    expect(await page.locator('#explorer-eco-label').isHidden()).toBe(true);
    expect(await page.locator('#explorer-diagram svg[role=img]').count()).toBe(1);
    await page.screenshot({ path: path.join(ARTIFACTS, 'dashboard-explorer-go.png'), fullPage: true });
    await page.close();
  }, 60_000);

  it('the filter carries over to another game, without its chess-only ECO code', async () => {
    const page = await openExplorer();
    await page.locator('input[name=explorer-speed][value=RAPID]').check();
    await page.locator('#explorer-eco').fill('B');
    await page.locator('#explorer-apply').click();
    await settled(page);
    expect(await page.locator('#explorer-summary').innerText()).toContain('over games Rapid; ECO B,');
    await page.locator('#explorer-game').selectOption('GO');
    await settled(page);
    // Of the two Go games only So – Zen (TM[1200], its `speed` RAPID) is kept: its first move only.
    const rapid = dataOf(
      await graphqlClient(browser.db)<{ findPositions: { moves: ApiMove[] }[] }>(
        `query ($t: String!) { findPositions(text: $t) { moves(filter: { speeds: [RAPID] }) { move count wins draws losses unknown averageRating performance lastPlayed } } }`,
        { t: '.'.repeat(81) },
      ),
    ).findPositions[0].moves;
    expect(rapid.map((m) => [m.move, m.count])).toEqual([['E5', 1]]);
    expect(await shownMoves(page)).toEqual(expectedRows(rapid));
    expect(await page.locator('#explorer-summary').innerText()).toContain('over games Rapid, 1 game played');
    await page.close();
  }, 60_000);

  it('a backgammon Position ID alone offers each match state of the board', async () => {
    const page = await openExplorer();
    await page.locator('#explorer-game').selectOption('BACKGAMMON');
    await settled(page);
    const states = await page.locator('#explorer-candidate option').count();
    expect(states).toBeGreaterThan(1);
    const second = await page.locator('#explorer-candidate option').nth(1).getAttribute('value');
    await page.locator('#explorer-candidate').selectOption(second as string);
    await settled(page);
    expect(await page.locator('#explorer-key').innerText()).toContain(second as string);
    expect((await shownMoves(page)).length).toBeGreaterThan(0);
    await page.screenshot({ path: path.join(ARTIFACTS, 'dashboard-explorer-backgammon.png'), fullPage: true });
    await page.close();
  }, 60_000);

  it('explores a crossword position by its CGP line', async () => {
    const gql = graphqlClient(browser.db);
    const game = dataOf(await gql<{ games: { nodes: { id: string; mainLine: { nextMove: string | null; position: { board: string } }[] }[] } }>(
      '{ games(filter: { kind: CROSSWORD }) { nodes { id mainLine { nextMove position { board } } } } }',
    )).games.nodes[0];
    // The position after the first play, and the play made from it in this game.
    const { board: cgp } = game.mainLine[1].position;
    const page = await openExplorer();
    await page.locator('#explorer-game').selectOption('CROSSWORD');
    await settled(page);
    expect(await page.locator('#explorer-summary').innerText()).toMatch(/^Type a crossword position/);
    await page.locator('#explorer-text').fill(cgp);
    await page.locator('#explorer-position button[type=submit]').click();
    await settled(page);
    const found = dataOf(
      await gql<{ findPositions: { kind: string; moves: ApiMove[] }[] }>(
        `query ($t: String!) { findPositions(text: $t) { kind moves { move count wins draws losses unknown averageRating performance lastPlayed } } }`,
        { t: cgp },
      ),
    ).findPositions.filter((p) => p.kind === 'CROSSWORD');
    // The one game that reaches it played this (the game's move text ends with its score, `+16`).
    expect(found[0].moves.map((m) => m.move)).toEqual([game.mainLine[1].nextMove?.replace(/ [+-]\d+$/, '')]);
    expect(await shownMoves(page)).toEqual(expectedRows(found[0].moves));
    expect(await page.locator('#explorer-top-games tbody tr[data-game-id]').first().getAttribute('data-game-id')).toBe(game.id);
    await page.close();
  }, 60_000);

  it("the lookup box's Explore button opens a found position in the explorer", async () => {
    const page = await openExplorer();
    const key = '4HPwATDgc/ABMA:cAngAAAAAAAE'; // the start board at one match state, reached in the match
    await page.locator('#lookup-key').fill(key);
    await page.locator('#lookup button[type=submit]').click();
    await page.locator(`#lookup-results article[data-key="${key}"] button.explore`).click();
    await settled(page);
    expect(await page.locator('#explorer-game').inputValue()).toBe('BACKGAMMON');
    expect(await page.locator('#explorer-key').innerText()).toBe(key);
    const found = dataOf(
      await graphqlClient(browser.db)<{ findPositions: { moves: ApiMove[] }[] }>(
        `query ($t: String!) { findPositions(text: $t) { moves { move count wins draws losses unknown averageRating performance lastPlayed } } }`,
        { t: key },
      ),
    ).findPositions;
    expect(await shownMoves(page)).toEqual(expectedRows(found[0].moves));
    expect(await page.locator('#explorer-moves thead th').allInnerTexts()).toContain('Mean points');
    await page.close();
  }, 60_000);

  it("shows the API's errors in the page", async () => {
    const page = await openExplorer();
    await page.locator('#explorer-text').fill('e4 e5 Qxf7');
    await page.locator('#explorer-position button[type=submit]').click();
    await settled(page, 'error');
    expect(await page.locator('#explorer-error').innerText()).toMatch(/^play\[2\]: "Qxf7"/);
    expect(await page.locator('#explorer-moves tbody tr').count()).toBe(0);

    await page.locator('#explorer-start').click();
    await settled(page);
    await page.locator('#explorer-date-from').fill('2020-13');
    await page.locator('#explorer-apply').click();
    await settled(page, 'error');
    expect(await page.locator('#explorer-error').innerText()).toContain('dateFrom');
    await page.close();
  }, 60_000);
});
