/**
 * The cost of an operation, computed before it runs from the document, the schema and the
 * variables' values (arguments as they will run, defaults included):
 *
 *   cost(leaf field)      = own
 *   cost(field { ... })   = own + length × (1 + cost of the selection)
 *
 * `own` and `length` come from fieldCosts.ts: a list's (or a page's) length is its `first`/`last`,
 * its list argument's length or a documented bound (a game's plies), and the expensive fields (diagrams,
 * index reads, the explorer, exports, the analysis queries) have their own cost. Fragments count
 * where they are spread; `__schema` costs INTROSPECTION and its fields 1 each.
 */
import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  getArgumentValues,
  getNamedType,
  getNullableType,
  isCompositeType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  visit,
  type GraphQLNamedType,
} from 'graphql';
import { DEFAULT_LIST_LENGTH, fieldCostOf, INTROSPECTION, type Args } from './fieldCosts';

/** The arguments a field will run with; empty when they do not coerce (execution reports that itself). */
const argumentsOf = (field: GraphQLField<unknown, unknown>, node: FieldNode, variables: Record<string, unknown>): Args => {
  if (field.args.length === 0) return {};
  try {
    return getArgumentValues(field, node, variables);
  } catch {
    return {};
  }
};

/**
 * How the cost read a variable's value: `value` (what it holds counts), or `length` (it is a list
 * passed as an argument on its own, `keys: $keys`, and only its length was read).
 */
export type VariableRead = 'value' | 'length';

/** The variables each argument of a field refers to: all of them (in its value, however deep), and the one that is its whole value. */
interface ArgumentVariables {
  all: Map<string, string[]>;
  whole: Map<string, string>;
}

const argumentVariables = new WeakMap<FieldNode, ArgumentVariables>();

const variablesOfArguments = (node: FieldNode): ArgumentVariables => {
  let found = argumentVariables.get(node);
  if (!found) {
    found = { all: new Map(), whole: new Map() };
    for (const argument of node.arguments ?? []) {
      const names: string[] = [];
      visit(argument.value, { Variable: (variable) => void names.push(variable.name.value) });
      if (names.length > 0) found.all.set(argument.name.value, names);
      if (argument.value.kind === Kind.VARIABLE) found.whole.set(argument.name.value, argument.value.name.value);
    }
    argumentVariables.set(node, found);
  }
  return found;
};

/** `list`, telling `read` whether anything but its length is read of it. */
const lengthTracked = (list: unknown[], variable: string, read: (variable: string, how: VariableRead) => void): unknown[] =>
  new Proxy(list, {
    get: (target, key) => (read(variable, key === 'length' ? 'length' : 'value'), Reflect.get(target, key)),
    has: (target, key) => (read(variable, 'value'), Reflect.has(target, key)),
    getOwnPropertyDescriptor: (target, key) => (read(variable, 'value'), Reflect.getOwnPropertyDescriptor(target, key)),
    ownKeys: (target) => (read(variable, 'value'), Reflect.ownKeys(target)),
  });

/**
 * `args`, telling `read` of each variable whose value a rule reads through them (an argument it
 * reads, or all of them listed); a list that is an argument's whole value is handed out so that
 * reading its length alone is told apart (`lengthTracked`).
 */
const tracked = (args: Args, node: FieldNode, read: (variable: string, how: VariableRead) => void): Args => {
  const refs = variablesOfArguments(node);
  if (refs.all.size === 0) return args;
  const lists = new Map<string, unknown[]>();
  for (const [argument, variable] of refs.whole) {
    const value = args[argument];
    if (Array.isArray(value)) lists.set(argument, lengthTracked(value, variable, read));
  }
  const readArgument = (key: string | symbol): void => {
    if (typeof key === 'string' && !lists.has(key)) for (const name of refs.all.get(key) ?? []) read(name, 'value');
  };
  const valueOf = (target: Args, key: string | symbol): unknown => (typeof key === 'string' ? lists.get(key) : undefined) ?? Reflect.get(target, key);
  return new Proxy(args, {
    get: (target, key) => (readArgument(key), valueOf(target, key)),
    has: (target, key) => (readArgument(key), Reflect.has(target, key)),
    getOwnPropertyDescriptor: (target, key) => {
      readArgument(key);
      const descriptor = Reflect.getOwnPropertyDescriptor(target, key);
      return descriptor && typeof key === 'string' && lists.has(key) ? { ...descriptor, value: lists.get(key) } : descriptor;
    },
    ownKeys: (target) => {
      for (const key of refs.all.keys()) readArgument(key);
      return Reflect.ownKeys(target);
    },
  });
};

const count = (value: number | ((args: Args) => number) | undefined, args: Args, fallback: number): number => {
  const n = typeof value === 'function' ? value(args) : (value ?? fallback);
  return Number.isFinite(n) ? Math.max(0, n) : fallback;
};

/**
 * The `first`/`last` a field runs with, if it takes one. `first` has a default in the schema, so it
 * is a number even on a backward page: `last` wins when given.
 */
const pageOf = (args: Args): number | undefined =>
  typeof args.last === 'number' ? Math.max(1, args.last) : typeof args.first === 'number' ? Math.max(1, args.first) : undefined;

/**
 * How many items a field returns at most: a list that takes `first`/`last` that many; the
 * `nodes`/`edges` of a page (a connection such as `games(first:)`) its page size, so the page's
 * other fields (`totalCount`, `pageInfo`) count once.
 */
const lengthOf = (field: GraphQLField<unknown, unknown>, rule: ReturnType<typeof fieldCostOf>, args: Args, page: number | undefined): number => {
  if (rule?.length !== undefined) return count(rule.length, args, DEFAULT_LIST_LENGTH);
  if (!isListType(getNullableType(field.type))) return 1;
  if (PAGE_ITEMS.has(field.name) && page !== undefined) return page;
  const own = pageOf(args);
  if (own !== undefined) return own;
  const lists = Object.values(args).filter(Array.isArray);
  if (lists.length > 0) return Math.max(1, ...lists.map((list) => list.length));
  return DEFAULT_LIST_LENGTH;
};

/** The lists of a page (a connection): they count the page's size. */
const PAGE_ITEMS = new Set(['nodes', 'edges']);

/** Each field's cost rule, looked up once per field of the schema (a field object belongs to one type). */
const rules = new WeakMap<GraphQLField<unknown, unknown>, { rule: ReturnType<typeof fieldCostOf> }>();

const ruleOf = (parent: GraphQLNamedType, field: GraphQLField<unknown, unknown>): ReturnType<typeof fieldCostOf> => {
  let found = rules.get(field);
  if (!found) {
    found = { rule: fieldCostOf(parent.name, field.name, isObjectType(parent) ? parent.getInterfaces().map((i) => i.name) : []) };
    rules.set(field, found);
  }
  return found.rule;
};

const fieldsOf = (type: GraphQLNamedType | undefined): Record<string, GraphQLField<unknown, unknown>> =>
  type && (isObjectType(type) || isInterfaceType(type)) ? type.getFields() : {};

/**
 * The operation's cost with `variables` (as the request sent them). `read`, when given, is told of
 * each variable whose value the cost depends on, and whether only through its length; it depends
 * on the others only by whether each is given, and null (`costMemo`).
 */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
  read?: (variable: string, how: VariableRead) => void,
): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const rootType = operation.operation === 'mutation' ? schema.getMutationType() : operation.operation === 'subscription' ? schema.getSubscriptionType() : schema.getQueryType();

  /** `page`: the page size of the connection this selection belongs to, if any. */
  const fieldCost = (node: FieldNode, parent: GraphQLNamedType | undefined, seen: Set<string>, page: number | undefined): number => {
    if (node.name.value === '__schema' || node.name.value === '__type') {
      const own = node.name.value === '__schema' ? INTROSPECTION : 1;
      return own + (node.selectionSet ? selectionCost(node.selectionSet, undefined, seen, undefined) : 0);
    }
    const field = fieldsOf(parent)[node.name.value];
    if (!field || !parent) {
      // __typename, introspection, or a field validation refuses anyway: 1 per field.
      return node.selectionSet ? 1 + selectionCost(node.selectionSet, undefined, seen, undefined) : 1;
    }
    const args = read ? tracked(argumentsOf(field, node, variables), node, read) : argumentsOf(field, node, variables);
    const rule = ruleOf(parent, field);
    if (!node.selectionSet) return count(rule?.own, args, 1);
    const type = getNamedType(field.type);
    const isList = isListType(getNullableType(field.type));
    const inner = isList ? undefined : pageOf(args);
    const item = 1 + selectionCost(node.selectionSet, isCompositeType(type) ? type : undefined, seen, inner);
    return count(rule?.own, args, 0) + lengthOf(field, rule, args, page) * item;
  };

  const selectionCost = (set: SelectionSetNode, parent: GraphQLNamedType | undefined, seen: Set<string>, page: number | undefined): number => {
    let total = 0;
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        total += fieldCost(selection, parent, seen, page);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
        total += selectionCost(selection.selectionSet, type ?? undefined, seen, page);
      } else {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        if (!fragment || seen.has(name)) continue;
        total += selectionCost(fragment.selectionSet, schema.getType(fragment.typeCondition.name.value) ?? undefined, new Set(seen).add(name), page);
      }
    }
    return total;
  };
  return selectionCost(operation.selectionSet, rootType ?? undefined, new Set(), undefined);
}

/** Longest key a remembered cost is kept under; a longer one (a long list of keys whose length counts) is computed each time. */
const MAX_SIGNATURE = 1024;
/** Costs remembered per operation; the oldest are forgotten first. */
const MAX_COSTS = 64;

/**
 * What an operation's cost depends on in `variables`: of each variable in `read`, its value (a rule
 * reads it) or, a list whose length alone was read, its length; of the others whether they are
 * given, and null. undefined: not remembered.
 */
const signatureOf = (operation: OperationDefinitionNode, variables: Record<string, unknown>, read: ReadonlyMap<string, VariableRead>): string | undefined => {
  let key = '';
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    const value = variables[name];
    const state = !Object.prototype.hasOwnProperty.call(variables, name) ? 'u' : value === undefined ? 'x' : value === null ? 'n' : 'v';
    const how = state === 'v' ? read.get(name) : undefined;
    if (how === undefined) {
      key += `${state}\u0001`;
      continue;
    }
    if (how === 'length' && Array.isArray(value)) {
      key += `l${value.length}\u0001`;
      continue;
    }
    let text: string;
    try {
      text = JSON.stringify(value);
    } catch {
      return undefined;
    }
    key += `v${text}\u0001`;
    if (key.length > MAX_SIGNATURE) return undefined;
  }
  return key;
};

/** Adds `how` a variable was read to `read`, a value read counting over a length read; whether `read` changed. */
const addRead = (read: Map<string, VariableRead>, name: string, how: VariableRead): boolean => {
  const before = read.get(name);
  if (before === 'value' || before === how) return false;
  read.set(name, how);
  return true;
};

/**
 * `operationCost`, remembered per operation (a document Apollo keeps is the same object for every
 * request that sends its text) and per what the cost reads of the variables: a lookup of one key,
 * or twenty aliased ones, is costed once, whatever keys it is sent with, and a list of keys once
 * per length. The variables a rule reads are learnt while costing; when a new one turns up (or
 * more of one is read), what was remembered is forgotten.
 */
export const costMemo = () => {
  const byOperation = new WeakMap<OperationDefinitionNode, { schema: GraphQLSchema; read: Map<string, VariableRead>; costs: Map<string, number> }>();
  return (schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, variables: Record<string, unknown>): number => {
    let memo = byOperation.get(operation);
    if (!memo || memo.schema !== schema) {
      memo = { schema, read: new Map(), costs: new Map() };
      byOperation.set(operation, memo);
    }
    const key = signatureOf(operation, variables, memo.read);
    const known = key === undefined ? undefined : memo.costs.get(key);
    if (known !== undefined) return known;
    const read = new Map<string, VariableRead>();
    const cost = operationCost(schema, document, operation, variables, (name, how) => void addRead(read, name, how));
    let learnt = false;
    for (const [name, how] of read) if (addRead(memo.read, name, how)) learnt = true;
    if (learnt) memo.costs.clear();
    const keptUnder = learnt ? signatureOf(operation, variables, memo.read) : key;
    if (keptUnder !== undefined) {
      if (memo.costs.size >= MAX_COSTS) memo.costs.delete(memo.costs.keys().next().value as string);
      memo.costs.set(keptUnder, cost);
    }
    return cost;
  };
};
