/**
 * The documentation's GraphQL examples run as printed. The README's: each `curl ... -d '{"query":
 * ...}'` of the quick start is sent, in order, to a fresh database, and must answer exactly the
 * `# {...}` line under it. Then each page of docs/ with GraphQL examples (API.md, GAMES.md,
 * WEB.md), on a database of its own after the README's quick start: every ```graphql block, in
 * order, twice over (the second time everything they import is there already); each must answer
 * without errors, and the ```json answer printed under one must be its answer. A printed answer
 * may be shortened with `…`: an array element `"…"` stands for any number of elements, a string
 * ending in `…` for any text that starts with what is printed. An answer printed with `errors` is
 * an example of a refusal: the whole response must be that.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Kind, parse } from 'graphql';
import { describeEachDatabase } from '../support/databases';
import { graphqlClient } from '../support/graphql';
import { sampleText } from '../support/sampleData';

interface Example {
  line: number;
  body: { query: string; variables?: Record<string, unknown> };
  expected: unknown;
}

/** Every `-d '<json>'` of a curl command followed, on a later line, by `# <json answer>`. */
export function readmeExamples(text: string): Example[] {
  const lines = text.split('\n');
  const examples: Example[] = [];
  for (let i = 0; i < lines.length; i++) {
    const body = /-d '(\{.*\})'\s*$/.exec(lines[i]);
    if (!body) continue;
    const answer = lines.slice(i + 1).findIndex((l) => l.startsWith('# {'));
    if (answer < 0) continue;
    examples.push({ line: i + 1, body: JSON.parse(body[1]), expected: JSON.parse(lines[i + 1 + answer].slice(2)) });
  }
  return examples;
}

/** A ```graphql block of a Markdown page, with the ```json answer printed after it (before the next example), if any. */
export interface DocExample {
  line: number;
  query: string;
  /** The printed answer: the whole response (`{"data": ...}` or `{"errors": ...}`) or its `data` alone. */
  answer?: unknown;
}

/** The fenced blocks of a Markdown page: language, first line (1-based) and text. */
function fencedBlocks(text: string): { lang: string; line: number; body: string }[] {
  const blocks: { lang: string; line: number; body: string }[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)\s*$/.exec(lines[i]);
    if (!open) continue;
    const close = lines.findIndex((l, j) => j > i && l.startsWith('```'));
    if (close < 0) throw new Error(`line ${i + 1}: a fenced block that never closes`);
    blocks.push({ lang: open[1], line: i + 1, body: lines.slice(i + 1, close).join('\n') });
    i = close;
  }
  return blocks;
}

/** Every ```graphql block of `text`, in order, each with the first ```json block after it (before the next example) as its answer. */
export function docExamples(text: string): DocExample[] {
  const examples: DocExample[] = [];
  for (const block of fencedBlocks(text)) {
    const last = examples[examples.length - 1];
    if (block.lang === 'graphql') examples.push({ line: block.line, query: block.body });
    else if (block.lang === 'json' && last && last.answer === undefined) last.answer = JSON.parse(block.body);
  }
  return examples;
}

/**
 * The variables an example is given, as it names them in a comment:
 * `# variables: {"sgf": "<the text of samples/backgammon/match.sgf>"}` is that sample file's text.
 */
export const variablesOf = (query: string): Record<string, unknown> =>
  Object.fromEntries(
    [...query.matchAll(/"(\w+)": "<the text of samples\/([^>]+)>"/g)].map(([, name, file]) => [name, sampleText(file)]),
  );

/** Where `actual` differs from the printed `shortened` answer (`"…"` elements and strings ending in `…` shorten it), or null. */
export function difference(shortened: unknown, actual: unknown, at = '$'): string | null {
  if (typeof shortened === 'string' && shortened.endsWith('…') && shortened !== '…') {
    return typeof actual === 'string' && actual.startsWith(shortened.slice(0, -1)) ? null : `${at}: ${JSON.stringify(actual)} does not start with ${shortened}`;
  }
  if (Array.isArray(shortened)) return Array.isArray(actual) ? arrayDifference(shortened, actual, at) : `${at}: ${JSON.stringify(actual)} is not a list`;
  if (shortened !== null && typeof shortened === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return `${at}: ${JSON.stringify(actual)} is not an object`;
    const keys = [...new Set([...Object.keys(shortened), ...Object.keys(actual)])];
    for (const key of keys) {
      const found = difference((shortened as Record<string, unknown>)[key], (actual as Record<string, unknown>)[key], `${at}.${key}`);
      if (found) return found;
    }
    return null;
  }
  return shortened === actual ? null : `${at}: ${JSON.stringify(actual)}, printed ${JSON.stringify(shortened)}`;
}

/** `difference` for lists: a `"…"` element matches any run of elements (the shortest that lets the rest match). */
function arrayDifference(shortened: unknown[], actual: unknown[], at: string, i = 0, j = 0): string | null {
  if (i === shortened.length) return j === actual.length ? null : `${at}[${j}]: ${actual.length - j} more element(s) than printed`;
  if (shortened[i] === '…') {
    for (let k = j; k <= actual.length; k++) if (arrayDifference(shortened, actual, at, i + 1, k) === null) return null;
    return `${at}[${j}]: nothing after the "…" matches what is printed after it`;
  }
  if (j === actual.length) return `${at}[${j}]: missing, printed ${JSON.stringify(shortened[i])}`;
  return difference(shortened[i], actual[j], `${at}[${j}]`) ?? arrayDifference(shortened, actual, at, i + 1, j + 1);
}

const read = (file: string): string => fs.readFileSync(path.join(__dirname, '../..', file), 'utf8');
const README = read('README.md');
/** The pages whose GraphQL examples run, each on a database of its own after the README's quick start. */
const PAGES = ['docs/API.md', 'docs/GAMES.md', 'docs/WEB.md'];

describe('the README examples', () => {
  it('are found: the quick start imports a game, looks a position up, imports a rated game and asks the filtered explorer', () => {
    expect(readmeExamples(README).map((e) => Object.keys(e.expected as object))).toEqual([['data'], ['data'], ['data'], ['data']]);
  });
});

describe('a shortened printed answer', () => {
  it('matches an answer that has what it prints where it prints it', () => {
    const actual = { list: [1, 2, 3, 4, 5], text: 'abcdef' };
    expect(difference({ list: [1, '…', 4, 5], text: 'abc…' }, actual)).toBeNull();
    expect(difference({ list: ['…'], text: 'abcdef' }, actual)).toBeNull();
  });

  it('does not match an answer that differs, and says where', () => {
    const actual = { list: [1, 2, 3], text: 'abcdef' };
    expect(difference({ list: [1, '…', 4], text: 'abc…' }, actual)).toBe('$.list[1]: nothing after the "…" matches what is printed after it');
    expect(difference({ list: [1, 2, 3], text: 'abd…' }, actual)).toBe('$.text: "abcdef" does not start with abd…');
    expect(difference({ list: [1, 2], text: 'abcdef' }, actual)).toBe('$.list[2]: 1 more element(s) than printed');
    expect(difference({ list: [1, 2, 3] }, actual)).toBe('$.text: "abcdef", printed undefined');
  });
});

describe('the docs/API.md examples', () => {
  const examples = docExamples(read('docs/API.md'));

  it('are found, with their printed answers', () => {
    expect(examples.length).toBeGreaterThanOrEqual(15);
    const answered = examples.filter((e) => e.answer !== undefined).map((e) => e.query);
    expect(answered.length).toBeGreaterThanOrEqual(2);
    expect(answered[0]).toContain('serverInfo');
  });
});

describe('the docs/GAMES.md examples', () => {
  it('are found, each with its printed answer (at least those known today)', () => {
    const examples = docExamples(read('docs/GAMES.md'));
    expect(examples.length).toBeGreaterThanOrEqual(26);
    expect(examples.filter((e) => e.answer === undefined).map((e) => e.line)).toEqual([]);
  });
});

describe.each(PAGES)('the %s examples', (page) => {
  it('are each one GraphQL operation, with no placeholder to fill in', () => {
    const operations = docExamples(read(page)).map((e) => {
      try {
        return { line: e.line, operations: parse(e.query).definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION).length };
      } catch (error) {
        return { line: e.line, operations: String(error) };
      }
    });
    expect(operations.filter((o) => o.operations !== 1)).toEqual([]);
  });

  it('name no game, import or global id by a number they did not look up', () => {
    const guessed = docExamples(read(page)).filter((e) => /\b(game|gameId|importId|id)\s*:\s*(\d+\b|"\d+")|node\(nodeId:\s*"(R2FtZT|SW1wb3J0)/.test(e.query));
    expect(guessed.map((e) => e.line)).toEqual([]);
  });
});

describe.each(PAGES)('%s, after the README quick start', (page) => {
  describeEachDatabase(page, (getDb) => {
    it('README quick start: answers every example as printed, in order', async () => {
      const gql = graphqlClient(getDb());
      for (const example of readmeExamples(README)) {
        const result = await gql(example.body.query, example.body.variables);
        expect({ line: example.line, answer: result }).toEqual({ line: example.line, answer: example.expected });
      }
    });

    it.each([1, 2])(`${page}, round %i: every example answers as printed`, async () => {
      const db = getDb();
      const gql = graphqlClient(db);
      const wrong: { line: number; errors?: unknown; difference?: string }[] = [];
      for (const example of docExamples(read(page))) {
        const result = await gql(example.query, variablesOf(example.query));
        const printed = example.answer as { data?: unknown; errors?: unknown } | undefined;
        if (printed?.errors === undefined && result.errors) wrong.push({ line: example.line, errors: result.errors });
        if (printed === undefined) continue;
        // The pages print the embedded database's answers; on PostgreSQL serverInfo names that instead.
        const expected = JSON.parse(JSON.stringify(printed).replace('"database":"pglite"', `"database":"${db.kind}"`));
        const found = difference(expected, 'data' in printed || 'errors' in printed ? result : result.data);
        if (found) wrong.push({ line: example.line, difference: found });
      }
      expect(wrong).toEqual([]);
    });
  });
});
