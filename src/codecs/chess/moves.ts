/**
 * The rules engine: attacks, pseudo-legal and legal move generation (castling in
 * standard chess and Chess960, en passant, promotions), make/unmake, check,
 * mate and stalemate, and perft. Moves are plain numbers (see `Move`).
 */
import {
  BISHOP, BLACK, Color, KING, KNIGHT, PAWN, Position, QUEEN, ROOK, WHITE,
  fileOf, rankOf, squareName, ROLE_LETTERS,
} from './board';

/**
 * A move packed in a number: bits 0-6 from, 7-13 to, 14-16 promotion role,
 * 17+ flags. Castling is "king takes own rook": `to` is the castling rook's square.
 */
export type Move = number;

/** Move flag: castling (to = rook square). */
export const FLAG_CASTLE = 1;

/** Castling (`from` the king's square, `to` the castling rook's, as Chess960 writes it): the king ends on the g- or c-file of its rank. */
export const castledKingSquare = (from: number, to: number): number => (from & 0x70) | (to > from ? 6 : 2);
/** Castling: the rook ends on the f- or d-file of its rank. */
export const castledRookSquare = (from: number, to: number): number => (from & 0x70) | (to > from ? 5 : 3);
/** Move flag: en passant capture. */
export const FLAG_EP = 2;
/** Move flag: pawn double step. */
export const FLAG_DOUBLE = 4;
/** Move flag: null move (pass). */
export const FLAG_NULL = 8;

/** Packs a move. */
export const makeMoveCode = (from: number, to: number, promo = 0, flags = 0): Move =>
  from | (to << 7) | (promo << 14) | (flags << 17);
/** Origin square of a move. */
export const moveFrom = (m: Move): number => m & 127;
/** Destination square (castling: the rook's square). */
export const moveTo = (m: Move): number => (m >> 7) & 127;
/** Promotion role, 0 if none. */
export const movePromo = (m: Move): number => (m >> 14) & 7;
/** Flag bits of a move. */
export const moveFlags = (m: Move): number => m >> 17;

/** The null move ("--"). */
export const NULL_MOVE: Move = makeMoveCode(0, 0, 0, FLAG_NULL);

/**
 * The undo token `makeMove` returns: the captured piece (4 bits), the en passant square + 1
 * (7 bits), the castling rights (4 bits), then the halfmove clock times 2^15 (beyond 32 bits,
 * so the token is a number, not an int32).
 */
export type Undo = number;
const UNDO_HALFMOVES = 32768;
/** Packs an undo token (`ep` is -1 when there is no en passant square). */
export const makeUndo = (captured: number, ep: number, castling: number, halfmoves: number): Undo =>
  (captured | ((ep + 1) << 4) | (castling << 11)) + halfmoves * UNDO_HALFMOVES;
/** The piece the move captured (0 if none). */
export const undoCaptured = (u: Undo): number => u & 15;
/** The en passant square before the move, -1 if none. */
export const undoEp = (u: Undo): number => ((u >> 4) & 127) - 1;
/** The castling rights before the move. */
export const undoCastling = (u: Undo): number => (u >> 11) & 15;
/** The halfmove clock before the move. */
export const undoHalfmoves = (u: Undo): number => Math.floor(u / UNDO_HALFMOVES);

const KNIGHT_D = [33, 31, 18, 14, -14, -18, -31, -33];
const KING_D = [17, 16, 15, 1, -1, -15, -16, -17];
const DIAG_D = [17, 15, -15, -17];
const ORTHO_D = [16, 1, -1, -16];

/** True if square `sq` is attacked by any piece of colour `by`. */
export function isAttacked(pos: Position, sq: number, by: Color): boolean {
  const b = pos.board;
  const base = by << 3;
  let s: number;
  // Pawns: a white pawn on p attacks p+15 and p+17.
  if (by === WHITE) {
    s = sq - 15; if ((s & 0x88) === 0 && b[s] === (base | PAWN)) return true;
    s = sq - 17; if ((s & 0x88) === 0 && b[s] === (base | PAWN)) return true;
  } else {
    s = sq + 15; if ((s & 0x88) === 0 && b[s] === (base | PAWN)) return true;
    s = sq + 17; if ((s & 0x88) === 0 && b[s] === (base | PAWN)) return true;
  }
  const knight = base | KNIGHT;
  const king = base | KING;
  for (let i = 0; i < 8; i++) {
    s = sq + KNIGHT_D[i];
    if ((s & 0x88) === 0 && b[s] === knight) return true;
    s = sq + KING_D[i];
    if ((s & 0x88) === 0 && b[s] === king) return true;
  }
  const queen = base | QUEEN;
  const bishop = base | BISHOP;
  const rook = base | ROOK;
  for (let i = 0; i < 4; i++) {
    let d = DIAG_D[i];
    for (s = sq + d; (s & 0x88) === 0; s += d) {
      const p = b[s];
      if (p !== 0) { if (p === bishop || p === queen) return true; break; }
    }
    d = ORTHO_D[i];
    for (s = sq + d; (s & 0x88) === 0; s += d) {
      const p = b[s];
      if (p !== 0) { if (p === rook || p === queen) return true; break; }
    }
  }
  return false;
}

/** True if the side to move is in check. */
export const isCheck = (pos: Position): boolean =>
  isAttacked(pos, pos.kings[pos.turn], (pos.turn ^ 1) as Color);

function pushPawn(out: Int32Array, n: number, from: number, to: number, lastRank: boolean, flags: number): number {
  if (lastRank) {
    out[n++] = makeMoveCode(from, to, QUEEN, flags);
    out[n++] = makeMoveCode(from, to, ROOK, flags);
    out[n++] = makeMoveCode(from, to, BISHOP, flags);
    out[n++] = makeMoveCode(from, to, KNIGHT, flags);
  } else out[n++] = makeMoveCode(from, to, 0, flags);
  return n;
}

/** Castling moves that are fully legal (path empty, king never attacked); appends to `out`. */
function genCastling(pos: Position, out: Int32Array, n: number): number {
  const us = pos.turn;
  const rights = (pos.castling >> (us * 2)) & 3;
  if (rights === 0) return n;
  const b = pos.board;
  const them = (us ^ 1) as Color;
  const kf = pos.kings[us];
  for (let side = 0; side < 2; side++) {
    if ((rights & (1 << side)) === 0) continue;
    const rf = pos.rooks[us * 2 + side];
    if (rf < 0 || b[rf] !== ((us << 3) | ROOK) || (rf & 0x70) !== (kf & 0x70)) continue;
    const rank = kf & 0x70;
    const kt = rank | (side === 0 ? 6 : 2);
    const rt = rank | (side === 0 ? 5 : 3);
    // Chess960 rule: every square between king/rook and their targets is empty but for the two.
    const lo = Math.min(kf, rf, kt, rt);
    const hi = Math.max(kf, rf, kt, rt);
    let blocked = false;
    for (let s = lo; s <= hi; s++) if (s !== kf && s !== rf && b[s] !== 0) { blocked = true; break; }
    if (blocked) continue;
    // The king may not be in, pass through or land on an attacked square (king and rook lifted).
    const king = b[kf];
    const rook = b[rf];
    b[kf] = 0; b[rf] = 0;
    const step = kt > kf ? 1 : -1;
    let safe = true;
    for (let s = kf; ; s += step) {
      if (isAttacked(pos, s, them)) { safe = false; break; }
      if (s === kt) break;
    }
    b[kf] = king; b[rf] = rook;
    if (safe) out[n++] = makeMoveCode(kf, rf, 0, FLAG_CASTLE);
  }
  return n;
}

/** Pseudo-legal moves of the side to move (castling already fully checked); returns the count written to `out` (size >= 256). */
export function genPseudoMoves(pos: Position, out: Int32Array): number {
  const b = pos.board;
  const us = pos.turn;
  let n = 0;
  const fwd = us === WHITE ? 16 : -16;
  const startRank = us === WHITE ? 1 : 6;
  const lastRank = us === WHITE ? 7 : 0;
  for (let sq = 0; sq < 120; sq++) {
    if (sq & 0x88) { sq += 7; continue; }
    const p = b[sq];
    if (p === 0 || (p >> 3) !== us) continue;
    const role = p & 7;
    if (role === PAWN) {
      const t = sq + fwd;
      const promo = (t >> 4) === lastRank;
      if (b[t] === 0) {
        n = pushPawn(out, n, sq, t, promo, 0);
        if ((sq >> 4) === startRank && b[t + fwd] === 0) out[n++] = makeMoveCode(sq, t + fwd, 0, FLAG_DOUBLE);
      }
      for (let k = -1; k <= 1; k += 2) {
        const c = t + k;
        if (c & 0x88) continue;
        const q = b[c];
        if (q !== 0) { if ((q >> 3) !== us) n = pushPawn(out, n, sq, c, promo, 0); }
        else if (c === pos.ep) out[n++] = makeMoveCode(sq, c, 0, FLAG_EP);
      }
    } else if (role === KNIGHT || role === KING) {
      const ds = role === KNIGHT ? KNIGHT_D : KING_D;
      for (let i = 0; i < 8; i++) {
        const t = sq + ds[i];
        if (t & 0x88) continue;
        const q = b[t];
        if (q === 0 || (q >> 3) !== us) out[n++] = makeMoveCode(sq, t);
      }
    } else {
      for (let pass = 0; pass < 2; pass++) {
        let ds: number[];
        if (pass === 0) { if (role === ROOK) continue; ds = DIAG_D; } else { if (role === BISHOP) continue; ds = ORTHO_D; }
        for (let i = 0; i < 4; i++) {
          const d = ds[i];
          for (let t = sq + d; (t & 0x88) === 0; t += d) {
            const q = b[t];
            if (q === 0) out[n++] = makeMoveCode(sq, t);
            else { if ((q >> 3) !== us) out[n++] = makeMoveCode(sq, t); break; }
          }
        }
      }
    }
  }
  return genCastling(pos, out, n);
}

/**
 * Plays a move in place and returns the undo token for `unmakeMove`. The move
 * must come from this position's generator (or parse/decode of it).
 * The token packs what the move overwrote (see `Undo`).
 */
export function makeMove(pos: Position, m: Move): Undo {
  const us = pos.turn;
  const ep = pos.ep;
  const castling = pos.castling;
  const half = pos.halfmoves;
  const flags = moveFlags(m);
  pos.turn = (us ^ 1) as Color;
  if (us === BLACK) pos.fullmoves++;
  pos.ep = -1;
  if (flags & FLAG_NULL) {
    pos.halfmoves = half + 1;
    return makeUndo(0, ep, castling, half);
  }
  const b = pos.board;
  const from = moveFrom(m);
  const to = moveTo(m);
  const piece = b[from];
  let captured = 0;
  if (flags & FLAG_CASTLE) {
    const rook = b[to];
    b[from] = 0; b[to] = 0;
    const kt = castledKingSquare(from, to);
    b[kt] = piece;
    b[castledRookSquare(from, to)] = rook;
    pos.kings[us] = kt;
    pos.castling &= ~(3 << (us * 2));
    pos.halfmoves = half + 1;
    return makeUndo(0, ep, castling, half);
  }
  if (flags & FLAG_EP) {
    const cs = us === WHITE ? to - 16 : to + 16;
    captured = b[cs];
    b[cs] = 0;
  } else captured = b[to];
  const promo = movePromo(m);
  b[to] = promo ? (us << 3) | promo : piece;
  b[from] = 0;
  const role = piece & 7;
  if (role === KING) {
    pos.kings[us] = to;
    pos.castling &= ~(3 << (us * 2));
  }
  if (pos.castling !== 0) {
    const r = pos.rooks;
    for (let i = 0; i < 4; i++) {
      if ((pos.castling & (1 << i)) !== 0 && (r[i] === from || r[i] === to)) pos.castling &= ~(1 << i);
    }
  }
  if (flags & FLAG_DOUBLE) pos.ep = (from + to) >> 1;
  pos.halfmoves = role === PAWN || captured !== 0 ? 0 : half + 1;
  return makeUndo(captured, ep, castling, half);
}

/** Takes back `m`, given the token `makeMove` returned. */
export function unmakeMove(pos: Position, m: Move, undo: Undo): void {
  const us = (pos.turn ^ 1) as Color;
  pos.turn = us;
  if (us === BLACK) pos.fullmoves--;
  pos.ep = undoEp(undo);
  pos.castling = undoCastling(undo);
  pos.halfmoves = undoHalfmoves(undo);
  const flags = moveFlags(m);
  if (flags & FLAG_NULL) return;
  const b = pos.board;
  const from = moveFrom(m);
  const to = moveTo(m);
  if (flags & FLAG_CASTLE) {
    const kt = castledKingSquare(from, to);
    const rt = castledRookSquare(from, to);
    const king = b[kt];
    const rook = b[rt];
    b[kt] = 0; b[rt] = 0;
    b[from] = king; b[to] = rook;
    pos.kings[us] = from;
    return;
  }
  const captured = undoCaptured(undo);
  let piece = b[to];
  if (movePromo(m)) piece = (us << 3) | PAWN;
  b[from] = piece;
  if (flags & FLAG_EP) {
    b[to] = 0;
    b[us === WHITE ? to - 16 : to + 16] = captured;
  } else b[to] = captured;
  if ((piece & 7) === KING) pos.kings[us] = from;
}

/** True if the pseudo-legal move `m` does not leave the mover's king attacked. */
export function isLegalPseudo(pos: Position, m: Move): boolean {
  if (moveFlags(m) & FLAG_CASTLE) return true; // genCastling only emits legal castling
  const us = pos.turn;
  const u = makeMove(pos, m);
  const ok = !isAttacked(pos, pos.kings[us], (us ^ 1) as Color);
  unmakeMove(pos, m, u);
  return ok;
}

const scratch: Int32Array[] = [];
const scratchBuf = (depth: number): Int32Array => {
  while (scratch.length <= depth) scratch.push(new Int32Array(256));
  return scratch[depth];
};

/** Legal moves into `out`; returns the count. */
export function genLegalMoves(pos: Position, out: Int32Array): number {
  const n = genPseudoMoves(pos, out);
  let k = 0;
  for (let i = 0; i < n; i++) if (isLegalPseudo(pos, out[i])) out[k++] = out[i];
  return k;
}

/** All legal moves of the side to move. */
export function legalMoves(pos: Position): Move[] {
  const buf = new Int32Array(256);
  const n = genLegalMoves(pos, buf);
  return Array.from(buf.subarray(0, n));
}

/** True if the side to move has at least one legal move. */
export function hasLegalMove(pos: Position): boolean {
  // King steps first: the usual way out of a check, found without generating every move.
  const us = pos.turn;
  const kf = pos.kings[us];
  const b = pos.board;
  for (let i = 0; i < 8; i++) {
    const t = kf + KING_D[i];
    if ((t & 0x88) !== 0 || (b[t] !== 0 && (b[t] >> 3) === us)) continue;
    if (isLegalPseudo(pos, makeMoveCode(kf, t))) return true;
  }
  const buf = scratchBuf(64);
  const n = genPseudoMoves(pos, buf);
  for (let i = 0; i < n; i++) if (isLegalPseudo(pos, buf[i])) return true;
  return false;
}

/** Game state of a position: 'checkmate', 'stalemate' or 'ongoing' (draw rules by counting are not judged). */
export function positionStatus(pos: Position): 'checkmate' | 'stalemate' | 'ongoing' {
  if (hasLegalMove(pos)) return 'ongoing';
  return isCheck(pos) ? 'checkmate' : 'stalemate';
}

/** Number of leaf nodes of the legal move tree to `depth` (bulk-counted at depth 1). */
export function perft(pos: Position, depth: number): number {
  return perftRec(pos, depth, 0);
}

function perftRec(pos: Position, depth: number, ply: number): number {
  const buf = scratchBuf(ply);
  const n = genPseudoMoves(pos, buf);
  const us = pos.turn;
  const them = (us ^ 1) as Color;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const m = buf[i];
    const u = makeMove(pos, m);
    if ((moveFlags(m) & FLAG_CASTLE) || !isAttacked(pos, pos.kings[us], them)) {
      total += depth <= 1 ? 1 : perftRec(pos, depth - 1, ply + 1);
    }
    unmakeMove(pos, m, u);
  }
  return total;
}

/**
 * Pseudo-legal origin squares of pieces of `role` for the side to move that could
 * go to `to` (pawns: pushes, double steps, captures, en passant). Writes moves
 * (promotion role `promo` for pawns reaching the last rank) and returns the count.
 */
export function movesOfRoleTo(pos: Position, role: number, to: number, promo: number, out: Int32Array): number {
  const b = pos.board;
  const us = pos.turn;
  const own = (us << 3) | role;
  const target = b[to];
  if (target !== 0 && (target >> 3) === us) return 0;
  let n = 0;
  if (role === PAWN) {
    const fwd = us === WHITE ? 16 : -16;
    const last = (to >> 4) === (us === WHITE ? 7 : 0);
    const p = last ? promo : 0;
    if (target === 0 && to !== pos.ep) {
      const s1 = to - fwd;
      if ((s1 & 0x88) === 0) {
        if (b[s1] === own) out[n++] = makeMoveCode(s1, to, p);
        else if (b[s1] === 0 && (to >> 4) === (us === WHITE ? 3 : 4) && b[s1 - fwd] === own) {
          out[n++] = makeMoveCode(s1 - fwd, to, 0, FLAG_DOUBLE);
        }
      }
    } else {
      for (let k = -1; k <= 1; k += 2) {
        const s = to - fwd + k;
        if ((s & 0x88) === 0 && b[s] === own) out[n++] = makeMoveCode(s, to, p, target === 0 ? FLAG_EP : 0);
      }
    }
    return n;
  }
  if (role === KNIGHT || role === KING) {
    const ds = role === KNIGHT ? KNIGHT_D : KING_D;
    for (let i = 0; i < 8; i++) {
      const s = to - ds[i];
      if ((s & 0x88) === 0 && b[s] === own) out[n++] = makeMoveCode(s, to);
    }
    return n;
  }
  for (let pass = 0; pass < 2; pass++) {
    let ds: number[];
    if (pass === 0) { if (role === ROOK) continue; ds = DIAG_D; } else { if (role === BISHOP) continue; ds = ORTHO_D; }
    for (let i = 0; i < 4; i++) {
      const d = ds[i];
      for (let s = to + d; (s & 0x88) === 0; s += d) {
        const q = b[s];
        if (q !== 0) { if (q === own) out[n++] = makeMoveCode(s, to); break; }
      }
    }
  }
  return n;
}

/** The legal castling move toward the king side (`kingside`) or queen side, or 0 if none. */
export function castlingMove(pos: Position, kingside: boolean): Move {
  const buf = scratchBuf(65);
  const n = genCastling(pos, buf, 0);
  for (let i = 0; i < n; i++) {
    const m = buf[i];
    if (moveTo(m) > moveFrom(m) === kingside) return m;
  }
  return 0;
}

/** Finds the legal move from `from` to `to` (castling: `to` = rook square) with promotion `promo`, or 0. */
export function findLegalMove(pos: Position, from: number, to: number, promo = 0): Move {
  const buf = scratchBuf(66);
  const n = genPseudoMoves(pos, buf);
  for (let i = 0; i < n; i++) {
    const m = buf[i];
    if (moveFrom(m) === from && moveTo(m) === to && movePromo(m) === promo) {
      return isLegalPseudo(pos, m) ? m : 0;
    }
  }
  return 0;
}

/**
 * UCI text of a move: `e2e4`, `e7e8q`, null `0000`. Castling is written king to
 * rook square when `chess960`, else king to its target square (e1g1).
 */
export function moveToUci(pos: Position, m: Move, chess960 = false): string {
  const flags = moveFlags(m);
  if (flags & FLAG_NULL) return '0000';
  const from = moveFrom(m);
  let to = moveTo(m);
  if ((flags & FLAG_CASTLE) && !chess960) to = castledKingSquare(from, to);
  const promo = movePromo(m);
  void pos;
  return squareName(from) + squareName(to) + (promo ? ROLE_LETTERS[promo].toLowerCase() : '');
}

/** File and rank deltas (to - from), used by codecs that describe moves geometrically. */
export const moveDelta = (m: Move): [number, number] => {
  const from = moveFrom(m);
  const to = moveTo(m);
  return [rankOf(to) - rankOf(from), fileOf(to) - fileOf(from)];
};
