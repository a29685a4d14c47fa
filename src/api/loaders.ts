/**
 * Per-request DataLoaders: every lookup by id or position made while resolving
 * one request is batched into one `IN (...)` query per kind of row.
 */
import DataLoader from 'dataloader';
import type { Database } from '../db/database';
import { gamesByIds, occurrenceCounts, positionsByIds, scoresOfPositions } from '../storage/rows';
import { positionKeyId, positionsByKeys, type PositionKey } from '../storage/lookups';
import type { Game, Position, Score } from '../generated/prisma/client';

const byKey = <K, V>(keys: readonly K[], rows: V[], keyOf: (row: V) => K): (V | null)[] => {
  const found = new Map(rows.map((row) => [keyOf(row), row]));
  return keys.map((key) => found.get(key) ?? null);
};

const groupBy = <K, V>(keys: readonly K[], rows: V[], keyOf: (row: V) => K): V[][] => {
  const groups = new Map<K, V[]>(keys.map((key) => [key, []]));
  for (const row of rows) groups.get(keyOf(row))?.push(row);
  return keys.map((key) => groups.get(key) ?? []);
};

export const createLoaders = (db: Database) => ({
  game: new DataLoader<bigint, Game | null>(async (ids) =>
    byKey(ids, await gamesByIds(db, ids), (g) => g.id),
  ),
  position: new DataLoader<bigint, Position | null>(async (ids) =>
    byKey(ids, await positionsByIds(db, ids), (p) => p.id),
  ),
  /** Positions by key (`positions`, `chessPositions`): one raw SQL statement per batch, no Prisma. */
  positionsByKey: new DataLoader<PositionKey, Position[], string>((keys) => positionsByKeys(db, keys), {
    cacheKeyFn: positionKeyId,
  }),
  scores: new DataLoader<bigint, Score[]>(async (positionIds) =>
    groupBy(positionIds, await scoresOfPositions(db, positionIds), (s) => s.positionId),
  ),
  occurrenceCount: new DataLoader<bigint, number>(async (positionIds) => {
    const found = await occurrenceCounts(db, positionIds);
    return positionIds.map((id) => found.get(id) ?? 0);
  }),
});

export type Loaders = ReturnType<typeof createLoaders>;
