import { hashHexOf, signedHashOf, writeDecimal, writeSigned64 } from '../../src/codecs/hashes';

describe('64-bit hashes between hex and bigint', () => {
  it('reads all sixteen ones as -1', () => {
    expect(signedHashOf('ffffffffffffffff')).toBe(-1n);
  });

  it('reads a hash below 2^63 as itself', () => {
    expect(signedHashOf('31846ceb8015dc92')).toBe(0x31846ceb8015dc92n);
    expect(signedHashOf('727825529c91814c')).toBe(0x727825529c91814cn);
  });

  it('reads upper-case digits as lower-case ones', () => {
    expect(signedHashOf('C26FDB58178900B1')).toBe(signedHashOf('c26fdb58178900b1'));
  });

  it('writes a negative hash back as the same 16 lowercase digits', () => {
    expect(signedHashOf('c26fdb58178900b1')).toBeLessThan(0n);
    expect(hashHexOf(signedHashOf('c26fdb58178900b1'))).toBe('c26fdb58178900b1');
  });

  it('pads a small hash to 16 digits', () => {
    expect(hashHexOf(5n)).toBe('0000000000000005');
  });
});

/** What `writeSigned64` writes for the halves of `hex` (16 digits), as text. */
const written = (hex: string): string => {
  const out = new Uint8Array(24).fill(0x3f);
  const end = writeSigned64(out, 2, parseInt(hex.slice(0, 8), 16), parseInt(hex.slice(8), 16));
  return Buffer.from(out.subarray(2, end)).toString('latin1');
};

describe('64-bit hashes written as decimal without a BigInt', () => {
  it('writes the extremes as signedHashOf reads them', () => {
    for (const hex of ['0000000000000000', '0000000000000001', 'ffffffffffffffff', '7fffffffffffffff', '8000000000000000', '8000000000000001']) {
      expect(written(hex)).toBe(signedHashOf(hex).toString());
    }
  });

  it('writes hashes on both sides of 2^53 exactly', () => {
    for (const hex of ['001fffffffffffff', '0020000000000000', '0020000000000001', 'ffe0000000000000', 'ffdfffffffffffff']) {
      expect(written(hex)).toBe(signedHashOf(hex).toString());
    }
  });

  it('writes 100,000 random hashes as signedHashOf reads them', () => {
    let seed = 29;
    const word = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 0).toString(16).padStart(8, '0');
    const wrong: string[] = [];
    for (let i = 0; i < 100_000; i++) {
      const hex = word() + word();
      if (written(hex) !== signedHashOf(hex).toString()) wrong.push(hex);
    }
    expect(wrong).toEqual([]);
  });

  it('writes a whole number in decimal and returns where it ends', () => {
    const out = new Uint8Array(8);
    expect(writeDecimal(out, 1, 40_960)).toBe(6);
    expect(Buffer.from(out.subarray(1, 6)).toString('latin1')).toBe('40960');
    expect(writeDecimal(out, 0, 0)).toBe(1);
    expect(out[0]).toBe(0x30);
  });
});
