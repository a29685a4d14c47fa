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
import { readerFor } from '../../src/storage/formats';
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

for (const target of targets()) {
  describe(`re-indexing at start [${target.name}]`, () => {
    afterAll(() => target.cleanup());

    it('answers liveness while it re-indexes and says how far it is until ready', async () => {
      const db = await openDatabase(target.config);
      await runImport(db, readerFor('PGN')!, bytesSource(pgnFile()), {});
      // As the migration that brought the position index leaves an import stored before it.
      await db.sql.query(`UPDATE "Import" SET indexed = false`);
      await db.close();

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
