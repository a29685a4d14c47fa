/**
 * Runs an import: one transaction that records the file (by fingerprint, so a
 * second import of the same bytes stores nothing twice), writes every chunk the
 * format reader yields through the bulk writer, and returns the report.
 */
import { createHash } from 'node:crypto';
import type { Database } from '../db/database';
import { writeChunk } from '../db/bulkWriter';
import type { FormatReader, ImportOptions } from './formats';
import type { ImportWarning } from './records';

export interface ImportOutcome {
  importId: bigint;
  format: string;
  alreadyImported: boolean;
  gameIds: bigint[];
  gameCount: number;
  positionCount: number;
  scoreCount: number;
  warnings: ImportWarning[];
}

/** A file to import: its bytes as a stream, and their sha256 (hex). */
export interface ImportSource {
  chunks: () => AsyncIterable<Uint8Array>;
  sha256: string;
}

/** An in-memory file as an ImportSource. */
export const bytesSource = (data: Uint8Array): ImportSource => ({
  chunks: async function* () {
    yield data;
  },
  sha256: createHash('sha256').update(data).digest('hex'),
});

/** The file's sha256, then the format and the options in a canonical order. */
export const importFingerprint = (format: string, sha256: string, options: ImportOptions): string => {
  const hash = createHash('sha256').update(sha256);
  const settled = Object.keys(options)
    .filter((k) => options[k] !== undefined && options[k] !== null)
    .sort()
    .map((k) => [k, options[k]]);
  hash.update(JSON.stringify([format, settled]));
  return hash.digest('hex');
};

export interface ImportProgress {
  /** Called after each stored chunk with the running totals. */
  (totals: { games: number; positions: number; scores: number }): void;
}

export async function runImport(
  db: Database,
  reader: FormatReader,
  source: ImportSource,
  options: ImportOptions = {},
  onProgress?: ImportProgress,
): Promise<ImportOutcome> {
  const fingerprint = importFingerprint(reader.format, source.sha256, options);
  const outcome = await db.transaction(async (sql) => {
    const created = await sql.query<{ id: bigint }>(
      `INSERT INTO "Import" (format, fingerprint, options) VALUES ($1, $2, $3)
       ON CONFLICT (fingerprint) DO NOTHING RETURNING id`,
      [reader.format, fingerprint, JSON.stringify(options)],
    );
    if (created.length === 0) return null;
    const importId = created[0].id;
    const totals = { games: 0, positions: 0, scores: 0 };
    const warnings: ImportWarning[] = [];
    for await (const chunk of reader.read(source.chunks(), options, { sql })) {
      const counts = await writeChunk(sql, importId, chunk, totals.games);
      totals.games += counts.games;
      totals.positions += counts.positions;
      totals.scores += counts.scores;
      warnings.push(...(chunk.warnings ?? []));
      onProgress?.(totals);
    }
    await sql.query(
      `UPDATE "Import" SET "gameCount" = $2, "positionCount" = $3, "scoreCount" = $4, warnings = $5 WHERE id = $1`,
      [importId, totals.games, totals.positions, totals.scores, JSON.stringify(warnings)],
    );
    return { importId, ...totals, warnings };
  });
  if (outcome) {
    return {
      importId: outcome.importId,
      format: reader.format,
      alreadyImported: false,
      gameIds: await gameIdsOf(db, outcome.importId),
      gameCount: outcome.games,
      positionCount: outcome.positions,
      scoreCount: outcome.scores,
      warnings: outcome.warnings,
    };
  }
  const previous = await db.prisma.import.findUniqueOrThrow({ where: { fingerprint } });
  return {
    importId: previous.id,
    format: previous.format,
    alreadyImported: true,
    gameIds: await gameIdsOf(db, previous.id),
    gameCount: previous.gameCount,
    positionCount: previous.positionCount,
    scoreCount: previous.scoreCount,
    warnings: previous.warnings as unknown as ImportWarning[],
  };
}

const gameIdsOf = async (db: Database, importId: bigint): Promise<bigint[]> =>
  (await db.prisma.game.findMany({ where: { importId }, select: { id: true }, orderBy: { indexInFile: 'asc' } })).map(
    (g) => g.id,
  );
