/**
 * Single records of Cook's 9x9 files (seed: go-9x9-position-and-score-files):
 *
 *   PositionID        10 bytes: 8 hash (big-endian, as its hex prints), 1 tiebreak, 1 ASCII 'B'/'W'
 *   PositionDB        82 bytes: 81 ASCII '#'/'O'/'.' (row-major from top-left), 1 flag byte 0/1
 *   PositionExtraInfo  8 bytes if flag = 1: uint32 source file id, uint16 variation, uint16 move number (big-endian)
 *   PositionScore      2 bytes: score 3..8 (Black's on-board margin, no komi, clamped), confidence 0..100
 *
 * A position record is 92 or 100 bytes; a scored-position record is 12.
 * Every byte is captured in the decoded record, so encode(decode(x)) === x.
 */
import { Result, ok, err, codecErrors } from '../result';
import { bytesToHashHex, isHashHex } from './hash64';
import { GoColor } from './board';

/** The error codes this module returns. */
export const RECORD_ERRORS = [
  'ERR_GO_BOARD_CHAR',
  'ERR_GO_BOARD_LENGTH',
  'ERR_GO_CONFIDENCE_RANGE',
  'ERR_GO_EXTRA_FLAG',
  'ERR_GO_EXTRA_RANGE',
  'ERR_GO_HASH_HEX',
  'ERR_GO_RECORD_LENGTH',
  'ERR_GO_SCORE_RANGE',
  'ERR_GO_TIEBREAK',
  'ERR_GO_TO_PLAY',
] as const;
/** One of RECORD_ERRORS. */
export type RecordError = (typeof RECORD_ERRORS)[number];
const recordError = codecErrors(RECORD_ERRORS);

/** Bytes in a position record without PositionExtraInfo. */
export const POSITION_RECORD_SIZE = 92;
/** Bytes in a position record with PositionExtraInfo. */
export const POSITION_RECORD_EXTRA_SIZE = 100;
/** Bytes in a scored-position record. */
export const SCORE_RECORD_SIZE = 12;
/** Bytes in a PositionID. */
export const POSITION_ID_SIZE = 10;
/** Lowest score byte (means "3 or less"). */
export const MIN_SCORE = 3;
/** Highest score byte (means "8 or more"). */
export const MAX_SCORE = 8;
/** Highest confidence. */
export const MAX_CONFIDENCE = 100;

/** Where a position record's fields start (PositionID, then PositionDB, then PositionExtraInfo when the flag is 1). */
export const POSITION_FIELDS = { hash: 0, tiebreak: 8, toPlay: 9, board: 10, flag: 91, extra: 92 } as const;

/** The unsigned big-endian 32-bit field at `at` of a record's bytes (a hash half, a source file id). */
export const uint32At = (bytes: Uint8Array, at: number): number => ((bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3]) >>> 0;

/** The unsigned big-endian 16-bit field at `at` of a record's bytes. */
export const uint16At = (bytes: Uint8Array, at: number): number => (bytes[at] << 8) | bytes[at + 1];

/** PositionID: hash as 16 lowercase hex digits, tiebreak byte (0 in published data), side to move. */
export interface GoPositionId {
  hash: string;
  tiebreak: number;
  toPlay: GoColor;
}

/** PositionExtraInfo: where the position came from. */
export interface GoPositionExtra {
  sourceFileId: number;
  variation: number;
  moveNumber: number;
}

/** A position record; `extra` is present exactly when the flag byte is 1. */
export interface GoPositionRecord {
  id: GoPositionId;
  board: string;
  extra?: GoPositionExtra;
}

/** A scored-position record. */
export interface GoScoreRecord {
  id: GoPositionId;
  score: number;
  confidence: number;
}

/** Where a record sits in its file, for error reports. */
export interface RecordPlace {
  /** Record index from 0. */
  record: number;
  /** Byte offset of the record's first byte in the file. */
  fileOffset: number;
}

const B = 0x42;
const W = 0x57;

/** A 20-hex-digit key of a PositionID (hash, tiebreak, to-play byte), handy for merging duplicates. */
export const positionIdKey = (id: GoPositionId): string =>
  id.hash + (id.tiebreak & 255).toString(16).padStart(2, '0') + (id.toPlay === 'B' ? '42' : '57');

// Node's Buffer decodes latin1/hex natively (several times faster than String.fromCharCode per record); a view, no copy.
// The view of the last array is kept, so a chunk of many records makes one view.
let lastBytes: Uint8Array | undefined;
let lastView: Buffer | undefined;
const asBuffer = (bytes: Uint8Array): Buffer => {
  if (bytes === lastBytes) return lastView!;
  lastView = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  lastBytes = bytes;
  return lastView;
};
// 1 for the PositionDB bytes '#', 'O', '.'.
const BOARD_BYTE = new Uint8Array(256);
BOARD_BYTE[0x23] = BOARD_BYTE[0x4f] = BOARD_BYTE[0x2e] = 1;
const latin1 = (bytes: Uint8Array, start: number, end: number): string => asBuffer(bytes).toString('latin1', start, end);
const hexOf = (bytes: Uint8Array, offset: number): string =>
  typeof Buffer === 'undefined' ? bytesToHashHex(bytes, offset) : asBuffer(bytes).toString('hex', offset, offset + 8);

const at = (place: RecordPlace, byte: number, field: string) => ({ record: place.record, offset: place.fileOffset + byte, field });

/** Reads a PositionID at `offset`; the bytes must be there. */
const decodeId = (bytes: Uint8Array, offset: number, place: RecordPlace): Result<GoPositionId> => {
  const who = bytes[offset + 9]; // byte 9: ASCII 'B' or 'W'
  if (who !== B && who !== W) {
    return err(recordError('ERR_GO_TO_PLAY', `record ${place.record}: who-to-play byte is 0x${who.toString(16).padStart(2, '0')}, not 'B' or 'W'`, at(place, 9, 'toPlay')));
  }
  return ok({ hash: hexOf(bytes, offset), tiebreak: bytes[offset + 8], toPlay: who === B ? 'B' : 'W' });
};

/** Size of the position record starting at `offset` from its flag byte (needs 92 bytes there), or -1 if the flag is neither 0 nor 1. */
export const positionRecordSizeAt = (bytes: Uint8Array, offset: number): number => {
  const flag = bytes[offset + 91];
  return flag === 0 ? POSITION_RECORD_SIZE : flag === 1 ? POSITION_RECORD_EXTRA_SIZE : -1;
};

/** Decodes the position record at `offset` of `bytes` (`place` locates it in the file for errors). */
export const decodePositionRecord = (bytes: Uint8Array, offset: number, place: RecordPlace = { record: 0, fileOffset: offset }): Result<GoPositionRecord> => {
  const avail = bytes.length - offset;
  if (avail < POSITION_RECORD_SIZE) return err(shortRecord(place, avail, POSITION_RECORD_SIZE));
  const id = decodeId(bytes, offset, place);
  if (!id.ok) return id;
  // Bytes 10..90: the 81 board points, '#' (0x23) black, 'O' (0x4f) white, '.' (0x2e) empty.
  const b = offset + 10;
  for (let i = 0; i < 81; i++) {
    if (BOARD_BYTE[bytes[b + i]] === 0) {
      const c = bytes[b + i];
      return err(recordError('ERR_GO_BOARD_CHAR', `record ${place.record}: board point ${i} is byte 0x${c.toString(16).padStart(2, '0')}, not '#', 'O' or '.'`, at(place, 10 + i, 'board')));
    }
  }
  const board = latin1(bytes, b, b + 81);
  // Byte 91: binary flag, 1 = PositionExtraInfo follows.
  const flag = bytes[offset + 91];
  if (flag === 0) return ok({ id: id.value, board });
  if (flag !== 1) {
    return err(recordError('ERR_GO_EXTRA_FLAG', `record ${place.record}: flag byte is ${flag}, not 0 or 1`, at(place, 91, 'flag')));
  }
  if (avail < POSITION_RECORD_EXTRA_SIZE) return err(shortRecord(place, avail, POSITION_RECORD_EXTRA_SIZE));
  // Bytes 92..99: uint32 source file id, uint16 variation, uint16 move number, big-endian (tabula's choice; the seed gives no order).
  const e = offset + POSITION_FIELDS.extra;
  const sourceFileId = uint32At(bytes, e);
  const variation = uint16At(bytes, e + 4);
  const moveNumber = uint16At(bytes, e + 6);
  return ok({ id: id.value, board, extra: { sourceFileId, variation, moveNumber } });
};

/** Decodes the scored-position record at `offset`. */
export const decodeScoreRecord = (bytes: Uint8Array, offset: number, place: RecordPlace = { record: 0, fileOffset: offset }): Result<GoScoreRecord> => {
  const avail = bytes.length - offset;
  if (avail < SCORE_RECORD_SIZE) return err(shortRecord(place, avail, SCORE_RECORD_SIZE));
  const id = decodeId(bytes, offset, place);
  if (!id.ok) return id;
  // Byte 10: score as a plain byte 3..8; byte 11: confidence 0..100.
  const score = bytes[offset + 10];
  if (score < MIN_SCORE || score > MAX_SCORE) {
    return err(recordError('ERR_GO_SCORE_RANGE', `record ${place.record}: score byte is ${score}, not 3..8`, at(place, 10, 'score')));
  }
  const confidence = bytes[offset + 11];
  if (confidence > MAX_CONFIDENCE) {
    return err(recordError('ERR_GO_CONFIDENCE_RANGE', `record ${place.record}: confidence byte is ${confidence}, not 0..100`, at(place, 11, 'confidence')));
  }
  return ok({ id: id.value, score, confidence });
};

/** The error for a file that ends inside a record. */
export const shortRecord = (place: RecordPlace, have: number, need: number) =>
  recordError('ERR_GO_RECORD_LENGTH', `the file breaks at offset ${place.fileOffset}: record ${place.record} has ${have} of its ${need} bytes`, {
    record: place.record,
    offset: place.fileOffset,
  });

const isU = (v: number, max: number): boolean => Number.isInteger(v) && v >= 0 && v <= max;

/** Checks a PositionID for encoding. */
const checkId = (id: GoPositionId, record: number): Result<true> => {
  if (typeof id.hash !== 'string' || !isHashHex(id.hash)) return err(recordError('ERR_GO_HASH_HEX', `record ${record}: hash must be 16 hex digits`, { record, field: 'hash' }));
  if (!isU(id.tiebreak, 255)) return err(recordError('ERR_GO_TIEBREAK', `record ${record}: tiebreak must be a byte`, { record, field: 'tiebreak' }));
  if (id.toPlay !== 'B' && id.toPlay !== 'W') return err(recordError('ERR_GO_TO_PLAY', `record ${record}: toPlay must be 'B' or 'W'`, { record, field: 'toPlay' }));
  return ok(true);
};

const writeId = (id: GoPositionId, out: Uint8Array, offset: number): void => {
  asBuffer(out).write(id.hash, offset, 8, 'hex'); // bytes 0..7: hash, big-endian (hex digits in print order)
  out[offset + 8] = id.tiebreak; // byte 8: tiebreak
  out[offset + 9] = id.toPlay === 'B' ? B : W; // byte 9: ASCII who-to-play
};

/** Encoded size of a position record: 92, or 100 with `extra`. */
export const positionRecordSize = (r: GoPositionRecord): number => (r.extra ? POSITION_RECORD_EXTRA_SIZE : POSITION_RECORD_SIZE);

/** Writes a position record at `offset` of `out` (room must be there); returns the bytes written, or an error naming the bad field. */
export const encodePositionRecord = (r: GoPositionRecord, out: Uint8Array, offset: number, record = 0): Result<number> => {
  const idOk = checkId(r.id, record);
  if (!idOk.ok) return idOk;
  const board = r.board;
  if (typeof board !== 'string' || board.length !== 81) return err(recordError('ERR_GO_BOARD_LENGTH', `record ${record}: board must be 81 characters`, { record, field: 'board' }));
  // Bytes 10..90: the board, written as latin1 then checked byte by byte (any non-Latin-1 character becomes a rejected byte).
  const view = asBuffer(out);
  view.write(board, offset + 10, 81, 'latin1');
  for (let i = 0; i < 81; i++) {
    if (BOARD_BYTE[out[offset + 10 + i]] === 0 || board.charCodeAt(i) > 0xff) {
      return err(recordError('ERR_GO_BOARD_CHAR', `record ${record}: board point ${i} is not '#', 'O' or '.'`, { record, offset: i, field: 'board' }));
    }
  }
  writeId(r.id, out, offset);
  const e = r.extra;
  if (!e) {
    out[offset + 91] = 0; // byte 91: no PositionExtraInfo
    return ok(POSITION_RECORD_SIZE);
  }
  if (!isU(e.sourceFileId, 0xffffffff) || !isU(e.variation, 0xffff) || !isU(e.moveNumber, 0xffff)) {
    return err(recordError('ERR_GO_EXTRA_RANGE', `record ${record}: extra info must be uint32, uint16, uint16`, { record, field: 'extra' }));
  }
  out[offset + 91] = 1; // byte 91: PositionExtraInfo follows
  const x = offset + 92; // bytes 92..99, big-endian
  out[x] = e.sourceFileId >>> 24;
  out[x + 1] = (e.sourceFileId >>> 16) & 255;
  out[x + 2] = (e.sourceFileId >>> 8) & 255;
  out[x + 3] = e.sourceFileId & 255;
  out[x + 4] = e.variation >>> 8;
  out[x + 5] = e.variation & 255;
  out[x + 6] = e.moveNumber >>> 8;
  out[x + 7] = e.moveNumber & 255;
  return ok(POSITION_RECORD_EXTRA_SIZE);
};

/** Writes a scored-position record at `offset` of `out`; returns 12 or an error naming the bad field. */
export const encodeScoreRecord = (r: GoScoreRecord, out: Uint8Array, offset: number, record = 0): Result<number> => {
  const idOk = checkId(r.id, record);
  if (!idOk.ok) return idOk;
  if (!isU(r.score, MAX_SCORE) || r.score < MIN_SCORE) return err(recordError('ERR_GO_SCORE_RANGE', `record ${record}: score must be 3..8`, { record, field: 'score' }));
  if (!isU(r.confidence, MAX_CONFIDENCE)) return err(recordError('ERR_GO_CONFIDENCE_RANGE', `record ${record}: confidence must be 0..100`, { record, field: 'confidence' }));
  writeId(r.id, out, offset);
  out[offset + 10] = r.score; // byte 10: score
  out[offset + 11] = r.confidence; // byte 11: confidence
  return ok(SCORE_RECORD_SIZE);
};
