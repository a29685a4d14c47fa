/**
 * Chess board basics: 0x88 squares, piece codes and the mutable Position record
 * shared by every chess codec. A square is `rank * 16 + file` (a1 = 0, h8 = 119);
 * `sq & 0x88` is non-zero exactly when a step left the board.
 */

/** 0 = White, 1 = Black. */
export type Color = 0 | 1;
export const WHITE: Color = 0;
export const BLACK: Color = 1;

/** Piece roles 1..6; a piece code is `color << 3 | role` (0 = empty square). */
export const PAWN = 1;
export const KNIGHT = 2;
export const BISHOP = 3;
export const ROOK = 4;
export const QUEEN = 5;
export const KING = 6;

/** Castling right bits: index = color * 2 + (queenside ? 1 : 0). */
export const CASTLE_WK = 1;
export const CASTLE_WQ = 2;
export const CASTLE_BK = 4;
export const CASTLE_BQ = 8;

/**
 * A position, mutated in place by `makeMove`/`unmakeMove`. `rooks[i]` is the
 * square of the castling rook for right bit `1 << i` (meaningful while the bit
 * is set); keeping rook squares makes Chess960 castling the same code path.
 */
export interface Position {
  board: Int8Array;
  turn: Color;
  castling: number;
  rooks: Int8Array;
  /** En passant target square after a double step (whether or not a capture is possible), or -1. */
  ep: number;
  halfmoves: number;
  fullmoves: number;
  kings: Int8Array;
}

/** The piece code for a colour and role. */
export const makePiece = (color: Color, role: number): number => (color << 3) | role;
/** The colour of a non-empty piece code. */
export const colorOf = (piece: number): Color => (piece >> 3) as Color;
/** The role (1..6) of a piece code. */
export const roleOf = (piece: number): number => piece & 7;
/** 0x88 square from file and rank indices (0..7). */
export const squareAt = (file: number, rank: number): number => (rank << 4) | file;
/** File index 0..7 of a 0x88 square. */
export const fileOf = (sq: number): number => sq & 7;
/** Rank index 0..7 of a 0x88 square. */
export const rankOf = (sq: number): number => sq >> 4;
/** True if a 0x88 index is on the board. */
export const onBoard = (sq: number): boolean => (sq & 0x88) === 0;

const FILES = 'abcdefgh';

// Names of the 128 0x88 indices, so writing a square allocates nothing.
const SQUARE_NAMES = Array.from({ length: 128 }, (_, sq) => FILES[sq & 7] + String((sq >> 4) + 1));

/** Algebraic name ('e4') of a 0x88 square. */
export const squareName = (sq: number): string => SQUARE_NAMES[sq] ?? FILES[sq & 7] + String((sq >> 4) + 1);

/** Parses 'e4' into a 0x88 square, or -1. */
export const parseSquare = (name: string): number => {
  if (name.length !== 2) return -1;
  const f = name.charCodeAt(0) - 97;
  const r = name.charCodeAt(1) - 49;
  return f >= 0 && f < 8 && r >= 0 && r < 8 ? (r << 4) | f : -1;
};

/** Upper-case piece letters by role, index 0 unused. */
export const ROLE_LETTERS = ' PNBRQK';

/** An empty position (no pieces, White to move). */
export const emptyPosition = (): Position => ({
  board: new Int8Array(128),
  turn: WHITE,
  castling: 0,
  rooks: new Int8Array(4).fill(-1),
  ep: -1,
  halfmoves: 0,
  fullmoves: 1,
  kings: new Int8Array(2).fill(-1),
});

/** A deep copy of a position. */
export const clonePosition = (pos: Position): Position => ({
  board: pos.board.slice(),
  turn: pos.turn,
  castling: pos.castling,
  rooks: pos.rooks.slice(),
  ep: pos.ep,
  halfmoves: pos.halfmoves,
  fullmoves: pos.fullmoves,
  kings: pos.kings.slice(),
});

/** Copies `src` into `dst` without allocating. */
export const copyPositionInto = (dst: Position, src: Position): void => {
  dst.board.set(src.board);
  dst.turn = src.turn;
  dst.castling = src.castling;
  dst.rooks.set(src.rooks);
  dst.ep = src.ep;
  dst.halfmoves = src.halfmoves;
  dst.fullmoves = src.fullmoves;
  dst.kings.set(src.kings);
};

/** The standard start position in FEN. */
export const STANDARD_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
