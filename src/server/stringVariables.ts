/**
 * The coercion of an operation's variables where every one is a `String` or a list of them (the
 * usual lookup: keys), without graphql's general `getVariableValues`: a string coerces to itself
 * (`GraphQLString.parseValue`), a list of strings to the same strings. A value this does not take
 * as it comes (a missing one, a null, a number, a string given for a list, a default to apply) is
 * left to `getVariableValues`, which coerces it or says why not.
 */
import { GraphQLList, GraphQLNonNull, GraphQLString, type GraphQLSchema, type TypeNode, type VariableDefinitionNode, typeFromAST } from 'graphql';

/** The coerced variables, or undefined: `getVariableValues` decides. */
export type StringCoercion = (values: Record<string, unknown>) => Record<string, unknown> | undefined;

/** How one variable is read: its name, whether it is a list, whether its items (or itself) may be null. */
interface StringVariable {
  name: string;
  list: boolean;
  nullableItems: boolean;
}

const isString = (type: unknown): boolean => type === GraphQLString;

/** A variable's shape when its type is `String`, `String!`, or a list of either (the list itself either way), else undefined. */
function shapeOf(schema: GraphQLSchema, name: string, typeNode: TypeNode): StringVariable | undefined {
  const type = typeFromAST(schema, typeNode);
  const inner = type instanceof GraphQLNonNull ? type.ofType : type;
  if (isString(inner)) return { name, list: false, nullableItems: false };
  if (!(inner instanceof GraphQLList)) return undefined;
  const item = inner.ofType;
  if (isString(item)) return { name, list: true, nullableItems: true };
  if (item instanceof GraphQLNonNull && isString(item.ofType)) return { name, list: true, nullableItems: false };
  return undefined;
}

/** The string coercion of these variable definitions, or null when any is not a string (or a list of them) or has a default. */
export function stringVariables(schema: GraphQLSchema, definitions: readonly VariableDefinitionNode[]): StringCoercion | null {
  // The schema's String must be graphql's own, whose parseValue gives a string back as it is.
  if (schema.getType('String') !== GraphQLString) return null;
  const shapes: StringVariable[] = [];
  for (const definition of definitions) {
    // A default is applied by graphql; `__proto__` is no name to assign.
    if (definition.defaultValue || definition.directives?.length || definition.variable.name.value === '__proto__') return null;
    const shape = shapeOf(schema, definition.variable.name.value, definition.type);
    if (!shape) return null;
    shapes.push(shape);
  }
  return (values) => {
    const coerced: Record<string, unknown> = {};
    for (const { name, list, nullableItems } of shapes) {
      if (!Object.prototype.hasOwnProperty.call(values, name)) return undefined;
      const value = values[name];
      if (!list) {
        if (typeof value !== 'string') return undefined;
      } else {
        if (!Array.isArray(value)) return undefined;
        for (const item of value) if (typeof item !== 'string' && !(nullableItems && item === null)) return undefined;
      }
      coerced[name] = value;
    }
    return coerced;
  };
}
