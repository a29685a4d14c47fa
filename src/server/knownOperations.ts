/**
 * Known operations: the hot path of /graphql past the HTTP layer. A query document that Apollo has
 * parsed and validated once is kept by its text (the same text always parses and validates the
 * same way against one schema), and a later request that sends the same text runs without
 * Apollo's request pipeline (hashing the text, the document store, a promise per plugin hook,
 * content negotiation): the same checks in the same order (`admit`: operation checks, access,
 * cost and its budget, read routing), graphql's `execute`, and errors formatted as Apollo formats
 * them (`formatErrors` below, after Apollo's `normalizeAndFormatErrors`), so the response is the
 * one Apollo would send, byte for byte. An operation with a direct executor (`direct`: lookups of
 * positions' plain fields, `resolvers/plainLookups.ts`) is answered by it without execution;
 * variables that are all strings are coerced without graphql's general coercion (`stringVariables.ts`).
 *
 * Anything else is handed back to Apollo, which answers it as before: a document not seen yet, a
 * mutation, a request with `extensions` (cost reports, persisted queries), an `Accept` header
 * other than JSON's, variables that do not coerce, and any request a check would refuse (Apollo
 * runs the checks again and sends their error). Nothing with a side effect has run by then:
 * `admit` draws on the cost budget last, after every check that can refuse.
 */
import type { ApolloServerPlugin } from '@apollo/server';
import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';
import {
  type DocumentNode,
  type ExecutionResult,
  execute,
  getOperationAST,
  getVariableValues,
  GraphQLError,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { type StringCoercion, stringVariables } from './stringVariables';

/** What `admit` is given. */
export interface KnownRequest<C> {
  schema: GraphQLSchema;
  document: DocumentNode;
  operation: OperationDefinitionNode;
  /** The variables as the request sent them. */
  variables: Record<string, unknown> | undefined;
  context: C;
}

/** A response made without Apollo. */
export interface KnownResponse {
  status: number;
  /** In the order Apollo sets them: those its errors ask for, then the content type. */
  headers: [string, string][];
  body: string;
}

export interface KnownOperationsOptions<C> {
  /** Whether Apollo answers operations now (started and not stopping). */
  serving: () => boolean;
  /**
   * Runs the checks Apollo's plugins run once an operation is known and says whether the operation
   * may run; false when any would refuse it (then nothing may have changed: Apollo runs them again).
   */
  admit: (request: KnownRequest<C>) => boolean;
  /** Apollo's `formatError`. */
  formatError: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;
  /** Told of the errors of a response before they are formatted (Apollo's `didEncounterErrors`). */
  didEncounterErrors?: (errors: readonly GraphQLError[], context: C) => void;
  /** Told of each operation answered, with its start (hrtime ns). */
  answered?: (operation: OperationDefinitionNode, started: bigint) => void;
  /** Most documents kept (the oldest is forgotten first). */
  maxDocuments?: number;
  /** Longest query text kept, in characters. */
  maxQueryLength?: number;
  /** Whether known operations are compiled with graphql-jit (default true; false: graphql's `execute`). */
  compile?: boolean;
  /**
   * A direct executor of an operation that needs no graphql execution (made once per operation;
   * null: none): given the coerced variables, it gives the JSON text of the operation's `data`, or
   * undefined to leave the request to execution. It may only read, and what it gives must be
   * what execution gives, as `JSON.stringify` writes it (`resolvers/plainLookups.ts`).
   */
  direct?: (schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode) => DirectExecutor<C> | null;
}

/** See `KnownOperationsOptions.direct`. */
export type DirectExecutor<C> = (variables: Record<string, unknown>, context: C) => Promise<string | undefined>;

/** Apollo's content type for a single result, for the `Accept` headers answered here (others go to Apollo). */
const JSON_TYPE = 'application/json; charset=utf-8';
const JSON_ACCEPTS = new Set(['*/*', 'application/json', 'application/json, */*']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);

/** An operation of a kept document, its direct executor (null: none) and its compiled executor (null: graphql's `execute` runs it). */
interface KnownOperation<C> {
  operation: OperationDefinitionNode;
  /** The coercion of its variables when all are strings (`stringVariables.ts`; null: graphql's alone). */
  strings?: StringCoercion | null;
  direct?: DirectExecutor<C> | null;
  compiled?: CompiledQuery | null;
}

/** A kept document and the operation each `operationName` selects in it (null: none). */
interface KnownDocument<C> {
  document: DocumentNode;
  operations: Map<string | undefined, KnownOperation<C> | null>;
}

/** `extensions.http` of an error as Apollo reads it: a status and headers to send. */
const httpOf = (extensions: Record<string, unknown>): { status?: number; headers?: Map<string, string> } | undefined => {
  const http = extensions.http as { status?: unknown; headers?: unknown } | undefined;
  if (!http || typeof http !== 'object') return undefined;
  if ('status' in http && typeof http.status !== 'number') return undefined;
  if ('headers' in http && !(http.headers instanceof Map)) return undefined;
  return http as { status?: number; headers?: Map<string, string> };
};

/**
 * Apollo's `normalizeAndFormatErrors` for errors of an execution result (GraphQLErrors already):
 * each error's JSON with `extensions.code` (INTERNAL_SERVER_ERROR when it has none) and without
 * `extensions.http`, which sets the response's status instead; then `formatError`.
 */
export const formatErrors = (
  errors: readonly GraphQLError[],
  formatError: KnownOperationsOptions<unknown>['formatError'],
): { formatted: GraphQLFormattedError[]; status?: number; headers: Map<string, string> } => {
  let status: number | undefined;
  const headers = new Map<string, string>();
  const formatted = errors.map((error) => {
    try {
      // graphql-jit's errors have no extensions when their original error has none.
      const extensions: Record<string, unknown> = { ...error.extensions, code: error.extensions?.code ?? 'INTERNAL_SERVER_ERROR' };
      const http = httpOf(extensions);
      if (http) {
        if (http.status) status = http.status;
        for (const [name, value] of http.headers ?? []) headers.set(name, value);
        delete extensions.http;
      }
      return formatError({ ...error.toJSON(), extensions }, error);
    } catch {
      return { message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } };
    }
  });
  return { formatted, status, headers };
};

export const knownOperations = <C extends object>(options: KnownOperationsOptions<C>) => {
  const maxDocuments = options.maxDocuments ?? 200;
  const maxQueryLength = options.maxQueryLength ?? 8192;
  const jit = options.compile ?? true;
  const documents = new Map<string, KnownDocument<C>>();
  let schema: GraphQLSchema | undefined;
  let answered = 0;

  /** Keeps a document Apollo has parsed and validated against `validatedOn`, by its text. */
  const remember = (query: string, document: DocumentNode, validatedOn: GraphQLSchema): void => {
    if (query.length > maxQueryLength || documents.has(query)) return;
    if (schema !== validatedOn) {
      // A new schema (a restart of Apollo): documents validated against the last one are forgotten.
      documents.clear();
      schema = validatedOn;
    }
    if (documents.size >= maxDocuments) documents.delete(documents.keys().next().value as string);
    documents.set(query, { document, operations: new Map() });
  };

  const operationOf = (known: KnownDocument<C>, name: string | undefined): KnownOperation<C> | null => {
    const kept = known.operations.get(name);
    if (kept !== undefined) return kept;
    const operation = getOperationAST(known.document, name);
    const found = operation ? { operation } : null;
    if (known.operations.size < 16) known.operations.set(name, found);
    return found;
  };

  /** The operation compiled by graphql-jit on its first run here (the document's second sending); null where it cannot be. */
  const compiledOf = (schema: GraphQLSchema, document: DocumentNode, known: KnownOperation<C>, name: string | undefined): CompiledQuery | null | undefined => {
    if (known.compiled !== undefined || !jit) return known.compiled;
    try {
      const compiled = compileQuery(schema, document, name);
      known.compiled = isCompiledQuery(compiled) ? compiled : null;
    } catch {
      known.compiled = null;
    }
    return known.compiled;
  };

  /** The operation's variables coerced (the string coercion first), or undefined where graphql would refuse them. */
  const coerceVariables = (schema: GraphQLSchema, known: KnownOperation<C>, values: Record<string, unknown>): Record<string, unknown> | undefined => {
    const definitions = known.operation.variableDefinitions ?? [];
    if (known.strings === undefined) known.strings = stringVariables(schema, definitions);
    const coerced = known.strings?.(values);
    if (coerced) return coerced;
    const coercion = getVariableValues(schema, definitions, values, { maxErrors: 50 });
    return coercion.errors ? undefined : coercion.coerced;
  };

  /** The operation's direct executor, made on its first run here; null where there is none. */
  const directOf = (schema: GraphQLSchema, document: DocumentNode, known: KnownOperation<C>): DirectExecutor<C> | null => {
    if (known.direct !== undefined) return known.direct;
    try {
      known.direct = options.direct?.(schema, document, known.operation) ?? null;
    } catch {
      known.direct = null;
    }
    return known.direct;
  };

  /**
   * The operation's result: its compiled executor's, or graphql's `execute`'s. A compiled executor
   * that refuses the request before any resolver runs (no `data`: its own coercion of the
   * variables) leaves it to `execute`, and is not used again.
   */
  const executeKnown = async (schema: GraphQLSchema, document: DocumentNode, known: KnownOperation<C>, contextValue: C, variableValues: Record<string, unknown> | undefined, operationName: string | undefined): Promise<ExecutionResult> => {
    const compiled = compiledOf(schema, document, known, operationName);
    if (compiled) {
      const result = await compiled.query(undefined, contextValue, variableValues);
      if ('data' in result) return result;
      known.compiled = null;
    }
    return execute({ schema, document, contextValue, variableValues, operationName });
  };

  /**
   * The response to a POSTed JSON `body`, or undefined when Apollo should answer it (nothing has
   * run then). `context` makes the request's context (called at most once; Apollo is given the same one).
   */
  const run = async (body: unknown, accept: string | undefined, context: () => Promise<C>): Promise<KnownResponse | undefined> => {
    if (!isRecord(body) || typeof body.query !== 'string' || body.extensions !== undefined) return undefined;
    const known = documents.get(body.query);
    if (!known || !schema || (accept !== undefined && !JSON_ACCEPTS.has(accept))) return undefined;
    const { variables, operationName } = body;
    if (variables !== undefined && variables !== null && !isRecord(variables)) return undefined;
    if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return undefined;
    const found = operationOf(known, operationName ?? undefined);
    if (!found || found.operation.operation !== 'query' || !options.serving()) return undefined;
    const { operation } = found;
    const variableValues = variables ?? undefined;
    // Variables that do not coerce are refused by Apollo, with its codes and status.
    const coerced = coerceVariables(schema, found, variableValues ?? {});
    if (!coerced) return undefined;
    let made: C;
    try {
      made = await context();
    } catch {
      // Apollo answers a context that cannot be made (it is given the same failure).
      return undefined;
    }
    const started = process.hrtime.bigint();
    // Apollo gives each operation its own shallow copy of the context.
    const contextValue = Object.assign(Object.create(Object.getPrototypeOf(made) as object) as C, made);
    if (!options.admit({ schema, document: known.document, operation, variables: variableValues, context: contextValue })) return undefined;
    // The direct executor's data, when it answers (one that declines or throws leaves it to execution, which meets the same failure and answers it).
    const direct = directOf(schema, known.document, found);
    const data = direct ? await direct(coerced, contextValue).catch(() => undefined) : undefined;
    if (data !== undefined) {
      options.answered?.(operation, started);
      answered++;
      return { status: 200, headers: [['content-type', JSON_TYPE]], body: `{"data":${data}}\n` };
    }
    let result: ExecutionResult;
    let status: number | undefined;
    try {
      result = await executeKnown(schema, known.document, found, contextValue, variableValues, operationName ?? undefined);
    } catch (error) {
      // As Apollo answers an execution that throws (not one whose resolvers do): the error alone, status 500 unless it says.
      const graphqlError = error instanceof GraphQLError ? error : new GraphQLError(error instanceof Error ? error.message : `Unexpected error value: ${String(error)}`, { originalError: error instanceof Error ? error : undefined });
      result = { errors: [graphqlError] };
      status = 500;
    }
    let errors: GraphQLFormattedError[] | undefined;
    const headers: [string, string][] = [];
    if (result.errors?.length) {
      options.didEncounterErrors?.(result.errors, contextValue);
      const formatted = formatErrors(result.errors, options.formatError);
      errors = formatted.formatted;
      status = formatted.status ?? status;
      headers.push(...formatted.headers);
    }
    headers.push(['content-type', JSON_TYPE]);
    const text = `${JSON.stringify({ errors, data: result.data, extensions: result.extensions })}\n`;
    options.answered?.(operation, started);
    answered++;
    return { status: status ?? 200, headers, body: text };
  };

  /** The Apollo plugin that hands `remember` each document once Apollo has parsed and validated it. */
  const plugin: ApolloServerPlugin<C> = {
    async requestDidStart() {
      return {
        async didResolveOperation({ source, document, schema: validatedOn }) {
          remember(source, document, validatedOn);
        },
      };
    },
  };

  return {
    remember,
    run,
    plugin,
    /** Documents kept now. */
    size: () => documents.size,
    /** Requests answered here so far (the others went to Apollo). */
    answered: () => answered,
  };
};

export type KnownOperations<C extends object> = ReturnType<typeof knownOperations<C>>;
