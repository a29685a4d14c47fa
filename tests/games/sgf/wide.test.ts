/**
 * SGF files as wide as they come: a node with 150,000 sibling variations is read without
 * running out of stack (spreading the children into `push`/`unshift` passed each one as an
 * argument: RangeError) and in linear time (`shift` from the front of the list was quadratic).
 */
import { readerFor } from '../../../src/games/index';
import { ImportFailure } from '../../../src/games/importFailure';
import { bytesSource, runImport } from '../../../src/storage/importService';
import { describeEachDatabase } from '../../support/databases';

const SIBLINGS = 150_000;
const encoder = new TextEncoder();

/** A Go game whose first move has `count` answers, each a variation of its own. */
const wideGo = (count: number, last = 'W[bb]'): string =>
  `(;GM[1]FF[4]SZ[19]PB[Black]PW[White];B[aa]${'(;W[bb])'.repeat(count - 1)}(;${last}))\n`;

describeEachDatabase('an SGF node with 150,000 variations', (getDb) => {
  const importSgf = (text: string) => runImport(getDb(), readerFor('SGF')!, bytesSource(encoder.encode(text)), {});

  it('is imported: one game', async () => {
    const outcome = await importSgf(wideGo(SIBLINGS));
    expect(outcome.gameCount).toBe(1);
  });

  it('refuses a NUL in its last variation, naming the node in file order', async () => {
    const error = await importSgf(wideGo(SIBLINGS, 'W[cc]C[a\u0000b]')).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ImportFailure);
    expect((error as ImportFailure).error).toMatchObject({ code: 'ERR_IMPORT_VALUE', record: 0, field: 'C' });
    expect((error as ImportFailure).message).toMatch(new RegExp(`^game tree 0, node ${SIBLINGS + 2}, property C: `));
  });
});
