/**
 * The documentation's GraphQL examples run as printed. The README's: each `curl ... -d '{"query":
 * ...}'` of the quick start is sent, in order, to a fresh database, and must answer exactly the
 * `# {...}` line under it. Then docs/API.md's: every ```graphql block, in order, on the same
 * database (so after the README's chess game, whatever ids it took), twice over (the second time
 * everything they import is there already); each must answer without errors, and each ```json
 * answer printed under one must be its answer.
 */
import fs from 'node:fs';
import path from 'node:path';
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
  /** The printed answer: the whole response (`{"data": ...}`) or its `data` alone. */
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

/** Every ```graphql block of `text`, in order, each with the ```json block that answers it. */
export function docExamples(text: string): DocExample[] {
  const examples: DocExample[] = [];
  for (const block of fencedBlocks(text)) {
    if (block.lang === 'graphql') examples.push({ line: block.line, query: block.body });
    else if (block.lang === 'json' && examples.length > 0) examples[examples.length - 1].answer = JSON.parse(block.body);
  }
  return examples;
}

/** The values the examples that take variables are given: a file's text, as the page says. */
const VARIABLES: Record<string, unknown> = { sgf: sampleText('backgammon/gnubg107_5p_double_dance_resign.sgf') };

/** The variables `query` declares, from VARIABLES. */
const variablesOf = (query: string): Record<string, unknown> =>
  Object.fromEntries([...query.matchAll(/\$(\w+)\s*:/g)].map(([, name]) => [name, VARIABLES[name]]));

const README = fs.readFileSync(path.join(__dirname, '../../README.md'), 'utf8');
const API = fs.readFileSync(path.join(__dirname, '../../docs/API.md'), 'utf8');

describe('the README examples', () => {
  it('are found: the quick start imports a game and looks a position up', () => {
    expect(readmeExamples(README).map((e) => Object.keys(e.expected as object))).toEqual([['data'], ['data']]);
  });
});

describe('the docs/API.md examples', () => {
  const examples = docExamples(API);

  it('are found, with their printed answers', () => {
    expect(examples.length).toBeGreaterThanOrEqual(15);
    const answered = examples.filter((e) => e.answer !== undefined).map((e) => e.query);
    expect(answered.length).toBeGreaterThanOrEqual(2);
    expect(answered[0]).toContain('serverInfo');
  });

  it('name no game, import or global id by a number they did not look up', () => {
    const guessed = examples.filter((e) => /\b(game|gameId|importId|id)\s*:\s*"?\d+"?|node\(nodeId:\s*"(R2FtZT|SW1wb3J0)/.test(e.query));
    expect(guessed.map((e) => e.line)).toEqual([]);
  });
});

describeEachDatabase('the documentation examples', (getDb) => {
  it('README quick start: answers every example as printed, in order', async () => {
    const gql = graphqlClient(getDb());
    for (const example of readmeExamples(README)) {
      const result = await gql(example.body.query, example.body.variables);
      expect({ line: example.line, answer: result }).toEqual({ line: example.line, answer: example.expected });
    }
  });

  it.each([1, 2])('docs/API.md, round %i after the README: every example answers without errors, as printed', async () => {
    const db = getDb();
    const gql = graphqlClient(db);
    for (const example of docExamples(API)) {
      const result = await gql(example.query, variablesOf(example.query));
      expect({ line: example.line, errors: result.errors ?? [] }).toEqual({ line: example.line, errors: [] });
      if (example.answer === undefined) continue;
      const printed = example.answer as { data?: unknown };
      // The page prints the embedded database's answer; on PostgreSQL serverInfo names that instead.
      const expected = JSON.parse(JSON.stringify('data' in printed ? printed.data : printed).replace('"database":"pglite"', `"database":"${db.kind}"`));
      expect({ line: example.line, data: result.data }).toEqual({ line: example.line, data: expected });
    }
  });
});
