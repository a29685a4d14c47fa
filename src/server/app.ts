/**
 * The HTTP server: Apollo Server 5 at /graphql on Node's own HTTP handler
 * (graphqlHttp.ts: body limit, CORS), Express 5 for the health routes,
 * /metrics, /export (exportRoute.ts) and the web pages. Apollo's landing page
 * loads from a CDN and cannot work offline, so it is disabled.
 *
 * Every operation passes the request limits (`limits.ts`) and the access
 * check (`auth.ts`) before it runs. Over HTTP the principal comes from the
 * Authorization header; in-process callers of `createApollo` are trusted.
 */
import http from 'node:http';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import express from 'express';
import type { GraphQLFormattedError } from 'graphql';
import type { Database } from '../db/database';
import { resolvers } from '../resolvers';
import { plainLookupPlan } from '../resolvers/plainLookups';
import { authenticate, authPlugin, checkOperationAccess, checkReadAccess, type AuthConfig } from './auth';
import { createContext, type Context } from '../api/context';
import { formatError } from '../api/errors';
import { operationChecksPlugin, operationProblem } from './operationChecks';
import { knownOperations, type KnownOperations, type KnownRequest } from './knownOperations';
import { classifyLimitError, DEFAULT_LIMITS, limitSettings, responseLimitFor, responseTooLarge, type Limits } from './limits';
import { requestLogOf, requestLogging, silentLogger, startRequestLog, type Logger } from './logging';
import { exportRoute } from './exportRoute';
import { graphqlHttp, parseByteSize, sendError, sendUnavailable } from './graphqlHttp';
import { Metrics, poolStatsOf, routeLabel } from './metrics';
import { clientKeysOf, readDatabase, readRoutingPlugin, routeReads } from './readRouting';
import { loadTypeDefs } from './schema';
import { webRoutes } from './web';

export interface AppOptions {
  /** The database, or a function giving it once it is open (undefined until then: not ready). */
  db: Database | (() => Database | undefined);
  /** While not ready: what the server is doing, for readiness to say (e.g. "re-indexing, 120 of 33000"). */
  startup?: () => string | undefined;
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
  /** Rows `GET /export` reads at a time (default 500; tests make it small). */
  exportPageSize?: number;
  /** Query documents kept to run again without Apollo's pipeline (`knownOperations.ts`; default 200, 0: none). */
  knownOperations?: number;
}

export interface App {
  app: express.Express;
  httpServer: http.Server;
  apollo: ApolloServer<Context>;
  /** The query documents run without Apollo's pipeline (`knownOperations.ts`), unless turned off. */
  known?: KnownOperations<Context>;
  metrics: Metrics;
  /** Set when shutting down: readiness answers 503 so no new traffic is routed here. */
  draining: boolean;
}

const DEFAULT_AUTH: AuthConfig = { readRequiresToken: false };

const databaseOf = (db: AppOptions['db']): (() => Database | undefined) => (typeof db === 'function' ? db : () => db);

/** Builds the Apollo server alone (tests use `executeOperation` on it). */
export const createApollo = (options: AppOptions, httpServer?: http.Server): ApolloServer<Context> =>
  createGraphql({ ...options, knownOperations: 0 }, httpServer).apollo;

/**
 * Apollo, and the path that runs the query documents it has already parsed and validated without
 * its pipeline (`knownOperations.ts`; undefined when `options.knownOperations` is 0). Both run the
 * same checks, from the same functions, in the same order, and format errors with the same `formatError`.
 */
export const createGraphql = (options: AppOptions, httpServer?: http.Server): { apollo: ApolloServer<Context>; known?: KnownOperations<Context> } => {
  const logger = options.logger ?? silentLogger;
  const metrics = options.metrics ?? new Metrics();
  const limits = limitSettings(options.limits ?? DEFAULT_LIMITS);
  const auth = options.auth ?? DEFAULT_AUTH;
  /** The logger of the request each error came from, so masked errors are logged with its id. */
  const errorLogs = new WeakMap<object, Logger>();
  const requestLogs: ApolloServerPlugin<Context> = {
    async requestDidStart() {
      return {
        async didEncounterErrors({ errors, contextValue }) {
          for (const error of errors) errorLogs.set(error, contextValue.log());
        },
      };
    },
  };
  const formatErrorWith = (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const result = formatError(classifyLimitError(formatted), error, (original) => {
      const log: Logger = (typeof error === 'object' && error !== null ? errorLogs.get(error) : undefined) ?? logger;
      log.error({ err: original }, 'internal error (masked as INTERNAL_SERVER_ERROR)');
      options.logError?.(original);
    });
    metrics.countError(result.extensions?.code);
    return result;
  };
  // The cost plugin is the only limit plugin (armor adds none with limits.ts's settings): the known
  // path runs its check itself; were armor to add one, every request would go through Apollo.
  const known =
    (options.knownOperations ?? 200) > 0 && limits.plugins.length === 1
      ? knownOperations<Context>({
          maxDocuments: options.knownOperations ?? 200,
          serving: () => {
            try {
              apollo.assertStarted('known operations');
              return true;
            } catch {
              return false;
            }
          },
          // The checks of operationChecksPlugin, authPlugin, readRoutingPlugin and the cost plugin, in their order.
          admit: ({ schema, document, operation, variables, context }: KnownRequest<Context>) => {
            if (operationProblem(operation, variables)) return false;
            try {
              checkOperationAccess(operation, context.principal, auth);
            } catch {
              return false;
            }
            const { refusal } = limits.checkCost({ schema, document, operation, variables, principal: context.principal, client: context.client });
            if (refusal) return false;
            routeReads(context, operation);
            return true;
          },
          formatError: formatErrorWith,
          didEncounterErrors: (errors, context) => {
            for (const error of errors) errorLogs.set(error, context.log());
          },
          answered: (operation, started) => metrics.countRequest(operation.name?.value, operation.operation, started),
          // Lookups of positions' plain fields, answered without a resolver per field.
          direct: plainLookupPlan,
        })
      : undefined;
  const apollo = new ApolloServer<Context>({
    typeDefs: loadTypeDefs(),
    resolvers,
    formatError: formatErrorWith,
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
      // Before authentication: a malformed operation is refused as such, whoever sends it.
      operationChecksPlugin() as ApolloServerPlugin<Context>,
      authPlugin<Context>(auth),
      requestLogs,
      // Queries on a replica, when the database has any (readRouting.ts).
      readRoutingPlugin(),
      metrics.plugin() as ApolloServerPlugin<Context>,
      ...(limits.plugins as ApolloServerPlugin<Context>[]),
      // Documents Apollo has parsed and validated, kept for the known path.
      ...(known ? [known.plugin] : []),
      ...(httpServer
        ? [ApolloServerPluginDrainHttpServer({ httpServer, stopGracePeriodMillis: options.shutdownGraceMs ?? 10_000 })]
        : []),
    ],
  });
  return { apollo, known };
};

/** The path of a request URL, without its query string. */
const pathOf = (url: string | undefined): string => {
  const text = url ?? '/';
  const query = text.indexOf('?');
  return query < 0 ? text : text.slice(0, query);
};

export async function createApp(options: AppOptions): Promise<App> {
  const getDb = databaseOf(options.db);
  const auth = options.auth ?? DEFAULT_AUTH;
  const logger = options.logger ?? silentLogger;
  const metrics =
    options.metrics ??
    new Metrics({
      databaseReady: () => getDb() !== undefined,
      poolStats: () => poolStatsOf(getDb()),
      replicas: getDb()?.replicas ? () => getDb()?.replicas : undefined,
    });
  const app = express();
  const httpServer = http.createServer();
  const { apollo, known } = createGraphql({ ...options, metrics, logger }, httpServer);
  await apollo.start();
  const result: App = { app, httpServer, apollo, known, metrics, draining: false };

  /** Counts the response by route and status once it is sent. */
  const countResponse = (res: http.ServerResponse, path: string): void => {
    const route = routeLabel(path);
    res.on('finish', () => metrics.http.inc({ route, status: String(res.statusCode) }));
  };

  // /graphql is served without Express (graphqlHttp.ts): it is the hot path.
  const graphql = graphqlHttp({
    apollo,
    known,
    bodyLimit: parseByteSize(options.bodyLimit ?? '16mb'),
    onRefused: (code) => metrics.countError(code),
    checkResponse: (bytes, context) => {
      const max = responseLimitFor(options.limits ?? DEFAULT_LIMITS, context?.principal);
      return bytes > max ? responseTooLarge(bytes, max) : undefined;
    },
    context: (req, request) => {
      const db = getDb();
      if (!db) return undefined;
      return async () => ({
        ...createContext(db, await authenticate(db, req.headers.authorization, auth), request),
        client: req.socket.remoteAddress,
        clientKeys: db.replicas ? clientKeysOf(req.headers.authorization, req.socket.remoteAddress) : undefined,
      });
    },
  });
  httpServer.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const path = pathOf(req.url);
    if (path !== '/graphql' && path !== '/graphql/') {
      app(req, res);
      return;
    }
    const request = startRequestLog(logger, req, res, path);
    countResponse(res, '/graphql');
    graphql(req, res, request).catch((error: unknown) => {
      request.log().error({ err: error }, 'GraphQL request failed');
      if (res.headersSent) res.destroy();
      else sendError(res, 500, 'INTERNAL_SERVER_ERROR', 'Internal server error');
    });
  });

  app.disable('x-powered-by');
  app.use(requestLogging(logger));
  app.use((req, res, next) => {
    countResponse(res, req.path);
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
      res.status(503).json({ status: options.startup?.() ?? 'starting' });
      return;
    }
    try {
      await db.sql.query('SELECT 1');
      // Replicas that are down or behind do not make the server unready: the primary serves their reads.
      const replicas = db.replicas?.status().map(({ name, healthy, lagMs, problem }) => ({ name, healthy, lagMs, problem }));
      res.json({ status: 'ok', database: db.kind, ...(replicas ? { replicas } : {}) });
    } catch {
      res.status(503).json({ status: 'unavailable', database: db.kind });
    }
  });
  app.get('/metrics', async (req, res) => {
    // As for GraphQL: a token is needed when reads are closed, and one that is sent must be valid.
    if (auth.readRequiresToken || req.get('authorization') !== undefined) {
      const db = getDb();
      if (!db) return sendUnavailable(res);
      try {
        checkReadAccess(await authenticate(db, req.get('authorization'), auth), auth);
      } catch {
        res.status(401).set('www-authenticate', 'Bearer realm="tabula"').type('text/plain').send('a valid API token is required\n');
        return;
      }
    }
    const { contentType, body } = await metrics.render();
    res.type(contentType).send(body);
  });
  // Every game a filter keeps, streamed in one format (exportRoute.ts), read from a replica when there are any.
  const exportOptions = { auth, log: (res: http.ServerResponse) => requestLogOf(res as express.Response)?.log() ?? logger, pageSize: options.exportPageSize };
  const exportFromPrimary = exportRoute({ ...exportOptions, db: getDb });
  app.get('/export', (req, res) => {
    const db = getDb();
    if (!db?.replicas) return exportFromPrimary(req, res);
    const onReplica = readDatabase(db, clientKeysOf(req.get('authorization'), req.socket.remoteAddress));
    return exportRoute({ ...exportOptions, db: () => onReplica, authDb: getDb })(req, res);
  });
  app.use(webRoutes(options.webDir));
  return result;
}
