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

  it('sends the batches asked for in one run of code as one statement', async () => {
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

  /** `db` whose statements are held until released (`held`, first sent first), counted when released. */
  const holding = (db: Database): { db: Database; held: (() => void)[] } => {
    const held: (() => void)[] = [];
    const sql = { ...db.sql, query: (text: string, params?: readonly unknown[]) => new Promise<void>((release) => held.push(release)).then(() => db.sql.query(text, params)) };
    return { db: { ...db, sql } as Database, held };
  };
  const turn = () => new Promise((next) => setImmediate(next));
  /** Twenty keys (a batch worth a statement of its own): `key` and nineteen stored under no position. */
  const twenty = (key: string) => [key, ...Array.from({ length: 19 }, (_, i) => `none${i}`)].map((k) => ({ key: k, kind: 'GO' as const }));
  const boardsOf = (lists: Awaited<ReturnType<typeof positionsByKeys>>[]) => lists.map(([list]) => list.map((p) => p.board));

  it('sends batches of twenty keys at once while fewer than four statements run, and those asked for meanwhile as one when one ends', async () => {
    const counted = counting(getDb());
    const { db, held } = holding(counted.db);
    const answers: ReturnType<typeof positionsByKeys>[] = [];
    for (const key of ['aa00', 'bb00', 'zz00', 'aa00']) {
      answers.push(positionsByKeys(db, twenty(key)));
      await turn();
    }
    expect(held).toHaveLength(4);
    answers.push(positionsByKeys(db, twenty('bb00')), positionsByKeys(db, twenty('zz00')));
    await turn();
    answers.push(positionsByKeys(db, twenty('aa00')));
    await turn();
    expect(held).toHaveLength(4);
    held.shift()!();
    await answers[0];
    await turn();
    // The first ended: the three waiting went out as one statement.
    expect(held).toHaveLength(4);
    while (held.length > 0) held.shift()!();
    expect(boardsOf(await Promise.all(answers))).toEqual([['go board a'], ['go board b'], [], ['go board a'], ['go board b'], [], ['go board a']]);
    expect(counted.statements).toHaveLength(5);
  });

  it('holds smaller batches back while a statement runs, and sends them as one when it ends', async () => {
    const counted = counting(getDb());
    const { db, held } = holding(counted.db);
    const answers = [positionsByKeys(db, [{ key: 'aa00', kind: 'GO' }])];
    await turn();
    for (const key of ['bb00', 'zz00', 'aa00']) {
      answers.push(positionsByKeys(db, [{ key, kind: 'GO' }]));
      await turn();
    }
    expect(held).toHaveLength(1);
    held.shift()!();
    await answers[0];
    await turn();
    expect(held).toHaveLength(1);
    held.shift()!();
    expect(boardsOf(await Promise.all(answers))).toEqual([['go board a'], ['go board b'], [], ['go board a']]);
    expect(counted.statements).toHaveLength(2);
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
