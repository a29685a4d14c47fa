/**
 * The compression of the long values an import stores (src/db/valueCompression.ts): lz4 where the
 * server has it (PostgreSQL), pglz where it has nothing else (the embedded PGlite); the values the
 * same either way.
 */
import { readerFor } from '../../src/games/index';
import { bytesSource, runImport } from '../../src/storage/importService';
import { describeEachDatabase } from '../support/databases';
import { sampleText } from '../support/sampleData';

/** Four analysed games of some 80 KB each: sources PostgreSQL compresses. */
const CHARLOT = sampleText('backgammon', 'gnubgparser_charlot1-charlot2_7p_2025-11-08-2305.sgf');

describeEachDatabase('the sources an import stores', (db) => {
  beforeAll(async () => {
    await runImport(db(), readerFor('SGF')!, bytesSource(Buffer.from(CHARLOT, 'utf8'), 'charlot.sgf'));
  }, 60_000);

  it('are compressed with lz4 where the server has it, else with pglz', async () => {
    const [{ lz4 }] = await db().sql.query<{ lz4: boolean }>(
      `SELECT 'lz4' = ANY(enumvals) AS lz4 FROM pg_settings WHERE name = 'default_toast_compression'`,
    );
    const methods = await db().sql.query<{ method: string; games: bigint }>(
      `SELECT pg_column_compression(source) AS method, count(*)::int8 AS games FROM "Game" GROUP BY 1`,
    );
    expect(methods.map((m) => [m.method, Number(m.games)])).toEqual([[lz4 ? 'lz4' : 'pglz', 4]]);
  });

  it('read back as the text of their game trees in the file', async () => {
    const rows = await db().sql.query<{ source: Uint8Array }>(`SELECT source FROM "Game" ORDER BY id`);
    const trees = CHARLOT.trimEnd().split(/\n(?=\(;)/);
    expect(rows.map((r) => Buffer.from(r.source).toString('utf8'))).toEqual(trees);
  });

  it('leave nothing of the setting after the import: a later transaction compresses as the server is set to', async () => {
    const [setting] = await db().transaction((sql) =>
      sql.query<{ current: string; configured: string }>(
        `SELECT current_setting('default_toast_compression') AS current, reset_val AS configured FROM pg_settings WHERE name = 'default_toast_compression'`,
      ),
    );
    expect(setting.current).toBe(setting.configured);
  });
});
