/** Stored positions of any kind, found by their key. */
import type { GameKind } from '../db/records';
import type { Database } from '../db/database';
import type { Position } from '../generated/prisma/client';
import { positionOfRecord } from './lookups';
import { MAX_OCCURRENCES, type PlySource, occurrencesOfKey } from './occurrences';

export const positionByKey = (db: Database, kind: GameKind, key: string): Promise<Position | null> =>
  db.prisma.position.findUnique({ where: { kind_key: { kind, key } } });

/**
 * Backgammon positions with this Position ID, under any match state (score, cube, dice): the
 * stored ones in storage order, then those known only from games, in the order games reach them.
 */
export async function backgammonPositionsOfBoard(db: Database, source: PlySource, positionId: string, first: number): Promise<Position[]> {
  const stored = await db.prisma.position.findMany({ where: { kind: 'BACKGAMMON', groupKey: positionId }, orderBy: { id: 'asc' }, take: first });
  if (stored.length >= first) return stored;
  const seen = new Set(stored.map((p) => p.key));
  const out = stored.slice();
  for (const ply of await occurrencesOfKey(db, source, 'BACKGAMMON', positionId, MAX_OCCURRENCES)) {
    const key = ply.ply.position.key;
    if (seen.has(key) || ply.ply.position.groupKey !== positionId) continue;
    seen.add(key);
    const game = await source.game(ply.gameId);
    out.push(positionOfRecord(ply.ply.position, game?.createdAt ?? new Date(0)));
    if (out.length >= first) break;
  }
  return out;
}
