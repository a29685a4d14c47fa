import { type CgpLine, cgpLines } from '../../../src/codecs/crossword';

async function* bytesOf(chunks: (string | number[])[]): AsyncGenerator<Uint8Array> {
  for (const c of chunks) yield typeof c === 'string' ? new Uint8Array(Buffer.from(c, 'utf8')) : Uint8Array.from(c);
}

const linesOf = async (chunks: (string | number[])[]): Promise<CgpLine[]> => {
  const out: CgpLine[] = [];
  for await (const l of cgpLines(bytesOf(chunks))) out.push(l);
  return out;
};

describe('cgpLines: a CGP byte stream cut into numbered lines', () => {
  it('ends a line at LF, CR or CRLF and numbers lines from 1', async () => {
    expect(await linesOf(['a\nb\rc\r\nd'])).toEqual([
      { line: 1, text: 'a' },
      { line: 2, text: 'b' },
      { line: 3, text: 'c' },
      { line: 4, text: 'd' },
    ]);
  });

  it('reads a CRLF split across two chunks as one line end', async () => {
    expect(await linesOf(['a\r', '\nb\n'])).toEqual([
      { line: 1, text: 'a' },
      { line: 2, text: 'b' },
    ]);
  });

  it('joins a line cut across chunks, a UTF-8 character cut in two included', async () => {
    const e = [...Buffer.from('é', 'utf8')];
    expect(await linesOf(['ab', [0x63, e[0]], [e[1], 0x0a]])).toEqual([{ line: 1, text: 'abcé' }]);
  });

  it('drops a leading byte-order mark, even in a chunk of its own', async () => {
    expect(await linesOf([[0xef, 0xbb, 0xbf], 'x\n'])).toEqual([{ line: 1, text: 'x' }]);
  });

  it('keeps blank lines, numbered, and gives nothing after a final line end', async () => {
    expect(await linesOf(['\n\nz\n'])).toEqual([
      { line: 1, text: '' },
      { line: 2, text: '' },
      { line: 3, text: 'z' },
    ]);
  });
});
