/**
 * Checks of an operation once it is known, before authentication and execution:
 * - tabula has no subscriptions: a subscription is refused with BAD_REQUEST (HTTP 400);
 * - PostgreSQL text cannot hold U+0000, so a NUL in any string an operation sends (a literal in
 *   the document or a variable's value, however deep in an input object or list) is refused with
 *   BAD_USER_INPUT naming the argument or variable, the offset and the line;
 * - a variable's value nested deeper than any input takes (MAX_VARIABLE_DEPTH) is refused with
 *   BAD_USER_INPUT before anything walks it.
 */
import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, Kind, type OperationDefinitionNode, visit } from 'graphql';

/** Offset and line (from 1) of the first NUL in `text`, or undefined. */
const nulIn = (text: string): { offset: number; line: number } | undefined => {
  const offset = text.indexOf('\u0000');
  if (offset < 0) return undefined;
  let line = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
  return { offset, line };
};

const refuse = (where: string, found: { offset: number; line: number }): GraphQLError =>
  new GraphQLError(`${where} contains a NUL character (U+0000) at offset ${found.offset} (line ${found.line}); text cannot hold one`, {
    extensions: { code: 'BAD_USER_INPUT', details: { argument: where, offset: found.offset, line: found.line }, http: { status: 400 } },
  });

/** Deepest nesting of lists and input objects a variable's value may have (tabula's inputs nest 3 deep). */
export const MAX_VARIABLE_DEPTH = 32;

/** A value met in a walk of a variable's value: where it stands (its parent and its key there) and how deep. */
interface Step {
  value: unknown;
  depth: number;
  parent: Step | null;
  key: string | number;
}

/** The path of a step (`$keys[3]`, `$filter.player`), written only for a refusal. */
const pathOf = (step: Step, root: string): string => {
  const parts: string[] = [];
  for (let at: Step = step; at.parent; at = at.parent) parts.push(typeof at.key === 'number' ? `[${at.key}]` : `.${at.key}`);
  return root + parts.reverse().join('');
};

/**
 * The first NUL in a variable's value: its path (`$data`, `$filter.player`, `$keys[3]`) and place;
 * or a value nested deeper than MAX_VARIABLE_DEPTH. Walked with a stack of its own, not by
 * recursion, so no value can exhaust the call stack; a path is written only for what is refused
 * (every request's variables are walked: a list of twenty keys made twenty path strings).
 */
const nulInValue = (value: unknown, path: string): GraphQLError | undefined => {
  // A string (a key: most variables) is looked at without a walk.
  if (typeof value === 'string') {
    const found = nulIn(value);
    return found ? refuse(path, found) : undefined;
  }
  const stack: Step[] = [{ value, depth: 0, parent: null, key: '' }];
  while (stack.length > 0) {
    const item = stack.pop() as Step;
    if (typeof item.value === 'string') {
      const found = nulIn(item.value);
      if (found) return refuse(pathOf(item, path), found);
      continue;
    }
    if (!item.value || typeof item.value !== 'object') continue;
    if (item.depth >= MAX_VARIABLE_DEPTH) {
      return new GraphQLError(`${path} is nested more than ${MAX_VARIABLE_DEPTH} levels deep (at ${pathOf(item, path).slice(0, 200)}…); no argument takes such a value`, {
        extensions: { code: 'BAD_USER_INPUT', details: { argument: path, maxDepth: MAX_VARIABLE_DEPTH }, http: { status: 400 } },
      });
    }
    const depth = item.depth + 1;
    // Pushed last first, so the first NUL in reading order is found first.
    if (Array.isArray(item.value)) {
      for (let i = item.value.length - 1; i >= 0; i--) stack.push({ value: item.value[i], depth, parent: item, key: i });
    } else {
      const inner = item.value as Record<string, unknown>;
      const keys = Object.keys(inner);
      for (let i = keys.length - 1; i >= 0; i--) stack.push({ value: inner[keys[i]], depth, parent: item, key: keys[i] });
    }
  }
  return undefined;
};

/** Where a NUL stands in an operation's literals: the argument and its place. */
type LiteralNul = { argument: string; offset: number; line: number } | null;

/**
 * Operations already looked at: Apollo hands the same parsed document to every request that
 * sends the same text, so a document's literals are walked once, not once per request.
 */
const literalNuls = new WeakMap<OperationDefinitionNode, LiteralNul>();

/** The first NUL in a string literal of the operation, named by its argument. */
const nulInLiterals = (operation: OperationDefinitionNode): GraphQLError | undefined => {
  let found = literalNuls.get(operation);
  if (found === undefined) {
    let argument = '';
    let first: LiteralNul = null;
    visit(operation, {
      Argument: { enter: (node) => void (argument = node.name.value) },
      ObjectField: { enter: (node) => void (argument = argument ? `${argument}.${node.name.value}` : node.name.value) },
      [Kind.STRING]: (node) => {
        const at = first ? undefined : nulIn(node.value);
        if (at) first = { argument: argument || 'a string', ...at };
      },
    });
    found = first;
    literalNuls.set(operation, found);
  }
  return found ? refuse(found.argument, found) : undefined;
};

/**
 * The refusal of an operation tabula does not run (a subscription, a NUL in a literal or a
 * variable's value, a value nested too deep), or undefined. `variables` are as the request sent them.
 */
export const operationProblem = (operation: OperationDefinitionNode, variables: Record<string, unknown> | undefined): GraphQLError | undefined => {
  if (operation.operation === 'subscription') {
    return new GraphQLError('tabula has no subscriptions: send a query or a mutation', {
      extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
    });
  }
  const literal = nulInLiterals(operation);
  if (literal) return literal;
  for (const name of Object.keys(variables ?? {})) {
    const error = nulInValue(variables?.[name], `$${name}`);
    if (error) return error;
  }
  return undefined;
};

export const operationChecksPlugin = (): ApolloServerPlugin => ({
  async requestDidStart() {
    return {
      async didResolveOperation({ operation, request }) {
        if (!operation) return;
        const error = operationProblem(operation, request.variables);
        if (error) throw error;
      },
    };
  },
});
