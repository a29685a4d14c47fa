/**
 * The web pages in a real browser: Debian's Chromium driven by playwright-core, against the
 * app on 127.0.0.1 with a seeded database, with every request to anywhere else blocked (the
 * pages must work offline). Screenshots go to test-artifacts/ (gitignored).
 *
 * Seed: 40 listed Go positions scored by fuego (all) and gnugo (the first 30), a placeholder
 * position scored by fuego only, one Go game (SGF), one chess game (PGN), one backgammon match
 * (SGF) and one crossword game (GCG). The expected chart bars and matrix cells are computed
 * here from the same records.
 */
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type GoScoreRecord, encodePositionFile, encodeScoreFile } from '../../src/codecs/go';
import { unwrap } from '../../src/codecs/result';
import type { Database } from '../../src/db/database';
import { createApp } from '../../src/server/app';
import { ARTIFACTS, type TabulaWindow, browserSuite, chartData, poll, useBrowser } from '../support/browser';
import { testTargets } from '../support/databases';
import { positionRecord, prng, randomBoard, randomPositions } from '../support/goFiles';
import { dataOf, graphqlClient } from '../support/graphql';
import { sampleText } from '../support/sampleData';

const shared = (rel: string): string => sampleText(rel);

const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const BG_KEY = '4HPhQSDgc+JBIA:UQmgAAAAAAAE';
const PGN = `[Event "Web test"]\n[White "Anderssen"]\n[Black "Kieseritzky"]\n[Result "1-0"]\n\n1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 b5 1-0\n`;
const MAVEN =
  '5BERGS5/4PA3U5/2QAID3R5/3BEE3F2S2/1P1ET2VIATIC2/MA1TAW3c2H2/ES3IS2E2A2/AT1FOLIA4V2/LI1L1EX1E6/1N1O1D2N2Y3/1GNU2C1JETE3/2ER2OHO2N3/2O3GOY6/1INDOW1U7/4DORR7 IKLMTZ/AEINRU? 0/0 0 lex OSPD1;';

// ------------------------------------------------------------------ the Go seed and what it should show

const GO = randomPositions(40, 4242);
const random = prng(99);
const FUEGO: GoScoreRecord[] = GO.map((p) => ({ id: p.id, score: 3 + Math.floor(random() * 6), confidence: 40 + Math.floor(random() * 61) }));
/** gnugo scores the first 30: equal to fuego on every third, else 1 to 3 points off (kept within 3..8). */
const GNUGO: GoScoreRecord[] = GO.slice(0, 30).map((p, i) => {
  const f = FUEGO[i].score;
  const step = i % 3 === 0 ? 0 : (i % 2 ? 1 : -1) * (1 + ((i % 5) % 3));
  const score = f + step >= 3 && f + step <= 8 ? f + step : f - step;
  return { id: p.id, score, confidence: 50 + (i % 50) };
});
const PLACEHOLDER = positionRecord(randomBoard(random, 12), 'W');
const SCORES = [3, 4, 5, 6, 7, 8];
const countBy = <T>(items: T[], keyOf: (t: T) => number): Map<number, number> => {
  const m = new Map<number, number>();
  for (const t of items) m.set(keyOf(t), (m.get(keyOf(t)) ?? 0) + 1);
  return m;
};
const FUEGO_ALL = [...FUEGO, { id: PLACEHOLDER.id, score: 8, confidence: 90 }];
const expectedDistribution = {
  fuego: SCORES.map((s) => countBy(FUEGO_ALL, (r) => r.score).get(s) ?? 0),
  gnugo: SCORES.map((s) => countBy(GNUGO, (r) => r.score).get(s) ?? 0),
};
const stones = countBy(GO, (p) => [...p.board].filter((c) => c !== '.').length);
const expectedStones = [...stones.entries()].sort((a, b) => a[0] - b[0]);
/** matrix[fuego score][gnugo score] over the 30 positions both scored. */
const expectedMatrix = SCORES.map((a) => SCORES.map((b) => GNUGO.filter((g, i) => FUEGO[i].score === a && g.score === b).length));
const disagreeing = GNUGO.filter((g, i) => g.score !== FUEGO[i].score).length;
/** Black's wins at komi 4..7 by a score set: positions scored above the komi. */
const blackWins = (set: GoScoreRecord[]) => [4, 5, 6, 7].map((k) => set.filter((r) => r.score > k).length);
/** Per stone count (fewest first) among the 30 positions both scored: the % where they differ, to one decimal. */
const expectedByStones = (() => {
  const byStones = new Map<number, { compared: number; disagreeing: number }>();
  GNUGO.forEach((g, i) => {
    const n = [...GO[i].board].filter((c) => c !== '.').length;
    const row = byStones.get(n) ?? { compared: 0, disagreeing: 0 };
    row.compared++;
    if (g.score !== FUEGO[i].score) row.disagreeing++;
    byStones.set(n, row);
  });
  return [...byStones.entries()].sort((a, b) => a[0] - b[0]).map(([n, r]) => [String(n), Math.round((1000 * r.disagreeing) / r.compared) / 10] as const);
})();
/** The largest difference between the two sets' scores. */
const largestDifference = Math.max(...GNUGO.map((g, i) => Math.abs(g.score - FUEGO[i].score)));
const goKey = (i: number) => `${GO[i].id.hash}00${GO[i].id.toPlay === 'B' ? '42' : '57'}`;

// ------------------------------------------------------------------ build, database, server, browser

async function seed(db: Database): Promise<void> {
  const gql = graphqlClient(db);
  const IMPORT = `mutation ($format: GameFormat!, $data: String!, $options: ImportOptions) {
    importGames(format: $format, data: $data, options: $options) { gameCount }
  }`;
  const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
  const imports: [string, string, Record<string, string>?][] = [
    ['GO_POSITIONS', b64(unwrap(encodePositionFile(GO)))],
    ['GO_SCORES', b64(unwrap(encodeScoreFile(FUEGO_ALL))), { program: 'fuego', ruleset: 'chinese' }],
    ['GO_SCORES', b64(unwrap(encodeScoreFile(GNUGO))), { program: 'gnugo', ruleset: 'chinese' }],
    ['SGF', shared('go/fuego-regression_2012-zen-vs-pro_3_So8p-vs-Zen.sgf')],
    ['PGN', PGN],
    ['SGF', shared('backgammon/gnubg107_5p_double_dance_resign.sgf')],
    ['GCG', shared('crossword/macondo/gcg/doug_v_emely_double_challenge.gcg')],
  ];
  for (const [format, data, options] of imports) dataOf(await gql(IMPORT, { format, data, options }));
}

browserSuite('web pages in Chromium', () => {
  // PostgreSQL when the suite has one (faster), else an in-memory PGlite.
  const browser = useBrowser(seed, { target: testTargets().slice(-1)[0] });
  const openPage = (route: string) => browser.open(route);

  it('GET / runs a query in GraphiQL, offline', async () => {
    const page = await openPage('/');
    await page.locator('.graphiql-container').waitFor();
    // One tab per game; pick the chess one and run it.
    const tabs = page.locator('.graphiql-tab');
    expect(await tabs.count()).toBeGreaterThanOrEqual(5);
    await tabs.filter({ hasText: 'ChessStart' }).click();
    await page.locator('.graphiql-execute-button').click();
    const result = page.locator('.graphiql-response .result-window');
    expect(await poll(() => result.innerText(), (t) => t.includes('463b96181691fc9c'))).toContain('463b96181691fc9c');
    const text = await result.innerText();
    expect(text).toContain('"gameCount": 1');
    expect(text).toContain('"move": "e4"');
    expect(text).toContain('"wins": 1');
    expect(text).toContain('<svg');
    await page.screenshot({ path: path.join(ARTIFACTS, 'explorer.png') });

    // An operation of one's own, put into the query editor (through CodeMirror: typed keys would meet its autocompletion).
    await tabs.filter({ hasText: 'ServerAndGames' }).click();
    await page
      .locator('.graphiql-query-editor .CodeMirror')
      .evaluate((el, text) => (el as unknown as { CodeMirror: { setValue(v: string): void } }).CodeMirror.setValue(text), 'query Typed { goScoreSets { program ruleset positions } }');
    // GraphiQL takes the operation name from the editor after a debounce; the tab is renamed when it has.
    await tabs.filter({ hasText: 'Typed' }).waitFor();
    await page.locator('.graphiql-execute-button').click();
    expect(await poll(() => result.innerText(), (t) => t.includes('gnugo'))).toContain('"program": "gnugo"');
    expect(await result.innerText()).toContain('"positions": 41');
    await page.screenshot({ path: path.join(ARTIFACTS, 'explorer-typed.png') });
    await page.close();
  }, 40_000);

  it('GET /dashboard shows the histogram, the matrix, the disagreements and looks keys up, offline', async () => {
    const page = await openPage('/dashboard');
    await page.waitForFunction(() => (globalThis as unknown as TabulaWindow).tabula?.ready === true, undefined, { timeout: 20_000 });

    const chart = (id: string) => chartData(page, id);
    const distribution = await chart('distribution');
    expect(distribution).toEqual({
      labels: ['≤3', '4', '5', '6', '7', '≥8'],
      datasets: [
        { label: 'fuego / chinese', data: expectedDistribution.fuego },
        { label: 'gnugo / chinese', data: expectedDistribution.gnugo },
      ],
    });
    expect(expectedDistribution.fuego.reduce((a, b) => a + b, 0)).toBe(41);
    const stoneChart = await chart('stones');
    expect(stoneChart?.labels).toEqual(expectedStones.map(([s]) => String(s)));
    expect(stoneChart?.datasets[0].data).toEqual(expectedStones.map(([, n]) => n));

    // The agreement matrix: fuego's score by row, gnugo's by column.
    const matrix = await page.$$eval('#matrix tbody tr', (rows) =>
      rows.map((r) => [...r.querySelectorAll('td[data-count]')].map((td) => Number(td.getAttribute('data-count')))),
    );
    expect(matrix).toEqual(expectedMatrix);
    expect(await page.locator('#summary').innerText()).toContain(`30 positions scored by both fuego / chinese and gnugo / chinese: they agree on ${30 - disagreeing} and differ on ${disagreeing}.`);

    // The disagreements, a page of 8 with diagrams, then the next page.
    const items = page.locator('#disagreements li.position');
    expect(await items.count()).toBe(Math.min(8, disagreeing));
    for (const svg of await page.locator('#disagreements li.position svg[role=img]').all()) {
      expect(await svg.locator('title').textContent()).toMatch(/^Go position, 9x9, (Black|White) to play$/);
    }
    expect(await page.locator('#page-info').innerText()).toBe(`1–8 of ${disagreeing}`);
    // Largest difference first.
    expect(await page.locator('#disagreements li.position .difference').first().innerText()).toMatch(new RegExp(`^[+-]${largestDifference}$`));

    // Who wins at komi 4..7 by each set, and the disagreement per stone count.
    const komi = await chart('komi');
    expect(komi?.labels).toEqual(['komi 4', 'komi 5', 'komi 6', 'komi 7']);
    expect(komi?.datasets.map((d) => [d.label, d.data])).toEqual([
      ['fuego / chinese: Black wins', blackWins(FUEGO_ALL)],
      ['fuego / chinese: White wins', [4, 5, 6, 7].map((k) => FUEGO_ALL.filter((r) => r.score < k).length)],
      ['gnugo / chinese: Black wins', blackWins(GNUGO)],
      ['gnugo / chinese: White wins', [4, 5, 6, 7].map((k) => GNUGO.filter((r) => r.score < k).length)],
    ]);
    const byStones = await chart('by-stones');
    expect(byStones?.labels).toEqual(expectedByStones.map(([n]) => n));
    expect(byStones?.datasets[0].data).toEqual(expectedByStones.map(([, pct]) => pct));
    await page.screenshot({ path: path.join(ARTIFACTS, 'dashboard.png'), fullPage: true });
    await page.locator('#next').click();
    const next = `9–${Math.min(16, disagreeing)} of ${disagreeing}`;
    expect(await poll(() => page.locator('#page-info').innerText(), (t) => t === next)).toBe(next);

    // Lookups: one per kind of key.
    const lookup = async (key: string, shot: string) => {
      await page.locator('#lookup-key').fill(key);
      await page.locator('#lookup button[type=submit]').click();
      const results = page.locator('#lookup-results');
      await results.locator('article svg[role=img]').first().waitFor({ timeout: 10_000 });
      await results.screenshot({ path: path.join(ARTIFACTS, `lookup-${shot}.png`) });
      return results;
    };
    let results = await lookup(START_FEN, 'fen');
    expect(await results.locator('svg title').first().textContent()).toBe('Chess position, White to move');
    expect(await results.innerText()).toContain('Anderssen – Kieseritzky');

    results = await lookup(BG_KEY, 'gnubg');
    expect(await results.locator('svg title').first().textContent()).toMatch(/^Backgammon position, (White|Black) on roll/);
    expect(await results.locator('svg desc').first().textContent()).toContain('Cube at 2');

    results = await lookup(goKey(0), 'go');
    expect(await results.locator('article[data-kind=GO]').count()).toBe(1);
    expect(await results.innerText()).toContain('fuego/chinese');

    // The same position by its board, written in rows as a position file shows it.
    results = await lookup(GO[0].board.replace(/(.{9})/g, '$1\n'), 'go-board');
    expect(await results.locator(`article[data-kind=GO][data-key="${goKey(0)}"]`).count()).toBe(1);

    results = await lookup(PLACEHOLDER.id.hash, 'go-placeholder');
    expect(await results.locator('svg title').first().textContent()).toContain('board not stored');

    results = await lookup(MAVEN, 'cgp');
    expect(await results.locator('svg title').first().textContent()).toBe('Crossword position, 15x15, scores 0–0');
    expect(await results.innerText()).toContain('not stored');

    results = await lookup('463b96181691fc9c', 'polyglot');
    expect(await results.locator('article[data-kind=CHESS]').count()).toBe(1);

    // A text that is no key at all gets the API's reason, not "no stored position has this key".
    await page.locator('#lookup-key').fill('hello there');
    await page.locator('#lookup button[type=submit]').click();
    const reason = page.locator('#lookup-results p.error');
    await reason.waitFor({ timeout: 10_000 });
    expect(await reason.innerText()).toBe(
      'This is no key: not a FEN, CGP line, gnubg ID, Polyglot or Zobrist key (16 hex digits), Go PositionID (20 hex digits) or Go board (`#`, `O`, `.`)',
    );
    await page.close();
  }, 45_000);

  it('sends the API token the user types when the server closes reads', async () => {
    const token = 'web-test-token';
    const locked = await createApp({ db: browser.db, auth: { adminToken: token, readRequiresToken: true } });
    try {
      await new Promise<void>((resolve) => locked.httpServer.listen(0, '127.0.0.1', resolve));
      const page = await browser.context.newPage(); // its 401s are expected: no error listeners here
      const response = await page.goto(`http://127.0.0.1:${(locked.httpServer.address() as AddressInfo).port}/dashboard`);
      expect(response?.status()).toBe(200); // the page itself is static and public
      const status = page.locator('#status');
      expect(await poll(() => status.innerText(), (t) => t.includes('token'))).toContain('enter an API token');
      await page.locator('#token').fill(token);
      await page.locator('#token').press('Tab');
      await page.waitForFunction(() => (globalThis as unknown as TabulaWindow).tabula?.ready === true, undefined, { timeout: 15_000 });
      const data = await page.evaluate(() => (globalThis as unknown as TabulaWindow).tabula?.charts.distribution.data.datasets[0].data);
      expect(data).toEqual(expectedDistribution.fuego);
      await page.close();
    } finally {
      await locked.apollo.stop();
    }
  }, 30_000);
});
