/**
 * Packed moves against the codec's replay: every main-line move packed from the UCI and SAN the
 * replay wrote, played on a plain board, must give back the same SAN and the same board as the
 * replay's FEN, ply after ply.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ReplayResult, packMove, packedFrom, packedSan, packedTo, parseFen, parsePgn, playPacked, replayGame, setStandardBoard } from '../../../src/codecs/chess';
import { sample, sampleNames } from '../../support/sampleData';

/** A FEN's board as 64 piece codes, a1 = 0. */
function boardOf(fen: string): Int8Array {
  const parsed = parseFen(fen);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const board = new Int8Array(64);
  for (let sq = 0; sq < 64; sq++) board[sq] = parsed.value.board[((sq >> 3) << 4) | (sq & 7)];
  return board;
}

/** Each main-line move of a game's replay: the SAN it wrote, the SAN written back from the packed move, and whether the boards after agree. */
function walked(r: ReplayResult): { san: string; back: string; board: boolean }[] {
  const board = boardOf(r.start.fen);
  const promoted = new Int8Array(1);
  return r.positions
    .filter((p) => p.path.length === 0)
    .map((p) => {
      const move = packMove(p.uci, p.san, p.turn === 'b');
      if (move === null) return { san: p.san, back: '(not packed)', board: false };
      const back = packedSan(board, move);
      playPacked(board, move, promoted);
      return { san: p.san, back, board: board.join(',') === boardOf(p.fen).join(',') };
    });
}

const replayOf = (text: string): ReplayResult[] =>
  parsePgn(text).flatMap((g) => {
    if (!g.ok) return [];
    const r = replayGame(g.value);
    return r.ok ? [r.value] : [];
  });

describe('packed chess moves', () => {
  it('give back the SAN and the board of every main-line move of the sample and fixture games', () => {
    const texts = [
      ...sampleNames('chess', '.pgn').map((name) => sample('chess', name).toString('latin1')),
      readFileSync(join(__dirname, '../../fixtures/chess/rated-games.pgn'), 'latin1'),
    ];
    let moves = 0;
    // Chess960 castles otherwise: its games keep no packed moves.
    for (const r of texts.flatMap(replayOf).filter((g) => !g.chess960)) {
      const line = walked(r);
      // A game with a null move keeps no packed moves: its moves are compared up to it.
      const upTo = line.findIndex((m) => m.san === '--');
      for (const m of upTo < 0 ? line : line.slice(0, upTo)) {
        expect(m).toEqual({ san: m.san, back: m.san, board: true });
        moves++;
      }
    }
    expect(moves).toBeGreaterThan(9_000);
  });

  const written = (text: string): string[] => walked(replayOf(text)[0]).map((m) => (m.board && m.san === m.back ? m.back : `${m.san} written back as ${m.back}, board ${m.board}`));

  it('write castling on either side for either colour', () => {
    expect(written('1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. O-O O-O *')).toEqual(['e4', 'e5', 'Nf3', 'Nf6', 'Bc4', 'Bc5', 'O-O', 'O-O']);
    expect(written('1. d4 d5 2. Nc3 Nc6 3. Bf4 Bf5 4. Qd2 Qd7 5. O-O-O O-O-O *').slice(-2)).toEqual(['O-O-O', 'O-O-O']);
  });

  it('write en passant, a capture that promotes, its recapture and a check', () => {
    expect(written('1. e4 f5 2. e5 d5 3. exd6 Nf6 4. dxc7 Qd6 5. cxb8=N Rxb8 6. Bb5+ Kf7 *')).toEqual(['e4', 'f5', 'e5', 'd5', 'exd6', 'Nf6', 'dxc7', 'Qd6', 'cxb8=N', 'Rxb8', 'Bb5+', 'Kf7']);
  });

  it('write a piece told apart by its square, its rank or its file, and a mate', () => {
    const knights = (move: string) => written(`[FEN "k7/8/8/8/1N6/8/1N3N2/4K3 w - - 0 1"]\n[SetUp "1"]\n\n1. ${move} *`);
    expect([knights('Nb2d3'), knights('N4d3'), knights('Nfd3')]).toEqual([['Nb2d3'], ['N4d3'], ['Nfd3']]);
    expect(written('1. f3 e5 2. g4 Qh4# 0-1').at(-1)).toBe('Qh4#');
  });

  it('keep the squares in 16 bits: from in bits 0-5, to in bits 6-11', () => {
    const move = packMove('g1f3', 'Nf3', true)!;
    expect([packedFrom(move), packedTo(move), move >> 12]).toEqual([6, 21, 0]);
    expect(packMove('e7e8q', 'e8=Q#', true)! >> 12).toBe((2 << 2) | 3);
    expect(packMove('e8g8', 'O-O', false)).toBe(60 | (62 << 6));
  });

  it('leave out what is not a move of standard chess', () => {
    expect(packMove('0000', '--', true)).toBeNull();
    expect(packMove('', 'Z0', true)).toBeNull();
  });

  it('start from the standard position', () => {
    const board = new Int8Array(64);
    setStandardBoard(board);
    expect(board.join(',')).toBe(boardOf('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1').join(','));
  });
});
