/** What a crossword game's result says, as the crossword module reads it: the final scores, player 1's first, the spread as points. */
import { crossword } from '../../../src/games/crossword';

describe('a crossword result', () => {
  it('a higher first score is a win of player 1, worth the spread', () => {
    expect(crossword.result('412-380')).toEqual({ outcome: 'FIRST', firstPoints: 32 });
  });

  it('a lower first score is a win of player 2, worth minus the spread to player 1', () => {
    expect(crossword.result('439-550')).toEqual({ outcome: 'SECOND', firstPoints: -111 });
  });

  it('equal scores are a draw worth nothing', () => {
    expect(crossword.result('400-400')).toEqual({ outcome: 'DRAW', firstPoints: 0 });
  });

  it('reads negative scores and ignores the white space around the result', () => {
    expect(crossword.result('-5-10')).toEqual({ outcome: 'SECOND', firstPoints: -15 });
    expect(crossword.result('12--3')).toEqual({ outcome: 'FIRST', firstPoints: 15 });
    expect(crossword.result(' 451-345\n')).toEqual({ outcome: 'FIRST', firstPoints: 106 });
  });

  it('has neither outcome nor points when unfinished or written otherwise', () => {
    for (const text of ['', null, undefined, '451 - 345', '451-', '-345', '451-345-1', '451:345', 'W+2', '4.5-3']) {
      expect(crossword.result(text)).toEqual({ outcome: null, firstPoints: null });
    }
  });
});
