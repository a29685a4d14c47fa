/**
 * Score-analysis queries at scale (issue 15; compiled by bench/run.sh, run by `BENCH_ONLY=analysis
 * npm run bench`, never by default and not in CI): every analysis query the dashboard's tabs send,
 * over HTTP GraphQL, on a PostgreSQL schema holding 1,000,000 positions and 100,000 games.
 *
 * The schema is BENCH_ANALYSIS_SCHEMA (default bench_analysis). When it holds no games, the
 * server is started once on it (its migrations create the tables) and the data is written with
 * SQL, seeded (`generate_series` and PostgreSQL's `random()` after `setseed`):
 * - Go: 600,000 listed positions with 0..60 stones, scored by `fuego`/`chinese` (all of them) and
 *   `gnugo`/`chinese` (the first 500,000; equal to fuego on about a third, else 1..3 points off),
 *   margins 0..10, confidences 0..100;
 * - backgammon: 400,000 positions, each with gnubg's verdict on the checker play made there (the
 *   `details` the SGF reader writes: kind, player, move, error in normalised equity, ply);
 * - 100,000 games (a third each chess, backgammon, crossword) between 2,000 players, each with two
 *   `PlayerAnalysis` rows as the readers write them.
 * The rows are synthetic: the queries read only these tables and columns, so their plans and
 * times are what real imports of this size would give. The schema is kept for the next run unless
 * BENCH_ANALYSIS_DROP=1. Before measuring, every table is VACUUM ANALYZEd (as autovacuum does
 * after a large import).
 *
 * Then it starts tabula (`src/server/main.js`, its own process) and sends each query in QUERIES
 * BENCH_ANALYSIS_REQUESTS times (default 20, after 2 warm-ups), one at a time, and prints per
 * query p50 and max ms: the goal is under 1,000 ms each.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { BUILD_ROOT, DATABASE_URL, dropSchema, emit, round, startProcess, stopProcess, storedGames, withClient } from './common';

const SCHEMA = process.env.BENCH_ANALYSIS_SCHEMA || 'bench_analysis';
const REQUESTS = Number(process.env.BENCH_ANALYSIS_REQUESTS || 20);
const PORT = 4521;

const GO_POSITIONS = 600_000;
const GNUGO_POSITIONS = 500_000;
const BACKGAMMON_POSITIONS = 400_000;
const GAMES = 100_000;
const PLAYERS = 2_000;

const FUEGO = '{ program: "fuego", ruleset: "chinese" }';
const GNUGO = '{ program: "gnugo", ruleset: "chinese" }';

/** The analysis queries the dashboard sends, by name: add each new analysis query here. */
export const QUERIES: Record<string, string> = {
  goScoreSets: '{ goScoreSets { program ruleset positions } }',
  goScoreDistribution: '{ goScoreDistribution(program: "fuego", ruleset: "chinese") { score positions meanConfidence } }',
  goStoneHistogram: '{ goStoneHistogram { stoneCount positions } }',
  goKomiVerdicts: '{ goKomiVerdicts(program: "gnugo", ruleset: "chinese", minConfidence: 50) { komi blackWins jigo whiteWins } }',
  goScoreCrossTab: `{ goScoreCrossTab(a: ${FUEGO}, b: ${GNUGO}) { a b positions } }`,
  // The dashboard asks for the counts once and for pages alone: each is one query on the server.
  goScoreDiffCounts: `{ goScoreDiff(a: ${FUEGO}, b: ${GNUGO}) { compared agreeing disagreeing buckets { score agree disagree } } }`,
  goScoreDiffFileOrder: `{ goScoreDiff(a: ${FUEGO}, b: ${GNUGO}, first: 8) { nodes { difference position { key } } endCursor } }`,
  goScoreDiffLargest: `{ goScoreDiff(a: ${FUEGO}, b: ${GNUGO}, first: 8, orderBy: LARGEST_DIFFERENCE) { nodes { difference position { key } } endCursor } }`,
  goScoreDiffConfident: `{ goScoreDiff(a: ${FUEGO}, b: ${GNUGO}, first: 8, orderBy: MOST_CONFIDENT, minDifference: 2) { nodes { difference position { key } } endCursor } }`,
  // Both at once: two queries, run side by side.
  goScoreDiffBoth: `{ goScoreDiff(a: ${FUEGO}, b: ${GNUGO}, first: 8, orderBy: LARGEST_DIFFERENCE) { compared disagreeing buckets { score agree disagree } nodes { difference position { key } } } }`,
  goDisagreementByStones: `{ goDisagreementByStones(a: ${FUEGO}, b: ${GNUGO}) { stoneCount compared disagreeing } }`,
  chessAnalysisPrograms: '{ chessAnalysisPrograms { program games } }',
  chessPlayerAnalysis: '{ chessPlayerAnalysis(program: "Stockfish 16", minGames: 5) { player games moves averageCentipawnLoss meanAccuracy inaccuracies } }',
  chessAnalysedGamesAcpl: '{ chessAnalysedGames(program: "Stockfish 16", first: 25) { totalCount nodes { orderValue game { id } } } }',
  chessAnalysedGamesGap: '{ chessAnalysedGames(program: "Stockfish 16", orderBy: LARGEST_ACCURACY_GAP, first: 25) { nodes { orderValue game { id } } } }',
  backgammonPlayerErrors: '{ backgammonPlayerErrors(orderBy: OVERALL_RATE) { player errors { games checkerRate checkerRating cubeRate } } }',
  backgammonMatchErrors: '{ backgammonMatchErrors(first: 20) { nodes { id games sides { player } } } }',
  backgammonLossHistogram: '{ backgammonLossHistogram { decisions buckets { decisions } } }',
  backgammonWorstDecisions: '{ backgammonWorstDecisions(first: 6) { millipoints move position { key } } }',
  crosswordPlayerStats: '{ crosswordPlayerStats(first: 50) { player games turns points averagePointsPerTurn bingos bingosPerGame wins finishedGames } }',
  crosswordScoreDisagreements: '{ crosswordScoreDisagreements(first: 20) { games disagreeing nodes { difference } } }',
  // Over the games a filter keeps (issue 27): one player's games (player 12, 120-129, 1200-1299), each row's game joined.
  chessPlayerAnalysisFiltered: '{ chessPlayerAnalysis(program: "Stockfish 16", filter: { player: "player 12" }) { player games averageCentipawnLoss meanAccuracy } }',
  backgammonPlayerErrorsFiltered: '{ backgammonPlayerErrors(orderBy: OVERALL_RATE, filter: { player: "player 12" }) { player errors { games overallRate } } }',
  backgammonMatchErrorsFiltered: '{ backgammonMatchErrors(first: 20, filter: { player: "player 12" }) { nodes { id games } } }',
  crosswordPlayerStatsFiltered: '{ crosswordPlayerStats(first: 50, filter: { player: "player 12" }) { player games points wins } }',
};


/** The synthetic rows, written with SQL in one transaction (see the header for what they are). */
const FILL = `
SELECT setseed(0.15);
INSERT INTO "Import" (id, format, fingerprint, "gameCount") VALUES (1, 'BENCH', 'bench-analysis', ${GAMES});

-- Go: listed positions (key = 16 hex hash, tiebreak 00, Black or White to play) and two score sets.
INSERT INTO "Position" (id, kind, key, hash, "sideToMove", board, "pieceCount", "listImportId", "listIndex")
SELECT i, 'GO', lpad(to_hex(i), 16, '0') || '00' || CASE WHEN i % 2 = 0 THEN '42' ELSE '57' END, i,
  CASE WHEN i % 2 = 0 THEN 'B' ELSE 'W' END, repeat('.', 81), (random() * 60)::int, 1, i - 1
FROM generate_series(1, ${GO_POSITIONS}) i;
INSERT INTO "Score" ("positionId", program, ruleset, value, confidence)
SELECT i, 'fuego', 'chinese', (random() * 10)::int, (random() * 100)::int FROM generate_series(1, ${GO_POSITIONS}) i;
INSERT INTO "Score" ("positionId", program, ruleset, value, confidence)
SELECT s."positionId", 'gnugo', 'chinese',
  greatest(0, least(10, s.value + CASE WHEN random() < 0.35 THEN 0 ELSE (1 + (random() * 2)::int) * (CASE WHEN random() < 0.5 THEN -1 ELSE 1 END) END)),
  (random() * 100)::int
FROM "Score" s WHERE s.program = 'fuego' AND s."positionId" <= ${GNUGO_POSITIONS};

-- Backgammon: positions with gnubg's verdict on the checker play made there.
INSERT INTO "Position" (id, kind, key, "groupKey", "sideToMove", board)
SELECT ${GO_POSITIONS} + i, 'BACKGAMMON', 'bench' || i || ':cAkFAAAAAAAA', 'bench' || i, (i % 2)::text, 'bench' || i || ':cAkFAAAAAAAA'
FROM generate_series(1, ${BACKGAMMON_POSITIONS}) i;
INSERT INTO "Score" ("positionId", program, ruleset, value, "bestValue", details, source)
SELECT p.id, 'gnubg', 'checker:2C 0 1 0.000000 1 0.160000', v.best - v.error, v.best,
  jsonb_build_object('kind', 'checker', 'player', (p.id % 2)::int, 'decision', '8/5 6/5', 'move', '31: 8/5 6/5',
    'error', v.error, 'unit', 'equity', 'ply', (p.id % 60)::int),
  'SGF A'
FROM "Position" p CROSS JOIN LATERAL (SELECT random() - 0.5 AS best, CASE WHEN random() < 0.6 THEN 0 ELSE power(random(), 3) * 0.4 END AS error) v
WHERE p.kind = 'BACKGAMMON';

-- Games between ${PLAYERS} players, each with both players' analysis summaries.
INSERT INTO "Game" (id, kind, "importId", "indexInFile", "sourceFormat", source, player1, player2, event, "dateText", result, "matchLength", "gameNumber")
SELECT i, k.kind::"GameKind", 1, i - 1, k.format, ''::bytea, 'player ' || (random() * ${PLAYERS - 1})::int, 'player ' || (random() * ${PLAYERS - 1})::int,
  'event ' || (i / 1000), '2026.01.' || lpad((1 + i % 28)::text, 2, '0'),
  (ARRAY['1-0', '0-1', '1/2-1/2'])[1 + (random() * 2)::int],
  CASE WHEN k.kind = 'BACKGAMMON' THEN 7 END, CASE WHEN k.kind = 'BACKGAMMON' THEN 1 + i % 5 END
FROM generate_series(1, ${GAMES}) i
CROSS JOIN LATERAL (SELECT (ARRAY['CHESS', 'BACKGAMMON', 'CROSSWORD'])[1 + i % 3] AS kind, (ARRAY['PGN', 'SGF', 'GCG'])[1 + i % 3] AS format) k;
INSERT INTO "PlayerAnalysis" ("gameId", side, kind, player, program, ruleset, decisions, loss, "cubeDecisions", "cubeLoss",
  inaccuracies, mistakes, blunders, accuracy, turns, points, bingos, "statedScore")
SELECT g.id, s.side, g.kind, CASE s.side WHEN 1 THEN g.player1 ELSE g.player2 END,
  CASE g.kind WHEN 'CHESS' THEN 'Stockfish 16' WHEN 'BACKGAMMON' THEN 'gnubg' ELSE 'gcg' END,
  CASE g.kind WHEN 'BACKGAMMON' THEN '2-ply cubeful' ELSE '' END,
  d.n, CASE g.kind WHEN 'CHESS' THEN d.n * random() * 80 WHEN 'BACKGAMMON' THEN d.n * random() * 0.02 ELSE 0 END,
  CASE WHEN g.kind = 'BACKGAMMON' THEN (random() * 6)::int END, CASE WHEN g.kind = 'BACKGAMMON' THEN random() * 0.1 END,
  (random() * 5)::int, (random() * 3)::int, (random() * 2)::int,
  CASE WHEN g.kind = 'CHESS' THEN 50 + random() * 50 END,
  CASE WHEN g.kind = 'CROSSWORD' THEN d.n END, CASE WHEN g.kind = 'CROSSWORD' THEN d.n * (15 + (random() * 20)::int) END,
  CASE WHEN g.kind = 'CROSSWORD' THEN (random() * 3)::int END,
  CASE WHEN g.kind = 'CROSSWORD' THEN d.n * (15 + (random() * 20)::int) END
FROM "Game" g CROSS JOIN (VALUES (1), (2)) s(side) CROSS JOIN LATERAL (SELECT 10 + (random() * 40)::int AS n) d;

SELECT setval(pg_get_serial_sequence('"Position"', 'id'), ${GO_POSITIONS + BACKGAMMON_POSITIONS});
SELECT setval(pg_get_serial_sequence('"Game"', 'id'), ${GAMES});
SELECT setval(pg_get_serial_sequence('"Import"', 'id'), 1);
`;

async function fill(): Promise<number> {
  await dropSchema(SCHEMA);
  // The server creates the schema's tables (its migrations) when it starts.
  const env = { DATABASE_URL, DATABASE_SCHEMA: SCHEMA, HOST: '127.0.0.1', PORT: String(PORT), LOG_LEVEL: 'warn', NODE_ENV: 'production' };
  await stopProcess(await startProcess(path.join(BUILD_ROOT, 'src/server/main.js'), env, `http://127.0.0.1:${PORT}/health/ready`));
  const started = performance.now();
  await withClient(async (client) => {
    await client.query(`SET search_path TO "${SCHEMA}"`);
    await client.query('BEGIN');
    await client.query(FILL);
    await client.query('COMMIT');
  });
  return (performance.now() - started) / 1000;
}

/** VACUUM ANALYZE of every table, as autovacuum does after a large import (statistics, and the visibility map index-only scans need). */
const analyzeSchema = (): Promise<void> =>
  withClient(async (client) => {
    const { rows } = await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind = 'r'`,
      [SCHEMA],
    );
    for (const { name } of rows) await client.query(`VACUUM ANALYZE "${SCHEMA}"."${name}"`);
  });

async function post(url: string, query: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
  const body = (await res.json()) as { data?: unknown; errors?: { message: string }[] };
  const ms = performance.now() - started;
  if (!res.ok || body.errors?.length || !body.data) throw new Error(`${query.slice(0, 60)}: ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
  return ms;
}

async function main(): Promise<void> {
  let games = await storedGames(SCHEMA);
  if (games === 0) {
    const seconds = await fill();
    games = await storedGames(SCHEMA);
    emit('analysis-fill', { games, positions: GO_POSITIONS + BACKGAMMON_POSITIONS, seconds: round(seconds, 1) });
  }
  await analyzeSchema();
  const env = { DATABASE_URL, DATABASE_SCHEMA: SCHEMA, HOST: '127.0.0.1', PORT: String(PORT), LOG_LEVEL: 'warn', NODE_ENV: 'production' };
  const server = await startProcess(path.join(BUILD_ROOT, 'src/server/main.js'), env, `http://127.0.0.1:${PORT}/health/ready`);
  try {
    const url = `http://127.0.0.1:${PORT}/graphql`;
    for (const [name, query] of Object.entries(QUERIES)) {
      for (let i = 0; i < 2; i++) await post(url, query);
      const ms: number[] = [];
      for (let i = 0; i < REQUESTS; i++) ms.push(await post(url, query));
      ms.sort((a, b) => a - b);
      emit('analysis-query', { query: name, games, requests: REQUESTS, p50Ms: round(ms[Math.floor(ms.length / 2)], 1), maxMs: round(ms[ms.length - 1], 1) });
    }
  } finally {
    await stopProcess(server);
    if (process.env.BENCH_ANALYSIS_DROP === '1') await dropSchema(SCHEMA);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
