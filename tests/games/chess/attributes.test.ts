/** What a chess game's tags say of its players and pace: Elo tags, and TimeControl as lichess classifies it. */
import { ratingOfTag, speedOfTimeControl } from '../../../src/games/chess/attributes';

describe('chess attributes', () => {
  it('reads an Elo tag as a number, and "?", "-", "" or text as unknown', () => {
    expect(['2851', ' 1500 ', '?', '-', '', '2850.5', 'abc', '0'].map(ratingOfTag)).toEqual([2851, 1500, null, null, null, null, null, null]);
  });

  it('classifies a clock by initial + 40 × increment seconds, at lichess limits', () => {
    // 29 s is ultrabullet, 30 s bullet; 179 s bullet, 180 s blitz; 479 blitz, 480 rapid; 1499 rapid, 1500 classical.
    expect(['29', '30', '139+1', '140+1', '479', '480', '1499', '1500', '0+12'].map(speedOfTimeControl)).toEqual(
      ['ULTRABULLET', 'BULLET', 'BULLET', 'BLITZ', 'BLITZ', 'RAPID', 'RAPID', 'CLASSICAL', 'RAPID'],
    );
  });

  it('reads moves-in-time and sandclock controls by their first period', () => {
    expect(speedOfTimeControl('40/7200:3600')).toBe('CLASSICAL');
    expect(speedOfTimeControl('40/5400+30:1800+30')).toBe('CLASSICAL');
    expect(speedOfTimeControl('*180')).toBe('BLITZ');
  });

  it('calls no clock and a move a day or slower correspondence', () => {
    expect(['-', '1/86400', '1/259200'].map(speedOfTimeControl)).toEqual(['CORRESPONDENCE', 'CORRESPONDENCE', 'CORRESPONDENCE']);
  });

  it('calls an unknown or unreadable control unknown', () => {
    expect(['?', '', 'blitz', undefined].map(speedOfTimeControl)).toEqual([null, null, null, null]);
  });
});
