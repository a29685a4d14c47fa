/**
 * Go storage: Darren Cook's 9x9 position files (GO_POSITIONS) and scored-position
 * files (GO_SCORES) in and out, and the Zobrist tables that hash Go boards.
 *
 * Stored form of a position-file record (a `Position` row of kind GO):
 * - `key`: the 10-byte PositionID as 20 lowercase hex digits (hash, tiebreak, who-to-play byte);
 * - `hash`: the 8 hash bytes as a signed bigint (`signedHashOf`, codecs/hashes.ts), for equality lookups only;
 * - `sideToMove` `B`/`W`, `board` the 81 `#`/`O`/`.` characters, `pieceCount` the stone count;
 * - `data`: `{ "extra": { sourceFileId, variation, moveNumber } }` for 100-byte records, else null;
 * - `listImportId`/`listIndex`: the import and index of the earliest stored file that lists it;
 *   each file that lists it has its own place in `ImportPosition` (the first listing's board and
 *   extra data are kept: a file listing the same PositionID with other bytes exports the first's).
 * Those give back every byte of the record, so export is byte-identical.
 *
 * A score record names its position by PositionID. A position not stored yet is
 * created as a placeholder (empty board, no stone count, not listed) so no score
 * is lost and the score file still exports byte for byte; a position file
 * imported later fills the placeholder in (board, stones, list place).
 */
import {
  type GoPositionId,
  type GoPositionRecord,
  type GoScoreRecord,
  type ZobristHasher,
  createHasher,
  defaultHasher,
  encodePositionStream,
  encodeScoreStream,
  parseZobristTable,
  positionIdKey,
  scoreFileDecoder,
} from '../../codecs/go';
import { signedHashOf } from '../../codecs/hashes';
import type { CodecError } from '../../codecs/result';
import type { SqlExecutor } from '../../db/sql';
import { readAhead } from '../reading/readAhead';
import { type PieceReader, readInPieces } from '../reading/pieces';
import type { FormatReader, ImportOptions, ReadContext } from '../formats';
import { Pacer } from '../reading/pacer';
import { type ImportChunk, type PositionRecord, type ScoreRecord } from '../../db/records';
import { ImportFailure, importError } from '../importFailure';
import { GO_CHUNK_RECORDS, GO_FILE_WARNINGS, goFileWarning, goPositionPieces } from './positionPieces';

export { GO_CHUNK_RECORDS, GO_FILE_WARNINGS };

/** Name under which the shipped default table (codec `defaultZobristTable`) is known. */
export const DEFAULT_ZOBRIST_TABLE = 'default';

/**
 * Score records per chunk: larger, because each chunk looks its positions up with one statement
 * that PostgreSQL answers with a scan of the Position table (see the bulk writer's `probeKeys`).
 */
export const GO_SCORE_CHUNK_RECORDS = 50_000;

// ------------------------------------------------------------------ hashes and keys

/** The PositionID of a 20-hex-digit key, or null for keys of other shapes (non-9x9 SGF positions). */
export const parseGoKey = (key: string): GoPositionId | null => {
  if (!/^[0-9a-f]{20}$/.test(key)) return null;
  const who = key.slice(18);
  if (who !== '42' && who !== '57') return null;
  return { hash: key.slice(0, 16), tiebreak: parseInt(key.slice(16, 18), 16), toPlay: who === '42' ? 'B' : 'W' };
};

/**
 * The key of a Go position reached in a game: the PositionID form (tiebreak 0)
 * on 9x9 boards; on other sizes the same prefixed with `WxH:`, so boards of
 * different sizes never share a key.
 */
export const goGameKey = (width: number, height: number, hash: string, toPlay: 'B' | 'W'): string => {
  const id = positionIdKey({ hash, tiebreak: 0, toPlay });
  return width === 9 && height === 9 ? id : `${width}x${height}:${id}`;
};

// ------------------------------------------------------------------ Zobrist tables

/** A hasher and the name of the table it was built from. */
export interface NamedHasher {
  name: string;
  hasher: ZobristHasher;
}

const hashers = new Map<string, ZobristHasher>();

/** Builds (and caches by content) the 9x9 hasher of a table file's text; null if the text is not a valid table. */
export const hasherOfText = (text: string): ZobristHasher | null => {
  let hasher = hashers.get(text);
  if (!hasher) {
    const table = parseZobristTable(text);
    if (!table.ok) return null;
    const built = createHasher(table.value, 9, 9);
    if (!built.ok) return null;
    hasher = built.value;
    if (hashers.size > 16) hashers.clear();
    hashers.set(text, hasher);
  }
  return hasher;
};

/**
 * The 9x9 hasher of the table called `name`, or of the active table when no
 * name is given (the shipped default when none is active). Null when no table
 * has that name.
 */
export async function goHasher(sql: SqlExecutor | undefined, name?: string | null): Promise<NamedHasher | null> {
  if (name === DEFAULT_ZOBRIST_TABLE || !sql) {
    return name && name !== DEFAULT_ZOBRIST_TABLE ? null : { name: DEFAULT_ZOBRIST_TABLE, hasher: defaultHasher(9, 9) };
  }
  const rows = name
    ? await sql.query<{ name: string; text: string }>(`SELECT name, text FROM "ZobristTable" WHERE name = $1`, [name])
    : await sql.query<{ name: string; text: string }>(`SELECT name, text FROM "ZobristTable" WHERE active ORDER BY name LIMIT 1`);
  if (rows.length === 0) return name ? null : { name: DEFAULT_ZOBRIST_TABLE, hasher: defaultHasher(9, 9) };
  const hasher = hasherOfText(rows[0].text);
  // Stored tables were validated on import; a row edited by hand falls back to the default.
  return hasher ? { name: rows[0].name, hasher } : { name: DEFAULT_ZOBRIST_TABLE, hasher: defaultHasher(9, 9) };
}

/** The 9x9 hasher of the active table (the shipped default when none is active). */
export const activeZobristHasher = async (sql: SqlExecutor): Promise<NamedHasher> =>
  (await goHasher(sql)) ?? { name: DEFAULT_ZOBRIST_TABLE, hasher: defaultHasher(9, 9) };

/** The hasher of a board size: the active stored table for 9x9, the default table for other sizes. */
export const goHasherOfSize = async (sql: SqlExecutor, size: number): Promise<NamedHasher> =>
  size === 9 ? activeZobristHasher(sql) : { name: DEFAULT_ZOBRIST_TABLE, hasher: defaultHasher(size, size) };

/**
 * The table an import hashes Go games with: the active one, read the first time a reader asks
 * (`resolve`, given to the reader as `ReadContext.zobristTable`), which `used` then names for the
 * import to record. Reading it locks the tables in SHARE mode until the import commits: imports
 * do not wait for each other, but an activation (zobristTables.ts) waits for them, and they for
 * it, so an import never stores keys of a table that is no longer the active one.
 */
export class ImportZobristTable {
  used: string | null = null;
  private table?: Promise<NamedHasher>;

  constructor(private readonly sql: SqlExecutor) {}

  readonly resolve = (): Promise<NamedHasher> => (this.table ??= this.lockAndRead());

  private async lockAndRead(): Promise<NamedHasher> {
    await this.sql.query(`LOCK TABLE "ZobristTable" IN SHARE MODE`);
    const named = (await goHasher(this.sql)) ?? { name: DEFAULT_ZOBRIST_TABLE, hasher: defaultHasher(9, 9) };
    this.used = named.name;
    return named;
  }
}

/**
 * The table a stored game of import `importId` was hashed with, as the import recorded it, for
 * its replay: so a game replays to the keys the position index holds whatever table is active
 * now. An import that recorded none (it hashed no Go game) or a game without import reads the
 * active table; a recorded table no longer stored (a row deleted by hand) falls back to the default.
 */
export async function recordedGoHasher(sql: SqlExecutor, importId: bigint | null): Promise<NamedHasher> {
  const [row] =
    importId === null
      ? []
      : await sql.query<{ name: string | null; text: string | null }>(
          `SELECT i."zobristTable" AS name, t.text FROM "Import" i LEFT JOIN "ZobristTable" t ON t.name = i."zobristTable" WHERE i.id = $1`,
          [importId],
        );
  const fallback = { name: DEFAULT_ZOBRIST_TABLE, hasher: defaultHasher(9, 9) };
  if (!row || row.name === null) return (await goHasher(sql)) ?? fallback;
  const hasher = row.text === null ? null : hasherOfText(row.text);
  return hasher ? { name: row.name, hasher } : fallback;
}

// ------------------------------------------------------------------ readers

const failure = (error: CodecError): ImportFailure => new ImportFailure(error);

/** A position known only by its PositionID (from a score file), completed when a position file lists it. */
const placeholderOf = (id: GoPositionId, key: string): PositionRecord => ({
  kind: 'GO',
  key,
  hash: signedHashOf(id.hash),
  sideToMove: id.toPlay,
  board: '',
});

/** The active table (the shipped default when none is active): what a position file's hashes are checked with. */
const positionFileTable = async (context?: ReadContext): Promise<NamedHasher> =>
  (await goHasher(context?.sql)) ?? { name: DEFAULT_ZOBRIST_TABLE, hasher: defaultHasher(9, 9) };

const positionPieces = goPositionPieces(positionFileTable);

/**
 * Position files: 92- or 100-byte records, streamed, GO_CHUNK_RECORDS records per chunk, read in
 * pieces (`positionPieces.ts`): in an import's worker threads where it has them.
 */
export const goPositionsReader: FormatReader = {
  format: 'GO_POSITIONS',
  binary: true,
  pieces: positionPieces as PieceReader<unknown, unknown>,
  read: (input, options, context) => readInPieces(positionPieces, input, options, context),
};

/** Scored-position files: 12-byte records for one program and ruleset (options `program`, `ruleset`). */
export const goScoresReader: FormatReader = {
  format: 'GO_SCORES',
  binary: true,
  read: (input, options) => readAhead(readScoreFile(input, options)),
};

async function* readScoreFile(input: AsyncIterable<Uint8Array>, options: ImportOptions): AsyncGenerator<ImportChunk> {
  const program = options.program?.trim();
  if (!program) {
    throw failure(
      importError('ERR_GO_SCORE_PROGRAM', 'a score file needs the program that scored it (option program, e.g. fuego)', { field: 'program' }),
    );
  }
  const ruleset = options.ruleset?.trim() ?? '';
  const decoder = scoreFileDecoder();
  const pace = new Pacer();
  let positions: PositionRecord[] = [];
  let scores: ScoreRecord[] = [];
  let index = 0;
  for await (const bytes of input) {
    const decoded = decoder.push(bytes);
    if (!decoded.ok) throw failure(decoded.error);
    for (const record of decoded.value) {
      const key = positionIdKey(record.id);
      positions.push(placeholderOf(record.id, key));
      scores.push({ kind: 'GO', positionKey: key, program, ruleset, value: record.score, confidence: record.confidence });
      index++;
      if (scores.length >= GO_SCORE_CHUNK_RECORDS) {
        yield { positions, scores };
        positions = [];
        scores = [];
      }
      if (pace.due) await pace.giveWay();
    }
  }
  const end = decoder.finish();
  if (!end.ok) throw failure(end.error);
  const read = goFileWarning('GO_RECORDS_READ', `${index} score records read for ${program}${ruleset ? `/${ruleset}` : ''} (${end.value.bytes} bytes)`);
  yield { positions, scores, notes: [read] };
}

// ------------------------------------------------------------------ export

const PAGE = 20_000;

interface ListedRow {
  key: string;
  board: string;
  data: { extra?: GoPositionRecord['extra'] } | null;
  listImportId: bigint;
  listIndex: number;
}

/**
 * The listed Go positions, as position-file records, page by page: one import's list in its order,
 * or every listed position once, in the order of the earliest import that lists it.
 */
async function* listedPositions(sql: SqlExecutor, importId?: bigint): AsyncGenerator<GoPositionRecord> {
  let after: [bigint, number] = [-1n, -1];
  for (;;) {
    const rows = await sql.query<ListedRow & Record<string, unknown>>(
      importId === undefined
        ? `SELECT key, board, data, "listImportId", "listIndex" FROM "Position"
           WHERE "listImportId" IS NOT NULL AND kind = 'GO' AND ("listImportId", "listIndex") > ($1, $2)
           ORDER BY "listImportId", "listIndex" LIMIT ${PAGE}`
        : `SELECT p.key, p.board, p.data, l."importId" AS "listImportId", l."listIndex"
           FROM "ImportPosition" l JOIN "Position" p ON p.id = l."positionId"
           WHERE l."importId" = $3 AND l."listIndex" IS NOT NULL AND p.kind = 'GO' AND (l."importId", l."listIndex") > ($1, $2)
           ORDER BY l."listIndex" LIMIT ${PAGE}`,
      importId === undefined ? [after[0], after[1]] : [after[0], after[1], importId],
    );
    for (const row of rows) {
      const id = parseGoKey(row.key);
      if (!id) continue;
      const extra = row.data?.extra;
      yield extra ? { id, board: row.board, extra } : { id, board: row.board };
    }
    if (rows.length < PAGE) return;
    const last = rows[rows.length - 1];
    after = [last.listImportId, last.listIndex];
  }
}

/** The scores of one program and ruleset on Go positions, in the order they were imported, as score-file records. */
async function* storedScores(sql: SqlExecutor, program: string, ruleset: string): AsyncGenerator<GoScoreRecord> {
  let after = 0n;
  for (;;) {
    const rows = await sql.query<{ id: bigint; key: string; value: number; confidence: number | null }>(
      `SELECT s.id, p.key, s.value, s.confidence FROM "Score" s JOIN "Position" p ON p.id = s."positionId"
       WHERE s.program = $1 AND s.ruleset = $2 AND s.id > $3 AND p.kind = 'GO' AND length(p.key) = 20
       ORDER BY s.id LIMIT ${PAGE}`,
      [program, ruleset, after],
    );
    for (const row of rows) {
      const id = parseGoKey(row.key);
      if (id) yield { id, score: Math.round(row.value), confidence: Math.round(row.confidence ?? 0) };
    }
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1].id;
  }
}

const chunksOf = async function* (encoded: AsyncGenerator<{ ok: true; value: Uint8Array } | { ok: false; error: CodecError }>) {
  for await (const r of encoded) {
    if (!r.ok) throw failure(r.error);
    yield r.value;
  }
};

/** A position file of the listed Go positions (one import's, or all in import order), as byte chunks. */
export const exportGoPositionFile = (sql: SqlExecutor, importId?: bigint): AsyncGenerator<Uint8Array> =>
  chunksOf(encodePositionStream(listedPositions(sql, importId)));

/** A scored-position file of one program and ruleset, as byte chunks. */
export const exportGoScoreFile = (sql: SqlExecutor, program: string, ruleset = ''): AsyncGenerator<Uint8Array> =>
  chunksOf(encodeScoreStream(storedScores(sql, program, ruleset)));
