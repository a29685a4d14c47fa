import { buildSchema, getOperationAST, parse } from 'graphql';
import type { Database } from '../../src/db/database';
import { createContext } from '../../src/api/context';
import { createGraphql } from '../../src/server/app';
import { loadTypeDefs } from '../../src/server/schema';
import { stringVariables } from '../../src/server/stringVariables';
import { describeEachDatabase } from '../support/databases';

/**
 * Which operations the known path answers without a resolver per field (`plainLookupPlan`: it
 * reads the plain columns alone, `id::text` first), and which variables it coerces without
 * graphql's `getVariableValues` (`stringVariables`). That the answers are Apollo's, byte for byte,
 * is tests/server/knownOperations.test.ts's.
 */
describeEachDatabase('plain lookups', (getDb) => {
  /** The statements a query's second run (on the known path) sends, each by its first `length` characters. */
  const statementsOf = async (query: string, variables?: Record<string, unknown>, length = 20): Promise<string[]> => {
    const sent: string[] = [];
    const db = getDb();
    const recording: Database = { ...db, sql: { ...db.sql, query: (text, params) => (sent.push(text.replace(/\s+/g, ' ').slice(0, length)), db.sql.query(text, params)) } };
    const { apollo, known } = createGraphql({ db: recording });
    await apollo.start();
    try {
      await apollo.executeOperation({ query, variables }, { contextValue: createContext(recording) });
      sent.length = 0;
      const answer = await known!.run({ query, variables }, undefined, async () => createContext(recording));
      expect(answer?.status).toBe(200);
      return sent;
    } finally {
      await apollo.stop();
    }
  };
  const PLAIN = ['SELECT id::text AS i'];

  beforeAll(async () => {
    // Every key asked below is stored, whole, under two kinds: nothing is read from games.
    await getDb().sql.query(`INSERT INTO "Position" (kind, key, board, "sideToMove")
      SELECT kind::"GameKind", key, 'b', 'w' FROM unnest(ARRAY['GO', 'CHESS']) AS kind, unnest(ARRAY['x', 'y', 'z']) AS key`);
  });

  it('reads only the plain columns for lookups whose every root field is positions or positionsByKeys selecting plain fields', async () => {
    expect(await statementsOf('query ($k: String!) { positions(key: $k, kind: GO) { id key sideToMove board } }', { k: 'x' })).toEqual(PLAIN);
    expect(await statementsOf('query ($a: String!, $b: String!) { a: positions(key: $a) { id } b: positions(key: $b, kind: CHESS) { k: key kind groupKey __typename } }', { a: 'x', b: 'y' })).toEqual(PLAIN);
    expect(await statementsOf('query ($k: [String!]!) { positionsByKeys(keys: $k) { id board } one: positions(key: "x") { id } }', { k: ['y', 'z'] })).toEqual(PLAIN);
  });

  it('reads the kind and group key of a position only when a field asks for them', async () => {
    const columns = async (query: string, variables?: Record<string, unknown>) => {
      const [text] = await statementsOf(query, variables, Infinity);
      return /^SELECT (.*) FROM/.exec(text)![1];
    };
    const FOUR = 'id::text AS id, key, "sideToMove", board';
    expect(await columns('query ($a: String!, $b: String!) { a: positions(key: $a, kind: GO) { id key } b: positions(key: $b, kind: GO) { board __typename } }', { a: 'x', b: 'y' })).toBe(FOUR);
    // Keys of several kinds: the kind is read to tell the rows apart.
    expect(await columns('query ($a: String!) { a: positions(key: $a) { id } b: positions(key: "y", kind: CHESS) { id } }', { a: 'x' })).toBe(`${FOUR}, kind`);
    expect(await columns('query ($k: [String!]!) { positionsByKeys(keys: $k, kind: GO) { id kind } }', { k: ['x'] })).toBe('id::text AS id, kind, key, "groupKey", "sideToMove", board');
    expect(await columns('{ positions(key: "x", kind: GO) { groupKey } }')).toBe('id::text AS id, kind, key, "groupKey", "sideToMove", board');
  });

  it('leaves to execution a field with a resolver of its own, fragments, directives, other root fields and repeated response keys', async () => {
    for (const query of [
      '{ positions(key: "x") { id text } }',
      '{ positions(key: "x") { ... on Position { id } } }',
      'fragment F on Position { id } { positions(key: "x") { ...F } }',
      'query ($s: Boolean!) { positions(key: "x") { id @include(if: $s) } }',
      '{ positions(key: "x") { id } serverInfo { version } }',
      '{ positions(key: "x") { id id } }',
    ]) {
      const sent = await statementsOf(query, { s: true });
      expect(sent.length).toBeGreaterThan(0);
      expect(sent).not.toContain(PLAIN[0]);
    }
  });

  const schema = buildSchema(loadTypeDefs().join('\n'));
  const coercion = (query: string) => stringVariables(schema, getOperationAST(parse(query))!.variableDefinitions ?? []);

  it('coerces variables that are all strings or lists of strings as they come, and leaves the rest to graphql', () => {
    const strings = coercion('query ($a: String!, $b: String, $c: [String!]!, $d: [String]) { serverInfo { database } }')!;
    expect(strings({ a: 'x', b: 'y', c: ['p', 'q'], d: ['r', null], e: 'not declared' })).toEqual({ a: 'x', b: 'y', c: ['p', 'q'], d: ['r', null] });
    // A missing value, a null, a number, a string for a list, a null item where none may be: graphql decides.
    expect(strings({ b: 'y', c: [], d: [] })).toBeUndefined();
    expect(strings({ a: 'x', b: null, c: [], d: [] })).toBeUndefined();
    expect(strings({ a: 5, b: 'y', c: [], d: [] })).toBeUndefined();
    expect(strings({ a: 'x', b: 'y', c: 'p', d: [] })).toBeUndefined();
    expect(strings({ a: 'x', b: 'y', c: [null], d: [] })).toBeUndefined();
    expect(coercion('query ($a: String = "x") { serverInfo { database } }')).toBeNull();
    expect(coercion('query ($a: Int!) { serverInfo { database } }')).toBeNull();
    expect(coercion('query ($a: GameKind) { serverInfo { database } }')).toBeNull();
  });
});
