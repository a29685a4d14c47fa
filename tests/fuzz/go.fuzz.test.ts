/**
 * Fuzzes the Go codecs: position and score record files (whole and streamed in
 * random chunkings), Zobrist table files, and Go SGF (GM[1]) games.
 */
import fc from 'fast-check';
import {
  decodePositionStream,
  decodeScoreStream,
  defaultZobristTable,
  parseZobristTable,
  printZobristTable,
  parseGoGames,
  decodePositionFile,
  decodeScoreFile,
  encodePositionFile,
  encodeScoreFile,
} from '../../src/codecs/go';
import { unwrap, type Result } from '../../src/codecs/result';
import { randomPositions, randomScores } from '../support/goFiles';
import {
  HUGE_INPUT_MS,
  exercise,
  exerciseAsync,
  expectResult,
  fuzzParams,
  fuzzTimeout,
  FuzzCounter,
  heapGrowthMb,
  mutatedBytes,
  mutatedText,
  randomText,
  samples,
} from './fuzzSupport';

const positions = randomPositions(40, 7, 3);
const positionFile = unwrap(encodePositionFile(positions));
const scoreFile = unwrap(encodeScoreFile(randomScores(positions, 8)));
const zobrist = printZobristTable(defaultZobristTable(9, 9));
const goSgf = samples('go', '.sgf').map((b) => b.toString('latin1'));

const counter = new FuzzCounter('go');
afterAll(() => counter.report());

/** Splits `bytes` at the given cut points (fractions of the length). */
const chunked = (bytes: Uint8Array, cuts: number[]): Uint8Array[] => {
  const at = [...new Set(cuts.map((c) => Math.floor(c * bytes.length)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let last = 0;
  for (const c of at) {
    out.push(bytes.subarray(last, c));
    last = c;
  }
  out.push(bytes.subarray(last));
  return out;
};

const drain = async <T>(stream: AsyncGenerator<Result<T[]>>): Promise<{ records: number; error?: string }> => {
  let records = 0;
  for await (const r of stream) {
    expectResult(r, 'record stream');
    if (!r.ok) return { records, error: r.error.code };
    records += r.value.length;
  }
  return { records };
};

const cutsArb = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 });

describe('Go position and score files fuzz', () => {
  it('whole-file and streamed decoding agree on mutated files: records or a typed error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(mutatedBytes([positionFile], 6), fc.uint8Array({ maxLength: 400 })), cutsArb, async (bytes, cuts) => {
        const whole = exercise(counter, 'position file', () => decodePositionFile(bytes));
        const streamed = await exerciseAsync(counter, 'position stream', () => drain(decodePositionStream(chunked(bytes, cuts))));
        expect(streamed.error).toBe(whole.ok ? undefined : whole.error.code);
        if (whole.ok) expect(streamed.records).toBe(whole.value.length);
      }),
      fuzzParams(1),
    );
  }, fuzzTimeout(1));

  it('score files: records or a typed error, whole and streamed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(mutatedBytes([scoreFile], 6), fc.uint8Array({ maxLength: 100 })), cutsArb, async (bytes, cuts) => {
        const whole = exercise(counter, 'score file', () => decodeScoreFile(bytes));
        const streamed = await exerciseAsync(counter, 'score stream', () => drain(decodeScoreStream(chunked(bytes, cuts))));
        expect(streamed.error).toBe(whole.ok ? undefined : whole.error.code);
      }),
      fuzzParams(1),
    );
  }, fuzzTimeout(1));

  it('a long stream is decoded in bounded memory (records are handed on, not kept)', async () => {
    // 64 MB of position records fed 1 MB at a time: the decoder holds at most one partial record.
    const chunk = Buffer.concat(Array.from({ length: Math.ceil((1 << 20) / positionFile.length) }, () => positionFile));
    async function* chunks() {
      for (let i = 0; i < 64; i++) yield chunk;
    }
    let records = 0;
    const growth = await heapGrowthMb(async () => {
      for await (const r of decodePositionStream(chunks())) if (r.ok) records += r.value.length;
    });
    counter.add('position stream');
    expect(records).toBe(64 * (chunk.length / positionFile.length) * positions.length);
    expect(growth).toBeLessThan(200);
  });

  it('a stream that never completes a record keeps only one record of carry', async () => {
    const decoder = (await import('../../src/codecs/go')).positionFileDecoder();
    const one = new Uint8Array([0x23]);
    for (let i = 0; i < 91; i++) expectResult(decoder.push(one));
    const end = decoder.finish();
    expect(end.ok ? 'ok' : end.error.code).toBe('ERR_GO_RECORD_LENGTH');
    counter.add('position stream');
  });
});

describe('Go Zobrist table files fuzz', () => {
  it('parses mutated and random tables to a table or a typed error', () => {
    fc.assert(
      fc.property(
        fc.oneof(mutatedText([zobrist], 6), randomText('0123456789abcdefABCDEF,\n\r 8 3', 300)),
        fc.constantFrom(undefined, 81, 361, 0, 1),
        (text, points) => {
          exercise(counter, 'zobrist table', () => parseZobristTable(text, points === undefined ? {} : { points }));
        },
      ),
      fuzzParams(0.5),
    );
  }, fuzzTimeout(0.5));

  it('refuses a header that claims 4 G rows without allocating them', () => {
    const r = exercise(counter, 'zobrist table', () => parseZobristTable('8\n3\n4294967296\n', { points: 81 }));
    expect(r.ok).toBe(false);
  });
});

describe('Go SGF fuzz', () => {
  it('reads mutated sample games to games or a typed error', () => {
    fc.assert(
      fc.property(mutatedText(goSgf, 8), (text) => {
        exercise(counter, 'go sgf', () => parseGoGames(text));
      }),
      fuzzParams(0.5),
    );
  }, fuzzTimeout(0.5));

  it('reads deep variation trees and huge board sizes without throwing', () => {
    const deep = '(;GM[1]SZ[9]' + '(;B[aa];W[bb]'.repeat(100_000) + ')'.repeat(100_001);
    exercise(counter, 'go sgf', () => parseGoGames(deep), expectResult, HUGE_INPUT_MS);
    exercise(counter, 'go sgf', () => parseGoGames('(;GM[1]SZ[4294967296];B[aa])'));
    exercise(counter, 'go sgf', () => parseGoGames('(;GM[1]SZ[52:52]' + ';B[aa];W[aa]'.repeat(50_000) + ')'));
  });
});
