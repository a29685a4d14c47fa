/**
 * The browser tests' harness: Debian's Chromium driven by playwright-core against the app on
 * 127.0.0.1 with a seeded database, every request to anywhere else blocked (the pages must work
 * offline). `useBrowser` registers the describe block's hooks: after each test it fails on a
 * request that tried to leave the machine or an error a page logged. Screenshots go to
 * test-artifacts/ (gitignored).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { Database } from '../../src/db/database';
import { createApp, type App } from '../../src/server/app';
import { testTargets, type TestTarget } from './databases';

export const CHROMIUM = '/usr/bin/chromium';
const ROOT = path.resolve(__dirname, '../..');
export const ARTIFACTS = path.join(ROOT, 'test-artifacts');

/** Whether Chromium is installed (`.ci/run` installs it); the suites are skipped, saying so, without it. */
export const haveChromium = fs.existsSync(CHROMIUM);

/** `describe`, or `describe.skip` with the reason in its title when Chromium is missing. */
export const browserSuite = (title: string, body: () => void): void =>
  haveChromium ? describe(title, body) : describe.skip(`${title} (SKIPPED: ${CHROMIUM} is missing; install it with \`apt-get install chromium\`)`, body);

/** What the dashboard exposes on `window` (the page's globals, seen from the test). */
export interface TabulaWindow {
  tabula?: {
    ready: boolean;
    loaded: Record<string, boolean>;
    charts: Record<string, { data: { labels?: unknown[]; datasets: { label?: string; data: unknown[] }[] } }>;
  };
}

/** Builds dist/web when it is missing or older than a source file. */
export const ensureWebBuilt = (): void => {
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
export const poll = async <T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 15_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** A chart's labels and datasets as the page holds them (`window.tabula.charts`), or null when it is not drawn. */
export const chartData = (page: Page, id: string) =>
  page.evaluate((name) => {
    const c = (globalThis as unknown as TabulaWindow).tabula?.charts[name];
    return c ? { labels: c.data.labels as string[], datasets: c.data.datasets.map((d) => ({ label: d.label, data: d.data as (number | null)[] })) } : null;
  }, id);

/** The text of every body cell of the table `selector`, row by row. */
export const tableCells = (page: Page, selector: string): Promise<string[][]> =>
  page.$$eval(`${selector} tbody tr`, (rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent ?? '')));

export interface BrowserHarness {
  /** The seeded database (set in beforeAll). */
  readonly db: Database;
  /** The app's origin, `http://127.0.0.1:<port>`. */
  readonly base: string;
  readonly context: BrowserContext;
  /** A new page at `route` (answered 200), its errors collected for the after-each check. */
  open(route: string): Promise<Page>;
  /** `/dashboard#<tab>`, once the tab says it has loaded. */
  openTab(tab: string): Promise<Page>;
}

/**
 * The app on a database seeded by `seed` and a Chromium context that reaches only 127.0.0.1, for
 * the describe block it is called in. The database is the first test target (the embedded PGlite,
 * the dashboard's default) unless `target` says otherwise.
 */
export function useBrowser(seed: (db: Database) => Promise<void>, options: { target?: TestTarget } = {}): BrowserHarness {
  let target: TestTarget;
  let db: Database;
  let app: App;
  let base: string;
  let context: BrowserContext;
  let userDataDir: string;
  const blocked: string[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    ensureWebBuilt();
    target = options.target ?? testTargets()[0];
    db = await target.open();
    await seed(db);
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
    // The network is closed: only 127.0.0.1 answers.
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

  const open = async (route: string): Promise<Page> => {
    const page = await context.newPage();
    page.on('pageerror', (e) => problems.push(`${route}: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`${route}: console: ${m.text()}`);
    });
    const response = await page.goto(`${base}${route}`);
    expect(response?.status()).toBe(200);
    return page;
  };

  return {
    get db() {
      return db;
    },
    get base() {
      return base;
    },
    get context() {
      return context;
    },
    open,
    async openTab(tab) {
      const page = await open(`/dashboard#${tab}`);
      await page.waitForFunction((t) => (globalThis as unknown as TabulaWindow).tabula?.loaded[t] === true, tab, { timeout: 20_000 });
      return page;
    },
  };
}
