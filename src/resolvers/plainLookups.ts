/**
 * Plain lookups: a query whose every root field is `positions(key:, kind:)` or
 * `positionsByKeys(keys:, kind:)`, asking of each position only its plain fields (`id`, `kind`,
 * `key`, `groupKey`, `sideToMove`, `board`, `__typename`), is answered without a resolver per
 * field: its keys, over all its root fields, are read in one batch of the columns those fields
 * need (`plainPositionsOfKeys`), and its data is built as graphql's execution would build it, each
 * value through its type's `serialize`.
 *
 * The plan of an operation is made once (the known path keeps it with the operation), for the
 * server's schema (made of `resolvers/index.ts`'s resolvers). It exists only where those resolve
 * the fields with the resolvers this module stands in for (the root fields' own, `Position.id`'s,
 * and the default resolver for the others), so a change to any of them turns it off rather than
 * answering differently. A request the plan does not answer
 * exactly (more keys than `positionsByKeys` takes, a null where the schema says non-null, an error
 * from the database) is left to graphql's execution, which answers it, errors included, as before:
 * only reads have run by then.
 */
import {
  type DocumentNode,
  type FieldNode,
  getArgumentValues,
  type GraphQLField,
  GraphQLEnumType,
  GraphQLID,
  GraphQLList,
  type GraphQLLeafType,
  GraphQLNonNull,
  GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  isLeafType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  GraphQLString,
  type ValueNode,
  valueFromAST,
} from 'graphql';
import type { Context } from '../api/context';
import { jsonString } from '../codecs/jsonText';
import type { GameKind } from '../generated/prisma/client';
import { type PlainFound, type PositionKey, plainPositionsOfKeys } from '../storage/lookups';
import { MAX_KEYS, positionId, positionResolvers } from './positions';
import { resolvers } from './index';

/**
 * The JSON text of an operation's data (what `JSON.stringify` makes of the data execution gives),
 * or undefined: graphql's execution answers it.
 */
export type PlainPlan = (variables: Record<string, unknown>, context: Context) => Promise<string | undefined>;

/**
 * The fields of `Position` a plain lookup answers, each read from the found position as it is
 * (`id`: its resolver's text); one function each, so each read sees one field.
 */
const READ = new Map<string, (p: PlainFound) => unknown>([
  ['id', (p) => idOf(p)],
  ['kind', (p) => p.kind],
  ['key', (p) => p.key],
  ['groupKey', (p) => p.groupKey],
  ['sideToMove', (p) => p.sideToMove],
  ['board', (p) => p.board],
]);

/** Says that a value cannot be answered here (a null in a non-null field). */
const REFUSED = Symbol('refused');

/** One selected field of a position: its response key and its value's JSON text (REFUSED: execution answers). */
interface PlainField {
  responseKey: string;
  /** The field of `Position` it is (`__typename` too). */
  name: string;
  /** `"responseKey":` */
  prefix: string;
  json: (p: PlainFound) => string | typeof REFUSED;
}

/** A field's argument values from the coerced variables, or undefined where execution would refuse them. */
type ArgumentsOf = (variables: Record<string, unknown>) => Record<string, unknown> | undefined;

/** One root field: its response key, its arguments, whether it takes a list of keys, and what it selects. */
interface RootField {
  responseKey: string;
  /** `"responseKey":[`, after a comma but for the first root */
  open: string;
  args: ArgumentsOf;
  list: boolean;
  /** What each of its positions answers. */
  fields: PlainField[];
  /** The text before each field's value in a position's object: `{"first":`, then `,"next":`. */
  leads: string[];
}

/**
 * The resolvers the server's schema is made of (graphql-tools binds each, so the schema's own
 * cannot be compared with them): a field is answered here only where they are this module's.
 */
const schemaResolvers = resolvers as unknown as Record<string, Record<string, unknown> | undefined>;
const schemaQuery = schemaResolvers.Query ?? {};
const schemaPosition = schemaResolvers.Position ?? {};
const ownQuery = positionResolvers.Query as Record<string, unknown>;

/** A found position's id, as `Position.id` gives it: a stored row's id, else its kind and key. */
const idOf = (p: PlainFound): string => ('stored' in p ? positionId(p) : String(p.id));

/** The leaf type of a field whose type is a leaf or a non-null leaf, and whether it is non-null. */
const leafOf = (type: GraphQLOutputType): { leaf: GraphQLLeafType; nonNull: boolean } | undefined => {
  const nonNull = type instanceof GraphQLNonNull;
  const inner = nonNull ? type.ofType : type;
  return isLeafType(inner) ? { leaf: inner, nonNull } : undefined;
};

/** Whether a field's type is `[Position!]!`, Position being `position`. */
const isPositionList = (type: GraphQLOutputType, position: GraphQLObjectType): boolean =>
  type instanceof GraphQLNonNull &&
  type.ofType instanceof GraphQLList &&
  type.ofType.ofType instanceof GraphQLNonNull &&
  type.ofType.ofType.ofType === position;

const hasVariable = (node: ValueNode): boolean =>
  node.kind === Kind.VARIABLE ||
  (node.kind === Kind.LIST && node.values.some(hasVariable)) ||
  (node.kind === Kind.OBJECT && node.fields.some((f) => hasVariable(f.value)));

/**
 * `getArgumentValues` of a field, its work done once: each argument is a constant (its default,
 * or a literal coerced now) or a variable read from the coerced variables; a literal holding
 * variables is left to `getArgumentValues` each time. Undefined when execution would refuse the
 * arguments whatever the variables (validation has refused such documents already).
 */
function argumentsOf(definition: GraphQLField<unknown, unknown>, node: FieldNode): ArgumentsOf | undefined {
  const constants: Record<string, unknown> = {};
  const variables: { name: string; variable: string; defaultValue: unknown; nonNull: boolean }[] = [];
  for (const arg of definition.args) {
    const nonNull = arg.type instanceof GraphQLNonNull;
    const valueNode = node.arguments?.find((a) => a.name.value === arg.name)?.value;
    if (!valueNode) {
      if (arg.defaultValue !== undefined) constants[arg.name] = arg.defaultValue;
      else if (nonNull) return undefined;
    } else if (valueNode.kind === Kind.VARIABLE) {
      variables.push({ name: arg.name, variable: valueNode.name.value, defaultValue: arg.defaultValue, nonNull });
    } else if (hasVariable(valueNode)) {
      return (values) => {
        try {
          return getArgumentValues(definition, node, values);
        } catch {
          return undefined;
        }
      };
    } else {
      const value = valueFromAST(valueNode, arg.type);
      if (value === undefined || (value === null && nonNull)) return undefined;
      constants[arg.name] = value;
    }
  }
  const constantNames = Object.keys(constants);
  return (values) => {
    const args: Record<string, unknown> = {};
    for (let i = 0; i < constantNames.length; i++) args[constantNames[i]] = constants[constantNames[i]];
    for (let i = 0; i < variables.length; i++) {
      const { name, variable, defaultValue, nonNull } = variables[i];
      if (!Object.prototype.hasOwnProperty.call(values, variable)) {
        if (defaultValue !== undefined) args[name] = defaultValue;
        else if (nonNull) return undefined;
        continue;
      }
      const value = values[variable];
      if ((value === null || value === undefined) && nonNull) return undefined;
      args[name] = value;
    }
    return args;
  };
}

/** The fields selected of each position, or undefined when any is not plain (or is selected in a way this does not follow). */
function plainFields(selectionSet: SelectionSetNode | undefined, position: GraphQLObjectType): PlainField[] | undefined {
  if (!selectionSet) return undefined;
  const fields: PlainField[] = [];
  const keys = new Set<string>();
  const definitions = position.getFields();
  for (const selection of selectionSet.selections) {
    if (selection.kind !== Kind.FIELD || selection.directives?.length || selection.arguments?.length || selection.selectionSet) return undefined;
    const name = selection.name.value;
    const responseKey = selection.alias?.value ?? name;
    // A response key given twice is merged by graphql's execution: left to it.
    if (keys.has(responseKey)) return undefined;
    keys.add(responseKey);
    if (name === '__typename') {
      const typename = JSON.stringify(position.name);
      fields.push({ responseKey, name, prefix: `${JSON.stringify(responseKey)}:`, json: () => typename });
      continue;
    }
    const definition = definitions[name];
    const read = READ.get(name);
    if (!definition || !read) return undefined;
    // The value this module gives is the one the schema's resolver gives: the default resolver's, or `Position.id`'s.
    if (name === 'id' ? schemaPosition.id !== positionId : schemaPosition[name] !== undefined || definition.resolve !== undefined) return undefined;
    const leaf = leafOf(definition.type);
    if (!leaf) return undefined;
    fields.push({ responseKey, name, prefix: `${JSON.stringify(responseKey)}:`, json: jsonOf(read, leaf.leaf, leaf.nonNull) });
  }
  return fields;
}

/**
 * A field's value as JSON text, as execution gives it: through its type's `serialize`, written by
 * `JSON.stringify`. A string of graphql's own `String` or `ID` is its own serialized value, written
 * by `jsonString`; an enum's value is serialized once (graphql's enum `serialize` is a lookup).
 */
function jsonOf(read: (p: PlainFound) => unknown, type: GraphQLLeafType, nonNull: boolean): (p: PlainFound) => string | typeof REFUSED {
  const serialized = (value: unknown): string | typeof REFUSED => {
    const result: unknown = type.serialize(value);
    // graphql refuses a nullish serialized value (an error in the response): left to it.
    return result === null || result === undefined ? REFUSED : JSON.stringify(result);
  };
  const general = (value: unknown): string | typeof REFUSED => (value === null || value === undefined ? (nonNull ? REFUSED : 'null') : serialized(value));
  if (type === GraphQLString || type === GraphQLID) {
    return (p) => {
      const value = read(p);
      return typeof value === 'string' ? jsonString(value) : general(value);
    };
  }
  if (type instanceof GraphQLEnumType) {
    const texts = new Map<unknown, string>();
    return (p) => {
      const value = read(p);
      const known = texts.get(value);
      if (known !== undefined) return known;
      const text = general(value);
      if (text !== REFUSED && typeof value === 'string') texts.set(value, text);
      return text;
    };
  }
  return (p) => general(read(p));
}

/**
 * The plan of `operation` when it is a plain lookup (see the module's comment), else null.
 * `document` holds the operation (fragments make it not plain).
 */
export function plainLookupPlan(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode): PlainPlan | null {
  if (operation.operation !== 'query' || operation.directives?.length) return null;
  if (document.definitions.some((d) => d.kind === Kind.FRAGMENT_DEFINITION)) return null;
  const query = schema.getQueryType();
  const position = schema.getType('Position');
  if (!query || !(position instanceof GraphQLObjectType)) return null;
  const rootDefinitions = query.getFields();
  const roots: RootField[] = [];
  const rootKeys = new Set<string>();
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD || selection.directives?.length) return null;
    const name = selection.name.value;
    if (name !== 'positions' && name !== 'positionsByKeys') return null;
    const definition = rootDefinitions[name];
    if (!definition || schemaQuery[name] === undefined || schemaQuery[name] !== ownQuery[name] || !isPositionList(definition.type, position)) return null;
    const responseKey = selection.alias?.value ?? name;
    if (rootKeys.has(responseKey)) return null;
    rootKeys.add(responseKey);
    const fields = plainFields(selection.selectionSet, position);
    if (!fields) return null;
    const args = argumentsOf(definition as GraphQLField<unknown, unknown>, selection);
    if (!args) return null;
    const leads = fields.map((field, f) => (f === 0 ? `{${field.prefix}` : `,${field.prefix}`));
    const open = `${roots.length === 0 ? '' : ','}${JSON.stringify(responseKey)}:[`;
    roots.push({ responseKey, open, args, list: name === 'positionsByKeys', fields, leads });
  }
  if (roots.length === 0) return null;
  // Neither the kind nor the group key asked: the stored rows are read without them (`LeanPosition`).
  const lean = roots.every((root) => root.fields.every(({ name }) => name !== 'kind' && name !== 'groupKey'));
  return plan(roots, lean);
}

/** The executor of a plain lookup of `roots` (`lean`: none of them asks for a position's kind or group key). */
const plan =
  (roots: RootField[], lean: boolean): PlainPlan =>
  async (variables, context) => {
    const keys: PositionKey[] = [];
    const counts: number[] = [];
    for (const root of roots) {
      const args = root.args(variables) as { key?: string; keys?: string[]; kind?: GameKind | null } | undefined;
      if (!args) return undefined;
      const kind = args.kind ?? null;
      if (!root.list) {
        keys.push({ key: args.key!, kind });
        counts.push(1);
        continue;
      }
      // More keys than positionsByKeys takes: its resolver refuses them.
      if (args.keys!.length > MAX_KEYS) return undefined;
      const unique = new Set(args.keys);
      for (const key of unique) keys.push({ key, kind });
      counts.push(unique.size);
    }
    const lists = await plainPositionsOfKeys(context.db, context.loaders.source, keys, lean);
    // As JSON.stringify writes the data: keys in selection order, no spaces. The pieces are joined
    // once: adding each to a string made a string per piece (most of a lookup's garbage).
    const parts: string[] = ['{'];
    let at = 0;
    for (let r = 0; r < roots.length; r++) {
      const { open, fields, leads } = roots[r];
      parts.push(open);
      let first = true;
      for (const end = at + counts[r]; at < end; at++) {
        const found = lists[at];
        for (let i = 0; i < found.length; i++) {
          if (!first) parts.push(',');
          first = false;
          for (let f = 0; f < fields.length; f++) {
            const value = fields[f].json(found[i]);
            if (value === REFUSED) return undefined;
            parts.push(leads[f], value);
          }
          parts.push('}');
        }
      }
      parts.push(']');
    }
    parts.push('}');
    return parts.join('');
  };
