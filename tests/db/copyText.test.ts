/**
 * COPY data: bytea fields as `copyField` writes them (text-like bytes in bytea's escape format,
 * anything else in hex), stored exactly on both databases; and rows given as bytes (`CopyBytes`),
 * as the executors send them, text or binary.
 */
import { BINARY_COPY_HEADER, BINARY_COPY_TRAILER, CopyBytes, copyField, copyOptions, copyPieces } from '../../src/db/copyText';
import type { Database } from '../../src/db/database';
import { describeEachDatabase } from '../support/databases';

const ascii = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'latin1'));

/** COPYs `values` into a temporary bytea column and reads them back, in order. */
const roundTrip = (db: Database, values: Uint8Array[]): Promise<Uint8Array[]> =>
  db.transaction(async (sql) => {
    await sql.exec('CREATE TEMPORARY TABLE copied (n int, b bytea) ON COMMIT DROP');
    await sql.copyRows('copied', ['n', 'b'], values.map((b, n) => [n, b]));
    const rows = await sql.query<{ b: Uint8Array }>('SELECT b FROM copied ORDER BY n');
    return rows.map((r) => new Uint8Array(r.b));
  });

describe('a bytea field as COPY text', () => {
  it('writes ASCII text at its own length, escaping only backslashes and COPY’s specials', () => {
    expect(copyField(ascii('(;GM[6]\nC[a\\b]\t\r)'))).toBe('(;GM[6]\\nC[a\\\\\\\\b]\\t\\r)');
  });

  it('writes bytes that are not ASCII as hex', () => {
    expect(copyField(new Uint8Array([0x41, 0xc3, 0xa9]))).toBe('\\\\x41c3a9');
  });

  it('writes a NUL as hex, which the escape format cannot carry', () => {
    expect(copyField(new Uint8Array([0x41, 0x00]))).toBe('\\\\x4100');
  });
});

describeEachDatabase('bytes COPYed into a bytea column', (db) => {
  it('come back exactly, whatever they hold', async () => {
    const values = [
      new Uint8Array(0),
      ascii('(;FF[4]GM[6]\r\n;B[31mk]C[a \\ backslash, a tab\there]\n)\n'),
      ascii('\\x41 looks like hex but is text'),
      ascii('\\.\n\\N\n\\\\'),
      ascii(Array.from({ length: 127 }, (_, i) => String.fromCharCode(i + 1)).join('')),
      new Uint8Array(Array.from({ length: 256 }, (_, i) => i)),
      new Uint8Array(Buffer.from('Jérôme (;B[ab])', 'utf8')),
      new Uint8Array([0x00]),
    ];
    expect(await roundTrip(db(), values)).toEqual(values);
  });
});

const bytes = (n: number): Uint8Array => Uint8Array.from({ length: n }, (_, i) => i % 251);
const joined = (pieces: Uint8Array[]): number[] => pieces.flatMap((p) => [...p]);

describe('COPY data given as bytes', () => {
  it('sends text rows as they are, in pieces of at most the size asked', () => {
    const rows = new CopyBytes(bytes(10), 2);
    const pieces = copyPieces(rows, 4);
    expect({ sizes: pieces.map((p) => p.length), data: joined(pieces), options: copyOptions(rows) }).toEqual({
      sizes: [4, 4, 2],
      data: [...bytes(10)],
      options: '',
    });
  });

  it("sends binary rows between the binary format's header and trailer, and says the format", () => {
    const rows = new CopyBytes(bytes(6), 1, 'binary');
    const pieces = copyPieces(rows, 4);
    expect({ data: joined(pieces), options: copyOptions(rows) }).toEqual({
      data: [...BINARY_COPY_HEADER, ...bytes(6), ...BINARY_COPY_TRAILER],
      options: ' WITH (FORMAT binary)',
    });
    expect(Buffer.from(BINARY_COPY_HEADER.subarray(0, 11)).toString('latin1')).toBe('PGCOPY\n\xff\r\n\0');
  });
});
