/**
 * The warnings and notes a reader gives with an import (`ImportChunk.warnings`, `.notes`).
 *
 * Their codes are API: clients rely on them, so a code is never renamed. Each reader module lists
 * the codes it gives itself in an `as const` list (`CHESS_WARNINGS`, `MAT_WARNINGS`, …, as codecs
 * list their errors) and builds them with `importWarnings(LIST)`, so a code outside its list does
 * not compile. A codec error reported as a warning (an unplayable move, analysis not stored, a
 * game left out) keeps its codec's code, which the codec's error list holds.
 *
 * Naming: a new code is `<GAME>_<WHAT>` in upper snake case, prefixed by its game (`CHESS_`,
 * `BACKGAMMON_`, `GO_`, `CROSSWORD_`) or `IMPORT_` for the import itself, with no `ERR_` or `WARN_`
 * (the list says whether a code is a warning or a note), as `CHESS_VARIANT_NOT_INDEXED` and
 * `GO_RECORDS_READ` are. Older codes written otherwise (`ERR_CHESS_MORE_MOVE_ERRORS`, `WARN_MAT`,
 * `WARN_BG_REPLAY`, crossword's `SCORE_MISMATCH`, `TEXT_TRUNCATED`) keep their names.
 */
import type { ImportWarning } from '../db/records';

/** What a warning is about: its game, line, offset or record, whichever apply. */
export type WarningPlace = Omit<ImportWarning, 'code' | 'message'>;

/**
 * The warning builder of one module's list of codes (an `as const` array): a code outside the
 * list does not compile.
 */
export const importWarnings =
  <const Codes extends readonly string[]>(_codes: Codes) =>
  (code: Codes[number], message: string, where: WarningPlace = {}): ImportWarning => ({ code, message, ...where });
