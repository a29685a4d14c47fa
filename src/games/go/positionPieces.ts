/**
 * A Go position file read in pieces (`reading/pieces.ts`), so an import reads it in its worker
 * threads while its own thread streams the rows to the database:
 * - `pieces` cuts the file into runs of GO_CHUNK_RECORDS whole records (the last run also holds
 *   the bytes of a record the file breaks in), on the import's thread, and gives each the table
 *   its hashes are checked with (the active one, read as the reader on one thread reads it);
 * - `read` reads a run, pure: checks each record as the codec does (a record the codec refuses
 *   fails the import with the codec's own error, naming the record and its byte offset), counts
 *   the hashes that agree with the table, and writes the run's rows for a straight copy
 *   (`positionRows.ts`);
 * - `assemble` makes each run a chunk, in file order, and a last one with the notes.
 * A chunk's `positions` (what the staging merge stores) are decoded from the run's bytes only when
 * the writer asks for them: a file over positions already stored.
 */
// From their own modules, not the codec's index: the index's re-exports are getters, and these are read for each record.
import { cellOfCharCode } from '../../codecs/go/board';
import { POSITION_FORMAT, positionFileDecoder } from '../../codecs/go/files';
import { type GoPositionRecord, POSITION_FIELDS, POSITION_RECORD_EXTRA_SIZE, POSITION_RECORD_SIZE, positionIdKey, uint32At } from '../../codecs/go/records';
import { signedHashOf } from '../../codecs/hashes';
import type { CodecError } from '../../codecs/result';
import type { PreparedPositions } from '../../db/positionCopy';
import type { ImportChunk, ImportWarning, PositionRecord } from '../../db/records';
import type { ImportOptions, ReadContext } from '../formats';
import { ImportFailure } from '../importFailure';
import type { PieceReader, PieceResult } from '../reading/pieces';
import { importWarnings } from '../warnings';
import { type Disagreement, HashAgreement, cellsOf } from './hashCheck';
import type { NamedHasher } from './files';
import { preparePositionRows } from './positionRows';

/** Records per chunk a reader yields: each chunk is stored before the next is decoded. */
export const GO_CHUNK_RECORDS = 10_000;

/** A run of a position file's records, read on its own. */
export interface PositionPiece {
  /** Whole records; the file's last run also holds the bytes of a record the file breaks in. */
  bytes: Uint8Array;
  /** The index of its first record in the file, and that record's byte offset. */
  record: number;
  offset: number;
  /** The table its hashes are checked with. */
  table: NamedHasher;
}

/** A run read: its rows, how many records it held, and what its hashes said. */
export interface PositionPieceRead {
  /** The run (its bytes are decoded again if its positions have to be merged). */
  piece: PositionPiece;
  prepared: PreparedPositions;
  records: number;
  checked: number;
  agreeing: number;
  /** The run's first record whose hash the table does not reproduce. */
  disagreement?: Disagreement;
}

/**
 * The codes of the Go file readers' notes and warnings (see `games/warnings.ts`): how many
 * records were read (a note), and how many record hashes agree with the Zobrist table (a note
 * when all do, else a warning).
 */
export const GO_FILE_WARNINGS = ['GO_RECORDS_READ', 'GO_HASH_AGREEMENT'] as const;
export const goFileWarning = importWarnings(GO_FILE_WARNINGS);

/** The import's note (or warning, when one disagrees) that says how many record hashes agree with the table. */
export const agreementWarning = (name: string, checked: number, agreeing: number, first: Disagreement | undefined): ImportWarning =>
  goFileWarning(
    'GO_HASH_AGREEMENT',
    `${agreeing} of ${checked} record hashes agree with the canonical hash of their board under Zobrist table ` +
      `"${name}"` +
      (first ? `; the first that does not is record ${first.index} (${first.key}), which that table hashes as ${first.expected}` : ''),
    first ? { record: first.index } : {},
  );

/** The stored form of a position-file record (see files.ts). */
export const positionRecordOf = (record: GoPositionRecord, key: string, stones: number, listIndex: number): PositionRecord => ({
  kind: 'GO',
  key,
  hash: signedHashOf(record.id.hash),
  sideToMove: record.id.toPlay,
  board: record.board,
  data: record.extra ? { extra: record.extra } : null,
  pieceCount: stones,
  listIndex,
});

const failure = (error: CodecError): ImportFailure => new ImportFailure(error);

/** The run's records as the codec decodes them (throws the codec's error for a record it refuses, or a file that breaks in the run). */
const decodePiece = (piece: PositionPiece): GoPositionRecord[] => {
  const decoder = positionFileDecoder({ record: piece.record, fileOffset: piece.offset });
  const decoded = decoder.push(piece.bytes);
  if (!decoded.ok) throw failure(decoded.error);
  const end = decoder.finish();
  if (!end.ok) throw failure(end.error);
  return decoded.value;
};

/** The stored form of each record of a run, in file order (what the staging merge takes). */
const positionsOf = (piece: PositionPiece): PositionRecord[] => {
  const cells = new Uint8Array(81);
  return decodePiece(piece).map((record, i) => positionRecordOf(record, positionIdKey(record.id), cellsOf(record.board, cells), piece.record + i));
};

/** Throws the codec's error for a run holding a record it refuses (the first, as on one thread). */
const refused = (piece: PositionPiece): never => {
  decodePiece(piece);
  throw new Error(`the codec read the Go records from ${piece.record} that the position file's reader refused`);
};

/** Cells of the board bytes: 0 empty, 1 black, 2 white, 255 for a byte that is not a point. */
const CELL_OF_BYTE = Uint8Array.from({ length: 256 }, (_, b) => {
  const cell = cellOfCharCode(b);
  return cell < 0 ? 255 : cell;
});

/**
 * Reads a run: each record checked (its side-to-move byte, its 81 points, its flag and length: a
 * record the codec would refuse stops here with the codec's error), its hash checked against the
 * table, and the run's rows written.
 */
export function readPositionPiece(piece: PositionPiece): PositionPieceRead {
  const { bytes } = piece;
  const agreement = new HashAgreement(piece.table);
  const most = Math.ceil(bytes.length / POSITION_RECORD_SIZE);
  const offsets = new Uint32Array(most);
  const stones = new Uint8Array(most);
  const cells = new Uint8Array(81);
  let count = 0;
  let at = 0;
  while (bytes.length - at >= POSITION_RECORD_SIZE) {
    const flag = bytes[at + POSITION_FIELDS.flag];
    const size = flag === 0 ? POSITION_RECORD_SIZE : POSITION_RECORD_EXTRA_SIZE;
    const toPlay = bytes[at + POSITION_FIELDS.toPlay];
    let faulty = flag > 1 || bytes.length - at < size || (toPlay !== 0x42 && toPlay !== 0x57);
    let n = 0;
    for (let p = 0; p < 81; p++) {
      const cell = CELL_OF_BYTE[bytes[at + POSITION_FIELDS.board + p]];
      if (cell === 255) faulty = true;
      cells[p] = cell;
      if (cell !== 0) n++;
    }
    // The codec names the fault (the first it meets, as on one thread).
    if (faulty) refused(piece);
    if (!agreement.checkCells(cells, uint32At(bytes, at), uint32At(bytes, at + 4))) agreement.disagree(piece.record + count, keyAt(bytes, at));
    offsets[count] = at;
    stones[count] = n;
    count++;
    at += size;
  }
  if (at < bytes.length) refused(piece);
  const prepared = preparePositionRows({ bytes, count, offsets, stones, firstIndex: piece.record });
  return { piece, prepared, records: count, checked: agreement.checked, agreeing: agreement.agreeing, disagreement: agreement.disagreements[0] };
}

/** The key of the record at `at` (the hex of its PositionID). */
const keyAt = (bytes: Uint8Array, at: number): string => Buffer.from(bytes.buffer, bytes.byteOffset + at, 10).toString('hex');

/** A run's chunk: its rows, and its positions decoded when asked for. */
const chunkOf = (read: PositionPieceRead): ImportChunk => {
  const chunk: ImportChunk = read.prepared.count > 0 ? { preparedPositions: read.prepared } : {};
  let positions: PositionRecord[] | undefined;
  Object.defineProperty(chunk, 'positions', {
    enumerable: true,
    configurable: true,
    get: () => (positions ??= positionsOf(read.piece)),
    set: (value: PositionRecord[]) => (positions = value),
  });
  return chunk;
};

/** Whole records a run holds: GO_CHUNK_RECORDS, the last one fewer. */
const RUN_BYTES = GO_CHUNK_RECORDS * POSITION_RECORD_EXTRA_SIZE;

/** Cuts the file into runs of GO_CHUNK_RECORDS whole records; the last run (always given, if empty) holds the rest. */
async function* cut(input: AsyncIterable<Uint8Array>, table: NamedHasher): AsyncGenerator<PositionPiece> {
  const run = new Uint8Array(RUN_BYTES);
  let filled = 0;
  // The end of the run's whole records, and how many.
  let whole = 0;
  let records = 0;
  let record = 0;
  let offset = 0;
  for await (const bytes of input) {
    for (let taken = 0; taken < bytes.length; ) {
      // A run with fewer than GO_CHUNK_RECORDS records and less than a record after them always has room.
      const take = Math.min(bytes.length - taken, RUN_BYTES - filled);
      run.set(bytes.subarray(taken, taken + take), filled);
      filled += take;
      taken += take;
      while (filled - whole >= POSITION_FORMAT.minSize) {
        const size = POSITION_FORMAT.sizeAt(run, whole);
        if (filled - whole < size) break;
        whole += size;
        if (++records < GO_CHUNK_RECORDS) continue;
        yield { bytes: run.slice(0, whole), record, offset, table };
        run.copyWithin(0, whole, filled);
        [filled, record, offset] = [filled - whole, record + records, offset + whole];
        [whole, records] = [0, 0];
      }
    }
  }
  yield { bytes: run.slice(0, filled), record, offset, table };
}

/** The chunks of a file's runs read, in file order, then one that holds the notes (records read, hashes agreeing). */
async function* assemble(reads: AsyncIterable<PositionPieceRead>): AsyncGenerator<ImportChunk> {
  let last: PositionPiece | undefined;
  let records = 0;
  let checked = 0;
  let agreeing = 0;
  let first: Disagreement | undefined;
  for await (const read of reads) {
    yield chunkOf(read);
    last = read.piece;
    records += read.records;
    checked += read.checked;
    agreeing += read.agreeing;
    first ??= read.disagreement;
  }
  // `cut` always gives a last run.
  if (!last) throw new Error('a Go position file was read without its last run');
  const note = goFileWarning('GO_RECORDS_READ', `${records} position records read (${last.offset + last.bytes.length} bytes)`);
  // Hashes that all agree are a note; one that does not is worth a look.
  const verdict = agreementWarning(last.table.name, checked, agreeing, first);
  const agrees = agreeing === checked;
  yield { positions: [], notes: agrees ? [note, verdict] : [note], warnings: agrees ? [] : [verdict] };
}

/**
 * A position file in pieces: runs of records, their hashes checked with the table `table` gives
 * (the import's thread asks it once a file, before the first run).
 */
export const goPositionPieces = (table: (context?: ReadContext) => Promise<NamedHasher>): PieceReader<PositionPiece, PositionPieceRead> => ({
  pieces: async function* (input: AsyncIterable<Uint8Array>, _options: ImportOptions, context?: ReadContext) {
    yield* cut(input, await table(context));
  },
  size: (piece) => piece.bytes.length,
  // A position file holds no game.
  expected: () => 0,
  read: (piece): PieceResult<PositionPieceRead> => ({ read: readPositionPiece(piece), counted: 0 }),
  recordsOf: () => ({ games: [], scores: [] }),
  assemble,
});
