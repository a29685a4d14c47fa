import { STANDARD_FEN, isCheck, legalMoves, makeMove, perft, positionStatus, moveToUci } from '../../../src/codecs/chess';
import { fenPos, uciMove } from './helpers';

// Positions and counts from https://www.chessprogramming.org/Perft_Results
describe('perft', () => {
  const cases: [string, string, number, number][] = [
    ['start position', STANDARD_FEN, 4, 197281],
    ['kiwipete', 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', 3, 97862],
    ['position 3 (en passant, rook endgame)', '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1', 5, 674624],
    ['position 4 (promotions, castling under attack)', 'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1', 4, 422333],
    ['position 5', 'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8', 3, 62379],
    ['position 6', 'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10', 3, 89890],
    ['Chess960 position 1 (Shredder castling HFhf)', 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9', 4, 326672],
    ['Chess960 position 2 (Shredder castling HEhe)', '2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9', 3, 18002],
  ];
  it.each(cases)('%s', (_name, fen, depth, nodes) => {
    expect(perft(fenPos(fen), depth)).toBe(nodes);
  });

  it('counts each depth of the start position from 1 to 3', () => {
    const pos = fenPos(STANDARD_FEN);
    expect([1, 2, 3].map((d) => perft(pos, d))).toEqual([20, 400, 8902]);
  });
});

describe('rules', () => {
  it('finds checkmate after the fool\'s mate', () => {
    const pos = fenPos(STANDARD_FEN);
    for (const u of ['f2f3', 'e7e5', 'g2g4', 'd8h4']) makeMove(pos, uciMove(pos, u));
    expect(isCheck(pos)).toBe(true);
    expect(positionStatus(pos)).toBe('checkmate');
  });

  it('finds stalemate', () => {
    expect(positionStatus(fenPos('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'))).toBe('stalemate');
  });

  it('allows en passant only right after the double step', () => {
    const pos = fenPos('4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1');
    makeMove(pos, uciMove(pos, 'd7d5'));
    expect(legalMoves(pos).map((m) => moveToUci(pos, m))).toContain('e5d6');
    makeMove(pos, uciMove(pos, 'e1e2'));
    makeMove(pos, uciMove(pos, 'e8e7'));
    expect(legalMoves(pos).map((m) => moveToUci(pos, m))).not.toContain('e5d6');
  });

  it('forbids en passant that exposes the king on the rank', () => {
    const pos = fenPos('8/8/8/K2pP2r/8/8/8/7k w - d6 0 1');
    expect(legalMoves(pos).map((m) => moveToUci(pos, m))).not.toContain('e5d6');
  });

  it('forbids castling through an attacked square', () => {
    const pos = fenPos('4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1');
    const ucis = legalMoves(pos).map((m) => moveToUci(pos, m));
    expect(ucis).not.toContain('e1g1');
    expect(ucis).toContain('e1c1');
  });

  it('castles in Chess960 with the king moving onto the rook\'s square', () => {
    const pos = fenPos('bqnbrkrn/pppppppp/8/8/8/8/PPPPPP1P/BQNBRKRN w GEge - 0 1');
    const m = legalMoves(pos).find((x) => moveToUci(pos, x, true) === 'f1g1');
    expect(m).toBeDefined();
    makeMove(pos, m as number);
    expect(pos.board[0x06]).toBe(6); // white king on g1
    expect(pos.board[0x05]).toBe(4); // white rook on f1
  });

  it('generates all four promotions', () => {
    const pos = fenPos('8/P6k/8/8/8/8/8/K7 w - - 0 1');
    expect(legalMoves(pos).map((m) => moveToUci(pos, m)).filter((u) => u.startsWith('a7a8')).sort())
      .toEqual(['a7a8b', 'a7a8n', 'a7a8q', 'a7a8r']);
  });
});
