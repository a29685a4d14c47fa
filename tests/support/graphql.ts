/** Runs GraphQL operations in-process against a test database. */
import type { ApolloServer } from '@apollo/server';
import type { GraphQLFormattedError } from 'graphql';
import type { Database } from '../../src/db/database';
import { createApollo } from '../../src/server/app';
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
  const apollo = createApollo({ db, limits, logError: (e) => logged.push(e) });
  const gql = (async <T>(query: string, variables?: Record<string, unknown>) => {
    const response = await apollo.executeOperation({ query, variables }, { contextValue: createContext(db) });
    if (response.body.kind !== 'single') throw new Error('expected a single result');
    return response.body.singleResult as GqlResult<T>;
  }) as Gql;
  gql.apollo = apollo;
  return gql;
};

/** The data of a result that must have no errors. */
export const dataOf = <T>(result: GqlResult<T>): T => {
  if (result.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(result.errors)}`);
  if (!result.data) throw new Error('no data');
  return result.data;
};
