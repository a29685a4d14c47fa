/** Waiting, in tests of concurrent transactions, for a statement to queue behind another backend's lock. */
import type { Database } from '../../src/db/database';

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Returns once some backend waits on a lock the backend `pid` holds. */
export async function untilBlockedBy(db: Database, pid: number): Promise<void> {
  for (;;) {
    const [{ waiting }] = await db.sql.query<{ waiting: boolean }>('SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE $1::int4 = ANY(pg_blocking_pids(pid))) AS waiting', [pid]);
    if (waiting) return;
    await sleep(10);
  }
}
