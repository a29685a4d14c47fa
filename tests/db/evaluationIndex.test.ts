/** The evaluation index's blocks (issue 29, section 2): entries found again by hash, and a flush's latest entry per position and program. */
import { type Entry, encodeBlock, findInEvaluationBlock, latestOfEachProgram } from '../../src/db/evaluationIndex';

const entry = (hi: number, lo: number, gameId: bigint, node: number, program: number): Entry => ({ hi, lo, gameId, node, program });

describe('evaluation index blocks', () => {
  it('finds every entry of a hash, with its game, node and program, and none of a hash it does not hold', () => {
    const entries = [entry(1, 5, 100n, 3, 7), entry(2, 1, 101n, 9, 7), entry(2, 1, 105n, 2, 8), entry(2, 2, 100n, 1, 7), entry(0xffffffff, 0xffffffff, 200n, 4, 9)];
    const block = encodeBlock(entries, 100n);
    expect(block.length).toBe(5 * 20);
    const found = (hi: number, lo: number) => {
      const out: { gameId: bigint; node: number; program: number }[] = [];
      findInEvaluationBlock(block, 100n, hi, lo, out);
      return out;
    };
    expect(found(2, 1)).toEqual([{ gameId: 101n, node: 9, program: 7 }, { gameId: 105n, node: 2, program: 8 }]);
    expect(found(0xffffffff, 0xffffffff)).toEqual([{ gameId: 200n, node: 4, program: 9 }]);
    expect(found(2, 3)).toEqual([]);
  });

  it("keeps per position and program only the latest game's entries, all its nodes there", () => {
    const sorted = [
      entry(1, 1, 10n, 5, 7), entry(1, 1, 11n, 5, 8), entry(1, 1, 12n, 3, 7), entry(1, 1, 12n, 9, 7),
      entry(1, 2, 10n, 4, 7),
    ];
    expect(latestOfEachProgram(sorted)).toEqual([entry(1, 1, 11n, 5, 8), entry(1, 1, 12n, 3, 7), entry(1, 1, 12n, 9, 7), entry(1, 2, 10n, 4, 7)]);
  });
});
