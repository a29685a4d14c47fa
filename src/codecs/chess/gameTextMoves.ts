/**
 * GameText move codes (JOSE binary move encoding): permanent piece identities
 * and the one- and two-byte codes of single moves, in both dialects.
 *
 * Identities (per colour): 0..7 pawns a..h, 8/9 queen's/king's knight, 10/11
 * queen's/king's bishop, 12/13 queen's/king's rook, 14 queen, 15 king, 16+i the
 * piece promoted from pawn i. They are fixed at setup in FEN scan order (rank 8
 * to 1, file a to h, as JOSE does) and never renumbered. Pieces beyond JOSE's
 * quota in a FEN (3rd knight/bishop/rook, 2nd queen) take a promoted-piece slot
 * `16 + i` with i a pawn index no pawn of that colour has (i >= pawn count), so
 * their codes never collide; JOSE itself writes wrong bytes for them. If no slot
 * is free the piece gets no identity and moving it is ERR_GAMETEXT_PIECE_QUOTA.
 */
import { BISHOP, KING, KNIGHT, PAWN, Position, QUEEN, ROOK, WHITE } from './board';
import { FLAG_CASTLE, FLAG_EP, FLAG_NULL, Move, castledKingSquare, castledRookSquare, castlingMove, findLegalMove, moveFlags, moveFrom, movePromo, moveTo, NULL_MOVE } from './moves';

/** Which offset diagrams to use for knights and kings: JOSE's program (default) or the seed document's. */
export type GameTextDialect = 'JOSE' | 'SEED_DIAGRAM';

/** Identity numbers (see module doc). */
export const ID_KNIGHT = 8;
export const ID_BISHOP = 10;
export const ID_ROOK = 12;
export const ID_QUEEN = 14;
export const ID_KING = 15;
export const ID_PROMOTED = 16;

// [delta rank, delta file] per direction index.
// JOSE knight: clockwise from (+1,+2): from e4 g5 g3 f2 d2 c3 c5 d6 f6.
const KNIGHT_JOSE = [[1, 2], [-1, 2], [-2, 1], [-2, -1], [-1, -2], [1, -2], [2, -1], [2, 1]];
// Seed grid 2.2: 0 f6, 1 d6, 2 c5, 3 c3, 4 d2, 5 f2, 6 g3, 7 g5.
const KNIGHT_SEED = [[2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2], [1, 2]];
// JOSE king: NE SE SW NW E W N S.
const KING_JOSE = [[1, 1], [-1, 1], [-1, -1], [1, -1], [0, 1], [0, -1], [1, 0], [-1, 0]];
// Seed grid 2.6: NE NW SW SE N S W E.
const KING_SEED = [[1, 1], [1, -1], [-1, -1], [-1, 1], [1, 0], [-1, 0], [0, -1], [0, 1]];

const inverse = (table: number[][]): Int8Array => {
  const inv = new Int8Array(25).fill(-1);
  table.forEach(([dr, df], i) => { inv[(dr + 2) * 5 + df + 2] = i; });
  return inv;
};
const KNIGHT_INV = { JOSE: inverse(KNIGHT_JOSE), SEED_DIAGRAM: inverse(KNIGHT_SEED) };
const KING_INV = { JOSE: inverse(KING_JOSE), SEED_DIAGRAM: inverse(KING_SEED) };
const KNIGHT_TAB = { JOSE: KNIGHT_JOSE, SEED_DIAGRAM: KNIGHT_SEED };
const KING_TAB = { JOSE: KING_JOSE, SEED_DIAGRAM: KING_SEED };

/** Piece identities of a game in progress: `ids[square]` and `where[color * 24 + id]` (-1 = none). */
export interface PieceIds {
  ids: Int8Array;
  where: Int8Array;
}

/** Assigns identities to the pieces of a start position in FEN scan order. */
export function setupIds(pos: Position): PieceIds {
  const ids = new Int8Array(128).fill(-1);
  const where = new Int8Array(48).fill(-1);
  const pawnCount = [0, 0];
  for (let sq = 0; sq < 120; sq++) if (!(sq & 0x88) && (pos.board[sq] & 7) === PAWN) pawnCount[pos.board[sq] >> 3]++;
  const counts = [new Int8Array(7), new Int8Array(7)];
  const nextFree = [pawnCount[0], pawnCount[1]];
  const quota = [0, 8, 2, 2, 2, 1, 1];
  const base = [0, 0, ID_KNIGHT, ID_BISHOP, ID_ROOK, ID_QUEEN, ID_KING];
  for (let r = 7; r >= 0; r--) {
    for (let f = 0; f < 8; f++) {
      const sq = (r << 4) | f;
      const p = pos.board[sq];
      if (p === 0) continue;
      const c = p >> 3;
      const role = p & 7;
      const k = counts[c][role]++;
      let id = -1;
      if (k < quota[role]) id = base[role] + k;
      else if (role !== PAWN && role !== KING && nextFree[c] < 8) id = ID_PROMOTED + nextFree[c]++;
      ids[sq] = id;
      if (id >= 0) where[c * 24 + id] = sq;
    }
  }
  return { ids, where };
}

/** A copy of identities. */
export const cloneIds = (t: PieceIds): PieceIds => ({ ids: t.ids.slice(), where: t.where.slice() });

/** Moves identities along with move `m` (call before playing `m` on `pos`). */
export function applyIds(t: PieceIds, pos: Position, m: Move): void {
  const flags = moveFlags(m);
  if (flags & FLAG_NULL) return;
  const { ids, where } = t;
  const us = pos.turn;
  const from = moveFrom(m);
  const to = moveTo(m);
  const ub = us * 24;
  if (flags & FLAG_CASTLE) {
    const kt = castledKingSquare(from, to);
    const rt = castledRookSquare(from, to);
    const kid = ids[from];
    const rid = ids[to];
    ids[from] = -1; ids[to] = -1;
    ids[kt] = kid; ids[rt] = rid;
    if (kid >= 0) where[ub + kid] = kt;
    if (rid >= 0) where[ub + rid] = rt;
    return;
  }
  const cs = flags & FLAG_EP ? (us === WHITE ? to - 16 : to + 16) : to;
  const cid = ids[cs];
  if (cid >= 0) { where[(us ^ 1) * 24 + cid] = -1; ids[cs] = -1; }
  let id = ids[from];
  ids[from] = -1;
  if (id >= 0) where[ub + id] = -1;
  // A promoted piece is named after the pawn that promoted (its identity, not its file).
  if (movePromo(m)) id = id >= 0 && id < 8 ? ID_PROMOTED + id : -1;
  ids[to] = id;
  if (id >= 0) where[ub + id] = to;
}

const pawnDir = (white: boolean, dr: number, df: number): number => {
  // Seed 2.1: 0 forward, 1 capture to the mover's right, 2 to the mover's left, 3 double step.
  if (df === 0) return dr === 2 || dr === -2 ? 3 : 0;
  return (white ? df > 0 : df < 0) ? 1 : 2;
};
// Seed 2.3: diagonal toward h8/a1 -> target rank; toward a8/h1 -> 8 + target rank.
const bishopOffset = (to: number, dr: number, df: number): number => (dr === df ? to >> 4 : 8 + (to >> 4));
// Seed 2.4: vertical -> target rank; horizontal -> 8 + target file.
const rookOffset = (to: number, df: number): number => (df === 0 ? to >> 4 : 8 + (to & 7));
// Seed 2.5: diagonals as the bishop, verticals 0x10 + rank, horizontals 0x18 + file.
const queenOffset = (to: number, dr: number, df: number): number =>
  dr !== 0 && df !== 0 ? bishopOffset(to, dr, df) : df === 0 ? 0x10 + (to >> 4) : 0x18 + (to & 7);

/** Sentinel: the moving piece has no identity (FEN beyond quota, no free slot). */
export const CODE_NO_IDENTITY = -1;

/**
 * The code of a legal move: one byte (0..255), or two bytes packed as
 * `0x10000 | first | second << 8`, or CODE_NO_IDENTITY.
 */
export function encodeMove(pos: Position, t: PieceIds, m: Move, dialect: GameTextDialect): number {
  const flags = moveFlags(m);
  if (flags & FLAG_NULL) return 0x9a;
  const from = moveFrom(m);
  const to = moveTo(m);
  // 0x98 / 0x99 by the side of the castling rook (works for Chess960).
  if (flags & FLAG_CASTLE) return to > from ? 0x98 : 0x99;
  const id = t.ids[from];
  if (id < 0) return CODE_NO_IDENTITY;
  const dr = (to >> 4) - (from >> 4);
  const df = (to & 7) - (from & 7);
  const white = pos.turn === WHITE;
  const promo = movePromo(m);
  // Seed 2.7: 0xa0 + pawn, second byte 0x20 | direction << 2 | piece (0 N .. 3 Q).
  if (promo) return 0x10000 | (0xa0 + id) | ((0x20 | (pawnDir(white, dr, df) << 2) | (promo - KNIGHT)) << 8);
  if (id < 8) return 4 * id + pawnDir(white, dr, df);
  const role = pos.board[from] & 7;
  if (id >= ID_PROMOTED) {
    // Seed 2.8: 0xa8 + pawn the piece came from, second byte 0x20 | the piece's own offset.
    let off: number;
    if (role === KNIGHT) off = KNIGHT_INV[dialect][(dr + 2) * 5 + df + 2];
    else if (role === BISHOP) off = bishopOffset(to, dr, df);
    else if (role === ROOK) off = rookOffset(to, df);
    else off = queenOffset(to, dr, df);
    return 0x10000 | (0xa8 + id - ID_PROMOTED) | ((0x20 | off) << 8);
  }
  if (id < ID_BISHOP) return 0x20 + (id - ID_KNIGHT) * 8 + KNIGHT_INV[dialect][(dr + 2) * 5 + df + 2];
  if (id < ID_ROOK) return 0x30 + (id - ID_BISHOP) * 16 + bishopOffset(to, dr, df);
  if (id < ID_QUEEN) return 0x50 + (id - ID_ROOK) * 16 + rookOffset(to, df);
  if (id === ID_QUEEN) return 0x70 + queenOffset(to, dr, df);
  return 0x90 + KING_INV[dialect][(dr + 2) * 5 + df + 2];
}

const step = (from: number, dr: number, df: number): number => {
  const f = (from & 7) + df;
  const r = (from >> 4) + dr;
  return f < 0 || f > 7 || r < 0 || r > 7 ? -1 : (r << 4) | f;
};

/** Target of a rider offset (bishop/rook/queen: `kind` = role), or -1 when geometrically impossible. */
function riderTarget(from: number, role: number, o: number): number {
  const fr = from >> 4;
  const ff = from & 7;
  if (role === QUEEN && o >= 16) {
    if (o < 24) { const r = o - 16; return r === fr ? -1 : (r << 4) | ff; }
    const f = o - 24; return f === ff ? -1 : (fr << 4) | f;
  }
  if (role === ROOK) {
    if (o < 8) return o === fr ? -1 : (o << 4) | ff;
    const f = o - 8; return f === ff ? -1 : (fr << 4) | f;
  }
  if (o > 15) return -1;
  const r = o & 7;
  const dr = r - fr;
  if (dr === 0) return -1;
  return step(from, dr, o < 8 ? dr : -dr);
}

/**
 * Decodes a move code (`b2` = second byte for 0xa0..0xaf) into the legal move it
 * names, or 0 if it names none (off-board offset, missing piece, illegal move).
 */
export function decodeMove(pos: Position, t: PieceIds, b1: number, b2: number, dialect: GameTextDialect): Move {
  const us = pos.turn;
  const white = us === WHITE;
  const ub = us * 24;
  if (b1 === 0x98 || b1 === 0x99) return castlingMove(pos, b1 === 0x98);
  if (b1 === 0x9a) return NULL_MOVE;
  let id: number;
  let promo = 0;
  let dir = -1;
  let off = -1;
  if (b1 < 0x20) { id = b1 >> 2; dir = b1 & 3; }
  else if (b1 < 0x30) { id = ID_KNIGHT + ((b1 - 0x20) >> 3); off = b1 & 7; }
  else if (b1 < 0x50) { id = ID_BISHOP + ((b1 - 0x30) >> 4); off = b1 & 15; }
  else if (b1 < 0x70) { id = ID_ROOK + ((b1 - 0x50) >> 4); off = b1 & 15; }
  else if (b1 < 0x90) { id = ID_QUEEN; off = b1 - 0x70; }
  else if (b1 < 0x98) { id = ID_KING; off = b1 - 0x90; }
  else if (b1 >= 0xa0 && b1 < 0xa8) { id = b1 - 0xa0; dir = (b2 >> 2) & 3; promo = KNIGHT + (b2 & 3); }
  else if (b1 >= 0xa8 && b1 < 0xb0) { id = ID_PROMOTED + b1 - 0xa8; off = b2 & 0x1f; }
  else return 0;
  const from = t.where[ub + id];
  if (from < 0) return 0;
  const role = pos.board[from] & 7;
  let to: number;
  if (dir >= 0) {
    if (role !== PAWN) return 0;
    const fwd = white ? 1 : -1;
    const right = white ? 1 : -1;
    to = dir === 0 ? step(from, fwd, 0) : dir === 3 ? step(from, 2 * fwd, 0) : step(from, fwd, dir === 1 ? right : -right);
  } else if (role === KNIGHT || role === KING) {
    if (off > 7) return 0;
    const [dr, df] = (role === KNIGHT ? KNIGHT_TAB : KING_TAB)[dialect][off];
    to = step(from, dr, df);
  } else to = riderTarget(from, role, off);
  if (to < 0) return 0;
  return findLegalMove(pos, from, to, promo);
}

/** True if a byte starts a move code (one byte, or the first of two). */
export const isMoveByte = (b: number): boolean => b <= 0x9a || (b >= 0xa0 && b <= 0xaf);

/** True if a move code byte needs a second byte. */
export const isTwoByteMove = (b: number): boolean => b >= 0xa0 && b <= 0xaf;
