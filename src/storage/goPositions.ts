/** Stored Go positions found by canonical hash. */
import type { Database } from '../db/database';
import type { Position } from '../generated/prisma/client';
import { signedHash } from './go';

/** Every Go position with this 64-bit canonical hash (16 hex digits), optionally with one side to play, by key. */
export const goPositionsByHash = (db: Database, hashHex: string, sideToMove?: 'B' | 'W'): Promise<Position[]> =>
  db.prisma.position.findMany({
    where: { kind: 'GO', hash: signedHash(hashHex), ...(sideToMove ? { sideToMove } : {}) },
    orderBy: { key: 'asc' },
  });
