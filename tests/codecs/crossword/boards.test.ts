import { BOARDS, CROSSWORD_GAME, SUPER_CROSSWORD_GAME, boardByName, columnName, parseCoordinate } from '../../../src/codecs/crossword';

const count = (values: Uint8Array, v: number): number => values.filter((x) => x === v).length;

describe('board layouts', () => {
  it('CrosswordGame has 8 TW, 17 DW, 12 TL and 24 DL squares', () => {
    const b = CROSSWORD_GAME;
    expect([count(b.wordMultipliers, 3), count(b.wordMultipliers, 2), count(b.letterMultipliers, 3), count(b.letterMultipliers, 2)]).toEqual([8, 17, 12, 24]);
  });

  it('SuperCrosswordGame has 4 quadruple-word, 8 quadruple-letter, 16 TW, 41 DW, 20 TL and 36 DL squares', () => {
    const b = SUPER_CROSSWORD_GAME;
    expect([
      count(b.wordMultipliers, 4),
      count(b.letterMultipliers, 4),
      count(b.wordMultipliers, 3),
      count(b.wordMultipliers, 2),
      count(b.letterMultipliers, 3),
      count(b.letterMultipliers, 2),
    ]).toEqual([4, 8, 16, 41, 20, 36]);
  });

  it('puts the start square at H8 (15x15) and K11 (21x21), both double word', () => {
    expect(CROSSWORD_GAME.startSquare).toBe(7 * 15 + 7);
    expect(SUPER_CROSSWORD_GAME.startSquare).toBe(10 * 21 + 10);
    expect(CROSSWORD_GAME.wordMultipliers[CROSSWORD_GAME.startSquare]).toBe(2);
    expect(SUPER_CROSSWORD_GAME.wordMultipliers[SUPER_CROSSWORD_GAME.startSquare]).toBe(2);
  });

  it('lists the TW squares of CrosswordGame at A1 H1 O1 A8 O8 A15 H15 O15', () => {
    const tw = [...CROSSWORD_GAME.wordMultipliers.keys()].filter((q) => CROSSWORD_GAME.wordMultipliers[q] === 3);
    expect(tw.map((q) => `${columnName(q % 15)}${Math.floor(q / 15) + 1}`)).toEqual(['A1', 'H1', 'O1', 'A8', 'O8', 'A15', 'H15', 'O15']);
  });

  for (const b of Object.values(BOARDS)) {
    it(`${b.name} is symmetric under both axes and the diagonal`, () => {
      const n = b.rows;
      for (let r = 0; r < n; r++) {
        for (let c = 0; c < n; c++) {
          const at = (rr: number, cc: number) => b.premiumRows[rr][cc];
          expect([at(n - 1 - r, c), at(r, n - 1 - c), at(c, r)]).toEqual([at(r, c), at(r, c), at(r, c)]);
        }
      }
    });
  }

  it('finds boards by name case-insensitively', () => {
    expect(boardByName('supercrosswordgame')).toBe(SUPER_CROSSWORD_GAME);
    expect(boardByName('Moon')).toBeUndefined();
  });
});

describe('coordinates', () => {
  it('reads number-first as horizontal and letter-first as vertical', () => {
    expect(parseCoordinate('8H', 15, 15)).toEqual({ row: 7, col: 7, vertical: false });
    expect(parseCoordinate('h8', 15, 15)).toEqual({ row: 7, col: 7, vertical: true });
  });

  it('rejects squares off the board and malformed text', () => {
    expect([parseCoordinate('16A', 15, 15), parseCoordinate('P1', 15, 15), parseCoordinate('8', 15, 15), parseCoordinate('8H8', 15, 15)]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('names columns past Z in Excel notation', () => {
    expect([columnName(0), columnName(25), columnName(26), columnName(27), columnName(701), columnName(702)]).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
    expect(parseCoordinate('1AA', 30, 30)).toEqual({ row: 0, col: 26, vertical: false });
  });
});
