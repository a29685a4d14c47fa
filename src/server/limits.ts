/**
 * Request limits: every operation is measured before it runs (depth, cost,
 * aliases, directives with graphql-armor's validation rules; tokens with
 * graphql's own parser limit) and refused with QUERY_LIMIT_EXCEEDED (HTTP 400)
 * when it is over one of them. `extensions.limit` names the limit,
 * `extensions.max` its value, `extensions.found` the operation's.
 *
 * Cost (cost.ts) and response size have a limit per role: anonymous callers and reader
 * tokens have the lowest, writer and admin tokens higher ones; an anonymous client's queries
 * over the free cost also draw on a per-address budget of cost per second. A request that sends
 * `"extensions": {"cost": true}` gets `extensions.cost` ({requested, limit}) on its response;
 * `"cost": "dryRun"` gets only that, without running the operation.
 */
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { HeaderMap, type ApolloServerPlugin } from '@apollo/server';
import {
  type DocumentNode,
  GraphQLError,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import type { Principal } from '../api/principal';
import { costMemo } from './cost';
import { parseByteSize } from './graphqlHttp';

export interface Limits {
  /** Deepest field nesting, counted from the operation's root fields (1). */
  maxDepth: number;
  /** Most aliased fields in one operation, `__typename` included. */
  maxAliases: number;
  /** Highest cost (cost.ts) of an anonymous operation or a reader token's. */
  maxCost: number;
  /** Highest cost of a writer token's operation. */
  maxCostWriter: number;
  /** Highest cost of an admin token's operation (and of in-process callers). */
  maxCostAdmin: number;
  /**
   * Cost per second that one anonymous client (a network address) may spend on queries over
   * `freeCost` (a token bucket holding up to eight times `maxCost`): a client looping an expensive
   * query gets this much of the server; the rest is refused until it refills. Tokens do not
   * draw on it.
   */
  costPerSecond: number;
  /** A query costing this or less never draws on `costPerSecond` (lookups). */
  freeCost: number;
  /** Largest response body in bytes to an anonymous caller or a reader token. */
  maxResponseBytes: number;
  /** Largest response body to a writer token. */
  maxResponseBytesWriter: number;
  /** Largest response body to an admin token. */
  maxResponseBytesAdmin: number;
  /** Most lexical tokens in the document; checked while parsing, so a huge document stops early. */
  maxTokens: number;
  /** Most directives in one operation. */
  maxDirectives: number;
  /** Whether `__schema`/`__type` introspection is answered. */
  introspection: boolean;
}

export const DEFAULT_LIMITS: Limits = {
  maxDepth: 10,
  maxAliases: 30,
  maxCost: 8_000,
  maxCostWriter: 100_000,
  maxCostAdmin: 1_000_000,
  costPerSecond: 1_500,
  freeCost: 250,
  maxResponseBytes: 10 * 1024 ** 2,
  maxResponseBytesWriter: 64 * 1024 ** 2,
  maxResponseBytesAdmin: 256 * 1024 ** 2,
  maxTokens: 5000,
  maxDirectives: 50,
  introspection: true,
};

const positiveInt = (env: NodeJS.ProcessEnv, name: string, fallback: number): number => {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number above 0, got "${text}"`);
  return value;
};

const flag = (env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean => {
  const text = env[name]?.trim().toLowerCase();
  if (!text) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(text)) return true;
  if (['0', 'false', 'no', 'off'].includes(text)) return false;
  throw new Error(`${name} must be 1 or 0, got "${env[name]}"`);
};

const byteSize = (env: NodeJS.ProcessEnv, name: string, fallback: number): number => {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  let value: number;
  try {
    value = parseByteSize(text);
  } catch {
    throw new Error(`${name} must be a size such as 10mb, 512kb or a number of bytes, got "${text}"`);
  }
  if (value < 1) throw new Error(`${name} must be above 0 bytes, got "${text}"`);
  return value;
};

/**
 * TABULA_MAX_DEPTH, TABULA_MAX_ALIASES, TABULA_MAX_COST (+ _WRITER, _ADMIN), TABULA_COST_PER_SECOND,
 * TABULA_FREE_COST, TABULA_MAX_RESPONSE_SIZE
 * (+ _WRITER, _ADMIN), TABULA_MAX_TOKENS, TABULA_MAX_DIRECTIVES, TABULA_INTROSPECTION.
 */
export const limitsFromEnv = (env: NodeJS.ProcessEnv = process.env): Limits => ({
  maxDepth: positiveInt(env, 'TABULA_MAX_DEPTH', DEFAULT_LIMITS.maxDepth),
  maxAliases: positiveInt(env, 'TABULA_MAX_ALIASES', DEFAULT_LIMITS.maxAliases),
  maxCost: positiveInt(env, 'TABULA_MAX_COST', DEFAULT_LIMITS.maxCost),
  maxCostWriter: positiveInt(env, 'TABULA_MAX_COST_WRITER', DEFAULT_LIMITS.maxCostWriter),
  maxCostAdmin: positiveInt(env, 'TABULA_MAX_COST_ADMIN', DEFAULT_LIMITS.maxCostAdmin),
  costPerSecond: positiveInt(env, 'TABULA_COST_PER_SECOND', DEFAULT_LIMITS.costPerSecond),
  freeCost: positiveInt(env, 'TABULA_FREE_COST', DEFAULT_LIMITS.freeCost),
  maxResponseBytes: byteSize(env, 'TABULA_MAX_RESPONSE_SIZE', DEFAULT_LIMITS.maxResponseBytes),
  maxResponseBytesWriter: byteSize(env, 'TABULA_MAX_RESPONSE_SIZE_WRITER', DEFAULT_LIMITS.maxResponseBytesWriter),
  maxResponseBytesAdmin: byteSize(env, 'TABULA_MAX_RESPONSE_SIZE_ADMIN', DEFAULT_LIMITS.maxResponseBytesAdmin),
  maxTokens: positiveInt(env, 'TABULA_MAX_TOKENS', DEFAULT_LIMITS.maxTokens),
  maxDirectives: positiveInt(env, 'TABULA_MAX_DIRECTIVES', DEFAULT_LIMITS.maxDirectives),
  introspection: flag(env, 'TABULA_INTROSPECTION', DEFAULT_LIMITS.introspection),
});

export const QUERY_LIMIT_EXCEEDED = 'QUERY_LIMIT_EXCEEDED';

type LimitName = 'depth' | 'aliases' | 'cost' | 'tokens' | 'directives' | 'responseSize' | 'costPerSecond';

/**
 * A token bucket of cost: it fills at `perSecond` up to `capacity`; `take` spends `cost` when the
 * bucket holds it, else says how long until it will.
 */
export const costBucket = (perSecond: number, capacity: number, now: () => number = () => performance.now()) => {
  let tokens = capacity;
  let at = now();
  return {
    take(cost: number): { ok: true } | { ok: false; retryAfterMs: number } {
      const t = now();
      tokens = Math.min(capacity, tokens + ((t - at) / 1000) * perSecond);
      at = t;
      if (tokens >= cost) {
        tokens -= cost;
        return { ok: true };
      }
      return { ok: false, retryAfterMs: Math.ceil(((cost - tokens) / perSecond) * 1000) };
    },
  };
};

/** The role whose limits apply: anonymous callers and reader tokens share the lowest. */
const roleOf = (principal: Principal | undefined): 'reader' | 'writer' | 'admin' =>
  principal?.kind === 'token' ? principal.role : 'reader';

/** The highest cost `principal` may ask for. */
export const costLimitFor = (limits: Limits, principal: Principal | undefined): number =>
  ({ reader: limits.maxCost, writer: limits.maxCostWriter, admin: limits.maxCostAdmin })[roleOf(principal)];

/** The largest response body `principal` may receive, in bytes. */
export const responseLimitFor = (limits: Limits, principal: Principal | undefined): number =>
  ({ reader: limits.maxResponseBytes, writer: limits.maxResponseBytesWriter, admin: limits.maxResponseBytesAdmin })[roleOf(principal)];

/** The refusal of a response over `max` bytes (found: its size), sent instead of it. */
export const responseTooLarge = (found: number, max: number): GraphQLFormattedError => ({
  message: `The response is ${found} bytes, over the limit of ${max} bytes: ask for fewer items (first, keys) or fewer fields`,
  extensions: { code: QUERY_LIMIT_EXCEEDED, limit: 'responseSize', max, found },
});

/** armor says e.g. "Syntax Error: Query depth limit of 10 exceeded, found 20." */
const FOUND = /found (\d+(?:\.\d+)?)/;

/** An armor rejection handler that reports our own error instead of armor's. */
const reject =
  (limit: LimitName, max: number) =>
  (context: ValidationContext | null, error: GraphQLError): void => {
    const text = FOUND.exec(error.message)?.[1];
    const found = text === undefined ? undefined : Math.round(Number(text));
    context?.reportError(
      new GraphQLError(`Query ${limit}${found === undefined ? '' : ` ${found}`} is over the limit of ${max}`, {
        extensions: { code: QUERY_LIMIT_EXCEEDED, limit, max, ...(found === undefined ? {} : { found }) },
      }),
    );
  };

export interface LimitSettings {
  validationRules: ValidationRule[];
  plugins: ApolloServerPlugin[];
  /** The cost check the plugins run (shared with the known-operation path, so both draw on one budget per client). */
  checkCost: CostCheck;
  parseOptions: { maxTokens: number };
  introspection: boolean;
}

/** The Apollo options that enforce `limits`. */
export const limitSettings = (limits: Limits): LimitSettings => {
  const armor = new ApolloArmor({
    maxDepth: { n: limits.maxDepth, propagateOnRejection: false, onReject: [reject('depth', limits.maxDepth)] },
    maxAliases: {
      n: limits.maxAliases,
      allowList: [],
      propagateOnRejection: false,
      onReject: [reject('aliases', limits.maxAliases)],
    },
    // Cost needs the variables' values, which validation does not see: costPlugin below.
    costLimit: { enabled: false },
    maxDirectives: {
      n: limits.maxDirectives,
      propagateOnRejection: false,
      onReject: [reject('directives', limits.maxDirectives)],
    },
    // graphql's parser counts tokens itself (parseOptions below) and stops at
    // the limit; armor's Apollo token plugin would parse every document twice.
    maxTokens: { enabled: false },
    // "Did you mean" hints describe the schema; hide them when introspection is off.
    blockFieldSuggestion: { enabled: !limits.introspection },
  }).protect();
  const checkCost = costCheck(limits);
  return {
    validationRules: armor.validationRules,
    plugins: [...(armor.plugins as ApolloServerPlugin[]), costPlugin(checkCost)],
    checkCost,
    parseOptions: { maxTokens: limits.maxTokens },
    introspection: limits.introspection,
  };
};

/** Clients whose budget is remembered at most; the longest known are forgotten first (a full bucket again). */
const MAX_CLIENTS = 10_000;

/** A client's bucket holds this many queries at the cost limit: a dashboard session's tabs and pages. */
const BURST = 8;

/** Each client address's bucket of cost, made on its first expensive query. */
const clientBudgets = (limits: Limits) => {
  const buckets = new Map<string, ReturnType<typeof costBucket>>();
  return (client: string) => {
    let bucket = buckets.get(client);
    if (!bucket) {
      if (buckets.size >= MAX_CLIENTS) buckets.delete(buckets.keys().next().value as string);
      bucket = costBucket(limits.costPerSecond, Math.max(BURST * limits.maxCost, limits.costPerSecond));
      buckets.set(client, bucket);
    }
    return bucket;
  };
};

/** What a request asked to know of its cost, from its `extensions.cost`: nothing, the cost beside the result, or the cost alone. */
const costRequest = (extensions: Record<string, unknown> | undefined): 'none' | 'report' | 'dryRun' =>
  extensions?.cost === 'dryRun' ? 'dryRun' : extensions?.cost === true ? 'report' : 'none';

/** What a cost check is given: the operation as Apollo resolved it and who sent it. */
export interface CostedOperation {
  schema: GraphQLSchema;
  document: DocumentNode;
  operation: OperationDefinitionNode;
  /** The variables as the request sent them. */
  variables: Record<string, unknown> | undefined;
  principal?: Principal;
  client?: string;
  /** A dry run (`"extensions": {"cost": "dryRun"}`) draws nothing from the client's budget. */
  dryRun?: boolean;
}

/**
 * The cost check of `limits`: the operation's cost (cost.ts), computed with its variables' values
 * and the arguments' defaults, and the caller's limit, with the refusal (QUERY_LIMIT_EXCEEDED)
 * when the cost is over the limit of the caller's role, or (anonymous queries over the free cost)
 * over what the client's budget holds now; an operation let through draws its cost from that
 * budget. One per server: the budgets live in it.
 */
export const costCheck = (limits: Limits) => {
  const budgets = clientBudgets(limits);
  const costOf = costMemo();
  return ({ schema, document, operation, variables, principal, client, dryRun }: CostedOperation): OperationCost => {
    const limit = costLimitFor(limits, principal);
    const requested = Math.round(costOf(schema, document, operation, variables ?? {}));
    if (requested > limit) {
      const refusal = new GraphQLError(`Query cost ${requested} is over the limit of ${limit}`, {
        extensions: { code: QUERY_LIMIT_EXCEEDED, limit: 'cost', max: limit, found: requested, http: { status: 400 } },
      });
      return { requested, limit, refusal };
    }
    if (dryRun || requested <= limits.freeCost || principal?.kind === 'token') return { requested, limit };
    const taken = budgets(client ?? '').take(requested);
    if (taken.ok) return { requested, limit };
    const seconds = Math.ceil(taken.retryAfterMs / 1000);
    const refusal = new GraphQLError(
      `Query cost ${requested} is over what this client may spend now without a token (${limits.costPerSecond} per second); retry in ${seconds} s or send a token`,
      {
        extensions: {
          code: QUERY_LIMIT_EXCEEDED,
          limit: 'costPerSecond',
          max: limits.costPerSecond,
          found: requested,
          retryAfterMs: taken.retryAfterMs,
          http: { status: 429, headers: new HeaderMap([['retry-after', String(seconds)]]) },
        },
      },
    );
    return { requested, limit, refusal };
  };
};

/** An operation's cost and the caller's limit; `refusal` when it may not run. */
export interface OperationCost {
  requested: number;
  limit: number;
  refusal?: GraphQLError;
}

export type CostCheck = ReturnType<typeof costCheck>;

/**
 * Runs `check` on every operation once it is known (after the access check), before execution.
 * Reports the cost on the response when the request asks, and answers a dry run with the cost alone.
 */
const costPlugin = (check: CostCheck): ApolloServerPlugin<{ principal?: Principal; client?: string }> => ({
  async requestDidStart({ request }) {
    const asked = costRequest(request.extensions);
    let cost: { requested: number; limit: number } | undefined;
    return {
      async didResolveOperation({ schema, document, operation, contextValue }) {
        if (!operation) return;
        const { principal, client } = contextValue;
        const { requested, limit, refusal } = check({ schema, document, operation, variables: request.variables, principal, client, dryRun: asked === 'dryRun' });
        cost = { requested, limit };
        if (refusal) throw refusal;
      },
      async responseForOperation() {
        if (asked !== 'dryRun' || !cost) return null;
        return { http: { status: 200, headers: new HeaderMap() }, body: { kind: 'single', singleResult: { extensions: { cost } } } };
      },
      async willSendResponse({ response }) {
        if (asked === 'none' || !cost || response.body.kind !== 'single') return;
        response.body.singleResult.extensions = { ...response.body.singleResult.extensions, cost };
      },
    };
  },
});

/** graphql 16 says "more that N tokens"; accept the corrected spelling too. */
const TOKENS = /^Syntax Error: Document contains more tha[nt] (\d+) tokens/;

/**
 * Gives limit errors their own code: Apollo reports validation-rule errors as
 * GRAPHQL_VALIDATION_FAILED and the parser's token limit as
 * GRAPHQL_PARSE_FAILED. Other errors are returned unchanged.
 */
export const classifyLimitError = (formatted: GraphQLFormattedError): GraphQLFormattedError => {
  const extensions = formatted.extensions ?? {};
  if (typeof extensions.limit === 'string' && extensions.code === 'GRAPHQL_VALIDATION_FAILED') {
    return { ...formatted, extensions: { ...extensions, code: QUERY_LIMIT_EXCEEDED } };
  }
  const tokens = extensions.code === 'GRAPHQL_PARSE_FAILED' ? TOKENS.exec(formatted.message) : null;
  if (tokens) {
    const max = Number(tokens[1]);
    return {
      ...formatted,
      message: `Query tokens are over the limit of ${max}`,
      extensions: { ...extensions, code: QUERY_LIMIT_EXCEEDED, limit: 'tokens', max },
    };
  }
  return formatted;
};
