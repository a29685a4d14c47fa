/** Writers' results in tests that expect a file. */
import type { WriteResult } from '../../src/games/formats';
import { writeChessGameText } from '../../src/games/chess/formats';
import type { Game } from '../../src/generated/prisma/client';

/** The written text; a failure fails the test, saying why. */
export const writtenText = (result: WriteResult): string => {
  if (!result.ok) throw new Error(`no file written: ${result.error.cause === 'format' ? `${result.error.error.code}: ${result.error.error.message}` : result.error.message}`);
  return result.value;
};

/** The GameText a stored PGN game exports (JOSE dialect, inline comments): its source replayed by the writer. */
export const exportedGameText = (pgn: Uint8Array): Buffer =>
  Buffer.from(writtenText(writeChessGameText({ id: 1n, kind: 'CHESS', sourceFormat: 'PGN', source: pgn, gameText: null, startFen: null, metadata: {}, keptTokens: 0 } as unknown as Game)), 'base64');
