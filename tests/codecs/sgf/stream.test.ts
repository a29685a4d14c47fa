import { type SgfSegment, sgfSegments } from '../../../src/codecs/sgf';
import { sample, sampleNames } from '../../support/sampleData';

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

  /** The cut points straight from the rule, a character at a time: after each ")" closing a top-level tree outside values. */
  const cutsByRule = (text: string): number[] => {
    const cuts: number[] = [];
    let depth = 0;
    let inValue = false;
    let escaped = false;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (inValue) {
        if (escaped) escaped = false;
        else if (c === '\\') escaped = true;
        else if (c === ']') inValue = false;
      } else if (c === '[') inValue = depth > 0;
      else if (c === '(') depth++;
      else if (c === ')' && depth > 0 && --depth === 0) cuts.push(i + 1);
    }
    return cuts;
  };

  it.each([...sampleNames('backgammon', '.sgf').map((n) => ['backgammon', n]), ...sampleNames('go', '.sgf').map((n) => ['go', n])])(
    'cuts %s/%s where the rule does, in chunks of any size, each segment placed by its line',
    async (dir, name) => {
      const text = sample(dir, name).toString('latin1');
      const ends = cutsByRule(text);
      for (const size of [7, 100, 4096, text.length]) {
        const chunks: string[] = [];
        for (let at = 0; at < text.length; at += size) chunks.push(text.slice(at, at + size));
        const segments = await segmentsOf(chunks);
        expect(segments.slice(0, -1).map((s) => s.offset + s.text.length)).toEqual(ends);
        for (const s of segments) expect(s.line).toBe(text.slice(0, s.offset).split(/\r\n|\r|\n/).length);
      }
    },
  );
});

