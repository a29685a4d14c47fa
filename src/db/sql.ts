/** The raw SQL surface tabula uses beside Prisma: queries, and COPY for bulk rows. */
import type { CopyRows } from './copyText';

export type Row = Record<string, unknown>;

export interface SqlExecutor {
  /** Runs one parameterised statement; `int8` columns come back as `bigint`, `bytea` as `Uint8Array`. */
  query<R extends Row = Row>(text: string, params?: readonly unknown[]): Promise<R[]>;
  /** Runs a script of several statements with no parameters. */
  exec(script: string): Promise<void>;
  /** Loads rows (or lines of COPY text, or COPY text as bytes) into `table` with COPY and returns how many were written. */
  copyRows(table: string, columns: readonly string[], rows: CopyRows): Promise<number>;
}

/** Binds a JavaScript value the way both drivers accept it. */
export const bindValue = (value: unknown): unknown => (typeof value === 'bigint' ? value.toString() : value);

/** `"a", "b"` from column names (already trusted identifiers). */
export const columnList = (columns: readonly string[]): string => columns.map((c) => `"${c}"`).join(', ');

/** `text` in a `LIKE`/`ILIKE` pattern: its wildcards and the escape character taken literally. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
