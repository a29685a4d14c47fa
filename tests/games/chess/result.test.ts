/** What a chess result says, as the chess module reads it: PGN's three results, White first, no points. */
import { chess } from '../../../src/games/chess';

const outcome = (text: string | null | undefined): string | null => chess.result(text).outcome;

describe('a chess result', () => {
  it('1-0 is a win of White, the first player', () => {
    expect(chess.result('1-0')).toEqual({ outcome: 'FIRST', firstPoints: null });
  });

  it('0-1 is a win of Black, the second player', () => {
    expect(chess.result('0-1')).toEqual({ outcome: 'SECOND', firstPoints: null });
  });

  it('1/2-1/2 is a draw', () => {
    expect(chess.result('1/2-1/2')).toEqual({ outcome: 'DRAW', firstPoints: null });
  });

  it('is read without the white space around it', () => {
    expect(outcome(' 1-0\n')).toBe('FIRST');
    expect(outcome('\u00a00-1\t')).toBe('SECOND');
  });

  it('has no outcome when the game is unfinished, the result absent or written otherwise', () => {
    for (const text of ['*', '', null, undefined, '1:0', '½-½', '1-0 (time)', '1–0', 'white wins', '1/2']) expect(outcome(text)).toBeNull();
  });
});
