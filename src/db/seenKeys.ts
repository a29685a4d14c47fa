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
 * Two independent 32-bit hashes of a kind and key (FNV-1a and a multiply-xorshift), for double
 * hashing. One loop over both strings, with no closure: the state stays in registers.
 */
const hashesOf = (kind: string, key: string, out: Uint32Array): void => {
  let h1 = 0x811c9dc5;
  let h2 = 0x9747b28c;
  const length = kind.length + 1 + key.length;
  for (let i = 0; i < length; i++) {
    const c = i < kind.length ? kind.charCodeAt(i) : i === kind.length ? 0 : key.charCodeAt(i - kind.length - 1);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
    h2 ^= h2 >>> 15;
  }
  out[0] = h1 >>> 0;
  // Odd, so the probes of a key are different bits.
  out[1] = (Math.imul(h2 ^ (h2 >>> 13), 0xc2b2ae35) | 1) >>> 0;
};

export class SeenKeys {
  private bits?: Uint8Array;
  private readonly hashes = new Uint32Array(2);

  /** Remembers a key. */
  add(kind: string, key: string): void {
    hashesOf(kind, key, this.hashes);
    this.addHashed(this.hashes[0], this.hashes[1]);
  }

  /** False when the key was never added; true when it was, or (rarely) when it only looks so. */
  mayHave(kind: string, key: string): boolean {
    hashesOf(kind, key, this.hashes);
    return this.mayHaveHashed(this.hashes[0], this.hashes[1]);
  }

  /**
   * `mayHave` of each key, and each key added: what was seen before is what was added before this
   * call (keys are distinct). Returns the indexes of the keys it may have had.
   */
  mayHaveThenAdd(kind: string, keys: readonly string[]): number[] {
    const maybe: number[] = [];
    for (let i = 0; i < keys.length; i++) {
      hashesOf(kind, keys[i], this.hashes);
      if (this.mayHaveHashed(this.hashes[0], this.hashes[1])) maybe.push(i);
      this.addHashed(this.hashes[0], this.hashes[1]);
    }
    return maybe;
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
