/**
 * The suite's closing tables (compiled by bench/run.sh; `node $OUT/bench/table.js RESULTS.jsonl [SECONDS]`):
 * reads the JSON lines the benchmarks printed and prints, in Markdown,
 *   - one row per line with its figures as `name=value` pairs, a figure that has a goal followed
 *     by the goal and whether it is met;
 *   - the goals of GOALS below, each with its figure and met / not met (goals whose benchmark did
 *     not run are left out);
 *   - the bytes per game of each table of every `storage-*` line (total, heap, TOAST, indexes);
 * then the suite's wall-clock time.
 */
import fs from 'node:fs';

interface Goal {
  benchmark: string;
  figure: string;
  op: '>=' | '<=';
  value: number;
  /** What the goal is, for the goals table. */
  text: string;
}

/** The goals (issues 8, 14, 27, 28 and 29), one place: a figure of a benchmark's line against a bound. */
const GOALS: Goal[] = [
  { benchmark: 'lookup-single', figure: 'requestsPerSecond', op: '>=', value: 3500, text: 'single lookups, 16 connections (req/s)' },
  { benchmark: 'lookup-single', figure: 'p99Ms', op: '<=', value: 15, text: 'single lookups, p99 (ms)' },
  { benchmark: 'lookup-single-ratio', figure: 'tabulaOverReference', op: '>=', value: 0.5, text: 'single lookups over the raw-pg reference' },
  { benchmark: 'lookup-batch20', figure: 'keysPerSecond', op: '>=', value: 100_000, text: 'batched lookups, 20 aliases (keys/s)' },
  { benchmark: 'lookup-list20', figure: 'keysPerSecond', op: '>=', value: 100_000, text: 'batched lookups, positionsByKeys (keys/s)' },
  { benchmark: 'memory-server-under-lookup-load', figure: 'peakRssMb', op: '<=', value: 250, text: 'server peak RSS under lookup load (MB)' },
  { benchmark: 'ingest-go-positions', figure: 'overPsqlCopy', op: '>=', value: 0.5, text: 'Go position import over psql \\copy' },
  { benchmark: 'ingest-pgn', figure: 'postgresGamesPerSecond', op: '>=', value: 2000, text: 'PGN import, every position indexed (games/s)' },
  { benchmark: 'ingest-pgn-scid', figure: 'tabulaOverScid', op: '>=', value: 0.1, text: 'PGN import over SCID import of the same file' },
  { benchmark: 'storage-pgn', figure: 'bytesPerGameBeyondStoredSource', op: '<=', value: 2000, text: 'PGN import: bytes per game beyond the source' },
  { benchmark: 'ingest-sgf', figure: 'postgresGamesPerSecond', op: '>=', value: 760, text: 'SGF backgammon import (games/s; 10× 76)' },
  { benchmark: 'storage-sgf', figure: 'bytesPerGameBeyondStoredSource', op: '<=', value: 2000, text: 'SGF import: bytes per game beyond the source' },
  { benchmark: 'storage-scale', figure: 'bytesPerGameBeyondStoredSource', op: '<=', value: 2000, text: 'scale corpus: bytes per game beyond the source' },
  { benchmark: 'scale-explorer', figure: 'hotP99Ms', op: '<=', value: 50, text: 'explorer, hot positions, p99 (ms)' },
  { benchmark: 'scale-explorer', figure: 'coldP99Ms', op: '<=', value: 50, text: 'explorer, cold positions, p99 (ms)' },
  // Issue 27's filtered explorer, top games and games by position, at 1,000,000 games.
  { benchmark: 'scale-explorer-filtered', figure: 'p99Ms', op: '<=', value: 50, text: 'explorer over months, ratings and speeds, p99 (ms)' },
  { benchmark: 'scale-explorer-player', figure: 'p99Ms', op: '<=', value: 200, text: "explorer of one player's games with White, p99 (ms)" },
  { benchmark: 'scale-top-games', figure: 'p99Ms', op: '<=', value: 50, text: 'top games of a position, p99 (ms)' },
  { benchmark: 'scale-recent-games', figure: 'p99Ms', op: '<=', value: 50, text: 'recent games of a position, p99 (ms)' },
  { benchmark: 'scale-games-position', figure: 'p99Ms', op: '<=', value: 100, text: 'games by position and rating, first page, p99 (ms)' },
  { benchmark: 'codec-pgn', figure: 'parseOverChessops', op: '>=', value: 2, text: 'PGN parsing over chessops' },
  { benchmark: 'codec-pgn', figure: 'replayOverChessops', op: '>=', value: 2, text: 'PGN parse and replay over chessops' },
  { benchmark: 'codec-pgn', figure: 'replayOverChessjs', op: '>=', value: 2, text: 'PGN parse and replay over chess.js' },
  { benchmark: 'codec-sgf', figure: 'tabulaOverSabaki', op: '>=', value: 2, text: 'SGF parsing over @sabaki/sgf' },
  // Issue 14's read and replay goals.
  { benchmark: 'lookup-single-ratio', figure: 'tabulaOverReference', op: '>=', value: 0.75, text: 'single lookups over the raw-pg reference (issue 14)' },
  { benchmark: 'lookup-batch20-ratio', figure: 'tabulaOverReference', op: '>=', value: 0.8, text: '20 aliased keys a request over the reference (issue 14)' },
  { benchmark: 'lookup-list20-ratio', figure: 'tabulaOverReference', op: '>=', value: 0.8, text: 'positionsByKeys, 20 keys, over the reference (issue 14)' },
  { benchmark: 'codec-pgn', figure: 'replayKeysOverChessops', op: '>=', value: 3, text: 'PGN parse + replay + keys over chessops, median of 5 (issue 14)' },
  { benchmark: 'ingest-go-positions', figure: 'overPsqlCopy', op: '>=', value: 0.9, text: 'Go position import over psql \\copy (issue 14)' },
  // Issue 29's figures beside those above (the import, the lookups and the Go file keep their rows).
  { benchmark: 'scale-positions', figure: 'hotP99Ms', op: '<=', value: 15, text: 'first 20 occurrences at 1,000,000 games, hot positions, p99 (ms; issue 29)' },
  { benchmark: 'scale-positions', figure: 'coldP99Ms', op: '<=', value: 15, text: 'first 20 occurrences at 1,000,000 games, cold positions, p99 (ms; issue 29)' },
  { benchmark: 'memory-import-pgn', figure: 'pgliteQuarterPeakRssMb', op: '<=', value: 350, text: 'PGlite importer peak RSS, 2,500 PGN games (MB; issue 29)' },
  // Issue 27's export goal: lichess streams 20-60 games/s.
  { benchmark: 'export-pgn', figure: 'gamesPerSecond', op: '>=', value: 20_000, text: 'export by filter, PGN over HTTP (games/s; issue 27)' },
  { benchmark: 'export-pgn', figure: 'serverRssGrowthMb', op: '<=', value: 32, text: 'export: server RSS after 4 exports over after 2 (MB), memory flat (issue 27)' },
  // Issue 28's pattern search: p50 of whole searches over HTTP, at the corpus size each goal names (the figure's goalCorpus).
  { benchmark: 'pattern-go-corner', figure: 'p50Ms', op: '<=', value: 1000, text: 'Go 7x7 corner pattern, continuations included, 100,000 19x19 games, p50 (ms; issue 28)' },
  { benchmark: 'pattern-go-9x9', figure: 'p50Ms', op: '<=', value: 200, text: 'Go whole-board 9x9 pattern, 100,000 9x9 games, p50 (ms; issue 28)' },
  { benchmark: 'pattern-chess-material', figure: 'p50Ms', op: '<=', value: 500, text: 'chess material query, 1,000,000 games, p50 (ms; issue 28)' },
  { benchmark: 'pattern-chess-imbalance', figure: 'p50Ms', op: '<=', value: 500, text: 'chess imbalance query, 1,000,000 games, p50 (ms; issue 28)' },
  { benchmark: 'pattern-chess-subfen', figure: 'p50Ms', op: '<=', value: 3000, text: 'chess sub-fen of 5 pieces, 1,000,000 games, p50 (ms; issue 28)' },
  { benchmark: 'pattern-backgammon', figure: 'p50Ms', op: '<=', value: 500, text: 'backgammon structural filter, 1,000,000 positions, p50 (ms; issue 28)' },
  { benchmark: 'pattern-signature-go19', figure: 'bytesPerGame', op: '<=', value: 400, text: 'Go 19x19 pattern signature, bytes per game as stored (issue 28)' },
  { benchmark: 'pattern-signature-go9', figure: 'bytesPerGame', op: '<=', value: 400, text: 'Go 9x9 pattern signature, bytes per game as stored (issue 28)' },
  { benchmark: 'pattern-signature-chess', figure: 'bytesPerGame', op: '<=', value: 400, text: 'chess pattern signature, bytes per game as stored (issue 28)' },
  { benchmark: 'pattern-signature-backgammon', figure: 'bytesPerGame', op: '<=', value: 400, text: 'backgammon pattern signature, bytes per game as stored (issue 28)' },
];

type Figures = Record<string, unknown>;

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** Nested objects (per-table figures) as `name: a 1 b 2; ...`, flat ones as JSON. */
const formatValue = (value: unknown): string => {
  if (value === null || typeof value !== 'object') return String(value);
  const entries = Object.entries(value as Figures);
  if (entries.length && entries.every(([, v]) => v !== null && typeof v === 'object')) {
    return entries.map(([k, v]) => `${k}: ${Object.entries(v as Figures).map(([a, b]) => `${a} ${String(b)}`).join(' ')}`).join('; ');
  }
  return JSON.stringify(value);
};

const goalText = (g: Goal): string => `${g.op === '>=' ? '≥' : '≤'} ${g.value.toLocaleString('en-US')}`;

/** 'met', 'not met', or why there is no verdict (a skipped peer, a figure not measured). */
function verdict(g: Goal, figures: Figures): { measured: string; met: string } {
  const value = figures[g.figure];
  if (typeof value !== 'number' || Number.isNaN(value)) {
    const skipped = Object.values(figures).find((v) => typeof v === 'string' && v.startsWith('skipped'));
    return { measured: '-', met: typeof skipped === 'string' ? skipped : 'not measured' };
  }
  const met = g.op === '>=' ? value >= g.value : value <= g.value;
  return { measured: value.toLocaleString('en-US'), met: met ? 'met' : 'not met' };
}

const [file, elapsed] = process.argv.slice(2);
const lines: { benchmark: string; figures: Figures }[] = [];
for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
  if (!line.startsWith('{')) continue;
  const { benchmark, ...figures } = JSON.parse(line) as { benchmark: string } & Figures;
  lines.push({ benchmark, figures });
}

console.log('\n| benchmark | figures |\n|---|---|');
for (const { benchmark, figures } of lines) {
  const text = Object.entries(figures)
    .map(([name, value]) => {
      const goal = GOALS.filter((g) => g.benchmark === benchmark && g.figure === name).at(-1);
      const shown = `${name}=${formatValue(value)}`;
      return goal ? `${shown} (goal ${goalText(goal)}: ${verdict(goal, figures).met})` : shown;
    })
    .join(', ');
  console.log(`| ${benchmark} | ${cell(text)} |`);
}

const goalRows = GOALS.flatMap((g) => {
  const line = lines.find((l) => l.benchmark === g.benchmark);
  if (!line) return [];
  const { measured, met } = verdict(g, line.figures);
  return [`| ${cell(g.text)} | ${g.benchmark} ${g.figure} | ${goalText(g)} | ${measured} | ${cell(met)} |`];
});
if (goalRows.length) {
  console.log('\n| goal | figure | target | measured | met? |\n|---|---|---|---|---|');
  for (const row of goalRows) console.log(row);
}

for (const { benchmark, figures } of lines) {
  const tables = figures.tablesBytesPerGame as Record<string, Record<string, number>> | undefined;
  if (!benchmark.startsWith('storage-') || !tables) continue;
  console.log(
    `\n${benchmark}: ${figures.games} games, ${figures.totalBytesPerGame} bytes per game in all; beyond the source: ` +
      `${figures.bytesPerGameBeyondStoredSource} (source as stored, ${figures.storedSourceBytesPerGame} bytes per game), ` +
      `${figures.bytesPerGameBeyondSource} (source's length, ${figures.sourceBytesPerGame})\n\n| table | bytes per game | heap | TOAST | indexes |\n|---|---|---|---|---|`,
  );
  for (const [name, t] of Object.entries(tables)) console.log(`| ${name} | ${t.total} | ${t.heap} | ${t.toast} | ${t.indexes} |`);
}
if (elapsed) console.log(`\nsuite wall-clock: ${elapsed} s`);
