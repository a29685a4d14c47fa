/** How far bringing imports stored by an earlier version up to date is (reindex.ts, reanalyse.ts). */
import type { Database } from '../db/database';

/** How far bringing imports up to date is: games done of the games to do, in the current phase. */
/** What is being brought up to date. */
export type CatchUpPhase = 're-indexing' | 're-analysing' | 're-reading attributes' | 'packing evaluations';

export interface CatchUpProgress {
  phase: CatchUpPhase;
  done: number;
  total: number;
}

/** Told the progress at the start, after every page of games, and at the end of each phase. */
export type OnCatchUp = (progress: CatchUpProgress) => void;

/** The games of the imports where `column` is false (not brought up to date yet). */
export async function pendingGames(db: Database, column: 'indexed' | 'analysed' | 'attributed' | 'evaluationsPacked'): Promise<number> {
  const [row] = await db.sql.query<{ n: bigint }>(
    `SELECT count(*)::int8 AS n FROM "Game" WHERE "importId" IN (SELECT id FROM "Import" WHERE NOT "${column}")`,
  );
  return Number(row.n);
}

/** What readiness says while imports are brought up to date: "re-indexing, N of M". */
export const catchUpStatus = ({ phase, done, total }: CatchUpProgress): string => `${phase}, ${done} of ${total}`;
