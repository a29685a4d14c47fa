/**
 * Readers stream: each yields its first chunk of records while the rest of the file has not
 * arrived yet, so an import holds one or two chunks, never the whole file. The inputs here are
 * streams that hand over the first part of a file and then never end.
 */
import fs from 'node:fs';
import path from 'node:path';
import { encodePositionFile, encodeScoreFile } from '../../src/codecs/go';
import { unwrap } from '../../src/codecs/result';
import { parseSgf } from '../../src/codecs/sgf';
import { CHESS_CHUNK_GAMES } from '../../src/games/chess/formats';
import { readerFor } from '../../src/games/index';
import { GO_CHUNK_RECORDS, GO_SCORE_CHUNK_RECORDS } from '../../src/games/go/files';
import { type ImportChunk } from '../../src/db/records';
import { ImportFailure } from '../../src/games/importFailure';
import { randomPositions } from '../support/goFiles';
import { SAMPLE_DATA } from '../support/sampleData';

const DATA = SAMPLE_DATA;

/** A stream that hands over `head` in 4 KiB pieces and then waits forever for more. */
async function* endless(head: Uint8Array): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < head.length; at += 4096) yield head.subarray(at, at + 4096);
  await new Promise<never>(() => undefined);
}

/** The first chunk a reader yields from `input`, or a failure after 30 seconds (the input never ends). */
const firstChunk = async (format: string, input: AsyncIterable<Uint8Array>, options = {}): Promise<ImportChunk> => {
  const chunks = readerFor(format)!.read(input, options) as AsyncIterable<ImportChunk>;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no chunk before the input ended')), 30_000);
  });
  try {
    const first = await Promise.race([chunks[Symbol.asyncIterator]().next(), timeout]);
    if (first.done) throw new Error('the reader ended');
    return first.value;
  } finally {
    clearTimeout(timer);
  }
};

describe('readers yield chunks before the whole input is read', () => {
  it(`PGN: the first ${CHESS_CHUNK_GAMES} games of a stream that never ends`, async () => {
    const game = (i: number) => `[White "w${i}"]\n[Black "b${i}"]\n\n1. e4 e5 2. Nf3 *\n\n`;
    const head = Buffer.from(Array.from({ length: CHESS_CHUNK_GAMES + 1 }, (_, i) => game(i)).join(''));
    const chunk = await firstChunk('PGN', endless(head));
    expect(chunk.games?.map((g) => g.player1)).toEqual(Array.from({ length: CHESS_CHUNK_GAMES }, (_, i) => `w${i}`));
  });

  it('SGF: the first game trees of a stream that never ends', async () => {
    const match = fs.readFileSync(path.join(DATA, 'backgammon/gibbon_7point.sgf'), 'utf8');
    const head = Buffer.from(match.repeat(20));
    const chunk = await firstChunk('SGF', endless(head));
    expect(chunk.games!.length).toBeGreaterThan(0);
    expect(chunk.games![0]).toMatchObject({ kind: 'BACKGAMMON', sourceFormat: 'SGF' });
  });

  it(`Go position file: the first ${GO_CHUNK_RECORDS} records of a stream that never ends`, async () => {
    const records = randomPositions(GO_CHUNK_RECORDS + 10, 7);
    const head = unwrap(encodePositionFile(records));
    const chunk = await firstChunk('GO_POSITIONS', endless(head));
    expect(chunk.positions).toHaveLength(GO_CHUNK_RECORDS);
    expect(chunk.positions![GO_CHUNK_RECORDS - 1]).toMatchObject({ board: records[GO_CHUNK_RECORDS - 1].board, listIndex: GO_CHUNK_RECORDS - 1 });
  });

  it(`Go score file: the first ${GO_SCORE_CHUNK_RECORDS} scores of a stream that never ends`, async () => {
    const scores = randomPositions(GO_SCORE_CHUNK_RECORDS + 10, 8).map((p, i) => ({ id: p.id, score: 3 + (i % 6), confidence: i % 101 }));
    const head = unwrap(encodeScoreFile(scores));
    const chunk = await firstChunk('GO_SCORES', endless(head), { program: 'fuego', ruleset: 'chinese' });
    expect(chunk.scores).toHaveLength(GO_SCORE_CHUNK_RECORDS);
    expect(chunk.scores![0]).toMatchObject({ program: 'fuego', ruleset: 'chinese', value: 3, confidence: 0 });
  });
});

/** Every chunk the SGF reader yields from `text` handed over in `size`-byte pieces; its ImportFailure if it throws. */
const readSgfInPieces = async (bytes: Uint8Array, size: number): Promise<{ chunks: ImportChunk[]; failure?: ImportFailure }> => {
  const input = (async function* () {
    for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
  })();
  const chunks: ImportChunk[] = [];
  try {
    for await (const c of readerFor('SGF')!.read(input, {}) as AsyncIterable<ImportChunk>) chunks.push(c);
  } catch (error) {
    if (error instanceof ImportFailure) return { chunks, failure: error };
    throw error;
  }
  return { chunks };
};

describe('SGF read one tree at a time', () => {
  const gibbon = fs.readFileSync(path.join(DATA, 'backgammon/gibbon_7point.sgf'), 'utf8');

  it('a syntax error late in the file names the offset, line and column a parse of the whole file names', async () => {
    const two = `${gibbon}\n${gibbon}`;
    const text = two.slice(0, two.indexOf('[', gibbon.length + 5_000) + 2); // cut inside a property value
    const whole = parseSgf(text);
    if (whole.ok) throw new Error('the cut text should not parse');
    const { failure } = await readSgfInPieces(Buffer.from(text), 7);
    expect(whole.error.code).toBe('ERR_SGF_UNTERMINATED_VALUE');
    expect(failure?.error).toMatchObject({
      code: whole.error.code,
      message: whole.error.message,
      offset: whole.error.offset,
      line: whole.error.line,
      column: whole.error.column,
    });
  });

  it('an unclosed last tree names the offset where it opened in the file', async () => {
    const text = `${gibbon}\n${gibbon.slice(0, gibbon.indexOf(';', 100))}`;
    const whole = parseSgf(text);
    if (whole.ok) throw new Error('the cut text should not parse');
    const { failure } = await readSgfInPieces(Buffer.from(text), 4096);
    expect(failure?.error).toMatchObject({ code: 'ERR_SGF_UNCLOSED_TREE', message: whole.error.message, offset: text.length });
  });

  it('an illegal move in a later game names the node offset and line in the file', async () => {
    const text = `${gibbon}\n${gibbon.replace(';W[14kghg]', ';W[14bahg]')}`;
    const offset = text.lastIndexOf(';W[14bahg]');
    const { failure } = await readSgfInPieces(Buffer.from(text), 7);
    expect(failure?.error).toMatchObject({ code: 'ERR_BG_REPLAY_ILLEGAL_MOVE', offset, line: text.slice(0, offset).split('\n').length });
  });

  it('UTF-8 names split between pieces inside a character keep every tree text byte for byte', async () => {
    const named = gibbon.replace(/PB\[[^\]]*\]/g, 'PB[Jürgen Ødegård 李]').replace(/CA\[[^\]]*\]/g, '');
    const utf8 = `${named.replace('(;', '(;CA[UTF-8]')}\n${named.replace('(;', '(;CA[UTF-8]')}`;
    const whole = await readSgfInPieces(Buffer.from(utf8), 1 << 20);
    const pieces = await readSgfInPieces(Buffer.from(utf8), 1);
    const sources = (r: { chunks: ImportChunk[] }) => r.chunks.flatMap((c) => c.games ?? []).map((g) => Buffer.from(g.source).toString('utf8'));
    expect(whole.failure).toBeUndefined();
    expect(sources(pieces)).toEqual(sources(whole));
    expect(sources(pieces).every((s) => s.includes('PB[Jürgen Ødegård 李]'))).toBe(true);
  });
});
