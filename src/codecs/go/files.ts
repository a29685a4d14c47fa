/**
 * Whole files and streams of Cook's records: position files (92/100-byte
 * records, size chosen per record by its flag byte) and scored-position files
 * (12-byte records). No header; records are simply concatenated.
 * Streaming decoders carry a partial record across chunk boundaries and report
 * the file offset where a file breaks; writers emit bounded chunks, so a file
 * of a million records never has to be held in memory.
 */
import { Result, ok, err, CodecError } from '../result';
import {
  GoPositionRecord,
  GoScoreRecord,
  RecordPlace,
  POSITION_RECORD_SIZE,
  POSITION_RECORD_EXTRA_SIZE,
  SCORE_RECORD_SIZE,
  decodePositionRecord,
  decodeScoreRecord,
  encodePositionRecord,
  encodeScoreRecord,
  positionRecordSizeAt,
  shortRecord,
} from './records';

/** How a record kind is framed and decoded. */
export interface RecordFormat<T> {
  /** Bytes needed to know a record's size. */
  minSize: number;
  /** Largest record. */
  maxSize: number;
  /** Size of the record at `offset` (at least `minSize` bytes available); any value the decoder will reject may be returned as `minSize`. */
  sizeAt(bytes: Uint8Array, offset: number): number;
  /** Decodes one record. */
  decode(bytes: Uint8Array, offset: number, place: RecordPlace): Result<T>;
  /** Encoded size of a record. */
  sizeOf(record: T): number;
  /** Encodes one record at `offset`. */
  encode(record: T, out: Uint8Array, offset: number, index: number): Result<number>;
}

/** Position records: 92 bytes, or 100 when byte 91 (the flag) is 1. */
export const POSITION_FORMAT: RecordFormat<GoPositionRecord> = {
  minSize: POSITION_RECORD_SIZE,
  maxSize: POSITION_RECORD_EXTRA_SIZE,
  sizeAt: (bytes, offset) => {
    const s = positionRecordSizeAt(bytes, offset);
    return s < 0 ? POSITION_RECORD_SIZE : s;
  },
  decode: decodePositionRecord,
  sizeOf: (r) => (r.extra ? POSITION_RECORD_EXTRA_SIZE : POSITION_RECORD_SIZE),
  encode: encodePositionRecord,
};

/** Scored-position records: always 12 bytes. */
export const SCORE_FORMAT: RecordFormat<GoScoreRecord> = {
  minSize: SCORE_RECORD_SIZE,
  maxSize: SCORE_RECORD_SIZE,
  sizeAt: () => SCORE_RECORD_SIZE,
  decode: decodeScoreRecord,
  sizeOf: () => SCORE_RECORD_SIZE,
  encode: encodeScoreRecord,
};

/** Totals of a finished decode. */
export interface DecodeSummary {
  records: number;
  bytes: number;
}

/**
 * Incremental decoder: `push` each chunk (any sizes), get the whole records it
 * completes; `finish` at the end reports a trailing partial record as
 * ERR_GO_RECORD_LENGTH at the offset of that record. After an error every call
 * returns the same error.
 */
export class RecordStreamDecoder<T> {
  /** File offset of the first byte not yet part of a decoded record. */
  offset = 0;
  /** Index of the next record. */
  record = 0;
  private readonly carry: Uint8Array;
  private carryLen = 0;
  private failure: CodecError | undefined;

  constructor(private readonly format: RecordFormat<T>) {
    this.carry = new Uint8Array(format.maxSize);
  }

  /** Decodes the records completed by `chunk`. */
  push(chunk: Uint8Array): Result<T[]> {
    if (this.failure) return err(this.failure);
    const f = this.format;
    const out: T[] = [];
    let pos = 0;
    if (this.carryLen > 0) {
      // Complete the record split across the previous chunk boundary.
      pos = this.fill(chunk, pos, f.minSize);
      if (this.carryLen < f.minSize) return ok(out);
      const size = f.sizeAt(this.carry, 0);
      pos = this.fill(chunk, pos, size);
      if (this.carryLen < size) return ok(out);
      const r = f.decode(this.carry.subarray(0, size), 0, { record: this.record, fileOffset: this.offset });
      if (!r.ok) return this.fail(r.error);
      out.push(r.value);
      this.offset += size;
      this.record++;
      this.carryLen = 0;
    }
    const end = chunk.length;
    while (end - pos >= f.minSize) {
      const size = f.sizeAt(chunk, pos);
      if (end - pos < size) break;
      const r = f.decode(chunk, pos, { record: this.record, fileOffset: this.offset });
      if (!r.ok) return this.fail(r.error);
      out.push(r.value);
      pos += size;
      this.offset += size;
      this.record++;
    }
    this.carry.set(chunk.subarray(pos), 0);
    this.carryLen = end - pos;
    return ok(out);
  }

  /** Ends the stream: an error if bytes of an incomplete record remain. */
  finish(): Result<DecodeSummary> {
    if (this.failure) return err(this.failure);
    if (this.carryLen > 0) {
      const f = this.format;
      const need = this.carryLen >= f.minSize ? f.sizeAt(this.carry, 0) : f.minSize;
      return this.fail(shortRecord({ record: this.record, fileOffset: this.offset }, this.carryLen, need));
    }
    return ok({ records: this.record, bytes: this.offset });
  }

  private fill(chunk: Uint8Array, pos: number, upTo: number): number {
    const take = Math.min(upTo - this.carryLen, chunk.length - pos);
    if (take <= 0) return pos;
    this.carry.set(chunk.subarray(pos, pos + take), this.carryLen);
    this.carryLen += take;
    return pos + take;
  }

  private fail(e: CodecError): Result<never> {
    this.failure = e;
    return err(e);
  }
}

/** A decoder for position files; `from`: where its first byte is in the file (a run of a file's records read on its own). */
export const positionFileDecoder = (from?: RecordPlace): RecordStreamDecoder<GoPositionRecord> => {
  const decoder = new RecordStreamDecoder(POSITION_FORMAT);
  if (from) {
    decoder.record = from.record;
    decoder.offset = from.fileOffset;
  }
  return decoder;
};

/** A decoder for scored-position files. */
export const scoreFileDecoder = (): RecordStreamDecoder<GoScoreRecord> => new RecordStreamDecoder(SCORE_FORMAT);

const readAll = <T>(format: RecordFormat<T>, bytes: Uint8Array): Result<T[]> => {
  const d = new RecordStreamDecoder(format);
  const r = d.push(bytes);
  if (!r.ok) return r;
  const end = d.finish();
  return end.ok ? r : end;
};

/** Decodes a whole position file held in memory. */
export const decodePositionFile = (bytes: Uint8Array): Result<GoPositionRecord[]> => readAll(POSITION_FORMAT, bytes);

/** Decodes a whole scored-position file held in memory. */
export const decodeScoreFile = (bytes: Uint8Array): Result<GoScoreRecord[]> => readAll(SCORE_FORMAT, bytes);

/**
 * Decodes a stream of chunks (sync or async iterable, e.g. a Node ReadStream):
 * yields the records each chunk completes as `ok(batch)`; on bad input yields
 * one `err` (with record index and byte offset) and stops.
 */
export async function* decodeRecordStream<T>(format: RecordFormat<T>, chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): AsyncGenerator<Result<T[]>> {
  const d = new RecordStreamDecoder(format);
  for await (const chunk of chunks) {
    const r = d.push(chunk);
    if (!r.ok) {
      yield r;
      return;
    }
    if (r.value.length > 0) yield r;
  }
  const end = d.finish();
  if (!end.ok) yield end;
}

/** `decodeRecordStream` for position files. */
export const decodePositionStream = (chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): AsyncGenerator<Result<GoPositionRecord[]>> =>
  decodeRecordStream(POSITION_FORMAT, chunks);

/** `decodeRecordStream` for scored-position files. */
export const decodeScoreStream = (chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): AsyncGenerator<Result<GoScoreRecord[]>> =>
  decodeRecordStream(SCORE_FORMAT, chunks);

/** Default size of the chunks writers emit. */
export const WRITE_CHUNK_BYTES = 1 << 16;

/**
 * Encodes records (sync or async iterable) into chunks of about `chunkBytes`;
 * yields `ok(chunk)` per chunk, or one `err` naming the bad record and stops.
 * Concatenated chunks are the file.
 */
export async function* encodeRecordStream<T>(
  format: RecordFormat<T>,
  records: AsyncIterable<T> | Iterable<T>,
  chunkBytes = WRITE_CHUNK_BYTES,
): AsyncGenerator<Result<Uint8Array>> {
  const cap = Math.max(chunkBytes, format.maxSize);
  let buf = new Uint8Array(cap);
  let len = 0;
  let index = 0;
  for await (const rec of records) {
    if (len + format.maxSize > cap) {
      yield ok(buf.subarray(0, len));
      buf = new Uint8Array(cap);
      len = 0;
    }
    const r = format.encode(rec, buf, len, index);
    if (!r.ok) {
      yield r;
      return;
    }
    len += r.value;
    index++;
  }
  if (len > 0) yield ok(buf.subarray(0, len));
}

/** `encodeRecordStream` for position files. */
export const encodePositionStream = (records: AsyncIterable<GoPositionRecord> | Iterable<GoPositionRecord>, chunkBytes?: number): AsyncGenerator<Result<Uint8Array>> =>
  encodeRecordStream(POSITION_FORMAT, records, chunkBytes);

/** `encodeRecordStream` for scored-position files. */
export const encodeScoreStream = (records: AsyncIterable<GoScoreRecord> | Iterable<GoScoreRecord>, chunkBytes?: number): AsyncGenerator<Result<Uint8Array>> =>
  encodeRecordStream(SCORE_FORMAT, records, chunkBytes);

const writeAll = <T>(format: RecordFormat<T>, records: Iterable<T>): Result<Uint8Array> => {
  let buf = new Uint8Array(1 << 12);
  let len = 0;
  let index = 0;
  for (const rec of records) {
    if (len + format.maxSize > buf.length) {
      const bigger = new Uint8Array(buf.length * 2);
      bigger.set(buf.subarray(0, len));
      buf = bigger;
    }
    const r = format.encode(rec, buf, len, index);
    if (!r.ok) return r;
    len += r.value;
    index++;
  }
  return ok(buf.slice(0, len));
};

/** Encodes a whole position file in memory. */
export const encodePositionFile = (records: Iterable<GoPositionRecord>): Result<Uint8Array> => writeAll(POSITION_FORMAT, records);

/** Encodes a whole scored-position file in memory. */
export const encodeScoreFile = (records: Iterable<GoScoreRecord>): Result<Uint8Array> => writeAll(SCORE_FORMAT, records);
