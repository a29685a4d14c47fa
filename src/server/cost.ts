/**
 * The cost of an operation, computed with its variables' values: each object field costs 2 and
 * each scalar 1, a level deeper costs 1.5 times as much, and a field's cost (its selection
 * included) is multiplied by its page size (`first` or `last`, from a literal, a variable or the
 * argument's default in the schema). The same model graphql-armor applies to literals, here also
 * for `query($n: Int) { games(first: $n) … }`.
 */
import {
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  getArgumentValues,
  getNamedType,
  isCompositeType,
  isObjectType,
  isInterfaceType,
  Kind,
  type GraphQLNamedType,
} from 'graphql';

const OBJECT_COST = 2;
const SCALAR_COST = 1;
const DEPTH_FACTOR = 1.5;

/** The page size a field asks for: its `first` or `last` argument as it will run. */
const pageSizeOf = (field: GraphQLField<unknown, unknown> | undefined, node: Parameters<typeof getArgumentValues>[1], variables: Record<string, unknown>): number => {
  if (!field || !field.args.some((a) => a.name === 'first' || a.name === 'last')) return 1;
  let values: Record<string, unknown>;
  try {
    values = getArgumentValues(field, node, variables);
  } catch {
    return 1; // execution reports bad arguments itself
  }
  // `first` has a default in the schema, so it is a number even on a backward page: `last` wins when given.
  const size = typeof values.last === 'number' ? values.last : typeof values.first === 'number' ? values.first : 1;
  return Math.max(1, size);
};

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

  const selectionCost = (set: SelectionSetNode, parent: GraphQLNamedType | undefined, seen: Set<string>): number => {
    let total = 0;
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value === '__schema' || selection.name.value === '__type') continue;
        const field = fieldsOf(parent)[selection.name.value];
        if (!selection.selectionSet) {
          total += SCALAR_COST;
          continue;
        }
        const type = field ? getNamedType(field.type) : undefined;
        const inner = OBJECT_COST + DEPTH_FACTOR * selectionCost(selection.selectionSet, type && isCompositeType(type) ? type : undefined, seen);
        total += inner * pageSizeOf(field, selection, variables);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
        total += selectionCost(selection.selectionSet, type ?? undefined, seen);
      } else {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        if (!fragment || seen.has(name)) continue;
        total += selectionCost(fragment.selectionSet, schema.getType(fragment.typeCondition.name.value) ?? undefined, new Set(seen).add(name));
      }
    }
    return total;
  };
  return selectionCost(operation.selectionSet, rootType ?? undefined, new Set());
}
