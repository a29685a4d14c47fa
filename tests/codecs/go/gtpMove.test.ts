import { canonicalGtpMove, canonicalHash, defaultHasher, gtpPoint, parseBoard, transformBoard } from '../../../src/codecs/go';
import { unwrap } from '../../../src/codecs/result';

const EMPTY = '.'.repeat(81);
/** Row-major index of a point given as (row from the top, column). */
const at = (row: number, col: number) => row * 9 + col;

describe('GTP moves', () => {
  it('writes a point as a column letter without I and a row from the bottom', () => {
    expect(gtpPoint(8, 0, 9)).toBe('A1');
    expect(gtpPoint(0, 8, 9)).toBe('J9');
    expect(gtpPoint(4, 4, 9)).toBe('E5');
    expect(gtpPoint(3, 2, 19)).toBe('C16');
  });

  it('writes a pass as PASS', () => {
    expect(canonicalGtpMove(unwrap(parseBoard(EMPTY)), 0, null)).toBe('PASS');
  });

  it('shows the mirror images of a move on the empty board as the first of them in GTP order', () => {
    const empty = unwrap(parseBoard(EMPTY));
    // C3, C7, G3 and G7 reach the same canonical position: each is shown as C3.
    for (const point of [at(6, 2), at(2, 2), at(6, 6), at(2, 6)]) expect(canonicalGtpMove(empty, 0, point)).toBe('C3');
    // The 4-4 point and the centre stay apart.
    expect(canonicalGtpMove(empty, 0, at(5, 3))).toBe('D4');
    expect(canonicalGtpMove(empty, 0, at(4, 4))).toBe('E5');
  });

  it('writes a move where it lands on the canonical image of a board that is not symmetric', () => {
    // One black stone near a corner: each rotation of the board is canonicalised to the same image,
    // so the same relative move gets the same text whatever the orientation it was played in.
    const text = EMPTY.slice(0, at(2, 1)) + '#' + EMPTY.slice(at(2, 1) + 1);
    const board = unwrap(parseBoard(text));
    const hasher = defaultHasher();
    const texts = new Set<string>();
    for (let sym = 0; sym < 8; sym++) {
      const image = transformBoard(board, sym);
      const rotation = canonicalHash(hasher, image).rotation;
      // The move at (6, 6) of the original board, carried into this orientation.
      const cells = new Uint8Array(81);
      cells[at(6, 6)] = 1;
      const moved = transformBoard({ width: 9, height: 9, cells }, sym).cells.indexOf(1);
      texts.add(canonicalGtpMove(image, rotation, moved));
    }
    expect(texts.size).toBe(1);
  });
});
