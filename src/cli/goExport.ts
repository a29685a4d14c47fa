/**
 * `tabula export --go-positions [--import ID] --out FILE` and
 * `tabula export --go-scores --program NAME [--ruleset NAME] --out FILE`:
 * Go position and score files written back, streamed to the file.
 */
import fs from 'node:fs';
import type { Database } from '../db/database';
import { exportGoPositionFile, exportGoScoreFile } from '../games/go/files';
import { UsageError, idOption } from './usage';

/** What `tabula export` was given for a Go file. */
export interface GoExportOptions {
  goPositions?: boolean;
  goScores?: boolean;
  import?: string;
  program?: string;
  ruleset?: string;
  out?: string;
}

/** Streams a Go position or score file to `--out` (or standard output) and says what it wrote. */
export async function exportGoFile(db: Database, values: GoExportOptions): Promise<void> {
  if (values.goScores && !values.program) throw new UsageError('export --go-scores needs --program (and --ruleset when the file had one)');
  if (values.goScores && values.import !== undefined) throw new UsageError('export --go-scores writes one program\'s scores of every position: it takes no --import');
  if (values.import !== undefined) idOption('--import', values.import);
  const chunks = (values.goScores
    ? exportGoScoreFile(db.sql, values.program as string, values.ruleset ?? '')
    : exportGoPositionFile(db.sql, values.import === undefined ? undefined : BigInt(values.import)))[Symbol.asyncIterator]();
  // Nothing to write is said, not written: an empty file would look like a successful export.
  const first = await chunks.next();
  if (first.done) {
    await chunks.return?.(undefined);
    throw new Error(
      values.goScores
        ? `no scores of ${values.program}${values.ruleset ? `/${values.ruleset}` : ''} are stored: nothing written`
        : `no listed Go positions${values.import ? ` in import ${values.import}` : ''} (import a Go position file first): nothing written`,
    );
  }
  const out = values.out ? fs.createWriteStream(values.out) : process.stdout;
  let bytes = 0;
  let records = 0;
  const recordSize = values.goScores ? 12 : undefined;
  for (let next: IteratorResult<Uint8Array> = first; !next.done; next = await chunks.next()) {
    const chunk = next.value;
    bytes += chunk.length;
    records += recordSize ? chunk.length / recordSize : 0;
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  if (values.out) await new Promise<void>((resolve, reject) => (out as fs.WriteStream).end((error?: Error | null) => (error ? reject(error) : resolve())));
  const what = values.goScores ? `${records} score records` : 'Go position file';
  const said = `${values.out ?? 'standard output'}: ${what}, ${bytes} bytes`;
  if (values.out) console.log(said);
  else console.error(said);
}
