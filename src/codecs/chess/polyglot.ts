/**
 * Polyglot Zobrist keys: the 64-bit position hash used by Polyglot opening
 * books, computed with 32-bit halves (no BigInt) from the standard 781-key table.
 *
 * A replay keeps the key incrementally: `polyglotBaseKey` once for the start,
 * then `updatePolyglotKey` after each `makeMove`. The base key leaves out the en
 * passant term, which depends on the pawns beside the double-stepped one rather
 * than on the move alone; `polyglotKeyOf` adds it when the key is written.
 */
import { Position, WHITE } from './board';
import { epCapturable } from './fen';
import { FLAG_CASTLE, FLAG_EP, FLAG_NULL, Move, type Undo, castledKingSquare, castledRookSquare, moveFlags, moveFrom, movePromo, moveTo, undoCaptured, undoCastling } from './moves';
import { POLYGLOT_RANDOM as R } from './polyglotRandom';
import { CodecError, Result, codecErrors, err, ok } from '../result';

/** The error codes this module returns. */
export const POLYGLOT_ERRORS = ['ERR_POLYGLOT_KEY'] as const;
/** One of POLYGLOT_ERRORS. */
export type PolyglotError = (typeof POLYGLOT_ERRORS)[number];
const polyglotError = codecErrors(POLYGLOT_ERRORS);

/** A key as signed 32-bit halves; `hi`/`lo` are updated in place. */
export interface PolyglotKey {
  hi: number;
  lo: number;
}

// Lower-case hex digit char codes.
const HEX = Array.from('0123456789abcdef', (c) => c.charCodeAt(0));

/** Index into R of the piece-square key: kind = 2 * (role - 1) + (white ? 1 : 0); key 64 * kind + 8 * rank + file. */
const pieceIndex = (piece: number, sq: number): number =>
  2 * (64 * (2 * ((piece & 7) - 1) + ((piece >> 3) === WHITE ? 1 : 0)) + ((sq >> 4) << 3) + (sq & 7));

/** XORs the key of `piece` (non-zero) on 0x88 square `sq` into `key`. */
function togglePiece(key: PolyglotKey, piece: number, sq: number): void {
  const k = pieceIndex(piece, sq);
  key.hi ^= R[k];
  key.lo ^= R[k + 1];
}

/** XORs the castling keys K Q k q = 768..771 of the set `rights` bits (our right bits are in the same order). */
function toggleCastling(key: PolyglotKey, rights: number): void {
  for (let c = 0; c < 4; c++) {
    if (rights & (1 << c)) { key.hi ^= R[2 * (768 + c)]; key.lo ^= R[2 * (768 + c) + 1]; }
  }
}

/** XORs the side-to-move key 780 (present when White is to move). */
function toggleTurn(key: PolyglotKey): void {
  key.hi ^= R[1560];
  key.lo ^= R[1561];
}

/** The key of pieces, castling rights and side to move: everything but the en passant term. */
export function polyglotBaseKey(pos: Position): PolyglotKey {
  const key: PolyglotKey = { hi: 0, lo: 0 };
  const b = pos.board;
  for (let sq = 0; sq < 120; sq++) {
    if (sq & 0x88) { sq += 7; continue; }
    if (b[sq] !== 0) togglePiece(key, b[sq], sq);
  }
  toggleCastling(key, pos.castling);
  if (pos.turn === WHITE) toggleTurn(key);
  return key;
}

/**
 * Brings a base key from the position before `m` to the position after it. Call
 * right after `makeMove(pos, m)` with the undo token it returned (which holds the
 * captured piece and the castling rights before the move).
 */
export function updatePolyglotKey(key: PolyglotKey, pos: Position, m: Move, undo: Undo): void {
  toggleTurn(key);
  const oldCastling = undoCastling(undo);
  if (oldCastling !== pos.castling) toggleCastling(key, oldCastling ^ pos.castling);
  const flags = moveFlags(m);
  if (flags & FLAG_NULL) return;
  const b = pos.board;
  const from = moveFrom(m);
  const to = moveTo(m);
  if (flags & FLAG_CASTLE) {
    // King from `from` and rook from `to` onto the g/c and f/d files of their rank.
    const kt = castledKingSquare(from, to);
    const rt = castledRookSquare(from, to);
    togglePiece(key, b[kt], from);
    togglePiece(key, b[kt], kt);
    togglePiece(key, b[rt], to);
    togglePiece(key, b[rt], rt);
    return;
  }
  const moved = b[to];
  // A promotion leaves the new piece on `to`; the pawn of the same colour left `from`.
  const before = movePromo(m) ? (moved & 8) | 1 : moved;
  togglePiece(key, before, from);
  togglePiece(key, moved, to);
  const captured = undoCaptured(undo);
  if (captured !== 0) togglePiece(key, captured, flags & FLAG_EP ? (from & 0x70) | (to & 7) : to);
}

/** The hex digit of `x` at bit `shift`. */
const digit = (x: number, shift: number): number => HEX[(x >>> shift) & 15];

/** The Polyglot key of `pos` as 16 lowercase hex digits, from its base key plus the en passant term. */
export function polyglotKeyOf(key: PolyglotKey, pos: Position): string {
  let hi = key.hi;
  let lo = key.lo;
  // En passant file 772..779, only if a pawn of the side to move stands ready to capture.
  if (epCapturable(pos)) {
    const i = 2 * (772 + (pos.ep & 7));
    hi ^= R[i]; lo ^= R[i + 1];
  }
  return String.fromCharCode(
    digit(hi, 28), digit(hi, 24), digit(hi, 20), digit(hi, 16), digit(hi, 12), digit(hi, 8), digit(hi, 4), digit(hi, 0),
    digit(lo, 28), digit(lo, 24), digit(lo, 20), digit(lo, 16), digit(lo, 12), digit(lo, 8), digit(lo, 4), digit(lo, 0),
  );
}

/** The Polyglot key as [high, low] uint32 halves. */
export function polyglotKeyParts(pos: Position): [number, number] {
  const key = polyglotBaseKey(pos);
  if (epCapturable(pos)) {
    const i = 2 * (772 + (pos.ep & 7));
    key.hi ^= R[i]; key.lo ^= R[i + 1];
  }
  return [key.hi >>> 0, key.lo >>> 0];
}

/** The Polyglot key as 16 lowercase hex digits. */
export function polyglotKey(pos: Position): string {
  return polyglotKeyOf(polyglotBaseKey(pos), pos);
}

/** A key as written in books and by `polyglotKeyOf`: 16 hex digits, lower-cased and trimmed. */
export const parsePolyglotKeyHex = (text: string): Result<string, CodecError<PolyglotError>> => {
  const hex = text.trim().toLowerCase();
  if (/^[0-9a-f]{16}$/.test(hex)) return ok(hex);
  return err(polyglotError('ERR_POLYGLOT_KEY', `a Polyglot key is 16 hex digits, got ${JSON.stringify(text.slice(0, 40))}`));
};
