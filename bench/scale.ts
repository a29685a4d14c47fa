/**
 * Collection-scale queries (issue 14; compiled by bench/run.sh, run by `BENCH_ONLY=scale npm run
 * bench`, never by default and not in CI): position lookups and the opening explorer, over HTTP
 * GraphQL, on a PostgreSQL schema holding the suite's chess corpus (bench/chessGames.ts).
 *
 * The schema is BENCH_SCALE_SCHEMA (default bench_scale). If its "Game" table already holds
 * games, they are used as they are (so a 1,000,000-game import is done once); otherwise
 * BENCH_PGN_GAMES games (default 10,000; the scale is 1,000,000) are generated, streamed
 * to a file and imported through the CLI, as bench/ingest.ts does. A schema this script imported
 * is dropped at the end unless BENCH_SCALE_KEEP=1; one it found is never dropped. Before
 * measuring, every table of the schema is ANALYZEd (as autovacuum would have done by then).
 *
 * Then it starts tabula (`src/server/main.js`, its own process, DATABASE_SCHEMA set to the schema)
 * and sends, one at a time, BENCH_SCALE_REQUESTS (200) requests of each query in QUERIES below,
 * half on hot positions (the start, 1.e4, 1.d4 and the other first plies of HOT_LINES: reached by
 * a large share of the games) and half on cold ones (a position late in a game, past its opening,
 * from the first 5,000 games, replayed with the codec for its Polyglot key and FEN), in a seeded
 * random order after a warm-up. It prints:
 *   scale-import     (only when it imported) games/s through the CLI, the generator's RSS
 *   storage-scale    bytes per game beyond the source text, per table (as storage-pgn in bench/ingest.ts)
 *   scale-positions  `positions(key:, kind: CHESS) { occurrences(first: 20) ... }`: p50/p99/max ms,
 *                    hot and cold, and how many keys were found
 *   scale-explorer   `chessPosition(fen:) { moves { move count } }`: the same; goal p99 ≤ 50 ms for
 *                    any position, hot or cold. The start position's move counts must add up to
 *                    the number of games.
 *   scale-explorer-filtered  issue 27: `moves(filter:)` over months, a rating band and speeds (p99 ≤ 50 ms)
 *   scale-explorer-player    issue 27: `moves(filter: { player, playerSide })` for a player of a
 *                    hundredth of the games (p99 ≤ 200 ms)
 *   scale-top-games, scale-recent-games  issue 27: `topGames`, `recentGames` (p99 ≤ 50 ms)
 *   scale-games-position     issue 27: `games(filter: { position, minRating })`, first page (p99 ≤ 100 ms)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { makeMove, parseSan, polyglotKey, printFen, standardPosition, type Position } from '../src/codecs/chess';
import { chessGames, writePgnFile } from './chessGames';
import {
  BUILD_ROOT, DATABASE_URL, cliImport, dropSchema, emit, peakRssMb, prng, round, schemaStorage, startProcess, stopProcess, storageFigures, storedGames,
  withClient,
} from './common';

/** The GraphQL queries measured, in one place: update them here when the schema changes. */
export const QUERIES = {
  positions: {
    text: 'query ScalePositions($key: String!) { positions(key: $key, kind: CHESS) { occurrences(first: 20) { number game { id } } } }',
    variables: (p: Probe) => ({ key: p.key }),
    /** Whether the answer found the position. */
    found: (data: ScaleData) => (data.positions?.[0]?.occurrences?.length ?? 0) > 0,
  },
  explorer: {
    text: 'query ScaleExplorer($fen: String!) { chessPosition(fen: $fen) { moves { move count } } }',
    variables: (p: Probe) => ({ fen: p.fen }),
    found: (data: ScaleData) => (data.chessPosition?.moves?.length ?? 0) > 0,
  },
  /** Issue 27: the explorer over a date range (months), a rating band and speeds. */
  explorerFiltered: {
    text: `query ScaleExplorerFiltered($fen: String!) { chessPosition(fen: $fen) {
      moves(filter: { dateFrom: "2017-03", dateTo: "2022-08", minRating: 1800, maxRating: 2400, speeds: [BLITZ, RAPID] }) { move count averageRating performance } } }`,
    variables: (p: Probe) => ({ fen: p.fen }),
    found: (data: ScaleData) => data.chessPosition?.moves !== undefined,
  },
  /** Issue 27: one player's games with White (P042 plays White in a hundredth of the games). */
  explorerPlayer: {
    text: 'query ScaleExplorerPlayer($fen: String!) { chessPosition(fen: $fen) { moves(filter: { player: "P042", playerSide: FIRST }) { move count } } }',
    variables: (p: Probe) => ({ fen: p.fen }),
    found: (data: ScaleData) => data.chessPosition?.moves !== undefined,
  },
  topGames: {
    text: 'query ScaleTopGames($fen: String!) { chessPosition(fen: $fen) { topGames { id } } }',
    variables: (p: Probe) => ({ fen: p.fen }),
    found: (data: ScaleData) => (data.chessPosition?.topGames?.length ?? 0) > 0,
  },
  recentGames: {
    text: 'query ScaleRecentGames($fen: String!) { chessPosition(fen: $fen) { recentGames { id } } }',
    variables: (p: Probe) => ({ fen: p.fen }),
    found: (data: ScaleData) => (data.chessPosition?.recentGames?.length ?? 0) > 0,
  },
  /** Issue 27: the first page of the games that reached a position, in a rating band. */
  gamesByPosition: {
    text: 'query ScaleGamesByPosition($fen: String!) { games(filter: { position: $fen, minRating: 2000 }, first: 20) { nodes { id } } }',
    variables: (p: Probe) => ({ fen: p.fen }),
    found: (data: ScaleData) => data.games?.nodes !== undefined,
  },
} as const;

interface ScaleData {
  positions?: { occurrences?: { number: number; game: { id: string } }[] }[];
  chessPosition?: { moves?: { move: string; count: number }[]; topGames?: { id: string }[]; recentGames?: { id: string }[] };
  games?: { nodes?: { id: string }[] };
}

/** Hot positions: the first plies most games of the corpus go through (bench/openings.ts weights). */
const HOT_LINES = ['', 'e4', 'd4', 'e4 c5', 'e4 e5', 'd4 Nf6', 'd4 Nf6 c4', 'd4 Nf6 c4 e6', 'e4 c5 Nf3', 'e4 e5 Nf3 Nc6', 'c4', 'Nf3'];
const START_KEY = '463b96181691fc9c';

const SCHEMA = process.env.BENCH_SCALE_SCHEMA || 'bench_scale';
const GAMES = Number(process.env.BENCH_PGN_GAMES || 10_000);
const REQUESTS = Number(process.env.BENCH_SCALE_REQUESTS || 200);
const KEEP = process.env.BENCH_SCALE_KEEP === '1';
const COLD_FROM_GAMES = 5_000;
const PORT = 4519;

interface Probe {
  label: string;
  hot: boolean;
  key: string;
  fen: string;
}

const probeOf = (label: string, hot: boolean, pos: Position): Probe => ({ label, hot, key: polyglotKey(pos), fen: printFen(pos) });

function replay(sans: string[]): Position {
  const pos = standardPosition();
  for (const san of sans) {
    const m = parseSan(pos, san);
    if (!m.ok) throw new Error(`replaying ${sans.join(' ')}: ${m.error.message}`);
    makeMove(pos, m.value);
  }
  return pos;
}

function hotProbes(): Probe[] {
  const probes = HOT_LINES.map((line) => probeOf(line || 'start', true, replay(line ? line.split(' ') : [])));
  if (probes[0].key !== START_KEY) throw new Error(`start position key ${probes[0].key}, expected ${START_KEY}`);
  return probes;
}

/** `count` positions late in games of the corpus (past the opening line and ply 30, with a move after them). */
function coldProbes(games: number, count: number): Probe[] {
  const random = prng(99);
  const from = Math.min(games, COLD_FROM_GAMES);
  const every = Math.max(1, Math.floor(from / count));
  const probes: Probe[] = [];
  for (const game of chessGames(from)) {
    if (game.index % every !== 0 || probes.length >= count) continue;
    const lo = Math.max(game.cut + 10, 30);
    const hi = game.sans.length - 1;
    if (hi < lo) continue;
    const ply = lo + Math.floor(random() * (hi - lo + 1));
    probes.push(probeOf(`game ${game.index + 1} ply ${ply}`, false, replay(game.sans.slice(0, ply))));
  }
  return probes;
}


const analyzeSchema = (): Promise<void> =>
  withClient(async (client) => {
    const { rows } = await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'm')`,
      [SCHEMA],
    );
    for (const { name } of rows) await client.query(`ANALYZE "${SCHEMA}"."${name}"`);
  });

const percentile = (sorted: number[], p: number): number => (sorted.length ? sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] : NaN);

const summary = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return { p50: round(percentile(sorted, 0.5), 1), p99: round(percentile(sorted, 0.99), 1), max: round(sorted[sorted.length - 1] ?? NaN, 1) };
};

async function post(url: string, query: string, variables: Record<string, unknown>): Promise<{ ms: number; data: ScaleData }> {
  const started = performance.now();
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data?: ScaleData; errors?: { message: string }[] };
  const ms = performance.now() - started;
  if (!res.ok || body.errors?.length || !body.data) throw new Error(`${res.status} ${JSON.stringify(body).slice(0, 500)}`);
  return { ms, data: body.data };
}

async function measure(url: string, name: keyof typeof QUERIES, hot: Probe[], cold: Probe[], games: number): Promise<Record<string, unknown>> {
  const q = QUERIES[name];
  const random = prng(Object.keys(QUERIES).indexOf(name) + 1);
  const requests: Probe[] = [];
  for (let i = 0; i < REQUESTS; i++) requests.push(i % 2 === 0 ? hot[(i >> 1) % hot.length] : cold[(i >> 1) % cold.length]);
  for (let i = requests.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [requests[i], requests[j]] = [requests[j], requests[i]];
  }
  for (let i = 0; i < 5; i++) await post(url, q.text, q.variables(hot[0]));

  const hotMs: number[] = [];
  const coldMs: number[] = [];
  const byHot = new Map<string, number[]>();
  let hotFound = 0;
  let coldFound = 0;
  for (const probe of requests) {
    const { ms, data } = await post(url, q.text, q.variables(probe));
    const found = q.found(data);
    if (probe.hot) {
      hotMs.push(ms);
      hotFound += found ? 1 : 0;
      byHot.set(probe.label, [...(byHot.get(probe.label) ?? []), ms]);
    } else {
      coldMs.push(ms);
      coldFound += found ? 1 : 0;
    }
  }
  const [h, c, all] = [summary(hotMs), summary(coldMs), summary([...hotMs, ...coldMs])];
  const figures: Record<string, unknown> = {
    games,
    requests: requests.length,
    p50Ms: all.p50,
    p99Ms: all.p99,
    hotP50Ms: h.p50,
    hotP99Ms: h.p99,
    hotMaxMs: h.max,
    coldP50Ms: c.p50,
    coldP99Ms: c.p99,
    coldMaxMs: c.max,
    hotFound: `${hotFound}/${hotMs.length}`,
    coldFound: `${coldFound}/${coldMs.length}`,
    hotMedianMsByPosition: Object.fromEntries([...byHot].map(([label, ms]) => [label, summary(ms).p50])),
  };
  if (name === 'positions') {
    const start = await post(url, q.text, q.variables(hot[0]));
    figures.startOccurrences = start.data.positions?.[0]?.occurrences?.length ?? 0;
  } else if (name === 'explorer') {
    const start = await post(url, q.text, q.variables(hot[0]));
    const total = (start.data.chessPosition?.moves ?? []).reduce((sum, m) => sum + m.count, 0);
    figures.startMoveCounts = total;
    if (total !== games) console.error(`scale: the start position's move counts add up to ${total}, not ${games} games`);
  }
  return figures;
}

async function main(): Promise<void> {
  let games = await storedGames(SCHEMA);
  let imported = false;
  if (games > 0 && process.env.BENCH_PGN_GAMES && games !== GAMES) {
    console.error(`scale: schema ${SCHEMA} already holds ${games} games: measuring those, not importing ${GAMES} (drop the schema to import anew)`);
  }
  if (games === 0) {
    await dropSchema(SCHEMA);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-scale-'));
    try {
      const file = path.join(dir, 'games.pgn');
      const rssBefore = process.memoryUsage().rss;
      const genStarted = performance.now();
      const bytes = writePgnFile(file, GAMES);
      const genSeconds = (performance.now() - genStarted) / 1000;
      const generatorPeakRssMb = peakRssMb(process.pid);
      // A partial import would be taken for the corpus by the next run: drop it.
      const run = await cliImport({ schema: SCHEMA }, ['--format', 'pgn', file]).catch(async (error: unknown) => {
        await dropSchema(SCHEMA);
        throw error;
      });
      imported = true;
      games = await storedGames(SCHEMA);
      emit('scale-import', {
        games,
        fileMB: round(bytes / 1e6, 1),
        generatorSeconds: round(genSeconds, 1),
        generatorRssMbBefore: round(rssBefore / 1e6),
        generatorPeakRssMb: round(generatorPeakRssMb ?? NaN),
        postgresSeconds: round(run.seconds, 1),
        postgresGamesPerSecond: round(games / run.seconds),
        importerPeakRssMb: round(run.peakRssMb),
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  try {
    emit('storage-scale', storageFigures(await schemaStorage(SCHEMA)));
    await analyzeSchema();
    const hot = hotProbes();
    const cold = coldProbes(games, Math.max(1, Math.ceil(REQUESTS / 2)));
    const env = { DATABASE_URL, DATABASE_SCHEMA: SCHEMA, HOST: '127.0.0.1', PORT: String(PORT), LOG_LEVEL: 'info', NODE_ENV: 'production' };
    const server = await startProcess(path.join(BUILD_ROOT, 'src/server/main.js'), env, `http://127.0.0.1:${PORT}/health/ready`);
    try {
      const url = `http://127.0.0.1:${PORT}/graphql`;
      emit('scale-positions', await measure(url, 'positions', hot, cold, games));
      emit('scale-explorer', { ...(await measure(url, 'explorer', hot, cold, games)), serverPeakRssMb: round(peakRssMb(server.pid!) ?? NaN) });
      emit('scale-explorer-filtered', await measure(url, 'explorerFiltered', hot, cold, games));
      emit('scale-explorer-player', await measure(url, 'explorerPlayer', hot, cold, games));
      emit('scale-top-games', await measure(url, 'topGames', hot, cold, games));
      emit('scale-recent-games', await measure(url, 'recentGames', hot, cold, games));
      emit('scale-games-position', { ...(await measure(url, 'gamesByPosition', hot, cold, games)), serverPeakRssMb: round(peakRssMb(server.pid!) ?? NaN) });
    } finally {
      await stopProcess(server);
    }
  } finally {
    if (imported && !KEEP) await dropSchema(SCHEMA);
    else if (imported) console.error(`scale: schema ${SCHEMA} kept (${games} games, BENCH_SCALE_KEEP=1): the next run measures it as it is`);
    else console.error(`scale: schema ${SCHEMA} was there with ${games} games; left as it was`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
