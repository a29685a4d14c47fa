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

/** Writes `n` (0 <= n < 10^7) as exactly 7 decimal digits, zeros first. */
const writeSevenDigits = (out: Uint8Array, at: number, n: number): number => {
  for (let i = at + 6, rest = n; i >= at; i--, rest = Math.floor(rest / 10)) out[i] = 0x30 + (rest % 10);
  return at + 7;
};

/** Writes the unsigned 64-bit value `hi` * 2^32 + `lo` (each an unsigned 32-bit half) in decimal. */
const writeUnsigned64 = (out: Uint8Array, at: number, hi: number, lo: number): number => {
  if (hi < 0x200000) return writeDecimal(out, at, hi * 0x100000000 + lo);
  // Above 2^53 a double is not exact: three 24-bit (16 for the top) parts, summed in base 10^7
  // (2^24 = 10^7 + 6,777,216; 2^48 = 2 * 10^14 + 8,147,497 * 10^7 + 6,710,656), each sum exact.
  const low = lo & 0xffffff;
  const mid = ((lo >>> 24) | (hi << 8)) & 0xffffff;
  const high = hi >>> 16;
  let units = low + mid * 6777216 + high * 6710656;
  let tens7 = mid + high * 8147497;
  let tens14 = high * 2;
  tens7 += Math.floor(units / 1e7);
  units %= 1e7;
  tens14 += Math.floor(tens7 / 1e7);
  tens7 %= 1e7;
  // At or above 2^53 (9.007e15) the top part is never 0.
  return writeSevenDigits(out, writeSevenDigits(out, writeDecimal(out, at, tens14), tens7), units);
};

/**
 * Writes, as decimal ASCII at `at` of `out`, the signed 64-bit value whose two's-complement bits are
 * `hi` (most significant 32) and `lo`: what `signedHashOf` gives for the 16 hex digits of the two
 * halves, without a BigInt. Returns where the digits end (at most 20 bytes are written).
 */
export const writeSigned64 = (out: Uint8Array, at: number, hi: number, lo: number): number => {
  const h = hi >>> 0;
  const l = lo >>> 0;
  if (h < 0x80000000) return writeUnsigned64(out, at, h, l);
  // Negative: write the magnitude, 2^64 minus the value.
  const negLo = (~l + 1) >>> 0;
  const negHi = (~h + (negLo === 0 ? 1 : 0)) >>> 0;
  out[at] = 0x2d;
  return writeUnsigned64(out, at + 1, negHi, negLo);
};
