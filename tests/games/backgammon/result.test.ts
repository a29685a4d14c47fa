/** What a backgammon result says, as the backgammon module reads it: SGF's RE, White (player 1) first, with the points won. */
import { backgammon } from '../../../src/games/backgammon';

describe('a backgammon result', () => {
  it('W+n is a win of White, the first player, worth n points to White', () => {
    expect(backgammon.result('W+2')).toEqual({ outcome: 'FIRST', firstPoints: 2 });
  });

  it('B+n is a win of Black, worth -n points to White', () => {
    expect(backgammon.result('B+4')).toEqual({ outcome: 'SECOND', firstPoints: -4 });
  });

  it('a resignation counts the points it gave up', () => {
    expect(backgammon.result('B+1R')).toEqual({ outcome: 'SECOND', firstPoints: -1 });
    expect(backgammon.result('W+3R')).toEqual({ outcome: 'FIRST', firstPoints: 3 });
  });

  it('reads its letters in either case and without the white space around it', () => {
    expect(backgammon.result(' w+2\n')).toEqual({ outcome: 'FIRST', firstPoints: 2 });
    expect(backgammon.result('b+1')).toEqual({ outcome: 'SECOND', firstPoints: -1 });
  });

  it('a winner without a number has an outcome and no points', () => {
    expect(backgammon.result('W+')).toEqual({ outcome: 'FIRST', firstPoints: null });
    expect(backgammon.result('B+R')).toEqual({ outcome: 'SECOND', firstPoints: null });
  });

  it('has neither outcome nor points when absent or written otherwise', () => {
    for (const text of ['', null, undefined, '?', 'W-2', '+2', 'White+2', '2-1', 'Draw']) {
      expect(backgammon.result(text)).toEqual({ outcome: null, firstPoints: null });
    }
  });
});
