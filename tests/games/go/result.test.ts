/** What a Go result says, as the Go module reads it: SGF's RE, Black first, no points. */
import { go } from '../../../src/games/go';

const outcome = (text: string | null | undefined): string | null => go.result(text).outcome;

describe('a Go result', () => {
  it('B+ with a margin, R, T or F is a win of Black, the first player', () => {
    for (const text of ['B+R', 'B+3.5', 'B+T', 'B+F', 'B+']) expect(go.result(text)).toEqual({ outcome: 'FIRST', firstPoints: null });
  });

  it('W+ is a win of White, the second player', () => {
    for (const text of ['W+R', 'W+0.5', 'W+']) expect(go.result(text)).toEqual({ outcome: 'SECOND', firstPoints: null });
  });

  it('0, Draw and Jigo are a draw', () => {
    for (const text of ['0', 'Draw', 'Jigo']) expect(go.result(text)).toEqual({ outcome: 'DRAW', firstPoints: null });
  });

  it('reads its letters in either case', () => {
    expect([outcome('b+r'), outcome('w+2'), outcome('DRAW'), outcome('jIGo')]).toEqual(['FIRST', 'SECOND', 'DRAW', 'DRAW']);
  });

  it('is read without the white space around it', () => {
    expect([outcome(' B+R '), outcome('\nJigo\n')]).toEqual(['FIRST', 'DRAW']);
  });

  it('has no outcome when void, unknown, absent or written otherwise', () => {
    for (const text of ['Void', '?', '', null, undefined, 'Black wins', 'B-R', '+R', 'Drawn', '0.0', 'x B+R']) expect(outcome(text)).toBeNull();
  });
});
