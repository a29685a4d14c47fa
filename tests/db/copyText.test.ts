/** COPY data given as bytes (`CopyBytes`): how the executors send it, text or binary. */
import { BINARY_COPY_HEADER, BINARY_COPY_TRAILER, CopyBytes, copyOptions, copyPieces } from '../../src/db/copyText';

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
