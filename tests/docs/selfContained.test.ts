/**
 * A fresh clone runs its own tests, benchmarks and examples: no file of the project reads outside
 * its checkout. Every source, test, benchmark, script, page, CI and documentation file is read and
 * checked for (1) names of places outside the checkout (the old `shared/data` sample folder beside
 * it, absolute paths of the machine it was written on) and (2) relative paths (imports, literals,
 * Markdown links, `path.resolve(__dirname, ...)`) that climb out of the repository from the file's folder.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
/** The folders (and top-level files) of the project that must stay inside the checkout. */
const CHECKED = ['src', 'tests', 'bench', 'scripts', 'web', 'bin', 'docs', '.ci', 'README.md', 'package.json', 'jest.config.js', 'eslint.config.js', 'Dockerfile'];
/** Generated or installed, not the project's own text. */
const SKIPPED = new Set(['node_modules', 'generated', 'dist']);
const TEXT = /\.(ts|tsx|js|mjs|cjs|json|md|sh|html|css|graphql)$|^(run|Dockerfile)$/;

/** Every text file under `rel` (a folder or a file of the checkout), relative to the checkout. */
function filesUnder(rel: string): string[] {
  const abs = path.join(ROOT, rel);
  if (!fs.existsSync(abs)) return [];
  if (fs.statSync(abs).isFile()) return [rel];
  return fs
    .readdirSync(abs, { withFileTypes: true })
    .filter((e) => !SKIPPED.has(e.name))
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(rel, e.name)) : TEXT.test(e.name) ? [path.join(rel, e.name)] : []));
}

/** A place outside the checkout named in text: the old `shared/data` folder, absolute paths of a machine (`/work/...`, `/home/...`, `~/`). */
const OUTSIDE_NAME = new RegExp(['\\bshared/data\\b', '(^|[\\s\'"`(=])/work/', '(^|[\\s\'"`(=])/home/', '(^|[\\s\'"`(=])~/'].join('|'));

/** Each line of `text` that names a place outside the checkout, as `file:line: text`. */
export function outsideNames(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => (OUTSIDE_NAME.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

/** Whether `target`, resolved from the checkout's root, lies outside it. */
const outside = (target: string): boolean => path.relative(ROOT, path.resolve(ROOT, target)).startsWith('..');

/**
 * Each relative path of `file` that leads out of the checkout: a quoted `../...` literal (an import,
 * a path) or a Markdown link `](../...)`, resolved from the file's folder, and each
 * `path.resolve(__dirname, ...)`/`path.join(__dirname, ...)` whose literal segments climb out.
 */
export function climbsOut(file: string, text: string): string[] {
  const found: string[] = [];
  const dir = path.dirname(file);
  for (const m of text.matchAll(/['"`](\.\.\/[^'"`\s]*)['"`]|\]\((\.\.\/[^)\s]*)\)/g)) {
    if (outside(path.join(dir, m[1] ?? m[2]))) found.push(`${file}: ${m[0]}`);
  }
  for (const call of text.matchAll(/path\.(?:resolve|join)\(\s*__dirname\s*,((?:\s*(?:'[^']*'|"[^"]*")\s*,?)+)\s*\)/g)) {
    const segments = [...call[1].matchAll(/'([^']*)'|"([^"]*)"/g)].map((m) => m[1] ?? m[2]);
    if (outside(path.join(dir, ...segments))) found.push(`${file}: ${call[0]}`);
  }
  return found;
}

const FILES = CHECKED.flatMap(filesUnder);
const THIS_FILE = path.relative(ROOT, __filename);

describe('the checkout is self-contained', () => {
  it('reads the project files it checks, this test among them', () => {
    expect(FILES).toEqual(expect.arrayContaining([THIS_FILE, path.join('tests', 'support', 'sampleData.ts'), path.join('.ci', 'run'), 'README.md']));
  });

  it('names no folder beside or above the checkout in any source, test, benchmark, script, page or document', () => {
    const offending = FILES.filter((f) => f !== THIS_FILE).flatMap((f) => outsideNames(f, fs.readFileSync(path.join(ROOT, f), 'utf8')));
    expect(offending).toEqual([]);
  });

  it('resolves no path from a file’s own folder to outside the checkout', () => {
    const offending = FILES.filter((f) => f !== THIS_FILE).flatMap((f) => climbsOut(f, fs.readFileSync(path.join(ROOT, f), 'utf8')));
    expect(offending).toEqual([]);
  });

  it('has every sample file the README and the docs name (`samples/...`)', () => {
    const named = FILES.filter((f) => f === 'README.md' || f.startsWith('docs'))
      .flatMap((f) => [...fs.readFileSync(path.join(ROOT, f), 'utf8').matchAll(/\bsamples\/[\w./-]*\w/g)].map((m) => m[0]));
    expect(named).toContain('samples/chess/immortal-games.pgn');
    expect(named.filter((name) => !fs.existsSync(path.join(ROOT, name)))).toEqual([]);
  });

  it('keeps the sample files in the repository, each folder with a README naming sources and licences', () => {
    for (const dir of ['backgammon', 'chess', 'chess/openings', 'crossword', 'go']) {
      expect(fs.readFileSync(path.join(ROOT, 'samples', dir, 'README.md'), 'utf8')).toMatch(/licen[cs]e/i);
    }
  });
});

describe('the checks themselves', () => {
  it('catch the old shared sample folder, absolute machine paths and a climb out of the checkout', () => {
    expect(outsideNames('x.ts', "const D = path.join(ROOT, '..', 'shared/data');")).toHaveLength(1);
    expect(outsideNames('x.ts', "const D = process.env.X || '/work/shared/data';")).toHaveLength(1);
    expect(outsideNames('x.md', 'files in `/work/data`')).toHaveLength(1);
    expect(climbsOut('tests/support/x.ts', "path.resolve(__dirname, '../../../shared/data')")).not.toEqual([]);
    expect(climbsOut('tests/support/x.ts', "path.join(__dirname, '..', '..', '..', 'data')")).toHaveLength(1);
    expect(climbsOut('tests/x.test.ts', "import { x } from '../../shared/api';")).toHaveLength(1);
    expect(climbsOut('docs/X.md', 'see [the notes](../../notes/chess.md)')).toHaveLength(1);
  });

  it('let paths inside the checkout and ordinary words pass', () => {
    expect(outsideNames('x.ts', "// a stored position is shared by games; see samples/chess")).toEqual([]);
    expect(climbsOut('tests/support/x.ts', "path.resolve(__dirname, '../../samples')")).toEqual([]);
    expect(climbsOut('bench/x.ts', "path.resolve(__dirname, '..')")).toEqual([]);
    expect(climbsOut('web/dashboard/x.ts', "import { gql } from '../shared/api';")).toEqual([]);
    expect(climbsOut('docs/X.md', 'Back to the [README](../README.md).')).toEqual([]);
  });
});
