/**
 * SAN read/write. Reading is lenient about check marks, annotation glyphs,
 * `0-0` castling, a leading `P`, missing `=` before the promotion piece, `:` for
 * captures and long forms (`Ng1f3`, `e2e4`); null moves `--`, `Z0`, `0000`.
 */
import { CodecError, Result, codecErrors, err, ok } from '../result';
import { KING, PAWN, Position, ROLE_LETTERS, squareName } from './board';
import {
  FLAG_CASTLE, FLAG_NULL, Move, NULL_MOVE, castlingMove, hasLegalMove, isCheck, isLegalPseudo,
  makeMove, moveFlags, moveFrom, movePromo, moveTo, movesOfRoleTo, unmakeMove,
} from './moves';

/** The error codes this module returns. */
export const SAN_ERRORS = ['ERR_SAN_AMBIGUOUS', 'ERR_SAN_ILLEGAL', 'ERR_SAN_SYNTAX'] as const;
/** One of SAN_ERRORS. */
export type SanError = (typeof SAN_ERRORS)[number];
const sanError = codecErrors(SAN_ERRORS);

const CASTLE_RE = /^([O0o])-\1(-\1)?$/;
const NULL_TOKENS = new Set(['--', 'Z0', '0000', '@@@@']);

const buf = new Int32Array(64);
// Char codes of 'P N B R Q K' and of promotion letters (either case).
const PIECE_CODES = [80, 78, 66, 82, 81, 75];
const PROMO_CODES = [81, 82, 66, 78, 113, 114, 98, 110];
const PROMO_ROLES = [5, 4, 3, 2, 5, 4, 3, 2];
const FILE_NAMES = 'abcdefgh';
const RANK_NAMES = '12345678';

/** Strips trailing check marks and annotation glyphs from a SAN token. */
export const stripSanSuffix = (token: string): string => {
  let end = token.length;
  while (end > 0) {
    const c = token.charCodeAt(end - 1);
    if (c === 43 || c === 35 || c === 33 || c === 63) end--; // + # ! ?
    else break;
  }
  return end === token.length ? token : token.slice(0, end);
};

/**
 * True if a token looks like an attempt at a move (starts like SAN and holds a
 * rank digit or '-'), as opposed to unrelated text: GameText stores the first
 * kind as "move not readable" (0xe1) and the second as "unrecognized input" (0xe4).
 */
export const looksLikeMove = (token: string): boolean => /^[KQRBNPa-hOo0-]/.test(token) && /[1-8-]/.test(token);

/**
 * Resolves a SAN token in a position. Errors: ERR_SAN_SYNTAX (not a move),
 * ERR_SAN_ILLEGAL (no such legal move), ERR_SAN_AMBIGUOUS (several legal moves fit).
 */
export function parseSan(pos: Position, token: string): Result<Move, CodecError<SanError>> {
  const t = stripSanSuffix(token);
  const c0 = t.charCodeAt(0);
  // Null moves start with '-', 'Z', '0' or '@'.
  if ((c0 === 45 || c0 === 90 || c0 === 48 || c0 === 64) && NULL_TOKENS.has(t)) return ok(NULL_MOVE);
  const cm = c0 === 79 || c0 === 48 || c0 === 111 ? CASTLE_RE.exec(t) : null;
  if (cm) {
    const m = castlingMove(pos, cm[2] === undefined);
    return m ? ok(m) : err(sanError('ERR_SAN_ILLEGAL', `castling '${token}' is not legal here`, { field: token }));
  }
  // Hand-written SAN scan (hot path): [piece][file][rank][x|:|-]square[=promo].
  let end = t.length;
  let promo = 0;
  let c = t.charCodeAt(end - 1);
  const pi = end >= 3 ? PROMO_CODES.indexOf(c) : -1;
  if (pi >= 0) { promo = PROMO_ROLES[pi]; end--; if (t.charCodeAt(end - 1) === 61) end--; }
  if (end < 2) return err(sanError('ERR_SAN_SYNTAX', `'${token}' is not a move`, { field: token }));
  const tf = t.charCodeAt(end - 2) - 97;
  const tr = t.charCodeAt(end - 1) - 49;
  if (tf < 0 || tf > 7 || tr < 0 || tr > 7) return err(sanError('ERR_SAN_SYNTAX', `'${token}' is not a move`, { field: token }));
  const to = (tr << 4) | tf;
  let k = 0;
  let role = PAWN;
  let explicitRole = false;
  c = t.charCodeAt(0);
  const ri = PIECE_CODES.indexOf(c);
  if (ri >= 0 && end > 2) { role = ri + 1; explicitRole = true; k = 1; }
  let fromFile = -1;
  let fromRank = -1;
  c = t.charCodeAt(k);
  if (k < end - 2 && c >= 97 && c <= 104) { fromFile = c - 97; k++; c = t.charCodeAt(k); }
  if (k < end - 2 && c >= 49 && c <= 56) { fromRank = c - 49; k++; c = t.charCodeAt(k); }
  if (k < end - 2 && (c === 120 || c === 58 || c === 45)) k++;
  if (k !== end - 2) return err(sanError('ERR_SAN_SYNTAX', `'${token}' is not a move`, { field: token }));
  if (!explicitRole && fromFile >= 0 && fromRank >= 0) {
    // Long form without a piece letter (e2e4): take the role of the piece standing there.
    const p = pos.board[(fromRank << 4) | fromFile];
    if (p !== 0 && (p >> 3) === pos.turn) role = p & 7;
  }
  const lastRank = (to >> 4) === (pos.turn === 0 ? 7 : 0);
  if (role === PAWN && lastRank !== (promo !== 0)) {
    return err(sanError('ERR_SAN_ILLEGAL', lastRank ? `'${token}' needs a promotion piece` : `'${token}' cannot promote`, { field: token }));
  }
  if (role !== PAWN && promo !== 0) return err(sanError('ERR_SAN_SYNTAX', `'${token}' promotes a piece`, { field: token }));
  const n = movesOfRoleTo(pos, role, to, promo, buf);
  let found = 0;
  let count = 0;
  for (let i = 0; i < n; i++) {
    const m = buf[i];
    const from = moveFrom(m);
    if (fromFile >= 0 && (from & 7) !== fromFile) continue;
    if (fromRank >= 0 && (from >> 4) !== fromRank) continue;
    if (!isLegalPseudo(pos, m)) continue;
    found = m;
    count++;
  }
  if (count === 1) return ok(found);
  if (count === 0 && role === KING && fromFile >= 0 && fromRank >= 0) {
    // Castling written as the king's two-square step (e1g1 / e1c1).
    const from = (fromRank << 4) | fromFile;
    if (from === pos.kings[pos.turn] && (to >> 4) === (from >> 4) && Math.abs((to & 7) - (from & 7)) === 2) {
      const m = castlingMove(pos, (to & 7) > (from & 7));
      if (m) return ok(m);
    }
  }
  if (count === 0) return err(sanError('ERR_SAN_ILLEGAL', `'${token}' is not a legal move here`, { field: token }));
  return err(sanError('ERR_SAN_AMBIGUOUS', `'${token}' fits ${count} legal moves`, { field: token }));
}

/**
 * Writes a legal move as SAN without its check mark (see `checkMark`). File and
 * rank disambiguators are added only when another legal move of the same piece
 * kind reaches the same square.
 */
export function sanWithoutCheck(pos: Position, m: Move): string {
  const flags = moveFlags(m);
  if (flags & FLAG_NULL) return '--';
  const from = moveFrom(m);
  const to = moveTo(m);
  if (flags & FLAG_CASTLE) return to > from ? 'O-O' : 'O-O-O';
  const role = pos.board[from] & 7;
  const capture = pos.board[to] !== 0 || (role === PAWN && (from & 7) !== (to & 7));
  if (role === PAWN) {
    const san = capture ? FILE_NAMES[from & 7] + 'x' + squareName(to) : squareName(to);
    const promo = movePromo(m);
    return promo ? san + '=' + ROLE_LETTERS[promo] : san;
  }
  let san = ROLE_LETTERS[role];
  if (role !== KING) {
    const n = movesOfRoleTo(pos, role, to, 0, buf);
    let sameFile = false;
    let sameRank = false;
    let others = false;
    // One candidate is the move itself: only rivals need the (costly) legality test.
    for (let i = 0; n > 1 && i < n; i++) {
      const o = buf[i];
      const of = moveFrom(o);
      if (of === from || !isLegalPseudo(pos, o)) continue;
      others = true;
      if ((of & 7) === (from & 7)) sameFile = true;
      if ((of >> 4) === (from >> 4)) sameRank = true;
    }
    if (others) {
      if (!sameFile) san += FILE_NAMES[from & 7];
      else if (!sameRank) san += RANK_NAMES[from >> 4];
      else san += squareName(from);
    }
  }
  return capture ? san + 'x' + squareName(to) : san + squareName(to);
}

/** The SAN check mark for the move that led to `pos`: '+' check, '#' checkmate, '' neither. */
export const checkMark = (pos: Position): string => (isCheck(pos) ? (hasLegalMove(pos) ? '+' : '#') : '');

/** Writes a legal move as SAN with `+`/`#`. */
export function printSan(pos: Position, m: Move): string {
  const san = sanWithoutCheck(pos, m);
  const u = makeMove(pos, m);
  const mark = checkMark(pos);
  unmakeMove(pos, m, u);
  return san + mark;
}
