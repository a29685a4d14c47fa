/** Where the server and the CLI find their database when nothing says: the same directory, wherever they run. */
import path from 'node:path';
import { DEFAULT_DATA_DIR, databaseConfigFromEnv, wholeNumberFromEnv } from '../../src/db/config';
import { openDatabase } from '../../src/db/database';

const CHECKOUT_DATA = path.resolve(__dirname, '../../data');

describe('the default data directory', () => {
  it('is the data folder of the checkout', () => {
    expect(DEFAULT_DATA_DIR).toBe(CHECKOUT_DATA);
  });

  it('takes TABULA_DATA_DIR as given, a relative one from the current directory', () => {
    expect(databaseConfigFromEnv({ TABULA_DATA_DIR: 'mine' }).dataDir).toBe(path.resolve('mine'));
  });

  it('is none when DATABASE_URL names a PostgreSQL database', () => {
    expect(databaseConfigFromEnv({ DATABASE_URL: 'postgresql://localhost/x' }).dataDir).toBeUndefined();
  });
});

describe('the database configuration', () => {
  it('pools 10 connections and cancels a statement after 30 s when nothing is set', () => {
    expect(databaseConfigFromEnv({})).toMatchObject({ poolSize: 10, statementTimeoutMs: 30_000, importConnections: undefined });
  });

  it('refuses a number that is not whole and 0 or more, naming the variable', () => {
    expect(() => databaseConfigFromEnv({ TABULA_POOL_SIZE: '2.5' })).toThrow('TABULA_POOL_SIZE must be a whole number, got "2.5"');
    expect(wholeNumberFromEnv({ N: '' }, 'N', 7)).toBe(7);
  });
});

describe('the read replicas', () => {
  const PRIMARY = 'postgresql://primary/tabula';

  it('are none when DATABASE_REPLICA_URLS is unset or blank', () => {
    expect(databaseConfigFromEnv({ DATABASE_URL: PRIMARY }).replicaUrls).toBeUndefined();
    expect(databaseConfigFromEnv({ DATABASE_URL: PRIMARY, DATABASE_REPLICA_URLS: ' , ' }).replicaUrls).toBeUndefined();
  });

  it('are the comma-separated URLs, with a lag bound of 5 s and a check every 500 ms by default', () => {
    const config = databaseConfigFromEnv({ DATABASE_URL: PRIMARY, DATABASE_REPLICA_URLS: 'postgresql://r1/tabula, postgres://r2:6432/tabula' });
    expect(config).toMatchObject({
      replicaUrls: ['postgresql://r1/tabula', 'postgres://r2:6432/tabula'],
      replicaMaxLagMs: 5_000,
      replicaCheckMs: 500,
    });
  });

  it('take their lag bound and check interval from DATABASE_REPLICA_MAX_LAG_MS and DATABASE_REPLICA_CHECK_MS', () => {
    const env = { DATABASE_URL: PRIMARY, DATABASE_REPLICA_URLS: 'postgresql://r1/t', DATABASE_REPLICA_MAX_LAG_MS: '250', DATABASE_REPLICA_CHECK_MS: '100' };
    expect(databaseConfigFromEnv(env)).toMatchObject({ replicaMaxLagMs: 250, replicaCheckMs: 100 });
  });

  it('are refused with the embedded PGlite, saying they need DATABASE_URL', () => {
    expect(() => databaseConfigFromEnv({ DATABASE_REPLICA_URLS: 'postgresql://r1/tabula' })).toThrow(
      'DATABASE_REPLICA_URLS needs DATABASE_URL: replicas are PostgreSQL hot standbys of a PostgreSQL primary, and the embedded PGlite has none',
    );
  });

  it('refuse something that is not a postgresql:// URL, without echoing its password', () => {
    expect(() => databaseConfigFromEnv({ DATABASE_URL: PRIMARY, DATABASE_REPLICA_URLS: 'mysql://u:secret@r1/x' })).toThrow(
      'DATABASE_REPLICA_URLS must list postgresql:// URLs separated by commas, got "mysql://…@r1/x"',
    );
  });
});

describe("the embedded database's buffer cache", () => {
  it('is 32MB unless TABULA_PGLITE_SHARED_BUFFERS gives a size', () => {
    expect(databaseConfigFromEnv({}).pgliteSharedBuffers).toBe('32MB');
    expect(databaseConfigFromEnv({ TABULA_PGLITE_SHARED_BUFFERS: '256MB' }).pgliteSharedBuffers).toBe('256MB');
  });

  it('refuses a size PostgreSQL would not read, naming the variable', () => {
    expect(() => databaseConfigFromEnv({ TABULA_PGLITE_SHARED_BUFFERS: '32 megabytes' })).toThrow(
      'TABULA_PGLITE_SHARED_BUFFERS must be a size such as 32MB (a whole number and kB, MB or GB), got "32 megabytes"',
    );
  });

  it('is what the opened PGlite runs with', async () => {
    const db = await openDatabase({ poolSize: 1, statementTimeoutMs: 0, pgliteSharedBuffers: '24MB' });
    try {
      expect(await db.sql.query<{ shared_buffers: string }>('SHOW shared_buffers')).toEqual([{ shared_buffers: '24MB' }]);
    } finally {
      await db.close();
    }
  });
});
