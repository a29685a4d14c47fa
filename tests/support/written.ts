/** Writers' results in tests that expect a file. */
import type { WriteResult } from '../../src/games/formats';

/** The written text; a failure fails the test, saying why. */
export const writtenText = (result: WriteResult): string => {
  if (!result.ok) throw new Error(`no file written: ${result.error.cause === 'format' ? `${result.error.error.code}: ${result.error.error.message}` : result.error.message}`);
  return result.value;
};
