/**
 * Page-size caps of lists that used to return every row: `goScoreSets` and
 * `zobristTables` take `first` (default 100, at most 1000; more is BAD_USER_INPUT).
 * The rows are inserted with SQL (105 score sets, 105 stored tables) so the
 * default cap is reached without importing 105 files. The cost limit would refuse
 * `first: 1001` before the resolver sees it, so this server's cost limit is raised.
 */
import { encodePositionFile } from '../../src/codecs/go';
import { unwrap } from '../../src/codecs/result';
import { DEFAULT_LIMITS } from '../../src/server/limits';
import { describeEachDatabase } from '../support/databases';
import { dataOf, graphqlClient, type Gql } from '../support/graphql';
import { randomPositions } from '../support/goFiles';

const ROWS = 105;
const pad = (i: number) => String(i).padStart(3, '0');

describeEachDatabase('page-size caps', (getDb) => {
  let gql: Gql;

  beforeAll(async () => {
    const db = getDb();
    gql = graphqlClient(db, [], { ...DEFAULT_LIMITS, maxCost: 1_000_000 });
    const data = Buffer.from(unwrap(encodePositionFile(randomPositions(1, 77)))).toString('base64');
    dataOf(await gql(`mutation ($d: String!) { importGames(format: GO_POSITIONS, data: $d) { importId } }`, { d: data }));
    await db.sql.query(
      `INSERT INTO "Score" ("positionId", program, ruleset, value, confidence)
       SELECT p.id, 'prog' || lpad(i::text, 3, '0'), '', 5, 50
       FROM (SELECT id FROM "Position" WHERE kind = 'GO' LIMIT 1) p, generate_series(0, ${ROWS - 1}) AS i`,
    );
    await db.sql.query(
      `INSERT INTO "ZobristTable" (name, text, active)
       SELECT 'table' || lpad(i::text, 3, '0'), 'not parsed when listed', false FROM generate_series(0, ${ROWS - 1}) AS i`,
    );
  });

  describe('goScoreSets', () => {
    const QUERY = `query ($n: Int) { goScoreSets(first: $n) { program positions } }`;
    const programs = async (n?: number) =>
      dataOf(await gql<{ goScoreSets: { program: string }[] }>(QUERY, n === undefined ? {} : { n })).goScoreSets.map((s) => s.program);

    it('returns at most 100 sets by default, `first` when given, all of them up to 1000', async () => {
      const byDefault = await programs();
      expect(byDefault).toHaveLength(100);
      expect(byDefault[0]).toBe('prog000');
      expect(byDefault[99]).toBe('prog099');
      expect(await programs(3)).toEqual(['prog000', 'prog001', 'prog002']);
      expect(await programs(1000)).toHaveLength(ROWS);
    });

    it('refuses first: 1001 (and negative) with BAD_USER_INPUT', async () => {
      for (const n of [1001, -1]) {
        const result = await gql(QUERY, { n });
        expect(result.data).toBeNull();
        expect(result.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: { argument: 'first' } });
        expect(result.errors?.[0].message).toMatch(/first must be between 0 and 1000/);
      }
    });
  });

  describe('zobristTables', () => {
    const QUERY = `query ($n: Int) { zobristTables(first: $n) { name builtIn } }`;
    const names = async (n?: number) =>
      dataOf(await gql<{ zobristTables: { name: string }[] }>(QUERY, n === undefined ? {} : { n })).zobristTables.map((t) => t.name);

    it('returns at most 100 tables by default (the built-in one first), `first` when given, all up to 1000', async () => {
      const byDefault = await names();
      expect(byDefault).toHaveLength(100);
      expect(byDefault[0]).toBe('default');
      expect(byDefault[99]).toBe(`table${pad(98)}`);
      expect(await names(2)).toEqual(['default', 'table000']);
      expect(await names(1000)).toHaveLength(ROWS + 1);
    });

    it('refuses first: 1001 with BAD_USER_INPUT', async () => {
      const result = await gql(QUERY, { n: 1001 });
      expect(result.data).toBeNull();
      expect(result.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: { argument: 'first' } });
    });
  });
});
