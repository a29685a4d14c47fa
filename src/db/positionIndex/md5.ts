/**
 * The first 8 bytes of MD5 (RFC 1321) of a short ASCII text, computed in place: the index hash of
 * a position key that is not already one (gnubg IDs, Go PositionIDs: 14 to 40 characters). One
 * block, no allocation, where `createHash` makes a hash object and crosses into native code per
 * key (about a twentieth of a backgammon import's worker). Texts of more than 55 characters, or
 * with a character beyond ASCII, are null: the caller hashes them with `node:crypto`.
 */

/** The per-step shifts and sine constants of RFC 1321. */
const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
const SINES = Int32Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) | 0);

/** The message block as 16 little-endian words. */
const block = new Int32Array(16);

/** Longest text one block holds (the padding's 0x80 byte and the 8-byte length follow it). */
export const MD5_ONE_BLOCK = 55;

/** The first 8 bytes of MD5(text), as two big-endian 32-bit numbers; null where the text is not one block of ASCII. */
export function md5Prefix(text: string): { hi: number; lo: number } | null {
  const n = text.length;
  if (n > MD5_ONE_BLOCK) return null;
  block.fill(0);
  for (let i = 0; i < n; i++) {
    const code = text.charCodeAt(i);
    if (code > 127) return null;
    block[i >> 2] |= code << ((i & 3) * 8);
  }
  block[n >> 2] |= 0x80 << ((n & 3) * 8);
  block[14] = n * 8;
  let a = 0x67452301;
  let b = 0xefcdab89 | 0;
  let c = 0x98badcfe | 0;
  let d = 0x10325476;
  for (let i = 0; i < 64; i++) {
    let f: number;
    let g: number;
    if (i < 16) {
      f = (b & c) | (~b & d);
      g = i;
    } else if (i < 32) {
      f = (d & b) | (~d & c);
      g = (5 * i + 1) & 15;
    } else if (i < 48) {
      f = b ^ c ^ d;
      g = (3 * i + 5) & 15;
    } else {
      f = c ^ (b | ~d);
      g = (7 * i) & 15;
    }
    const sum = (a + f + SINES[i] + block[g]) | 0;
    const s = SHIFTS[((i >> 4) << 2) | (i & 3)];
    a = d;
    d = c;
    c = b;
    b = (b + ((sum << s) | (sum >>> (32 - s)))) | 0;
  }
  // The digest's first 8 bytes are A then B, each little-endian: read as big-endian numbers.
  return { hi: byteSwap((a + 0x67452301) | 0), lo: byteSwap((b + (0xefcdab89 | 0)) | 0) };
}

const byteSwap = (x: number): number => (((x & 0xff) << 24) | ((x & 0xff00) << 8) | ((x >>> 8) & 0xff00) | (x >>> 24)) >>> 0;
