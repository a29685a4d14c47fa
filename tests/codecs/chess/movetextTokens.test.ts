/** The main line's move tokens of a PGN game found in its bytes: what a pattern search reads moves back from. */
import { moveToken, moveTokens, sameMoveTokens, tokenText } from '../../../src/codecs/chess/movetextTokens';

const tokensOf = (pgn: string): string[] => {
  const bytes = Buffer.from(pgn, 'latin1');
  const tokens = moveTokens(bytes);
  const text = tokenText(bytes);
  return Array.from({ length: tokens.count }, (_, i) => moveToken(text, tokens, i));
};

describe('the move tokens of a PGN game', () => {
  it('are the movetext words after the tag pairs, without move numbers and the result', () => {
    expect(tokensOf('[Event "x"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n')).toEqual(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6']);
  });

  it('leave out a tag value holding a bracket, a quote and a word that reads as a move', () => {
    expect(tokensOf('[Event "a ] \\"e4\\" b"]\n[Site "]"]\n\n1. d4 *\n')).toEqual(['d4']);
  });

  it('leave out comments of both kinds, escape lines and NAGs', () => {
    expect(tokensOf('1. e4 {a comment, 2. d4} e5 $1 ; to the end of the line Nf3\n% an escape line Nc6\n2. Nf3 *')).toEqual(['e4', 'e5', 'Nf3']);
  });

  it('leave out variations, nested ones too', () => {
    expect(tokensOf('1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) 1... c5 (1... e5) 2. Nf3 *')).toEqual(['e4', 'c5', 'Nf3']);
  });

  it('take the move glued to its number, after one dot or three', () => {
    expect(tokensOf('1.e4 1...e5 2.Nf3 Nc6 *')).toEqual(['e4', 'e5', 'Nf3', 'Nc6']);
  });

  it('stop at the result, whichever it is', () => {
    for (const result of ['1-0', '0-1', '1/2-1/2', '*']) expect(tokensOf(`1. e4 ${result} 2. d4`)).toEqual(['e4']);
  });

  it('keep a token as it is written, check marks and annotations included', () => {
    expect(tokensOf('1. e4! e5?! 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7# 1-0')).toEqual(['e4!', 'e5?!', 'Qh5', 'Nc6', 'Bc4', 'Nf6??', 'Qxf7#']);
  });
});

describe('whether the move tokens are the moves', () => {
  it('holds for the tokens exactly, in order', () => {
    expect(sameMoveTokens(Buffer.from('1. e4 e5 2. Qh5 *'), ['e4', 'e5', 'Qh5'])).toBe(true);
  });

  it('does not hold for a token written otherwise, one more or one less', () => {
    expect(sameMoveTokens(Buffer.from('1. e4! e5 *'), ['e4', 'e5'])).toBe(false);
    expect(sameMoveTokens(Buffer.from('1. Nf3 Nf6 2. O-O *'), ['Nf3', 'Nf6', 'O-O+'])).toBe(false);
    expect(sameMoveTokens(Buffer.from('1. e4 e5 *'), ['e4'])).toBe(false);
    expect(sameMoveTokens(Buffer.from('1. e4 *'), ['e4', 'e5'])).toBe(false);
  });
});
