/**
 * PGlite has no autovacuum: an import leaves statistics for its planner, so joins over score
 * sets are planned from real row counts (without them the dashboard's cross-tab ran nested loops).
 */
import { openDatabase, type Database } from '../../src/db/database';
import { readerFor } from '../../src/games/index';
import { bytesSource, runImport } from '../../src/storage/importService';
import { pgliteTemplate } from '../support/pgliteTemplate';

const PGN = '[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 {[%eval 0.3]} e5 {[%eval 0.2]} 2. Nf3 {[%eval 0.25]} 1-0\n';

describe('statistics after an import on PGlite', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ poolSize: 1, statementTimeoutMs: 0, pgliteTemplate: await pgliteTemplate() });
  });
  afterAll(() => db.close());

  it('are gathered for the tables the import wrote', async () => {
    const analyzed = async () =>
      (await db.sql.query<{ relname: string; reltuples: number }>(
        `SELECT c.relname, c.reltuples::float8 AS reltuples FROM pg_class c
         WHERE c.relname IN ('Game', 'EvaluationBlock') AND c.relnamespace = 'public'::regnamespace ORDER BY c.relname`,
      )).map((r) => [r.relname, r.reltuples]);
    // A table never analyzed has reltuples -1.
    expect(await analyzed()).toEqual([['EvaluationBlock', -1], ['Game', -1]]);
    await runImport(db, readerFor('PGN')!, bytesSource(Buffer.from(PGN)));
    // The three evaluations are packed with the game; the evaluation index holds one entry each (one row per bucket).
    const [blocks] = await db.sql.query<{ n: bigint }>('SELECT count(*)::int8 AS n FROM "EvaluationBlock"');
    expect(await analyzed()).toEqual([['EvaluationBlock', Number(blocks.n)], ['Game', 1]]);
  });
});
