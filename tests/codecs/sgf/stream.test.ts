import { type SgfSegment, sgfSegments } from '../../../src/codecs/sgf';

/** The chunks as an async stream. */
async function* streamOf(chunks: string[]): AsyncGenerator<string> {
  for (const c of chunks) yield c;
}

const segmentsOf = async (chunks: string[]): Promise<SgfSegment[]> => {
  const out: SgfSegment[] = [];
  for await (const s of sgfSegments(streamOf(chunks))) out.push(s);
  return out;
};

describe('sgfSegments: an SGF collection cut into its top-level trees', () => {
  it('cuts after each top-level tree, the last segment holding what follows', async () => {
    expect((await segmentsOf(['(;GM[1])\n(;GM[6])\n'])).map((s) => s.text)).toEqual(['(;GM[1])', '\n(;GM[6])', '\n']);
  });

  it('does not cut at a variation closing inside a tree', async () => {
    expect((await segmentsOf(['(;B[aa](;W[bb])(;W[cc]))'])).map((s) => s.text)).toEqual(['(;B[aa](;W[bb])(;W[cc]))', '']);
  });

  it('ignores parentheses inside property values, escaped brackets included', async () => {
    const text = '(;C[a ) b \\] ( c])(;C[x])';
    expect((await segmentsOf([text])).map((s) => s.text)).toEqual(['(;C[a ) b \\] ( c])', '(;C[x])', '']);
  });

  it('cuts the same wherever the chunks end', async () => {
    const text = '(;C[a\\]b])\r\n(;B[aa](;W[bb]))\n(;C[)])';
    const whole = await segmentsOf([text]);
    for (let cut = 1; cut < text.length; cut++) {
      expect(await segmentsOf([text.slice(0, cut), text.slice(cut)])).toEqual(whole);
    }
  });

  it('places each segment by its character offset, line and column in the file', async () => {
    const segments = await segmentsOf(['(;GM[1])\r\n(;GM[1]', ')\r(;GM[1])']);
    expect(segments.map(({ offset, line, column }) => ({ offset, line, column }))).toEqual([
      { offset: 0, line: 1, column: 1 },
      { offset: 8, line: 1, column: 9 },
      { offset: 18, line: 2, column: 9 },
      { offset: 27, line: 3, column: 9 },
    ]);
  });

  it('keeps a tree that is never closed in the last segment, for the parser to refuse', async () => {
    expect((await segmentsOf(['(;GM[1])(;B[aa]'])).map((s) => s.text)).toEqual(['(;GM[1])', '(;B[aa]']);
  });
});
