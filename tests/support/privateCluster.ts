/**
 * A PostgreSQL cluster of the test's own (initdb into a temporary directory, its own port and
 * socket), so fault tests can restart or stop it without touching the shared server; and a hot
 * standby of one (`pg_basebackup -R`: streaming replication, read-only queries), for the replica
 * tests. Needs the Debian PostgreSQL binaries; run as root, the clusters belong to the `postgres` user.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

export interface PrivateCluster {
  url: string;
  /** The TCP port it listens on (127.0.0.1). */
  port: number;
  /** Restarts the server (fast shutdown: open connections are cut). */
  restart(): void;
  /** Stops the server (fast shutdown: open connections are cut); `start` starts it again. */
  stop(): void;
  /** Starts a stopped server. */
  start(): void;
  /** Stops the server and removes its directory. */
  remove(): void;
}

const binDir = (): string => {
  const versions = fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  return path.join('/usr/lib/postgresql', versions[0], 'bin');
};

/** A free TCP port on 127.0.0.1. */
const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** Runs a PostgreSQL program as the clusters' owner (`postgres` when running as root). */
const asOwner = (command: string, args: string[]): void => {
  const bin = path.join(binDir(), command);
  if (process.getuid?.() === 0) execFileSync('runuser', ['-u', 'postgres', '--', bin, ...args], { stdio: 'ignore' });
  else execFileSync(bin, args, { stdio: 'ignore' });
};

/** A temporary directory the clusters' owner can write. */
const ownedTempDir = (): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-pg-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', dir]);
  return dir;
};

/** Starts the cluster in `dir`/data on `port`, with `settings` (`name=value`) on top, and returns its handle. */
const run = (dir: string, port: number, settings: readonly string[] = []): PrivateCluster => {
  const data = path.join(dir, 'data');
  const options = [`-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, ...settings.map((s) => `-c ${s}`)].join(' ');
  const pgCtl = (...args: string[]) => asOwner('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', ...args]);
  pgCtl('start');
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    port,
    restart: () => pgCtl('-m', 'fast', 'restart'),
    stop: () => pgCtl('-m', 'fast', 'stop'),
    start: () => pgCtl('start'),
    remove: () => {
      try {
        pgCtl('-m', 'immediate', 'stop');
      } catch {
        // Already stopped.
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
};

export async function startPrivateCluster(): Promise<PrivateCluster> {
  const dir = ownedTempDir();
  asOwner('initdb', ['-D', path.join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
  return run(dir, await freePort());
}

/**
 * A hot standby of `primary` (a private cluster): a base backup taken over streaming replication
 * with `-R` (it then follows the primary's WAL as a standby), started on its own port. initdb's
 * pg_hba.conf lets 127.0.0.1 replicate with trust, and PostgreSQL's defaults (wal_level replica,
 * max_wal_senders 10, hot_standby on) are all it needs. `settings` (`name=value`) are its own, on
 * top (`recovery_min_apply_delay=1s`: it applies the primary's changes a second late).
 */
export async function startStandby(primary: PrivateCluster, settings: readonly string[] = []): Promise<PrivateCluster> {
  const dir = ownedTempDir();
  asOwner('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', path.join(dir, 'data'), '-R', '-X', 'stream', '-c', 'fast', '--no-sync']);
  return run(dir, await freePort(), settings);
}

/** Runs `sql` on a cluster with a connection of its own. */
export const askCluster = async <R extends pg.QueryResultRow>(cluster: PrivateCluster, sql: string, params: unknown[] = []): Promise<R[]> => {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end();
  }
};

/** Waits (up to `timeoutMs`) until `standby` has replayed everything `primary` has written so far. */
export async function waitForReplay(primary: PrivateCluster, standby: PrivateCluster, timeoutMs = 30_000): Promise<void> {
  const [{ lsn }] = await askCluster<{ lsn: string }>(primary, 'SELECT pg_current_wal_lsn()::text AS lsn');
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(100)) {
    const [{ behind }] = await askCluster<{ behind: boolean }>(standby, 'SELECT pg_last_wal_replay_lsn() < $1::pg_lsn AS behind', [lsn]);
    if (!behind) return;
  }
  throw new Error(`the standby did not replay the primary's WAL up to ${lsn} within ${timeoutMs} ms`);
}
