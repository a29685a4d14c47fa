/**
 * The HTTP server: Express 5 with Apollo Server 5 at POST /graphql, health
 * routes, and our own body limit and CORS. Apollo's landing page loads from a
 * CDN and cannot work offline, so it is disabled.
 */
import http from 'node:http';
import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import cors from 'cors';
import express from 'express';
import type { Database } from '../db/database';
import { resolvers } from '../resolvers';
import { createContext, type Context } from './context';
import { formatError } from './errors';
import { loadTypeDefs } from './schema';

export interface AppOptions {
  db: Database;
  /** Largest request body, e.g. `16mb`. */
  bodyLimit?: string;
  /** Where masked internal errors are logged. */
  logError?: (error: unknown) => void;
}

export interface App {
  app: express.Express;
  httpServer: http.Server;
  apollo: ApolloServer<Context>;
}

/** Builds the Apollo server alone (tests use `executeOperation` on it). */
export const createApollo = (options: AppOptions, httpServer?: http.Server): ApolloServer<Context> =>
  new ApolloServer<Context>({
    typeDefs: loadTypeDefs(),
    resolvers,
    formatError: (formatted, error) => formatError(formatted, error, options.logError),
    includeStacktraceInErrorResponses: false,
    plugins: [
      ApolloServerPluginLandingPageDisabled(),
      ...(httpServer ? [ApolloServerPluginDrainHttpServer({ httpServer })] : []),
    ],
  });

export async function createApp(options: AppOptions): Promise<App> {
  const app = express();
  const httpServer = http.createServer(app);
  const apollo = createApollo(options, httpServer);
  await apollo.start();

  app.disable('x-powered-by');
  app.get('/health/live', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/health/ready', async (_req, res) => {
    try {
      await options.db.sql.query('SELECT 1');
      res.json({ status: 'ok', database: options.db.kind });
    } catch {
      res.status(503).json({ status: 'unavailable', database: options.db.kind });
    }
  });
  app.use(
    '/graphql',
    cors(),
    express.json({ limit: options.bodyLimit ?? '16mb' }),
    expressMiddleware(apollo, { context: async () => createContext(options.db) }),
  );
  return { app, httpServer, apollo };
}
