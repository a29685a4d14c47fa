/**
 * Read replicas (issue 29, section 5; not run by default): `BENCH_ONLY=replicas npm run bench`.
 * Starts a private PostgreSQL primary and a hot standby of it (`tests/support/privateCluster.ts`:
 * initdb, `pg_basebackup -R`, their own ports; never the shared server), imports
 * BENCH_REPLICA_POSITIONS (100,000) Go positions through the CLI into the primary, then runs the
 * tabula server (`src/server/main.js`, its own process) twice on the same data: on the primary
 * alone, and with the standby in DATABASE_REPLICA_URLS. Each time autocannon drives position
 * lookups (16 connections, BENCH_LOOKUP_SECONDS = 10 s after a 2 s warm-up):
 *   replicas-single: `positions(key:, kind: GO)`, one random key per request
 *   replicas-list20: `positionsByKeys(keys:, kind: GO)`, 20 random keys per request
 * and prints one JSON line per run: requests/s, p50/p99, the server's CPU per request, and the
 * share of read operations the replica served (from the server's /metrics). Everything (the load
 * generator, the server, the primary and the standby) shares this machine's cores.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeGoPositionFile } from './goData';
import { BUILD_ROOT, CLI, cpuSeconds, emit, prng, round, runMeasured, startProcess, stopProcess, LOAD_CONNECTIONS, loadHttp } from './common';
import { askCluster, startPrivateCluster, startStandby, waitForReplay, type PrivateCluster } from '../tests/support/privateCluster';


const POSITIONS = Number(process.env.BENCH_REPLICA_POSITIONS || 100_000);
const DURATION = Number(process.env.BENCH_LOOKUP_SECONDS || 10);
const PORT = 4519;
const SINGLE = 'query Lookup($key: String!) { positions(key: $key, kind: GO) { id key sideToMove board } }';
const LIST = 'query LookupList($keys: [String!]!) { positionsByKeys(keys: $keys, kind: GO) { id key sideToMove board } }';


/** The server's read operations per database (primary, or the replica's host:port), from /metrics. */
async function readCounts(base: string): Promise<Record<string, number>> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const counts: Record<string, number> = {};
  for (const match of text.matchAll(/^tabula_db_read_operations_total\{database="([^"]+)"\} (\d+)/gm)) counts[match[1]] = Number(match[2]);
  return counts;
}

async function seed(primary: PrivateCluster): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-replicas-'));
  try {
    const file = path.join(dir, 'positions.dat');
    await writeGoPositionFile(file, POSITIONS);
    const result = await runMeasured(process.execPath, [CLI, 'import', '--format', 'go-positions', file], { DATABASE_URL: primary.url, TABULA_DATA_DIR: '', NODE_ENV: 'production' });
    if (result.code !== 0) throw new Error(`tabula import exited with ${result.code}: ${result.stderr.slice(-2000)}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  await askCluster(primary, 'ANALYZE "Position"');
  const rows = await askCluster<{ key: string }>(primary, `SELECT key FROM "Position" WHERE kind = 'GO' ORDER BY md5(key) LIMIT 10000`);
  return rows.map((r) => r.key);
}

async function main(): Promise<void> {
  const primary = await startPrivateCluster();
  let standby: PrivateCluster | undefined;
  try {
    standby = await startStandby(primary);
    const keys = await seed(primary);
    await waitForReplay(primary, standby, 120_000);
    const random = prng(11);
    const pick = () => keys[Math.floor(random() * keys.length)];
    const bodies: [string, () => string][] = [
      ['replicas-single', () => JSON.stringify({ query: SINGLE, variables: { key: pick() }, operationName: 'Lookup' })],
      ['replicas-list20', () => JSON.stringify({ query: LIST, variables: { keys: Array.from({ length: 20 }, pick) }, operationName: 'LookupList' })],
    ];
    const setups: [string, Record<string, string>][] = [
      ['primary-only', {}],
      ['one-replica', { DATABASE_REPLICA_URLS: standby.url }],
    ];
    for (const [setup, extra] of setups) {
      const base = `http://127.0.0.1:${PORT}`;
      const env = { DATABASE_URL: primary.url, HOST: '127.0.0.1', PORT: String(PORT), LOG_LEVEL: 'info', NODE_ENV: 'production', TABULA_FREE_COST: '1000', ...extra };
      const server = await startProcess(path.join(BUILD_ROOT, 'src/server/main.js'), env, `${base}/health/ready`);
      try {
        for (const [name, body] of bodies) {
          await loadHttp(`${base}/graphql`, body, 2);
          const before = await readCounts(base);
          const cpuBefore = cpuSeconds(server.pid!);
          const r = await loadHttp(`${base}/graphql`, body, DURATION);
          const cpuMs = ((cpuSeconds(server.pid!) - cpuBefore) * 1000) / r.requests.total;
          const after = await readCounts(base);
          const replicaReads = Object.entries(after)
            .filter(([database]) => database !== 'primary')
            .reduce((sum, [database, n]) => sum + n - (before[database] ?? 0), 0);
          const primaryReads = (after.primary ?? 0) - (before.primary ?? 0);
          emit(name, {
            setup,
            cores: os.cpus().length,
            connections: LOAD_CONNECTIONS,
            seconds: DURATION,
            requestsPerSecond: round(r.requests.total / DURATION),
            p50Ms: r.latency.p50,
            p99Ms: r.latency.p99,
            serverCpuMsPerRequest: round(cpuMs, 3),
            replicaShare: replicaReads + primaryReads > 0 ? round(replicaReads / (replicaReads + primaryReads), 3) : 0,
          });
        }
      } finally {
        await stopProcess(server);
      }
    }
  } finally {
    standby?.remove();
    primary.remove();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
