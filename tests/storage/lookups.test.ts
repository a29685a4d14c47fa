import type { Database } from '../../src/db/database';
import { positionsByKeys, queryPositions } from '../../src/storage/lookups';
import { describeEachDatabase, testTargets } from '../support/databases';

/** The same database, counting the statements run on its pool. */
const counting = (db: Database): { db: Database; statements: string[] } => {
  const statements: string[] = [];
  const sql = { ...db.sql, query: (text: string, params?: readonly unknown[]) => (statements.push(text), db.sql.query(text, params)) };
  return { db: { ...db, sql } as Database, statements };
};

describeEachDatabase('positions by key', (getDb) => {
  beforeAll(async () => {
    await getDb().sql.query(
      `INSERT INTO "Position" (kind, key, board) VALUES
         ('GO', 'aa00', 'go board a'), ('GO', 'bb00', 'go board b'),
         ('CHESS', 'aa00', 'chess board a'), ('CHESS', 'cc00', 'chess board c')`,
    );
  });

  it('answers each key in the order asked, of its kind only', async () => {
    const lists = await queryPositions(getDb(), [
      { key: 'bb00', kind: 'GO' },
      { key: 'aa00', kind: 'CHESS' },
      { key: 'cc00', kind: 'GO' },
    ]);
    expect(lists.map((list) => list.map((p) => p.board))).toEqual([['go board b'], ['chess board a'], []]);
  });

  it('answers a key without a kind with the position of every kind stored under it, by id', async () => {
    const [list] = await queryPositions(getDb(), [{ key: 'aa00' }]);
    expect(list.map((p) => [p.kind, p.board])).toEqual([
      ['GO', 'go board a'],
      ['CHESS', 'chess board a'],
    ]);
  });

  it('sends the batches asked for in one turn of the event loop as one statement', async () => {
    const { db, statements } = counting(getDb());
    const [first, second, third] = await Promise.all([
      positionsByKeys(db, [{ key: 'aa00', kind: 'GO' }]),
      positionsByKeys(db, [{ key: 'bb00', kind: 'GO' }, { key: 'zz00', kind: 'GO' }]),
      positionsByKeys(db, [{ key: 'cc00', kind: 'CHESS' }]),
    ]);
    expect(statements).toHaveLength(1);
    expect(first.map((list) => list.map((p) => p.board))).toEqual([['go board a']]);
    expect(second.map((list) => list.map((p) => p.board))).toEqual([['go board b'], []]);
    expect(third.map((list) => list.map((p) => p.board))).toEqual([['chess board c']]);
  });

  it('sends batches asked for in later turns as statements of their own', async () => {
    const { db, statements } = counting(getDb());
    await positionsByKeys(db, [{ key: 'aa00', kind: 'GO' }]);
    await positionsByKeys(db, [{ key: 'bb00', kind: 'GO' }]);
    expect(statements).toHaveLength(2);
  });
});

// PostgreSQL only: PGlite runs in this process and has no connections to prepare statements on.
for (const target of testTargets().filter((t) => t.name === 'postgresql')) {
  describe('statements on the PostgreSQL pool', () => {
    let db: Database;
    beforeAll(async () => {
      db = await target.open();
    });
    afterAll(async () => {
      await db.close();
      await target.cleanup();
    });

    it('are named prepared statements, parsed once per connection', async () => {
      // Sequential statements reuse the connection released last, so both run on the same one.
      await db.sql.query('SELECT 41 + 1 AS answer');
      const rows = await db.sql.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements');
      expect(rows.map((r) => r.statement)).toContain('SELECT 41 + 1 AS answer');
    });
  });
}
