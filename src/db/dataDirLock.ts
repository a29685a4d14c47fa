/**
 * PGlite is one process per data directory: two processes writing one directory
 * silently lose writes. A lock file holding the owner's pid keeps a second
 * server or CLI out while the first is alive; a stale lock (dead pid) is taken over.
 * (A running server lends its PGlite to the CLI through a socket: `localSocket.ts`.)
 */
import fs from 'node:fs';
import path from 'node:path';

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The data directory is locked by another live process (`owner`, its pid). */
export class DataDirInUse extends Error {
  constructor(
    readonly dir: string,
    readonly owner: number,
  ) {
    super(`the PGlite data directory ${dir} is in use by process ${owner}; stop it or set TABULA_DATA_DIR`);
  }
}

/** Takes the lock or throws naming the process that holds it; returns the release function. */
export const lockDataDir = (dir: string): (() => void) => {
  const file = path.join(dir, 'tabula.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(file, 'utf8'));
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DataDirInUse(dir, owner);
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock the PGlite data directory ${dir}`);
};
