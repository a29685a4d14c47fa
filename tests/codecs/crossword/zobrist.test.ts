import { fnv1a64, parseCgp, positionKey, splitmix64 } from '../../../src/codecs/crossword';
import { unwrap } from '../../../src/codecs/result';

const EMPTY15 = '15/15/15/15/15/15/15/15/15/15/15/15/15/15/15';
const key = (cgp: string): string => positionKey(unwrap(parseCgp(cgp)));
const MAVEN =
  '5BERGS5/4PA3U5/2QAID3R5/3BEE3F2S2/1P1ET2VIATIC2/MA1TAW3c2H2/ES3IS2E2A2/AT1FOLIA4V2/LI1L1EX1E6/1N1O1D2N2Y3/1GNU2C1JETE3/2ER2OHO2N3/2O3GOY6/1INDOW1U7/4DORR7 IKLMTZ/AEINRU? 0/0 0 lex OSPD1;';

describe('generators behind the key table', () => {
  it('FNV-1a 64 matches its published test vectors', () => {
    expect([fnv1a64(''), fnv1a64('a'), fnv1a64('foobar')]).toEqual([0xcbf29ce484222325n, 0xaf63dc4c8601ec8cn, 0x85944171f73967e8n]);
  });

  it('splitmix64 seeded with 1234567 yields the reference sequence', () => {
    const next = splitmix64(1234567n);
    expect([next(), next(), next()]).toEqual([6457827717110365317n, 3203168211198807973n, 9817491932198370423n]);
  });
});

describe('position key', () => {
  it('is 16 lower-case hex digits', () => {
    expect(key(MAVEN)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('is pinned: the same position gets the same key on every install', () => {
    expect(key(`${EMPTY15} / 0/0 0`)).toBe(PINNED_EMPTY);
    expect(key(MAVEN)).toBe(PINNED_MAVEN);
  });

  it('ignores the order of the rack tiles, scores, zeros, the opponent rack and operations', () => {
    expect(key(MAVEN)).toBe(key(MAVEN.replace('IKLMTZ/AEINRU? 0/0 0 lex OSPD1;', 'ZTMLKI/ 10/20 3 lex CSW21; lm pass;')));
  });

  it('changes with the rack of the player to move', () => {
    expect(key(MAVEN)).not.toBe(key(MAVEN.replace('IKLMTZ/AEINRU?', 'AEINRU?/IKLMTZ')));
  });

  it('tells a blank from a natural tile on the same square', () => {
    expect(key(`${EMPTY15.replace(/^15/, '7A7')} / 0/0 0`)).not.toBe(key(`${EMPTY15.replace(/^15/, '7a7')} / 0/0 0`));
  });

  it('tells two copies of a rack tile from one', () => {
    expect(key(`${EMPTY15} AA/ 0/0 0`)).not.toBe(key(`${EMPTY15} A/ 0/0 0`));
  });

  it('differs between distributions and boards for empty positions', () => {
    const empty21 = Array(21).fill('21').join('/');
    const keys = [key(`${EMPTY15} / 0/0 0`), key(`${EMPTY15} / 0/0 0 ld polish;`), key(`${empty21} / 0/0 0 ld english;`)];
    expect(new Set(keys).size).toBe(3);
  });
});

const PINNED_EMPTY = '5cff3f13b9456456';
const PINNED_MAVEN = '727825529c91814c';
