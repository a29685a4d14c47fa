import {
  SGF_END,
  SGF_KIND,
  SGF_MALFORMED,
  SGF_NODE,
  SGF_PROPERTY,
  SGF_VALUE,
  SGF_VALUE_BEYOND_ASCII,
  SGF_VALUE_ESCAPED,
  SgfMainLineScanner,
} from '../../../src/codecs/sgf';

const NAMES: Record<number, string> = { [SGF_END]: 'end', [SGF_NODE]: 'node', [SGF_PROPERTY]: 'property', [SGF_VALUE]: 'value', [SGF_MALFORMED]: 'malformed' };

/** The tokens of a scan, each as its kind and its bytes (as Latin-1 text). */
const tokensOf = (bytes: Uint8Array, scanner = new SgfMainLineScanner()): string[] => {
  const count = scanner.scan(bytes);
  const t = scanner.tokens;
  return Array.from({ length: count }, (_, k) => `${NAMES[t[3 * k] & SGF_KIND]} ${Buffer.from(bytes.subarray(t[3 * k + 1], t[3 * k + 2])).toString('latin1')}`);
};
const tokens = (text: string): string[] => tokensOf(Buffer.from(text, 'latin1'));

/** The last token of a scan: its kind and where it is. */
const lastOf = (text: string): { kind: number; start: number; end: number } => {
  const scanner = new SgfMainLineScanner();
  const count = scanner.scan(Buffer.from(text, 'latin1'));
  const t = scanner.tokens;
  return { kind: t[3 * count - 3], start: t[3 * count - 2], end: t[3 * count - 1] };
};

/** The first number of each value token (its kind and flags). */
const valueFlags = (text: string): number[] => {
  const scanner = new SgfMainLineScanner();
  const count = scanner.scan(Buffer.from(text, 'latin1'));
  const t = scanner.tokens;
  return Array.from({ length: count }, (_, k) => t[3 * k]).filter((w) => (w & SGF_KIND) === SGF_VALUE);
};

describe('SgfMainLineScanner: an SGF main line read as bytes, token by token', () => {
  it('gives each node, property id and value in file order, then the end', () => {
    expect(tokens('(;SZ[9]KM[6.5];B[ee];W[cc])')).toEqual(['node ;', 'property SZ', 'value 9', 'property KM', 'value 6.5', 'node ;', 'property B', 'value ee', 'node ;', 'property W', 'value cc', 'end )']);
  });

  it('gives every value of a property, each as a token after it', () => {
    expect(tokens('(;AB[aa][bb]  [cc])')).toEqual(['node ;', 'property AB', 'value aa', 'value bb', 'value cc', 'end )']);
  });

  it('reads the main line only: the first variation at each fork, up to the first ")" closed', () => {
    expect(tokens('(;B[aa](;W[bb](;B[cc])(;B[dd]))(;W[ee]))')).toEqual(['node ;', 'property B', 'value aa', 'node ;', 'property W', 'value bb', 'node ;', 'property B', 'value cc', 'end )']);
  });

  it('stops at the main line\'s end: the ")" is its last token and nothing after it is read', () => {
    expect(lastOf('(;B[aa](;W[bb])(;W[cc]))')).toEqual({ kind: SGF_END, start: 14, end: 15 });
    expect(tokens('(;B[aa])this is not SGF [')).toEqual(['node ;', 'property B', 'value aa', 'end )']);
  });

  it('keeps escapes as written: a backslash takes the next byte, "]" included, into the value', () => {
    expect(tokens('(;C[a \\] b \\\\]B[aa])')).toEqual(['node ;', 'property C', 'value a \\] b \\\\', 'property B', 'value aa', 'end )']);
  });

  it('marks a value that holds an escape, and one with a byte beyond ASCII', () => {
    expect(valueFlags('(;C[plain]C[a\\]b]C[caf\xe9])')).toEqual([SGF_VALUE, SGF_VALUE | SGF_VALUE_ESCAPED, SGF_VALUE | SGF_VALUE_BEYOND_ASCII]);
  });

  it('does not look at the byte a backslash escapes for a byte beyond ASCII', () => {
    expect(valueFlags('(;C[\\\xe9])')).toEqual([SGF_VALUE | SGF_VALUE_ESCAPED]);
  });

  it('ignores parentheses and semicolons inside values', () => {
    expect(tokens('(;C[a ) ( ; b];B[aa])')).toEqual(['node ;', 'property C', 'value a ) ( ; b', 'node ;', 'property B', 'value aa', 'end )']);
  });

  it('skips spaces, tabs and line breaks between tokens, before the tree and between a property and its values', () => {
    expect(tokens('\r\n ( ;\tB\n[aa]\r\n [bb] ;\r\nW [cc]\n)')).toEqual(['node ;', 'property B', 'value aa', 'value bb', 'node ;', 'property W', 'value cc', 'end )']);
  });

  it('keeps spaces and line breaks inside a value as written', () => {
    expect(tokens('(;C[ a\r\n b ])')).toEqual(['node ;', 'property C', 'value  a\r\n b ', 'end )']);
  });

  it('keeps a property id as written, lower-case letters included', () => {
    expect(tokens('(;AddBlack[aa])')).toEqual(['node ;', 'property AddBlack', 'value aa', 'end )']);
  });

  it('reads a tree whose nodes hold no property', () => {
    expect(tokens('(;;)')).toEqual(['node ;', 'node ;', 'end )']);
  });

  it('finds a tree with no node malformed, where its ")" is', () => {
    expect(tokens('()')).toEqual(['malformed ']);
    expect(lastOf('()')).toEqual({ kind: SGF_MALFORMED, start: 1, end: 1 });
  });

  it('finds malformed a source that does not start with a tree', () => {
    expect(tokens(';B[aa])')).toEqual(['malformed ']);
    expect(tokens('')).toEqual(['malformed ']);
  });

  it('finds malformed a property before the first node, and a variation before it', () => {
    expect(lastOf('(B[aa])')).toEqual({ kind: SGF_MALFORMED, start: 1, end: 1 });
    expect(lastOf('((;B[aa]))')).toEqual({ kind: SGF_MALFORMED, start: 1, end: 1 });
  });

  it('finds malformed a property without a value, where its values would start', () => {
    expect(tokens('(;B ;W[aa])')).toEqual(['node ;', 'property B', 'malformed ']);
    expect(lastOf('(;B ;W[aa])')).toEqual({ kind: SGF_MALFORMED, start: 4, end: 4 });
  });

  it('finds malformed a value not closed, at its "["', () => {
    expect(lastOf('(;B[aa];C[no end)')).toEqual({ kind: SGF_MALFORMED, start: 9, end: 9 });
    expect(lastOf('(;C[ends in \\]')).toEqual({ kind: SGF_MALFORMED, start: 3, end: 3 });
  });

  it('finds malformed a byte outside a value that is no letter, space or "(", ";", ")"', () => {
    expect(tokens('(;B[aa]1[bb])')).toEqual(['node ;', 'property B', 'value aa', 'malformed ']);
    expect(tokens('(;B[aa]\xe9)')).toEqual(['node ;', 'property B', 'value aa', 'malformed ']);
  });

  it('finds malformed a main line that is never closed', () => {
    expect(lastOf('(;B[aa];W[bb]')).toEqual({ kind: SGF_MALFORMED, start: 13, end: 13 });
  });

  it('reads a main line of more tokens than its arrays first hold, and the next one with the same scanner', () => {
    const scanner = new SgfMainLineScanner();
    const long = `(${';B[aa]'.repeat(1000)})`;
    expect(tokensOf(Buffer.from(long), scanner)).toHaveLength(3001);
    expect(tokensOf(Buffer.from('(;W[bb])'), scanner)).toEqual(['node ;', 'property W', 'value bb', 'end )']);
  });
});
