/**
 * The migrated PGlite cluster every test database starts from (`DatabaseConfig.pgliteTemplate`):
 * a new cluster costs seconds of `initdb` and migrations, a copy of this one a fraction of that.
 * It is built once per set of migrations and PGlite version and kept in the temporary directory
 * (written under another name, then renamed: workers and runs building it at once never read half
 * a file); a changed migration gives another name, so a stale cluster is never used.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { applyMigrations, migrationChecksum, readMigrations } from '../../src/db/migrations';
import { makePrivate } from '../../src/db/privateDir';
import type { SqlExecutor } from '../../src/db/sql';

/** PGlite's version, from its package.json (its exports do not list the file: found beside its entry point). */
const pgliteVersion = (): string =>
  JSON.parse(readFileSync(path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json'), 'utf8')).version;

const templateFile = (): string => {
  const key = createHash('sha256')
    .update(pgliteVersion())
    .update(readMigrations().map((m) => `${m.name} ${migrationChecksum(m.script)}`).join('\n'))
    .digest('hex')
    .slice(0, 16);
  return path.join(os.tmpdir(), `tabula-test-pglite-${key}.tar`);
};

/** A new cluster with every migration applied, as PGlite dumps it. */
async function buildTemplate(): Promise<Uint8Array> {
  const pglite = new PGlite();
  try {
    await applyMigrations((work) =>
      pglite.transaction((tx) =>
        work({
          query: async (text, params) => (await tx.query(text, params as unknown[])).rows,
          exec: async (script) => void (await tx.exec(script)),
          copyRows: () => Promise.reject(new Error('no COPY while building the test template')),
        } as SqlExecutor),
      ),
    );
    return new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
  } finally {
    await pglite.close();
  }
}

let built: Promise<string> | undefined;

/** The template cluster's file, built the first time a test file asks for it. */
const templateTar = (): Promise<string> =>
  (built ??= (async () => {
    const file = templateFile();
    if (!existsSync(file)) {
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, await buildTemplate());
      renameSync(partial, file);
    }
    return file;
  })());

let blob: Promise<Blob> | undefined;

/** The template cluster, for an in-memory PGlite (`DatabaseConfig.pgliteTemplate`): read once a test file. */
export const pgliteTemplate = (): Promise<Blob> => (blob ??= templateTar().then((file) => new Blob([readFileSync(file)])));

/**
 * Makes `dataDir` (absent: it is created) a data directory holding the template cluster, as a
 * new data directory holds once tabula has opened it (its owner's only): for tests of the CLI that only need a
 * database there. (The tar names its members from the cluster's root; tar strips the leading `/`.)
 */
export async function seedDataDir(dataDir: string): Promise<void> {
  const file = await templateTar();
  mkdirSync(dataDir, { recursive: true });
  execFileSync('tar', ['-xf', file, '-C', dataDir], { stdio: 'ignore' });
  makePrivate(dataDir);
}
