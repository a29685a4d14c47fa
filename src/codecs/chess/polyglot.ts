/**
 * Polyglot Zobrist keys: the 64-bit position hash used by Polyglot opening
 * books, computed with 32-bit halves (no BigInt) from the standard 781-key table.
 */
import { Position, WHITE } from './board';
import { epCapturable } from './fen';
import { POLYGLOT_RANDOM as R } from './polyglotRandom';

const HEX2 = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

const hex8 = (x: number): string => HEX2[x >>> 24] + HEX2[(x >>> 16) & 255] + HEX2[(x >>> 8) & 255] + HEX2[x & 255];

/** The Polyglot key as [high, low] uint32 halves. */
export function polyglotKeyParts(pos: Position): [number, number] {
  let hi = 0;
  let lo = 0;
  const b = pos.board;
  for (let i = 0; i < 64; i++) {
    const sq = i + (i & ~7);
    const p = b[sq];
    if (p === 0) continue;
    // Piece-square: kind = 2 * (role - 1) + (white ? 1 : 0); index 64 * kind + 8 * rank + file.
    const kind = 2 * ((p & 7) - 1) + ((p >> 3) === WHITE ? 1 : 0);
    const k = 2 * (64 * kind + i);
    hi ^= R[k]; lo ^= R[k + 1];
  }
  // Castling K Q k q = 768..771 (our right bits are in the same order).
  for (let c = 0; c < 4; c++) {
    if (pos.castling & (1 << c)) { hi ^= R[2 * (768 + c)]; lo ^= R[2 * (768 + c) + 1]; }
  }
  // En passant file 772..779, only if a pawn of the side to move stands ready to capture.
  if (epCapturable(pos)) {
    const i = 2 * (772 + (pos.ep & 7));
    hi ^= R[i]; lo ^= R[i + 1];
  }
  // 780 when White is to move.
  if (pos.turn === WHITE) { hi ^= R[1560]; lo ^= R[1561]; }
  return [hi >>> 0, lo >>> 0];
}

/** The Polyglot key as 16 lowercase hex digits. */
export function polyglotKey(pos: Position): string {
  const [hi, lo] = polyglotKeyParts(pos);
  return hex8(hi) + hex8(lo);
}
