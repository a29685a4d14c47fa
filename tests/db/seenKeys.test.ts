import { SeenKeys, keyHashes } from '../../src/db/seenKeys';

const keys = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i.toString(16).padStart(16, '0')}`);

describe('the keys an import has seen', () => {
  it('says no for every key before any is added', () => {
    const seen = new SeenKeys();
    expect(keys(1_000, 'a').some((k) => seen.mayHave('GO', k))).toBe(false);
  });

  it('says yes for every key added, of its kind', () => {
    const seen = new SeenKeys();
    const added = keys(20_000, 'b');
    for (const k of added) seen.add('GO', k);
    expect(added.every((k) => seen.mayHave('GO', k))).toBe(true);
  });

  it('says yes for a key never added only rarely (under 1 in 1,000 after 30,000 keys)', () => {
    const seen = new SeenKeys();
    for (const k of keys(30_000, 'c')) seen.add('GO', k);
    const others = keys(30_000, 'd');
    expect(others.filter((k) => seen.mayHave('GO', k)).length).toBeLessThan(30);
    expect(keys(10_000, 'c').filter((k) => seen.mayHave('CHESS', k)).length).toBeLessThan(10);
  });

  it('gives the indexes of the keys it may have had before a batch, then remembers the batch', () => {
    const seen = new SeenKeys();
    seen.add('GO', 'k1');
    seen.add('GO', 'k3');
    expect(seen.mayHaveThenAdd('GO', ['k0', 'k1', 'k2', 'k3'])).toEqual([1, 3]);
    expect(['k0', 'k2'].every((k) => seen.mayHave('GO', k))).toBe(true);
  });

  it('takes keys hashed where they were read as the same keys given as text', () => {
    const byText = new SeenKeys();
    const byHashes = new SeenKeys();
    byText.add('GO', 'k1');
    byHashes.add('GO', 'k1');
    expect(byHashes.mayHaveThenAddHashed(keyHashes('GO', 'k0\nk1\nk2\n'))).toEqual(byText.mayHaveThenAdd('GO', ['k0', 'k1', 'k2']));
    expect(['k0', 'k2'].every((k) => byHashes.mayHave('GO', k))).toBe(true);
    expect(byHashes.mayHave('GO', 'k3')).toBe(false);
  });
});
