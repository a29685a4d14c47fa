/** Chess diagrams: a FEN from either side, the last move's squares from its SAN. */
import { chessDiagram, chessOrientation, chessPositionDiagram, uciOfSan } from '../../../src/games/chess/diagram';
import { chess } from '../../../src/games/chess';
import { checkDocument, select, titleAndDesc } from '../../render/xml';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
const CASTLE = 'r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4';

describe('chessOrientation', () => {
  test('White by default, Black when asked, the side to move for TO_MOVE', () => {
    expect(chessOrientation(null, 'b')).toBe('white');
    expect(chessOrientation('WHITE', 'b')).toBe('white');
    expect(chessOrientation('BLACK', 'w')).toBe('black');
    expect(chessOrientation('TO_MOVE', 'b')).toBe('black');
    expect(chessOrientation('TO_MOVE', 'w')).toBe('white');
  });
});

describe('uciOfSan', () => {
  test('gives the squares of a SAN move, castling as the king move', () => {
    expect(uciOfSan(START, 'e4')).toBe('e2e4');
    expect(uciOfSan(CASTLE, 'O-O')).toBe('e1g1');
  });

  test('is null for a move that is not legal there, or a FEN that does not read', () => {
    expect(uciOfSan(START, 'e5')).toBeNull();
    expect(uciOfSan('not a fen', 'e4')).toBeNull();
  });
});

describe('chessDiagram', () => {
  test('draws the FEN at the size asked, from the side asked', () => {
    const root = checkDocument(chessDiagram(AFTER_E4, { size: 120, orientation: 'TO_MOVE' }));
    expect(root.attrs.width).toBe('120');
    expect(titleAndDesc(root).title).toBe('Chess position, Black to move');
    expect(titleAndDesc(root).desc).toContain("seen from Black's side");
  });

  test('refuses a FEN that does not read', () => {
    expect(() => chessDiagram('8/8/8 w - - 0 1', { size: 120, orientation: null })).toThrow(/chess diagram/);
  });
});

describe('chessPositionDiagram', () => {
  test('marks the last move, replayed from the board before', () => {
    const root = checkDocument(chessPositionDiagram({ key: 'k', board: AFTER_E4 }, { size: 120, orientation: null }, { move: 'e4', before: START }));
    expect(titleAndDesc(root).desc).toContain('Last move: e2 to e4.');
    expect(select(root, 'rect', 'last-move')).toHaveLength(2);
  });

  test('marks nothing when the board before is not known', () => {
    const root = checkDocument(chessPositionDiagram({ key: 'k', board: AFTER_E4 }, { size: 120, orientation: null }, { move: 'e4', before: null }));
    expect(select(root, 'rect', 'last-move')).toHaveLength(0);
  });

  test('is the chess module\'s diagram; chess answers the explorer\'s SAN fields', () => {
    const options = { size: 90, orientation: 'BLACK' as const };
    expect(chess.diagram({ key: 'k', board: START }, options)).toBe(chessDiagram(START, options));
    expect(chess.sanExplorer).toBe(true);
  });
});
