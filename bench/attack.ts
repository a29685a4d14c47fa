/**
 * What one anonymous request can cost (issue 25, item 5). Not part of `npm test`. Build and run:
 *
 *   npm run attack                      # PGlite, then PostgreSQL when DATABASE_URL is set
 *   npm run attack -- --seconds 3       # seconds per phase (default 4)
 *   npm run attack -- --only goScore,introspection   # only the cases whose name contains one of these
 *
 * Bundled like bench/soak.ts (dist/bench/attack.js, `--define:require.main=undefined`).
 *
 * For each database it starts the server (this file with `--serve`, a child process calling
 * startServer) on 127.0.0.1 with a port of its own: PGlite in a fresh temporary directory, and,
 * with DATABASE_URL, PostgreSQL in a schema of its own (`attack_*`, dropped afterwards). It loads
 * data with an admin token (TABULA_API_TOKEN, random): 300 generated chess games, a Go position
 * file of 2,000 positions and two Go score files over it. Then, every request anonymous:
 * Then it restarts the server on the same data (so its memory is a serving server's) and, every
 * request anonymous, for each heavy query of the list below:
 *   1. four clients look position keys up (`positions(key:)`), one request after another, for
 *      one phase: their rate alone (measured next to each case, as the machine's load drifts);
 *   2. one client sends the heavy query in a loop while the four clients look keys up, for one
 *      phase: how often it is refused (code and limit) or answered (latency, largest response),
 *      and the lookups' rate against their rate alone;
 *   3. eight clients send it in parallel for one phase while the server's RSS is read from
 *      /proc every 100 ms: its peak.
 * Everything is bounded: phases of `--seconds`, a request timeout of 20 s, loopback only.
 * Prints a Markdown table per database (docs/RELIABILITY.md has the last one) and one JSON
 * line; exits 1 when a heavy query was answered in 1 s or more, or with 10 MB or more, or the
 * lookups fell under 0.5× their rate, or the server's RSS passed 500 MB (see BAR).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startServer } from '../src/server/main';
import { chessGames } from './chessGames';
import { stopForkedServer } from './common';
import { writeGoPositionFile, writeGoScoreFile } from './goData';

/**
 * The bar of issue 25. Memory: under 500 MB, or, for a server already above it before the case
 * (PGlite's own memory grows with the pages it has read, whatever the queries), less than 50 MB
 * added by eight clients sending the query.
 */
const BAR = { latencyMs: 1000, bytes: 10 * 1024 ** 2, lookupRatio: 0.5, rssMb: 500, rssGrowthMb: 50 };
const LOOKUP_CLIENTS = 4;
const PARALLEL_CLIENTS = 8;
const REQUEST_TIMEOUT_MS = 20_000;

type ToChild = { type: 'stop' };
type FromChild = { type: 'listening'; url: string } | { type: 'error'; message: string };

// ------------------------------------------------------------------ child: the server

async function serve(): Promise<void> {
  const send = (m: FromChild) => process.send?.(m);
  const server = await startServer({ env: process.env });
  await server.ready;
  send({ type: 'listening', url: server.url });
  const stop = () => void server.stop().finally(() => process.exit(0));
  process.on('message', (m: ToChild) => {
    if (m.type === 'stop') stop();
  });
  process.once('disconnect', stop);
}

// ------------------------------------------------------------------ parent

class ServerChild {
  private waiting: ((m: FromChild) => void)[] = [];
  private constructor(readonly child: ChildProcess) {
    child.on('message', (m: FromChild) => this.waiting.shift()?.(m));
  }

  static async start(env: NodeJS.ProcessEnv): Promise<{ server: ServerChild; url: string }> {
    const child = fork(__filename, ['--serve'], { env, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    const server = new ServerChild(child);
    const listening = await server.next(120_000);
    if (listening.type !== 'listening') throw new Error(`server: ${JSON.stringify(listening)}`);
    if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(listening.url)) throw new Error(`the server must listen on loopback, not ${listening.url}`);
    return { server, url: listening.url };
  }

  next(timeoutMs: number): Promise<FromChild> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no answer from the server child')), timeoutMs);
      this.waiting.push((m) => {
        clearTimeout(timer);
        resolve(m);
      });
    });
  }

  /** The server's resident memory now, read from /proc (no message: the server may be busy). */
  rssMb(): number {
    const status = fs.readFileSync(`/proc/${this.child.pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(status);
    return kb ? Number(kb[1]) / 1024 : NaN;
  }

  stop(): Promise<void> {
    return stopForkedServer(this.child, { type: 'stop' } satisfies ToChild);
  }
}

interface Answer {
  status: number;
  bytes: number;
  ms: number;
  code?: string;
  body: { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: Record<string, unknown> }[]; extensions?: Record<string, unknown> };
}

async function post(url: string, body: unknown, token?: string): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const started = performance.now();
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${url}/graphql`, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    text = await res.text();
  } catch (error) {
    if ((error as Error).name !== 'TimeoutError') throw error;
    return { status: 0, bytes: 0, ms: performance.now() - started, code: 'TIMEOUT', body: {} };
  }
  const ms = performance.now() - started;
  const parsed = JSON.parse(text) as Answer['body'];
  return { status: res.status, bytes: Buffer.byteLength(text), ms, code: parsed.errors?.[0]?.extensions?.code as string | undefined, body: parsed };
}

const must = async (url: string, body: unknown, token?: string): Promise<Record<string, unknown>> => {
  const answer = await post(url, body, token);
  if (answer.status !== 200 || answer.body.errors) throw new Error(`${answer.status}: ${JSON.stringify(answer.body).slice(0, 500)}`);
  return answer.body.data ?? {};
};

// ------------------------------------------------------------------ the data

const IMPORT = 'mutation ($f: GameFormat!, $d: String!, $o: ImportOptions) { importGames(format: $f, data: $d, options: $o) { importId gameCount } }';

async function load(url: string, token: string): Promise<{ keys: string[]; importId: string; goHash: string }> {
  const pgn = Array.from(chessGames(300), (g) => g.text).join('');
  await must(url, { query: IMPORT, variables: { f: 'PGN', d: pgn } }, token);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-attack-files-'));
  try {
    await writeGoPositionFile(path.join(dir, 'p.bin'), 2000);
    await writeGoScoreFile(path.join(dir, 'a.bin'), 2000, 2);
    await writeGoScoreFile(path.join(dir, 'b.bin'), 2000, 3);
    const file = (name: string) => fs.readFileSync(path.join(dir, name)).toString('base64');
    const go = (await must(url, { query: IMPORT, variables: { f: 'GO_POSITIONS', d: file('p.bin') } }, token)) as { importGames: { importId: string } };
    await must(url, { query: IMPORT, variables: { f: 'GO_SCORES', d: file('a.bin'), o: { program: 'a', ruleset: '' } } }, token);
    await must(url, { query: IMPORT, variables: { f: 'GO_SCORES', d: file('b.bin'), o: { program: 'b', ruleset: '' } } }, token);
    const data = (await must(url, { query: '{ games(first: 100) { nodes { plies { position { key } } } } }' }, token)) as {
      games: { nodes: { plies: { position: { key: string } }[] }[] };
    };
    const keys = [...new Set(data.games.nodes.flatMap((g) => g.plies.map((p) => p.position.key)))];
    const goKey = (await must(url, { query: '{ goScoreDiff(a: { program: "a" }, b: { program: "b" }, first: 1) { nodes { position { key } } } }' }, token)) as {
      goScoreDiff: { nodes: { position: { key: string } }[] };
    };
    return { keys, importId: go.importGames.importId, goHash: goKey.goScoreDiff.nodes[0]?.position.key ?? '' };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------ the queries

interface Heavy {
  name: string;
  query: string;
  variables?: Record<string, unknown>;
}

const aliases = (count: number, selection: string): string => `{ ${Array.from({ length: count }, (_, i) => `a${i}: ${selection}`).join(' ')} }`;

const heavyQueries = (keys: string[], importId: string, goHash: string): Heavy[] => {
  const k = (n: number) => Array.from({ length: n }, (_, i) => keys[i % keys.length]);
  const byKeys = (n: number, selection: string): Heavy => ({
    name: `positionsByKeys(${n} keys) { ${selection} }`,
    query: `query ($k: [String!]!) { positionsByKeys(keys: $k) { ${selection} } }`,
    variables: { k: k(n) },
  });
  const goSets = 'a: { program: "a" }, b: { program: "b" }';
  return [
    // The issue's attacks.
    { name: 'games(first: 100) { nodes { plies { svg } } }', query: '{ games(first: 100) { nodes { plies { svg } } } }' },
    { name: 'games(first: 100) { plies { position { occurrenceCount } } }', query: '{ games(first: 100) { nodes { plies { position { occurrenceCount } } } } }' },
    byKeys(1000, 'occurrenceCount'),
    byKeys(1000, 'moves { move count }'),
    byKeys(1000, 'svg(size: 2048)'),
    byKeys(1000, 'occurrences(first: 3) { game { plies { number } } }'),
    { name: '30 × exportGoPositions', query: aliases(30, 'exportGoPositions') },
    { name: `30 × exportGoPositions(importId)`, query: aliases(30, `exportGoPositions(importId: "${importId}")`) },
    { name: '30 × findPositions(Go hash) { occurrenceCount }', query: aliases(30, `findPositions(text: "${goHash}") { key occurrenceCount }`) },
    { name: '30 × goScoreDiff', query: aliases(30, `goScoreDiff(${goSets}) { compared disagreeing nodes { difference } }`) },
    { name: '30 × goScoreCrossTab', query: aliases(30, `goScoreCrossTab(${goSets}) { a b positions }`) },
    // The largest of each kind the anonymous limit lets through.
    { name: 'games(first: 2) { nodes { plies { svg } } }', query: '{ games(first: 2) { nodes { plies { svg } } } }' },
    { name: 'game { mainLine { number move svg(size: 160) } } (explorer example)', query: '{ game(id: "1") { mainLine { number move svg(size: 160) } } }' },
    byKeys(55, 'occurrenceCount'),
    byKeys(2, 'id key board'), // under the free cost: never throttled
    byKeys(20, 'id key board'),
    { name: '20 × positions(key) { id key board occurrenceCount }', query: aliases(20, `positions(key: "${keys[0]}") { id key board occurrenceCount }`) },
    byKeys(75, 'id key board'),
    byKeys(50, 'svg(size: 2048)'),
    byKeys(35, 'moves { move count }'),
    { name: 'exportGoPositions', query: '{ exportGoPositions }' },
    { name: '3 × exportGoPositions(importId)', query: aliases(3, `exportGoPositions(importId: "${importId}")`) },
    { name: '25 × findPositions(Go hash) { occurrenceCount }', query: aliases(25, `findPositions(text: "${goHash}") { key occurrenceCount }`) },
    { name: 'goScoreDiff', query: `{ goScoreDiff(${goSets}) { compared disagreeing nodes { difference } } }` },
    { name: '30 × goStoneHistogram', query: aliases(30, 'goStoneHistogram { stoneCount positions }') },
    { name: 'goScoreCrossTab', query: `{ goScoreCrossTab(${goSets}) { a b positions } }` },
    { name: '30 × chessPlayerAnalysis', query: aliases(30, 'chessPlayerAnalysis { player games }') },
    { name: 'introspection', query: '{ __schema { types { name fields { name args { name type { name } } type { name kind ofType { name } } } } } }' },
  ];
};

const LOOKUP = 'query ($key: String!) { positions(key: $key) { id key board occurrenceCount } }';

/** Clients that look keys up one request after another until `until`; how many answered. */
async function lookups(url: string, keys: string[], until: number): Promise<number> {
  let done = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: LOOKUP_CLIENTS }, async (_, c) => {
      for (let i = c; performance.now() < until; i += LOOKUP_CLIENTS) {
        const answer = await post(url, { query: LOOKUP, variables: { key: keys[i % keys.length] } });
        if (answer.status === 200 && !answer.body.errors) done++;
        else failed++;
      }
    }),
  );
  if (failed > 0) throw new Error(`${failed} lookups failed`);
  return done;
}

interface HeavyResult {
  name: string;
  cost: number;
  refused?: string;
  requests: number;
  served: number;
  baseline: number;
  maxMs: number;
  p50Ms: number;
  maxBytes: number;
  lookupRatio: number;
  rssBeforeMb: number;
  peakRssMb: number;
  held: boolean;
}

/** One client sending `heavy` in a loop until `until`. */
async function loop(url: string, heavy: Heavy, until: number): Promise<Answer[]> {
  const answers: Answer[] = [];
  do answers.push(await post(url, { query: heavy.query, variables: heavy.variables }));
  while (performance.now() < until);
  return answers;
}

/** `--only A,B`: run only the cases whose name contains A or B. */
let only: string | undefined;

async function runDatabase(label: string, env: NodeJS.ProcessEnv, seconds: number): Promise<HeavyResult[]> {
  const token = randomBytes(24).toString('base64url');
  const serverEnv = { ...env, HOST: '127.0.0.1', PORT: '0', TABULA_API_TOKEN: token, LOG_LEVEL: 'silent' };
  // Load, then start a fresh server on the same data: its memory is the serving server's, not the importer's.
  let { server, url } = await ServerChild.start(serverEnv);
  process.stderr.write(`[${label}] loading data\n`);
  const loaded = await load(url, token).finally(() => server.stop());
  ({ server, url } = await ServerChild.start(serverEnv));
  try {
    const { keys, importId, goHash } = loaded;
    const phase = seconds * 1000;
    await lookups(url, keys, performance.now() + 2000); // warm-up
    const results: HeavyResult[] = [];
    for (const heavy of heavyQueries(keys, importId, goHash).filter((h) => !only || only.split(',').some((part) => h.name.includes(part)))) {
      // The lookups' rate alone, just before: the machine's load drifts during a run.
      const baseline = (await lookups(url, keys, performance.now() + phase)) / seconds;
      const dry = await post(url, { query: heavy.query, variables: heavy.variables, extensions: { cost: 'dryRun' } });
      const cost = (dry.body.extensions?.cost as { requested: number } | undefined)?.requested ?? NaN;
      const until = performance.now() + phase;
      const [answers, looked] = await Promise.all([loop(url, heavy, until), lookups(url, keys, until)]);
      const refusals = new Map<string, number>();
      for (const a of answers) {
        const limit = a.body.errors?.[0]?.extensions?.limit;
        if (a.code) refusals.set(`${a.code}${limit ? ` (${limit})` : ''}`, (refusals.get(`${a.code}${limit ? ` (${limit})` : ''}`) ?? 0) + 1);
      }
      const served = answers.filter((a) => !a.code);
      const ms = served.map((a) => a.ms).sort((a, b) => a - b);
      // Eight clients in parallel, the server's RSS sampled.
      const rssBefore = server.rssMb();
      let peak = rssBefore;
      const sampler = setInterval(() => (peak = Math.max(peak, server.rssMb())), 100);
      const parallel = await Promise.all(Array.from({ length: PARALLEL_CLIENTS }, () => loop(url, heavy, performance.now() + phase)));
      clearInterval(sampler);
      peak = Math.max(peak, server.rssMb());
      const parallelServed = parallel.flat().filter((a) => !a.code);
      const otherErrors = [...answers, ...parallel.flat()].filter((a) => a.code && a.code !== 'QUERY_LIMIT_EXCEEDED');
      const result: HeavyResult = {
        name: heavy.name,
        cost,
        refused: [...refusals].map(([what, n]) => `${n} × ${what}`).join(', ') || undefined,
        requests: answers.length,
        served: served.length,
        maxMs: ms.length ? ms[ms.length - 1] : 0,
        p50Ms: ms.length ? ms[Math.floor(ms.length / 2)] : 0,
        maxBytes: Math.max(0, ...served.map((a) => a.bytes), ...parallelServed.map((a) => a.bytes)),
        baseline,
        lookupRatio: looked / seconds / baseline,
        rssBeforeMb: rssBefore,
        peakRssMb: peak,
        held: false,
      };
      result.held =
        otherErrors.length === 0 &&
        result.maxMs < BAR.latencyMs &&
        result.maxBytes < BAR.bytes &&
        result.lookupRatio >= BAR.lookupRatio &&
        (result.peakRssMb < BAR.rssMb || result.peakRssMb - result.rssBeforeMb < BAR.rssGrowthMb);
      results.push(result);
      const answer = served.length ? `${served.length} served, p50 ${result.p50Ms.toFixed(0)} ms, max ${result.maxMs.toFixed(0)} ms` : 'none served';
      process.stderr.write(`[${label}] ${heavy.name}: ${answer}; ${result.refused ?? 'none refused'}; lookups ${result.lookupRatio.toFixed(2)}×; rss ${peak.toFixed(0)} MB${otherErrors.length ? `; ${otherErrors.length} other errors: ${otherErrors[0].code}` : ''}\n`);
    }
    printTable(label, results);
    return results;
  } finally {
    await server.stop();
  }
}

function printTable(label: string, results: HeavyResult[]): void {
  const lines = [
    `\n${label}: ${LOOKUP_CLIENTS} clients look keys up while one client loops each query (then ${PARALLEL_CLIENTS} clients in parallel for the peak RSS)\n`,
    '| query | cost | answered (p50 / max, largest) | refused | lookups/s alone | lookups | RSS before → peak | held |',
    '|---|---:|---|---|---:|---:|---:|---|',
  ];
  for (const r of results) {
    const answered = r.served ? `${r.served}: ${r.p50Ms.toFixed(0)} / ${r.maxMs.toFixed(0)} ms, ${(r.maxBytes / 1024).toFixed(0)} kB` : '–';
    lines.push(
      `| \`${r.name}\` | ${r.cost} | ${answered} | ${r.refused ?? '–'} | ${r.baseline.toFixed(0)} | ${r.lookupRatio.toFixed(2)}× | ${r.rssBeforeMb.toFixed(0)} → ${r.peakRssMb.toFixed(0)} MB | ${r.held ? 'yes' : '**no**'} |`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { seconds: { type: 'string', default: '4' }, only: { type: 'string' } } });
  only = values.only;
  const seconds = Number(values.seconds);
  if (!(seconds > 0 && seconds <= 60)) throw new Error('--seconds must be between 0 and 60');
  const all: Record<string, HeavyResult[]> = {};
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-attack-'));
  try {
    const base = { ...process.env };
    delete base.DATABASE_URL;
    all.pglite = await runDatabase('PGlite', { ...base, TABULA_DATA_DIR: dataDir }, seconds);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (process.env.DATABASE_URL) {
    const schema = `attack_${randomBytes(4).toString('hex')}`;
    try {
      all.postgresql = await runDatabase('PostgreSQL', { ...process.env, DATABASE_SCHEMA: schema }, seconds);
    } finally {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
  }
  const cases = Object.values(all).flat();
  const held = cases.filter((r) => r.held).length;
  process.stdout.write(`${JSON.stringify({ benchmark: 'attack', cases: cases.length, held, results: all })}\n`);
  if (held < cases.length) process.exitCode = 1;
}

if (process.argv.includes('--serve')) {
  serve().catch((e: unknown) => {
    process.send?.({ type: 'error', message: String(e) } satisfies FromChild);
    process.exit(1);
  });
} else {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
