/**
 * The keys an import has stored so far, remembered in a fixed amount of memory (a Bloom filter of
 * SEEN_KEY_BITS bits, four bits a key): `mayHave` is never wrong when it says no, and says yes
 * for a key never added about once in 90,000 at a million keys (once in 25 at ten million). Pure:
 * no database; the bulk writer asks the database about the keys it says yes to.
 */

/** 2^26 bits: 8 MB, whatever the size of the file. */
const SEEN_KEY_BITS = 1 << 26;
const MASK = SEEN_KEY_BITS - 1;
/** Bits a key sets. */
const PROBES = 4;

/**
 * Two independent 32-bit hashes of a kind and a key (FNV-1a and a multiply-xorshift), for double
 * hashing; the key is `text` from `start` to `end`. One loop over both strings, with no closure:
 * the state stays in registers.
 */
const hashesOf = (kind: string, text: string, start: number, end: number, out: Uint32Array, at: number): void => {
  let h1 = 0x811c9dc5;
  let h2 = 0x9747b28c;
  const length = kind.length + 1 + end - start;
  for (let i = 0; i < length; i++) {
    const c = i < kind.length ? kind.charCodeAt(i) : i === kind.length ? 0 : text.charCodeAt(start + i - kind.length - 1);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
    h2 ^= h2 >>> 15;
  }
  out[at] = h1 >>> 0;
  // Odd, so the probes of a key are different bits.
  out[at + 1] = (Math.imul(h2 ^ (h2 >>> 13), 0xc2b2ae35) | 1) >>> 0;
};

/**
 * What the filter takes of each of `keys` (each key followed by a newline, as `PreparedPositions.keys`
 * holds them), two numbers a key, in order: made where the keys are read (an import's worker thread),
 * so the import's thread only sets and tests bits (`mayHaveThenAddHashed`).
 */
export const keyHashes = (kind: string, keys: string): Uint32Array => {
  const hashes: number[] = [];
  const pair = new Uint32Array(2);
  for (let start = 0; start < keys.length; ) {
    const end = keys.indexOf('\n', start);
    hashesOf(kind, keys, start, end, pair, 0);
    hashes.push(pair[0], pair[1]);
    start = end + 1;
  }
  return Uint32Array.from(hashes);
};

export class SeenKeys {
  private bits?: Uint8Array;
  private readonly hashes = new Uint32Array(2);

  /** Remembers a key. */
  add(kind: string, key: string): void {
    hashesOf(kind, key, 0, key.length, this.hashes, 0);
    this.addHashed(this.hashes[0], this.hashes[1]);
  }

  /** False when the key was never added; true when it was, or (rarely) when it only looks so. */
  mayHave(kind: string, key: string): boolean {
    hashesOf(kind, key, 0, key.length, this.hashes, 0);
    return this.mayHaveHashed(this.hashes[0], this.hashes[1]);
  }

  /**
   * `mayHave` of each key, and each key added: what was seen before is what was added before this
   * call (keys are distinct). Returns the indexes of the keys it may have had.
   */
  mayHaveThenAdd(kind: string, keys: readonly string[]): number[] {
    const maybe: number[] = [];
    for (let i = 0; i < keys.length; i++) {
      hashesOf(kind, keys[i], 0, keys[i].length, this.hashes, 0);
      if (this.mayHaveThenAddOne(this.hashes[0], this.hashes[1])) maybe.push(i);
    }
    return maybe;
  }

  /** `mayHaveThenAdd` of keys given by their `keyHashes` (of one kind): the indexes of the keys it may have had. */
  mayHaveThenAddHashed(hashes: Uint32Array): number[] {
    const maybe: number[] = [];
    for (let i = 0; i < hashes.length; i += 2) if (this.mayHaveThenAddOne(hashes[i], hashes[i + 1])) maybe.push(i >>> 1);
    return maybe;
  }

  /** `mayHaveHashed`, then `addHashed`, in one pass over the key's bits. */
  private mayHaveThenAddOne(h1: number, h2: number): boolean {
    const bits = (this.bits ??= new Uint8Array(SEEN_KEY_BITS >>> 3));
    let had = true;
    for (let i = 0; i < PROBES; i++) {
      const bit = (h1 + i * h2) & MASK;
      const byte = bits[bit >>> 3];
      const mask = 1 << (bit & 7);
      if ((byte & mask) === 0) {
        had = false;
        bits[bit >>> 3] = byte | mask;
      }
    }
    return had;
  }

  private addHashed(h1: number, h2: number): void {
    const bits = (this.bits ??= new Uint8Array(SEEN_KEY_BITS >>> 3));
    for (let i = 0; i < PROBES; i++) {
      const bit = (h1 + i * h2) & MASK;
      bits[bit >>> 3] |= 1 << (bit & 7);
    }
  }

  private mayHaveHashed(h1: number, h2: number): boolean {
    const bits = this.bits;
    if (!bits) return false;
    for (let i = 0; i < PROBES; i++) {
      const bit = (h1 + i * h2) & MASK;
      if ((bits[bit >>> 3] & (1 << (bit & 7))) === 0) return false;
    }
    return true;
  }
}
