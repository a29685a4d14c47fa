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

const fieldsOf = (type: GraphQLNamedType | undefined): Record<string, GraphQLField<unknown, unknown>> =>
  type && (isObjectType(type) || isInterfaceType(type)) ? type.getFields() : {};

/** The operation's cost with `variables` (already coerced by Apollo). */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
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
    const args = argumentsOf(field, node, variables);
    const rule = fieldCostOf(parent.name, field.name, isObjectType(parent) ? parent.getInterfaces().map((i) => i.name) : []);
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
