/** Runs GraphQL operations in-process against a test database. */
import type { ApolloServer } from '@apollo/server';
import type { GraphQLFormattedError } from 'graphql';
import type { Database } from '../../src/db/database';
import { createApollo, createGraphql } from '../../src/server/app';
import type { Limits } from '../../src/server/limits';
import { createContext, type Context } from '../../src/api/context';

export interface GqlResult<T> {
  data?: T | null;
  errors?: readonly GraphQLFormattedError[];
}

export interface Gql {
  <T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>): Promise<GqlResult<T>>;
  apollo: ApolloServer<Context>;
}

/** A `gql` function bound to one database; internal errors it masks are collected in `logged`. */
export const graphqlClient = (db: Database, logged: unknown[] = [], limits?: Limits): Gql => {
  const options = { db, limits, logError: (e: unknown) => logged.push(e) };
  const { apollo, known } = process.env.TABULA_TEST_KNOWN_CHECK ? createGraphql({ ...options, knownOperations: 1000 }) : { apollo: createApollo(options), known: undefined };
  const gql = (async <T>(query: string, variables?: Record<string, unknown>) => {
    const response = await apollo.executeOperation({ query, variables }, { contextValue: createContext(db) });
    if (response.body.kind !== 'single') throw new Error('expected a single result');
    if (known) await sameThroughKnownPath(known, query, variables, response.body.singleResult, db);
    return response.body.singleResult as GqlResult<T>;
  }) as Gql;
  gql.apollo = apollo;
  return gql;
};

/**
 * TABULA_TEST_KNOWN_CHECK=1: every query a test sends is run a second time through the known path
 * (src/server/knownOperations.ts: no Apollo pipeline, compiled by graphql-jit), whose response
 * must be Apollo's, byte for byte. A check to run by hand (`TABULA_TEST_KNOWN_CHECK=1 npx jest
 * tests/server`): the tests that count the statements or replays of a request see them twice.
 */
const sameThroughKnownPath = async (
  known: NonNullable<ReturnType<typeof createGraphql>['known']>,
  query: string,
  variables: Record<string, unknown> | undefined,
  result: GqlResult<unknown> & { extensions?: unknown },
  db: Database,
): Promise<void> => {
  const fast = await known.run({ query, variables }, undefined, async () => createContext(db));
  if (!fast) return;
  const expected = `${JSON.stringify({ errors: result.errors, data: result.data, extensions: result.extensions })}\n`;
  if (fast.body !== expected) throw new Error(`the known path answered\n${fast.body}\nwhere Apollo answered\n${expected}`);
};

/** The data of a result that must have no errors. */
export const dataOf = <T>(result: GqlResult<T>): T => {
  if (result.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(result.errors)}`);
  if (!result.data) throw new Error('no data');
  return result.data;
};
