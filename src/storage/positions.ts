/** Backgammon positions of one board, stored or known from games. */
import type { Database } from '../db/database';
import { type FoundPosition, unstoredPosition } from './lookups';
import { MAX_OCCURRENCES, type PlySource, occurrencesOfKey } from './occurrences';

/**
 * Backgammon positions with this Position ID, under any match state (score, cube, dice): the
 * stored ones in storage order, then those known only from games, in the order games reach them.
 */
export async function backgammonPositionsOfBoard(db: Database, source: PlySource, positionId: string, first: number): Promise<FoundPosition[]> {
  const stored = await db.prisma.position.findMany({ where: { kind: 'BACKGAMMON', groupKey: positionId }, orderBy: { id: 'asc' }, take: first });
  if (stored.length >= first) return stored;
  const seen = new Set(stored.map((p) => p.key));
  const out: FoundPosition[] = stored.slice();
  for (const ply of await occurrencesOfKey(db, source, 'BACKGAMMON', positionId, MAX_OCCURRENCES)) {
    const key = ply.ply.position.key;
    if (seen.has(key) || ply.ply.position.groupKey !== positionId) continue;
    seen.add(key);
    out.push(unstoredPosition(ply.ply.position));
    if (out.length >= first) break;
  }
  return out;
}
