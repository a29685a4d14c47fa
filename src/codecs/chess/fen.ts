/**
 * FEN read/write. Castling accepts `KQkq` (X-FEN: outermost rook on that side of
 * the king), Shredder/X-FEN file letters `A-H`/`a-h`, and `-`. Writing uses
 * `KQkq` letters when the castling rook is the outermost one, else the file
 * letter, or always file letters with `{ shredder: true }`.
 */
import { writeDecimal } from '../hashes';
import { CodecError, Result, codecErrors, err, ok } from '../result';
import {
  BLACK, Color, KING, PAWN, Position, ROOK, WHITE, emptyPosition, parseSquare, STANDARD_FEN,
} from './board';
import { Move, moveFrom, moveTo } from './moves';

/** The error codes this module returns. */
export const FEN_ERRORS = [
  'ERR_FEN_BOARD',
  'ERR_FEN_CASTLING',
  'ERR_FEN_EP',
  'ERR_FEN_FIELDS',
  'ERR_FEN_FULLMOVE',
  'ERR_FEN_HALFMOVE',
  'ERR_FEN_KINGS',
  'ERR_FEN_PAWNS',
  'ERR_FEN_TURN',
] as const;
/** One of FEN_ERRORS. */
export type FenError = (typeof FEN_ERRORS)[number];
const fenError = codecErrors(FEN_ERRORS);

/** True for the codes FEN parsing gives (a game's start position is wrong, not a move). */
export const isFenError = (code: string): code is FenError => (FEN_ERRORS as readonly string[]).includes(code);

const PIECE_CHARS = ' PNBRQK  pnbrqk';

/** Options for `printFen`. */
export interface FenWriteOptions {
  /** Always write castling as file letters (Shredder-FEN). */
  shredder?: boolean;
}

const fenErr = (code: FenError, message: string, field: string, column: number): Result<never, CodecError> =>
  err(fenError(code, message, { field, offset: column - 1, column, line: 1 }));

/**
 * Parses a FEN. Counters may be omitted (default `0 1`). Castling rights whose
 * king or rook is not in place are dropped (common in real-world FENs).
 * Errors: ERR_FEN_FIELDS, ERR_FEN_BOARD, ERR_FEN_KINGS, ERR_FEN_PAWNS, ERR_FEN_TURN,
 * ERR_FEN_CASTLING, ERR_FEN_EP, ERR_FEN_HALFMOVE, ERR_FEN_FULLMOVE. A side not to move
 * that is in check is accepted (JOSE's own test positions have it).
 */
export function parseFen(fen: string): Result<Position> {
  const text = fen.trim();
  const lead = fen.length - fen.trimStart().length;
  const parts = text.split(/\s+/);
  if (parts.length < 4 || parts.length > 6 || text === '') {
    return fenErr('ERR_FEN_FIELDS', `FEN needs 4 to 6 fields, found ${text === '' ? 0 : parts.length}`, 'fen', 1);
  }
  const cols: number[] = [];
  {
    let c = lead;
    for (const p of parts) { c = fen.indexOf(p, c); cols.push(c + 1); c += p.length; }
  }
  const pos = emptyPosition();
  const b = pos.board;
  // Board: ranks 8 to 1 separated by '/', files a to h.
  const board = parts[0];
  let rank = 7;
  let file = 0;
  for (let i = 0; i < board.length; i++) {
    const ch = board[i];
    const col = cols[0] + i;
    if (ch === '/') {
      if (file !== 8 || rank === 0) return fenErr('ERR_FEN_BOARD', `rank ${rank + 1} does not have 8 squares`, 'board', col);
      rank--; file = 0;
      continue;
    }
    if (ch >= '1' && ch <= '8') {
      file += ch.charCodeAt(0) - 48;
      if (file > 8) return fenErr('ERR_FEN_BOARD', `rank ${rank + 1} has more than 8 squares`, 'board', col);
      continue;
    }
    const code = PIECE_CHARS.indexOf(ch);
    if (code <= 0 || ch === ' ') return fenErr('ERR_FEN_BOARD', `unexpected character '${ch}' in board`, 'board', col);
    if (file >= 8) return fenErr('ERR_FEN_BOARD', `rank ${rank + 1} has more than 8 squares`, 'board', col);
    const sq = (rank << 4) | file;
    b[sq] = code;
    if ((code & 7) === KING) {
      const c = code >> 3;
      if (pos.kings[c] >= 0) return fenErr('ERR_FEN_KINGS', `more than one ${c ? 'black' : 'white'} king`, 'board', col);
      pos.kings[c] = sq;
    }
    if ((code & 7) === PAWN && (rank === 0 || rank === 7)) {
      return fenErr('ERR_FEN_PAWNS', `pawn on rank ${rank + 1}`, 'board', col);
    }
    file++;
  }
  if (rank !== 0 || file !== 8) return fenErr('ERR_FEN_BOARD', 'board does not have 8 ranks of 8 squares', 'board', cols[0] + board.length);
  if (pos.kings[0] < 0 || pos.kings[1] < 0) return fenErr('ERR_FEN_KINGS', 'each side needs exactly one king', 'board', cols[0]);

  if (parts[1] !== 'w' && parts[1] !== 'b') return fenErr('ERR_FEN_TURN', `side to move must be 'w' or 'b', not '${parts[1]}'`, 'turn', cols[1]);
  pos.turn = parts[1] === 'w' ? WHITE : BLACK;

  // Castling: X-FEN KQkq = outermost rook on that wing; letters = rook file (Shredder).
  const cf = parts[2];
  if (cf !== '-') {
    for (let i = 0; i < cf.length; i++) {
      const ch = cf[i];
      const upper = ch >= 'A' && ch <= 'Z';
      const color: Color = upper ? WHITE : BLACK;
      const l = ch.toLowerCase();
      const king = pos.kings[color];
      const backRank = color === WHITE ? 0 : 7;
      const rook = (color << 3) | ROOK;
      if (!/[kqa-h]/.test(l) || (cf.indexOf(ch) !== i)) {
        return fenErr('ERR_FEN_CASTLING', `bad castling character '${ch}'`, 'castling', cols[2] + i);
      }
      if (king >> 4 !== backRank) continue;
      let rsq = -1;
      if (l === 'k') {
        for (let f = 7; f > (king & 7); f--) if (b[(backRank << 4) | f] === rook) { rsq = (backRank << 4) | f; break; }
      } else if (l === 'q') {
        for (let f = 0; f < (king & 7); f++) if (b[(backRank << 4) | f] === rook) { rsq = (backRank << 4) | f; break; }
      } else {
        const s = (backRank << 4) | (l.charCodeAt(0) - 97);
        if (b[s] === rook && s !== king) rsq = s;
      }
      if (rsq < 0) continue;
      const side = (rsq & 7) > (king & 7) ? 0 : 1;
      pos.castling |= 1 << (color * 2 + side);
      pos.rooks[color * 2 + side] = rsq;
    }
  }

  const ef = parts[3];
  if (ef !== '-') {
    const sq = parseSquare(ef);
    if (sq < 0 || (sq >> 4) !== (pos.turn === WHITE ? 5 : 2)) {
      return fenErr('ERR_FEN_EP', `bad en passant square '${ef}'`, 'ep', cols[3]);
    }
    pos.ep = sq;
  }
  if (parts.length > 4) {
    if (!/^\d{1,6}$/.test(parts[4])) return fenErr('ERR_FEN_HALFMOVE', `bad halfmove clock '${parts[4]}'`, 'halfmove', cols[4]);
    pos.halfmoves = Number(parts[4]);
  }
  if (parts.length > 5) {
    if (!/^\d{1,6}$/.test(parts[5]) || parts[5] === '0') {
      return fenErr('ERR_FEN_FULLMOVE', `bad fullmove number '${parts[5]}'`, 'fullmove', cols[5]);
    }
    pos.fullmoves = Number(parts[5]);
  }
  return ok(pos);
}

/** True if a pawn of the side to move stands beside the double-stepped pawn (the Polyglot en passant rule). */
export function epCapturable(pos: Position): boolean {
  const ep = pos.ep;
  if (ep < 0) return false;
  const us = pos.turn;
  const from = us === WHITE ? ep - 16 : ep + 16; // rank the capturing pawn stands on
  const pawn = (us << 3) | PAWN;
  const b = pos.board;
  return (((from - 1) & 0x88) === 0 && b[from - 1] === pawn) || (((from + 1) & 0x88) === 0 && b[from + 1] === pawn);
}

// FEN letters by piece code, and the digits for runs of 1..8 empty squares.
const PIECE_LETTERS = Array.from(PIECE_CHARS);
const EMPTY_RUNS = ['', '1', '2', '3', '4', '5', '6', '7', '8'];
// Rank texts already written, by rank content (eight 4-bit piece codes); cleared if it ever grows large.
const rankTexts = new Map<number, string>();

/** One rank (0 = rank 1) of the FEN board field: pieces a to h, a digit for each run of empty squares. */
export function fenRank(board: Int8Array, rank: number): string {
  const first = rank << 4;
  let content = 0;
  for (let sq = first; sq < first + 8; sq++) content = (content << 4) | board[sq];
  let s = rankTexts.get(content);
  if (s !== undefined) return s;
  s = '';
  let empty = 0;
  for (let sq = first; sq < first + 8; sq++) {
    const p = board[sq];
    if (p === 0) { empty++; continue; }
    if (empty) { s += EMPTY_RUNS[empty]; empty = 0; }
    s += PIECE_LETTERS[p];
  }
  if (empty) s += EMPTY_RUNS[empty];
  if (rankTexts.size >= 1 << 16) rankTexts.clear();
  rankTexts.set(content, s);
  return s;
}

/** The eight `fenRank` texts of a position, index = rank. */
export const fenRanks = (pos: Position): string[] => [0, 1, 2, 3, 4, 5, 6, 7].map((r) => fenRank(pos.board, r));

/**
 * Brings `fenRanks` texts up to date after `makeMove(pos, m)`: a move changes at
 * most the ranks of its two squares (an en passant capture takes a pawn from the
 * mover's rank; castling stays on one rank).
 */
export function updateFenRanks(ranks: string[], pos: Position, m: Move): void {
  const fromRank = moveFrom(m) >> 4;
  const toRank = moveTo(m) >> 4;
  ranks[fromRank] = fenRank(pos.board, fromRank);
  if (toRank !== fromRank) ranks[toRank] = fenRank(pos.board, toRank);
}

/**
 * Writes a FEN. The en passant square is written only when a pawn of the side to
 * move could capture there (the Polyglot rule), so FEN and Polyglot key agree.
 */
export const printFen = (pos: Position, options: FenWriteOptions = {}): string => printFenWithRanks(pos, fenRanks(pos), options);

/**
 * `printFen` given the position's `fenRanks` texts (a replay keeps them up to date).
 * The text is written as bytes and decoded once: a replay writes one FEN per ply,
 * and one flat string is much less garbage than a chain of concatenations.
 */
export function printFenWithRanks(pos: Position, ranks: string[], options: FenWriteOptions = {}): string {
  const out = fenBuf;
  let n = 0;
  // Board: ranks 8 to 1 separated by '/'.
  for (let r = 7; r >= 0; r--) {
    const text = ranks[r];
    for (let i = 0; i < text.length; i++) out[n++] = text.charCodeAt(i);
    if (r) out[n++] = 47; // '/'
  }
  out[n++] = 32;
  out[n++] = pos.turn === WHITE ? 119 : 98; // 'w' | 'b'
  out[n++] = 32;
  n = writeCastling(out, n, pos, options.shredder === true);
  out[n++] = 32;
  if (epCapturable(pos)) { out[n++] = 97 + (pos.ep & 7); out[n++] = 49 + (pos.ep >> 4); } else out[n++] = 45; // '-'
  out[n++] = 32;
  n = writeDecimal(out, n, pos.halfmoves);
  out[n++] = 32;
  n = writeDecimal(out, n, pos.fullmoves);
  return out.toString('latin1', 0, n);
}

// Room for the longest FEN: 71 board bytes, 4 castling letters and counters of any size.
const fenBuf = Buffer.alloc(128);

/**
 * Writes the castling field at `n`: `KQkq` letters when the castling rook is the
 * outermost one on its side (X-FEN), else its file letter (Shredder-FEN, always
 * with `shredder`), or `-`; returns the new end.
 */
function writeCastling(out: Buffer, n: number, pos: Position, shredder: boolean): number {
  if (pos.castling === 0) { out[n++] = 45; return n; }
  for (let color = 0; color < 2; color++) {
    for (let side = 0; side < 2; side++) {
      const i = color * 2 + side;
      if ((pos.castling & (1 << i)) === 0) continue;
      const rsq = pos.rooks[i];
      let outer = true;
      const rook = (color << 3) | ROOK;
      if (side === 0) { for (let f = (rsq & 7) + 1; f < 8; f++) if (pos.board[(rsq & 0x70) | f] === rook) outer = false; }
      else { for (let f = 0; f < (rsq & 7); f++) if (pos.board[(rsq & 0x70) | f] === rook) outer = false; }
      // 'k' / 'q' / file letter, upper case for White.
      const ch = !shredder && outer ? (side === 0 ? 107 : 113) : 97 + (rsq & 7);
      out[n++] = color === WHITE ? ch - 32 : ch;
    }
  }
  return n;
}

/** True if the position allows castling that standard chess could not (king off e-file or rook off a/h). */
export function isChess960Castling(pos: Position): boolean {
  for (let i = 0; i < 4; i++) {
    if ((pos.castling & (1 << i)) === 0) continue;
    const color = i >> 1;
    if ((pos.kings[color] & 7) !== 4) return true;
    if ((pos.rooks[i] & 7) !== ((i & 1) ? 0 : 7)) return true;
  }
  return false;
}

/** The standard start position. */
export const standardPosition = (): Position => {
  const r = parseFen(STANDARD_FEN);
  if (!r.ok) throw new Error('standard FEN must parse');
  return r.value;
};
