/**
 * Fuzzes the generic SGF codec (bytes -> text by charset, text -> trees, and
 * print -> parse round trip) with random input and mutations of every sample SGF.
 */
import fc from 'fast-check';
import { decodeSgfBytes, parseSgf, printSgf, stripOffsets } from '../../src/codecs/sgf';
import { HUGE_INPUT_MS, exercise, expectResult, fuzzParams, fuzzTimeout, FuzzCounter, mutatedBytes, randomText, samples } from './fuzzSupport';

const seeds = [...samples('backgammon', '.sgf'), ...samples('go', '.sgf')];
const counter = new FuzzCounter('sgf');
afterAll(() => counter.report());

describe('generic SGF fuzz', () => {
  it('decodes and parses mutated sample bytes to trees or a typed error; what parses prints and re-parses', () => {
    fc.assert(
      fc.property(mutatedBytes(seeds, 10), (bytes) => {
        const text = exercise(counter, 'decodeSgfBytes+parseSgf', () => decodeSgfBytes(bytes));
        if (!text.ok) return;
        const trees = exercise(counter, 'decodeSgfBytes+parseSgf', () => parseSgf(text.value));
        if (!trees.ok) return;
        const again = parseSgf(printSgf(trees.value));
        if (!again.ok) throw new Error(`printed SGF does not parse: ${again.error.code}`);
        expect(stripOffsets(again.value)).toEqual(stripOffsets(trees.value));
      }),
      fuzzParams(1),
    );
  }, fuzzTimeout(1));

  it('parses random text to trees or a typed error', () => {
    fc.assert(
      fc.property(randomText('()[];\\\r\nABCGMSZ[]ab1 ', 300), (text) => {
        exercise(counter, 'parseSgf', () => parseSgf(text));
      }),
      fuzzParams(2),
    );
  }, fuzzTimeout(2));

  it('handles 10^6 nested variations and a 4 MB value without recursion or blow-up', () => {
    const deep = '(;FF[4]' + '(;B[aa]'.repeat(1_000_000) + ')'.repeat(1_000_001);
    const r = exercise(counter, 'parseSgf', () => parseSgf(deep), expectResult, HUGE_INPUT_MS);
    if (r.ok) exercise(counter, 'printSgf', () => printSgf(r.value), (s) => expect(typeof s).toBe('string'), HUGE_INPUT_MS);
    exercise(counter, 'parseSgf', () => parseSgf('(;C[' + 'x'.repeat(4_000_000)));
    exercise(counter, 'parseSgf', () => parseSgf('('.repeat(1_000_000)));
  });
});
