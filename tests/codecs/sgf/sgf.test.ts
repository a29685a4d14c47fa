import * as fs from 'fs';
import * as path from 'path';
import fc from 'fast-check';
import {
  parseSgf,
  printSgf,
  stripOffsets,
  getFirstValue,
  getValues,
  findProperty,
  mainLine,
  makeNode,
  escapeSgfValue,
  decodeSgfBytes,
  lineColumnAt,
  SgfTree,
} from '../../../src/codecs/sgf';
import { unwrap } from '../../../src/codecs/result';
import { sample, samplePath } from '../../support/sampleData';


const parseOk = (text: string): SgfTree[] => unwrap(parseSgf(text));

const errorOf = (text: string) => {
  const r = parseSgf(text);
  if (r.ok) throw new Error('expected an error');
  return r.error;
};

describe('parseSgf: structure', () => {
  it('reads one game tree with a sequence of nodes and ordered properties', () => {
    const [tree] = parseOk('(;GM[1]SZ[9];B[ee];W[dc])');
    expect(tree.nodes.map((n) => n.properties)).toEqual([
      [
        { id: 'GM', values: ['1'] },
        { id: 'SZ', values: ['9'] },
      ],
      [{ id: 'B', values: ['ee'] }],
      [{ id: 'W', values: ['dc'] }],
    ]);
    expect(tree.children).toEqual([]);
  });

  it('reads variations as children after the last node of the sequence', () => {
    const [tree] = parseOk('(;GM[1];B[aa](;W[bb];B[cc])(;W[dd](;B[ee])(;B[ff])))');
    expect(tree.nodes).toHaveLength(2);
    expect(tree.children).toHaveLength(2);
    expect(getFirstValue(tree.children[0].nodes[1], 'B')).toBe('cc');
    expect(tree.children[1].children.map((c) => getFirstValue(c.nodes[0], 'B'))).toEqual(['ee', 'ff']);
  });

  it('reads several game trees in one collection', () => {
    const trees = parseOk('(;GM[1]PB[a])\n(;GM[1]PB[b])(;GM[6])');
    expect(trees.map((t) => getFirstValue(t.nodes[0], 'PB') ?? getFirstValue(t.nodes[0], 'GM'))).toEqual(['a', 'b', '6']);
  });

  it('reads a property with several values, whitespace between them allowed', () => {
    const [tree] = parseOk('(;AB[aa] [bb]\n[cc])');
    expect(getValues(tree.nodes[0], 'AB')).toEqual(['aa', 'bb', 'cc']);
  });

  it('keeps empty values (passes) as empty strings', () => {
    const [tree] = parseOk('(;B[])');
    expect(findProperty(tree.nodes[0], 'B')).toEqual({ id: 'B', values: [''] });
  });

  it('keeps unknown and lower-case property ids as written, in order', () => {
    const [tree] = parseOk('(;ZZ[x]AddBlack[aa]GM[1]ZZ[y])');
    expect(tree.nodes[0].properties.map((p) => p.id)).toEqual(['ZZ', 'AddBlack', 'GM', 'ZZ']);
    expect(getValues(tree.nodes[0], 'ZZ')).toEqual(['x', 'y']);
  });

  it('records the offset of each node', () => {
    const [tree] = parseOk('(;GM[1] ;B[aa])');
    expect(tree.nodes.map((n) => n.offset)).toEqual([1, 8]);
  });

  it('skips a leading byte-order mark and surrounding whitespace', () => {
    expect(parseOk('\ufeff  \r\n(;GM[1])\n\n')).toHaveLength(1);
  });

  it('reads a ten-thousand-deep nesting of variations without overflowing the stack', () => {
    const depth = 10000;
    const text = '(;GM[1]'.padEnd(0) + '(;B[aa]'.repeat(depth) + ')'.repeat(depth) + ')';
    const [tree] = parseOk(text);
    let d = 0;
    let t: SgfTree | undefined = tree.children[0];
    while (t) {
      d++;
      t = t.children[0];
    }
    expect(d).toBe(depth);
    expect(printSgf(tree)).toBe(text + '\n');
  });
});

describe('parseSgf: values and escapes', () => {
  it('unescapes \\] and \\\\ inside a value', () => {
    const [tree] = parseOk('(;C[a\\]b\\\\c])');
    expect(getFirstValue(tree.nodes[0], 'C')).toBe('a]b\\c');
  });

  it('turns any other escaped character into itself', () => {
    const [tree] = parseOk('(;LB[aa\\:x]C[\\q])');
    expect(getFirstValue(tree.nodes[0], 'LB')).toBe('aa:x');
    expect(getFirstValue(tree.nodes[0], 'C')).toBe('q');
  });

  it.each([
    ['LF', '\n'],
    ['CRLF', '\r\n'],
    ['CR', '\r'],
    ['LFCR', '\n\r'],
  ])('removes a soft line break (backslash + %s)', (_name, br) => {
    const [tree] = parseOk(`(;C[one\\${br}two])`);
    expect(getFirstValue(tree.nodes[0], 'C')).toBe('onetwo');
  });

  it('keeps hard line breaks and other whitespace exactly', () => {
    const [tree] = parseOk('(;C[line one\r\n\tline two ])');
    expect(getFirstValue(tree.nodes[0], 'C')).toBe('line one\r\n\tline two ');
  });

  it('keeps parentheses, semicolons and brackets inside values', () => {
    const [tree] = parseOk('(;C[(;B[aa\\])[x\\]])');
    expect(getFirstValue(tree.nodes[0], 'C')).toBe('(;B[aa])[x]');
  });

  it('keeps non-ASCII text and surrogate pairs, escaped or not', () => {
    const [tree] = parseOk('(;C[碁 \\😀 é])');
    expect(getFirstValue(tree.nodes[0], 'C')).toBe('碁 😀 é');
  });

  it('reads the escaped brackets in the Fuego comment logs', () => {
    const text = sample('go/fuego-regression_2010-Barcelona_Chou9p-vs-FuegoGB.sgf').toString('utf8');
    const nodes = mainLine(parseOk(text)[0]);
    const comments = nodes.flatMap((n) => getValues(n, 'C'));
    const withBracket = comments.filter((c) => c.includes(']'));
    expect(withBracket.length).toBeGreaterThan(0);
    expect(comments.some((c) => c.includes('\\]'))).toBe(false);
  });
});

describe('parseSgf: errors with locations', () => {
  it('rejects text with no game tree', () => {
    expect(errorOf('  ')).toMatchObject({ code: 'ERR_SGF_NO_GAME_TREE', offset: 0 });
  });

  it('rejects an unterminated value, pointing at its "["', () => {
    expect(errorOf('(;GM[1]\n;C[abc')).toMatchObject({
      code: 'ERR_SGF_UNTERMINATED_VALUE',
      offset: 10,
      line: 2,
      column: 3,
      field: 'C',
    });
  });

  it('rejects a value that ends in a lone backslash', () => {
    expect(errorOf('(;C[abc\\')).toMatchObject({ code: 'ERR_SGF_UNTERMINATED_VALUE', field: 'C' });
  });

  it('rejects a tree that is never closed, at the end of the text', () => {
    expect(errorOf('(;GM[1](;B[aa])')).toMatchObject({ code: 'ERR_SGF_UNCLOSED_TREE', offset: 15 });
  });

  it('rejects a stray ")"', () => {
    expect(errorOf('(;GM[1]))')).toMatchObject({ code: 'ERR_SGF_UNEXPECTED_CLOSE', offset: 8 });
  });

  it('rejects an empty game tree', () => {
    expect(errorOf('()')).toMatchObject({ code: 'ERR_SGF_EMPTY_SEQUENCE', offset: 1 });
  });

  it('rejects a variation before any node', () => {
    expect(errorOf('((;B[aa]))')).toMatchObject({ code: 'ERR_SGF_EMPTY_SEQUENCE', offset: 1 });
  });

  it('rejects a node after the variations of its tree', () => {
    expect(errorOf('(;GM[1](;B[aa]);W[bb])')).toMatchObject({ code: 'ERR_SGF_NODE_AFTER_VARIATION', offset: 15 });
  });

  it('rejects a property with no value', () => {
    expect(errorOf('(;GM[1]B;W[aa])')).toMatchObject({ code: 'ERR_SGF_MISSING_VALUE', offset: 7, field: 'B' });
  });

  it('rejects a property before the first ";"', () => {
    expect(errorOf('(GM[1])')).toMatchObject({ code: 'ERR_SGF_PROPERTY_OUTSIDE_NODE', offset: 1 });
  });

  it('rejects an unexpected character with its line and column', () => {
    expect(errorOf('(;GM[1]\r\n;B[aa]1)')).toMatchObject({ code: 'ERR_SGF_UNEXPECTED_CHAR', offset: 15, line: 2, column: 7 });
  });

  it('never throws on random text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('(', ')', ';', '[', ']', '\\', 'A', 'B', 'a', ' ', '\n', 'x') }), (s) => {
        const r = parseSgf(s);
        if (!r.ok) expect(typeof r.error.code).toBe('string');
      }),
    );
  });
});

describe('printSgf', () => {
  it('prints a tree back in the same form', () => {
    const text = '(;GM[1]FF[4]SZ[9];B[ee];W[dc](;B[cc])(;B[dd];W[])';
    expect(printSgf(parseOk(text + ')'))).toBe(text + ')\n');
  });

  it('escapes "]" and "\\" and nothing else', () => {
    expect(escapeSgfValue('a]b\\c:d[e')).toBe('a\\]b\\\\c:d[e');
    expect(printSgf({ nodes: [makeNode(['C', 'x]y'])], children: [] })).toBe('(;C[x\\]y])\n');
  });

  it('puts every node on its own line when asked', () => {
    expect(printSgf(parseOk('(;GM[1];B[aa])'), { nodePerLine: true })).toBe('(;GM[1]\n;B[aa])\n');
  });

  it('round-trips generated trees: parse(print(t)) equals t', () => {
    const propId = fc.stringMatching(/^[A-Z]{1,3}$/);
    const value = fc.string({ unit: fc.constantFrom('a', ']', '\\', '[', '(', ')', ';', ':', '\n', ' ', 'é') });
    const node = fc.array(fc.record({ id: propId, values: fc.array(value, { minLength: 1, maxLength: 3 }) }), { maxLength: 4 }).map((properties) => ({ properties }));
    const { tree } = fc.letrec<{ tree: SgfTree }>((tie) => ({
      tree: fc.record({
        nodes: fc.array(node, { minLength: 1, maxLength: 3 }),
        children: fc.oneof(
          { maxDepth: 3, depthIdentifier: 'tree' },
          fc.constant([]),
          fc.array(tie('tree'), { minLength: 1, maxLength: 2 }),
        ) as fc.Arbitrary<SgfTree[]>,
      }),
    }));
    fc.assert(
      fc.property(fc.array(tree, { minLength: 1, maxLength: 3 }), (trees) => {
        expect(stripOffsets(parseOk(printSgf(trees)))).toEqual(stripOffsets(trees));
      }),
    );
  });
});

describe('round trip of every sample SGF file', () => {
  const files = ['go', 'backgammon'].flatMap((dir) =>
    fs
      .readdirSync(samplePath(dir))
      .filter((f) => f.endsWith('.sgf'))
      .map((f) => path.join(dir, f)),
  );

  it('finds the sample files', () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
  });

  it.each(files)('%s: parse -> print -> parse gives equal trees', (file) => {
    const text = unwrap(decodeSgfBytes(sample(file)));
    const first = parseOk(text);
    const second = parseOk(printSgf(first));
    expect(stripOffsets(second)).toEqual(stripOffsets(first));
  });
});

describe('decodeSgfBytes and lineColumnAt', () => {
  it('decodes by CA[UTF-8]', () => {
    expect(unwrap(decodeSgfBytes(new TextEncoder().encode('(;CA[UTF-8]C[碁])')))).toBe('(;CA[UTF-8]C[碁])');
  });

  it('decodes as ISO-8859-1 when CA is absent', () => {
    expect(unwrap(decodeSgfBytes(Uint8Array.from([0x28, 0x3b, 0x43, 0x5b, 0xe9, 0x5d, 0x29])))).toBe('(;C[é])');
  });

  it('rejects an unknown charset', () => {
    const r = decodeSgfBytes(new TextEncoder().encode('(;CA[klingon])'));
    expect(r.ok ? null : r.error.code).toBe('ERR_SGF_CHARSET');
  });

  it('counts CR, LF and CRLF as one line break each', () => {
    expect(lineColumnAt('a\r\nb\rc\nd', 7)).toEqual({ line: 4, column: 1 });
  });
});
