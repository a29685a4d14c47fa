/**
 * The migration that brought the position index moves a database forward with its data: a
 * database made by the migrations before it, holding a game with its Occurrence and Position
 * rows and a score, opens with every migration applied, its game indexed by a replay, the
 * position rows only games reached gone, and the scored one kept.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { applyMigrations, readMigrations } from '../../src/db/migrations';
import { type Database, openDatabase } from '../../src/db/database';
import type { SqlExecutor } from '../../src/db/sql';
import { indexPendingImports } from '../../src/storage/reindex';
import { storedPlies, indexedOccurrences } from '../support/plies';
import { AFTER_E4, AFTER_E4_E5, START } from '../support/records';

const BEFORE_INDEX = readMigrations().filter((m) => m.name < '20261124212218_position_index');

/** The old model's rows: an import, a game of 1. e4 e5 with its three positions and occurrences, a score on the position after 1. e4. */
const OLD_ROWS = `
  INSERT INTO "Import" (id, format, fingerprint) VALUES (7, 'PGN', 'old-import');
  INSERT INTO "Game" (id, kind, "importId", "sourceFormat", source, player1, player2, result)
    VALUES (11, 'CHESS', 7, 'PGN', convert_to(E'[White "Old"]\\n[Black "Timer"]\\n[Result "1-0"]\\n\\n1. e4 e5 1-0\\n', 'UTF8'), 'Old', 'Timer', '1-0');
  INSERT INTO "Position" (id, kind, key, board) VALUES
    (1, 'CHESS', '${START.key}', '${START.board}'),
    (2, 'CHESS', '${AFTER_E4.key}', '${AFTER_E4.board}'),
    (3, 'CHESS', '${AFTER_E4_E5.key}', '${AFTER_E4_E5.board}');
  INSERT INTO "Occurrence" ("gameId", "positionId", variation, ply, move, "nextMove") VALUES
    (11, 1, '', 0, NULL, 'e4'), (11, 2, '', 1, 'e4', 'e5'), (11, 3, '', 2, 'e5', NULL);
  INSERT INTO "Score" ("positionId", program, value) VALUES (2, 'stockfish', 0.3);
`;

const executor = (run: (text: string, params?: readonly unknown[]) => Promise<Record<string, unknown>[]>): SqlExecutor => ({
  query: async <R,>(text: string, params?: readonly unknown[]) => (await run(text, params)) as R[],
  exec: async (script) => {
    await run(script);
  },
  copyRows: () => Promise.reject(new Error('no COPY here')),
});

interface OldDatabase {
  name: string;
  /** Makes the old database with its rows; returns how to open it with tabula afterwards. */
  make: () => Promise<() => Promise<Database>>;
  cleanup: () => Promise<void>;
}

const pgliteOld = (): OldDatabase => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-migrate-'));
  return {
    name: 'pglite',
    make: async () => {
      const raw = new PGlite(dir);
      await raw.waitReady;
      await applyMigrations((work) => raw.transaction((tx) => work(executor(async (text, params) => {
        if (params === undefined) {
          await tx.exec(text);
          return [];
        }
        return (await tx.query<Record<string, unknown>>(text, params as unknown[])).rows;
      }))), BEFORE_INDEX);
      await raw.exec(OLD_ROWS);
      await raw.close();
      return () => openDatabase({ dataDir: dir, poolSize: 1, statementTimeoutMs: 0 });
    },
    cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
};

const postgresOld = (url: string): OldDatabase => {
  const schema = `tabula_migrate_${randomBytes(6).toString('hex')}`;
  const admin = async <T,>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  return {
    name: 'postgresql',
    make: async () => {
      await admin(async (client) => {
        await client.query(`CREATE SCHEMA "${schema}"`);
        await client.query(`SET search_path TO "${schema}"`);
        const sql = executor(async (text, params) => (await client.query(text, params as unknown[])).rows);
        await applyMigrations(async (work) => {
          await client.query('BEGIN');
          try {
            const result = await work(sql);
            await client.query('COMMIT');
            return result;
          } catch (error) {
            await client.query('ROLLBACK');
            throw error;
          }
        }, BEFORE_INDEX);
        await client.query(OLD_ROWS);
      });
      return () => openDatabase({ url, schema, poolSize: 2, statementTimeoutMs: 60_000 });
    },
    cleanup: () => admin((client) => client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)).then(() => undefined),
  };
};

const targets = (): OldDatabase[] => {
  const url = process.env.TEST_DATABASE_URL;
  return url ? [pgliteOld(), postgresOld(url)] : [pgliteOld()];
};

for (const target of targets()) {
  describe(`the position index migration [${target.name}]`, () => {
    let db: Database;
    beforeAll(async () => {
      const open = await target.make();
      db = await open();
    });
    afterAll(async () => {
      await db.close();
      await target.cleanup();
    });

    it('marks the import as not indexed and drops the Occurrence table', async () => {
      const [{ indexed }] = await db.sql.query<{ indexed: boolean }>(`SELECT indexed FROM "Import" WHERE id = 7`);
      expect(indexed).toBe(false);
      const tables = await db.sql.query<{ n: bigint }>(
        `SELECT count(*)::int8 AS n FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'Occurrence'`,
      );
      expect(tables[0].n).toBe(0n);
    });

    it('keeps the scored position and drops the ones only the game reached', async () => {
      const rows = await db.prisma.position.findMany({ orderBy: { id: 'asc' } });
      expect(rows.map((p) => [p.id, p.key])).toEqual([[2n, AFTER_E4.key]]);
      expect(await db.prisma.score.count({ where: { positionId: 2n } })).toBe(1);
    });

    it('indexes the old game from a replay when the database is opened', async () => {
      expect(await indexPendingImports(db)).toBe(1);
      expect(await indexPendingImports(db)).toBe(0);
      expect((await storedPlies(db, 7n)).map((p) => [p.ply, p.move, p.nextMove, p.key])).toEqual([
        [0, null, 'e4', START.key],
        [1, 'e4', 'e5', AFTER_E4.key],
        [2, 'e5', null, AFTER_E4_E5.key],
      ]);
      for (const p of [START, AFTER_E4, AFTER_E4_E5]) expect(await indexedOccurrences(db, 'CHESS', p.key)).toBe(1);
      const [{ indexed }] = await db.sql.query<{ indexed: boolean }>(`SELECT indexed FROM "Import" WHERE id = 7`);
      expect(indexed).toBe(true);
    });
  });
}
