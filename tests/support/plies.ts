/** Stored games' plies as tests read them: each game replayed, as the server reads them. */
import type { Database } from '../../src/db/database';
import type { GameKind, PositionRecord } from '../../src/db/records';
import type { Game } from '../../src/generated/prisma/client';
import { pliesOfGames } from '../../src/storage/gamePlies';
import { occurrenceCountsOf } from '../../src/db/positionIndex';

/** One node of a stored game. */
export interface PlyRow {
  gameId: bigint;
  indexInFile: number;
  kind: GameKind;
  variation: string;
  ply: number;
  move: string | null;
  nextMove: string | null;
  /** The key of the position reached. */
  key: string;
  board: string;
  /** The node's index in the game's replay (what the position index records). */
  node: number;
  /** The position reached, as the replay gives it (groupKey, sideToMove, data...). */
  position: PositionRecord;
}

/** Every node of the stored games (of one import, or all), by game in file order, then replay order. */
export async function storedPlies(db: Database, importId?: bigint): Promise<PlyRow[]> {
  const games: Game[] = await db.prisma.game.findMany({
    where: importId === undefined ? {} : { importId },
    orderBy: [{ importId: 'asc' }, { indexInFile: 'asc' }],
  });
  return rowsOf(db, games);
}

/** Every node of the given games (in the order of the ids given), in replay order. */
export async function pliesOfGameIds(db: Database, gameIds: readonly bigint[]): Promise<PlyRow[]> {
  const found: Game[] = await db.prisma.game.findMany({ where: { id: { in: [...gameIds] } } });
  const byId = new Map(found.map((g) => [g.id, g]));
  return rowsOf(db, gameIds.flatMap((id) => byId.get(id) ?? []));
}

async function rowsOf(db: Database, games: Game[]): Promise<PlyRow[]> {
  const replays = await pliesOfGames(db.sql, games);
  return games.flatMap((g) =>
    (replays.get(g.id) ?? []).map(({ node, ply }) => ({
      gameId: g.id,
      indexInFile: g.indexInFile,
      kind: ply.position.kind,
      variation: ply.variation,
      ply: ply.ply,
      move: ply.move ?? null,
      nextMove: ply.nextMove ?? null,
      key: ply.position.key,
      board: ply.position.board,
      node,
      position: ply.position,
    })),
  );
}

/** How many times the position index says `key` occurs. */
export const indexedOccurrences = async (db: Database, kind: GameKind, key: string): Promise<number> =>
  (await occurrenceCountsOf(db.sql, kind, key)).occurrences;
