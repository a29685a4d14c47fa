/**
 * Argument handling every resolver shares: ids, page sizes, opaque cursors, base64 bytes
 * and load-or-not-found. Each failure is BAD_USER_INPUT (or NOT_FOUND) naming the argument.
 */
import { GraphQLError, type GraphQLResolveInfo, Kind, type SelectionSetNode } from 'graphql';
import { badUserInput, notFound } from './errors';

/**
 * Longest sort value a cursor may keep: an indexed text cannot be longer (a B-tree row holds
 * about 8 KB); new ones are cut at MAX_STORED_TEXT_BYTES, rows stored before that may be longer.
 */
const MAX_CURSOR_VALUE = 8192;
/** Longest cursor text read: base64 of the longest sort value, with room for its order and id. */
const MAX_CURSOR = 4 * MAX_CURSOR_VALUE;

/** The largest id PostgreSQL's bigint holds. */
export const MAX_ID = 2n ** 63n - 1n;

/** A decimal id within bigint's range, or undefined: the one reading of an id, in arguments and cursors alike. */
export const idOfText = (text: string): bigint | undefined => {
  if (!/^[0-9]{1,19}$/.test(text)) return undefined;
  const id = BigInt(text);
  return id <= MAX_ID ? id : undefined;
};

/** Parses an `ID!` argument into a bigint (database ids are 64-bit; GraphQL carries them as strings). */
export const parseId = (id: string, argument = 'id'): bigint => {
  const parsed = idOfText(id);
  if (parsed === undefined) throw badUserInput(`${argument} must be a numeric id from 0 to ${MAX_ID}, got "${id.slice(0, 100)}"`, { argument });
  return parsed;
};

/** Longest free-text filter argument (a player's or event's name, a search text). */
export const MAX_FILTER_TEXT = 200;
/** Longest key, name or program argument. */
export const MAX_KEY_TEXT = 1000;

/** A String argument with no NUL character (PostgreSQL text cannot hold one) and at most `max` characters. */
export const textArg = (value: string, argument: string, max: number): string => {
  const nul = value.indexOf('\u0000');
  if (nul >= 0) throw badUserInput(`${argument} contains a NUL character (U+0000) at offset ${nul}`, { argument, offset: nul });
  if (value.length > max) throw badUserInput(`${argument} is ${value.length} characters long; at most ${max} are allowed`, { argument });
  return value;
};

/** An optional Int argument: `fallback` when absent, else an integer in min..max. */
export const intArg = (value: number | null | undefined, fallback: number, min: number, max: number, argument: string): number => {
  const v = value ?? fallback;
  if (!Number.isInteger(v) || v < min || v > max) throw badUserInput(`${argument} must be between ${min} and ${max}`, { argument });
  return v;
};

/** A page size `first`: `fallback` when absent, else 0..max. */
export const pageSize = (first: number | null | undefined, fallback: number, max: number): number => intArg(first, fallback, 0, max, 'first');

/** A cursor: `kind:id`, base64-encoded so clients treat it as opaque. */
export const encodeCursor = (kind: string, id: bigint): string => Buffer.from(`${kind}:${id}`).toString('base64');

/** The refusal of a cursor this server did not give out (or not for this list or order). */
const notACursor = (argument: string, what = ''): GraphQLError =>
  badUserInput(`${argument} is not a cursor this server gave out${what}`, { argument });

/** A cursor's decoded text; a NUL or a text that is no base64 is refused, naming the argument. */
const cursorText = (cursor: string, argument: string): string => {
  if (cursor.length > MAX_CURSOR || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(cursor)) throw notACursor(argument);
  const text = Buffer.from(cursor, 'base64').toString('utf8');
  if (text.includes('\u0000')) throw notACursor(argument, ' (it holds a NUL character)');
  return text;
};

/** The id inside a cursor of `kind` this server gave out, or undefined when `cursor` is absent. */
export const decodeCursor = (kind: string, cursor: string | null | undefined, argument = 'after'): bigint | undefined => {
  if (cursor === null || cursor === undefined) return undefined;
  const match = /^([a-z]+):(\d{1,19})$/.exec(cursorText(cursor, argument));
  const id = match && match[1] === kind ? idOfText(match[2]) : undefined;
  if (id === undefined) throw notACursor(argument);
  return id;
};

/** A cursor at a place in a game: the game and the node of its replay. */
export const encodePlaceCursor = (gameId: bigint, node: number): string => Buffer.from(`ply:${gameId}:${node}`).toString('base64');

/** The place inside a cursor `encodePlaceCursor` made, or undefined when `cursor` is absent. */
export const decodePlaceCursor = (cursor: string | null | undefined, argument = 'after'): { gameId: bigint; node: number } | undefined => {
  if (cursor === null || cursor === undefined) return undefined;
  const match = /^ply:(\d{1,19}):(\d{1,9})$/.exec(cursorText(cursor, argument));
  const gameId = match ? idOfText(match[1]) : undefined;
  if (!match || gameId === undefined) throw notACursor(argument);
  return { gameId, node: Number(match[2]) };
};

/** A cursor that also keeps a sort key: the ordering's name, the last item's value in it, and its id. */
export const encodeKeyCursor = (order: string, value: string | null, id: bigint): string =>
  Buffer.from(JSON.stringify([order, value, String(id)])).toString('base64');

/** A sort value a cursor may carry: null (the row has none), or a text without NUL, not too long, that `valid` accepts. */
const isCursorValue = (value: unknown, valid: (value: string) => boolean): boolean =>
  value === null || (typeof value === 'string' && !value.includes('\u0000') && value.length <= MAX_CURSOR_VALUE && valid(value));

/** The JSON inside a cursor's base64; what is not JSON is refused with `refuse()`. */
const cursorJson = (cursor: string, argument: string, refuse: () => GraphQLError): unknown => {
  try {
    return JSON.parse(cursorText(cursor, argument));
  } catch (error) {
    throw error instanceof GraphQLError ? error : refuse();
  }
};

/**
 * The value and id inside a cursor made for `order`, or undefined when `cursor` is absent.
 * `validValue` says whether a (non-null) value is one the order's column can hold (a day, a
 * number): a forged value is refused here, not by the database.
 */
export const decodeKeyCursor = (
  order: string,
  cursor: string | null | undefined,
  argument = 'after',
  validValue: (value: string) => boolean = () => true,
): { value: string | null; id: bigint } | undefined => {
  if (cursor === null || cursor === undefined) return undefined;
  const refuse = () => notACursor(argument, ' for this order');
  const parsed = cursorJson(cursor, argument, refuse);
  if (!Array.isArray(parsed) || parsed.length !== 3 || parsed[0] !== order) throw refuse();
  const [, value, idText] = parsed as unknown[];
  const id = typeof idText === 'string' ? idOfText(idText) : undefined;
  if (id === undefined) throw refuse();
  if (!isCursorValue(value, validValue)) throw refuse();
  return { value: value as string | null, id };
};

/**
 * A cursor that keeps several sort values (an aggregate order's value and the name that breaks
 * its ties, say) under the ordering's name; a value is null where the row has none.
 */
export const encodeKeysCursor = (order: string, values: readonly (string | null)[]): string =>
  Buffer.from(JSON.stringify([order, ...values])).toString('base64');

/**
 * The sort values inside a cursor `encodeKeysCursor` made for `order`, or undefined when `cursor`
 * is absent: one value per entry of `validValues`, each null or a text that entry accepts. A
 * cursor of another order or list is refused naming the argument.
 */
export const decodeKeysCursor = (
  order: string,
  cursor: string | null | undefined,
  argument: string,
  validValues: readonly ((value: string) => boolean)[],
): (string | null)[] | undefined => {
  if (cursor === null || cursor === undefined) return undefined;
  const refuse = () => notACursor(argument, ' for this order');
  const parsed = cursorJson(cursor, argument, refuse);
  if (!Array.isArray(parsed) || parsed.length !== validValues.length + 1 || parsed[0] !== order) throw refuse();
  const values = parsed.slice(1) as unknown[];
  if (!values.every((value, i) => isCursorValue(value, validValues[i]))) throw refuse();
  return values as (string | null)[];
};

/** Any text: a cursor value of a name or a key. */
export const isCursorText = (): boolean => true;

/** A cursor value that is a day as cursors write it (`YYYY-MM-DD`, a real date; PostgreSQL has no year 0). */
export const isCursorDay = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value.startsWith('0000')) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
};

/** A decimal number as JavaScript and PostgreSQL both write it: sign, digits, point, exponent. */
const DECIMAL = /^-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;

/**
 * A cursor value that is a finite number PostgreSQL's `float8` reads: decimal only (JavaScript's
 * Number also reads "0x1f", "0b1", "0o7" and " 1 ", which `::float8` refuses), neither overflowing
 * nor underflowing to zero ("1e-400" is "out of range" there, 0 here).
 */
export const isCursorNumber = (value: string): boolean => {
  if (!DECIMAL.test(value)) return false;
  const number = Number(value);
  return Number.isFinite(number) && (number !== 0 || !/[1-9]/.test(value.replace(/[eE].*$/, '')));
};

/** A cursor value that is an integer a bigint holds. */
export const isCursorInteger = (value: string): boolean => /^-?[0-9]{1,19}$/.test(value) && BigInt(value) <= MAX_ID && BigInt(value) >= -MAX_ID - 1n;

/** Relay's paging arguments: `first` items after `after`, or the `last` items before `before`. */
export interface PagingArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

/**
 * A page to read: how many items (`take`), from which cursor (decoded), and which way. Forward
 * reads the items after the cursor in the list's order; backward the items before it, nearest
 * first (the storage reads the order reversed; `pageOf` turns the rows back).
 */
export interface PageRequest<C> {
  take: number;
  cursor: C | undefined;
  backward: boolean;
}

/**
 * Whether the operation gave the field's argument `name` (a literal, or a variable with a value),
 * rather than the schema's default filling it in.
 */
export const argumentGiven = (info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'variableValues'>, name: string): boolean => {
  const node = info.fieldNodes[0]?.arguments?.find((a) => a.name.value === name);
  if (!node) return false;
  if (node.value.kind === Kind.VARIABLE) {
    const value = info.variableValues[node.value.name.value];
    return value !== undefined && value !== null;
  }
  return node.value.kind !== Kind.NULL;
};

/**
 * Whether the operation selects `name` in the field's result (through fragments too): a
 * connection counts its items for `totalCount` only when asked.
 */
export const selects = (info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>, name: string): boolean => {
  const seen = new Set<string>();
  const within = (set: SelectionSetNode | undefined): boolean =>
    (set?.selections ?? []).some((s) => {
      if (s.kind === Kind.FIELD) return s.name.value === name;
      if (s.kind === Kind.INLINE_FRAGMENT) return within(s.selectionSet);
      if (seen.has(s.name.value)) return false;
      seen.add(s.name.value);
      return within(info.fragments[s.name.value]?.selectionSet);
    });
  return info.fieldNodes.some((node) => within(node.selectionSet));
};

/**
 * Reads `first`/`after` or `last`/`before` (not both ways at once) with one page size rule and
 * one cursor reader (`decode(cursor, argument)`), so every connection pages both ways alike.
 * `first` has a default in the schema: `info` tells whether the operation gave it.
 */
export const pageRequest = <C>(
  args: PagingArgs,
  info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'variableValues'>,
  fallback: number,
  max: number,
  decode: (cursor: string | null | undefined, argument: string) => C | undefined,
): PageRequest<C> => {
  const backward = (args.last !== null && args.last !== undefined) || (args.before !== null && args.before !== undefined);
  if (backward) {
    const way = args.last !== null && args.last !== undefined ? 'last' : 'before';
    if (argumentGiven(info, 'first')) throw badUserInput(`first pages forward and ${way} backward: give one way, not both`, { argument: way });
    if (args.after !== null && args.after !== undefined) throw badUserInput('after pages forward with first; page backward from before', { argument: 'after' });
    return { take: intArg(args.last, fallback, 0, max, 'last'), cursor: decode(args.before, 'before'), backward };
  }
  return { take: pageSize(args.first, fallback, max), cursor: decode(args.after, 'after'), backward };
};

/**
 * A page from the rows storage read for `request` (up to `take + 1` in reading order: the extra
 * row says more follow, or `more` says so): the nodes in the list's order and whether items
 * follow or come before.
 */
export const pageOf = <T>(
  rows: readonly T[],
  request: PageRequest<unknown>,
  more = rows.length > request.take,
): { nodes: T[]; hasNextPage: boolean; hasPreviousPage: boolean } => {
  const nodes = rows.slice(0, request.take);
  if (!request.backward) return { nodes, hasNextPage: more, hasPreviousPage: request.cursor !== undefined };
  return { nodes: nodes.reverse(), hasNextPage: request.cursor !== undefined, hasPreviousPage: more };
};

/** A Relay connection of `rows` read for `request`. */
export const pagedConnection = <T>(rows: readonly T[], request: PageRequest<unknown>, cursorOf: (node: T) => string, totalCount: number, more?: boolean) => {
  const page = pageOf(rows, request, more);
  return connection(page.nodes, cursorOf, totalCount, page.hasNextPage, page.hasPreviousPage);
};

/** How a cursor's sort value is checked: a number (`float8`, `int8`) or any text. */
export type KeyType = 'float8' | 'int8' | 'text';

/** The cursor reader of a keyset order named `order` whose keys have these types, for `pageRequest`. */
export const keysCursorReader =
  (order: string, types: readonly { type: KeyType }[]) =>
  (cursor: string | null | undefined, argument: string): (string | null)[] | undefined =>
    decodeKeysCursor(order, cursor, argument, types.map((t) => (t.type === 'text' ? isCursorText : t.type === 'int8' ? isCursorInteger : isCursorNumber)));

/**
 * A Relay connection of keyset rows storage read for `request` (each row with its sort values),
 * the rows shaped by `shape`, their cursors made for `order`.
 */
export const keysetConnection = <R, N>(
  page: { rows: readonly { row: R; keys: (string | null)[] }[]; more: boolean; totalCount: number },
  request: PageRequest<unknown>,
  order: string,
  shape: (row: R) => N,
) => {
  const cursors = new Map<N, string>();
  const nodes = page.rows.map(({ row, keys }) => {
    const node = shape(row);
    cursors.set(node, encodeKeysCursor(order, keys));
    return node;
  });
  return pagedConnection(nodes, request, (node) => cursors.get(node) ?? '', page.totalCount, page.more);
};

/** A page's PageInfo: whether items follow or come before, and its first and last items' cursors. */
export const pageInfoOf = <T>(nodes: readonly T[], cursorOf: (node: T) => string, hasNextPage: boolean, hasPreviousPage: boolean) => ({
  hasNextPage,
  hasPreviousPage,
  startCursor: nodes.length > 0 ? cursorOf(nodes[0]) : null,
  endCursor: nodes.length > 0 ? cursorOf(nodes[nodes.length - 1]) : null,
});

/** A Relay-style page: edges with their cursors, the nodes, paging state and the total. */
export const connection = <T>(nodes: T[], cursorOf: (node: T) => string, totalCount: number, hasNextPage: boolean, hasPreviousPage: boolean) => {
  const edges = nodes.map((node) => ({ cursor: cursorOf(node), node }));
  return { edges, nodes, totalCount, pageInfo: pageInfoOf(edges, (edge) => edge.cursor, hasNextPage, hasPreviousPage) };
};

/** Bytes from a base64 argument (whitespace ignored). */
export const base64Arg = (data: string, argument: string): Uint8Array => {
  const clean = data.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1) throw badUserInput(`${argument} must be base64`, { argument });
  return Buffer.from(clean, 'base64');
};

/** The loaded value, or NOT_FOUND naming `what` when there is none. */
export const loadOrNotFound = async <T>(load: Promise<T | null | undefined>, what: string): Promise<T> => {
  const found = await load;
  if (found === null || found === undefined) throw notFound(what);
  return found;
};
