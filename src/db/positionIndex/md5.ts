/**
 * The first 8 bytes of MD5 (RFC 1321) of an ASCII text, computed in place: the index hash of a
 * position key that is not already one (gnubg IDs, Go PositionIDs). No allocation, where
 * `createHash` makes a hash object and crosses into native code per key (about a twentieth of a
 * backgammon import's worker). A text beyond MD5_LONGEST characters, or with a character beyond
 * ASCII, is null: the caller hashes it with `node:crypto`.
 */

/** The per-step shifts and sine constants of RFC 1321. */
const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
const SINES = Int32Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) | 0);

/** The message block being hashed, as 16 little-endian words. */
const block = new Int32Array(16);

/** The state after each block: A, B, C, D. */
const state = new Int32Array(4);

/** Longest text hashed here (Go PositionIDs of 19x19 boards are about 120 characters). */
export const MD5_LONGEST = 1024;

/** Block k of `text` (of n ASCII characters) padded as RFC 1321 pads the whole message; false at a character beyond ASCII. */
const fillBlock = (text: string, n: number, k: number, blocks: number): boolean => {
  block.fill(0);
  const from = k * 64;
  const to = Math.min(n, from + 64);
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code > 127) return false;
    block[(i - from) >> 2] |= code << (((i - from) & 3) * 8);
  }
  if (n >= from && n < from + 64) block[(n - from) >> 2] |= 0x80 << (((n - from) & 3) * 8);
  // The length in bits, little-endian, in the last block's last 8 bytes.
  if (k === blocks - 1) {
    block[14] = (n * 8) | 0;
    block[15] = Math.floor((n * 8) / 2 ** 32);
  }
  return true;
};

/** One block into the state. */
const compress = (): void => {
  let a = state[0];
  let b = state[1];
  let c = state[2];
  let d = state[3];
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
  state[0] = (state[0] + a) | 0;
  state[1] = (state[1] + b) | 0;
  state[2] = (state[2] + c) | 0;
  state[3] = (state[3] + d) | 0;
};

/** The first 8 bytes of MD5(text), as two big-endian 32-bit numbers; null where the text is longer than MD5_LONGEST or not ASCII. */
export function md5Prefix(text: string): { hi: number; lo: number } | null {
  const n = text.length;
  if (n > MD5_LONGEST) return null;
  // The padding's 0x80 byte and the 8-byte length follow the text: 55 characters fit one block.
  const blocks = Math.floor((n + 8) / 64) + 1;
  state[0] = 0x67452301;
  state[1] = 0xefcdab89 | 0;
  state[2] = 0x98badcfe | 0;
  state[3] = 0x10325476;
  for (let k = 0; k < blocks; k++) {
    if (!fillBlock(text, n, k, blocks)) return null;
    compress();
  }
  // The digest's first 8 bytes are A then B, each little-endian: read as big-endian numbers.
  return { hi: byteSwap(state[0]), lo: byteSwap(state[1]) };
}

const byteSwap = (x: number): number => (((x & 0xff) << 24) | ((x & 0xff00) << 8) | ((x >>> 8) & 0xff00) | (x >>> 24)) >>> 0;
