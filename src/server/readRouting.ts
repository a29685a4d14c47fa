/**
 * Where each GraphQL operation runs when the database has read replicas (`DATABASE_REPLICA_URLS`,
 * `src/db/replicas.ts`), decided here and nowhere else: a `query` on the replica the database's
 * `ReplicaSet` gives it (healthy, close enough to the primary, and past this client's last write),
 * anything else (mutations: imports, deletes, tokens) on the primary; after a mutation, the
 * primary's WAL position is recorded for the client, so its next reads see what it wrote.
 *
 * A client is known by two keys: the bearer token it sends (its sha256, so no secret is kept), and
 * its network address. A read waits for the writes made under either, so a browser reading
 * anonymously beside a script that imported with a token from the same address sees the import too.
 */
import { createHash } from 'node:crypto';
import type { ApolloServerPlugin } from '@apollo/server';
import type { OperationDefinitionNode } from 'graphql';
import { readFrom, type Context } from '../api/context';
import type { Database } from '../db/database';
import { bearerToken } from './auth';

/** The keys of the client sending `authorization` from `address`, for read-your-writes. */
export const clientKeysOf = (authorization: string | undefined, address: string | undefined): string[] => {
  const keys: string[] = [];
  const token = authorization ? bearerToken(authorization) : null;
  if (token !== null) keys.push(`token:${createHash('sha256').update(token).digest('hex')}`);
  if (address) keys.push(`address:${address}`);
  return keys;
};

/** The database a read-only request of the client known by `clientKeys` runs on: a replica when `db` has any to offer. */
export const readDatabase = (db: Database, clientKeys: readonly string[]): Database => db.replicas?.forRead(clientKeys) ?? db;

/** Sends a query's reads to a replica, when the context's database has any to offer (before any resolver runs). */
export const routeReads = (context: Context, operation: OperationDefinitionNode): void => {
  if (operation.operation === 'query' && context.db.replicas) readFrom(context, readDatabase(context.db, context.clientKeys ?? []));
};

/**
 * Sends each query's reads to a replica, and records each mutation's WAL position for its client
 * before the response is sent. Does nothing on a database without replicas.
 */
export const readRoutingPlugin = (): ApolloServerPlugin<Context> => ({
  async requestDidStart({ contextValue }) {
    if (!contextValue.db.replicas) return;
    return {
      async didResolveOperation({ operation, contextValue }) {
        if (operation) routeReads(contextValue, operation);
      },
      async willSendResponse({ operation, contextValue }) {
        if (operation?.operation === 'mutation') await contextValue.db.replicas?.wrote(contextValue.clientKeys ?? []);
      },
    };
  },
});
