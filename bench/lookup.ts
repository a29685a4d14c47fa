/**
 * Lookup benchmark (compiled by bench/run.sh with tsc; run as `node $OUT/bench/lookup.js`):
 * seeds schema bench_lookup with BENCH_LOOKUP_POSITIONS (100,000) Go positions through the CLI's
 * bulk path, starts tabula (`src/server/main.js`, its own process, LOG_LEVEL=info to /dev/null) and
 * bench/refServer.js (a raw prepared-pg HTTP server), and drives both with autocannon from this
 * process (16 connections, BENCH_LOOKUP_SECONDS = 10 s each, after a 2 s warm-up):
 *   lookup-single:  `positions(key:, kind: GO)` one key per request, random keys
 *   lookup-batch20: 20 aliased `positions` per request
 *   lookup-list20:  `positionsByKeys(keys:, kind: GO)` with 20 keys per request (the batch API)
 * and the same two against the reference. Prints one JSON line per run (with the server process's
 * CPU milliseconds per request, a figure that holds better than req/s on a busy machine), the
 * tabula/reference ratios, and the tabula server's peak RSS under this load (memory-server). Drops the schema after.
 * BENCH_CPU_PROF=DIR runs the tabula server with `node --cpu-prof --cpu-prof-dir=DIR`.
 * BENCH_LOOKUP_SCHEMA (bench_lookup) and BENCH_LOOKUP_PORT (4517; the reference takes the next
 * port) let two runs (a branch and a copy of main) share the machine.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { writeGoPositionFile } from './goData';
import { BUILD_ROOT, DATABASE_URL, cliImport, cpuSeconds, dropSchema, emit, peakRssMb, prng, round, startProcess, stopProcess, LOAD_CONNECTIONS, loadHttp } from './common';


const SCHEMA = process.env.BENCH_LOOKUP_SCHEMA || 'bench_lookup';
const POSITIONS = Number(process.env.BENCH_LOOKUP_POSITIONS || 100_000);
const DURATION = Number(process.env.BENCH_LOOKUP_SECONDS || 10);
const BATCH = 20;
const TABULA_PORT = Number(process.env.BENCH_LOOKUP_PORT || 4517);
/**
 * The batches of 20 keys cost 600 (docs/API.md, The cost of a query): over the anonymous free
 * cost (250), they would share the anonymous budget of 1,500 per second. This benchmark measures
 * throughput, so its server lets them through (as a reader token would).
 */
const LOOKUP_FREE_COST = '1000';
const REF_PORT = TABULA_PORT + 1;

const FIELDS = 'id key sideToMove board';
const SINGLE = `query Lookup($key: String!) { positions(key: $key, kind: GO) { ${FIELDS} } }`;
const BATCHED = `query Lookup20(${Array.from({ length: BATCH }, (_, i) => `$k${i}: String!`).join(', ')}) { ${Array.from(
  { length: BATCH },
  (_, i) => `p${i}: positions(key: $k${i}, kind: GO) { ${FIELDS} }`,
).join(' ')} }`;
const LIST = `query LookupList($keys: [String!]!) { positionsByKeys(keys: $keys, kind: GO) { ${FIELDS} } }`;

async function sampleKeys(): Promise<string[]> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ key: string }>(`SELECT key FROM "${SCHEMA}"."Position" WHERE kind = 'GO' ORDER BY md5(key) LIMIT 10000`);
    await client.query(`ANALYZE "${SCHEMA}"."Position"`);
    return rows.map((r) => r.key);
  } finally {
    await client.end();
  }
}


async function main(): Promise<void> {
  await dropSchema(SCHEMA);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-lookup-'));
  const file = path.join(dir, 'positions.dat');
  await writeGoPositionFile(file, POSITIONS);
  const seeded = await cliImport({ schema: SCHEMA }, ['--format', 'go-positions', file]);
  fs.rmSync(dir, { recursive: true, force: true });
  const keys = await sampleKeys();
  const random = prng(7);
  const pick = () => keys[Math.floor(random() * keys.length)];
  const single = () => JSON.stringify({ query: SINGLE, variables: { key: pick() }, operationName: 'Lookup' });
  const batch = () => {
    const variables: Record<string, string> = {};
    for (let i = 0; i < BATCH; i++) variables[`k${i}`] = pick();
    return JSON.stringify({ query: BATCHED, variables, operationName: 'Lookup20' });
  };
  const list = () => JSON.stringify({ query: LIST, variables: { keys: Array.from({ length: BATCH }, pick) }, operationName: 'LookupList' });
  const refSingle = () => JSON.stringify({ keys: [pick()] });
  const refBatch = () => JSON.stringify({ keys: Array.from({ length: BATCH }, pick) });

  const env = { DATABASE_URL, DATABASE_SCHEMA: SCHEMA, HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'production' };
  const profile = process.env.BENCH_CPU_PROF ? [`--cpu-prof`, `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const tabula = await startProcess(path.join(BUILD_ROOT, 'src/server/main.js'), { ...env, PORT: String(TABULA_PORT), TABULA_FREE_COST: LOOKUP_FREE_COST }, `http://127.0.0.1:${TABULA_PORT}/health/ready`, profile);
  const reference = await startProcess(path.join(BUILD_ROOT, 'bench/refServer.js'), { ...env, PORT: String(REF_PORT) }, `http://127.0.0.1:${REF_PORT}/`);
  try {
    const gql = `http://127.0.0.1:${TABULA_PORT}/graphql`;
    const ref = `http://127.0.0.1:${REF_PORT}/`;
    // Correctness first: every sampled key is found, the same through both servers.
    const probe = (await (await fetch(gql, { method: 'POST', headers: { 'content-type': 'application/json' }, body: batch() })).json()) as {
      data?: Record<string, unknown[]>;
    };
    const found = Object.values(probe.data ?? {}).filter((list) => list.length === 1).length;
    if (found !== BATCH) throw new Error(`batched probe found ${found} of ${BATCH}: ${JSON.stringify(probe).slice(0, 500)}`);
    const rssBefore = peakRssMb(tabula.pid!);

    const runs: [string, string, () => string, number][] = [
      ['lookup-single', gql, single, 1],
      ['lookup-single-reference', ref, refSingle, 1],
      ['lookup-batch20', gql, batch, BATCH],
      ['lookup-batch20-reference', ref, refBatch, BATCH],
      ['lookup-list20', gql, list, BATCH],
    ];
    const figures = new Map<string, { rps: number; cpuMs: number }>();
    for (const [name, url, body, keysPerRequest] of runs) {
      const server = url === gql ? tabula : reference;
      await loadHttp(url, body, 2);
      const cpuBefore = cpuSeconds(server.pid!);
      const r = await loadHttp(url, body, DURATION);
      const cpuMs = ((cpuSeconds(server.pid!) - cpuBefore) * 1000) / r.requests.total;
      const rps = r.requests.total / DURATION;
      figures.set(name, { rps, cpuMs });
      emit(name, {
        connections: LOAD_CONNECTIONS,
        seconds: DURATION,
        keysPerRequest,
        requestsPerSecond: round(rps),
        keysPerSecond: round(rps * keysPerRequest),
        p50Ms: r.latency.p50,
        p99Ms: r.latency.p99,
        timeouts: r.timeouts,
        serverCpuMsPerRequest: round(cpuMs, 3),
      });
    }
    for (const [kind, referenceKind] of [['single', 'single'], ['batch20', 'batch20'], ['list20', 'batch20']]) {
      const t = figures.get(`lookup-${kind}`)!;
      const f = figures.get(`lookup-${referenceKind}-reference`)!;
      emit(`lookup-${kind}-ratio`, { tabulaOverReference: round(t.rps / f.rps, 2), cpuPerRequestOverReference: round(t.cpuMs / f.cpuMs, 2) });
    }
    emit('memory-server-under-lookup-load', {
      seededPositions: POSITIONS,
      seedSeconds: round(seeded.seconds, 1),
      rssMbAtStart: round(rssBefore ?? NaN),
      peakRssMb: round(peakRssMb(tabula.pid!) ?? NaN),
      referencePeakRssMb: round(peakRssMb(reference.pid!) ?? NaN),
    });
  } finally {
    await stopProcess(tabula);
    await stopProcess(reference);
    await dropSchema(SCHEMA);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
