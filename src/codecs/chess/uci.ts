/**
 * A move written as UCI (`e2e4`, `e7e8q`; castling as the king's step `e1g1` or as lichess's and
 * Chess960's king-takes-rook `e1h1`) or as SAN (`e4`, `Nf3`, `O-O`), read on a position: what a
 * list of moves such as lichess's `play=` holds. Pure; the position is not changed.
 */
import { CodecError, Result, codecErrors, err, ok } from '../result';
import { KING, Position, parseSquare } from './board';
import { FLAG_NULL, Move, castledKingSquare, castlingMove, findLegalMove, makeMove, moveFlags, moveFrom, moveTo } from './moves';
import { SanError, parseSan } from './san';

/** The error codes this module returns. */
export const UCI_ERRORS = ['ERR_UCI_ILLEGAL', 'ERR_MOVE_NULL'] as const;
/** One of UCI_ERRORS. */
export type UciError = (typeof UCI_ERRORS)[number];
const uciError = codecErrors(UCI_ERRORS);

/** UCI's shape: two squares and an optional promotion letter. */
const UCI_RE = /^([a-h][1-8])([a-h][1-8])([qrbnQRBN])?$/;
const PROMO_ROLES: Record<string, number> = { q: 5, r: 4, b: 3, n: 2 };

/** Whether a text has the shape of a UCI move (it may still be illegal on a position). */
export const isUciText = (text: string): boolean => UCI_RE.test(text);

/**
 * Resolves a UCI move on `pos`. Castling is the king's two-square step (`e1g1`) or the king onto
 * its own rook (`e1h1`, the form Chess960 and lichess write). Errors: ERR_UCI_ILLEGAL (not a
 * legal move here, a pawn reaching the last rank without a promotion letter included).
 */
export function parseUci(pos: Position, text: string): Result<Move, CodecError<UciError>> {
  const m = UCI_RE.exec(text);
  const illegal = () => err(uciError('ERR_UCI_ILLEGAL', `'${text}' is not a legal move here`, { field: text }));
  if (!m) return illegal();
  const from = parseSquare(m[1]);
  const to = parseSquare(m[2]);
  const promo = m[3] ? PROMO_ROLES[m[3].toLowerCase()] : 0;
  // A castling move's target is its rook's square, so the king-takes-rook form is found directly.
  const move = findLegalMove(pos, from, to, promo);
  if (move) return ok(move);
  const piece = pos.board[from];
  if (promo === 0 && piece !== 0 && (piece >> 3) === pos.turn && (piece & 7) === KING && (to >> 4) === (from >> 4)) {
    const castle = castlingMove(pos, (to & 7) > (from & 7));
    if (castle && castledKingSquare(moveFrom(castle), moveTo(castle)) === to) return ok(castle);
  }
  return illegal();
}

/**
 * A move as UCI or SAN on `pos`: a text of UCI's shape is read as UCI, any other as SAN (lenient
 * as `parseSan` is: check marks, `0-0`, long forms). Null moves (`--`, `0000`) are refused
 * (ERR_MOVE_NULL): they are not moves of the game.
 */
export function parseMoveText(pos: Position, text: string): Result<Move, CodecError<UciError | SanError>> {
  const trimmed = text.trim();
  if (isUciText(trimmed)) return parseUci(pos, trimmed);
  const san = parseSan(pos, trimmed);
  if (san.ok && moveFlags(san.value) & FLAG_NULL) return err(uciError('ERR_MOVE_NULL', `'${text}' is a null move`, { field: text }));
  return san;
}

/** Where a list of moves stopped: the index of the move that did not read or play, and why. */
export interface PlayError {
  index: number;
  error: CodecError<UciError | SanError>;
}

/**
 * Plays `moves` (UCI or SAN, see `parseMoveText`) in order on `pos`, changing it in place; on the
 * first move that does not read or is not legal, stops there (the position is the one before that
 * move) and says which.
 */
export function playMoveTexts(pos: Position, moves: readonly string[]): Result<Position, PlayError> {
  for (let index = 0; index < moves.length; index++) {
    const move = parseMoveText(pos, moves[index]);
    if (!move.ok) return err({ index, error: move.error });
    makeMove(pos, move.value);
  }
  return ok(pos);
}
