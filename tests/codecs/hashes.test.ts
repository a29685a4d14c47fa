import { hashHexOf, signedHashOf, writeDecimal } from '../../src/codecs/hashes';

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

describe('whole numbers written as decimal', () => {
  it('writes a whole number in decimal and returns where it ends', () => {
    const out = new Uint8Array(8);
    expect(writeDecimal(out, 1, 40_960)).toBe(6);
    expect(Buffer.from(out.subarray(1, 6)).toString('latin1')).toBe('40960');
    expect(writeDecimal(out, 0, 0)).toBe(1);
    expect(out[0]).toBe(0x30);
  });
});
