/**
 * `tabula export --go-positions [--import ID] --out FILE` and
 * `tabula export --go-scores --program NAME [--ruleset NAME] --out FILE`:
 * Go position and score files written back, streamed to the file.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import type { Database } from '../db/database';
import { exportGoPositionFile, exportGoScoreFile } from '../storage/go';

/** True when the export arguments ask for a Go file. */
export const isGoExport = (args: string[]): boolean => args.includes('--go-positions') || args.includes('--go-scores');

export async function exportGoFile(db: Database, args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      'go-positions': { type: 'boolean' },
      'go-scores': { type: 'boolean' },
      import: { type: 'string' },
      program: { type: 'string' },
      ruleset: { type: 'string' },
      out: { type: 'string' },
    },
  });
  if (values['go-scores'] && !values.program) throw new Error('export --go-scores needs --program (and --ruleset when the file had one)');
  if (values.import !== undefined && !/^\d+$/.test(values.import)) throw new Error('--import takes an import id');
  const chunks = values['go-scores']
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
