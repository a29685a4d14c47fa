/**
 * The warnings an import reports, bounded: the first MAX_WARNINGS are kept as they came, the
 * rest only counted and summed up in one last warning, so a file with a warning in every game
 * does not hold (nor store in its Import row) a list as long as the file.
 */
import type { ImportWarning } from '../db/records';
import { importWarnings } from '../games/warnings';

/**
 * The warning codes the import itself gives, whatever the format (see `games/warnings.ts`): more
 * warnings than are listed, and a text cut to fit its column (`storedText.ts`).
 */
export const IMPORT_WARNINGS = ['IMPORT_MORE_WARNINGS', 'TEXT_TRUNCATED'] as const;
/** Builds a warning with one of IMPORT_WARNINGS' codes. */
export const importWarning = importWarnings(IMPORT_WARNINGS);

export const MAX_WARNINGS = 1_000;

export class WarningList {
  private readonly kept: ImportWarning[] = [];
  private dropped = 0;

  constructor(private readonly limit = MAX_WARNINGS) {}

  add(warnings: readonly ImportWarning[]): void {
    for (const w of warnings) {
      // A warning quoting the input may quote a NUL, which the Import row's JSON cannot hold: shown as ␀.
      if (this.kept.length < this.limit) this.kept.push(w.message.includes('\u0000') ? { ...w, message: w.message.replaceAll('\u0000', '\u2400') } : w);
      else this.dropped++;
    }
  }

  /** The kept warnings, then (when some were dropped) one saying how many. */
  list(): ImportWarning[] {
    if (this.dropped === 0) return [...this.kept];
    return [...this.kept, importWarning('IMPORT_MORE_WARNINGS', `${this.dropped} more warnings not listed`)];
  }
}
