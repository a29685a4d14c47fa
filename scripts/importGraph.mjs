// Prints the import graph between src/ folders: one line per (from, to) pair with the number of
// import statements, value and type-only counted apart. Used to check the layering in docs/ARCHITECTURE.md.
//   node scripts/importGraph.mjs
import fs from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../src');
const IMPORT = /^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/gm;

const files = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'generated' ? [] : files(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });

/** A file's layer: its folder of src/, the generated code split as layers.js splits it (`prisma`, `graphql`). */
const folderOf = (file) => {
  const [top, next] = path.relative(SRC, file).split(path.sep);
  return top === 'generated' && next ? next.replace(/\.ts$/, '') : top;
};
const counts = new Map();
for (const file of files(SRC)) {
  const text = fs.readFileSync(file, 'utf8');
  for (const m of text.matchAll(IMPORT)) {
    const target = path.resolve(path.dirname(file), m[3] ?? m[4]);
    const from = folderOf(file);
    const to = folderOf(target);
    if (from === to || to.startsWith('..')) continue;
    const key = `${from} -> ${to}${m[2] ? ' (type)' : m[4] ? ' (dynamic)' : ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
}
for (const [edge, n] of [...counts].sort()) console.log(`${edge.padEnd(36)} ${n}`);
