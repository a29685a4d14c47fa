import { CHESS_MARGIN, CHESS_SQUARE, chessSvg, parseFenPlacement } from '../../src/render';
import { XmlElement, allElements, checkDocument, select, titleAndDesc } from './xml';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1';

const M = CHESS_MARGIN;
const S = CHESS_SQUARE;
/** Top-left corner of a square as drawn with White at the bottom. */
const corner = (sq: string, flipped = false): [number, number] => {
  const file = sq.charCodeAt(0) - 97;
  const rank = Number(sq[1]) - 1;
  return flipped ? [M + (7 - file) * S, M + rank * S] : [M + file * S, M + (7 - rank) * S];
};
const translateOf = (e: XmlElement): [number, number] => {
  const t = e.attrs.transform;
  const open = t.indexOf('(');
  const [x, y] = t.slice(open + 1, t.indexOf(')')).split(' ').map(Number);
  return [x, y];
};
const pieceAt = (root: XmlElement, sq: string, flipped = false): XmlElement | undefined => {
  const [x, y] = corner(sq, flipped);
  return select(root, 'g', 'piece').find((p) => {
    const [px, py] = translateOf(p);
    return px === x && py === y;
  });
};

describe('chessSvg', () => {
  test('start position: 32 pieces in their places, White to move', () => {
    const root = checkDocument(chessSvg(START));
    expect(select(root, 'g', 'piece')).toHaveLength(32);
    expect(select(root, 'g', 'piece', 'white')).toHaveLength(16);
    expect(select(root, 'g', 'piece', 'black')).toHaveLength(16);
    expect(select(root, 'g', 'piece', 'white', 'pawn')).toHaveLength(8);
    expect(select(root, 'g', 'piece', 'black', 'knight')).toHaveLength(2);
    expect(pieceAt(root, 'e1')?.attrs.class).toBe('piece white king');
    expect(pieceAt(root, 'd8')?.attrs.class).toBe('piece black queen');
    expect(pieceAt(root, 'a8')?.attrs.class).toBe('piece black rook');
    expect(pieceAt(root, 'e4')).toBeUndefined();
    // Side to move: a white disc at the bottom right.
    const turn = select(root, 'circle', 'turn');
    expect(turn).toHaveLength(1);
    expect(turn[0].attrs.class).toBe('turn white');
    expect(Number(turn[0].attrs.cy)).toBeGreaterThan(M + 4 * S);
    const { title, desc } = titleAndDesc(root);
    expect(title).toBe('Chess position, White to move');
    expect(desc).toContain('White to move.');
    expect(desc).toContain('White has 16 pieces: king on e1; queen on d1; rooks on a1 and h1;');
    expect(desc).toContain('Black has 16 pieces:');
    expect(desc).toContain('Castling rights: KQkq.');
    expect(select(root, 'rect', 'last-move')).toHaveLength(0);
  });

  test('pieces are font-free vector shapes', () => {
    const root = checkDocument(chessSvg(START));
    for (const p of select(root, 'g', 'piece')) {
      const names = allElements(p).map((e) => e.name);
      expect(names).not.toContain('text');
      expect(names.some((n) => n === 'path' || n === 'circle' || n === 'rect')).toBe(true);
    }
    // Six distinct drawings per colour.
    const shapes = new Set(select(root, 'g', 'piece', 'white').map((p) => p.children.map((c) => c.attrs.d ?? c.name).join('|')));
    expect(shapes.size).toBe(6);
  });

  test('last move: from and to squares highlighted', () => {
    const root = checkDocument(chessSvg(AFTER_E4, { lastMove: 'e2e4' }));
    const marks = select(root, 'rect', 'last-move');
    expect(marks.map((m) => [Number(m.attrs.x), Number(m.attrs.y)])).toEqual([corner('e2'), corner('e4')]);
    expect(pieceAt(root, 'e4')?.attrs.class).toBe('piece white pawn');
    const { title, desc } = titleAndDesc(root);
    expect(title).toBe('Chess position, Black to move');
    expect(desc).toContain('Last move: e2 to e4.');
    expect(desc).toContain('En passant square: e3.');
    // The object form and a promotion suffix work too; nonsense is ignored.
    expect(chessSvg(AFTER_E4, { lastMove: { from: 'e2', to: 'e4' } })).toBe(chessSvg(AFTER_E4, { lastMove: 'e2e4' }));
    expect(select(checkDocument(chessSvg(AFTER_E4, { lastMove: 'e7e8q' })), 'rect', 'last-move')).toHaveLength(2);
    expect(select(checkDocument(chessSvg(AFTER_E4, { lastMove: 'z9' })), 'rect', 'last-move')).toHaveLength(0);
  });

  test('orientation black puts Black at the bottom and flips the coordinates', () => {
    const root = checkDocument(chessSvg(AFTER_E4, { orientation: 'black', lastMove: 'e2e4' }));
    expect(pieceAt(root, 'e1', true)?.attrs.class).toBe('piece white king');
    expect(pieceAt(root, 'e8', true)?.attrs.class).toBe('piece black king');
    expect(corner('e1', true)).toEqual([M + 3 * S, M]);
    const labels = select(root, 'g', 'coordinates')[0].children;
    const files = labels.filter((l) => l.text >= 'a' && l.text <= 'h').sort((a, b) => Number(a.attrs.x) - Number(b.attrs.x));
    expect(files.map((l) => l.text).join('')).toBe('hgfedcba');
    const ranks = labels.filter((l) => l.text >= '1' && l.text <= '8').sort((a, b) => Number(a.attrs.y) - Number(b.attrs.y));
    expect(ranks.map((l) => l.text).join('')).toBe('12345678');
    // Black to move and Black at the bottom: the disc is at the bottom.
    const turn = select(root, 'circle', 'turn')[0];
    expect(turn.attrs.class).toBe('turn black');
    expect(Number(turn.attrs.cy)).toBeGreaterThan(M + 4 * S);
    expect(titleAndDesc(root).desc).toContain("seen from Black's side");
    // Same position, White at the bottom: Black's disc goes to the top.
    const white = checkDocument(chessSvg(AFTER_E4));
    expect(Number(select(white, 'circle', 'turn')[0].attrs.cy)).toBeLessThan(M + 4 * S);
  });

  test('a placement-only FEN works; no side to move means no disc', () => {
    const root = checkDocument(chessSvg('8/8/8/4k3/8/8/8/4K3'));
    expect(select(root, 'g', 'piece')).toHaveLength(2);
    expect(select(root, 'circle', 'turn')).toHaveLength(0);
    expect(titleAndDesc(root).title).toBe('Chess position');
    expect(titleAndDesc(root).desc).toContain('White has 1 piece: king on e1.');
  });

  test('parseFenPlacement', () => {
    const grid = parseFenPlacement(START);
    expect(grid?.[0].join('')).toBe('RNBQKBNR');
    expect(grid?.[7][4]).toBe('k');
    expect(grid?.[3].every((c) => c === null)).toBe(true);
    expect(parseFenPlacement('8/8/8/8/8/8/8')).toBeNull();
    expect(parseFenPlacement('9/8/8/8/8/8/8/8')).toBeNull();
    expect(parseFenPlacement('ppppppppp/8/8/8/8/8/8/8')).toBeNull();
    expect(parseFenPlacement('7x/8/8/8/8/8/8/8')).toBeNull();
    expect(parseFenPlacement('7/8/8/8/8/8/8/8')).toBeNull();
    expect(() => chessSvg('not a fen')).toThrow(RangeError);
  });

  test('size, coordinates off, determinism', () => {
    const root = checkDocument(chessSvg(START, { size: 256 }));
    expect([root.attrs.width, root.attrs.height]).toEqual(['256', '256']);
    expect(root.attrs.viewBox).toBe(`0 0 ${8 * S + 2 * M} ${8 * S + 2 * M}`);
    expect(select(checkDocument(chessSvg(START, { coordinates: false })), 'g', 'coordinates')).toHaveLength(0);
    expect(chessSvg(AFTER_E4, { lastMove: 'e2e4', orientation: 'black' })).toBe(chessSvg(AFTER_E4, { lastMove: 'e2e4', orientation: 'black' }));
  });
});
