/** What every resolver receives: the database, this request's loaders, who is asking, and its logger. */
import type { Database } from '../db/database';
import { TRUSTED, type Principal } from './principal';
import { createLoaders, type Loaders } from './loaders';
import pino, { type Logger } from 'pino';

/** This request's id and logger, set by the server's request logging. */
export interface RequestLog {
  requestId: string;
  /** The request's child logger, made on first use. */
  log: () => Logger;
}

/** A logger that drops everything (in-process callers that pass none). */
export const silentLogger: Logger = pino({ level: 'silent' });

export type { Logger };

export interface Context {
  db: Database;
  loaders: Loaders;
  /** Who sent the request; checked once per operation by `authPlugin`. */
  principal: Principal;
  /** The request id echoed as `x-request-id` (HTTP requests only). */
  requestId?: string;
  /** The caller's network address (HTTP requests only): anonymous queries' cost budget is kept per address. */
  client?: string;
  /**
   * Who the client is for read-your-writes (HTTP requests only): after its write, its reads wait for
   * a replica that has replayed it, or go to the primary (`server/readRouting.ts`).
   */
  clientKeys?: readonly string[];
  /**
   * This request's logger (lines carry its request id), made on first use: most requests never
   * log. A function, not a getter, because Apollo copies the context with Object.assign.
   */
  log: () => Logger;
}

/**
 * A context for one operation. In-process callers (tests, scripts holding the
 * Database) are trusted as admin by default; the HTTP server always passes the
 * principal it found in the Authorization header.
 */
export const createContext = (db: Database, principal: Principal = TRUSTED, request?: RequestLog): Context => ({
  db,
  loaders: createLoaders(db),
  principal,
  requestId: request?.requestId,
  log: () => request?.log() ?? silentLogger,
});

/**
 * Runs the rest of this operation's reads on `db` (a replica the database's `ReplicaSet` chose):
 * the context's database, and its loaders made anew over it. Nothing was loaded yet: it is called
 * once the operation is known, before any resolver runs.
 */
export const readFrom = (context: Context, db: Database): void => {
  if (db === context.db) return;
  context.db = db;
  context.loaders = createLoaders(db);
};
