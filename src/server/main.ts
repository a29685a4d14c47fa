/**
 * `npm start`: serves GraphQL at once and opens the configured database
 * (migrating it) in the background, retrying with backoff until it can, so
 * the server comes up before PostgreSQL does: /health/live answers at once,
 * /health/ready and /graphql answer 503 until the database is open. SIGTERM
 * and SIGINT stop taking requests, let in-flight ones finish within
 * TABULA_SHUTDOWN_GRACE_MS (default 10 s), close the database and exit 0; a
 * second signal while stopping cuts in-flight requests off, still closes the
 * database and exits 130 (`signals.ts`).
 */
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DatabaseConfig } from '../db/config';
import { openDatabase, type Database } from '../db/database';
import { catchUpImports } from '../storage/reindex';
import { type OnCatchUp, catchUpStatus } from '../storage/catchUpProgress';
import type { LocalSocket } from '../db/localSocket';
import { createApp, type App } from './app';
import { warmGameColumns } from '../storage/gameColumns';
import { configureExportWorkers } from '../storage/pageWriters';
import { configurePatternWorkers } from '../storage/patternHits';
import { configureImportWorkers } from '../storage/importWorkers';
import { serverConfigFromEnv, shutdownGraceFromEnv } from './config';
import { createLogger, type Logger } from './logging';
import { Metrics, poolStatsOf } from './metrics';
import { FORCED_EXIT_STATUS, handleStopSignals } from './signals';

export interface RetryPolicy {
  /** Wait after the first failed attempt; doubled after each failure. */
  initialMs: number;
  /** Longest wait between attempts. */
  maxMs: number;
}

export interface StartOptions {
  env?: NodeJS.ProcessEnv;
  logger?: Logger;
  /** How opening the database is retried (default 500 ms doubling to 30 s). */
  retry?: RetryPolicy;
  /** Process metrics (CPU, memory, GC) in /metrics; default on. */
  processMetrics?: boolean;
}

export interface RunningServer {
  app: App;
  /** `http://host:port`, with the port actually bound. */
  url: string;
  /** The database once it is open, else undefined. */
  database(): Database | undefined;
  /** Settles when the database is open (or rejects if the server stopped first). */
  ready: Promise<Database>;
  /** Drains in-flight requests (within the grace time), closes the database; idempotent. */
  stop(): Promise<void>;
  /** Cuts a stop short: in-flight requests are cut off and the database is closed without waiting for them. */
  hurry(): void;
}

const DEFAULT_RETRY: RetryPolicy = { initialMs: 500, maxMs: 30_000 };

const describeDatabase = (config: DatabaseConfig): string => {
  if (!config.url) return config.dataDir ? `PGlite in ${config.dataDir}` : 'PGlite in memory';
  try {
    const url = new URL(config.url);
    return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
};

/** Opens the database, retrying with exponential backoff until it opens or `signal` aborts. */
async function openWithRetry(config: DatabaseConfig, retry: RetryPolicy, signal: AbortSignal, log: Logger, onCatchUp?: OnCatchUp): Promise<Database> {
  let delay = retry.initialMs;
  for (let attempt = 1; ; attempt++) {
    signal.throwIfAborted();
    try {
      const db = await openDatabase({ ...config, warn: (message) => log.warn({ dataDir: config.dataDir }, message) });
      try {
        await catchUpImports(db, onCatchUp, signal);
        signal.throwIfAborted();
      } catch (error) {
        // Stopped (or failed) while catching up: the import being caught up rolled back; close the
        // database, so a retry or the exit finds it closed cleanly.
        await db.close().catch(() => undefined);
        throw error;
      }
      return db;
    } catch (error) {
      if (signal.aborted) throw error;
      const message = error instanceof Error ? error.message || error.name : String(error);
      log.warn({ attempt, retryInMs: delay, error: message }, 'database not available; retrying');
      await sleep(delay, undefined, { signal });
      delay = Math.min(delay * 2, retry.maxMs);
    }
  }
}

/** Starts listening at once and opens the database in the background. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const env = options.env ?? process.env;
  const config = serverConfigFromEnv(env);
  configureExportWorkers(config.exportWorkers);
  configurePatternWorkers(config.patternWorkers);
  configureImportWorkers(config.importWorkers);
  const logger = options.logger ?? createLogger(env);
  const graceMs = config.shutdownGraceMs;
  let db: Database | undefined;
  /** What readiness says while the database is open but imports of an earlier version are brought up to date. */
  let startup: string | undefined;
  const metrics = new Metrics({
    processMetrics: options.processMetrics ?? true,
    databaseReady: () => db !== undefined,
    poolStats: () => poolStatsOf(db),
    // Replica metrics only where there are replicas.
    replicas: config.database.replicaUrls?.length ? () => db?.replicas : undefined,
  });
  const app = await createApp({
    db: () => db,
    startup: () => startup,
    bodyLimit: config.bodyLimit,
    auth: config.auth,
    limits: config.limits,
    knownOperations: config.knownOperations,
    logger,
    metrics,
    shutdownGraceMs: graceMs,
  });
  await new Promise<void>((resolve, reject) => {
    app.httpServer.once('error', reject);
    app.httpServer.listen(config.port, config.host, () => {
      app.httpServer.off('error', reject);
      resolve();
    });
  });
  const { port } = app.httpServer.address() as AddressInfo;
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  const where = describeDatabase(config.database);
  logger.info({ url: `${url}/graphql`, database: where }, 'tabula listening');

  const opening = new AbortController();
  // PGlite in a data directory is lent to the CLI on a Unix socket there (src/db/localSocket.ts).
  let socket: Promise<LocalSocket | undefined> = Promise.resolve(undefined);
  const onCatchUp: OnCatchUp = (progress) => {
    const starts = startup === undefined || !startup.startsWith(progress.phase);
    startup = catchUpStatus(progress);
    if (starts) logger.info({ ...progress }, startup);
  };
  const ready = openWithRetry(config.database, options.retry ?? DEFAULT_RETRY, opening.signal, logger, onCatchUp).then((opened) => {
    db = opened;
    startup = undefined;
    logger.info({ database: where }, 'database open and migrated; ready');
    // The filtered explorer's game columns, read in the background so its first count does not wait for them.
    const warming = performance.now();
    warmGameColumns(opened).then(
      (games) => logger.info({ games, ms: Math.round(performance.now() - warming) }, 'explorer game columns read'),
      (error: unknown) => {
        if (!stopped) logger.warn({ error: error instanceof Error ? error.message : String(error) }, 'explorer game columns not read ahead: the first filtered count reads them');
      },
    );
    socket = opened.share?.().then(
      (shared) => {
        logger.info({ socket: shared.path }, 'local socket open: the CLI runs beside this server');
        return shared;
      },
      (error: unknown) => {
        logger.warn({ error: error instanceof Error ? error.message : String(error) }, 'no local socket: the CLI cannot run beside this server');
        return undefined;
      },
    ) ?? socket;
    return opened;
  });
  ready.catch(() => undefined);

  let stopped: Promise<void> | undefined;
  const hurried = new AbortController();
  const untilHurried = new Promise<void>((resolve) => hurried.signal.addEventListener('abort', () => resolve(), { once: true }));
  const hurry = (): void => {
    if (hurried.signal.aborted) return;
    hurried.abort();
    // Requests still running lose their connection: their clients see it closed, nothing half-answered.
    app.httpServer.closeAllConnections();
  };
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      const deadline = Date.now() + graceMs;
      const timeLeft = () => Math.max(deadline - Date.now(), 100);
      app.draining = true;
      opening.abort();
      logger.info({ graceMs }, 'stopping: draining requests');
      // CLI clients first: their open transactions are rolled back, and requests waiting behind them run.
      await (await socket)?.close();
      await Promise.race([app.apollo.stop(), untilHurried]);
      // A database still opening (migrating, catching up) closes itself once it sees the abort (the
      // catch-up stops within milliseconds); wait for that, hurried or not, without the grace bound
      // on the embedded database, so the process never exits with PGlite half open (the signal
      // handler's safety net bounds the wait). A PostgreSQL server needs no such care.
      const settled = ready.then(() => undefined, () => undefined);
      await (config.database.url ? Promise.race([settled, sleep(timeLeft(), undefined, { ref: false })]) : settled);
      const open = db;
      db = undefined;
      if (open?.kind === 'pglite') {
        // The embedded database is always closed to the end (its transactions roll back at their next
        // statement): exiting with it open would leave the data directory to crash recovery. The
        // signal handler's safety net bounds the wait.
        await open.close().catch((error: unknown) => logger.error({ err: error }, 'closing the database failed'));
      } else if (open) {
        // Connections still checked out (a statement outliving the grace time) must not hold the exit.
        await Promise.race([open.close().catch(() => undefined), sleep(timeLeft(), undefined, { ref: false })]);
      }
      logger.info('stopped');
    })();
    return stopped;
  };
  return { app, url, database: () => db, ready, stop, hurry };
}

/** The time a forced stop (a second signal) may take to close the database before the process exits anyway. */
const FORCED_STOP_MS = 5_000;

async function main(): Promise<void> {
  const logger = createLogger();
  const graceMs = shutdownGraceFromEnv(process.env);
  // Signals are handled from the first moment: one during start-up stops the server once it is up.
  const starting = startServer({ logger });
  let status = 0;
  handleStopSignals({
    async stop(signal) {
      logger.info({ signal }, 'signal received');
      // A safety net: stop() is bounded by the grace time; exit even if something hangs.
      setTimeout(() => process.exit(1), graceMs + 5_000).unref();
      try {
        await (await starting).stop();
        process.exit(status);
      } catch (error) {
        logger.error({ err: error }, 'stopping failed');
        process.exit(1);
      }
    },
    hurry(signal) {
      logger.warn({ signal }, 'second signal: stopping now, cutting off requests in flight');
      status = FORCED_EXIT_STATUS;
      setTimeout(() => process.exit(FORCED_EXIT_STATUS), FORCED_STOP_MS).unref();
      starting.then((server) => server.hurry(), () => undefined);
    },
  });
  await starting;
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
