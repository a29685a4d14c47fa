/**
 * Keyset paging over the rows of a query, both ways: the rows after a cursor's sort values in an
 * order of several keys (an aggregate's value, then the name that breaks its ties), or with
 * `backward` the rows before them, nearest first. A key may be null in a row: nulls come last in
 * the order, whichever way it runs. One piece of SQL for every list that pages by sort values.
 */
import type { Database } from './database';

/** One key of an order: an output column of the query, its type, its direction. */
export interface SortKey {
  /** The column's name in the query's output (quoted as given). */
  column: string;
  /** The column's type: the cursor's text value is cast to it. */
  type: 'float8' | 'int8' | 'text';
  descending?: boolean;
  /** Compare through this expression (of a column or a parameter), e.g. `lower(x) COLLATE "C"`. */
  compare?: (sql: string) => string;
}

/** The rows of a keyset page: `take` at most in reading order, whether more follow that way, and each row's sort values. */
export interface KeysetRows<R> {
  rows: { row: R; keys: (string | null)[] }[];
  more: boolean;
  totalCount: number;
}

const expression = (key: SortKey, sql: string) => (key.compare ? key.compare(sql) : sql);

/** The ORDER BY of `keys`, reversed for `backward` (nulls then first, so they stay last in the list's order). */
export const keysetOrderBy = (keys: readonly SortKey[], backward: boolean): string =>
  keys
    .map((k) => `${expression(k, `p."${k.column}"`)} ${(k.descending === true) !== backward ? 'DESC' : 'ASC'} ${backward ? 'NULLS FIRST' : 'NULLS LAST'}`)
    .join(', ');

/**
 * The condition that a row `p` comes after the sort values `cursor` in the order of `keys` (before
 * them with `backward`), its parameters appended to `params`.
 */
export const keysetAfter = (keys: readonly SortKey[], cursor: readonly (string | null)[], backward: boolean, params: unknown[]): string => {
  const parts: string[] = [];
  const equal: string[] = [];
  keys.forEach((key, i) => {
    const column = expression(key, `p."${key.column}"`);
    const value = cursor[i];
    let beyond: string;
    let same: string;
    if (value === null) {
      // A null sorts last: nothing is after it in this key; every non-null is before it.
      beyond = backward ? `${column} IS NOT NULL` : 'false';
      same = `p."${key.column}" IS NULL`;
    } else {
      params.push(value);
      const parameter = expression(key, `$${params.length}::${key.type}`);
      const later = (key.descending === true) !== backward ? '<' : '>';
      beyond = backward ? `${column} ${later} ${parameter}` : `(${column} ${later} ${parameter} OR p."${key.column}" IS NULL)`;
      same = `${column} = ${parameter}`;
    }
    parts.push([...equal, beyond].join(' AND '));
    equal.push(same);
  });
  return `(${parts.map((p) => `(${p})`).join(' OR ')})`;
};

const keyText = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

/**
 * A page of the rows of `query` (a SELECT with parameters `params`, its output holding every
 * key's column): `take` rows after `after` (before it with `backward`, nearest first) in the order
 * of `keys`, one more read to tell whether more follow, and how many rows the query has in all
 * (0 when `count` is false: a plain list, or a page whose `totalCount` nobody asked for).
 */
export async function keysetPage<R extends Record<string, unknown>>(
  db: Database,
  query: string,
  params: readonly unknown[],
  keys: readonly SortKey[],
  page: { take: number; after?: readonly (string | null)[]; backward: boolean; count?: boolean },
): Promise<KeysetRows<R>> {
  const pageParams = params.slice();
  const where = page.after ? `WHERE ${keysetAfter(keys, page.after, page.backward, pageParams)}` : '';
  pageParams.push(page.take + 1);
  const [rows, count] = await Promise.all([
    db.sql.query<R>(`SELECT * FROM (${query}) p ${where} ORDER BY ${keysetOrderBy(keys, page.backward)} LIMIT $${pageParams.length}`, pageParams),
    page.count === false ? [] : db.sql.query<{ n: bigint }>(`SELECT count(*)::int8 AS n FROM (${query}) p`, params),
  ]);
  return {
    rows: rows.slice(0, page.take).map((row) => ({ row, keys: keys.map((k) => keyText(row[k.column])) })),
    more: rows.length > page.take,
    totalCount: Number(count[0]?.n ?? 0),
  };
}
