/**
 * The Pattern search tab's Go board as data (web/dashboard/goPattern.ts): what a click does to a
 * point, the pattern text a region is sent as for each anchor (written out by hand here, turned as
 * the anchor needs), and where a continuation in the pattern's frame lies on the board.
 */
import {
  type PatternBoard,
  type PatternOptions,
  type PointState,
  continuationPoint,
  emptyBoard,
  goPatternOf,
  nextPointState,
  regionOf,
  resized,
} from '../../web/dashboard/goPattern';

/** A board with `stones` set: [col, row, state], 0-based from the top left. */
const boardWith = (size: number, stones: [number, number, PointState][], region: PatternBoard['region'] = null): PatternBoard => {
  const b = emptyBoard(size);
  for (const [col, row, s] of stones) b.points[row * size + col] = s;
  return { ...b, region };
};

const options = (anchor: PatternOptions['anchor'], more: Partial<PatternOptions> = {}): PatternOptions => ({ anchor, either: false, thisSizeOnly: true, ...more });

/** The pattern text of a read that must succeed. */
const textOf = (board: PatternBoard, o: PatternOptions) => {
  const read = goPatternOf(board, o);
  if (!read.ok) throw new Error(read.message);
  return read;
};

describe('the Go pattern board', () => {
  it('a click steps a point through empty, black, white, anything, black or empty, white or empty, and back to empty', () => {
    const seen: PointState[] = ['.'];
    for (let i = 0; i < 6; i++) seen.push(nextPointState(seen[seen.length - 1]));
    expect(seen).toEqual(['.', 'X', 'O', '*', 'x', 'o', '.']);
  });

  it('sends a region in the top-left corner as it stands, with the corner anchor and the board size', () => {
    // The 19x19 board's top-left corner: black at (2,3), white at (3,2), anything at (0,0), black or empty at (4,1).
    const board = boardWith(19, [[2, 3, 'X'], [3, 2, 'O'], [0, 0, '*'], [4, 1, 'x']], regionOf([0, 0], [4, 3]));
    expect(textOf(board, options('corner')).json).toEqual({
      pattern: ['*....', '....x', '...O.', '..X..'].join('\n'),
      anchor: 'corner',
      colors: 'fixed',
      size: 19,
    });
  });

  it('turns a region in the bottom-right corner half a turn, so the corner it touches is the top left', () => {
    // 9x9, region columns 6..8, rows 5..8; black at (8,8) (the corner point), white at (6,5), `o` at (7,8).
    const board = boardWith(9, [[8, 8, 'X'], [6, 5, 'O'], [7, 8, 'o']], regionOf([8, 8], [6, 5]));
    // Read from the corner (8,8) leftwards and upwards.
    expect(textOf(board, options('corner')).json.pattern).toBe(['Xo.', '...', '...', '..O'].join('\n'));
  });

  it('mirrors a region in the top-right corner left to right', () => {
    const board = boardWith(13, [[12, 0, 'O'], [10, 1, 'X']], regionOf([10, 0], [12, 2]));
    expect(textOf(board, options('corner')).json.pattern).toBe(['O..', '..X', '...'].join('\n'));
  });

  it('refuses a corner anchor for a region that touches no corner, saying so', () => {
    const read = goPatternOf(boardWith(19, [], regionOf([0, 5], [4, 9])), options('corner'));
    expect(read).toEqual({ ok: false, message: expect.stringMatching(/^A corner pattern needs a region that touches a corner/) });
  });

  it('writes a side pattern on the left edge with that edge as its first row', () => {
    // Region: columns 0..1, rows 5..8 of a 19x19 board; black at (0,5), white at (1,8).
    const board = boardWith(19, [[0, 5, 'X'], [1, 8, 'O']], regionOf([0, 5], [1, 8]));
    const read = textOf(board, options('side'));
    // Pattern row k is board column k; pattern column j is board row 5 + j.
    expect(read.json.pattern).toBe(['X...', '...O'].join('\n'));
    expect(read.json.anchor).toBe('side');
  });

  it('writes a side pattern on the bottom edge with that edge as its first row', () => {
    const board = boardWith(9, [[3, 8, 'X'], [5, 7, 'O']], regionOf([3, 7], [5, 8]));
    expect(textOf(board, options('side')).json.pattern).toBe(['X..', '..O'].join('\n'));
  });

  it('refuses a side anchor for a region in the middle of the board', () => {
    const read = goPatternOf(boardWith(19, [], regionOf([3, 3], [6, 6])), options('side'));
    expect(read.ok).toBe(false);
  });

  it('sends a fixed anchor as the region\'s top-left point, the pattern as it stands', () => {
    const board = boardWith(19, [[10, 12, 'X'], [11, 13, 'O']], regionOf([11, 13], [10, 12]));
    expect(textOf(board, options('fixed')).json).toEqual({ pattern: 'X.\n.O', anchor: [10, 12], colors: 'fixed', size: 19 });
  });

  it('sends the whole board when no region is chosen, anywhere, colours either, without a size when every size is searched', () => {
    const board = boardWith(9, [[4, 4, 'X']]);
    const rows = Array.from({ length: 9 }, (_, r) => (r === 4 ? '....X....' : '.........'));
    expect(textOf(board, options('anywhere', { either: true, thisSizeOnly: false })).json).toEqual({ pattern: rows.join('\n'), anchor: 'anywhere', colors: 'either' });
  });

  it('keeps the points and the region that fit when the board size changes', () => {
    const board = boardWith(19, [[1, 1, 'X'], [15, 15, 'O']], regionOf([0, 0], [3, 3]));
    const small = resized(board, 9);
    expect(small.points.filter((p) => p !== '.')).toEqual(['X']);
    expect(small.points[1 * 9 + 1]).toBe('X');
    expect(small.region).toEqual(board.region);
    expect(resized(boardWith(19, [], regionOf([10, 10], [12, 12])), 9).region).toBeNull();
  });

  it('puts a continuation of a turned corner pattern back where it was played on the board', () => {
    // Bottom-right 4x4 corner of a 19x19 board: the pattern's (0,0) is the board's (18,18).
    const { frame } = textOf(boardWith(19, [], regionOf([15, 15], [18, 18])), options('corner'));
    // B[cd]: the pattern's third column, fourth row: board column 18 - 2, row 18 - 3.
    expect(continuationPoint(frame, 'B[cd]')).toEqual({ colour: 'B', col: 16, row: 15 });
    expect(continuationPoint(frame, 'W[aa]')).toEqual({ colour: 'W', col: 18, row: 18 });
  });

  it('puts a continuation of a side pattern on the right edge back on the board, rows and columns swapped', () => {
    // Region: columns 16..18, rows 2..6; the pattern's first row is board column 18, its columns run down rows 2..6.
    const { frame } = textOf(boardWith(19, [], regionOf([16, 2], [18, 6])), options('side'));
    expect([frame.width, frame.height]).toEqual([5, 3]);
    expect(continuationPoint(frame, 'W[db]')).toEqual({ colour: 'W', col: 17, row: 5 });
  });

  it('gives no point for a move outside the pattern or not a Go move', () => {
    const { frame } = textOf(boardWith(9, [], regionOf([0, 0], [2, 2])), options('corner'));
    expect(continuationPoint(frame, 'B[dd]')).toBeNull();
    expect(continuationPoint(frame, 'B[]')).toBeNull();
    expect(continuationPoint(frame, 'Nf3')).toBeNull();
  });
});
