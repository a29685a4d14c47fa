/** Ids handed out ahead of a COPY, so rows take them in file order. */
import type { SqlExecutor } from './sql';

/**
 * `count` ids from the sequence of `table`'s id column, ascending, as one text of decimal ids
 * separated by commas: handing them out in file order keeps ids in file order. The sequence is
 * looked up once (MATERIALIZED), not once per id.
 */
export async function reserveIdText(sql: SqlExecutor, table: string, count: number): Promise<string> {
  if (count === 0) return '';
  const [row] = await sql.query<{ ids: string }>(
    `WITH q AS MATERIALIZED (SELECT pg_get_serial_sequence($1, 'id')::regclass AS seq)
     SELECT string_agg(id::text, ',' ORDER BY id) AS ids FROM (SELECT nextval(q.seq) AS id FROM q, generate_series(1, $2::int)) s`,
    [`"${table}"`, count],
  );
  return row.ids;
}

/** `count` ids from the sequence of `table`'s id column, ascending (decimal text, the form COPY takes): `reserveIdText`'s, one a string. */
export async function reserveIds(sql: SqlExecutor, table: string, count: number): Promise<string[]> {
  if (count === 0) return [];
  return (await reserveIdText(sql, table, count)).split(',');
}
