/**
 * 64-bit hash values without BigInt: two unsigned 32-bit halves (hi, lo).
 * At the edges a hash is 16 lowercase hex digits, most significant first,
 * which is also the byte order in Cook's files (go.md section 2a).
 */
import { CodecError, Result, ok, err, codecErrors } from '../result';

/** The error codes this module returns. */
export const HASH_ERRORS = ['ERR_GO_HASH_HEX'] as const;
/** One of HASH_ERRORS. */
export type HashError = (typeof HASH_ERRORS)[number];
const hashError = codecErrors(HASH_ERRORS);

/** A 64-bit value as two unsigned 32-bit halves. */
export interface Hash64 {
  hi: number;
  lo: number;
}

const HEX_PAIRS: string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

const hex8 = (x: number): string => {
  const u = x >>> 0;
  return HEX_PAIRS[u >>> 24] + HEX_PAIRS[(u >>> 16) & 255] + HEX_PAIRS[(u >>> 8) & 255] + HEX_PAIRS[u & 255];
};

/** 16 lowercase hex digits for (hi, lo). */
export const hashToHex = (hi: number, lo: number): string => hex8(hi) + hex8(lo);

/** The 8 bytes at `offset` as 16 lowercase hex digits, in file order (big-endian). */
export const bytesToHashHex = (bytes: Uint8Array, offset: number): string => {
  let s = '';
  for (let i = 0; i < 8; i++) s += HEX_PAIRS[bytes[offset + i]];
  return s;
};

const hexValue = (c: number): number => {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  return -1;
};

/** Whether `s` is exactly 16 hex digits (either case). */
export const isHashHex = (s: string): boolean => {
  if (s.length !== 16) return false;
  for (let i = 0; i < 16; i++) if (hexValue(s.charCodeAt(i)) < 0) return false;
  return true;
};

/** Parses 16 hex digits (either case) into halves. Error `ERR_GO_HASH_HEX` otherwise. */
export const parseHashHex = (s: string): Result<Hash64> => {
  if (!isHashHex(s)) return err(hashError('ERR_GO_HASH_HEX', `a hash is 16 hex digits, got ${JSON.stringify(s.slice(0, 40))}`));
  return ok({ hi: parseInt(s.slice(0, 8), 16) >>> 0, lo: parseInt(s.slice(8), 16) >>> 0 });
};

/**
 * A hash (16 hex digits) or a stored position key (20: the hash, then 4 digits of side to move
 * and tiebreak), lower-cased and trimmed.
 */
export const parseHashOrKeyHex = (text: string): Result<string, CodecError<HashError>> => {
  const hex = text.trim().toLowerCase();
  if (isHashHex(hex) || /^[0-9a-f]{20}$/.test(hex)) return ok(hex);
  return err(hashError('ERR_GO_HASH_HEX', `a hash is 16 hex digits (or a PositionID of 20), got ${JSON.stringify(text.slice(0, 40))}`));
};

/** Unsigned comparison of two 64-bit values: negative, zero or positive. */
export const compareHash64 = (aHi: number, aLo: number, bHi: number, bLo: number): number => {
  const ah = aHi >>> 0;
  const bh = bHi >>> 0;
  if (ah !== bh) return ah < bh ? -1 : 1;
  const al = aLo >>> 0;
  const bl = bLo >>> 0;
  return al === bl ? 0 : al < bl ? -1 : 1;
};
