import fc from 'fast-check';
import {
  GoPositionRecord,
  GoScoreRecord,
  decodePositionFile,
  encodePositionFile,
  decodeScoreFile,
  encodeScoreFile,
  decodePositionStream,
  encodePositionStream,
  decodeScoreStream,
  positionFileDecoder,
  positionIdKey,
  canonicalHashOfText,
} from '../../../src/codecs/go';
import { unwrap, Result } from '../../../src/codecs/result';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const concat = (parts: Uint8Array[]) => Uint8Array.from(Buffer.concat(parts));

// First published record (notes/go.md section 3): 31846ceb8015dc92, tiebreak 0, W to play, Black stone on dd.
const firstBoard = '.'.repeat(30) + '#' + '.'.repeat(50);
const first: GoPositionRecord = { id: { hash: '31846ceb8015dc92', tiebreak: 0, toPlay: 'W' }, board: firstBoard };

const idArb = fc.record({
  hash: fc.uint8Array({ minLength: 8, maxLength: 8 }).map(hex),
  tiebreak: fc.integer({ min: 0, max: 255 }),
  toPlay: fc.constantFrom('B' as const, 'W' as const),
});
const positionArb: fc.Arbitrary<GoPositionRecord> = fc
  .record({
    id: idArb,
    board: fc.array(fc.constantFrom('#', 'O', '.'), { minLength: 81, maxLength: 81 }).map((a) => a.join('')),
    extra: fc.option(
      fc.record({ sourceFileId: fc.integer({ min: 0, max: 0xffffffff }), variation: fc.integer({ min: 0, max: 0xffff }), moveNumber: fc.integer({ min: 0, max: 0xffff }) }),
      { nil: undefined },
    ),
  })
  .map((r) => (r.extra ? r : { id: r.id, board: r.board }));
const scoreArb: fc.Arbitrary<GoScoreRecord> = fc.record({ id: idArb, score: fc.integer({ min: 3, max: 8 }), confidence: fc.integer({ min: 0, max: 100 }) });

/** Splits bytes into chunks at the given cut points. */
const chunksOf = (bytes: Uint8Array, cuts: number[]) => {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let prev = 0;
  for (const p of [...points, bytes.length]) {
    out.push(bytes.subarray(prev, p));
    prev = p;
  }
  return out;
};

const collect = async <T>(gen: AsyncGenerator<Result<T[]>>): Promise<Result<T[]>> => {
  const all: T[] = [];
  for await (const r of gen) {
    if (!r.ok) return r;
    all.push(...r.value);
  }
  return { ok: true, value: all };
};

describe('position records: byte layout', () => {
  it('writes PositionID (hash, tiebreak, B/W), 81 board bytes and flag 0 in 92 bytes', () => {
    const bytes = unwrap(encodePositionFile([first]));
    expect(bytes.length).toBe(92);
    expect(hex(bytes.subarray(0, 10))).toBe('31846ceb8015dc920057');
    expect(String.fromCharCode(...bytes.subarray(10, 91))).toBe(firstBoard);
    expect(bytes[10 + 30]).toBe(0x23);
    expect(bytes[91]).toBe(0);
  });

  it('writes PositionExtraInfo big-endian after flag 1, making 100 bytes', () => {
    const bytes = unwrap(encodePositionFile([{ ...first, extra: { sourceFileId: 0x01020304, variation: 0x0506, moveNumber: 0x0708 } }]));
    expect(bytes.length).toBe(100);
    expect(bytes[91]).toBe(1);
    expect(hex(bytes.subarray(92))).toBe('0102030405060708');
  });

  it('reads the record it wrote', () => {
    expect(unwrap(decodePositionFile(unwrap(encodePositionFile([first]))))).toEqual([first]);
  });

  it('keys a PositionID by hash, tiebreak and the to-play byte', () => {
    expect(positionIdKey(first.id)).toBe('31846ceb8015dc920057');
  });

  it('lets an import compare the stored hash with one recomputed from the board', () => {
    const rec = unwrap(decodePositionFile(unwrap(encodePositionFile([first]))))[0];
    expect(unwrap(canonicalHashOfText(rec.board)).hash).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('byte-exact round trips', () => {
  it('position files with both record sizes mixed', () => {
    fc.assert(
      fc.property(fc.array(positionArb, { maxLength: 20 }), (records) => {
        const bytes = unwrap(encodePositionFile(records));
        const back = unwrap(decodePositionFile(bytes));
        expect(back).toEqual(records);
        expect(hex(unwrap(encodePositionFile(back)))).toBe(hex(bytes));
      }),
    );
  });

  it('score files', () => {
    fc.assert(
      fc.property(fc.array(scoreArb, { maxLength: 30 }), (records) => {
        const bytes = unwrap(encodeScoreFile(records));
        expect(bytes.length).toBe(12 * records.length);
        expect(hex(unwrap(encodeScoreFile(unwrap(decodeScoreFile(bytes)))))).toBe(hex(bytes));
      }),
    );
  });

  it('streams: any chunking decodes the same records, and the stream writer gives the same bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(positionArb, { maxLength: 15 }), fc.array(fc.nat(), { maxLength: 8 }), fc.integer({ min: 1, max: 400 }), async (records, cuts, chunkBytes) => {
        const bytes = unwrap(encodePositionFile(records));
        expect(unwrap(await collect(decodePositionStream(chunksOf(bytes, cuts))))).toEqual(records);
        const parts: Uint8Array[] = [];
        for await (const c of encodePositionStream(records, chunkBytes)) parts.push(unwrap(c));
        expect(hex(concat(parts))).toBe(hex(bytes));
      }),
    );
  });

  it('streams a score file split one byte at a time', async () => {
    const recs: GoScoreRecord[] = [
      { id: first.id, score: 3, confidence: 0 },
      { id: { ...first.id, toPlay: 'B' }, score: 8, confidence: 100 },
    ];
    const bytes = unwrap(encodeScoreFile(recs));
    expect(hex(bytes)).toBe('31846ceb8015dc92' + '00' + '57' + '03' + '00' + '31846ceb8015dc92' + '00' + '42' + '08' + '64');
    const oneByOne = Array.from(bytes, (b) => Uint8Array.of(b));
    expect(unwrap(await collect(decodeScoreStream(oneByOne)))).toEqual(recs);
  });

  it('streams from an async iterable', async () => {
    async function* source() {
      const bytes = unwrap(encodePositionFile([first, first]));
      yield bytes.subarray(0, 50);
      yield bytes.subarray(50);
    }
    expect(unwrap(await collect(decodePositionStream(source())))).toHaveLength(2);
  });
});

describe('rejections with record index and byte offset', () => {
  const two = () => unwrap(encodePositionFile([first, { ...first, extra: { sourceFileId: 1, variation: 0, moveNumber: 3 } }, first]));

  const errorOf = <T>(r: Result<T>) => (r.ok ? null : r.error);

  it('a file that ends inside a record, at the offset of that record', () => {
    const bytes = two().subarray(0, 92 + 100 + 40);
    expect(errorOf(decodePositionFile(bytes))).toMatchObject({ code: 'ERR_GO_RECORD_LENGTH', record: 2, offset: 192 });
  });

  it('a record with flag 1 cut after its 92nd byte', () => {
    expect(errorOf(decodePositionFile(two().subarray(0, 92 + 95)))).toMatchObject({ code: 'ERR_GO_RECORD_LENGTH', record: 1, offset: 92 });
  });

  it('a flag byte other than 0 or 1', () => {
    const bytes = two();
    bytes[92 + 91] = 0x31;
    expect(errorOf(decodePositionFile(bytes))).toMatchObject({ code: 'ERR_GO_EXTRA_FLAG', record: 1, offset: 183 });
  });

  it('a who-to-play byte other than B or W', () => {
    const bytes = two();
    bytes[192 + 9] = 0x62;
    expect(errorOf(decodePositionFile(bytes))).toMatchObject({ code: 'ERR_GO_TO_PLAY', record: 2, offset: 201 });
  });

  it('a board byte other than #, O or .', () => {
    const bytes = two();
    bytes[10 + 5] = 0x6f; // lower-case o
    expect(errorOf(decodePositionFile(bytes))).toMatchObject({ code: 'ERR_GO_BOARD_CHAR', record: 0, offset: 15 });
  });

  it('a score outside 3..8 and a confidence above 100', () => {
    const bytes = unwrap(encodeScoreFile([{ id: first.id, score: 5, confidence: 50 }, { id: first.id, score: 5, confidence: 50 }]));
    const lowScore = bytes.slice();
    lowScore[12 + 10] = 2;
    expect(errorOf(decodeScoreFile(lowScore))).toMatchObject({ code: 'ERR_GO_SCORE_RANGE', record: 1, offset: 22 });
    const highConf = bytes.slice();
    highConf[11] = 101;
    expect(errorOf(decodeScoreFile(highConf))).toMatchObject({ code: 'ERR_GO_CONFIDENCE_RANGE', record: 0, offset: 11 });
  });

  it('a score file whose length is not a multiple of 12', () => {
    const bytes = unwrap(encodeScoreFile([{ id: first.id, score: 5, confidence: 50 }]));
    expect(errorOf(decodeScoreFile(concat([bytes, bytes.subarray(0, 5)])))).toMatchObject({ code: 'ERR_GO_RECORD_LENGTH', record: 1, offset: 12 });
  });

  it('a truncated stream, at the offset where it breaks', async () => {
    const bytes = two().subarray(0, 250);
    expect(errorOf(await collect(decodePositionStream(chunksOf(bytes, [7, 100, 191]))))).toMatchObject({ code: 'ERR_GO_RECORD_LENGTH', record: 2, offset: 192 });
  });

  it('records that cannot be encoded', () => {
    expect(errorOf(encodePositionFile([{ ...first, board: 'x' }]))).toMatchObject({ code: 'ERR_GO_BOARD_LENGTH', record: 0 });
    expect(errorOf(encodeScoreFile([{ id: first.id, score: 9, confidence: 0 }]))).toMatchObject({ code: 'ERR_GO_SCORE_RANGE' });
    expect(errorOf(encodePositionFile([first, { ...first, id: { ...first.id, hash: 'zz' } }]))).toMatchObject({ code: 'ERR_GO_HASH_HEX', record: 1 });
  });

  it('keeps returning the same error after a failure', () => {
    const d = positionFileDecoder();
    const bad = two();
    bad[9] = 0;
    const a = d.push(bad);
    expect(a.ok).toBe(false);
    expect(d.push(two())).toEqual(a);
  });

  it('never throws on random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        const p = decodePositionFile(bytes);
        const s = decodeScoreFile(bytes);
        if (!p.ok) expect(p.error.offset).toBeGreaterThanOrEqual(0);
        if (!s.ok) expect(s.error.offset).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
