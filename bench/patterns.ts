/**
 * Pattern search (issue 28; compiled by bench/run.sh, run by `BENCH_ONLY=patterns npm run bench`,
 * never by default and not in CI): `patternSearch` over HTTP GraphQL, one request at a time,
 * against tabula started as its own process (`src/server/main.js`) on PostgreSQL schemas holding
 * the corpora the suite generates:
 *
 *   go19   BENCH_PATTERN_GO_GAMES (100,000, the size) 19x19 games of bench/goGames.ts
 *          (corner sequences, then play near the last stones; captures and ko kept legal)
 *   go9    as many 9x9 games of bench/goGames.ts (whole-board openings, then the same play)
 *   chess  the scale corpus when BENCH_SCALE_SCHEMA names a schema holding chess games (bench/scale.ts
 *          imports it: a million games is the size), else BENCH_PATTERN_CHESS_GAMES (100,000)
 *          games of bench/chessGames.ts
 *   bg     backgammon games of bench/backgammonGames.ts (7-point matches, random legal plays) up to
 *          BENCH_PATTERN_BG_POSITIONS (1,000,000, the size) positions
 *
 * Each generated corpus is written as one file in a temporary directory and imported through the
 * CLI (as bench/ingest.ts does), into schema bench_pattern_<corpus>_<size>. A schema that already
 * holds games is used as it is (so a full-size import is done once); one this run imported is
 * dropped at the end unless BENCH_PATTERN_KEEP=1. Before measuring, `tabula migrate` fills what the
 * games lack (the pattern signatures of games stored before them: the attributes catch-up, timed
 * as catchUpSeconds when there was any), and every table of the schema is ANALYZEd.
 *
 * Then tabula is started on the schema with its statement timeout at BENCH_PATTERN_TIMEOUT_MS
 * (TABULA_STATEMENT_TIMEOUT_MS; default 280,000, under Node's 300 s request timeout) and an admin
 * token (TABULA_API_TOKEN: the cost per second an anonymous client may spend would refuse a pattern
 * search's 5,000 after a few), and each query of QUERIES below is sent once to warm up, then
 * BENCH_PATTERN_REQUESTS (10) times. Each of those requests carries a different `filter: {maxPlies}`
 * larger than any game (it keeps every game), so that none reads the answer the server keeps a
 * minute for the next pages of the same search: each is a whole search, continuations and a first
 * page of 20 games (with their ply) included. A request the server stops at its statement timeout
 * (QUERY_TIMEOUT) is counted as timed out, with the time it took; two in a row end that query's
 * runs. A corpus of 50,000 games of a kind or more has its pattern signatures kept in the server's
 * memory (src/storage/patternSignatures.ts): the warm-up reads them, the measured requests test
 * them in memory (the warm-up's time is printed as warmUpMs). It prints:
 *   pattern-import-<corpus>     (only when it imported) the generator's and the import's seconds, games/s
 *   pattern-signature-<corpus>  bytes per game of Game.patternSignature: avg octet_length, avg
 *                               pg_column_size (as stored; goal ≤ 400), max, and the games without one
 *   pattern-go-corner           a 7x7 corner pattern (the 3-4 point with a small-knight approach, colours
 *                               either) over the 19x19 games: p50/p99/max ms (goal p50 ≤ 1,000 at 100,000 games)
 *   pattern-go-9x9              a whole 9x9 board (the position after 6 moves of the corpus's most played
 *                               9x9 opening), anchor corner, over the 9x9 games (goal p50 ≤ 200 ms)
 *   pattern-chess-material, pattern-chess-imbalance  (goal p50 ≤ 500 ms at 1,000,000 games)
 *   pattern-chess-subfen        a sub-fen of 5 pieces (goal p50 ≤ 3,000 ms at 1,000,000 games)
 *   pattern-backgammon          a structural filter: contact, a 4-prime or longer, 90-150 pips (goal
 *                               p50 ≤ 500 ms at 1,000,000 positions)
 * each with totalCount and gameCount (a figure whose answer is empty is a bad bench: said on standard
 * error), the games in the corpus, keptMs (the same search asked again at once: read from the kept
 * answer, as its next pages are) and the server's peak RSS.
 *
 * BENCH_PATTERN_PARTS ("go chess backgammon") runs a part. The import-rate cost of the signatures is
 * not measured here (see docs/PERFORMANCE.md, "Pattern search (issue 28)").
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { writeBackgammonSgfFile } from './backgammonGames';
import { writePgnFile } from './chessGames';
import {
  BUILD_ROOT, CLI, DATABASE_URL, cliImport, dropSchema, emit, peakRssMb, round, runMeasured, startProcess, stopProcess, withClient,
} from './common';
import { NINE_LINES, boardRows, goGames, writeGoSgfFile } from './goGames';

const GO_GAMES = Number(process.env.BENCH_PATTERN_GO_GAMES || 100_000);
const CHESS_GAMES = Number(process.env.BENCH_PATTERN_CHESS_GAMES || 100_000);
const BG_POSITIONS = Number(process.env.BENCH_PATTERN_BG_POSITIONS || 1_000_000);
const REQUESTS = Number(process.env.BENCH_PATTERN_REQUESTS || 10);
const TIMEOUT_MS = Number(process.env.BENCH_PATTERN_TIMEOUT_MS || 280_000);
const KEEP = process.env.BENCH_PATTERN_KEEP === '1';
const PARTS = new Set((process.env.BENCH_PATTERN_PARTS || 'go chess backgammon').split(/[\s,]+/));
const SCALE_SCHEMA = process.env.BENCH_SCALE_SCHEMA;
const PORT = 4523;
const TOKEN = randomBytes(24).toString('hex');
/** A filter's maxPlies above any game's length: it keeps every game, and makes each request a search of its own. */
const NO_LIMIT_PLIES = 1_000_000;

type Kind = 'GO' | 'CHESS' | 'BACKGAMMON';

/** A measured query: its kind, its pattern, and what the issue asks of it. */
interface PatternQuery {
  benchmark: string;
  kind: Kind;
  description: string;
  pattern: Record<string, unknown>;
  /** The corpus size the goal is set at. */
  goalCorpus: string;
}

const SEARCH = `query PatternBench($kind: GameKind!, $pattern: JSON!, $filter: GameFilter) {
  patternSearch(kind: $kind, pattern: $pattern, filter: $filter, first: 20) {
    totalCount gameCount
    edges { node { game { id } ply { number } } }
    pageInfo { hasNextPage }
    continuations { move count }
  }
}`;

interface SearchAnswer {
  totalCount: number;
  gameCount: number;
  edges: { node: { game: { id: string }; ply: { number: number } } }[];
  continuations: { move: string; count: number }[];
}

/** The 7x7 corner pattern: Black (or White: colours either) on the 3-4 point, the other side's small-knight approach on the 5-3 point, the rest of the corner empty. */
const CORNER_PATTERN = ['.......', '.......', '....O..', '..X....', '.......', '.......', '.......'].join('\n');

/** The 9x9 board after the first 6 moves of the corpus's most played opening (NINE_LINES[0]), as a whole-board pattern. */
function nineByNinePattern(): string {
  const [, name, moves] = NINE_LINES[0];
  for (const game of goGames(1000, 9)) {
    if (game.line === name && game.bookMoves >= 6) return boardRows(9, game.moves, 6).join('\n');
  }
  throw new Error(`no game of the first 1,000 9x9 games plays 6 moves of ${name} (${moves.length} moves)`);
}

const QUERIES = {
  goCorner: (): PatternQuery => ({
    benchmark: 'pattern-go-corner',
    kind: 'GO',
    description: '7x7 corner: 3-4 point and a small-knight approach, the rest empty, colours either (about 60% of the corpus games)',
    pattern: { pattern: CORNER_PATTERN, anchor: 'corner', colors: 'either', size: 19 },
    goalCorpus: '100,000 19x19 games',
  }),
  go9x9: (): PatternQuery => ({
    benchmark: 'pattern-go-9x9',
    kind: 'GO',
    description: `whole 9x9 board: 6 moves of "${NINE_LINES[0][1]}", anchor corner, colours fixed (about 12% of the corpus games)`,
    pattern: { pattern: nineByNinePattern(), anchor: 'corner', colors: 'fixed', size: 9 },
    goalCorpus: '100,000 9x9 games',
  }),
  chessMaterial: (): PatternQuery => ({
    benchmark: 'pattern-chess-material',
    kind: 'CHESS',
    description: 'queens off and a pawn each (about 0.7% of the corpus games)',
    pattern: { material: 'KRRBBNNPPPPPPPkrrbbnnppppppp' },
    goalCorpus: '1,000,000 games',
  }),
  chessImbalance: (): PatternQuery => ({
    benchmark: 'pattern-chess-imbalance',
    kind: 'CHESS',
    description: 'White up the exchange, the rest equal (about 2.4% of the corpus games)',
    pattern: { imbalance: ['R v B', 'R v N'] },
    goalCorpus: '1,000,000 games',
  }),
  chessSubFen: (): PatternQuery => ({
    benchmark: 'pattern-chess-subfen',
    kind: 'CHESS',
    description: "5 pieces: White pawns c4 d4, Black's knight f6, pawn e6, bishop b4 (a Nimzo-Indian; about 2.6% of the games)",
    pattern: { 'sub-fen': '8/8/4pn2/8/1bPP4/8/8/8' },
    goalCorpus: '1,000,000 games',
  }),
  backgammon: (): PatternQuery => ({
    benchmark: 'pattern-backgammon',
    kind: 'BACKGAMMON',
    description: 'contact, a prime of 4 or longer of the side on roll, its pips 90-150',
    pattern: { contact: true, prime: { player: 4 }, pips: { player: [90, 150] } },
    goalCorpus: '1,000,000 positions',
  }),
};

const percentile = (sorted: number[], p: number): number => (sorted.length ? sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] : NaN);

/** One search over HTTP: its time and answer, or that the server stopped it at its statement timeout. */
async function search(url: string, query: PatternQuery, maxPlies: number): Promise<{ ms: number; answer?: SearchAnswer; timedOut: boolean }> {
  const started = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify({ query: SEARCH, variables: { kind: query.kind, pattern: query.pattern, filter: { maxPlies } } }),
  });
  const body = (await res.json()) as { data?: { patternSearch?: SearchAnswer }; errors?: { message: string; extensions?: { code?: string } }[] };
  const ms = performance.now() - started;
  if (body.errors?.some((e) => e.extensions?.code === 'QUERY_TIMEOUT')) return { ms, timedOut: true };
  if (!res.ok || body.errors?.length || !body.data?.patternSearch) throw new Error(`${query.benchmark}: ${res.status} ${JSON.stringify(body).slice(0, 800)}`);
  return { ms, answer: body.data.patternSearch, timedOut: false };
}

/** A query's figures: a warm-up, then REQUESTS whole searches (each its own filter), then the kept answer once. */
async function measure(url: string, query: PatternQuery, games: number, extra: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const warm = await search(url, query, NO_LIMIT_PLIES);
  const ms: number[] = [];
  let answer = warm.answer;
  let timedOut = warm.timedOut ? 1 : 0;
  let inARow = timedOut;
  let lastTimedOut = warm.timedOut;
  for (let i = 1; i <= REQUESTS && inARow < 2; i++) {
    const run = await search(url, query, NO_LIMIT_PLIES + i);
    ms.push(run.ms);
    lastTimedOut = run.timedOut;
    if (run.timedOut) {
      timedOut++;
      inARow++;
    } else {
      inARow = 0;
      if (answer && (run.answer!.totalCount !== answer.totalCount || run.answer!.gameCount !== answer.gameCount)) {
        console.error(`${query.benchmark}: run ${i} found ${run.answer!.totalCount}/${run.answer!.gameCount}, an earlier one ${answer.totalCount}/${answer.gameCount}`);
      }
      answer = run.answer;
    }
  }
  // The same search as the last run, at once: the answer the server kept (as the next pages read it).
  const kept = answer && !lastTimedOut ? await search(url, query, NO_LIMIT_PLIES + ms.length) : undefined;
  const sorted = [...ms].sort((a, b) => a - b);
  if (answer && answer.totalCount === 0) console.error(`${query.benchmark}: the pattern matched nothing in ${games} games: a bad bench`);
  const top = answer?.continuations[0];
  return {
    games,
    goalCorpus: query.goalCorpus,
    pattern: query.description,
    requests: ms.length,
    p50Ms: round(percentile(sorted, 0.5), 1),
    p99Ms: round(percentile(sorted, 0.99), 1),
    maxMs: round(sorted[sorted.length - 1] ?? NaN, 1),
    warmUpMs: round(warm.ms, 1),
    timedOut: timedOut ? `${timedOut} of ${ms.length + 1} (statement timeout ${TIMEOUT_MS} ms)${inARow >= 2 ? ', stopped after two in a row' : ''}` : 0,
    totalCount: answer?.totalCount ?? NaN,
    gameCount: answer?.gameCount ?? NaN,
    continuations: answer?.continuations.length ?? NaN,
    topContinuation: top ? `${top.move} (${top.count})` : null,
    keptMs: kept ? round(kept.ms, 1) : NaN,
    ...extra,
  };
}

/** Games of `kind` stored in `schema` (0 when it has no "Game" table). */
const gamesOfKind = (schema: string, kind: Kind): Promise<number> =>
  withClient(async (client) => {
    const exists = await client.query<{ t: string | null }>(`SELECT to_regclass($1) AS t`, [`"${schema}"."Game"`]);
    if (!exists.rows[0].t) return 0;
    const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${schema}"."Game" WHERE kind::text = $1`, [kind]);
    return Number(rows[0].n);
  });

/** A corpus's schema, made from `write` (a file in a temporary directory) when it holds no game of `kind`. */
async function ensureCorpus(
  name: string,
  schema: string,
  kind: Kind,
  write: (file: string) => Record<string, number>,
  format: string,
): Promise<{ games: number; imported: boolean }> {
  let games = await gamesOfKind(schema, kind);
  if (games > 0) {
    console.error(`patterns: schema ${schema} holds ${games} ${kind} games: measuring those`);
    return { games, imported: false };
  }
  await dropSchema(schema);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-patterns-'));
  try {
    const file = path.join(dir, `${name}.${format}`);
    const started = performance.now();
    const written = write(file);
    const generatorSeconds = (performance.now() - started) / 1000;
    // A partial import would be taken for the corpus by the next run: drop it.
    const run = await cliImport({ schema }, ['--format', format, file]).catch(async (error: unknown) => {
      await dropSchema(schema);
      throw error;
    });
    games = await gamesOfKind(schema, kind);
    emit(`pattern-import-${name}`, {
      games,
      ...written,
      fileMB: round(fs.statSync(file).size / 1e6, 1),
      generatorSeconds: round(generatorSeconds, 1),
      importSeconds: round(run.seconds, 1),
      importGamesPerSecond: round(games / run.seconds),
      importerPeakRssMb: round(run.peakRssMb),
    });
    return { games, imported: true };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** `tabula migrate` on the schema: fills what the games lack (signatures of games stored before them) before the server starts. */
async function catchUp(schema: string): Promise<number | undefined> {
  const pending = await withClient(async (client) => {
    const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${schema}"."Import" WHERE NOT attributed OR NOT analysed`);
    return Number(rows[0].n);
  });
  const run = await runMeasured(process.execPath, [CLI, 'migrate'], { DATABASE_URL, DATABASE_SCHEMA: schema, TABULA_DATA_DIR: '', NODE_ENV: 'production' });
  if (run.code !== 0) throw new Error(`tabula migrate on ${schema} exited with ${run.code}: ${run.stderr.slice(-2000)}`);
  return pending > 0 ? round(run.seconds, 1) : undefined;
}

/** Bytes per game of the pattern signatures of `kind` in `schema`. */
const signatureFigures = (schema: string, kind: Kind): Promise<Record<string, unknown>> =>
  withClient(async (client) => {
    const { rows } = await client.query<{ games: string; signed: string; avg: string | null; stored: string | null; max: number | null; positions: string | null }>(
      `SELECT count(*) AS games, count("patternSignature") AS signed, avg(octet_length("patternSignature")) AS avg,
              avg(coalesce(pg_column_size("patternSignature"), 0)) AS stored, max(octet_length("patternSignature")) AS max,
              sum("plyCount" + 1) AS positions
         FROM "${schema}"."Game" WHERE kind::text = $1`,
      [kind],
    );
    const r = rows[0];
    return {
      games: Number(r.games),
      mainLinePositions: Number(r.positions ?? 0),
      gamesWithoutSignature: Number(r.games) - Number(r.signed),
      signatureBytesAvg: round(Number(r.avg ?? NaN), 1),
      signatureBytesMax: r.max ?? NaN,
      bytesPerGame: round(Number(r.stored ?? NaN), 1),
    };
  });

const analyzeSchema = (schema: string): Promise<void> =>
  withClient(async (client) => {
    const { rows } = await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'm')`,
      [schema],
    );
    for (const { name } of rows) await client.query(`ANALYZE "${schema}"."${name}"`);
  });

/** Starts tabula on `schema` (its own process), runs `work` with its GraphQL URL, stops it. */
async function withServer(schema: string, work: (url: string, pid: number) => Promise<void>): Promise<void> {
  const env = {
    DATABASE_URL,
    DATABASE_SCHEMA: schema,
    HOST: '127.0.0.1',
    PORT: String(PORT),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    TABULA_STATEMENT_TIMEOUT_MS: String(TIMEOUT_MS),
    TABULA_API_TOKEN: TOKEN,
  };
  const server = await startProcess(path.join(BUILD_ROOT, 'src/server/main.js'), env, `http://127.0.0.1:${PORT}/health/ready`);
  try {
    await work(`http://127.0.0.1:${PORT}/graphql`, server.pid!);
  } finally {
    await stopProcess(server);
  }
}

/** One corpus end to end: made or found, its signatures' bytes, caught up, analysed, its queries measured; dropped when this run made it (unless kept). */
async function corpus(
  name: string,
  schema: string,
  kind: Kind,
  make: { write: (file: string) => Record<string, number>; format: string } | undefined,
  queries: PatternQuery[],
): Promise<void> {
  const { games, imported } = make ? await ensureCorpus(name, schema, kind, make.write, make.format) : { games: await gamesOfKind(schema, kind), imported: false };
  try {
    const catchUpSeconds = await catchUp(schema);
    emit(`pattern-signature-${name}`, { schema, ...(await signatureFigures(schema, kind)), ...(catchUpSeconds === undefined ? {} : { catchUpSeconds }) });
    await analyzeSchema(schema);
    await withServer(schema, async (url, pid) => {
      for (const query of queries) emit(query.benchmark, await measure(url, query, games, { schema, serverPeakRssMb: round(peakRssMb(pid) ?? NaN) }));
    });
  } finally {
    if (imported && !KEEP) await dropSchema(schema);
    else if (imported) console.error(`patterns: schema ${schema} kept (${games} games, BENCH_PATTERN_KEEP=1): the next run measures it as it is`);
  }
}

async function main(): Promise<void> {
  if (PARTS.has('go')) {
    await corpus('go19', `bench_pattern_go19_${GO_GAMES}`, 'GO', { write: (file) => writeGoSgfFile(file, GO_GAMES, 19), format: 'sgf' }, [QUERIES.goCorner()]);
    await corpus('go9', `bench_pattern_go9_${GO_GAMES}`, 'GO', { write: (file) => writeGoSgfFile(file, GO_GAMES, 9), format: 'sgf' }, [QUERIES.go9x9()]);
  }
  if (PARTS.has('chess')) {
    const chess = [QUERIES.chessMaterial(), QUERIES.chessImbalance(), QUERIES.chessSubFen()];
    const scaleGames = SCALE_SCHEMA ? await gamesOfKind(SCALE_SCHEMA, 'CHESS') : 0;
    if (SCALE_SCHEMA && scaleGames === 0) console.error(`patterns: BENCH_SCALE_SCHEMA ${SCALE_SCHEMA} holds no chess game: generating ${CHESS_GAMES} games instead`);
    if (scaleGames > 0) await corpus('chess', SCALE_SCHEMA!, 'CHESS', undefined, chess);
    else await corpus('chess', `bench_pattern_chess_${CHESS_GAMES}`, 'CHESS', { write: (file) => ({ bytes: writePgnFile(file, CHESS_GAMES) }), format: 'pgn' }, chess);
  }
  if (PARTS.has('backgammon')) {
    await corpus('backgammon', `bench_pattern_bg_${BG_POSITIONS}`, 'BACKGAMMON', { write: (file) => writeBackgammonSgfFile(file, BG_POSITIONS), format: 'sgf' }, [QUERIES.backgammon()]);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
