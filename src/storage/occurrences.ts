/** Where a stored position occurs: the (game, variation, ply) places, in game order. */
import type { Database } from '../db/database';
import type { Occurrence } from '../generated/prisma/client';

/** Most occurrences one call returns. */
export const MAX_OCCURRENCES = 500;

/** The first `first` places (clamped to 0..MAX_OCCURRENCES) where a position occurs, by game, variation and ply. */
export const occurrencesOfPosition = (db: Database, positionId: bigint, first: number): Promise<Occurrence[]> =>
  db.prisma.occurrence.findMany({
    where: { positionId },
    orderBy: [{ gameId: 'asc' }, { variation: 'asc' }, { ply: 'asc' }],
    take: Math.min(Math.max(first, 0), MAX_OCCURRENCES),
  });

/** How many distinct games reach a position. */
export async function gameCountOfPosition(db: Database, positionId: bigint): Promise<number> {
  const rows = await db.sql.query<{ n: bigint }>(`SELECT count(DISTINCT "gameId")::int8 AS n FROM "Occurrence" WHERE "positionId" = $1`, [
    positionId,
  ]);
  return Number(rows[0].n);
}

/** The occurrence at one (game, variation, ply) place, or null. */
export const occurrenceAt = (db: Database, gameId: bigint, variation: string, ply: number): Promise<Occurrence | null> =>
  db.prisma.occurrence.findUnique({ where: { gameId_variation_ply: { gameId, variation, ply } } });
