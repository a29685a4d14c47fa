/** Generated Go position and score files for storage, server and benchmark use. */
import {
  type GoPositionRecord,
  type GoScoreRecord,
  type ZobristHasher,
  canonicalHashOfText,
  defaultHasher,
} from '../../src/codecs/go';
import { unwrap } from '../../src/codecs/result';

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

/** A random 81-character board with about `stones` stones. */
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

/** Scores for the given positions, deterministic from the seed. */
export const randomScores = (positions: GoPositionRecord[], seed: number): GoScoreRecord[] => {
  const random = prng(seed);
  return positions.map((p) => ({ id: p.id, score: 3 + Math.floor(random() * 6), confidence: Math.floor(random() * 101) }));
};
