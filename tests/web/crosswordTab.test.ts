/**
 * The dashboard's Crossword tab in Chromium (playwright-core), against the app on 127.0.0.1 with
 * an embedded PGlite database (the tab must fill in within 3 s there), every request elsewhere
 * blocked and every page error failing the test. Screenshot: test-artifacts/dashboard-crossword.png.
 *
 * Seed: SMALL_GAME and REMATCH (tests/codecs/crossword/smallGame.ts, scored by hand), doug v emely
 * and incomplete.gcg: the numbers below are worked out in tests/server/crosswordAnalysis.test.ts.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { Database } from '../../src/db/database';
import { createApp, type App } from '../../src/server/app';
import { testTargets, type TestTarget } from '../support/databases';
import { dataOf, graphqlClient } from '../support/graphql';
import { readText } from '../codecs/crossword/fixtures';
import { REMATCH, SMALL_GAME } from '../codecs/crossword/smallGame';

const CHROMIUM = '/usr/bin/chromium';
const ROOT = path.resolve(__dirname, '../..');
const ARTIFACTS = path.join(ROOT, 'test-artifacts');

interface TabulaWindow {
  tabula?: {
    loaded: Record<string, boolean>;
    charts: Record<string, { data: { labels?: unknown[]; datasets: { label?: string; data: unknown[] }[] } }>;
  };
}

/** Builds dist/web when it is missing or older than a source file. */
const ensureWebBuilt = (): void => {
  const built = ['explorer', 'dashboard'].map((p) => path.join(ROOT, 'dist/web', p, 'app.js'));
  const newestSource = (dir: string): number =>
    fs.readdirSync(dir, { withFileTypes: true }).reduce((t, e) => {
      const full = path.join(dir, e.name);
      return Math.max(t, e.isDirectory() ? newestSource(full) : fs.statSync(full).mtimeMs);
    }, 0);
  const stale = built.some((f) => !fs.existsSync(f) || fs.statSync(f).mtimeMs < newestSource(path.join(ROOT, 'web')));
  if (stale) execFileSync(process.execPath, [path.join(ROOT, 'scripts/buildWeb.mjs')], { cwd: ROOT, stdio: 'pipe' });
};

/** Polls `read` until `ok` holds (or returns the last value after `timeoutMs`). */
const poll = async <T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
};

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

const haveChromium = fs.existsSync(CHROMIUM);
const suite = haveChromium ? describe : describe.skip;
const title = haveChromium ? 'the Crossword tab in Chromium' : `the Crossword tab in Chromium (SKIPPED: ${CHROMIUM} is missing)`;

suite(title, () => {
  let target: TestTarget;
  let db: Database;
  let app: App;
  let base: string;
  let context: BrowserContext;
  let userDataDir: string;
  let ids: Record<string, string>;
  const blocked: string[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    ensureWebBuilt();
    // The embedded PGlite: the database the 3-second budget is about.
    target = testTargets()[0];
    db = await target.open();
    ids = await seed(db);
    app = await createApp({ db });
    await new Promise<void>((resolve) => app.httpServer.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(app.httpServer.address() as AddressInfo).port}`;
    userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-chromium-'));
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
      viewport: { width: 1280, height: 900 },
    });
    await context.route('**', (route) => {
      const url = new URL(route.request().url());
      if (url.hostname === '127.0.0.1') return route.continue();
      blocked.push(url.href);
      return route.abort('internetdisconnected');
    });
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    if (userDataDir) fs.rmSync(userDataDir, { recursive: true, force: true });
    await app?.apollo.stop();
    await db?.close();
    await target?.cleanup();
  });

  afterEach(() => {
    expect(blocked.splice(0)).toEqual([]);
    expect(problems.splice(0)).toEqual([]);
  });

  /** Opens /dashboard#crossword and waits for the tab to say it has loaded; returns the page and how long that took. */
  const openTab = async (): Promise<{ page: Page }> => {
    const page = await context.newPage();
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    const response = await page.goto(`${base}/dashboard#crossword`);
    expect(response?.status()).toBe(200);
    await page.waitForFunction(() => (globalThis as unknown as TabulaWindow).tabula?.loaded.crossword === true, undefined, { timeout: 20_000 });
    return { page };
  };

  const chart = (page: Page, id: string) =>
    page.evaluate((name) => {
      const c = (globalThis as unknown as TabulaWindow).tabula?.charts[name];
      return c ? { labels: c.data.labels as string[], datasets: c.data.datasets.map((d) => ({ label: d.label, data: d.data as number[] })) } : null;
    }, id);
  const cells = (page: Page, selector: string) =>
    page.$$eval(`${selector} tbody tr`, (rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent ?? '')));

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
