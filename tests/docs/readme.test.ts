/**
 * The README's GraphQL examples run as printed: each `curl ... -d '{"query": ...}'` of the quick
 * start is sent, in order, to a fresh database, and must answer exactly the `# {...}` line under it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describeEachDatabase } from '../support/databases';
import { graphqlClient } from '../support/graphql';

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

const README = fs.readFileSync(path.join(__dirname, '../../README.md'), 'utf8');

describe('the README examples', () => {
  it('are found: the quick start imports a game and looks a position up', () => {
    expect(readmeExamples(README).map((e) => Object.keys(e.expected as object))).toEqual([['data'], ['data']]);
  });
});

describeEachDatabase('the README quick start', (getDb) => {
  it('answers every example as printed, in order', async () => {
    const gql = graphqlClient(getDb());
    for (const example of readmeExamples(README)) {
      const result = await gql(example.body.query, example.body.variables);
      expect({ line: example.line, answer: result }).toEqual({ line: example.line, answer: example.expected });
    }
  });
});
