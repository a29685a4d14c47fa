import fc from 'fast-check';
import {
  GoBoard,
  parseBoard,
  boardToString,
  boardsEqual,
  transformBoard,
  transformPoint,
  inverseSymmetry,
  canonicalHash,
  canonicalHashOfText,
  createHasher,
  defaultHasher,
  defaultZobristTable,
  generateZobristTable,
  zobristHash,
  zobristCodeHex,
  symmetryCount,
} from '../../../src/codecs/go';
import { unwrap } from '../../../src/codecs/result';

const board9 = (stones: [number, number, '#' | 'O'][]): string => {
  const cells = Array(81).fill('.');
  for (const [r, c, s] of stones) cells[r * 9 + c] = s;
  return cells.join('');
};

// The published opening records in notes/go.md section 3 (row, col from the top-left).
const published: [string, string][] = [
  ['31846ceb8015dc92', board9([[3, 3, '#']])],
  ['161229a425c1a6ab', board9([[3, 3, '#'], [2, 6, 'O']])],
  ['0f6dba75177f4751', board9([[3, 3, '#'], [2, 6, 'O'], [5, 5, '#']])],
  ['c26fdb58178900b1', board9([[3, 3, '#'], [2, 6, 'O'], [5, 5, '#'], [6, 2, 'O']])],
  ['56a292a15dcb1e4b', board9([[3, 3, '#'], [2, 6, 'O'], [5, 5, '#'], [6, 2, 'O'], [5, 2, '#']])],
];

const boardArb = (size: number) =>
  fc.array(fc.constantFrom('#', 'O', '.', '.'), { minLength: size * size, maxLength: size * size }).map((a) => unwrap(parseBoard(a.join(''), size)));

describe('symmetry numbering', () => {
  it('numbers bit 0 flip rows, bit 1 flip columns, bit 2 transpose, applied in that order', () => {
    // Point (row 1, col 2) of a 9x9 board.
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((s) => transformPoint(s, 1, 2, 9, 9))).toEqual([
      [1, 2],
      [7, 2],
      [1, 6],
      [7, 6],
      [2, 1],
      [2, 7],
      [6, 1],
      [6, 7],
    ]);
  });

  it('inverts 5 and 6 into each other and every other symmetry into itself', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(inverseSymmetry)).toEqual([0, 1, 2, 3, 4, 6, 5, 7]);
  });

  it('undoes every symmetry with its inverse, on any board', () => {
    fc.assert(
      fc.property(boardArb(9), fc.integer({ min: 0, max: 7 }), (b, s) => {
        expect(boardsEqual(transformBoard(transformBoard(b, s), inverseSymmetry(s)), b)).toBe(true);
      }),
    );
  });

  it('uses 8 symmetries on square boards and 4 on others', () => {
    expect(symmetryCount(9, 9)).toBe(8);
    expect(symmetryCount(9, 13)).toBe(4);
  });
});

describe('canonical hash', () => {
  const hasher = defaultHasher();

  it('hashes the empty board to 0 with rotation 0', () => {
    expect(unwrap(canonicalHashOfText('.'.repeat(81)))).toEqual({ hash: '0000000000000000', rotation: 0, inverse: 0 });
  });

  it('hashes one stone to the lowest of the codes of its images', () => {
    const t = defaultZobristTable();
    const images = [30, 48, 32, 50].map((p) => zobristCodeHex(t, p, 0)); // (3,3), (5,3), (3,5), (5,5)
    expect(unwrap(canonicalHashOfText(published[0][1])).hash).toBe(images.sort()[0]);
  });

  it('gives the plain Zobrist hash (XOR of codes) for the identity image', () => {
    const t = defaultZobristTable();
    const b = unwrap(parseBoard(board9([[0, 0, '#'], [0, 1, 'O']])));
    const a = BigInt('0x' + zobristCodeHex(t, 0, 0));
    const w = BigInt('0x' + zobristCodeHex(t, 1, 1));
    expect(zobristHash(hasher, b.cells)).toBe((a ^ w).toString(16).padStart(16, '0'));
  });

  it('does not depend on who is to play or on the ko column', () => {
    const t = defaultZobristTable();
    const noKo = { points: 81, hi: t.hi.slice(), lo: t.lo.slice() };
    for (let p = 0; p < 81; p++) noKo.hi[p * 3 + 2] = noKo.lo[p * 3 + 2] = 0;
    const h2 = unwrap(createHasher(noKo));
    const b = unwrap(parseBoard(published[4][1]));
    expect(canonicalHash(h2, b)).toEqual(canonicalHash(hasher, b));
  });

  it('gives all 8 images the same hash; the rotation maps each onto the canonical image and the inverse back', () => {
    fc.assert(
      fc.property(boardArb(9), (b) => {
        const base = canonicalHash(hasher, b);
        const canonicalImage = transformBoard(b, base.rotation);
        expect(zobristHash(hasher, canonicalImage.cells)).toBe(base.hash);
        expect(boardsEqual(transformBoard(canonicalImage, base.inverse), b)).toBe(true);
        for (let s = 0; s < 8; s++) {
          const img = transformBoard(b, s);
          const h = canonicalHash(hasher, img);
          expect(h.hash).toBe(base.hash);
          expect(boardsEqual(transformBoard(img, h.rotation), canonicalImage)).toBe(true);
        }
      }),
    );
  });

  it('is the unsigned minimum over the 8 images, smallest index on ties', () => {
    fc.assert(
      fc.property(boardArb(9), (b) => {
        const all = [0, 1, 2, 3, 4, 5, 6, 7].map((s) => zobristHash(hasher, b.cells, s));
        const min = [...all].sort()[0];
        const r = canonicalHash(hasher, b);
        expect(r.hash).toBe(min);
        expect(r.rotation).toBe(all.indexOf(min));
      }),
    );
  });

  it('works the same on 19x19 and on non-square boards (4 symmetries)', () => {
    const h19 = defaultHasher(19);
    fc.assert(
      fc.property(boardArb(19), fc.integer({ min: 0, max: 7 }), (b, s) => {
        expect(canonicalHash(h19, transformBoard(b, s)).hash).toBe(canonicalHash(h19, b).hash);
      }),
      { numRuns: 30 },
    );
    const h = defaultHasher(5, 3);
    const b: GoBoard = { width: 5, height: 3, cells: Uint8Array.from([1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]) };
    for (let s = 0; s < 4; s++) expect(canonicalHash(h, transformBoard(b, s)).hash).toBe(canonicalHash(h, b).hash);
  });

  it('keeps the orbit sizes of the published positions (4, 8, 4, 2, 8 distinct images)', () => {
    const orbit = (text: string) => new Set([0, 1, 2, 3, 4, 5, 6, 7].map((s) => boardToString(transformBoard(unwrap(parseBoard(text)), s)))).size;
    expect(published.map(([, b]) => orbit(b))).toEqual([4, 8, 4, 2, 8]);
  });

  it('finds position 4 (symmetric about both diagonals) from any orientation with the same rotation class', () => {
    const b = unwrap(parseBoard(published[3][1]));
    const hashes = new Set([0, 1, 2, 3, 4, 5, 6, 7].map((s) => canonicalHash(hasher, transformBoard(b, s)).hash));
    expect(hashes.size).toBe(1);
    expect(transformBoard(b, 4)).toEqual(b); // transpose fixes it
  });

  it('uses whatever table is loaded', () => {
    const other = unwrap(createHasher(generateZobristTable(81, 1n)));
    const b = unwrap(parseBoard(published[0][1]));
    expect(canonicalHash(other, b).hash).not.toBe(canonicalHash(hasher, b).hash);
  });

  it('rejects a board of the wrong length or with other characters, with the offset', () => {
    const short = canonicalHashOfText('.'.repeat(80));
    expect(short.ok ? null : short.error).toMatchObject({ code: 'ERR_GO_BOARD_LENGTH', offset: 80 });
    const bad = canonicalHashOfText('.'.repeat(40) + 'x' + '.'.repeat(40));
    expect(bad.ok ? null : bad.error).toMatchObject({ code: 'ERR_GO_BOARD_CHAR', offset: 40 });
  });

  it('rejects a table whose size does not match the board', () => {
    const r = createHasher(defaultZobristTable(), 19);
    expect(r.ok ? null : r.error.code).toBe('ERR_GO_ZOBRIST_SIZE');
  });
});
