/**
 * PostgreSQL COPY text format: one line per row, columns separated by tabs,
 * `\N` for NULL, backslash escapes for backslash, tab, newline and carriage return.
 */

export type CopyValue = string | number | bigint | boolean | Uint8Array | null | undefined;

const SPECIAL = /[\\\t\n\r]/;
const SPECIALS = /[\\\t\n\r]/g;
const escapeChar = (c: string): string => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r');

const escapeText = (text: string): string => (SPECIAL.test(text) ? text.replace(SPECIALS, escapeChar) : text);

/** A byte that is not ASCII, or NUL: a bytea holding one is written as hex. */
// eslint-disable-next-line no-control-regex -- the NUL is one of the bytes looked for
const NOT_ASCII = /[\x00\x80-\xff]/;

/**
 * A bytea field. ASCII bytes without a NUL (a game's source, mostly) are written in bytea's escape
 * format, which takes every byte but the backslash as itself: the text is about the bytes' length,
 * where hex doubles it, so the import sends and the server reads half as much (the backgammon
 * SGF bench file: 65 MB of sources instead of 130 MB). ASCII reads the same in every server and
 * client encoding. Anything else is written as `\\x` + hex. Either way the backslashes bytea's
 * input reads are escaped again for COPY.
 */
const byteaField = (value: Uint8Array): string => {
  const bytes = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  const text = bytes.toString('latin1');
  if (NOT_ASCII.test(text)) return '\\\\x' + bytes.toString('hex');
  // bytea's escape of a backslash is two, each escaped for COPY; then COPY's own escapes.
  return text.replaceAll('\\', '\\\\\\\\').replaceAll('\n', '\\n').replaceAll('\r', '\\r').replaceAll('\t', '\\t');
};

/** One field: bytea as `byteaField` writes it. */
export const copyField = (value: CopyValue): string => {
  if (value === null || value === undefined) return '\\N';
  switch (typeof value) {
    case 'string':
      return escapeText(value);
    case 'number':
    case 'bigint':
      return String(value);
    case 'boolean':
      return value ? 't' : 'f';
    default:
      return byteaField(value);
  }
};

/** A whole row with its terminating newline. */
export const copyLine = (row: readonly CopyValue[]): string => {
  let line = copyField(row[0]);
  for (let i = 1; i < row.length; i++) line += '\t' + copyField(row[i]);
  return line + '\n';
};

/**
 * Rows already written as COPY text lines (each with its newline), for a caller that writes many
 * rows of one shape and formats them itself, without an array of values per row.
 */
export class CopyLines {
  constructor(readonly lines: Iterable<string>) {}
}

/**
 * Rows already written as COPY data, as bytes: `rows` of them, as text (each row ending in its
 * newline) or in COPY's binary format (each row its field count and fields, without the file's
 * header and trailer: `BINARY_COPY_HEADER`, `BINARY_COPY_TRAILER`, which the COPY adds). For a
 * caller that writes them where they are read (an import's worker thread), so this thread only
 * streams them. Binary rows cost the server less to read: no line to split, no digits to parse.
 */
export class CopyBytes {
  constructor(
    readonly text: Uint8Array,
    readonly rows: number,
    readonly format: 'text' | 'binary' = 'text',
  ) {}
}

/** What a binary COPY's data starts with: the signature, no flags, no header extension. */
export const BINARY_COPY_HEADER = Uint8Array.from([0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00, 0, 0, 0, 0, 0, 0, 0, 0]);
/** What a binary COPY's data ends with: a field count of -1. */
export const BINARY_COPY_TRAILER = Uint8Array.from([0xff, 0xff]);

/** The COPY statement's options for rows given as `rows` (binary ones say so). */
export const copyOptions = (rows: CopyBytes): string => (rows.format === 'binary' ? ' WITH (FORMAT binary)' : '');

/** The pieces of a COPY's data: the rows' bytes in pieces of at most `size`, between the binary format's header and trailer. */
export const copyPieces = (rows: CopyBytes, size: number): Uint8Array[] => {
  const pieces: Uint8Array[] = [];
  for (let at = 0; at < rows.text.length; at += size) pieces.push(rows.text.subarray(at, at + size));
  return rows.format === 'binary' ? [BINARY_COPY_HEADER, ...pieces, BINARY_COPY_TRAILER] : pieces;
};

/** Rows as a COPY takes them: values, text lines, or text already written as bytes. */
export type CopyRows = Iterable<readonly CopyValue[]> | CopyLines | CopyBytes;

/** The COPY text lines of rows given either way. */
export function* linesOf(rows: Iterable<readonly CopyValue[]> | CopyLines): Generator<string> {
  if (rows instanceof CopyLines) yield* rows.lines;
  else for (const row of rows) yield copyLine(row);
}
