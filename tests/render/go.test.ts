import { emptyBoard, parseBoard } from '../../src/codecs/go/board';
import { GO_CELL, GO_MARGIN, goPointName, goStarPoints, goSvg } from '../../src/render';
import { checkDocument, select, titleAndDesc } from './xml';

const at = (col: number, row: number, margin = GO_MARGIN): { cx: string; cy: string } => ({
  cx: String(margin + col * GO_CELL),
  cy: String(margin + row * GO_CELL),
});

describe('goSvg', () => {
  // C7 black (row 2, col 2), E5 black (row 4, col 4), G3 white (row 6, col 6).
  const board = emptyBoard(9);
  board.cells[2 * 9 + 2] = 1;
  board.cells[4 * 9 + 4] = 1;
  board.cells[6 * 9 + 6] = 2;

  test('a 9x9 board with 3 stones has exactly those stones, with the right fills and places', () => {
    const root = checkDocument(goSvg({ ...board, toPlay: 'W' }));
    const stones = select(root, 'circle', 'stone');
    expect(stones).toHaveLength(3);
    const seen = stones.map((s) => ({ colour: s.attrs.class, fill: s.attrs.fill, cx: s.attrs.cx, cy: s.attrs.cy }));
    expect(seen).toEqual([
      { colour: 'stone black', fill: '#111111', ...at(2, 2) },
      { colour: 'stone black', fill: '#111111', ...at(4, 4) },
      { colour: 'stone white', fill: '#fafafa', ...at(6, 6) },
    ]);
    // Every stone is outlined.
    for (const s of stones) expect(s.attrs.stroke).toBeDefined();
    const { title, desc } = titleAndDesc(root);
    expect(title).toBe('Go position, 9x9, White to play');
    expect(desc).toContain('3 stones on the board: 2 black, 1 white.');
    expect(desc).toContain('Black: C7 and E5.');
    expect(desc).toContain('White: G3.');
    expect(desc).toContain('White to play.');
  });

  test('takes a GoBoard straight from the codec', () => {
    const parsed = parseBoard('#'.repeat(1) + '.'.repeat(79) + 'O');
    if (!parsed.ok) throw new Error('parse');
    const root = checkDocument(goSvg({ ...parsed.value, toPlay: 'B' }));
    expect(select(root, 'circle', 'stone', 'black').map((s) => [s.attrs.cx, s.attrs.cy])).toEqual([[at(0, 0).cx, at(0, 0).cy]]);
    expect(select(root, 'circle', 'stone', 'white').map((s) => [s.attrs.cx, s.attrs.cy])).toEqual([[at(8, 8).cx, at(8, 8).cy]]);
    expect(titleAndDesc(root).title).toBe('Go position, 9x9, Black to play');
  });

  test('star points: 5 on 9x9 and 13x13, 9 on 19x19, at the usual places', () => {
    expect(goStarPoints(9, 9).map((p) => goPointName(p, 9, 9))).toEqual(['C7', 'G7', 'E5', 'C3', 'G3']);
    expect(goStarPoints(13, 13).map((p) => goPointName(p, 13, 13))).toEqual(['D10', 'K10', 'G7', 'D4', 'K4']);
    expect(goStarPoints(19, 19).map((p) => goPointName(p, 19, 19))).toEqual(['D16', 'K16', 'Q16', 'D10', 'K10', 'Q10', 'D4', 'K4', 'Q4']);
    expect(goStarPoints(5, 5)).toEqual([]);
    for (const [n, count] of [[9, 5], [13, 5], [19, 9]] as const) {
      const root = checkDocument(goSvg(emptyBoard(n)));
      const hoshi = select(root, 'g', 'hoshi')[0].children;
      expect(hoshi).toHaveLength(count);
      expect(select(root, 'circle', 'stone')).toHaveLength(0);
    }
    const root19 = checkDocument(goSvg(emptyBoard(19)));
    const centre = at(9, 9);
    expect(select(root19, 'g', 'hoshi')[0].children.some((c) => c.attrs.cx === centre.cx && c.attrs.cy === centre.cy)).toBe(true);
    expect(titleAndDesc(root19).desc).toContain('The board is empty.');
  });

  test('coordinates: columns skip I, rows count from the bottom; can be turned off', () => {
    const root = checkDocument(goSvg(emptyBoard(19)));
    const labels = select(root, 'g', 'coordinates')[0].children.map((c) => c.text);
    expect(labels).toContain('T');
    expect(labels).toContain('H');
    expect(labels).not.toContain('I');
    expect(labels).toContain('19');
    // Row 0 (top) is labelled 19.
    const top = select(root, 'g', 'coordinates')[0].children.find((c) => c.text === '19');
    expect(Number(top?.attrs.y)).toBeLessThan(GO_MARGIN + GO_CELL / 2);
    const bare = checkDocument(goSvg(board, { coordinates: false }));
    expect(select(bare, 'g', 'coordinates')).toHaveLength(0);
    expect(titleAndDesc(bare).desc).toContain('C7'); // the desc still names points
    expect(select(bare, 'circle', 'stone')[0].attrs.cx).toBe(at(2, 2, GO_CELL).cx);
  });

  test('last-move marker sits on the stone, in the contrasting colour', () => {
    const root = checkDocument(goSvg({ ...board, toPlay: 'W', lastMove: { row: 4, col: 4 } }));
    const marks = select(root, 'circle', 'last-move');
    expect(marks).toHaveLength(1);
    expect([marks[0].attrs.cx, marks[0].attrs.cy]).toEqual([at(4, 4).cx, at(4, 4).cy]);
    expect(marks[0].attrs.stroke).toBe('#ffffff');
    expect(titleAndDesc(root).desc).toContain('Last move: E5.');
    const onWhite = checkDocument(goSvg({ ...board, lastMove: { row: 6, col: 6 } }));
    expect(select(onWhite, 'circle', 'last-move')[0].attrs.stroke).toBe('#111111');
    expect(select(checkDocument(goSvg(board)), 'circle', 'last-move')).toHaveLength(0);
  });

  test('size sets width and height; rectangular boards keep their aspect ratio', () => {
    const root = checkDocument(goSvg(board, { size: 500 }));
    expect([root.attrs.width, root.attrs.height]).toEqual(['500', '500']);
    const wide = emptyBoard(13, 9);
    const r2 = checkDocument(goSvg(wide, { size: 400 }));
    const [, , vw, vh] = r2.attrs.viewBox.split(' ').map(Number);
    expect(vw).toBe(2 * GO_MARGIN + 12 * GO_CELL);
    expect(vh).toBe(2 * GO_MARGIN + 8 * GO_CELL);
    expect(Number(r2.attrs.width)).toBe(400);
    expect(Number(r2.attrs.height)).toBeCloseTo((400 * vh) / vw, 2);
    expect(checkDocument(goSvg(board)).attrs.width).toBe('360');
  });

  describe('a board that is not stored', () => {
    const notStored = { width: 9, height: 9, cells: new Uint8Array(81), toPlay: 'W' as const, notStored: { positionId: '0123456789abcdef0057' } };

    test('is an empty grid with "board not stored" across it, said in the title and description', () => {
      const root = checkDocument(goSvg(notStored));
      expect(select(root, 'circle', 'stone')).toHaveLength(0);
      const [note] = select(root, 'g', 'unknown-board');
      expect(note.children.map((e) => e.name)).toEqual(['rect', 'text']);
      expect(note.children[1].text).toBe('board not stored');
      const { title, desc } = titleAndDesc(root);
      expect(title).toBe('Go position 0123456789abcdef0057, 9x9, White to play, board not stored');
      expect(desc).toBe('The board of this position is not stored: it is known only from a score file, by its PositionID 0123456789abcdef0057. White to play.');
    });

    test('writes the note last, its numbers as JavaScript prints them (the bytes served before)', () => {
      expect(goSvg(notStored)).toMatch(
        /<g class="unknown-board"><rect x="27.36" y="95.75999999999999" width="173.28" height="36.480000000000004" rx="4" fill="#ffffff" fill-opacity="0.85"\/><text x="114" y="119" font-family="sans-serif" font-size="16" fill="#3b2a14" text-anchor="middle">board not stored<\/text><\/g><\/svg>$/,
      );
    });

    test('marks no last move, and refuses stones', () => {
      expect(select(checkDocument(goSvg({ ...notStored, lastMove: { row: 4, col: 4 } })), 'circle', 'last-move')).toHaveLength(0);
      const cells = new Uint8Array(81);
      cells[40] = 1;
      expect(() => goSvg({ ...notStored, cells })).toThrow(/not stored, yet cell 40 has a stone/);
    });
  });

  test('deterministic, and strict about its input', () => {
    const cells = new Uint8Array(361);
    for (let i = 0; i < 361; i += 7) cells[i] = 1 + (i % 2);
    const big = { width: 19, height: 19, cells, toPlay: 'B' as const, lastMove: { row: 0, col: 0 } };
    expect(goSvg(big)).toBe(goSvg({ ...big, cells: cells.slice() }));
    expect(select(checkDocument(goSvg(big)), 'circle', 'stone')).toHaveLength(Math.ceil(361 / 7));
    expect(() => goSvg({ width: 9, height: 9, cells: new Uint8Array(80) })).toThrow(RangeError);
    expect(() => goSvg({ width: 9, height: 9, cells: new Uint8Array(81).fill(3) })).toThrow(RangeError);
    expect(() => goSvg({ width: 0, height: 9, cells: [] })).toThrow(RangeError);
  });
});
