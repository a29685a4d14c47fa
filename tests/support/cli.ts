/**
 * A sandbox for CLI tests: a temporary PGlite data directory (DATABASE_URL
 * unset for the file), and console output captured per test. The directory is
 * absent, as on a machine where tabula never ran, unless `migrated` is asked for:
 * then it holds a migrated database from the start (pgliteTemplate.ts), which
 * spares the file the seconds of a new cluster.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedDataDir } from './pgliteTemplate';

export interface CliSandbox {
  /** The temporary directory; the database lives in its `data` folder. */
  readonly dir: string;
  /** Lines the CLI printed with console.log during the current test. */
  readonly logged: string[];
  /** Lines the CLI printed with console.error during the current test. */
  readonly errors: string[];
  /** Forgets what was printed so far. */
  clear(): void;
}

export const cliSandbox = (prefix: string, options: { migrated?: boolean } = {}): CliSandbox => {
  const saved = { data: process.env.TABULA_DATA_DIR, url: process.env.DATABASE_URL };
  const state = { dir: '', logged: [] as string[], errors: [] as string[] };

  beforeAll(async () => {
    state.dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    process.env.TABULA_DATA_DIR = path.join(state.dir, 'data');
    delete process.env.DATABASE_URL;
    if (options.migrated) await seedDataDir(process.env.TABULA_DATA_DIR);
  }, 60_000);

  afterAll(() => {
    if (saved.data === undefined) delete process.env.TABULA_DATA_DIR;
    else process.env.TABULA_DATA_DIR = saved.data;
    if (saved.url !== undefined) process.env.DATABASE_URL = saved.url;
    fs.rmSync(state.dir, { recursive: true, force: true });
  });

  beforeEach(() => {
    state.logged.length = 0;
    state.errors.length = 0;
    jest.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void state.logged.push(args.join(' ')));
    jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void state.errors.push(args.join(' ')));
    jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  });

  afterEach(() => jest.restoreAllMocks());

  return {
    get dir() {
      return state.dir;
    },
    logged: state.logged,
    errors: state.errors,
    clear() {
      state.logged.length = 0;
      state.errors.length = 0;
    },
  };
};
