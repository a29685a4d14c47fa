/**
 * Request limits: every operation is measured before it runs (depth, cost,
 * aliases, directives with graphql-armor's validation rules; tokens with
 * graphql's own parser limit) and refused with QUERY_LIMIT_EXCEEDED (HTTP 400)
 * when it is over one of them. `extensions.limit` names the limit,
 * `extensions.max` its value.
 */
import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, type GraphQLFormattedError, type ValidationContext, type ValidationRule } from 'graphql';
import { operationCost } from './cost';

export interface Limits {
  /** Deepest field nesting, counted from the operation's root fields (1). */
  maxDepth: number;
  /** Most aliased fields in one operation, `__typename` included. */
  maxAliases: number;
  /** Highest cost in graphql-armor's model (object 2, scalar 1, ×1.5 per level, ×`first`). */
  maxCost: number;
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
  maxCost: 5000,
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

/** TABULA_MAX_DEPTH, TABULA_MAX_ALIASES, TABULA_MAX_COST, TABULA_MAX_TOKENS, TABULA_MAX_DIRECTIVES, TABULA_INTROSPECTION. */
export const limitsFromEnv = (env: NodeJS.ProcessEnv = process.env): Limits => ({
  maxDepth: positiveInt(env, 'TABULA_MAX_DEPTH', DEFAULT_LIMITS.maxDepth),
  maxAliases: positiveInt(env, 'TABULA_MAX_ALIASES', DEFAULT_LIMITS.maxAliases),
  maxCost: positiveInt(env, 'TABULA_MAX_COST', DEFAULT_LIMITS.maxCost),
  maxTokens: positiveInt(env, 'TABULA_MAX_TOKENS', DEFAULT_LIMITS.maxTokens),
  maxDirectives: positiveInt(env, 'TABULA_MAX_DIRECTIVES', DEFAULT_LIMITS.maxDirectives),
  introspection: flag(env, 'TABULA_INTROSPECTION', DEFAULT_LIMITS.introspection),
});

export const QUERY_LIMIT_EXCEEDED = 'QUERY_LIMIT_EXCEEDED';

type LimitName = 'depth' | 'aliases' | 'cost' | 'tokens' | 'directives';

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
  return {
    validationRules: armor.validationRules,
    plugins: [...(armor.plugins as ApolloServerPlugin[]), costPlugin(limits.maxCost)],
    parseOptions: { maxTokens: limits.maxTokens },
    introspection: limits.introspection,
  };
};

/**
 * Refuses an operation whose cost (cost.ts), computed with its variables' values and the
 * arguments' defaults, is over `maxCost`; it runs once the operation is known, before execution.
 */
const costPlugin = (maxCost: number): ApolloServerPlugin => ({
  async requestDidStart() {
    return {
      async didResolveOperation({ schema, document, operation, request }) {
        if (!operation) return;
        const found = Math.round(operationCost(schema, document, operation, request.variables ?? {}));
        if (found <= maxCost) return;
        throw new GraphQLError(`Query cost ${found} is over the limit of ${maxCost}`, {
          extensions: { code: QUERY_LIMIT_EXCEEDED, limit: 'cost', max: maxCost, found, http: { status: 400 } },
        });
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
