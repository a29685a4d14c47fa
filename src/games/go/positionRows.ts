/**
 * A run of a position file's records as the rows of a straight copy into `Position`
 * (`PreparedPositions`, db/positionCopy.ts), written straight from the records' bytes in COPY's
 * binary format: no record object, key string or BigInt is made per record, and the server parses
 * no digits. The rows hold what the stored form of a record holds (see files.ts): the key is the
 * hex of the PositionID's 10 bytes, the hash its first 8 (a signed big-endian integer, as binary
 * COPY takes an int8), the side to move its last byte, the board its 81 bytes, the data the extra
 * info as JSON, the stone count, the place in the list. The records were checked before
 * (`positionPieces.ts`).
 */
import { POSITION_FIELDS, uint16At, uint32At } from '../../codecs/go/records';
import { writeDecimal } from '../../codecs/hashes';
import { PREPARED_HEAD_BYTES, PREPARED_LINK_BYTES, type PreparedPositions, put32, putPreparedHead, putPreparedLink } from '../../db/positionCopy';
import { keyHashes } from '../../db/seenKeys';

/** The records of a run, checked: where each starts in `bytes`, and its stone count. */
export interface CheckedRecords {
  bytes: Uint8Array;
  /** How many records. */
  count: number;
  offsets: Uint32Array;
  stones: Uint8Array;
  /** The place in the file's list of the first (its record index). */
  firstIndex: number;
}

const KIND = 'GO';
/** The longest row: its head, then its fields (each after its 4-byte length): kind, the key's 20 digits, the hash's 8 bytes, the board, the extra info's JSON, two int4. */
const MAX_ROW_BYTES = PREPARED_HEAD_BYTES + 240;
const ascii = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0));
/** The kind's field: its length and its label (an enum's binary form is its label). */
const KIND_FIELD = Uint8Array.from([0, 0, 0, KIND.length, ...ascii(KIND)]);
/** A jsonb field's version byte, before its JSON text. */
const JSONB_VERSION = 1;
const EXTRA = [ascii('{"extra":{"sourceFileId":'), ascii(',"variation":'), ascii(',"moveNumber":'), ascii('}}')];
const HEX = ascii('0123456789abcdef');
const NEWLINE = 0x0a;

const put = (out: Uint8Array, at: number, bytes: Uint8Array): number => {
  out.set(bytes, at);
  return at + bytes.length;
};

/** Writes the 10 bytes of a PositionID at `from` as its key's 20 lowercase hex digits. */
const writeKey = (out: Uint8Array, at: number, bytes: Uint8Array, from: number): number => {
  for (let i = 0; i < 10; i++) {
    const b = bytes[from + i];
    out[at++] = HEX[b >>> 4];
    out[at++] = HEX[b & 15];
  }
  return at;
};


/** Writes the extra info at `from` (uint32, uint16, uint16, big-endian) as the JSON `data` the record's stored form holds. */
const writeExtra = (out: Uint8Array, at: number, bytes: Uint8Array, from: number): number => {
  at = writeDecimal(out, put(out, at, EXTRA[0]), uint32At(bytes, from));
  at = writeDecimal(out, put(out, at, EXTRA[1]), uint16At(bytes, from + 4));
  at = writeDecimal(out, put(out, at, EXTRA[2]), uint16At(bytes, from + 6));
  return put(out, at, EXTRA[3]);
};

/**
 * The indexes of the records in key order (the key's bytes compared in turn: the hex digits'
 * order), each key once: the first record of a key, in file order, is kept.
 */
const distinctKeyOrder = (records: CheckedRecords): number[] => {
  const { bytes, offsets, count } = records;
  const hi = new Uint32Array(count);
  const lo = new Uint32Array(count);
  const tail = new Uint16Array(count);
  for (let i = 0; i < count; i++) {
    const o = offsets[i];
    hi[i] = uint32At(bytes, o);
    lo[i] = uint32At(bytes, o + 4);
    tail[i] = uint16At(bytes, o + POSITION_FIELDS.tiebreak);
  }
  const order = Array.from({ length: count }, (_, i) => i);
  order.sort((a, b) => hi[a] - hi[b] || lo[a] - lo[b] || tail[a] - tail[b] || a - b);
  const kept: number[] = [];
  for (const i of order) {
    const last = kept[kept.length - 1];
    if (last === undefined || hi[i] !== hi[last] || lo[i] !== lo[last] || tail[i] !== tail[last]) kept.push(i);
  }
  return kept;
};

/** The run's records as prepared rows: each key once (its first record), rows in key order, ids taken in file order. */
export function preparePositionRows(records: CheckedRecords): PreparedPositions {
  const { bytes, offsets, stones, firstIndex } = records;
  const byKey = distinctKeyOrder(records);
  // File order of the kept records: the id each takes.
  const inFileOrder = [...byKey].sort((a, b) => a - b);
  const idOf = new Uint32Array(records.count);
  inFileOrder.forEach((i, k) => (idOf[i] = k));
  const count = byKey.length;

  const rows = new Uint8Array(count * MAX_ROW_BYTES);
  const rowStarts = new Uint32Array(count);
  const rowOrder = new Uint32Array(count);
  let at = 0;
  for (let j = 0; j < count; j++) {
    const i = byKey[j];
    const o = offsets[i];
    rowStarts[j] = at;
    at = put(rows, putPreparedHead(rows, at), KIND_FIELD);
    at = writeKey(rows, put32(rows, at, 20), bytes, o);
    at = put32(rows, at, 8);
    for (let p = o, end = o + 8; p < end; p++) rows[at++] = bytes[p];
    at = put32(rows, at, 1);
    rows[at++] = bytes[o + POSITION_FIELDS.toPlay];
    at = put32(rows, at, 81);
    for (let p = o + POSITION_FIELDS.board, end = p + 81; p < end; p++) rows[at++] = bytes[p];
    if (bytes[o + POSITION_FIELDS.flag] === 1) {
      // The length is known once the JSON is written.
      const start = at + 4;
      rows[start] = JSONB_VERSION;
      at = writeExtra(rows, start + 1, bytes, o + POSITION_FIELDS.extra);
      put32(rows, start - 4, at - start);
    } else at = put32(rows, at, -1);
    at = put32(rows, put32(rows, at, 4), stones[i]);
    at = put32(rows, put32(rows, at, 4), firstIndex + i);
    rowOrder[j] = idOf[i];
  }

  const keys = new Uint8Array(count * 21);
  const links = new Uint8Array(count * PREPARED_LINK_BYTES);
  inFileOrder.forEach((i, k) => {
    writeKey(keys, k * 21, bytes, offsets[i]);
    keys[k * 21 + 20] = NEWLINE;
    putPreparedLink(links, k * PREPARED_LINK_BYTES, firstIndex + i);
  });
  const keyText = Buffer.from(keys.buffer, keys.byteOffset, keys.byteLength).toString('latin1');
  return { kind: KIND, count, keys, keyHashes: keyHashes(KIND, keyText), links, rows: rows.slice(0, at), rowStarts, rowOrder };
}
