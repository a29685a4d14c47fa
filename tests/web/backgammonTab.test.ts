/**
 * The dashboard's Backgammon tab in Chromium (playwright-core, Debian's /usr/bin/chromium),
 * against the app on 127.0.0.1 with an embedded PGlite database, every request elsewhere
 * blocked. Seed: the hand-written analysed game and the 5-point match gnubg analysed (Amy v
 * Ben), and gnubg's money session (Cal v Dee), from tests/fixtures/backgammon. The figures the
 * tab must show are gnubg's own statistics of those files (tests/codecs/backgammon/
 * errorRateFixtures.ts) and the hand computations of tests/server/backgammonAnalysis.test.ts.
 * Screenshot: test-artifacts/dashboard-backgammon.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../../src/db/database';
import { ARTIFACTS, type TabulaWindow, browserSuite, chartData, tableCells, useBrowser } from '../support/browser';
import { dataOf, graphqlClient } from '../support/graphql';

const FIXTURES = path.resolve(__dirname, '../fixtures/backgammon');

async function seed(db: Database): Promise<void> {
  const gql = graphqlClient(db);
  for (const name of ['hand_analysed_5p.sgf', 'gnubg107_analysed_5p.sgf', 'gnubg107_analysed_money_beavers.sgf']) {
    const data = fs.readFileSync(path.join(FIXTURES, name), 'utf8');
    dataOf(await gql('mutation ($data: String!) { importGames(format: SGF, data: $data) { gameCount } }', { data }));
  }
}

browserSuite('the Backgammon tab in Chromium', () => {
  // The embedded PGlite, the dashboard's default database.
  const browser = useBrowser(seed);
  const openTab = async () => ({ page: await browser.openTab('backgammon') });
  const chart = chartData;
  const rowsOf = tableCells;

  it('shows each player with gnubg’s rates and rating words', async () => {
    const { page } = await openTab();
    expect(await page.locator('#panel-backgammon').isVisible()).toBe(true);
    // Amy: 40 plays lost 2.365 (59.1), 7 cube decisions 1.772 (253.1), overall 88.0; Ben: 19.7, 88.3, 37.7;
    // Cal and Dee: the money session as gnubg printed it.
    expect(await rowsOf(page, '#bg-players')).toEqual([
      ['Amy', '3', '40', '59.1 (Awful!)', '7', '253.1 (Awful!)', '88.0 (Awful!)', '4 / 4 / 7'],
      ['Ben', '3', '45', '19.7 (Casual player)', '16', '88.3 (Awful!)', '37.7 (Awful!)', '2 / 4 / 2'],
      ['Cal', '3', '39', '65.5 (Awful!)', '23', '62.2 (Awful!)', '64.3 (Awful!)', '2 / 5 / 6'],
      ['Dee', '3', '52', '42.5 (Awful!)', '10', '377.9 (Awful!)', '96.6 (Awful!)', '3 / 6 / 6'],
    ]);
    const rates = await chart(page, 'bg-player-rates');
    expect(rates?.labels).toEqual(['Amy', 'Ben', 'Cal', 'Dee']);
    expect(rates?.datasets.map((d) => d.label)).toEqual(['checker play', 'cube decisions', 'overall']);
    expect(rates?.datasets[0].data.map((v) => Math.round(10 * v!) / 10)).toEqual([59.1, 19.7, 65.5, 42.5]);
    // The chart's numbers are in a table for screen readers.
    expect(await rowsOf(page, '#bg-player-rates-table')).toEqual([
      ['Amy', '59.1', '253.1', '88.0'],
      ['Ben', '19.7', '88.3', '37.7'],
      ['Cal', '65.5', '62.2', '64.3'],
      ['Dee', '42.5', '377.9', '96.6'],
    ]);
    await page.close();
  }, 45_000);

  it('lists the matches and the games of one', async () => {
    const { page } = await openTab();
    const matches = await rowsOf(page, '#bg-matches');
    expect(matches.map((r) => r.slice(0, 7))).toEqual([
      ['Amy – Ben', '2025-01-02', 'Hand fixture', '5 points', '1', '0.0 (Supernatural)', '138.1 (Awful!)'],
      ['Amy – Ben', '2026-11-25', '–', '5 points', '2', '91.9 (Awful!)', '30.6 (Beginner)'],
      ['Cal – Dee', '2026-11-25', '–', 'money', '3', '64.3 (Awful!)', '96.6 (Awful!)'],
    ]);
    // The first match's games are shown; then the 5-point match's, as gnubg's per-game figures give them.
    expect((await rowsOf(page, '#bg-games')).length).toBe(1);
    await page.locator('#bg-matches button.bg-show-games').nth(1).click();
    await page.locator('#bg-games tbody tr').nth(1).waitFor();
    expect(await page.locator('#bg-games-h').innerText()).toBe('Games of Amy – Ben, 5-point match, 2026-11-25');
    const games = await rowsOf(page, '#bg-games');
    // Game 1: Amy 0.165618 over 17 unforced plays = 9.7; Ben 0.165271 / 18 = 9.2.
    expect(games.map((r) => [r[0], r[1], r[2], r[5]])).toEqual([
      ['1', 'B+2R', '9.7 (Advanced)', '9.2 (Advanced)'],
      ['2', 'B+4R', '100.0 (Awful!)', '26.0 (Beginner)'],
    ]);
    // One player's matches.
    await page.locator('#bg-match-player').selectOption('Cal');
    await page.locator('#bg-matches tbody tr').nth(1).waitFor({ state: 'detached' });
    expect((await rowsOf(page, '#bg-matches'))[0][0]).toBe('Cal – Dee');
    await page.close();
  }, 45_000);

  it('draws the distribution of equity lost and the worst decisions with their diagrams', async () => {
    const { page } = await openTab();
    const api = dataOf(
      await graphqlClient(browser.db)<{ backgammonLossHistogram: { decisions: number; buckets: { decisions: number }[] } }>(
        '{ backgammonLossHistogram { decisions buckets { decisions } } }',
      ),
    ).backgammonLossHistogram;
    const loss = await chart(page, 'bg-loss');
    expect(loss?.labels).toEqual(['0–1', '1–10', '10–20', '20–30', '30–60', '60–120', '120–240', '240–480', '≥ 480']);
    expect(loss?.datasets[0].data).toEqual(api.buckets.map((b) => b.decisions));
    expect((await rowsOf(page, '#bg-loss-table')).map((r) => Number(r[1]))).toEqual(api.buckets.map((b) => b.decisions));
    expect(await page.locator('#bg-loss-hint').innerText()).toContain(`${api.decisions} scored decisions`);
    // Cube decisions only: the hand game's 3 and the matches' counted ones.
    await page.locator('#bg-loss-kind').selectOption('CUBE');
    await page.waitForFunction(() => {
      const c = (globalThis as unknown as TabulaWindow).tabula?.charts['bg-loss'];
      return c !== undefined && (c.data.datasets[0].data as number[]).reduce((a, b) => a + b, 0) < 100;
    });

    // The worst: Dee's take of Cal's beaver at DT 2.752256 lost 1.752256; then Ben's take in the 5-point match.
    const items = page.locator('#bg-worst li.position');
    expect(await items.count()).toBe(6);
    const first = await items.first().innerText();
    expect(first).toContain('1752.3 mEMG (very bad)');
    expect(first).toContain('cube decision\ntake');
    expect(first).toContain('Dee');
    for (const svg of await page.locator('#bg-worst li.position svg[role=img]').all()) {
      expect(await svg.locator('title').textContent()).toMatch(/^Backgammon position/);
    }
    await page.locator('#bg-loss-kind').selectOption('');
    await page.waitForFunction(() => {
      const c = (globalThis as unknown as TabulaWindow).tabula?.charts['bg-loss'];
      return c !== undefined && (c.data.datasets[0].data as number[]).reduce((a, b) => a + b, 0) > 100;
    });
    await page.screenshot({ path: path.join(ARTIFACTS, 'dashboard-backgammon.png'), fullPage: true });
    await page.close();
  }, 45_000);
});
