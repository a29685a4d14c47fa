/**
 * The dashboard's Crossword tab in Chromium (playwright-core), against the app on 127.0.0.1 with
 * an embedded PGlite database (the tab must fill in within 3 s there), every request elsewhere
 * blocked and every page error failing the test. Screenshot: test-artifacts/dashboard-crossword.png.
 *
 * Seed: SMALL_GAME and REMATCH (tests/codecs/crossword/smallGame.ts, scored by hand), doug v emely
 * and incomplete.gcg: the numbers below are worked out in tests/server/crosswordAnalysis.test.ts.
 */
import path from 'node:path';
import type { Database } from '../../src/db/database';
import { ARTIFACTS, browserSuite, chartData, poll, tableCells, useBrowser } from '../support/browser';
import { dataOf, graphqlClient } from '../support/graphql';
import { readText } from '../codecs/crossword/fixtures';
import { REMATCH, SMALL_GAME } from '../codecs/crossword/smallGame';

async function seed(db: Database): Promise<Record<string, string>> {
  const gql = graphqlClient(db);
  const IMPORT = `mutation ($data: String!) { importGames(format: GCG, data: $data) { games { id } } }`;
  const ids: Record<string, string> = {};
  const files: [string, string][] = [
    ['small', SMALL_GAME],
    ['rematch', REMATCH],
    ['doug', readText('macondo/gcg/doug_v_emely_double_challenge.gcg')],
    ['incomplete', readText('macondo/gcg/incomplete.gcg')],
  ];
  for (const [name, data] of files) ids[name] = dataOf(await gql<{ importGames: { games: { id: string }[] } }>(IMPORT, { data })).importGames.games[0].id;
  return ids;
}

browserSuite('the Crossword tab in Chromium', () => {
  let ids: Record<string, string>;
  // The embedded PGlite, the dashboard's default database.
  const browser = useBrowser(async (db) => {
    ids = await seed(db);
  });
  const openTab = async () => ({ page: await browser.openTab('crossword') });
  const chart = chartData;
  const cells = tableCells;

  it('fills in on PGlite with the per-player table and its bar chart', async () => {
    const { page } = await openTab();
    // Points per turn to one decimal: 107/5, 123/4, 451/14, 345/13, 336/10, 298/10; bingos per game to two.
    expect(await cells(page, '#xw-players')).toEqual([
      ['Alice Adams', '2', '5', '107', '21.4', '1', '0.50', '1', '2'],
      ['Bob Brown', '2', '4', '123', '30.8', '1', '0.50', '1', '2'],
      ['doug', '1', '14', '451', '32.2', '2', '2.00', '1', '1'],
      ['emely', '1', '13', '345', '26.5', '0', '0.00', '0', '1'],
      ['Player 1', '1', '10', '336', '33.6', '2', '2.00', '0', '0'],
      ['Player 2', '1', '10', '298', '29.8', '1', '1.00', '0', '0'],
    ]);
    expect(await chart(page, 'xw-players-chart')).toEqual({
      labels: ['Alice Adams', 'Bob Brown', 'doug', 'emely', 'Player 1', 'Player 2'],
      datasets: [{ label: 'average points per turn', data: [21.4, 30.75, 451 / 14, 345 / 13, 33.6, 29.8] }],
    });
    // The chart's numbers for screen readers.
    expect((await cells(page, '#xw-players-chart-table'))[1]).toEqual(['Bob Brown', '30.8']);

    await page.selectOption('#xw-metric', 'bingos');
    expect((await chart(page, 'xw-players-chart'))?.datasets).toEqual([{ label: 'bingos', data: [1, 1, 2, 0, 2, 1] }]);
    await page.close();
  }, 40_000);

  it('opens on the first game whose stated score disagrees, stated and recomputed lines where they part', async () => {
    const { page } = await openTab();
    expect(await page.locator('#xw-game').inputValue()).toBe(ids.small);
    // Per event (sides 1 2 1 1 2 1 2 2 1 1): alice's stated total always equals the recomputed one;
    // bob's parts at event 2 (22 stated, 21 recomputed) and ends 36 against 35.
    expect(await chart(page, 'xw-progression')).toEqual({
      labels: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'],
      datasets: [
        { label: 'Alice Adams (stated)', data: [66, 66, 72, 66, 66, 66, 66, 66, 72, 86] },
        { label: 'Bob Brown (stated)', data: [0, 22, 22, 22, 22, 22, 31, 36, 36, 36] },
        { label: 'Bob Brown (recomputed)', data: [0, 21, 21, 21, 21, 21, 30, 35, 35, 35] },
      ],
    });
    expect((await cells(page, '#xw-progression-table'))[1]).toEqual(['2', 'Bob Brown', 'G7 Z.', '22', '21', '22', '21']);
    expect((await cells(page, '#xw-progression-table'))[0][2]).toBe('8D RETAINS (bingo)');
    expect(await page.locator('#xw-game-summary').innerText()).toContain('Bob Brown: 36 stated, 35 recomputed, 3 turns, 0 bingos');

    // The games that disagree: small (bob +1) and rematch (alice +4), each player on a row.
    expect(await page.locator('#xw-diff-summary').innerText()).toBe('2 of 4 games state a final score the board does not give.');
    expect((await cells(page, '#xw-disagreements')).map((r) => r.slice(0, 5))).toEqual([
      [`#${ids.small}`, 'Alice Adams', '86', '86', '0'],
      ['', 'Bob Brown', '36', '35', '+1'],
      [`#${ids.rematch}`, 'Bob Brown', '88', '88', '0'],
      ['', 'Alice Adams', '25', '21', '+4'],
    ]);
    expect(await page.locator('#xw-page-info').innerText()).toBe('1–2 of 2');
    await page.screenshot({ path: path.join(ARTIFACTS, 'dashboard-crossword.png'), fullPage: true });

    // "show" on the rematch draws it: bob 66 then 88; alice 25 stated against 21.
    await page.locator(`button.xw-show[data-game="${ids.rematch}"]`).click();
    const rematch = await poll(() => chart(page, 'xw-progression'), (c) => c?.labels.length === 3);
    expect(rematch?.datasets).toEqual([
      { label: 'Bob Brown (stated)', data: [66, 66, 88] },
      { label: 'Alice Adams (stated)', data: [0, 25, 25] },
      { label: 'Alice Adams (recomputed)', data: [0, 21, 21] },
    ]);
    expect(await page.locator('#xw-game').inputValue()).toBe(ids.rematch);

    // A game whose every score is right has one line per player.
    await page.selectOption('#xw-game', ids.doug);
    const doug = await poll(() => chart(page, 'xw-progression'), (c) => c?.labels.length === 29);
    expect(doug?.datasets.map((d) => [d.label, d.data[d.data.length - 1]])).toEqual([
      ['doug (stated)', 451],
      ['emely (stated)', 345],
    ]);
    await page.close();
  }, 40_000);
});
