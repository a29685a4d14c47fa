/**
 * The server's configuration, read from the environment in one place: where it listens, the
 * largest request it takes, how long a stop waits for requests in flight, who may do what
 * (`auth.ts`), the request limits (`limits.ts`), the export's and the import's workers, and the database it opens (what the database
 * needs is read in `db/config.ts`, which the CLI reads too). Logging reads its own (`logging.ts`).
 */
import { type DatabaseConfig, databaseConfigFromEnv, wholeNumberFromEnv } from '../db/config';
import { importWorkersFromEnv } from '../storage/importWorkers';
import { exportWorkersFromEnv } from '../storage/pageWriters';
import { patternWorkersFromEnv } from '../storage/patternHits';
import { type AuthConfig, authConfigFromEnv } from './auth';
import { type Limits, limitsFromEnv } from './limits';

export interface ServerConfig {
  /** PORT (default 4000; 0 picks a free one). */
  port: number;
  /** HOST (default 0.0.0.0). */
  host: string;
  /** TABULA_BODY_LIMIT: largest JSON request body, e.g. `10mb` (default 16mb): imports above it go through the CLI. */
  bodyLimit: string;
  /** TABULA_SHUTDOWN_GRACE_MS: how long a stop lets requests in flight finish (default 10 s). */
  shutdownGraceMs: number;
  auth: AuthConfig;
  limits: Limits;
  database: DatabaseConfig;
  /** TABULA_EXPORT_WORKERS: worker threads that write `GET /export`'s pages (0: the request's thread). */
  exportWorkers: number;
  /** TABULA_PATTERN_WORKERS: worker threads that replay a pattern search's games beside the request's thread (0: none). */
  patternWorkers: number;
  /** TABULA_KNOWN_OPERATIONS: query documents kept to run again without Apollo's pipeline (`knownOperations.ts`; default 200, 0: none). */
  knownOperations: number;
  /** TABULA_IMPORT_WORKERS: worker threads that read an import's games (0: the import's own thread; undefined: the database's default). */
  importWorkers: number | undefined;
}

/** TABULA_SHUTDOWN_GRACE_MS, in milliseconds (default 10 s). */
export const shutdownGraceFromEnv = (env: NodeJS.ProcessEnv = process.env): number => wholeNumberFromEnv(env, 'TABULA_SHUTDOWN_GRACE_MS', 10_000);

/** The server's configuration; throws an Error naming the variable for a value it cannot take. */
export const serverConfigFromEnv = (env: NodeJS.ProcessEnv = process.env): ServerConfig => ({
  port: wholeNumberFromEnv(env, 'PORT', 4000),
  host: env.HOST || '0.0.0.0',
  bodyLimit: env.TABULA_BODY_LIMIT || '16mb',
  shutdownGraceMs: shutdownGraceFromEnv(env),
  auth: authConfigFromEnv(env),
  limits: limitsFromEnv(env),
  database: databaseConfigFromEnv(env),
  exportWorkers: exportWorkersFromEnv(env),
  patternWorkers: patternWorkersFromEnv(env),
  knownOperations: wholeNumberFromEnv(env, 'TABULA_KNOWN_OPERATIONS', 200),
  importWorkers: importWorkersFromEnv(env),
});
