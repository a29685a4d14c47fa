/**
 * PostgreSQL COPY text format: one line per row, columns separated by tabs,
 * `\N` for NULL, backslash escapes for backslash, tab, newline and carriage return.
 */

export type CopyValue = string | number | bigint | boolean | Uint8Array | null | undefined;

const escapeText = (text: string): string => {
  if (!/[\\\t\n\r]/.test(text)) return text;
  return text.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
};

/** One field: bytea is written as `\\x` + hex (the backslash itself escaped). */
export const copyField = (value: CopyValue): string => {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'string') return escapeText(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Uint8Array) return '\\\\x' + Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex');
  return String(value);
};

/** A whole row with its terminating newline. */
export const copyLine = (row: readonly CopyValue[]): string => row.map(copyField).join('\t') + '\n';
