/** The one way a reader stops an import: a codec error naming what is wrong and where. */
import type { CodecError } from '../codecs/result';

/** Thrown by a reader when the input cannot be imported; nothing is stored. */
export class ImportFailure extends Error {
  constructor(readonly error: CodecError) {
    super(error.message);
    this.name = 'ImportFailure';
  }
}
