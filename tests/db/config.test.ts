/** Where the server and the CLI find their database when nothing says: the same directory, wherever they run. */
import path from 'node:path';
import { DEFAULT_DATA_DIR, databaseConfigFromEnv, serverConfigFromEnv } from '../../src/db/config';

const CHECKOUT_DATA = path.resolve(__dirname, '../../data');

describe('the default data directory', () => {
  it('is the data folder of the checkout', () => {
    expect(DEFAULT_DATA_DIR).toBe(CHECKOUT_DATA);
  });

  it('is the same for the server and the CLI, whatever the current directory', () => {
    const cwd = process.cwd();
    process.chdir(path.parse(cwd).root);
    try {
      expect([serverConfigFromEnv({}).database.dataDir, databaseConfigFromEnv({}).dataDir]).toEqual([CHECKOUT_DATA, CHECKOUT_DATA]);
    } finally {
      process.chdir(cwd);
    }
  });

  it('takes TABULA_DATA_DIR as given, a relative one from the current directory', () => {
    expect(databaseConfigFromEnv({ TABULA_DATA_DIR: 'mine' }).dataDir).toBe(path.resolve('mine'));
  });

  it('is none when DATABASE_URL names a PostgreSQL database', () => {
    expect(databaseConfigFromEnv({ DATABASE_URL: 'postgresql://localhost/x' }).dataDir).toBeUndefined();
  });
});
