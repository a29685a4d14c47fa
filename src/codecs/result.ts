/**
 * The result type every codec returns at its edge: a value, or an error that
 * says what is wrong and where. Codecs never throw on bad input.
 */

/** Where in the input a problem was found. Set whichever apply. */
export interface InputLocation {
  /** Byte offset (binary formats) or character offset (text formats), from 0. */
  offset?: number;
  /** Line number, from 1. */
  line?: number;
  /** Column number, from 1. */
  column?: number;
  /** Record index in a file of fixed-size records, from 0. */
  record?: number;
  /** Name of the field, property or opcode at fault. */
  field?: string;
}

/** A codec's error: a stable code (e.g. `ERR_MATCH_ID_LENGTH`; `C` narrows it to one module's list), a message for people, and where. */
export interface CodecError<C extends string = string> extends InputLocation {
  code: C;
  message: string;
}

export type Result<T, E = CodecError> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });

export const err = <E = CodecError>(error: E): Result<never, E> => ({ ok: false, error });

/** Builds a CodecError; `where` names the location. */
export const codecError = (code: string, message: string, where: InputLocation = {}): CodecError => ({
  code,
  message,
  ...where,
});

/**
 * `codecError` for one module's list of codes (an `as const` array): a code outside the list
 * does not compile. Each codec module exports its list and builds its errors with this.
 */
export const codecErrors =
  <const Codes extends readonly string[]>(_codes: Codes) =>
  (code: Codes[number], message: string, where: InputLocation = {}): CodecError<Codes[number]> => ({ code, message, ...where });

/** Thrown only by `unwrap`, for callers that have already validated their input (tests, generators). */
export class CodecFailure extends Error {
  constructor(readonly error: CodecError) {
    super(`${error.code}: ${error.message}`);
    this.name = 'CodecFailure';
  }
}

export const unwrap = <T>(result: Result<T, CodecError>): T => {
  if (!result.ok) throw new CodecFailure(result.error);
  return result.value;
};

/** `line 3, column 7, offset 42` style text for a location (empty when none is known). */
export const describeLocation = (where: InputLocation & { gameIndex?: number }): string =>
  [
    where.gameIndex !== undefined && `game ${where.gameIndex}`,
    where.record !== undefined && `record ${where.record}`,
    where.line !== undefined && `line ${where.line}`,
    where.column !== undefined && `column ${where.column}`,
    where.offset !== undefined && `offset ${where.offset}`,
    where.field !== undefined && `field ${where.field}`,
  ]
    .filter(Boolean)
    .join(', ');
