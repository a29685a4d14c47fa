import { CgpPosition, SUPER_CROSSWORD_GAME, parseCgp, tilesOnBoard } from '../../src/codecs/crossword';
import { CROSSWORD_LEFT, CROSSWORD_SQUARE, CROSSWORD_TOP, crosswordSvg } from '../../src/render';
import { XmlElement, checkDocument, select, textContent, titleAndDesc } from './xml';

const EMPTY15 = '15/15/15/15/15/15/15/15/15/15/15/15/15/15/15';
const MAVEN =
  '5BERGS5/4PA3U5/2QAID3R5/3BEE3F2S2/1P1ET2VIATIC2/MA1TAW3c2H2/ES3IS2E2A2/AT1FOLIA4V2/LI1L1EX1E6/1N1O1D2N2Y3/1GNU2C1JETE3/2ER2OHO2N3/2O3GOY6/1INDOW1U7/4DORR7 IKLMTZ/AEINRU? 312/298 0 lex OSPD1; lm 8D.FOLIA;';

const parse = (s: string, options: Parameters<typeof parseCgp>[1] = {}): CgpPosition => {
  const r = parseCgp(s, options);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

const count = (root: XmlElement, kind: string): number => select(root, 'rect', 'premium', kind).length;
const squareOf = (g: XmlElement): { row: number; col: number } => {
  const r = g.children[0];
  return {
    col: Math.round((Number(r.attrs.x) - 1.5 - CROSSWORD_LEFT) / CROSSWORD_SQUARE),
    row: Math.round((Number(r.attrs.y) - 1.5 - CROSSWORD_TOP) / CROSSWORD_SQUARE),
  };
};

describe('crosswordSvg', () => {
  test('empty 15x15 board: premium squares by kind, a starred centre, no tiles', () => {
    const root = checkDocument(crosswordSvg(parse(`${EMPTY15} / 0/0 0`)));
    expect(count(root, 'tw')).toBe(8);
    expect(count(root, 'dw')).toBe(17);
    expect(count(root, 'tl')).toBe(12);
    expect(count(root, 'dl')).toBe(24);
    expect(count(root, 'qw') + count(root, 'ql')).toBe(0);
    const tw = select(root, 'rect', 'premium', 'tw')[0];
    expect([tw.attrs.x, tw.attrs.y, tw.attrs.fill]).toEqual([String(CROSSWORD_LEFT), String(CROSSWORD_TOP), '#d6544b']);
    expect(select(root, 'polygon', 'start')).toHaveLength(1);
    expect(select(root, 'g', 'tile')).toHaveLength(0);
    // Labels on every premium square but the start square.
    expect(select(root, 'g', 'premium-labels')[0].children).toHaveLength(8 + 17 + 12 + 24 - 1);
    const { title, desc } = titleAndDesc(root);
    expect(title).toBe('Crossword position, 15x15, scores 0–0');
    expect(desc).toContain('8 triple word, 17 double word, 12 triple letter, 24 double letter squares');
    expect(desc).toContain('0 tiles on the board.');
    expect(desc).toContain('100 tiles unseen.');
    expect(desc).toContain('Player to move: 0 points, rack unknown.');
  });

  test('21x21 board: quadruple squares too, counts match the layout', () => {
    const s21 = Array(21).fill('21');
    s21[10] = '8QUIZ9';
    const pos = parse(`${s21.join('/')} AB?/ 50/0 0`, { board: 'SuperCrosswordGame', distribution: 'english_super' });
    const root = checkDocument(crosswordSvg(pos));
    const expected: Record<string, number> = { qw: 0, tw: 0, dw: 0, ql: 0, tl: 0, dl: 0 };
    const legend: Record<string, string> = { '~': 'qw', '=': 'tw', '-': 'dw', '^': 'ql', '"': 'tl', "'": 'dl' };
    for (const row of SUPER_CROSSWORD_GAME.premiumRows) for (const ch of row) if (legend[ch]) expected[legend[ch]]++;
    for (const k of Object.keys(expected)) expect(count(root, k)).toBe(expected[k]);
    expect(expected.qw).toBe(4);
    expect(expected.ql).toBeGreaterThan(0);
    const board = select(root, 'g', 'tiles')[0].children;
    expect(board.map((t) => textContent(t))).toEqual(['Q10', 'U1', 'I1', 'Z10']);
    expect(squareOf(board[0])).toEqual({ row: 10, col: 8 });
    // Rack AB? (blank undesignated: an empty blank tile) and an unknown rack.
    const racks = select(root, 'g', 'rack');
    expect(racks.map((t) => textContent(t))).toEqual(['A1', 'B3', '']);
    expect(racks[2].attrs.class).toBe('tile blank rack');
    expect(textContent(select(root, 'g', 'racks')[0])).toContain('rack unknown');
    expect(titleAndDesc(root).title).toBe('Crossword position, 21x21, scores 50–0');
    expect(titleAndDesc(root).desc).toContain('Words: 11I QUIZ.');
  });

  test('a game in progress: tiles with letters and points, a blank marked, racks, last move', () => {
    const pos = parse(MAVEN);
    const root = checkDocument(crosswordSvg(pos));
    const boardTiles = select(root, 'g', 'tiles')[0].children;
    expect(boardTiles).toHaveLength(tilesOnBoard(pos));
    // The blank: lower case, no point value, its own class.
    const blanks = boardTiles.filter((t) => t.attrs.class.split(' ').includes('blank'));
    expect(blanks).toHaveLength(1);
    expect(squareOf(blanks[0])).toEqual({ row: 5, col: 9 });
    expect(select(blanks[0], 'text', 'letter')[0].text).toBe('c');
    expect(select(blanks[0], 'text', 'points')).toHaveLength(0);
    // A normal tile: letter and value.
    const q = boardTiles.find((t) => select(t, 'text', 'letter')[0].text === 'Q');
    expect(q && select(q, 'text', 'points')[0].text).toBe('10');
    expect(q && squareOf(q)).toEqual({ row: 2, col: 2 });
    // Premium squares are still all drawn (under the tiles) but labelled only where empty.
    expect(count(root, 'tw')).toBe(8);
    expect(select(root, 'g', 'premium-labels')[0].children.length).toBeLessThan(60);
    expect(select(root, 'polygon', 'start')).toHaveLength(0); // the centre is covered
    // Racks: 6 + 7 tiles, the blank among them.
    const racks = select(root, 'g', 'rack');
    expect(racks.map((t) => textContent(t)).join(' ')).toBe('I1 K5 L1 M3 T1 Z10 A1 E1 I1 N1 R1 U1 ');
    expect(select(root, 'g', 'rack', 'blank')).toHaveLength(1);
    // Last move FOLIA at 8D: five outlined squares.
    expect(select(root, 'g', 'last-move-outline')[0].children).toHaveLength(5);
    expect(select(root, 'g', 'tile', 'last-move').map((t) => select(t, 'text', 'letter')[0].text).join('')).toBe('FOLIA');
    const { title, desc } = titleAndDesc(root);
    expect(title).toBe('Crossword position, 15x15, scores 312–298');
    expect(desc).toContain('lexicon OSPD1');
    expect(desc).toContain(`${tilesOnBoard(pos)} tiles on the board, 1 blank.`);
    expect(desc).toContain('1F BERGS');
    expect(desc).toContain('J1 SURFAcE'); // the blank reads lower case in the words too
    expect(desc).toContain('Player to move: 312 points, rack IKLMTZ.');
    expect(desc).toContain('Opponent: 298 points, rack AEINRU?.');
    expect(desc).toContain('Last move: 8D.FOLIA.');
  });

  test('options: size, no racks, no coordinates; deterministic', () => {
    const pos = parse(MAVEN);
    const root = checkDocument(crosswordSvg(pos, { size: 600 }));
    const [, , vw, vh] = root.attrs.viewBox.split(' ').map(Number);
    expect(root.attrs.width).toBe('600');
    expect(Number(root.attrs.height)).toBeCloseTo((600 * vh) / vw, 2);
    expect(vh).toBeGreaterThan(vw); // racks below the board
    const bare = checkDocument(crosswordSvg(pos, { racks: false, coordinates: false }));
    expect(select(bare, 'g', 'racks')).toHaveLength(0);
    expect(select(bare, 'g', 'coordinates')).toHaveLength(0);
    const [, , bw, bh] = bare.attrs.viewBox.split(' ').map(Number);
    expect(bw).toBe(bh);
    expect(crosswordSvg(pos)).toBe(crosswordSvg(parse(MAVEN)));
  });
});
