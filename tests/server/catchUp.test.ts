/**
 * Bringing imports of an earlier version up to date at start (re-indexing their games) leaves
 * the server live: /health/live answers while it runs, and /health/ready says how far it is
 * ("re-indexing, N of M") until it is done.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/db/database';
import type { DatabaseConfig } from '../../src/db/config';
import { readerFor } from '../../src/games/index';
import { bytesSource, runImport } from '../../src/storage/importService';
import { startServer } from '../../src/server/main';
import { createLogger } from '../../src/server/logging';

const GAMES = 4000;
const TEST_URL = process.env.TEST_DATABASE_URL;

/** GAMES short games, each its own event. */
const pgnFile = (): Uint8Array =>
  Buffer.from(
    Array.from({ length: GAMES }, (_, i) => `[Event "catch up ${i}"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 *\n`).join('\n'),
    'utf8',
  );

interface Target {
  name: string;
  config: DatabaseConfig;
  env: Record<string, string>;
  cleanup: () => Promise<void>;
}

const targets = (): Target[] => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-catchup-'));
  const list: Target[] = [{
    name: 'pglite',
    config: { dataDir: dir, poolSize: 1, statementTimeoutMs: 0 },
    env: { TABULA_DATA_DIR: dir },
    cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
  }];
  if (TEST_URL) {
    const schema = `tabula_test_${randomBytes(6).toString('hex')}`;
    list.push({
      name: 'postgresql',
      config: { url: TEST_URL, schema, poolSize: 2, statementTimeoutMs: 60_000 },
      env: { DATABASE_URL: TEST_URL, DATABASE_SCHEMA: schema },
      cleanup: async () => {
        const client = new pg.Client({ connectionString: TEST_URL });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await client.end();
      },
    });
  }
  return list;
};

/** An import of GAMES games left as the migration that brought the position index leaves one stored before it. */
const storeUnindexedImport = async (config: DatabaseConfig): Promise<void> => {
  const db = await openDatabase(config);
  await db.sql.query(`DELETE FROM "Import"`);
  await runImport(db, readerFor('PGN')!, bytesSource(pgnFile()), {});
  await db.sql.query(`UPDATE "Import" SET indexed = false`);
  await db.close();
};

/** The state pg_control records for a PGlite data directory (1: shut down cleanly, 6: in production). */
const clusterState = (dataDir: string): number => fs.readFileSync(path.join(dataDir, 'global', 'pg_control')).readInt32LE(16);
const SHUT_DOWN = 1;

for (const target of targets()) {
  describe(`re-indexing at start [${target.name}]`, () => {
    afterAll(() => target.cleanup());

    it('stops within the grace time when told to stop while it re-indexes, closing the database; the next start takes it up again', async () => {
      await storeUnindexedImport(target.config);
      const env = { ...target.env, HOST: '127.0.0.1', PORT: '0', TABULA_SHUTDOWN_GRACE_MS: '1000' };
      const server = await startServer({ env, processMetrics: false, logger: createLogger({ LOG_LEVEL: 'silent' }) });
      for (;;) {
        const { status } = (await (await fetch(`${server.url}/health/ready`)).json()) as { status: string };
        if (status.startsWith('re-indexing')) break;
        expect(status).not.toBe('ok');
      }
      await server.stop();
      await expect(server.ready).rejects.toThrow();
      if (target.config.dataDir) expect(clusterState(target.config.dataDir)).toBe(SHUT_DOWN);
      const db = await openDatabase(target.config);
      try {
        const rows = await db.sql.query<{ n: bigint }>(`SELECT count(*)::int8 AS n FROM "Import" WHERE NOT indexed`);
        expect(rows[0].n).toBe(1n);
      } finally {
        await db.close();
      }
    });

    it('answers liveness while it re-indexes and says how far it is until ready', async () => {
      await storeUnindexedImport(target.config);
      const server = await startServer({ env: { ...target.env, HOST: '127.0.0.1', PORT: '0' }, processMetrics: false, logger: createLogger({ LOG_LEVEL: 'silent' }) });
      try {
        const statuses: string[] = [];
        /** Readiness as it was right after each liveness answer. */
        const liveWhile: string[] = [];
        for (;;) {
          const live = await fetch(`${server.url}/health/live`);
          expect(live.status).toBe(200);
          const ready = await fetch(`${server.url}/health/ready`);
          const { status } = (await ready.json()) as { status: string };
          liveWhile.push(status);
          if (statuses.at(-1) !== status) statuses.push(status);
          if (ready.status === 200) break;
        }
        const progress = statuses.filter((s) => s.startsWith('re-indexing'));
        expect(progress.length).toBeGreaterThan(0);
        for (const s of progress) expect(s).toMatch(new RegExp(`^re-indexing, \\d+ of ${GAMES}$`));
        expect(liveWhile.some((s) => /^re-indexing, \d+ of/.test(s) && !s.startsWith(`re-indexing, ${GAMES} `))).toBe(true);
        expect(statuses.at(-1)).toBe('ok');
        const rows = await server.database()!.sql.query<{ n: bigint }>(`SELECT count(*)::int8 AS n FROM "Import" WHERE NOT indexed`);
        expect(rows[0].n).toBe(0n);
      } finally {
        await server.stop();
      }
    });
  });
}
