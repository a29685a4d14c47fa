/** Moves written as UCI or SAN, read on a position (`parseUci`, `parseMoveText`) and played in order (`playMoveTexts`). */
import { STANDARD_FEN, moveToUci, parseMoveText, parseUci, playMoveTexts, printFen } from '../../../src/codecs/chess';
import { fenPos } from './helpers';

/** The move a text reads as, written back as UCI with castling as the king's step, or the error code. */
const read = (fen: string, text: string, reader = parseMoveText): string => {
  const pos = fenPos(fen);
  const move = reader(pos, text);
  return move.ok ? moveToUci(pos, move.value) : move.error.code;
};

const CASTLES = 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1';

describe('UCI moves', () => {
  it('reads a pawn, a knight and a capture by their squares', () => {
    expect(read(STANDARD_FEN, 'e2e4', parseUci)).toBe('e2e4');
    expect(read(STANDARD_FEN, 'g1f3', parseUci)).toBe('g1f3');
    expect(read('4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1', 'e4d5', parseUci)).toBe('e4d5');
  });

  it('reads a promotion by its letter, in either case', () => {
    expect(read('8/4P2k/8/8/8/8/8/K7 w - - 0 1', 'e7e8q', parseUci)).toBe('e7e8q');
    expect(read('8/4P2k/8/8/8/8/8/K7 w - - 0 1', 'e7e8N', parseUci)).toBe('e7e8n');
  });

  it('reads castling as the king’s two-square step and as the king onto its rook', () => {
    expect(read(CASTLES, 'e1g1', parseUci)).toBe('e1g1');
    expect(read(CASTLES, 'e1h1', parseUci)).toBe('e1g1');
    expect(read(CASTLES, 'e1c1', parseUci)).toBe('e1c1');
    expect(read(CASTLES, 'e1a1', parseUci)).toBe('e1c1');
    expect(read(CASTLES.replace(' w ', ' b '), 'e8g8', parseUci)).toBe('e8g8');
  });

  it('refuses an illegal move, a pawn reaching the last rank without a letter and castling without the right', () => {
    expect(read(STANDARD_FEN, 'e2e5', parseUci)).toBe('ERR_UCI_ILLEGAL');
    expect(read(STANDARD_FEN, 'e7e5', parseUci)).toBe('ERR_UCI_ILLEGAL');
    expect(read('8/4P2k/8/8/8/8/8/K7 w - - 0 1', 'e7e8', parseUci)).toBe('ERR_UCI_ILLEGAL');
    expect(read('r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1', 'e1g1', parseUci)).toBe('ERR_UCI_ILLEGAL');
  });
});

describe('moves as UCI or SAN', () => {
  it('reads SAN as SAN and UCI as UCI', () => {
    expect(read(STANDARD_FEN, 'e4')).toBe('e2e4');
    expect(read(STANDARD_FEN, 'Nf3')).toBe('g1f3');
    expect(read(STANDARD_FEN, 'b1c3')).toBe('b1c3');
    expect(read(CASTLES, 'O-O-O')).toBe('e1c1');
    expect(read(CASTLES, 'e1h1')).toBe('e1g1');
  });

  it('refuses null moves and texts that are no move', () => {
    expect(read(STANDARD_FEN, '--')).toBe('ERR_MOVE_NULL');
    expect(read(STANDARD_FEN, '0000')).toBe('ERR_MOVE_NULL');
    expect(read(STANDARD_FEN, 'hello')).toBe('ERR_SAN_SYNTAX');
    expect(read(STANDARD_FEN, 'Qh5')).toBe('ERR_SAN_ILLEGAL');
  });

  it('plays a list of moves to the position they reach', () => {
    const played = playMoveTexts(fenPos(STANDARD_FEN), ['e4', 'e7e5', 'Nf3', 'b8c6', 'Bb5']);
    // The Ruy Lopez after 3. Bb5, written by hand.
    expect(played.ok && printFen(played.value)).toBe('r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3');
  });

  it('stops at the first move that does not play and names its index', () => {
    const played = playMoveTexts(fenPos(STANDARD_FEN), ['e4', 'e5', 'Ke3', 'Nf3']);
    expect(played.ok ? null : [played.error.index, played.error.error.code]).toEqual([2, 'ERR_SAN_ILLEGAL']);
  });
});
