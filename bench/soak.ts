/**
 * Load and soak test (issue 9, item 5). Not part of `npm test`. Build and run:
 *
 *   npm run soak -- --seconds 60
 *   # which is:
 *   npx esbuild bench/soak.ts --bundle --platform=node --packages=external --target=node20 \
 *     --define:require.main=undefined --outfile=dist/bench/soak.js
 *   node dist/bench/soak.js [--seconds N]          # default 180 s
 *
 * The bundle must sit two levels below the repository (dist/bench/) because the server finds
 * package.json, src/schema and prisma/migrations relative to its own code, and must be built with
 * `--define:require.main=undefined`: bundled, src/server/main.ts's `require.main === module` would
 * be true and start a second server on port 4000 with PGlite in ./data (this script refuses to run then).
 *
 * What it does: starts the server (this same file with `--serve`, a child process under
 * `node --expose-gc`, calling startServer) on PostgreSQL (DATABASE_URL, default
 * postgresql://postgres@127.0.0.1:5432/test) in a schema of its own (`soak_*`, dropped afterwards),
 * with TABULA_API_TOKEN set, listening on 127.0.0.1 only; seeds a few games; drives it with
 * autocannon (SOAK_CONNECTIONS, default 8) first for a short warm-up, then for the whole run:
 *   reads (80 %): position lookups by key, `games` pages (walking the cursor), `serverInfo`;
 *   writes (20 %): small distinct PGN games (3 of 4) and CGP positions (1 of 4) through
 *   `importGames` with the bearer token, each unique, so none is `alreadyImported`.
 * Every acknowledged write (HTTP 200 with data.importGames.importId) is recorded. Afterwards it
 * checks that each is in the database (PGN: the games per importId; CGP: the Import row and the
 * positions it reported new), then waits for the server to idle, collects garbage in it, and checks
 * its RSS came back to the baseline taken after the warm-up: within max(50 MB, 30 %).
 * Prints ONE JSON line (benchmark "memory-soak") and exits 1 when an acknowledged write was lost,
 * memory did not come back, or nothing was acknowledged.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startServer } from '../src/server/main';
import { stopForkedServer } from './common';

interface AutocannonResult {
  requests: { total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as Autocannon;

const DATABASE_URL = process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/test';
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS || 8);
const RSS_SLACK_MB = 50;
const RSS_SLACK_RATIO = 0.3;

/** Messages between this process and the server child. */
type ToChild = { type: 'memory'; gc: boolean } | { type: 'stop' };
type FromChild = { type: 'listening'; url: string } | { type: 'ready' } | { type: 'memory'; rss: number; gcExposed: boolean } | { type: 'error'; message: string };

// ------------------------------------------------------------------ child: the server

async function serve(): Promise<void> {
  const send = (m: FromChild) => process.send?.(m);
  const server = await startServer({ env: process.env });
  send({ type: 'listening', url: server.url });
  server.ready.then(
    () => send({ type: 'ready' }),
    (e: unknown) => send({ type: 'error', message: String(e) }),
  );
  const gc = (globalThis as { gc?: () => void }).gc;
  const stop = () => {
    server.stop().finally(() => process.exit(0));
  };
  process.on('message', (m: ToChild) => {
    if (m.type === 'stop') return stop();
    if (m.gc && gc) {
      gc();
      gc();
    }
    send({ type: 'memory', rss: process.memoryUsage().rss, gcExposed: gc !== undefined });
  });
  process.once('SIGTERM', stop);
  process.once('disconnect', stop);
}

// ------------------------------------------------------------------ parent: the load

class ServerChild {
  private waiting: ((m: FromChild) => void)[] = [];
  private constructor(readonly child: ChildProcess) {
    child.on('message', (m: FromChild) => {
      const next = this.waiting.shift();
      next?.(m);
    });
  }

  static async start(env: NodeJS.ProcessEnv): Promise<{ server: ServerChild; url: string }> {
    const child = fork(__filename, ['--serve'], { env, execArgv: ['--expose-gc'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    const server = new ServerChild(child);
    const listening = await server.next(60_000);
    if (listening.type !== 'listening') throw new Error(`server: ${JSON.stringify(listening)}`);
    const ready = await server.next(60_000);
    if (ready.type !== 'ready') throw new Error(`server not ready: ${JSON.stringify(ready)}`);
    return { server, url: listening.url };
  }

  next(timeoutMs: number): Promise<FromChild> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no answer from the server child')), timeoutMs);
      const onExit = (code: number | null) => reject(new Error(`server child exited with ${code}`));
      this.child.once('exit', onExit);
      this.waiting.push((m) => {
        clearTimeout(timer);
        this.child.off('exit', onExit);
        resolve(m);
      });
    });
  }

  /** The child's RSS in MB (after two full collections when `gc`). */
  async rssMb(gc = false): Promise<{ mb: number; gcExposed: boolean }> {
    const answer = this.next(10_000);
    this.child.send({ type: 'memory', gc } satisfies ToChild);
    const m = await answer;
    if (m.type !== 'memory') throw new Error(`unexpected ${JSON.stringify(m)}`);
    return { mb: m.rss / 2 ** 20, gcExposed: m.gcExposed };
  }

  stop(): Promise<void> {
    return stopForkedServer(this.child, { type: 'stop' } satisfies ToChild);
  }
}

const OPENINGS = [
  'e4 e5 Nf3 Nc6 Bb5 a6',
  'd4 d5 c4 e6 Nc3 Nf6',
  'e4 c5 Nf3 d6 d4 cxd4',
  'c4 e5 Nc3 Nf6 g3 d5',
  'Nf3 d5 g3 Nf6 Bg2 e6',
  'e4 e6 d4 d5 Nc3 Bb4',
];
const TAIL = ['h3', 'a3', 'h4', 'a4', 'b3', 'g3'];

/** A one-game PGN no other write has: its tags and its last move depend on `n`. */
const pgnGame = (run: string, n: number): string => {
  const moves = `${OPENINGS[n % OPENINGS.length]} ${TAIL[Math.floor(n / OPENINGS.length) % TAIL.length]}`.split(' ');
  const text = moves.map((m, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${m}` : m)).join(' ');
  return `[Event "soak ${run}"]\n[Site "127.0.0.1"]\n[Round "${n}"]\n[White "white ${n}"]\n[Black "black ${n}"]\n[Result "*"]\n\n${text} *\n`;
};

const RACKS = ['AEINRST', 'EIOULNR', 'QUIZ', 'JAKE', 'BOXED', 'AEIOU?', 'STRONG'];
/** A CGP line no other write has: the scores are `n`. */
const cgpLine = (n: number): string =>
  `15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ${RACKS[n % RACKS.length]}/${RACKS[(n + 3) % RACKS.length]} ${n}/${n % 97} 0 lex CSW21;`;

const READ_POSITION = 'query Lookup($key: String!, $kind: GameKind) { positions(key: $key, kind: $kind) { id key board occurrenceCount } }';
const READ_GAMES =
  'query Games($after: String) { games(first: 20, after: $after) { nodes { id kind player1 player2 event result } pageInfo { endCursor hasNextPage } totalCount } }';
const READ_INFO = 'query Info { serverInfo { version database importFormats } }';
const WRITE =
  'mutation Import($format: GameFormat!, $data: String!) { importGames(format: $format, data: $data) { importId alreadyImported gameCount positionCount } }';

interface Ack {
  importId: string;
  format: 'PGN' | 'CGP';
  gameCount: number;
  positionCount: number;
}

interface Tally {
  reads: number;
  writes: number;
  writeErrors: number;
  alreadyImported: number;
  acks: Ack[];
}

async function post(url: string, body: unknown, token?: string): Promise<{ data?: Record<string, unknown>; errors?: unknown[] }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${url}/graphql`, { method: 'POST', headers, body: JSON.stringify(body) });
  const json = (await res.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
  if (!res.ok || json.errors) throw new Error(`${res.status}: ${JSON.stringify(json).slice(0, 500)}`);
  return json;
}

/** Runs the mix for `seconds` and adds what happened to `tally`. */
async function runLoad(url: string, token: string, seconds: number, keys: { key: string; kind: string }[], run: string, counter: { n: number }, tally: Tally) {
  type Ctx = { op?: string; after?: string | null; format?: 'PGN' | 'CGP' };
  let random = 0x9e3779b9;
  const next = () => {
    random ^= random << 13;
    random ^= random >>> 17;
    random ^= random << 5;
    return (random >>> 0) / 2 ** 32;
  };
  const result = await autocannon({
    url: `${url}/graphql`,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 30,
    requests: [
      {
        method: 'POST',
        setupRequest: (req: Record<string, unknown>, context: Ctx) => {
          const r = next();
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          let body: unknown;
          if (r < 0.2) {
            const n = counter.n++;
            context.format = n % 4 === 3 ? 'CGP' : 'PGN';
            context.op = 'write';
            headers.authorization = `Bearer ${token}`;
            body = { query: WRITE, operationName: 'Import', variables: { format: context.format, data: context.format === 'PGN' ? pgnGame(run, n) : cgpLine(n) } };
          } else if (r < 0.6) {
            context.op = 'read';
            const k = keys[Math.floor(next() * keys.length)];
            body = { query: READ_POSITION, operationName: 'Lookup', variables: k };
          } else if (r < 0.85) {
            context.op = 'games';
            body = { query: READ_GAMES, operationName: 'Games', variables: { after: context.after ?? null } };
          } else {
            context.op = 'read';
            body = { query: READ_INFO, operationName: 'Info' };
          }
          return { ...req, method: 'POST', headers, body: JSON.stringify(body) };
        },
        onResponse: (status: number, body: string, context: Ctx) => {
          if (context.op !== 'write') {
            tally.reads++;
            if (context.op === 'games') {
              try {
                const page = (JSON.parse(body) as { data?: { games?: { pageInfo: { endCursor: string | null; hasNextPage: boolean } } } }).data?.games?.pageInfo;
                context.after = page?.hasNextPage ? page.endCursor : null;
              } catch {
                context.after = null;
              }
            }
            return;
          }
          tally.writes++;
          let report: { importId?: string; alreadyImported?: boolean; gameCount?: number; positionCount?: number } | undefined;
          try {
            report = (JSON.parse(body) as { data?: { importGames?: typeof report } }).data?.importGames ?? undefined;
          } catch {
            report = undefined;
          }
          if (status !== 200 || !report?.importId) {
            tally.writeErrors++;
            return;
          }
          if (report.alreadyImported) tally.alreadyImported++;
          tally.acks.push({ importId: report.importId, format: context.format!, gameCount: report.gameCount ?? 0, positionCount: report.positionCount ?? 0 });
        },
      },
    ],
  });
  return result;
}

/** How many acknowledged writes the database does not hold. */
async function countLost(client: pg.Client, schema: string, acks: Ack[]): Promise<{ lost: number; missingGames: number; missingPositions: number }> {
  const ids = acks.map((a) => a.importId);
  const games = new Map<string, number>();
  for (const row of (
    await client.query<{ importId: string; n: string }>(`SELECT "importId"::text AS "importId", count(*) AS n FROM "${schema}"."Game" WHERE "importId" = ANY($1::int8[]) GROUP BY 1`, [ids])
  ).rows) {
    games.set(row.importId, Number(row.n));
  }
  const imports = new Set(
    (await client.query<{ id: string }>(`SELECT id::text AS id FROM "${schema}"."Import" WHERE id = ANY($1::int8[])`, [ids])).rows.map((r) => r.id),
  );
  const crossword = Number(
    (await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${schema}"."Position" WHERE kind = 'CROSSWORD'`)).rows[0].n,
  );
  const reported = acks.filter((a) => a.format === 'CGP').reduce((n, a) => n + a.positionCount, 0);
  const missingPositions = Math.max(reported - crossword, 0);
  let lost = 0;
  let missingGames = 0;
  for (const a of acks) {
    const have = games.get(a.importId) ?? 0;
    if (!imports.has(a.importId) || have < a.gameCount || (a.format === 'PGN' && a.gameCount < 1)) {
      lost++;
      missingGames += Math.max(a.gameCount - have, 0);
    }
  }
  return { lost: lost + missingPositions, missingGames, missingPositions };
}

async function soak(seconds: number): Promise<boolean> {
  const schema = `soak_${randomBytes(5).toString('hex')}`;
  const token = `soak_${randomBytes(24).toString('base64url')}`;
  const run = randomBytes(4).toString('hex');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL,
    DATABASE_SCHEMA: schema,
    TABULA_API_TOKEN: token,
    TABULA_READ_REQUIRES_TOKEN: '0',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    NODE_ENV: 'production',
  };
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  let server: ServerChild | undefined;
  try {
    const started = await ServerChild.start(env);
    server = started.server;
    const { url } = started;

    // Seed: a few chess games and crossword positions to look up.
    const seedPgn = Array.from({ length: 6 }, (_, i) => pgnGame(`seed-${run}`, 1000 + i)).join('\n');
    await post(url, { query: WRITE, variables: { format: 'PGN', data: seedPgn } }, token);
    await post(url, { query: WRITE, variables: { format: 'CGP', data: [cgpLine(100_000), cgpLine(100_001)].join('\n') } }, token);
    const keys = (await client.query<{ key: string; kind: string }>(`SELECT key, kind::text AS kind FROM "${schema}"."Position" ORDER BY id LIMIT 200`)).rows;
    if (keys.length === 0) throw new Error('seeding stored no positions');

    const tally: Tally = { reads: 0, writes: 0, writeErrors: 0, alreadyImported: 0, acks: [] };
    const counter = { n: 0 };
    const warmup = Math.max(3, Math.min(10, Math.round(seconds / 10)));
    const warm = await runLoad(url, token, warmup, keys, run, counter, tally);
    await sleep(2000);
    const baseline = await server.rssMb(true);

    let peak = baseline.mb;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, (await server!.rssMb(false)).mb);
        await sleep(500);
      }
    })();
    const mainTally: Tally = { reads: 0, writes: 0, writeErrors: 0, alreadyImported: 0, acks: [] };
    // Beside the request mix, two large imports at a time (2,000 games each) for the whole run:
    // reads must keep their share of the pool while imports hold theirs.
    let importing = true;
    const bulk = { imports: 0, games: 0, failed: 0 };
    const bulkImporter = async (lane: number) => {
      for (let i = 0; importing; i++) {
        const data = Array.from({ length: 2_000 }, (_, g) => pgnGame(`bulk-${run}-${lane}-${i}`, g)).join('\n');
        try {
          const r = await post(url, { query: WRITE, variables: { format: 'PGN', data } }, token);
          const report = r.data?.importGames as { importId: string; gameCount: number } | undefined;
          if (report) {
            bulk.imports++;
            bulk.games += report.gameCount;
            mainTally.acks.push({ importId: report.importId, format: 'PGN', gameCount: report.gameCount, positionCount: 0 });
          }
        } catch {
          bulk.failed++;
        }
      }
    };
    const bulkLanes = [bulkImporter(0), bulkImporter(1)];
    const loaded = await runLoad(url, token, seconds, keys, run, counter, mainTally);
    importing = false;
    await Promise.all(bulkLanes);
    sampling = false;
    await sampler;

    // Idle, then collect, until RSS is back or 30 s have passed.
    const limit = baseline.mb + Math.max(RSS_SLACK_MB, baseline.mb * RSS_SLACK_RATIO);
    let after = Infinity;
    for (let waited = 0; waited <= 30; waited += 5) {
      await sleep(5000);
      after = (await server.rssMb(true)).mb;
      if (after <= limit) break;
    }

    const acks = [...tally.acks, ...mainTally.acks];
    const { lost, missingGames, missingPositions } = await countLost(client, schema, acks);
    const memoryOk = after <= limit;
    const ok = lost === 0 && memoryOk && mainTally.acks.length > 0 && bulk.failed === 0;
    const round = (v: number, d = 1) => Math.round(v * 10 ** d) / 10 ** d;
    console.log(
      JSON.stringify({
        benchmark: 'memory-soak',
        seconds,
        connections: CONNECTIONS,
        requests: loaded.requests.total,
        reads: mainTally.reads,
        readsPerSecond: round(mainTally.reads / seconds),
        readsPerSecondWarmup: round(tally.reads / warmup),
        writes: mainTally.writes,
        bulkImports: bulk.imports,
        bulkGames: bulk.games,
        bulkFailed: bulk.failed,
        acknowledged: mainTally.acks.length,
        acknowledgedWithWarmup: acks.length,
        lost,
        missingGames,
        missingPositions,
        writeErrors: mainTally.writeErrors + tally.writeErrors,
        alreadyImported: mainTally.alreadyImported + tally.alreadyImported,
        non2xx: loaded.non2xx + warm.non2xx,
        errors: loaded.errors + warm.errors,
        timeouts: loaded.timeouts + warm.timeouts,
        p50: loaded.latency.p50,
        p99: loaded.latency.p99,
        warmupSeconds: warmup,
        gcExposed: baseline.gcExposed,
        rssBaselineMb: round(baseline.mb),
        rssPeakMb: round(peak),
        rssAfterMb: round(after),
        rssLimitMb: round(limit),
        ok,
      }),
    );
    return ok;
  } finally {
    await server?.stop();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
    await client.end();
  }
}

async function main(): Promise<void> {
  if (require.main !== undefined) {
    // Exits before the bundled src/server/main.ts's own main() gets past its first await.
    console.error('build bench/soak.ts with --define:require.main=undefined (see its header)');
    process.exit(2);
  }
  const { values } = parseArgs({ options: { serve: { type: 'boolean' }, seconds: { type: 'string' } } });
  if (values.serve) return serve();
  const seconds = Number(values.seconds ?? 180);
  if (!Number.isInteger(seconds) || seconds < 1) throw new Error(`--seconds takes a whole number above 0, got ${values.seconds}`);
  const ok = await soak(seconds);
  process.exit(ok ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
