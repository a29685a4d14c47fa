/**
 * Upkeep after large imports (`tabula maintain`): the position index rewritten in key order. Each
 * flush of an import writes one row per bucket (`PositionBlock`) and one per hot position
 * (`PositionRun`), so after many flushes the rows a lookup reads (every flush's row of one bucket)
 * lie scattered over the table, a page each. CLUSTER on each table's key puts a bucket's rows, and a
 * position's runs, next to each other; ANALYZE then refreshes the planner's figures. Both tables
 * are locked while they are rewritten (reads wait): run it when the server is quiet.
 */
import type { Database } from '../db/database';

/** The tables rewritten, each in the order of its primary key. */
const CLUSTERED = [
  { table: 'PositionBlock', key: 'PositionBlock_pkey' },
  { table: 'PositionRun', key: 'PositionRun_pkey' },
];

/** What `clusterPositionIndex` did: the tables rewritten and how long it took. */
export interface MaintenanceReport {
  tables: string[];
  seconds: number;
}

/** Rewrites the position index's tables in key order and analyses them, in one transaction without a statement timeout. */
export async function clusterPositionIndex(db: Database): Promise<MaintenanceReport> {
  const started = performance.now();
  await db.transaction(async (sql) => {
    // A million games' index is rewritten in seconds, longer than a request's timeout allows.
    await sql.exec(`SET LOCAL statement_timeout = 0`);
    for (const { table, key } of CLUSTERED) await sql.exec(`CLUSTER "${table}" USING "${key}"`);
    await sql.exec(`ANALYZE ${CLUSTERED.map((c) => `"${c.table}"`).join(', ')}`);
  });
  return { tables: CLUSTERED.map((c) => c.table), seconds: (performance.now() - started) / 1000 };
}
