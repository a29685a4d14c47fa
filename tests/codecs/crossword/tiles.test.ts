import { DISTRIBUTIONS, printTiles, parseTiles } from '../../../src/codecs/crossword';

const catalan = DISTRIBUTIONS.catalan;
const polish = DISTRIBUTIONS.polish;
const spanish = DISTRIBUTIONS.spanish;
const opts = { allowDesignated: true, allowBlank: true };

describe('tile strings (MAGPIE letter_distribution_test cases)', () => {
  for (const [s, dist] of [
    ['A[l·l]O[QU]IMI[qu]ES', catalan],
    ['[L·L]ES[QU][qu]A[QU][qu]', catalan],
    ['FGÓIŁHAŃ', polish],
    ['ŻŚŻGÓI', polish],
  ] as const) {
    it(`reads ${s}`, () => {
      expect(parseTiles(s, dist, opts).ok).toBe(true);
    });
  }

  for (const [s, dist] of [
    ['ŻŚ[Ż]GÓI', polish],
    ['Ż[ŚŻ]GÓI', polish],
    ['A[ES]A', catalan],
    ['[', catalan],
    [']', catalan],
    ['[]', catalan],
    ['ABC[DE', catalan],
    ['ABCD]E', catalan],
    ['ABC[D]E', catalan],
    ['[L·L[QU]]ES', catalan],
    ['[L·L]ES[qu][]A', catalan],
    ['[L·L]ES[qu', catalan],
    ['2', catalan],
    ['ABC9EFG', catalan],
  ] as const) {
    it(`rejects ${s} with MALFORMED_TILES`, () => {
      const r = parseTiles(s, dist, opts);
      expect(r.ok ? null : r.error.code).toBe('MALFORMED_TILES');
    });
  }

  it('reads "." as played through only when allowed', () => {
    expect(parseTiles('.BDEF', DISTRIBUTIONS.english, { allowThrough: true })).toEqual({ ok: true, value: [0, 2, 4, 5, 6] });
    expect(parseTiles('.BDEF', DISTRIBUTIONS.english).ok).toBe(false);
  });

  it('reads Catalan tile codes as in Macondo (r2: [qu]3[L·L]5MA2Ç without digits)', () => {
    expect(parseTiles('[qu][L·L]MAÇ', catalan, opts)).toEqual({ ok: true, value: [19 | 0x80, 13, 14, 1, 4] });
  });

  it('reports the column of the first bad tile', () => {
    expect(parseTiles('AB9', catalan, opts)).toMatchObject({ ok: false, error: { column: 3 } });
  });

  it('writes multi-character tiles in brackets, blanks in lower case', () => {
    expect(printTiles(catalan, [1, 13, 1, 13 | 0x80, 0])).toBe('A[L·L]A[l·l]?');
    expect(printTiles(spanish, [4, 4 | 0x80])).toBe('[CH][ch]');
  });

  it('reads Spanish [CH] as one tile and CH as two', () => {
    expect(parseTiles('[CH]', spanish)).toEqual({ ok: true, value: [4] });
    expect(parseTiles('CH', spanish)).toEqual({ ok: true, value: [3, 9] });
  });

  it('rejects a designated blank in a rack-like string', () => {
    expect(parseTiles('Ab', DISTRIBUTIONS.english, { allowBlank: true }).ok).toBe(false);
  });
});
