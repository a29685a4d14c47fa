/**
 * The migrated PGlite cluster every test database starts from (`DatabaseConfig.pgliteTemplate`):
 * a new cluster costs seconds of `initdb` and migrations, a copy of this one a fraction of that.
 * It is built once per set of migrations and PGlite version and kept in the temporary directory
 * (written under another name, then renamed: workers and runs building it at once never read half
 * a file); a changed migration gives another name, so a stale cluster is never used.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { applyMigrations, migrationChecksum, readMigrations } from '../../src/db/migrations';
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

let template: Promise<Blob> | undefined;

/** The template cluster, built the first time any test file asks for it. */
export const pgliteTemplate = (): Promise<Blob> =>
  (template ??= (async () => {
    const file = templateFile();
    if (!existsSync(file)) {
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, await buildTemplate());
      renameSync(partial, file);
    }
    return new Blob([readFileSync(file)]);
  })());
