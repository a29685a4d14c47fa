/**
 * The board of each main-line ply as the pattern search reads it: 64 squares (a1 = 0, h8 = 63)
 * holding the chess codec's piece codes, and the count of each piece code. A chess ply carries
 * its position's FEN in `position.board`; it is read straight into the reader's buffers, so
 * reading a ply allocates nothing. An import writes the FEN only where it stores a score and
 * leaves it '' elsewhere: such a ply is replayed from the last FEN before it by its SAN move.
 */
import { type Position, makeMove, parseFen, parseSan } from '../../codecs/chess';
import type { PlyRecord } from '../../db/records';

/** Piece code by FEN letter's char code (0: not a piece). */
const LETTER = new Int8Array(128);
'PNBRQK'.split('').forEach((ch, i) => {
  LETTER[ch.charCodeAt(0)] = i + 1;
  LETTER[ch.toLowerCase().charCodeAt(0)] = 8 | (i + 1);
});

/** Reads a FEN's board part (up to its first space) into `board` and `counts`; false when it is not 8 ranks of 8 squares. */
export function readFenBoard(fen: string, board: Int8Array, counts: Int8Array): boolean {
  counts.fill(0);
  let rank = 7;
  let file = 0;
  for (let i = 0; i < fen.length; i++) {
    const c = fen.charCodeAt(i);
    if (c === 32) break;
    if (c === 47) {
      if (file !== 8 || rank === 0) return false;
      rank--;
      file = 0;
    } else if (c >= 49 && c <= 56) {
      const end = file + c - 48;
      if (end > 8) return false;
      while (file < end) board[rank * 8 + file++] = 0;
    } else {
      const piece = c < 128 ? LETTER[c] : 0;
      if (piece === 0 || file === 8) return false;
      board[rank * 8 + file++] = piece;
      counts[piece]++;
    }
  }
  return rank === 0 && file === 8;
}

/** A game's main-line boards, one ply at a time, into buffers reused from ply to ply and game to game. */
export class PlyBoards {
  readonly board = new Int8Array(64);
  readonly counts = new Int8Array(16);
  private plies: readonly PlyRecord[] = [];
  /** The replayed position of ply `replayAt` (plies without a FEN), or null. */
  private replay: Position | null = null;
  private replayAt = -1;

  /** Starts on a game's main line (`plies[i]` the position after i half moves). */
  reset(plies: readonly PlyRecord[]): void {
    this.plies = plies;
    this.replay = null;
    this.replayAt = -1;
  }

  /** Reads ply `i` into `board` and `counts`; false when its board cannot be known (then the buffers are not that ply's). */
  load(i: number): boolean {
    const fen = this.plies[i].position.board;
    if (fen) return readFenBoard(fen, this.board, this.counts);
    const pos = this.replayTo(i);
    if (!pos) return false;
    this.counts.fill(0);
    for (let sq = 0; sq < 64; sq++) {
      const piece = pos.board[((sq >> 3) << 4) | (sq & 7)];
      this.board[sq] = piece;
      this.counts[piece]++;
    }
    return true;
  }

  /** The position of ply `i` replayed from the nearest ply before it with a FEN, or null. */
  private replayTo(i: number): Position | null {
    if (!this.replay || this.replayAt >= i) {
      let from = i - 1;
      while (from >= 0 && !this.plies[from].position.board) from--;
      if (from < 0) return null;
      const start = parseFen(this.plies[from].position.board);
      if (!start.ok) return null;
      this.replay = start.value;
      this.replayAt = from;
    }
    const pos = this.replay;
    while (this.replayAt < i) {
      const san = this.plies[this.replayAt + 1].move;
      const move = san ? parseSan(pos, san) : null;
      if (!move?.ok) {
        this.replay = null;
        this.replayAt = -1;
        return null;
      }
      makeMove(pos, move.value);
      this.replayAt++;
    }
    return pos;
  }
}
