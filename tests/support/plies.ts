/** Stored games' plies as tests read them: each game replayed, as the server reads them. */
import type { Database } from '../../src/db/database';
import type { GameKind } from '../../src/db/records';
import type { Game } from '../../src/generated/prisma/client';
import { pliesOfGames } from '../../src/storage/gamePlies';
import { occurrenceCountsOf } from '../../src/storage/positionIndex';

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
}

/** Every node of the stored games (of one import, or all), by game in file order, then replay order. */
export async function storedPlies(db: Database, importId?: bigint): Promise<PlyRow[]> {
  const games: Game[] = await db.prisma.game.findMany({
    where: importId === undefined ? {} : { importId },
    orderBy: [{ importId: 'asc' }, { indexInFile: 'asc' }],
  });
  const replays = await pliesOfGames(db, games);
  return games.flatMap((g) =>
    (replays.get(g.id) ?? []).map(({ ply }) => ({
      gameId: g.id,
      indexInFile: g.indexInFile,
      kind: ply.position.kind,
      variation: ply.variation,
      ply: ply.ply,
      move: ply.move ?? null,
      nextMove: ply.nextMove ?? null,
      key: ply.position.key,
      board: ply.position.board,
    })),
  );
}

/** How many times the position index says `key` occurs. */
export const indexedOccurrences = async (db: Database, kind: GameKind, key: string): Promise<number> =>
  (await occurrenceCountsOf(db.sql, kind, key)).occurrences;
