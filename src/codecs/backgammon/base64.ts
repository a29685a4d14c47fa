/**
 * Standard base64 (RFC 4648 alphabet `A–Z a–z 0–9 + /`, no padding) over small
 * byte arrays, as gnubg uses for its Position ID and Match ID. Bytes are read
 * MSB-first, as in ordinary base64.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Character of each 6-bit value 0..63. */
const CHARS: string[] = ALPHABET.split('');

/** 6-bit value of each char code below 128, or -1 when the character is not in the alphabet. */
const VALUES: Int8Array = (() => {
  const t = new Int8Array(128).fill(-1);
  for (let i = 0; i < 64; i++) t[ALPHABET.charCodeAt(i)] = i;
  return t;
})();

/** Encodes `bytes` as `nChars` base64 characters (the last character may carry padding zero bits). */
export const encodeBase64 = (bytes: Uint8Array, nChars: number): string => {
  let out = '';
  let acc = 0;
  let nBits = 0;
  let i = 0;
  for (let c = 0; c < nChars; c++) {
    if (nBits < 6) {
      acc = ((acc << 8) | (i < bytes.length ? bytes[i] : 0)) & 0xffff;
      i++;
      nBits += 8;
    }
    nBits -= 6;
    out += CHARS[(acc >> nBits) & 63];
  }
  return out;
};

/**
 * Decodes the base64 text `s` (its characters `from` up to `to`: the whole text by default) into
 * `out` (its length says how many bytes are wanted). Returns the index of the first character
 * outside the alphabet, or -1 when all were valid. Bits beyond `out.length` bytes are dropped.
 */
export const decodeBase64Into = (s: string, out: Uint8Array, from = 0, to = s.length): number => {
  let acc = 0;
  let nBits = 0;
  let o = 0;
  for (let c = from; c < to; c++) {
    const code = s.charCodeAt(c);
    const v = code < 128 ? VALUES[code] : -1;
    if (v < 0) return c;
    acc = ((acc << 6) | v) & 0xfff;
    nBits += 6;
    if (nBits >= 8) {
      nBits -= 8;
      if (o < out.length) out[o++] = (acc >> nBits) & 0xff;
    }
  }
  return -1;
};
