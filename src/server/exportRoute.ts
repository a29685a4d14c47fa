/**
 * `GET /export?format=PGN&filter=<URL-encoded JSON GameFilter>`: every game the filter keeps, in id
 * order, streamed in one format (`exportPages`, src/storage/exportGames.ts): a page of rows read,
 * written, and the next read only once the client has taken it (backpressure), and no further
 * once it has gone. Reads need a token exactly where GraphQL queries do (auth.ts).
 *
 * Refusals come before the first byte, as JSON in GraphQL's error shape with status 400
 * (`BAD_USER_INPUT`, `extensions.details.parameter` naming `format` or `filter`, and `field` the
 * filter's field), 401 for a token needed or not accepted, 503 before the database is open.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  GraphQLError,
  type GraphQLInputObjectType,
  buildASTSchema,
  coerceInputValue,
  isInputObjectType,
  parse,
} from 'graphql';
import { type GameFilter, gameQueryOf } from '../api/gameFilter';
import { createLoaders } from '../api/loaders';
import { databaseError } from '../api/databaseErrors';
import type { Database } from '../db/database';
import type { GameKind } from '../db/records';
import { exportFormats } from '../games/index';
import type { GameQuery } from '../storage/games';
import { filterExportFormats, kindsWrittenAs, exportPages } from '../storage/exportGames';
import { type ExportPage, NDJSON } from '../storage/exportPage';
import { type AuthConfig, authenticate, checkReadAccess } from './auth';
import { sendError, sendUnavailable } from './graphqlHttp';
import type { Logger } from './logging';
import { loadTypeDefs } from './schema';

/** The trailer that counts the games left out (the format could not hold them), sent after the last one. */
export const SKIPPED_TRAILER = 'x-tabula-skipped-games';

/** Content type and file extension of the formats that have their own; any other is text/plain, named after the format. */
const MEDIA: Record<string, { type: string; ext: string }> = {
  PGN: { type: 'application/vnd.chess-pgn; charset=utf-8', ext: 'pgn' },
  SGF: { type: 'application/x-go-sgf; charset=utf-8', ext: 'sgf' },
  GAMETEXT: { type: 'text/plain; charset=us-ascii', ext: 'gametext.b64' },
  [NDJSON]: { type: 'application/x-ndjson; charset=utf-8', ext: 'ndjson' },
};

/** The Content-Type and file name of an export in `format`. */
export const exportMedia = (format: string): { type: string; fileName: string } => {
  const media = MEDIA[format] ?? { type: 'text/plain; charset=utf-8', ext: format.toLowerCase() };
  return { type: media.type, fileName: `tabula-export.${media.ext}` };
};

/** A request the route refuses, before anything is written: the parameter, and the filter's field when it is one. */
class ExportRefusal extends Error {
  constructor(message: string, readonly details: { parameter: 'format' | 'filter'; field?: string }) {
    super(message);
  }
}

/** The schema's `GameFilter`, read once from the SDL the server serves: what the JSON is checked against. */
let filterTypeCache: GraphQLInputObjectType | undefined;
const filterType = (): GraphQLInputObjectType => {
  if (!filterTypeCache) {
    const type = buildASTSchema(parse(loadTypeDefs().join('\n')), { assumeValidSDL: true }).getType('GameFilter');
    if (!isInputObjectType(type)) throw new Error('the schema has no input GameFilter');
    filterTypeCache = type;
  }
  return filterTypeCache;
};

/** The `format` parameter as a format name (any case: `pgn` is `PGN`), refused when nothing can be exported in it. */
export const exportFormatParam = (given: string | null): string => {
  const formats = filterExportFormats();
  if (given === null || given === '') throw new ExportRefusal(`format is required: one of ${formats.join(', ')}`, { parameter: 'format' });
  const format = given.toUpperCase();
  if (!formats.includes(format)) {
    throw new ExportRefusal(`format ${JSON.stringify(given.slice(0, 100))} is not one games can be exported in: one of ${formats.join(', ')}`, { parameter: 'format' });
  }
  return format;
};

/**
 * The `filter` parameter (JSON of a GameFilter; absent or empty: every game) checked against the
 * schema's GameFilter as GraphQL checks a variable (unknown fields, types, enum values).
 */
export const exportFilterParam = (given: string | null): GameFilter => {
  if (given === null || given.trim() === '') return {};
  let json: unknown;
  try {
    json = JSON.parse(given);
  } catch (error) {
    throw new ExportRefusal(`filter is not JSON: ${(error as Error).message}`, { parameter: 'filter' });
  }
  if (json === null) return {};
  if (typeof json !== 'object' || Array.isArray(json)) {
    throw new ExportRefusal('filter must be a JSON object of GameFilter fields, e.g. {"player":"Carlsen","dateFrom":"2020"}', { parameter: 'filter' });
  }
  const type = filterType();
  const fields = Object.keys(type.getFields());
  const unknown = Object.keys(json).find((name) => !fields.includes(name));
  if (unknown !== undefined) {
    throw new ExportRefusal(`filter has no field ${JSON.stringify(unknown)}; a GameFilter has: ${fields.join(', ')}`, { parameter: 'filter', field: unknown });
  }
  const problems: { path: readonly (string | number)[]; message: string }[] = [];
  const coerced = coerceInputValue(json, type, (path, _value, error) => problems.push({ path, message: error.message })) as GameFilter;
  if (problems.length > 0) {
    const { path, message } = problems[0];
    throw new ExportRefusal(`filter${path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('')}: ${message}`, {
      parameter: 'filter',
      ...(path.length > 0 ? { field: String(path[0]) } : {}),
    });
  }
  return coerced;
};

/**
 * The filter as the storage query, read by the same `gameQueryOf` the `games` resolver uses (a
 * `position` becomes the games that reached it); a field it refuses is refused naming it.
 */
const exportQuery = async (db: Database, filter: GameFilter): Promise<GameQuery> => {
  try {
    return await gameQueryOf(db, createLoaders(db).source, filter);
  } catch (error) {
    const argument = error instanceof GraphQLError ? (error.extensions.details as { argument?: unknown } | undefined)?.argument : undefined;
    if (typeof argument !== 'string') throw error;
    throw new ExportRefusal((error as GraphQLError).message, { parameter: 'filter', field: argument.replace(/^filter\./, '') });
  }
};

/** Refuses a filter that keeps only games of a kind `format` cannot hold: nothing could be written. */
const checkKindWritten = (query: GameQuery, format: string): void => {
  const kind = query.kind as GameKind | undefined;
  if (kind === undefined || kindsWrittenAs(format).includes(kind)) return;
  throw new ExportRefusal(
    `filter.kind ${kind} keeps only games that cannot be written as ${format}; ${kind} games can be written as: ${[...exportFormats(kind), NDJSON].join(', ')}`,
    { parameter: 'format' },
  );
};

/** Waits until `res` takes more (`drain`) or is gone (`close`). */
const drained = (res: ServerResponse): Promise<void> =>
  new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });

/** A failure before the status is sent: a database failure a client can act on (503 with its code), else logged and masked (500). */
const sendFailure = (res: ServerResponse, error: unknown, log: Logger): void => {
  const known = databaseError(error);
  if (known) return sendError(res, 503, String(known.extensions.code), known.message);
  log.error({ err: error }, 'export failed');
  return sendError(res, 500, 'INTERNAL_SERVER_ERROR', 'Internal server error');
};

export interface ExportRouteOptions {
  /** The database the games are read from (a replica's, when there are replicas). */
  db: () => Database | undefined;
  /** The database tokens are checked on (default `db`): the primary's, so a token made a moment ago is known at once, as in GraphQL. */
  authDb?: () => Database | undefined;
  auth: AuthConfig;
  /** The request's logger. */
  log: (res: ServerResponse) => Logger;
  /** Rows read at a time (tests make it small). */
  pageSize?: number;
}

/** The `GET /export` handler. */
export const exportRoute =
  (options: ExportRouteOptions) =>
  async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const db = options.db();
    if (!db) return sendUnavailable(res);
    const header = req.headers.authorization;
    // As for GraphQL queries: a token is needed when reads are closed, and one that is sent must be valid.
    if (options.auth.readRequiresToken || header !== undefined) {
      try {
        checkReadAccess(await authenticate(options.authDb?.() ?? db, header, options.auth), options.auth);
      } catch (error) {
        const e = error as GraphQLError;
        return sendError(res, 401, String(e.extensions?.code ?? 'UNAUTHENTICATED'), e.message, { 'www-authenticate': 'Bearer realm="tabula"' });
      }
    }
    const params = new URL(req.url ?? '/', 'http://localhost').searchParams;
    let format: string;
    let query: GameQuery;
    try {
      format = exportFormatParam(params.get('format'));
      query = await exportQuery(db, exportFilterParam(params.get('filter')));
      checkKindWritten(query, format);
    } catch (error) {
      if (!(error instanceof ExportRefusal)) return sendFailure(res, error, options.log(res));
      const body = JSON.stringify({ errors: [{ message: error.message, extensions: { code: 'BAD_USER_INPUT', details: error.details } }] });
      res.writeHead(400, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      res.end(body);
      return;
    }
    const media = exportMedia(format);
    // A trailer needs chunked encoding: not in an answer to HEAD (no body) nor to HTTP/1.0 (the body ends with the connection).
    const chunked = req.method !== 'HEAD' && req.httpVersion !== '1.0';
    const headers = {
      'content-type': media.type,
      'content-disposition': `attachment; filename="${media.fileName}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      ...(chunked ? { trailer: SKIPPED_TRAILER } : {}),
    };
    if (req.method === 'HEAD') {
      res.writeHead(200, headers);
      res.end();
      return;
    }
    let gone = false;
    res.on('close', () => {
      gone = true;
    });
    const pages = exportPages(db, query, format, options.pageSize);
    // The first page is read before the status is sent: a failing query is still an error response.
    let next: IteratorResult<ExportPage>;
    try {
      next = await pages.next();
    } catch (error) {
      return sendFailure(res, error, options.log(res));
    }
    res.writeHead(200, headers);
    let skipped = 0;
    try {
      while (!next.done && !gone) {
        const page = next.value;
        for (const game of page.skipped) options.log(res).warn({ gameId: String(game.id), format }, `export left a game out: ${game.message}`);
        skipped += page.skipped.length;
        if (page.text !== '' && !res.write(page.text)) await drained(res);
        if (gone) break;
        next = await pages.next();
      }
    } catch (error) {
      // Mid-stream the status is sent: cutting the connection is how the client learns the export is incomplete.
      options.log(res).error({ err: error }, 'export failed while streaming');
      res.destroy();
      return;
    } finally {
      await pages.return(undefined);
    }
    if (gone) return;
    if (chunked) res.addTrailers({ [SKIPPED_TRAILER]: String(skipped) });
    res.end();
  };
