/**
 * Runs an import: one transaction that records the file (by fingerprint, so a
 * second import of the same bytes stores nothing twice), writes every chunk the
 * format reader yields through the bulk writer, and returns the report.
 */
import { createHash } from 'node:crypto';
import type { Database } from '../db/database';
import { PendingImport, SCORE_MERGE_ROWS, finishImport, writeChunk } from '../db/bulkWriter';
import type { FormatReader, ImportOptions } from '../games/formats';
import { ImportZobristTable } from '../games/go/files';
import { type ImportChunk, type ImportWarning } from '../db/records';
import { ImportFailure, importError } from '../games/importFailure';
import { attributesOf } from '../games/gameAttributes';
import { WarningList } from './warningList';
import { limitStoredTexts, overlongOption, overlongOptionMessage } from './storedText';
import { keepImportId, reserveImportId } from './importNumbers';
import { DuplicateSifter, duplicatePolicyOf, settledDuplicateOption } from './duplicates';
import { importChunks, importWorkers } from './importWorkers';

export interface ImportOutcome {
  importId: bigint;
  format: string;
  alreadyImported: boolean;
  gameIds: bigint[];
  gameCount: number;
  positionCount: number;
  scoreCount: number;
  /** Games of the input that could not be read and were left out: never capped, unlike the warnings. */
  skippedGames: number;
  /** Games of the input recognised as duplicates of a stored game or an earlier game of the input (kept, or left out under SKIP). */
  duplicateGames: number;
  /** What a user should look at: problems that did not stop the import. */
  warnings: ImportWarning[];
  /** Informational notes (records read, hashes agreeing): nothing to look at. */
  notes: ImportWarning[];
  /** The file's name as given, without directories (null when none was given). */
  fileName: string | null;
  /** The file's size in bytes (null for an import stored before sizes were kept). */
  byteSize: bigint | null;
}

/** A file to import: its bytes as a stream, their sha256 (hex) and size, and the file's name when known. */
export interface ImportSource {
  chunks: () => AsyncIterable<Uint8Array>;
  sha256: string;
  byteSize: number;
  /** The name the file was given, as the caller gave it; only its last part (no directories) is kept. */
  fileName?: string;
}

/** An in-memory file as an ImportSource. */
export const bytesSource = (data: Uint8Array, fileName?: string): ImportSource => ({
  chunks: async function* () {
    yield data;
  },
  sha256: createHash('sha256').update(data).digest('hex'),
  byteSize: data.length,
  fileName,
});

/** A file name without its directories (either kind of slash), or null when nothing is left. */
export const baseFileName = (name: string | undefined): string | null => {
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : null;
};

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
  given: ImportOptions = {},
  onProgress?: ImportProgress,
): Promise<ImportOutcome> {
  // The duplicate policy is the import's, not the reader's; its default is left out of the fingerprint.
  const options = settledDuplicateOption(given);
  const policy = duplicatePolicyOf(options);
  const longOption = overlongOption(options);
  if (longOption) throw new ImportFailure(importError('ERR_IMPORT_VALUE', overlongOptionMessage(longOption), { field: longOption.name }));
  const fingerprint = importFingerprint(reader.format, source.sha256, options);
  // The name is not part of the fingerprint: the same bytes under another name are the same import.
  const fileName = baseFileName(source.fileName);
  const outcome = await retryOnConflict((tries) => db.transaction(async (sql) => {
    // A file imported before is answered from its row: asking first takes no number from the sequence.
    const known = await sql.query<{ id: bigint }>(`SELECT id FROM "Import" WHERE fingerprint = $1`, [fingerprint]);
    if (known.length > 0) return null;
    const created = await sql.query<{ id: bigint }>(
      `INSERT INTO "Import" (id, format, fingerprint, options, "fileName", "byteSize") VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (fingerprint) DO NOTHING RETURNING id`,
      [await reserveImportId(sql), reader.format, fingerprint, JSON.stringify(options), fileName, source.byteSize],
    );
    if (created.length === 0) return null;
    const importId = created[0].id;
    const totals = { games: 0, positions: 0, scores: 0 };
    let skipped = 0;
    const warnings = new WarningList();
    const notes = new WarningList();
    // Run again after a conflict, an import merges every position: the straight copy is what conflicted, or may again.
    const pending = new PendingImport(SCORE_MERGE_ROWS, tries === 1);
    const zobrist = new ImportZobristTable(sql);
    const duplicates = new DuplicateSifter(policy);
    for await (const read of importChunks(reader, source.chunks(), options, { sql, zobristTable: zobrist.resolve }, importWorkers(db.kind))) {
      warnings.add(limitStoredTexts(read, totals.games));
      const chunk = await duplicates.sift(sql, read);
      // Games read in a worker thread come with their attributes (`finishGame`).
      for (const game of chunk.games ?? []) game.attributes ??= attributesOf(game, options);
      const counts = await writeChunk(sql, importId, chunk, totals.games, pending).catch((error: unknown) => {
        throw dataFailure(error, chunk, totals.games);
      });
      totals.games += counts.games;
      totals.positions += counts.positions;
      totals.scores += counts.scores;
      warnings.add(chunk.warnings ?? []);
      notes.add(chunk.notes ?? []);
      skipped += chunk.skippedGames ?? 0;
      onProgress?.(totals);
    }
    totals.scores = await finishImport(sql, importId, pending);
    await sql.query(
      `UPDATE "Import" SET "gameCount" = $2, "positionCount" = $3, "scoreCount" = $4, "skippedCount" = $5, warnings = $6,
         notes = $7, "zobristTable" = $8, "duplicateCount" = $9 WHERE id = $1`,
      [importId, totals.games, totals.positions, totals.scores, skipped, JSON.stringify(warnings.list()), JSON.stringify(notes.list()), zobrist.used,
        duplicates.count],
    );
    // Last, just before the commit: the sequence moves outside the transaction.
    await keepImportId(sql, importId);
    return { importId, ...totals, skipped, duplicates: duplicates.count, warnings: warnings.list(), notes: notes.list() };
  }));
  if (outcome) {
    await refreshStatistics(db);
    return {
      importId: outcome.importId,
      format: reader.format,
      alreadyImported: false,
      gameIds: await gameIdsOf(db, outcome.importId),
      gameCount: outcome.games,
      positionCount: outcome.positions,
      scoreCount: outcome.scores,
      skippedGames: outcome.skipped,
      duplicateGames: outcome.duplicates,
      warnings: outcome.warnings,
      notes: outcome.notes,
      fileName,
      byteSize: BigInt(source.byteSize),
    };
  }
  const [previous] = await db.sql.query<{
    id: bigint;
    format: string;
    gameCount: number;
    positionCount: number;
    scoreCount: number;
    skippedCount: number;
    duplicateCount: number;
    warnings: ImportWarning[];
    notes: ImportWarning[];
    fileName: string | null;
    byteSize: bigint | null;
  }>(
    `SELECT id, format, "gameCount", "positionCount", "scoreCount", "skippedCount", "duplicateCount", warnings, notes, "fileName", "byteSize"
     FROM "Import" WHERE fingerprint = $1`,
    [fingerprint],
  );
  if (!previous) throw new Error(`import ${fingerprint} was recorded but is not found`);
  return {
    importId: previous.id,
    format: previous.format,
    alreadyImported: true,
    gameIds: await gameIdsOf(db, previous.id),
    gameCount: previous.gameCount,
    positionCount: previous.positionCount,
    scoreCount: previous.scoreCount,
    skippedGames: previous.skippedCount,
    duplicateGames: previous.duplicateCount,
    warnings: previous.warnings,
    notes: previous.notes,
    fileName: previous.fileName,
    byteSize: previous.byteSize === null ? null : BigInt(previous.byteSize),
  };
}

/**
 * The embedded PGlite has no autovacuum, so nothing ever gathers its tables' statistics: its
 * planner then takes a score set of 10,000 rows for one row, and joins two of them with nested
 * loops (20 s for the dashboard's cross-tab instead of 30 ms). After an import it is told about
 * the tables imports write. PostgreSQL's autovacuum does this by itself.
 */
async function refreshStatistics(db: Database): Promise<void> {
  if (db.kind !== 'pglite') return;
  await db.sql.exec('ANALYZE "Game", "Position", "Score", "PositionBlock", "PositionRun", "PositionMove", "EvaluationBlock"');
}

/**
 * A value PostgreSQL refuses to store (SQLSTATE class 22, e.g. a NUL byte in a text field, which
 * PostgreSQL text cannot hold) is bad input, not a server fault: it becomes an ImportFailure that
 * names the record (game index in the file, or position/score index in the chunk) and the field.
 * Other errors (connection lost, deadlock) pass through unchanged.
 */
export const dataFailure = (error: unknown, chunk: ImportChunk, gameIndexBase: number): unknown => {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === '54000') return indexRowFailure(error, gameIndexBase);
  if (typeof code !== 'string' || !code.startsWith('22')) return error;
  const reason = error instanceof Error ? error.message : String(error);
  const where = findNul(chunk, gameIndexBase);
  const place = where ? `${where.what} ${where.record}, field ${where.field}: ` : '';
  return new ImportFailure(
    importError('ERR_IMPORT_VALUE', `${place}a value cannot be stored: ${reason}`, where ? { record: where.record, field: where.field } : { record: gameIndexBase }),
  );
};

/**
 * A value too long for an index entry (PostgreSQL 54000, "index row size ... exceeds ... for index
 * "Game_player1_idx""): storedText cuts the texts it knows of, so this names the index and its
 * columns (from Prisma's index name: table, columns, `_idx` or `_key`) rather than failing inside.
 */
const indexRowFailure = (error: unknown, gameIndexBase: number): ImportFailure => {
  const reason = error instanceof Error ? error.message : String(error);
  const index = /for index "([^"]+)"/.exec(reason)?.[1];
  const columns = index?.replace(/^[A-Za-z]+_/, '').replace(/_(idx|key|pkey)$/, '');
  const place = index ? `a value of ${columns} is too long for the index ${index}` : 'a value is too long for an index';
  return new ImportFailure(
    importError('ERR_IMPORT_VALUE', `${place}: ${reason}`, { record: gameIndexBase, ...(columns ? { field: columns } : {}) }),
  );
};

const hasNul = (value: unknown): boolean => {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array) return false;
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)).includes('\\u0000');
};

/** The first record of a chunk holding a NUL character, if any. */
const findNul = (chunk: ImportChunk, gameIndexBase: number): { what: string; record: number; field: string } | undefined => {
  const games = chunk.games ?? [];
  for (let i = 0; i < games.length; i++) {
    const game = games[i] as unknown as Record<string, unknown>;
    for (const [field, value] of Object.entries(game)) {
      if (field !== 'plies' && hasNul(value)) return { what: 'game', record: gameIndexBase + i, field };
    }
    for (const ply of games[i].plies) {
      for (const [field, value] of Object.entries(ply)) if (hasNul(value)) return { what: 'game', record: gameIndexBase + i, field: `plies.${field}` };
    }
  }
  const lists: [string, readonly object[]][] = [['position', chunk.positions ?? []], ['score', chunk.scores ?? []]];
  for (const [what, rows] of lists) {
    for (let i = 0; i < rows.length; i++) {
      for (const [field, value] of Object.entries(rows[i])) if (hasNul(value)) return { what: `${what} (of this chunk)`, record: i, field };
    }
  }
  return undefined;
};

/** PostgreSQL's deadlock and serialization-failure codes: the transaction was rolled back and may simply run again. */
const RETRYABLE = new Set(['40P01', '40001']);

/**
 * Unique violations that running the import again settles: its number taken by a row it could not
 * see when it drew it (Import_pkey: a writer of "Import" that did not hold the number's lock), or a
 * position copied straight that another import stored and committed meanwhile (Position_kind_key_key:
 * see `db/positionCopy.ts`; the import runs again through the merge).
 */
const RETRYABLE_UNIQUE = new Set(['Import_pkey', 'Position_kind_key_key']);

/** Whether an import transaction failed in a way that running it again settles: a deadlock, a serialization failure, or one of those. */
const retryable = (error: unknown): boolean => {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return typeof code === 'string' && (RETRYABLE.has(code) || (code === '23505' && typeof constraint === 'string' && RETRYABLE_UNIQUE.has(constraint)));
};
const MAX_ATTEMPTS = 5;

/**
 * Runs an import transaction again when PostgreSQL aborted it for a deadlock or a
 * serialization failure. Two imports of overlapping files insert the same new
 * positions (and scores) in different orders, so each can wait on a row the other
 * holds; PostgreSQL then aborts one of them. Nothing of it was kept, so the whole
 * import (reader included: `source.chunks()` reads the file afresh) simply runs again.
 * So does one whose number another writer took meanwhile (see `retryable`).
 */
async function retryOnConflict<T>(attempt: (tries: number) => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt(tries);
    } catch (error) {
      if (tries >= MAX_ATTEMPTS || !retryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * tries + Math.floor(Math.random() * 50 * tries)));
    }
  }
}

/** The ids of an import's games in file order (raw SQL: a position file's import needs no query compiler). */
const gameIdsOf = async (db: Database, importId: bigint): Promise<bigint[]> =>
  (await db.sql.query<{ id: bigint }>(`SELECT id FROM "Game" WHERE "importId" = $1 ORDER BY "indexInFile"`, [importId])).map((g) => g.id);
