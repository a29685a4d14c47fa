import { STANDARD_FEN, printFen, makeMove, parseFen, polyglotKey } from '../../../src/codecs/chess';
import { fenPos, uciMove } from './helpers';

describe('FEN', () => {
  it('writes back the start position unchanged', () => {
    expect(printFen(fenPos(STANDARD_FEN))).toBe(STANDARD_FEN);
  });

  it('reads X-FEN KQkq in Chess960 as the outermost rooks and writes KQkq back', () => {
    const fen = 'nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1';
    const pos = fenPos(fen);
    expect(Array.from(pos.rooks)).toEqual([0x06, 0x03, 0x76, 0x73]);
    expect(printFen(pos)).toBe(fen);
  });

  it('writes Shredder castling letters on request', () => {
    expect(printFen(fenPos(STANDARD_FEN), { shredder: true })).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1');
  });

  it('writes a file letter for an inner castling rook', () => {
    const fen = '4k3/8/8/8/8/8/8/R1R1K3 w C - 0 1';
    expect(printFen(fenPos(fen))).toBe(fen);
  });

  it('omits the en passant square when no pawn can capture there', () => {
    const pos = fenPos(STANDARD_FEN);
    makeMove(pos, uciMove(pos, 'e2e4'));
    expect(printFen(pos)).toBe('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
  });

  it('accepts a FEN without counters', () => {
    const r = parseFen('4k3/8/8/8/8/8/8/4K3 w - -');
    expect(r.ok && printFen(r.value)).toBe('4k3/8/8/8/8/8/8/4K3 w - - 0 1');
  });

  it.each([
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1', 'ERR_FEN_BOARD', 'board'],
    ['rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'ERR_FEN_BOARD', 'board'],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1', 'ERR_FEN_TURN', 'turn'],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1', 'ERR_FEN_CASTLING', 'castling'],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1', 'ERR_FEN_EP', 'ep'],
    ['rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1', 'ERR_FEN_KINGS', 'board'],
    ['4k3/8/8/8/8/8/8/4KP2 w - - 0 1', 'ERR_FEN_PAWNS', 'board'],
    ['4k3/8/8/8/8/8/8/4K3 w - - x 1', 'ERR_FEN_HALFMOVE', 'halfmove'],
    ['8/8', 'ERR_FEN_FIELDS', 'fen'],
  ])('rejects %s with %s', (fen, code, field) => {
    const r = parseFen(fen);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe(code);
      expect(r.error.field).toBe(field);
    }
  });

  it('locates the bad character by column', () => {
    const r = parseFen('rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    expect(!r.ok && [r.error.column, r.error.offset]).toEqual([14, 13]);
  });
});

// Vectors from notes/chess.md section 3.2 (python-chess test_polyglot).
describe('Polyglot keys', () => {
  const vectors: [string, string, string][] = [
    ['', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', '463b96181691fc9c'],
    ['e2e4', 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1', '823c9b50fd114196'],
    ['e2e4 d7d5', 'rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2', '0756b94461c50fb0'],
    ['e2e4 d7d5 e4e5', 'rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2', '662fafb965db29d4'],
    ['e2e4 d7d5 e4e5 f7f5', 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3', '22a48b5a8e47ff78'],
    ['e2e4 d7d5 e4e5 f7f5 e1e2', 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3', '652a607ca3f242c1'],
    ['e2e4 d7d5 e4e5 f7f5 e1e2 e8f7', 'rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4', '00fdd303c946bdd9'],
    ['a2a4 b7b5 h2h4 b5b4 c2c4', 'rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3', '3c8123ea7b067637'],
    ['a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3', 'rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4', '5c3f9b829b279560'],
  ];
  it.each(vectors)('moves "%s": key of the FEN is the vector', (_moves, fen, key) => {
    expect(polyglotKey(fenPos(fen))).toBe(key);
  });
  it.each(vectors)('moves "%s": key after playing the moves is the vector', (moves, _fen, key) => {
    const pos = fenPos(STANDARD_FEN);
    for (const u of moves.split(' ').filter(Boolean)) makeMove(pos, uciMove(pos, u));
    expect(polyglotKey(pos)).toBe(key);
  });
});
