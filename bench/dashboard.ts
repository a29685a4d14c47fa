/**
 * How long each dashboard tab takes to fill in, in Chromium, on the default embedded PGlite
 * (issue 15's goal: within 3 s with 10,000 positions). Run by `BENCH_ONLY=dashboard npm run
 * bench`; not by default and not in CI. Needs /usr/bin/chromium (skipped with a note when absent).
 *
 * A fresh PGlite data directory gets, through the CLI:
 * - Go: BENCH_DASHBOARD_POSITIONS (10,000) listed positions (bench/goData.ts) scored by `fuego` and
 *   `gnugo` (two seeds of the same generator, so they agree on some and differ on others);
 * - chess: 1,000 games of the bench corpus (bench/chessGames.ts) with an `[%eval]` after every move
 *   (a seeded random walk), so every game has an evaluation graph and analysis rows;
 * - backgammon: the analysed gnubg samples of samples/ (or BENCH_DATA) 50 times over, each
 *   copy under other player names;
 * - crossword: the GCG samples 50 times over, each copy under other player names.
 * Then tabula starts on that directory (its own process) and, for each tab, a new page opens
 * `/dashboard#<tab>` and waits until the tab says it has loaded (`window.tabula.loaded`); 3 rounds
 * after a warm-up. Prints per tab the median and max ms from navigation to loaded.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import { chessGames } from './chessGames';
import { BUILD_ROOT, SAMPLES, cliImport, emit, prng, round, startProcess, stopProcess } from './common';
import { writeGoPositionFile, writeGoScoreFile } from './goData';

const POSITIONS = Number(process.env.BENCH_DASHBOARD_POSITIONS || 10_000);
const CHESS_GAMES = 1_000;
const COPIES = 50;
const DATA = SAMPLES;
const CHROMIUM = '/usr/bin/chromium';
const PORT = 4523;
const TABS = ['go', 'backgammon', 'chess', 'crossword'] as const;

/** The bench corpus's games with an evaluation after every move. */
function writeEvaluatedPgn(file: string): void {
  const random = prng(7);
  const out: string[] = [];
  for (const game of chessGames(CHESS_GAMES)) {
    let evaluation = 0.2;
    const moves = game.sans.map((san, i) => {
      evaluation = Math.max(-9, Math.min(9, evaluation + (random() - 0.5) * 0.8));
      return `${i % 2 === 0 ? `${i / 2 + 1}. ` : ''}${san} {[%eval ${evaluation.toFixed(2)}]}`;
    });
    const result = ['1-0', '0-1', '1/2-1/2'][game.index % 3];
    out.push(`[Event "bench"]\n[White "W${game.index % 97}"]\n[Black "B${game.index % 89}"]\n[Result "${result}"]\n\n${moves.join(' ')} ${result}\n\n`);
  }
  fs.writeFileSync(file, out.join(''));
}

/** COPIES copies of each sample file of `dir` ending in `ext`, player names changed per copy by `rename`, into `outDir`; returns their paths. */
function writeCopies(outDir: string, dir: string, ext: string, rename: (text: string, copy: number) => string): string[] {
  const names = fs.readdirSync(dir).filter((n) => n.endsWith(ext));
  const written: string[] = [];
  fs.mkdirSync(outDir, { recursive: true });
  for (let copy = 0; copy < COPIES; copy++) {
    for (const name of names) {
      const file = path.join(outDir, `${copy}-${name}`);
      fs.writeFileSync(file, rename(fs.readFileSync(path.join(dir, name), 'latin1'), copy), 'latin1');
      written.push(file);
    }
  }
  return written;
}

async function seed(dataDir: string, dir: string): Promise<void> {
  const file = (name: string) => path.join(dir, name);
  await writeGoPositionFile(file('go.pos'), POSITIONS);
  await writeGoScoreFile(file('fuego.scores'), POSITIONS, 2);
  await writeGoScoreFile(file('gnugo.scores'), POSITIONS, 3);
  writeEvaluatedPgn(file('games.pgn'));
  // Ten players per name: a copy's players are renamed "<name> <copy % 10>".
  const matches = writeCopies(file('sgf'), path.join(DATA, 'backgammon'), '.sgf', (t, c) => t.replace(/P([WB])\[([^\]]*)\]/g, (_, side, name) => `P${side}[${name} ${c % 10}]`));
  // A GCG's moves name the players by nickname: only the full names change.
  const gcgs = ['macondo/gcg', 'liwords'].flatMap((sub) =>
    writeCopies(file('gcg'), path.join(DATA, 'crossword', sub), '.gcg', (t, c) => t.replace(/^#player([12]) (\S+) (.*?)\r?$/gm, (_, n, nick, name) => `#player${n} ${nick} ${name} ${c % 10}`)),
  );
  const where = { dataDir };
  await cliImport(where, ['--format', 'go-positions', file('go.pos')]);
  await cliImport(where, ['--format', 'go-scores', '--program', 'fuego', '--ruleset', 'chinese', file('fuego.scores')]);
  await cliImport(where, ['--format', 'go-scores', '--program', 'gnugo', '--ruleset', 'chinese', file('gnugo.scores')]);
  await cliImport(where, ['--format', 'pgn', file('games.pgn')]);
  await cliImport(where, ['--format', 'sgf', ...matches]);
  await cliImport(where, ['--format', 'gcg', ...gcgs]);
}

async function main(): Promise<void> {
  if (!fs.existsSync(CHROMIUM)) {
    emit('dashboard-tabs', { skipped: `${CHROMIUM} is missing` });
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-dashboard-'));
  const dataDir = path.join(dir, 'data');
  try {
    await seed(dataDir, dir);
    const env = { DATABASE_URL: '', DATABASE_SCHEMA: '', TABULA_DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(PORT), LOG_LEVEL: 'warn', NODE_ENV: 'production' };
    const server = await startProcess(path.join(BUILD_ROOT, 'src/server/main.js'), env, `http://127.0.0.1:${PORT}/health/ready`);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    try {
      const loadTab = async (tab: (typeof TABS)[number]): Promise<number> => {
        const page = await browser.newPage();
        try {
          const started = performance.now();
          await page.goto(`http://127.0.0.1:${PORT}/dashboard#${tab}`);
          await page
            .waitForFunction((t) => (globalThis as { tabula?: { loaded: Record<string, boolean> } }).tabula?.loaded[t] === true, tab, { timeout: 120_000 })
            .catch(async (error: unknown) => {
              throw new Error(`the ${tab} tab did not load: ${await page.locator('#status').innerText()} (${String(error)})`);
            });
          return performance.now() - started;
        } finally {
          await page.close();
        }
      };
      for (const tab of TABS) {
        await loadTab(tab);
        const ms: number[] = [];
        for (let round_ = 0; round_ < 3; round_++) ms.push(await loadTab(tab));
        ms.sort((a, b) => a - b);
        emit('dashboard-tab', { tab, positions: POSITIONS, database: 'pglite', medianMs: round(ms[1]), maxMs: round(ms[2]), goalMs: 3000 });
      }
    } finally {
      await browser.close();
      await stopProcess(server);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
