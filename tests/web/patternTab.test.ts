/**
 * The dashboard's Pattern search tab in Chromium (playwright-core), against the app on 127.0.0.1
 * with a seeded database and every other request blocked. Saves test-artifacts/dashboard-patterns-chess.png
 * and dashboard-patterns-go.png.
 *
 * Seed: the 300 rated chess games of tests/fixtures/chess/rated-games.pgn. What the chess search
 * must find is counted from the fixture itself (tests/support/ratedGames.ts: chess.js and regular
 * expressions, not tabula's code): the positions whose board holds the sub-FEN's pieces, each
 * game's first, and the moves played from them with their results.
 */
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { ARTIFACTS, browserSuite, tableCells, useBrowser } from '../support/browser';
import { testTargets } from '../support/databases';
import { dataOf, graphqlClient } from '../support/graphql';
import { RATED_PGN, ratedGames, type FixtureGame } from '../support/ratedGames';

const GAMES = ratedGames();

/** A FEN's (or a FEN board part's) 64 squares from a8 to h1, `.` for an empty one. */
const squares = (fen: string): string => fen.split(' ')[0].replace(/\//g, '').replace(/\d/g, (d) => '.'.repeat(Number(d)));

/**
 * From the fixture alone: the positions where every piece of `subFen` stands on its square, each
 * matching game at its first such ply, and the moves played from them (a game once per move and
 * side) with how the game ended for the side that played it; over the games `keep` keeps.
 */
function searchedInFixture(subFen: string, keep: (g: FixtureGame) => boolean = () => true) {
  const wanted = squares(subFen);
  let totalCount = 0;
  const matches: { players: string; date: string; ply: number; next: string }[] = [];
  const moves = new Map<string, { move: string; count: number; wins: number; draws: number; losses: number }>();
  for (const g of GAMES.filter(keep)) {
    const hits = g.fens.map((fen, ply) => ({ fen, ply })).filter(({ fen }) => [...wanted].every((c, i) => c === '.' || squares(fen)[i] === c));
    if (hits.length === 0) continue;
    totalCount += hits.length;
    matches.push({ players: `${g.tags.White} – ${g.tags.Black}`, date: g.tags.Date, ply: hits[0].ply, next: g.sans[hits[0].ply] ?? '' });
    const played = new Set(hits.filter((h) => h.ply < g.sans.length).map((h) => `${h.ply % 2 === 0 ? 'w' : 'b'} ${g.sans[h.ply]}`));
    for (const key of played) {
      const [side, move] = key.split(' ');
      const m = moves.get(key) ?? { move, count: 0, wins: 0, draws: 0, losses: 0 };
      m.count++;
      const result = g.tags.Result;
      if (result === '1/2-1/2') m.draws++;
      else if (result === (side === 'w' ? '1-0' : '0-1')) m.wins++;
      else if (result === (side === 'w' ? '0-1' : '1-0')) m.losses++;
      moves.set(key, m);
    }
  }
  return { totalCount, matches, moves: [...moves.values()] };
}

/** Waits for the view to finish what a click or a submit started. */
const settled = async (page: Page, state = 'ready'): Promise<void> => {
  await page.locator(`#pattern-view[data-state=${state}]:not([aria-busy])`).waitFor({ timeout: 30_000 });
};

/** The variables of the next pattern search the page sends. */
const nextSearch = (page: Page): Promise<Request> =>
  page.waitForRequest((r) => r.url().endsWith('/graphql') && (r.postData() ?? '').includes('DashboardPatternSearch'), { timeout: 20_000 });
const variablesOf = (r: Request) => (JSON.parse(r.postData() ?? '{}') as { variables: { kind: string; pattern: unknown; filter: unknown } }).variables;

/** The centre of the board's point (col, row), in page pixels. */
const pointCentre = async (page: Page, col: number, row: number): Promise<{ x: number; y: number }> => {
  const box = await page.locator(`#pattern-board rect.hit[data-point="${col},${row}"]`).boundingBox();
  if (!box) throw new Error(`point ${col},${row} is not drawn`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

const clickPoint = async (page: Page, col: number, row: number, times = 1): Promise<void> => {
  for (let i = 0; i < times; i++) await page.locator(`#pattern-board rect.hit[data-point="${col},${row}"]`).click();
};

const dragRegion = async (page: Page, from: [number, number], to: [number, number]): Promise<void> => {
  const a = await pointCentre(page, ...from);
  const b = await pointCentre(page, ...to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 3 });
  await page.mouse.move(b.x, b.y, { steps: 3 });
  await page.mouse.up();
};

browserSuite('dashboard Pattern search tab in Chromium', () => {
  const browser = useBrowser(
    async (db) => {
      const gql = graphqlClient(db);
      const IMPORT = 'mutation ($f: GameFormat!, $d: String!) { importGames(format: $f, data: $d) { gameCount } }';
      dataOf(await gql(IMPORT, { f: 'PGN', d: RATED_PGN }));
    },
    { target: testTargets().slice(-1)[0] },
  );

  const openChess = async (): Promise<Page> => {
    const page = await browser.openTab('patterns');
    await page.locator('#pattern-game').selectOption('CHESS');
    return page;
  };

  it("finds the chess games where a sub-FEN's pieces stand, each at its first match, with the continuations and their counts", async () => {
    const page = await openChess();
    // The box opens with the example of docs/GAMES.md; a black queen on d5 instead.
    expect(JSON.parse(await page.locator('#pattern-json').inputValue())).toEqual({ 'sub-fen': '8/8/8/8/4P3/5N2/8/8' });
    const subFen = '8/8/8/3q4/8/8/8/8';
    await page.locator('#pattern-json').fill(JSON.stringify({ 'sub-fen': subFen }));
    await page.locator('#pattern-search').click();
    await settled(page);

    const expected = searchedInFixture(subFen);
    // The fixture: 9 games, 46 positions (one page of games).
    expect([expected.matches.length, expected.totalCount]).toEqual([9, 46]);
    expect(await page.locator('#pattern-summary').innerText()).toBe(`The pattern holds at 46 positions in 9 games (of all games).`);
    const shown = await page.$$eval('#pattern-games li.pattern-match', (items) =>
      items.map((li) => ({
        players: li.querySelector('.players')?.textContent ?? '',
        date: li.querySelector('.date')?.textContent ?? '',
        ply: Number(li.getAttribute('data-ply')),
        next: (li.querySelector('.next-move')?.textContent ?? '').replace(/^– .*/, ''),
        diagrams: li.querySelectorAll('svg[role=img]').length,
      })),
    );
    expect(shown).toEqual(expected.matches.map((m) => ({ ...m, diagrams: 1 })));

    // The continuations: move, games, won, drawn, lost for the side that played it.
    const rows = (await tableCells(page, '#pattern-continuations')).map((c) => ({ move: c[0], count: Number(c[1]), wins: Number(c[3]), draws: Number(c[4]), losses: Number(c[5]) }));
    const byKey = (r: { move: string; count: number; wins: number; draws: number; losses: number }) => `${r.move} ${r.count} ${r.wins} ${r.draws} ${r.losses}`;
    expect([...rows].sort((a, b) => byKey(a).localeCompare(byKey(b)))).toEqual([...expected.moves].sort((a, b) => byKey(a).localeCompare(byKey(b))));
    // Most played first: Qa5 and Nc3, 3 games each.
    expect(rows.slice(0, 2).map((r) => [r.move, r.count]).sort()).toEqual([['Nc3', 3], ['Qa5', 3]]);
    expect(await page.locator('#pattern-page-info').innerText()).toBe('games 1–9 of 9');
    expect(await page.locator('#pattern-next').isDisabled()).toBe(true);
    await page.screenshot({ path: path.join(ARTIFACTS, 'dashboard-patterns-chess.png'), fullPage: true });
    await page.close();
  }, 90_000);

  it("shows the server's error for a malformed pattern, naming the key", async () => {
    const page = await openChess();
    await page.locator('#pattern-json').fill('{"sub-fen": "8/8/8/8/8/8/8/7X"}');
    await page.locator('#pattern-search').click();
    await settled(page, 'error');
    expect(await page.locator('#pattern-error').innerText()).toMatch(/^pattern\.sub-fen: rank 1 \('7X'\) has 'X', which is not a piece letter/);
    expect(await page.locator('#pattern-games li').count()).toBe(0);
    await page.close();
  }, 60_000);

  it('says a pattern box that is not JSON is not JSON, without asking the server', async () => {
    const page = await openChess();
    let asked = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/graphql')) asked = true;
    });
    await page.locator('#pattern-json').fill('{"sub-fen": ');
    await page.locator('#pattern-search').click();
    await settled(page, 'error');
    expect(await page.locator('#pattern-error').innerText()).toMatch(/^The pattern is not JSON: /);
    expect(asked).toBe(false);
    await page.close();
  }, 60_000);

  it('explains a search the server stopped at its time limit (QUERY_TIMEOUT) and how to narrow it', async () => {
    const page = await openChess();
    await page.route('**/graphql', (route) =>
      (route.request().postData() ?? '').includes('DashboardPatternSearch')
        ? route.fulfill({
            status: 200,
            contentType: 'application/json',
            body: JSON.stringify({ data: null, errors: [{ message: 'The query ran longer than the statement timeout and was cancelled; narrow it (filters, smaller pages)', extensions: { code: 'QUERY_TIMEOUT', retryable: false } }] }),
          })
        : route.fallback(),
    );
    await page.locator('#pattern-search').click();
    await settled(page, 'error');
    expect(await page.locator('#pattern-error').innerText()).toMatch(/^The search took longer than the server allows and was stopped\. Narrow it: a filter/);
    await page.close();
  }, 60_000);

  it('sends the filter with the chess pattern, and the counts are the filtered ones', async () => {
    const page = await openChess();
    await page.locator('#pattern-json').fill(JSON.stringify({ 'sub-fen': '8/8/8/3q4/8/8/8/8' }));
    await page.locator('#pattern-max-rating').fill('2000');
    const sent = nextSearch(page);
    await page.locator('#pattern-search').click();
    expect(variablesOf(await sent).filter).toEqual({ maxRating: 2000 });
    await settled(page);
    const expected = searchedInFixture('8/8/8/3q4/8/8/8/8', (g) => g.mean !== null && g.mean <= 2000);
    expect(expected.matches.length).toBeGreaterThan(0);
    expect(expected.matches.length).toBeLessThan(9);
    expect(await page.$$eval('#pattern-games li.pattern-match', (items) => items.map((li) => [li.querySelector('.players')?.textContent, Number(li.getAttribute('data-ply'))]))).toEqual(
      expected.matches.map((m) => [m.players, m.ply]),
    );
    expect(await page.locator('#pattern-summary').innerText()).toBe(
      `The pattern holds at ${expected.totalCount} positions in ${expected.matches.length} game${expected.matches.length === 1 ? '' : 's'} (of games mean rating …–2000).`,
    );
    await page.close();
  }, 60_000);

  it('sends the points clicked on the Go board, in the region dragged, as the pattern text', async () => {
    const page = await browser.openTab('patterns');
    await page.locator('#pattern-size').selectOption('9');
    await clickPoint(page, 2, 2); // black
    await clickPoint(page, 3, 2, 2); // white
    await clickPoint(page, 0, 0, 3); // anything
    await clickPoint(page, 8, 8); // black, outside the region: not sent
    await dragRegion(page, [4, 3], [0, 0]);
    expect(await page.locator('#pattern-board rect.region').getAttribute('data-region')).toBe('0,0,4,3');
    expect(await page.locator('#pattern-text').innerText()).toBe('*....\n.....\n..XO.\n.....\n{"anchor":"corner","colors":"fixed","size":9}');
    const sent = nextSearch(page);
    await page.locator('#pattern-search').click();
    expect(variablesOf(await sent)).toMatchObject({
      kind: 'GO',
      pattern: { pattern: ['*....', '.....', '..XO.', '.....'].join('\n'), anchor: 'corner', colors: 'fixed', size: 9 },
    });
    await page.close();
  }, 60_000);

  it('selects a region by two clicks and writes a bottom-right corner pattern from its corner', async () => {
    const page = await browser.openTab('patterns');
    await page.locator('#pattern-size').selectOption('13');
    await clickPoint(page, 12, 12); // black on the corner point
    await clickPoint(page, 10, 11, 2); // white
    await page.locator('#pattern-colors').selectOption('either');
    await page.locator('#pattern-pick').click();
    await clickPoint(page, 12, 12);
    await clickPoint(page, 9, 10);
    expect(await page.locator('#pattern-board rect.region').getAttribute('data-region')).toBe('9,10,12,12');
    // The stones did not change: the two clicks picked the region.
    expect(await page.locator('#pattern-board rect.hit[data-point="12,12"]').getAttribute('data-state')).toBe('X');
    const sent = nextSearch(page);
    await page.locator('#pattern-search').click();
    // Read from the corner (12,12) leftwards, then up.
    expect(variablesOf(await sent).pattern).toEqual({ pattern: ['X...', '..O.', '....'].join('\n'), anchor: 'corner', colors: 'either', size: 13 });
    await page.close();
  }, 60_000);
});
