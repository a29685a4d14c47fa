/** The one way a reader stops an import: a codec error naming what is wrong and where. */
import { type CodecError, codecErrors } from '../codecs/result';

/** The codes of import failures that storage finds itself (codec errors keep their codec's code). */
export const IMPORT_ERRORS = [
  'ERR_GAMETEXT_DIALECT',
  'ERR_GAMETEXT_MISSING',
  'ERR_GAMETEXT_VARIANT',
  'ERR_GO_SCORE_PROGRAM',
  'ERR_IMPORT_VALUE',
  'ERR_PGN_NOT_A_GAME',
  'ERR_SGF_GAME_KIND',
] as const;
/** One of IMPORT_ERRORS. */
export type ImportError = (typeof IMPORT_ERRORS)[number];
/** An error with one of IMPORT_ERRORS' codes. */
export const importError = codecErrors(IMPORT_ERRORS);

/** Thrown by a reader when the input cannot be imported; nothing is stored. */
export class ImportFailure extends Error {
  constructor(readonly error: CodecError) {
    super(error.message);
    this.name = 'ImportFailure';
  }
}
