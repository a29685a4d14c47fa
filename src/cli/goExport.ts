/**
 * `tabula export --go-positions [--import ID] --out FILE` and
 * `tabula export --go-scores --program NAME [--ruleset NAME] --out FILE`:
 * Go position and score files written back, streamed to the file.
 */
import fs from 'node:fs';
import type { Database } from '../db/database';
import { exportGoPositionFile, exportGoScoreFile } from '../storage/go';

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
  if (values.goScores && !values.program) throw new Error('export --go-scores needs --program (and --ruleset when the file had one)');
  if (values.import !== undefined && !/^\d+$/.test(values.import)) throw new Error('--import takes an import id');
  const chunks = values.goScores
    ? exportGoScoreFile(db.sql, values.program as string, values.ruleset ?? '')
    : exportGoPositionFile(db.sql, values.import === undefined ? undefined : BigInt(values.import));
  const out = values.out ? fs.createWriteStream(values.out) : process.stdout;
  let bytes = 0;
  for await (const chunk of chunks) {
    bytes += chunk.length;
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  if (values.out) {
    await new Promise<void>((resolve, reject) => (out as fs.WriteStream).end((error?: Error | null) => (error ? reject(error) : resolve())));
    console.error(`${values.out}: ${bytes} bytes`);
  }
}
