/**
 * A source file bundled with esbuild into dist/test-bundles, for a test that must run compiled code
 * in another process or thread (a server process, a worker). Two levels below the root, as
 * dist/server/main.js is, so the bundle finds prisma/, samples/ and node_modules/ the same way.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/** Bundles `entry` (relative to the root, e.g. `src/server/main.ts`) as `name`-<pid>.js; returns the bundle's path. */
export const bundleForTest = (entry: string, name: string): string => {
  const outfile = path.join(ROOT, 'dist', 'test-bundles', `${name}-${process.pid}.js`);
  fs.mkdirSync(path.dirname(outfile), { recursive: true });
  execFileSync(
    path.join(ROOT, 'node_modules', '.bin', 'esbuild'),
    [entry, '--bundle', '--platform=node', '--packages=external', '--target=node20', `--outfile=${outfile}`, '--log-level=warning'],
    { cwd: ROOT },
  );
  return outfile;
};
