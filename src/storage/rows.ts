/**
 * Rows by id, in batches: what the per-request DataLoaders ask for. Each function takes many ids
 * and answers in one statement; the loaders put the answers back in the order they were asked.
 */
import type { Database } from '../db/database';
import type { Position, Score } from '../generated/prisma/client';

export const positionsByIds = (db: Database, ids: readonly bigint[]): Promise<Position[]> =>
  db.prisma.position.findMany({ where: { id: { in: [...ids] } } });

/** Every score of these positions, by program then ruleset. */
export const scoresOfPositions = (db: Database, positionIds: readonly bigint[]): Promise<Score[]> =>
  db.prisma.score.findMany({ where: { positionId: { in: [...positionIds] } }, orderBy: [{ program: 'asc' }, { ruleset: 'asc' }] });
