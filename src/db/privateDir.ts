/**
 * The embedded database's data directory is its owner's only: 0700 directories, 0600 files. Its
 * files hold everything stored (the WAL shows token hashes and games), and a file another local
 * user could write (PGlite writes the files of a new cluster as 0666, whatever the umask) lets
 * them corrupt the database. While a data directory is open the process's umask is 077, so the
 * files PostgreSQL makes as it runs (relations, WAL segments) are private as they are made; the
 * modes of everything in the directory are set right at open (a directory left open to others by
 * an earlier version is reported), after PGlite has started, and at close.
 */
import fs from 'node:fs';
import path from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
const PRIVATE_UMASK = 0o077;

/** An entry whose mode was not private, as it was. */
export interface OpenEntry {
  /** The path inside the data directory ('.' for the directory itself). */
  path: string;
  mode: number;
}

/**
 * Makes `dir` and everything under it private (0700 directories, 0600 other entries; symbolic
 * links are left alone); returns the entries that were not. Walks iteratively (a deep tree
 * cannot overflow the stack); an entry removed meanwhile (PostgreSQL renames and unlinks its
 * temporary files) is skipped.
 */
export function makePrivate(dir: string): OpenEntry[] {
  const changed: OpenEntry[] = [];
  const pending = [dir];
  while (pending.length > 0) {
    const current = pending.pop()!;
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(current);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    if (stat.isSymbolicLink()) continue;
    const wanted = stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    const mode = stat.mode & 0o777;
    if (mode !== wanted) {
      try {
        fs.chmodSync(current, wanted);
        changed.push({ path: path.relative(dir, current) || '.', mode });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    if (stat.isDirectory()) {
      try {
        for (const name of fs.readdirSync(current)) pending.push(path.join(current, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }
  return changed;
}

/** What the warning says of a directory that was open to others. */
export const openEntriesMessage = (dir: string, entries: OpenEntry[]): string => {
  const shown = entries.slice(0, 3).map((e) => `${e.path} ${e.mode.toString(8).padStart(4, '0')}`).join(', ');
  return (
    `the PGlite data directory ${dir} had ${entries.length} ${entries.length === 1 ? 'entry' : 'entries'} other users could read or write ` +
    `(${shown}${entries.length > 3 ? ', ...' : ''}); made them its owner's only (0700 directories, 0600 files)`
  );
};

let holders = 0;
let previousUmask: number | undefined;

/**
 * Sets the process's umask to 077 until the returned release is called (nested holds share it; the
 * last release puts the earlier umask back). Where the umask cannot be set (a worker thread), the
 * modes are only set right at open and close.
 */
export function holdPrivateUmask(): () => void {
  if (holders === 0) {
    try {
      previousUmask = process.umask(PRIVATE_UMASK);
    } catch {
      previousUmask = undefined;
    }
  }
  holders++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders--;
    if (holders === 0 && previousUmask !== undefined) {
      process.umask(previousUmask);
      previousUmask = undefined;
    }
  };
}
