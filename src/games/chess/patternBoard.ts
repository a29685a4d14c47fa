/**
 * The board of each main-line ply as the pattern search reads it: 64 squares (a1 = 0, h8 = 63)
 * holding the chess codec's piece codes, and the count of each piece code. A chess ply carries
 * its position's FEN in `position.board`; it is read straight into the reader's buffers, so
 * reading a ply allocates nothing. An import writes the FEN only where it stores a score and
 * leaves it '' elsewhere: such a ply is replayed from the last FEN before it by its SAN move.
 */
import { type Position, ROLE_LETTERS, makeMove, makePiece, parseFen, parseSan } from '../../codecs/chess';
import type { PlyRecord } from '../../db/records';

/** Piece code by FEN letter's char code (0: not a piece): the codec's role letters, White's upper case. */
const LETTER = new Int8Array(128);
for (let role = 1; role < ROLE_LETTERS.length; role++) {
  LETTER[ROLE_LETTERS.charCodeAt(role)] = makePiece(0, role);
  LETTER[ROLE_LETTERS[role].toLowerCase().charCodeAt(0)] = makePiece(1, role);
}

/** Reads a FEN's board part (up to its first space) into `board` and `counts`; false when it is not 8 ranks of 8 squares. */
export function readFenBoard(fen: string, board: Int8Array, counts: Int8Array): boolean {
  for (let k = 0; k < 16; k++) counts[k] = 0;
  // Squares from a8 (56) rightwards; `end` closes the rank being read.
  let sq = 56;
  let end = 64;
  for (let i = 0; i < fen.length; i++) {
    const c = fen.charCodeAt(i);
    if (c === 32) break;
    if (c === 47) {
      if (sq !== end || end === 8) return false;
      end = sq - 8;
      sq = end - 8;
    } else if (c <= 56) {
      const stop = sq + c - 48;
      if (c < 49 || stop > end) return false;
      while (sq < stop) board[sq++] = 0;
    } else {
      const piece = LETTER[c & 127];
      if (piece === 0 || sq === end) return false;
      board[sq++] = piece;
      counts[piece]++;
    }
  }
  return sq === 8 && end === 8;
}

/** Counts a FEN board part's pieces into `counts` (by piece code), not minding their squares. */
function countFenPieces(fen: string, counts: Int8Array): void {
  for (let k = 0; k < 16; k++) counts[k] = 0;
  for (let i = 0; i < fen.length; i++) {
    const c = fen.charCodeAt(i);
    if (c === 32) break;
    counts[LETTER[c & 127]]++;
  }
}

/**
 * A game's main-line boards, one ply at a time, into buffers reused from ply to ply and game to
 * game. A ply is read as far as a test needs it: its piece counts, or the ranks a sub-fen names
 * (most plies fail a sub-fen on the first rank read); `load` reads a whole board.
 */
export class PlyBoards {
  readonly board = new Int8Array(64);
  readonly counts = new Int8Array(16);
  private plies: readonly PlyRecord[] = [];
  private ply = 0;
  private fen = '';
  /** Bit r: rank r (0 = rank 1) of `board` is the ply's; 0xff: the whole board and `counts`. */
  private ranks = 0;
  private counted = false;
  /** Where each rank's text starts in `fen`, rank 8 first (-1: not found yet). */
  private readonly starts = new Int32Array(8);
  /** The ply's board cannot be read (a FEN that does not read, a move that does not replay). */
  private unreadable = false;
  /** The replayed position of ply `replayAt` (plies without a FEN), or null. */
  private replay: Position | null = null;
  private replayAt = -1;

  /** The position selected by `selectPosition` (a game the caller replays itself), or null. */
  private position: Position | null = null;

  /** Starts on a game's main line (`plies[i]` the position after i half moves). */
  reset(plies: readonly PlyRecord[]): void {
    this.plies = plies;
    this.position = null;
    this.replay = null;
    this.replayAt = -1;
  }

  /** Moves to ply `i`, reading nothing of it yet. */
  select(i: number): void {
    this.position = null;
    this.ply = i;
    this.fen = this.plies[i].position.board;
    this.ranks = 0;
    this.counted = false;
    this.starts[0] = -1;
    this.unreadable = false;
  }

  /**
   * Selects a position the caller replays itself (the codec's, read as far as a test needs it,
   * while it stays unchanged), in place of a ply of `reset`'s main line. With `counted`, the caller
   * keeps `counts` for it (as `load` counts: every piece code of the 64 squares, 0 the empty ones).
   */
  selectPosition(pos: Position, counted = false): void {
    this.position = pos;
    this.fen = '';
    this.ranks = 0;
    this.counted = counted;
    this.unreadable = false;
  }

  /** Selects the board the caller wrote whole into `board` and `counts` itself (a walk of packed moves). */
  selectBoard(): void {
    this.position = null;
    this.fen = '';
    this.ranks = 0xff;
    this.counted = true;
    this.unreadable = false;
  }

  /** Reads the selected ply's piece counts into `counts`; false when its board cannot be known. */
  count(): boolean {
    if (this.counted) return true;
    if (this.unreadable || !this.fen) return this.whole();
    countFenPieces(this.fen, this.counts);
    this.counted = true;
    return true;
  }

  /** Reads rank `r` (0 = rank 1) of the selected ply into `board`; false when its board cannot be known. */
  rank(r: number): boolean {
    if ((this.ranks >> r) & 1) return true;
    const pos = this.position;
    if (pos) {
      // A replayed position: the rank's 8 squares of its 0x88 board.
      const board = this.board;
      for (let f = 0, sq = r * 8, x = r << 4; f < 8; f++) board[sq + f] = pos.board[x + f];
      this.ranks |= 1 << r;
      return true;
    }
    if (this.unreadable || !this.fen) return this.whole();
    const fen = this.fen;
    const starts = this.starts;
    if (starts[0] < 0) {
      starts[0] = 0;
      for (let k = 1; k < 8; k++) {
        const slash = fen.indexOf('/', starts[k - 1]);
        if (slash < 0) return this.whole();
        starts[k] = slash + 1;
      }
    }
    const board = this.board;
    let i = starts[7 - r];
    let sq = r * 8;
    const end = sq + 8;
    while (sq < end) {
      const c = fen.charCodeAt(i++);
      if (c >= 49 && c <= 56) {
        const stop = sq + c - 48;
        if (stop > end) return this.whole();
        while (sq < stop) board[sq++] = 0;
      } else {
        const piece = LETTER[c & 127];
        if (piece === 0) return this.whole();
        board[sq++] = piece;
      }
    }
    this.ranks |= 1 << r;
    return true;
  }

  /** Reads ply `i` whole into `board` and `counts`; false when its board cannot be known. */
  load(i: number): boolean {
    this.select(i);
    return this.whole();
  }

  /** Reads the selected ply whole: from its FEN, else replayed by its move. */
  private whole(): boolean {
    if (this.unreadable) return false;
    if (this.ranks === 0xff) return true;
    if (this.fen) {
      if (!readFenBoard(this.fen, this.board, this.counts)) return this.fail();
    } else {
      const pos = this.position ?? this.replayTo(this.ply);
      if (!pos) return this.fail();
      this.counts.fill(0);
      for (let sq = 0; sq < 64; sq++) {
        const piece = pos.board[((sq >> 3) << 4) | (sq & 7)];
        this.board[sq] = piece;
        this.counts[piece]++;
      }
    }
    this.ranks = 0xff;
    this.counted = true;
    return true;
  }

  private fail(): false {
    this.unreadable = true;
    return false;
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
