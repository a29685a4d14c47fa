/** What a Go game's SGF root says of its players and pace: ranks on the EGF scale, and TM/OT as a speed. */
import { overtimePerMove, ratingOfRank, speedOfGoClock } from '../../../src/games/go/attributes';

describe('Go attributes', () => {
  it('puts amateur ranks on the EGF scale: 1 dan 2100, 1 kyu 2000, 100 a rank, no lower than 100 (20 kyu)', () => {
    expect(['1d', '7d', '1k', '5k', '20k', '30k', '3 dan', '12 kyu', '4d*', '2k?'].map(ratingOfRank)).toEqual([2100, 2700, 2000, 1600, 100, 100, 2300, 900, 2400, 1900]);
  });

  it('puts professional ranks at 2670 + 30 a rank', () => {
    expect(['1p', '9p', '8 pro'].map(ratingOfRank)).toEqual([2700, 2940, 2910]);
  });

  it('reads no rank from other text', () => {
    expect(['', 'strong', '10p', '0k', '1500', undefined].map(ratingOfRank)).toEqual([null, null, null, null, null, null]);
  });

  it('reads the time a move the overtime adds', () => {
    expect(['5x30 byo-yomi', '3x10', '25/600 Canadian', '30 fischer', '+5', 'none', ''].map(overtimePerMove)).toEqual([30, 10, 24, 30, 5, 0, 0]);
  });

  it('classifies main time plus overtime as lichess classifies a clock', () => {
    expect(speedOfGoClock('60', '3x10 byo-yomi')).toBe('BLITZ'); // 60 + 400
    expect(speedOfGoClock('1800', '5x30 byo-yomi')).toBe('CLASSICAL');
    expect(speedOfGoClock('300', undefined)).toBe('BLITZ');
    expect(speedOfGoClock(undefined, '5x30 byo-yomi')).toBeNull();
  });
});
