/**
 * Error factories with stable `extensions.code`s. Resolvers throw these;
 * `formatError` masks anything else as INTERNAL_SERVER_ERROR.
 */
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import type { CodecError } from '../codecs/result';
import { databaseError } from './databaseErrors';

/** Bad input: `details` names what is wrong and where (offset, line, field, code). */
export const badUserInput = (message: string, details: Record<string, unknown> = {}): GraphQLError =>
  new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', details } });

/** A codec's error as BAD_USER_INPUT, keeping its code and location in `details`. */
export const codecInputError = (error: CodecError, argument?: string): GraphQLError => {
  const { message, ...details } = error;
  return badUserInput(message, argument ? { argument, ...details } : details);
};

export const notFound = (what: string): GraphQLError =>
  new GraphQLError(`${what} not found`, { extensions: { code: 'NOT_FOUND' } });

const PASSED_THROUGH = new Set([
  'BAD_USER_INPUT',
  'NOT_FOUND',
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'QUERY_LIMIT_EXCEEDED',
  'QUERY_TIMEOUT',
  'DATABASE_CONFLICT',
  'DATABASE_UNAVAILABLE',
]);

/**
 * Apollo refuses some requests with a 4xx status and no code (a persisted query whose hash does
 * not match its text): they are the client's errors, so they keep their message and get a code.
 */
const requestError = (formatted: GraphQLFormattedError, original: unknown): GraphQLFormattedError | undefined => {
  const status = (original as { extensions?: { http?: { status?: unknown } } } | null)?.extensions?.http?.status;
  const code = formatted.extensions?.code;
  if ((code !== undefined && code !== 'INTERNAL_SERVER_ERROR') || typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  const refusal = formatted.message === 'provided sha does not match query' ? 'PERSISTED_QUERY_HASH_MISMATCH' : 'BAD_REQUEST';
  return { message: formatted.message, extensions: { code: refusal } };
};

/**
 * Keeps errors tabula raised on purpose, gives database failures a client can act on their own
 * codes (databaseErrors.ts), and masks the rest (driver and programming errors) so no internals
 * leak; those are logged instead.
 */
export const formatError = (
  formatted: GraphQLFormattedError,
  error: unknown,
  log: (error: unknown) => void = (e) => console.error(e),
): GraphQLFormattedError => {
  const code = formatted.extensions?.code;
  if (typeof code === 'string' && PASSED_THROUGH.has(code)) {
    const { stacktrace: _stacktrace, ...extensions } = formatted.extensions ?? {};
    return { ...formatted, extensions };
  }
  const original = unwrapResolverError(error);
  const refused = requestError(formatted, original);
  if (refused) return refused;
  const known = databaseError(original);
  if (known) return { message: known.message, locations: formatted.locations, path: formatted.path, extensions: known.extensions };
  log(original);
  return { message: 'Internal server error', locations: formatted.locations, path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
};
