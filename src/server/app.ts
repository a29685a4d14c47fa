/**
 * The HTTP server: Express 5 with Apollo Server 5 at POST /graphql, health
 * routes, /metrics, and our own body limit and CORS. Apollo's landing page
 * loads from a CDN and cannot work offline, so it is disabled.
 *
 * Every operation passes the request limits (`limits.ts`) and the access
 * check (`auth.ts`) before it runs. Over HTTP the principal comes from the
 * Authorization header; in-process callers of `createApollo` are trusted.
 */
import http from 'node:http';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import cors from 'cors';
import express from 'express';
import type { GraphQLFormattedError } from 'graphql';
import type { Database } from '../db/database';
import { resolvers } from '../resolvers';
import { authenticate, authPlugin, checkRead, type AuthConfig } from './auth';
import { createContext, type Context } from './context';
import { formatError } from './errors';
import { classifyLimitError, DEFAULT_LIMITS, limitSettings, type Limits } from './limits';
import { requestLogging, requestLogOf, silentLogger, type Logger } from './logging';
import { Metrics, poolStatsOf, routeLabel } from './metrics';
import { loadTypeDefs } from './schema';
import { webRoutes } from './web';

export interface AppOptions {
  /** The database, or a function giving it once it is open (undefined until then: not ready). */
  db: Database | (() => Database | undefined);
  /** Largest request body, e.g. `16mb`. */
  bodyLimit?: string;
  /** Also receives every masked internal error (after it is logged). */
  logError?: (error: unknown) => void;
  /** Who may read and write (default: reads public, writes need a token from the table). */
  auth?: AuthConfig;
  /** Request limits (default DEFAULT_LIMITS). */
  limits?: Limits;
  /** Where logs go (default: nowhere). */
  logger?: Logger;
  /** The metrics to feed (default: a fresh registry). */
  metrics?: Metrics;
  /** How long `apollo.stop()` lets in-flight requests finish before closing their connections. */
  shutdownGraceMs?: number;
  /** Where the built web pages are (default dist/web; see web.ts). */
  webDir?: string;
}

export interface App {
  app: express.Express;
  httpServer: http.Server;
  apollo: ApolloServer<Context>;
  metrics: Metrics;
  /** Set when shutting down: readiness answers 503 so no new traffic is routed here. */
  draining: boolean;
}

const DEFAULT_AUTH: AuthConfig = { readRequiresToken: false };

const databaseOf = (db: AppOptions['db']): (() => Database | undefined) => (typeof db === 'function' ? db : () => db);

/** Builds the Apollo server alone (tests use `executeOperation` on it). */
export const createApollo = (options: AppOptions, httpServer?: http.Server): ApolloServer<Context> => {
  const logger = options.logger ?? silentLogger;
  const metrics = options.metrics ?? new Metrics();
  const limits = limitSettings(options.limits ?? DEFAULT_LIMITS);
  /** The logger of the request each error came from, so masked errors are logged with its id. */
  const errorLogs = new WeakMap<object, Logger>();
  const requestLogs: ApolloServerPlugin<Context> = {
    async requestDidStart() {
      return {
        async didEncounterErrors({ errors, contextValue }) {
          for (const error of errors) errorLogs.set(error, contextValue.log);
        },
      };
    },
  };
  return new ApolloServer<Context>({
    typeDefs: loadTypeDefs(),
    resolvers,
    formatError: (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
      const result = formatError(classifyLimitError(formatted), error, (original) => {
        const log: Logger = (typeof error === 'object' && error !== null ? errorLogs.get(error) : undefined) ?? logger;
        log.error({ err: original }, 'internal error (masked as INTERNAL_SERVER_ERROR)');
        options.logError?.(original);
      });
      metrics.countError(result.extensions?.code);
      return result;
    },
    includeStacktraceInErrorResponses: false,
    // main.ts handles SIGTERM/SIGINT itself (drain, close the pool, exit); Apollo's own handler would re-raise the signal.
    stopOnTerminationSignals: false,
    introspection: limits.introspection,
    validationRules: limits.validationRules,
    parseOptions: limits.parseOptions,
    plugins: [
      ApolloServerPluginLandingPageDisabled(),
      // tabula sets no cache hints; the default cache-control plugin would wrap every field resolver.
      ApolloServerPluginCacheControlDisabled(),
      authPlugin<Context>(options.auth ?? DEFAULT_AUTH),
      requestLogs,
      metrics.plugin() as ApolloServerPlugin<Context>,
      ...(limits.plugins as ApolloServerPlugin<Context>[]),
      ...(httpServer
        ? [ApolloServerPluginDrainHttpServer({ httpServer, stopGracePeriodMillis: options.shutdownGraceMs ?? 10_000 })]
        : []),
    ],
  });
};

const unavailable = (res: express.Response, message: string): void => {
  res
    .status(503)
    .set('retry-after', '5')
    .json({ errors: [{ message, extensions: { code: 'SERVICE_UNAVAILABLE' } }] });
};

export async function createApp(options: AppOptions): Promise<App> {
  const getDb = databaseOf(options.db);
  const auth = options.auth ?? DEFAULT_AUTH;
  const logger = options.logger ?? silentLogger;
  const metrics = options.metrics ?? new Metrics({ databaseReady: () => getDb() !== undefined, poolStats: () => poolStatsOf(getDb()) });
  const app = express();
  const httpServer = http.createServer(app);
  const apollo = createApollo({ ...options, metrics, logger }, httpServer);
  await apollo.start();
  const result: App = { app, httpServer, apollo, metrics, draining: false };

  app.disable('x-powered-by');
  app.use(requestLogging(logger));
  app.use((req, res, next) => {
    const route = routeLabel(req.path);
    res.on('finish', () => metrics.http.inc({ route, status: String(res.statusCode) }));
    next();
  });
  app.get('/health/live', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/health/ready', async (_req, res) => {
    const db = getDb();
    if (result.draining) {
      res.status(503).json({ status: 'stopping' });
      return;
    }
    if (!db) {
      res.status(503).json({ status: 'starting' });
      return;
    }
    try {
      await db.sql.query('SELECT 1');
      res.json({ status: 'ok', database: db.kind });
    } catch {
      res.status(503).json({ status: 'unavailable', database: db.kind });
    }
  });
  app.get('/metrics', async (req, res) => {
    if (auth.readRequiresToken) {
      const db = getDb();
      if (!db) return unavailable(res, 'The database is not available yet; try again shortly');
      try {
        checkRead(await authenticate(db, req.get('authorization'), auth), auth);
      } catch {
        res.status(401).set('www-authenticate', 'Bearer realm="tabula"').type('text/plain').send('a valid API token is required\n');
        return;
      }
    }
    const { contentType, body } = await metrics.render();
    res.type(contentType).send(body);
  });
  app.use(
    '/graphql',
    cors(),
    (_req, res, next) => {
      if (getDb()) next();
      else {
        metrics.countError('SERVICE_UNAVAILABLE');
        unavailable(res, 'The database is not available yet; try again shortly');
      }
    },
    express.json({ limit: options.bodyLimit ?? '16mb' }),
    expressMiddleware(apollo, {
      context: async ({ req, res }) => {
        const db = getDb();
        if (!db) throw new Error('database closed');
        return createContext(db, await authenticate(db, req.get('authorization'), auth), requestLogOf(res));
      },
    }),
  );
  app.use(webRoutes(options.webDir));
  return result;
}
