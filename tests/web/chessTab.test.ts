/**
 * The dashboard's Chess tab in Chromium (playwright-core), against the app on 127.0.0.1 with a
 * seeded database and every other request blocked. Saves test-artifacts/dashboard-chess.png.
 *
 * Seed: the games of tests/server/chessAnalysis.test.ts (hand-computed there: Anna's ACPL over
 * two Stockfish 16 games (290 + 130) / 4 = 105, mean accuracy (42.9516 + 69.0965) / 2 = 56.0240,
 * one mistake and one blunder in 4 moves; Boris's (5 + 10) / 4 = 3.75 and (98.3086 + 100) / 2 =
 * 99.1543), plus Morphy's Opera game with evaluations (not hand-checked; it makes the screenshot).
 * The worst game by ACPL is G1 (Anna's 145): the graph shows it first.
 */
import path from 'node:path';
import { ANALYSED_PGN } from '../support/analysedChess';
import { ARTIFACTS, browserSuite, chartData, poll, useBrowser } from '../support/browser';
import { testTargets } from '../support/databases';
import { dataOf, graphqlClient } from '../support/graphql';


const PGN = `${ANALYSED_PGN}[Event "Paris opera"]
[Date "1858.??.??"]
[White "Morphy"]
[Black "Duke Karl / Count Isouard"]
[Annotator "Stockfish 16"]
[Result "1-0"]

1. e4 { [%eval 0.3] } e5 { [%eval 0.3] } 2. Nf3 { [%eval 0.25] } d6 { [%eval 0.6] } 3. d4 { [%eval 0.55] } Bg4 { [%eval 1.3] }
4. dxe5 { [%eval 1.25] } Bxf3 { [%eval 1.4] } 5. Qxf3 { [%eval 1.35] } dxe5 { [%eval 1.4] } 6. Bc4 { [%eval 1.3] } Nf6 { [%eval 1.5] }
7. Qb3 { [%eval 1.4] } Qe7 { [%eval 1.5] } 8. Nc3 { [%eval 1.3] } c6 { [%eval 1.5] } 9. Bg5 { [%eval 1.3] } b5 { [%eval 3.8] }
10. Nxb5 { [%eval 3.6] } cxb5 { [%eval 4.0] } 11. Bxb5+ { [%eval 3.9] } Nbd7 { [%eval 4.1] } 12. O-O-O { [%eval 4.0] } Rd8 { [%eval 6.5] }
13. Rxd7 { [%eval 6.4] } Rxd7 { [%eval 6.6] } 14. Rd1 { [%eval 6.5] } Qe6 { [%eval #3] } 15. Bxd7+ { [%eval #2] } Nxd7 { [%eval #2] }
16. Qb8+ { [%eval #1] } Nxb8 { [%eval #1] } 17. Rd8# 1-0
`;

browserSuite('dashboard Chess tab in Chromium', () => {
  // PostgreSQL (the last test target), where one is configured; else the embedded PGlite.
  const browser = useBrowser(
    async (db) => {
      dataOf(await graphqlClient(db)(`mutation ($d: String!) { importGames(format: PGN, data: $d) { gameCount } }`, { d: PGN }));
    },
    { target: testTargets().slice(-1)[0] },
  );
  const openTab = () => browser.openTab('chess');
  const chart = chartData;

  it('shows the players of the first program with their ACPL, accuracy and errors, and the errors chart', async () => {
    const page = await openTab();
    expect(await page.locator('#chess-program option').allInnerTexts()).toEqual([
      'Stockfish 16 (3 games)',
      'EngineB (1 game)',
      'EngineW (1 game)',
      'every program (5)',
    ]);
    const rows = await page.$$eval('#chess-player-table tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    // Order: most games, then name. Anna: 105 cp, 56.0240%; Boris 3.75 cp, 99.1543%.
    expect(rows.find((r) => r[0] === 'Anna')).toEqual(['Anna', '2', '4', '105.0', '56.0', '0', '1', '1', '0.0 / 25.0 / 25.0']);
    expect(rows.find((r) => r[0] === 'Boris')).toEqual(['Boris', '2', '4', '3.8', '99.2', '0', '0', '0', '0.0 / 0.0 / 0.0']);
    const errors = await chart(page, 'chess-errors');
    const anna = errors?.labels.indexOf('Anna') ?? -1;
    expect(errors?.datasets.map((d) => [d.label, d.data[anna]])).toEqual([
      ['inaccuracies', 0],
      ['mistakes', 25],
      ['blunders', 25],
    ]);
    // Its numbers, for screen readers.
    expect(await page.locator('#chess-errors-table tbody tr', { hasText: 'Anna' }).innerText()).toBe('Anna\t0.00\t25.00\t25.00');
    await page.close();
  }, 40_000);

  it("draws the worst game's evaluation graph with its blunder marked, and the picked game's", async () => {
    const page = await openTab();
    // G1 is the worst by ACPL (145): its graph is shown.
    expect(await page.locator('#chess-game option').first().innerText()).toBe('145.0 ACPL: Anna – Boris 0-1, G1');
    const graph = await chart(page, 'chess-graph');
    expect(graph?.labels).toEqual(['start', '1. e4', '1… e5', '2. Qh5', '2… Nc6']);
    expect(graph?.datasets.map((d) => [d.label, d.data])).toEqual([
      ['evaluation', [0.15, 0.35, 0.4, -2.5, -2.4]],
      ['inaccuracies', [null, null, null, null, null]],
      ['mistakes', [null, null, null, null, null]],
      ['blunders', [null, null, null, -2.5, null]],
    ]);
    expect(await page.locator('#chess-moves').innerText()).toBe('1. e4 e5 2. Qh5?? Nc6');
    expect(await page.locator('#chess-moves .blunder').getAttribute('title')).toBe('2. Qh5: -2.50, 290 cp lost, blunder');
    const sides = await page.$$eval('#chess-game-sides tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    // White: 290 / 2 = 145, accuracy 42.9516; Black: 15 / 2 = 7.5, accuracy 98.3086.
    expect(sides).toEqual([
      ['White', 'Anna', 'Stockfish 16', '2', '145.0', '43.0', '0', '0', '1'],
      ['Black', 'Boris', 'Stockfish 16', '2', '7.5', '98.3', '0', '0', '0'],
    ]);
    expect(await page.locator('#chess-graph-table tbody tr').nth(1).innerText()).toBe('1. e4\t+0.35\t53.2\t0\t100.0\t\t5:00');

    // The Opera game: 33 moves, the mate announced after 14... Qe6 drawn at +10.
    const opera = await page.locator('#chess-game option', { hasText: 'Morphy' }).getAttribute('value');
    await page.locator('#chess-game').selectOption(opera as string);
    const longer = await poll(() => chart(page, 'chess-graph'), (c) => (c?.labels.length ?? 0) === 34);
    expect(longer?.labels[28]).toBe('14… Qe6');
    expect(longer?.datasets[0].data[28]).toBe(10);
    expect(longer?.datasets[3].data[28]).toBe(10); // a blunder: a mate against Black from -6.50
    expect(await page.locator('#chess-moves').innerText()).toContain('14. Rd1 Qe6??');
    await page.screenshot({ path: path.join(ARTIFACTS, 'dashboard-chess.png'), fullPage: true });
    await page.close();
  }, 40_000);
});
