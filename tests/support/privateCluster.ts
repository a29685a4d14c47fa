/**
 * A PostgreSQL cluster of the test's own (initdb into a temporary directory, its own port and
 * socket), so fault tests can restart or stop it without touching the shared server. Needs the
 * Debian PostgreSQL binaries; run as root, the cluster belongs to the `postgres` user.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface PrivateCluster {
  url: string;
  /** Restarts the server (fast shutdown: open connections are cut). */
  restart(): void;
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

export async function startPrivateCluster(): Promise<PrivateCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-pg-'));
  const port = await freePort();
  const asOwner = (command: string, args: string[]): void => {
    const bin = path.join(binDir(), command);
    if (process.getuid?.() === 0) execFileSync('runuser', ['-u', 'postgres', '--', bin, ...args], { stdio: 'ignore' });
    else execFileSync(bin, args, { stdio: 'ignore' });
  };
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  asOwner('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const pgCtl = (...args: string[]) => asOwner('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', ...args]);
  pgCtl('start');
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    restart: () => pgCtl('-m', 'fast', 'restart'),
    remove: () => {
      try {
        pgCtl('-m', 'immediate', 'stop');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
