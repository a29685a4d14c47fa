/** Stored positions of any kind, found by their key. */
import type { GameKind } from '../db/records';
import type { Database } from '../db/database';
import type { Position } from '../generated/prisma/client';

export const positionByKey = (db: Database, kind: GameKind, key: string): Promise<Position | null> =>
  db.prisma.position.findUnique({ where: { kind_key: { kind, key } } });

/** Backgammon positions with this Position ID, under any match state (score, cube, dice), in storage order. */
export const backgammonPositionsOfBoard = (db: Database, positionId: string, first: number): Promise<Position[]> =>
  db.prisma.position.findMany({ where: { kind: 'BACKGAMMON', groupKey: positionId }, orderBy: { id: 'asc' }, take: first });
