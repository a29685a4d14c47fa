/**
 * Go positions found by canonical hash or by a board as text: the stored rows (position files,
 * scores), and positions reached only in stored games (their game key, tiebreak 0).
 */
import { canonicalHashOfText, defaultHasher, squareBoardSize } from '../codecs/go';
import type { Database } from '../db/database';
import type { Position } from '../generated/prisma/client';
import { DEFAULT_ZOBRIST_TABLE, type NamedHasher, goGameKey, goHasher } from '../games/go/files';
import { signedHashOf } from '../codecs/hashes';
import { positionsOfKeys } from './lookups';
import type { PlySource } from './occurrences';

/** Every stored Go position with this 64-bit canonical hash (16 hex digits), optionally with one side to play, by key. */
export const goPositionsByHash = (db: Database, hashHex: string, sideToMove?: 'B' | 'W'): Promise<Position[]> =>
  db.prisma.position.findMany({
    where: { kind: 'GO', hash: signedHashOf(hashHex), ...(sideToMove ? { sideToMove } : {}) },
    orderBy: { key: 'asc' },
  });

/**
 * Go positions with this 9x9 canonical hash (and side to play), by key: the stored rows, and for
 * a side with none, the position as stored games reach it.
 */
export async function goPositionsOfHash(db: Database, source: PlySource, hashHex: string, side?: 'B' | 'W'): Promise<Position[]> {
  const rows = await goPositionsByHash(db, hashHex, side);
  const missing = (side ? [side] : (['B', 'W'] as const)).filter((s) => !rows.some((r) => r.sideToMove === s));
  const fromGames = await positionsOfKeys(db, source, missing.map((s) => ({ kind: 'GO' as const, key: goGameKey(9, 9, hashHex, s) })));
  return [...rows, ...fromGames.flat()].sort((a, b) => a.key.localeCompare(b.key));
}

/** The hasher of a board size: the active stored table for 9x9, the default table for other sizes. */
export async function goHasherOfSize(db: Database, size: number): Promise<NamedHasher> {
  if (size === 9) return (await goHasher(db.sql)) ?? { name: DEFAULT_ZOBRIST_TABLE, hasher: defaultHasher(9, 9) };
  return { name: DEFAULT_ZOBRIST_TABLE, hasher: defaultHasher(size, size) };
}

/**
 * Go positions of a square board written as text (n*n characters of `#` black, `O` white, `.`
 * empty; `keyForms.ts` checks it), either side to play: hashed to its canonical image with the
 * active table.
 */
export async function goPositionsOfBoard(db: Database, source: PlySource, board: string): Promise<Position[]> {
  const size = squareBoardSize(board);
  if (!size.ok) throw new Error(`goPositionsOfBoard: ${size.error.message}`);
  const { hasher } = await goHasherOfSize(db, size.value);
  const hashed = canonicalHashOfText(board, hasher);
  if (!hashed.ok) throw new Error(`goPositionsOfBoard: ${hashed.error.message}`);
  if (size.value === 9) return goPositionsOfHash(db, source, hashed.value.hash);
  const keys = (['B', 'W'] as const).map((s) => ({ kind: 'GO' as const, key: goGameKey(size.value, size.value, hashed.value.hash, s) }));
  return (await positionsOfKeys(db, source, keys)).flat();
}
