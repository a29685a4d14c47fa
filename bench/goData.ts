/**
 * Benchmark inputs for Go (not a benchmark; compiled by bench/run.sh): a position file of `count`
 * distinct random 9x9 positions (92- and 100-byte records, as bench/goImport.ts generates them)
 * and a score file over the same positions.
 */
import fs from 'node:fs';
import {
  type GoPositionRecord,
  type GoScoreRecord,
  canonicalHashInto,
  defaultHasher,
  encodePositionStream,
  encodeScoreStream,
} from '../src/codecs/go';
import { prng } from './common';

/** Distinct random positions hashed with the default table; every 10th carries extra info. */
export function* goPositions(count: number): Generator<GoPositionRecord> {
  const random = prng(1);
  const hasher = defaultHasher(9, 9);
  const cells = new Uint8Array(81);
  const out = new Uint32Array(2);
  const seen = new Set<string>();
  const chars = ['.', '#', 'O'];
  let n = 0;
  while (n < count) {
    cells.fill(0);
    const stones = 2 + Math.floor(random() * 50);
    for (let s = 0; s < stones; s++) cells[Math.floor(random() * 81)] = random() < 0.5 ? 1 : 2;
    canonicalHashInto(hasher, cells, out);
    const hash = out[0].toString(16).padStart(8, '0') + out[1].toString(16).padStart(8, '0');
    const toPlay = random() < 0.5 ? 'B' : 'W';
    if (seen.has(hash + toPlay)) continue;
    seen.add(hash + toPlay);
    let board = '';
    for (let p = 0; p < 81; p++) board += chars[cells[p]];
    const id = { hash, tiebreak: 0, toPlay } as const;
    yield n % 10 === 0 ? { id, board, extra: { sourceFileId: n, variation: n % 5, moveNumber: n % 70 } } : { id, board };
    n++;
  }
}

async function* goScores(count: number, seed: number): AsyncGenerator<GoScoreRecord> {
  const random = prng(seed);
  for (const r of goPositions(count)) yield { id: r.id, score: 3 + Math.floor(random() * 6), confidence: Math.floor(random() * 101) };
}

async function writeChunks(file: string, chunks: AsyncIterable<{ ok: true; value: Uint8Array } | { ok: false; error: { message: string } }>) {
  const out = fs.createWriteStream(file);
  for await (const r of chunks) {
    if (!r.ok) throw new Error(r.error.message);
    if (!out.write(r.value)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve) => out.end(() => resolve()));
}

export const writeGoPositionFile = (file: string, count: number) => writeChunks(file, encodePositionStream(goPositions(count)));
export const writeGoScoreFile = (file: string, count: number, seed = 2) => writeChunks(file, encodeScoreStream(goScores(count, seed)));
