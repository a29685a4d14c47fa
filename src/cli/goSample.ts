/**
 * Sample Go position and score files, so score analysis can be tried without Darren Cook's
 * files: random 9x9 positions (distinct PositionIDs, hashed with the default Zobrist table) and
 * two programs' scores that mostly agree (`gnugo` is `fuego` moved by at most one point, a few
 * positions apart). Deterministic from the seed. `tabula sample go-scores` writes them; the
 * tests and benchmarks use the same generator.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  type GoPositionRecord,
  type GoScoreRecord,
  type ZobristHasher,
  canonicalHashOfText,
  defaultHasher,
  encodePositionFile,
  encodeScoreFile,
} from '../codecs/go';
import { unwrap } from '../codecs/result';

/** A small deterministic PRNG (mulberry32). */
export const prng = (seed: number): (() => number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/** A random 81-character board with `stones` stones. */
export const randomBoard = (random: () => number, stones: number): string => {
  const cells = Array.from({ length: 81 }, () => '.');
  let placed = 0;
  while (placed < stones) {
    const p = Math.floor(random() * 81);
    if (cells[p] !== '.') continue;
    cells[p] = random() < 0.5 ? '#' : 'O';
    placed++;
  }
  return cells.join('');
};

/** A position record for a board, hashed canonically with `hasher` (default table). */
export const positionRecord = (
  board: string,
  toPlay: 'B' | 'W',
  hasher: ZobristHasher = defaultHasher(9, 9),
  extra?: GoPositionRecord['extra'],
): GoPositionRecord => {
  const hash = unwrap(canonicalHashOfText(board, hasher)).hash;
  return extra ? { id: { hash, tiebreak: 0, toPlay }, board, extra } : { id: { hash, tiebreak: 0, toPlay }, board };
};

/** `count` random positions; every `extraEvery`-th record (when > 0) carries PositionExtraInfo. */
export const randomPositions = (count: number, seed: number, extraEvery = 0, hasher?: ZobristHasher): GoPositionRecord[] => {
  const random = prng(seed);
  const out: GoPositionRecord[] = [];
  const seen = new Set<string>();
  while (out.length < count) {
    const i = out.length;
    const board = randomBoard(random, 6 + Math.floor(random() * 40));
    const extra = extraEvery > 0 && i % extraEvery === 0 ? { sourceFileId: 1000 + i, variation: i % 7, moveNumber: i % 60 } : undefined;
    const record = positionRecord(board, random() < 0.5 ? 'B' : 'W', hasher, extra);
    const key = record.id.hash + record.id.toPlay;
    if (seen.has(key)) continue; // distinct PositionIDs
    seen.add(key);
    out.push(record);
  }
  return out;
};

/** Scores for the given positions (3..8, as Cook's programs give), deterministic from the seed. */
export const randomScores = (positions: GoPositionRecord[], seed: number): GoScoreRecord[] => {
  const random = prng(seed);
  return positions.map((p) => ({ id: p.id, score: 3 + Math.floor(random() * 6), confidence: Math.floor(random() * 101) }));
};

/** A second program's scores: the same positions, most within a point of `scores`, some further apart. */
export const nearbyScores = (scores: GoScoreRecord[], seed: number): GoScoreRecord[] => {
  const random = prng(seed);
  return scores.map((s) => {
    const r = random();
    const shift = r < 0.6 ? 0 : r < 0.9 ? (random() < 0.5 ? -1 : 1) : random() < 0.5 ? -3 : 3;
    return { id: s.id, score: Math.min(8, Math.max(3, s.score + shift)), confidence: Math.floor(random() * 101) };
  });
};

/** The files `writeGoScoreSample` writes, by name. */
export const SAMPLE_FILES = { positions: 'sample_positions.dat', fuego: 'fuego_chinese.dat', gnugo: 'gnugo_chinese.dat' } as const;

/** Writes a position file and two programs' score files for it into `dir`; returns their paths. */
export function writeGoScoreSample(dir: string, count: number, seed: number): { positions: string; fuego: string; gnugo: string } {
  fs.mkdirSync(dir, { recursive: true });
  const positions = randomPositions(count, seed);
  const fuego = randomScores(positions, seed + 1);
  const gnugo = nearbyScores(fuego, seed + 2);
  const files = {
    positions: path.join(dir, SAMPLE_FILES.positions),
    fuego: path.join(dir, SAMPLE_FILES.fuego),
    gnugo: path.join(dir, SAMPLE_FILES.gnugo),
  };
  fs.writeFileSync(files.positions, unwrap(encodePositionFile(positions)));
  fs.writeFileSync(files.fuego, unwrap(encodeScoreFile(fuego)));
  fs.writeFileSync(files.gnugo, unwrap(encodeScoreFile(gnugo)));
  return files;
}
