/** The server's configuration from the environment: where it listens, what it takes, and the database it opens. */
import os from 'node:os';
import path from 'node:path';
import { databaseConfigFromEnv } from '../../src/db/config';
import { serverConfigFromEnv, shutdownGraceFromEnv } from '../../src/server/config';
import { DEFAULT_LIMITS } from '../../src/server/limits';
import { defaultImportWorkers, workerYoungGenerationMb } from '../../src/storage/importWorkers';

const CHECKOUT_DATA = path.resolve(__dirname, '../../data');

describe('the server configuration', () => {
  it('listens on 0.0.0.0:4000, takes 16mb bodies and drains for 10 s when nothing is set', () => {
    const config = serverConfigFromEnv({});
    expect([config.host, config.port, config.bodyLimit, config.shutdownGraceMs]).toEqual(['0.0.0.0', 4000, '16mb', 10_000]);
    expect(config.limits).toEqual(DEFAULT_LIMITS);
    expect(config.auth).toEqual({ adminToken: undefined, readRequiresToken: false });
  });

  it('takes HOST, PORT, TABULA_BODY_LIMIT, TABULA_SHUTDOWN_GRACE_MS, the auth and limit variables', () => {
    const config = serverConfigFromEnv({
      HOST: '127.0.0.1',
      PORT: '0',
      TABULA_BODY_LIMIT: '2mb',
      TABULA_SHUTDOWN_GRACE_MS: '250',
      TABULA_API_TOKEN: 'secret',
      TABULA_READ_REQUIRES_TOKEN: '1',
      TABULA_MAX_DEPTH: '7',
    });
    expect([config.host, config.port, config.bodyLimit, config.shutdownGraceMs]).toEqual(['127.0.0.1', 0, '2mb', 250]);
    expect(config.auth).toEqual({ adminToken: 'secret', readRequiresToken: true });
    expect(config.limits.maxDepth).toBe(7);
  });

  it('refuses a port or grace time that is not a whole number, naming the variable', () => {
    expect(() => serverConfigFromEnv({ PORT: 'http' })).toThrow('PORT must be a whole number, got "http"');
    expect(() => shutdownGraceFromEnv({ TABULA_SHUTDOWN_GRACE_MS: '-1' })).toThrow('TABULA_SHUTDOWN_GRACE_MS must be a whole number, got "-1"');
  });

  it('reads games of an import in as many workers as TABULA_IMPORT_WORKERS says, none at 0, and leaves the default to the database', () => {
    expect(serverConfigFromEnv({}).importWorkers).toBeUndefined();
    expect(defaultImportWorkers('postgresql')).toBe(Math.max(1, Math.min(4, os.availableParallelism() - 1)));
    expect(defaultImportWorkers('pglite')).toBe(0);
    expect(serverConfigFromEnv({ TABULA_IMPORT_WORKERS: '3' }).importWorkers).toBe(3);
    expect(serverConfigFromEnv({ TABULA_IMPORT_WORKERS: '0' }).importWorkers).toBe(0);
    expect(() => serverConfigFromEnv({ TABULA_IMPORT_WORKERS: 'many' })).toThrow('TABULA_IMPORT_WORKERS must be a whole number, got "many"');
  });

  it('keeps the young generation of an import worker small on the embedded PGlite only (its memory), at V8’s default on PostgreSQL', () => {
    expect(workerYoungGenerationMb('pglite')).toBe(4);
    expect(workerYoungGenerationMb('postgresql')).toBeNull();
  });

  it('opens the database the CLI opens', () => {
    const env = { DATABASE_URL: 'postgresql://localhost/x', TABULA_POOL_SIZE: '3' };
    expect(serverConfigFromEnv(env).database).toEqual(databaseConfigFromEnv(env));
  });
});

describe('the default data directory', () => {
  it('is the same for the server and the CLI, whatever the current directory', () => {
    const cwd = process.cwd();
    process.chdir(path.parse(cwd).root);
    try {
      expect([serverConfigFromEnv({}).database.dataDir, databaseConfigFromEnv({}).dataDir]).toEqual([CHECKOUT_DATA, CHECKOUT_DATA]);
    } finally {
      process.chdir(cwd);
    }
  });
});
