/**
 * The index hash's MD5 computed in place (src/db/positionIndex/md5.ts) against node:crypto's: the
 * first 8 bytes of the digest, for texts of every length over several blocks, the keys the games make, and the
 * texts it leaves to node:crypto.
 */
import { createHash } from 'node:crypto';
import { MD5_LONGEST, md5Prefix } from '../../../src/db/positionIndex/md5';
import { positionHash } from '../../../src/db/positionIndex/layout';

const cryptoPrefix = (text: string) => {
  const digest = createHash('md5').update(text).digest();
  return { hi: digest.readUInt32BE(0), lo: digest.readUInt32BE(4) };
};

/** A seeded run of printable ASCII texts of each length up to 300. */
const texts = (): string[] => {
  let seed = 12345;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
  const out: string[] = [];
  for (let length = 0; length <= 300; length++) {
    for (let k = 0; k < 8; k++) out.push(Array.from({ length }, () => String.fromCharCode(32 + (next() % 95))).join(''));
  }
  return out;
};

describe('MD5 of a position key in place', () => {
  it('gives the first 8 bytes of node:crypto’s digest for texts of every length up to 300 characters (five blocks), each block boundary among them', () => {
    for (const text of texts()) expect(md5Prefix(text)).toEqual(cryptoPrefix(text));
  });

  it('gives RFC 1321’s test vectors', () => {
    expect(md5Prefix('')).toEqual({ hi: 0xd41d8cd9, lo: 0x8f00b204 });
    expect(md5Prefix('abc')).toEqual({ hi: 0x90015098, lo: 0x3cd24fb0 });
    expect(md5Prefix('message digest')).toEqual({ hi: 0xf96b697d, lo: 0x7cb7938d });
  });

  it('leaves a text longer than it hashes, or beyond ASCII, to node:crypto, and the index hash is the same either way', () => {
    const long = 'x'.repeat(MD5_LONGEST + 1);
    expect(md5Prefix(long)).toBeNull();
    expect(md5Prefix('y'.repeat(MD5_LONGEST))).toEqual(cryptoPrefix('y'.repeat(MD5_LONGEST)));
    expect(md5Prefix('4HPwATDgc/ABMA:cAkAAAAAAAAA é')).toBeNull();
    for (const key of [long, '4HPwATDgc/ABMA:cAkAAAAAAAAA é', '4HPwATDgc/ABMA', '4HPwATDgc/ABMA:cIkWAAAAAAAA']) expect(positionHash(key)).toEqual(cryptoPrefix(key));
  });
});
