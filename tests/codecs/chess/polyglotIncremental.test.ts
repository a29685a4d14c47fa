import * as fs from 'fs';
import {
  Position, STANDARD_FEN, gameStartFen, makeMove, parsePgn, parseSan, polyglotBaseKey, polyglotKey, polyglotKeyOf,
  replayGame, updatePolyglotKey,
} from '../../../src/codecs/chess';
import { DATA, fenPos, uciMove } from './helpers';

/** Plays `moves` (UCI) from `fen`, keeping the key incrementally; returns [incremental, from scratch] after each ply. */
const keysAfterEachPly = (fen: string, moves: string[]): [string, string][] => {
  const pos = fenPos(fen);
  const key = polyglotBaseKey(pos);
  return moves.map((uci) => {
    const m = uciMove(pos, uci);
    updatePolyglotKey(key, pos, m, makeMove(pos, m));
    return [polyglotKeyOf(key, pos), polyglotKey(pos)];
  });
};

/** The main line of every game in a sample file, as [incremental, from scratch] keys after each ply. */
const sampleMainLineKeys = (file: string): [string, string][] => {
  const out: [string, string][] = [];
  for (const r of parsePgn(fs.readFileSync(`${DATA}/${file}`, 'utf8'))) {
    if (!r.ok) continue;
    const pos: Position = fenPos(gameStartFen(r.value));
    const key = polyglotBaseKey(pos);
    for (const node of r.value.moves) {
      const m = parseSan(pos, node.san);
      if (!m.ok) break;
      updatePolyglotKey(key, pos, m.value, makeMove(pos, m.value));
      out.push([polyglotKeyOf(key, pos), polyglotKey(pos)]);
    }
  }
  return out;
};

describe('incremental Polyglot keys', () => {
  const samples = fs.readdirSync(DATA).filter((f) => f.endsWith('.pgn'));

  it.each(samples)('equal the from-scratch key after every main-line ply of %s', (file) => {
    const pairs = sampleMainLineKeys(file);
    expect(pairs.length).toBeGreaterThan(0);
    expect(pairs.filter(([inc, scratch]) => inc !== scratch)).toEqual([]);
  });

  it.each(samples)('give replayGame the key of each position\'s FEN in every line of %s', (file) => {
    for (const r of parsePgn(fs.readFileSync(`${DATA}/${file}`, 'utf8'))) {
      if (!r.ok) continue;
      const replay = replayGame(r.value);
      if (!replay.ok) continue;
      const wrong = replay.value.positions.filter((p) => p.key !== polyglotKey(fenPos(p.fen)));
      expect(wrong.map((p) => [p.fen, p.key])).toEqual([]);
    }
  });

  it('count the en passant file when a pawn of the side to move can capture en passant', () => {
    const keys = keysAfterEachPly(STANDARD_FEN, ['e2e4', 'd7d5', 'e4e5', 'f7f5']);
    expect(keys[3]).toEqual(['22a48b5a8e47ff78', '22a48b5a8e47ff78']);
  });

  it('leave the en passant file out after a double step that no pawn can capture', () => {
    const keys = keysAfterEachPly(STANDARD_FEN, ['e2e4']);
    expect(keys[0]).toEqual(['823c9b50fd114196', '823c9b50fd114196']);
  });

  it('drop the castling right of a rook captured on its square', () => {
    const [[inc, scratch]] = keysAfterEachPly('r3k2r/8/8/8/8/8/1B6/R3K2R w KQkq - 0 1', ['b2h8']);
    expect(inc).toBe(scratch);
    expect(inc).toBe(polyglotKey(fenPos('r3k2B/8/8/8/8/8/8/R3K2R b KQq - 0 1')));
  });

  it('replace the pawn by the promoted piece, with or without a capture', () => {
    const keys = keysAfterEachPly('r3k3/1P4P1/8/8/8/8/8/4K3 w q - 0 1', ['b7a8q', 'e8d7', 'g7g8n']);
    expect(keys.filter(([inc, scratch]) => inc !== scratch)).toEqual([]);
    expect(keys[2][0]).toBe(polyglotKey(fenPos('Q5N1/3k4/8/8/8/8/8/4K3 b - - 0 2')));
  });

  it('follow an en passant capture, which takes the pawn from beside the capturing one', () => {
    const keys = keysAfterEachPly(STANDARD_FEN, ['e2e4', 'g8f6', 'e4e5', 'd7d5', 'e5d6']);
    expect(keys.filter(([inc, scratch]) => inc !== scratch)).toEqual([]);
  });

  it('follow castling on the king side and the queen side', () => {
    const keys = keysAfterEachPly('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', ['e1g1', 'e8c8']);
    expect(keys.filter(([inc, scratch]) => inc !== scratch)).toEqual([]);
  });

  it('follow a null move, which only changes the side to move', () => {
    const pos = fenPos(STANDARD_FEN);
    const key = polyglotBaseKey(pos);
    const m = parseSan(pos, '--');
    if (!m.ok) throw new Error('null move');
    updatePolyglotKey(key, pos, m.value, makeMove(pos, m.value));
    expect(polyglotKeyOf(key, pos)).toBe(polyglotKey(pos));
  });
});
