/**
 * Database failures a client can act on, told apart from internal errors: a statement that ran
 * past the statement timeout (QUERY_TIMEOUT), a deadlock or serialization conflict with another
 * transaction, and a lost or restarting database (both retryable). Anything else stays internal.
 */
import { GraphQLError } from 'graphql';

/** The PostgreSQL SQLSTATE of a failure from pg, or from Prisma's driver adapter, if it has one. */
export const sqlStateOf = (error: unknown): string | undefined => {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const record = e as { code?: unknown; meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } }; cause?: unknown };
    const adapted = record.meta?.driverAdapterError?.cause?.originalCode;
    if (typeof adapted === 'string') return adapted;
    if (typeof record.code === 'string' && /^[0-9A-Z]{5}$/.test(record.code)) return record.code;
    e = record.cause;
  }
  return undefined;
};

/** Connection errors pg raises without a SQLSTATE. */
const LOST_CONNECTION = /Connection terminated|ECONNRESET|ECONNREFUSED|terminating connection|Client has encountered a connection error|timeout exceeded when trying to connect/i;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The client-facing error for a database failure, or undefined when it is an internal error. */
export const databaseError = (error: unknown): GraphQLError | undefined => {
  const state = sqlStateOf(error);
  if (state === '57014') {
    return new GraphQLError('The query ran longer than the statement timeout and was cancelled; narrow it (filters, smaller pages)', {
      extensions: { code: 'QUERY_TIMEOUT', retryable: false },
    });
  }
  if (state === '40P01' || state === '40001') {
    return new GraphQLError('The database stopped this transaction because it conflicted with another one; nothing was stored. Retry it', {
      extensions: { code: 'DATABASE_CONFLICT', retryable: true },
    });
  }
  if ((state && (state.startsWith('08') || state.startsWith('57P'))) || (!state && LOST_CONNECTION.test(messageOf(error)))) {
    return new GraphQLError('The connection to the database was lost; nothing was stored. Retry when the server is ready again', {
      extensions: { code: 'DATABASE_UNAVAILABLE', retryable: true },
    });
  }
  return undefined;
};
