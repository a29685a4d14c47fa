/** Go diagrams: a stored board (or none), the stone of the last move, a canonical image. */
import { goBoardSize, goPositionDiagram, movePoint, squareBoardDiagram } from '../../../src/games/go/diagram';
import { go } from '../../../src/games/go';
import { checkDocument, select, titleAndDesc } from '../../render/xml';

const OPTIONS = { size: 200, orientation: null };
/** E5 (row 4, col 4) black, C7 (row 2, col 2) white. */
const BOARD = '.'.repeat(20) + 'O' + '.'.repeat(19) + '#' + '.'.repeat(40);

describe('goBoardSize', () => {
  test('reads width and height from the data, 9x9 when it has none', () => {
    expect(goBoardSize({ width: 19, height: 13 })).toEqual({ width: 19, height: 13 });
    expect(goBoardSize(null)).toEqual({ width: 9, height: 9 });
    expect(goBoardSize({ extra: {} })).toEqual({ width: 9, height: 9 });
  });
});

describe('movePoint', () => {
  test('reads the point of a move as plies write it, row from the top', () => {
    expect(movePoint('B[dc]', 9, 9)).toEqual({ row: 2, col: 3 });
    expect(movePoint('W[aA]', 52, 52)).toEqual({ row: 26, col: 0 });
  });

  test('a pass is no point: empty, or tt up to 19x19 (a point beyond)', () => {
    expect(movePoint('W[]', 9, 9)).toBeNull();
    expect(movePoint('B[tt]', 19, 19)).toBeNull();
    expect(movePoint('B[tt]', 21, 21)).toEqual({ row: 19, col: 19 });
  });

  test('a point off the board, or a text that is no move, is none', () => {
    expect(movePoint('B[jj]', 9, 9)).toBeNull();
    expect(movePoint('B[dd', 9, 9)).toBeNull();
    expect(movePoint('X[dd]', 9, 9)).toBeNull();
    expect(movePoint('B[ddd]', 9, 9)).toBeNull();
  });
});

describe('goPositionDiagram', () => {
  test('draws the stored board, its side to play in the title', () => {
    const root = checkDocument(goPositionDiagram({ key: 'k', board: BOARD, sideToMove: 'W', data: null }, OPTIONS));
    expect(root.attrs.width).toBe('200');
    expect(select(root, 'circle', 'stone', 'black')).toHaveLength(1);
    expect(select(root, 'circle', 'stone', 'white')).toHaveLength(1);
    expect(titleAndDesc(root).title).toBe('Go position, 9x9, White to play');
  });

  test('marks the stone of the move that reached it', () => {
    const root = checkDocument(goPositionDiagram({ key: 'k', board: BOARD, sideToMove: 'W' }, OPTIONS, { move: 'B[ee]', before: null }));
    const [ring] = select(root, 'circle', 'last-move');
    expect(ring.attrs.cx).toBe(select(root, 'circle', 'stone', 'black')[0].attrs.cx);
    expect(titleAndDesc(root).desc).toContain('Last move: E5.');
  });

  test('draws a position with no board stored as an empty board marked so, Black to play by default', () => {
    const root = checkDocument(goPositionDiagram({ key: '0123456789abcdef0042', board: '' }, OPTIONS));
    expect(select(root, 'g', 'unknown-board')).toHaveLength(1);
    expect(titleAndDesc(root).title).toBe('Go position 0123456789abcdef0042, 9x9, Black to play, board not stored');
  });

  test('is the Go module\'s diagram', () => {
    const p = { key: 'k', board: BOARD, sideToMove: 'B', data: { width: 9, height: 9 } };
    expect(go.diagram(p, OPTIONS, { move: 'W[cc]', before: null })).toBe(goPositionDiagram(p, OPTIONS, { move: 'W[cc]', before: null }));
  });

  test('refuses a board that does not read at its size', () => {
    expect(() => goPositionDiagram({ key: 'k', board: BOARD, data: { width: 19, height: 19 } }, OPTIONS)).toThrow(/Go position k does not decode/);
  });
});

describe('squareBoardDiagram', () => {
  test('draws a square board of any size, no side to play', () => {
    const root = checkDocument(squareBoardDiagram('#' + '.'.repeat(167) + 'O', OPTIONS));
    expect(titleAndDesc(root).title).toBe('Go position, 13x13');
    expect(select(root, 'circle', 'stone')).toHaveLength(2);
  });

  test('refuses a text that is no square board', () => {
    expect(() => squareBoardDiagram('.'.repeat(80), OPTIONS)).toThrow(/canonical board does not parse/);
    expect(() => squareBoardDiagram('.'.repeat(80) + 'x', OPTIONS)).toThrow(/canonical board does not parse/);
  });
});
