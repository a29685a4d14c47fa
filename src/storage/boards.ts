/**
 * Positions of one board under every state of the game (a backgammon Position ID under any match
 * state, a Go board with either side to play), stored or known only from games: the game says
 * how they are found (`GameModule.boardQuery`, a `BoardQuery`), this runs it.
 */
import type { Database } from '../db/database';
import type { GameKind } from '../db/records';
import type { Position } from '../generated/prisma/client';
import { activeZobristHasher } from '../games/go/files';
import { gameOf } from '../games';
import type { BoardQuery } from '../games/types';
import { type FoundPosition, positionsOfKeys, unstoredPosition } from './lookups';
import { MAX_OCCURRENCES, type PlySource, occurrencesOfKey, recordOf } from './occurrences';

/** Every stored position of `kind` with this 64-bit hash (optionally with one side to move), by key. */
export const positionsByHash = (db: Database, kind: GameKind, hash: bigint, sideToMove?: string): Promise<Position[]> =>
  db.prisma.position.findMany({ where: { kind, hash, ...(sideToMove ? { sideToMove } : {}) }, orderBy: { key: 'asc' } });

/**
 * The positions under group key `groupKey`, under any state: the stored ones in storage order,
 * then those known only from games, in the order games reach them; at most `first`.
 */
async function positionsOfGroup(db: Database, source: PlySource, kind: GameKind, groupKey: string, first: number): Promise<FoundPosition[]> {
  const stored = await db.prisma.position.findMany({ where: { kind, groupKey }, orderBy: { id: 'asc' }, take: first });
  if (stored.length >= first) return stored;
  const seen = new Set(stored.map((p) => p.key));
  const out: FoundPosition[] = stored.slice();
  for (const occurrence of await occurrencesOfKey(db, source, kind, groupKey, MAX_OCCURRENCES)) {
    const position = (await recordOf(source, occurrence))?.position;
    if (!position || seen.has(position.key) || position.groupKey !== groupKey) continue;
    seen.add(position.key);
    out.push(unstoredPosition(position));
    if (out.length >= first) break;
  }
  return out;
}

/** The positions a board query finds (at most `first` of a group), stored or known from games. */
export async function positionsOfQuery(db: Database, source: PlySource, kind: GameKind, query: BoardQuery, first: number): Promise<FoundPosition[]> {
  switch (query.by) {
    case 'group':
      return positionsOfGroup(db, source, kind, query.groupKey, first);
    case 'keys':
      return (await positionsOfKeys(db, source, query.keys.map((key) => ({ kind, key })))).flat();
    case 'hash': {
      const rows = await positionsByHash(db, kind, query.hash, query.sideToMove);
      const missing = query.sides.filter((s) => !rows.some((r) => r.sideToMove === s.side));
      const fromGames = await positionsOfKeys(db, source, missing.map((s) => ({ kind, key: s.key })));
      return [...rows, ...fromGames.flat()].sort((a, b) => a.key.localeCompare(b.key));
    }
  }
}

/** The positions of a board (as a `board` key form of `kind` names it), hashed with the active tables. */
export async function positionsOfBoard(db: Database, source: PlySource, kind: GameKind, board: string, first: number): Promise<FoundPosition[]> {
  const query = gameOf(kind).boardQuery;
  if (!query) return [];
  return positionsOfQuery(db, source, kind, query(board, { zobrist: (await activeZobristHasher(db.sql)).hasher }), first);
}
