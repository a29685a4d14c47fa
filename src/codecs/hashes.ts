/**
 * A 64-bit position hash at tabula's two edges: 16 hex digits (a Polyglot key, a crossword or
 * Go Zobrist hash, most significant first) and the signed 64-bit value PostgreSQL's `bigint`
 * column holds. Every game keys its positions through these two, so a key and its stored hash
 * always agree.
 */

/** 16 hex digits (either case) as the signed 64-bit value PostgreSQL's bigint holds (`ffffffffffffffff` is -1). */
export const signedHashOf = (hex: string): bigint => BigInt.asIntN(64, BigInt(`0x${hex}`));

/** A signed 64-bit hash (the `hash` column) as 16 lowercase hex digits: the inverse of `signedHashOf`. */
export const hashHexOf = (hash: bigint): string => BigInt.asUintN(64, hash).toString(16).padStart(16, '0');

/** Writes the decimal digits of `n` (a whole number, 0 <= n < 2^53) at `at` of `out`; returns where they end. */
export const writeDecimal = (out: Uint8Array, at: number, n: number): number => {
  let digits = 1;
  for (let rest = n; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  for (let i = at + digits - 1, rest = n; i >= at; i--, rest = Math.floor(rest / 10)) out[i] = 0x30 + (rest % 10);
  return at + digits;
};
