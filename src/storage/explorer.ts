/**
 * The opening explorer: which moves were played from a stored position, in how many games, and
 * how those games ended. One GROUP BY over the position's occurrences joined to their games;
 * each game counts once per move.
 */
import type { Database } from '../db/database';

export interface ChessMoveStats {
  san: string;
  count: number;
  whiteWins: number;
  draws: number;
  blackWins: number;
  /** Games with no decisive or drawn result (`*`, unknown). */
  unknown: number;
}

interface MoveRow {
  [column: string]: unknown;
  san: string;
  count: bigint;
  white: bigint;
  draws: bigint;
  black: bigint;
}

/** Moves from a chess position, most played first; main lines only unless `includeVariations`. */
export async function chessMoveStats(db: Database, positionId: bigint, includeVariations: boolean): Promise<ChessMoveStats[]> {
  const rows = await db.sql.query<MoveRow>(
    `SELECT o."nextMove" AS san,
       count(DISTINCT o."gameId")::int8 AS count,
       count(DISTINCT o."gameId") FILTER (WHERE g.result = '1-0')::int8 AS white,
       count(DISTINCT o."gameId") FILTER (WHERE g.result = '1/2-1/2')::int8 AS draws,
       count(DISTINCT o."gameId") FILTER (WHERE g.result = '0-1')::int8 AS black
     FROM "Occurrence" o JOIN "Game" g ON g.id = o."gameId"
     WHERE o."positionId" = $1 AND o."nextMove" IS NOT NULL AND ($2::boolean OR o.variation = '')
     GROUP BY o."nextMove"
     ORDER BY count DESC, o."nextMove" COLLATE "C"`,
    [positionId, includeVariations],
  );
  return rows.map((r) => {
    const [count, whiteWins, draws, blackWins] = [r.count, r.white, r.draws, r.black].map(Number);
    return { san: r.san, count, whiteWins, draws, blackWins, unknown: count - whiteWins - draws - blackWins };
  });
}
