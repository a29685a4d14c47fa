/** Where the server and the CLI find their database when nothing says: the same directory, wherever they run. */
import path from 'node:path';
import { DEFAULT_DATA_DIR, databaseConfigFromEnv, wholeNumberFromEnv } from '../../src/db/config';

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
