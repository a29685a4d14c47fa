/**
 * GraphQL over HTTP at /graphql, on Node's own request and response objects:
 * the hot path of the server, so it does in one function what Express, its
 * router, `cors()`, `express.json()` and Apollo's Express integration did in
 * a chain of middleware (about a third of the CPU of a position lookup).
 *
 * - CORS as `cors()` gives it by default: any origin, preflights answered 204.
 * - The body is read up to the configured limit (413 beyond it) and parsed as
 *   JSON when the content type says JSON (400 when it is not valid JSON);
 *   Apollo then answers every other request shape (GET, missing body, …).
 * - Until the database is open, 503 with Retry-After.
 * - A response body over the caller's size limit is not sent: `checkResponse` gives the error
 *   sent instead (HTTP 400).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HeaderMap, type ApolloServer } from '@apollo/server';
import type { GraphQLFormattedError } from 'graphql';
import type { Context } from '../api/context';
import type { KnownOperations } from './knownOperations';
import type { RequestLog } from './logging';

/** A refusal before Apollo sees the request: a status and a GraphQL-shaped error. */
export const sendError = (res: ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}): void => {
  const body = JSON.stringify({ errors: [{ message, extensions: { code } }] });
  res.writeHead(status, { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
};

/** 503 until the database is open, with a hint to retry. */
export const sendUnavailable = (res: ServerResponse): void =>
  sendError(res, 503, 'SERVICE_UNAVAILABLE', 'The database is not available yet; try again shortly', { 'retry-after': '5' });

const UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** A size such as `16mb`, `512kb` or `1048576` in bytes (units are powers of 1024, as Express counts them). */
export const parseByteSize = (text: string): number => {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(text);
  if (!match) throw new Error(`a body limit must look like 16mb, 512kb or a number of bytes, got "${text}"`);
  return Math.floor(Number(match[1]) * UNITS[(match[2] ?? 'b').toLowerCase()]);
};

/** Why a body could not be read. */
class BodyError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The whole request body, or a BodyError once it passes `limit` bytes. */
const readBody = (req: IncomingMessage, limit: number): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (declared > limit) {
      req.resume();
      reject(new BodyError(413, 'PAYLOAD_TOO_LARGE', `The request body is larger than the limit of ${limit} bytes`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        reject(new BodyError(413, 'PAYLOAD_TOO_LARGE', `The request body is larger than the limit of ${limit} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size)));
    req.on('error', reject);
  });

const isJson = (contentType: string | undefined): boolean => contentType !== undefined && /^application\/(?:[\w.+-]*\+)?json\b/i.test(contentType);

/** The parsed JSON body of a POST, undefined for other requests and other content types. */
async function bodyOf(req: IncomingMessage, limit: number): Promise<unknown> {
  if (req.method !== 'POST') return undefined;
  const bytes = await readBody(req, limit);
  if (!isJson(req.headers['content-type'])) return undefined;
  if (bytes.length === 0) return undefined;
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new BodyError(400, 'BAD_REQUEST', `The request body is not valid JSON: ${(error as Error).message}`);
  }
}

/** `cors()`'s default preflight answer: any origin, the usual methods, the headers asked for. */
function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('access-control-allow-methods', 'GET,HEAD,PUT,PATCH,POST,DELETE');
  const asked = req.headers['access-control-request-headers'];
  if (asked) res.setHeader('access-control-allow-headers', asked);
  res.setHeader('vary', 'Access-Control-Request-Headers');
  res.setHeader('content-length', '0');
  res.statusCode = 204;
  res.end();
}

export interface GraphqlHttpOptions {
  apollo: ApolloServer<Context>;
  /** Query documents Apollo has validated, run again without its pipeline (`knownOperations.ts`). */
  known?: KnownOperations<Context>;
  /** Largest body in bytes. */
  bodyLimit: number;
  /** Makes the context of one request; undefined while the database is not open (answered 503). */
  context: (req: IncomingMessage, request: RequestLog) => (() => Promise<Context>) | undefined;
  /** Called when a request is refused before it reaches Apollo (or its response is), with the error code. */
  onRefused?: (code: string) => void;
  /** The error to send instead of a response body of `bytes` bytes, if it is too large for the request's caller. */
  checkResponse?: (bytes: number, context: Context | undefined) => GraphQLFormattedError | undefined;
}

/** The /graphql handler. */
export const graphqlHttp = ({ apollo, known, bodyLimit, context, onRefused, checkResponse }: GraphqlHttpOptions) => {
  return async (req: IncomingMessage, res: ServerResponse, request: RequestLog): Promise<void> => {
    res.setHeader('access-control-allow-origin', '*');
    if (req.method === 'OPTIONS') return answerPreflight(req, res);
    const makeContext = context(req, request);
    if (!makeContext) {
      req.resume();
      onRefused?.('SERVICE_UNAVAILABLE');
      return sendUnavailable(res);
    }
    let body: unknown;
    try {
      body = await bodyOf(req, bodyLimit);
    } catch (error) {
      if (!(error instanceof BodyError)) throw error;
      onRefused?.(error.code);
      return sendError(res, error.status, error.code, error.message);
    }
    let made: Context | undefined;
    let making: Promise<Context> | undefined;
    /** The request's context, made once: the known path and Apollo are given the same. */
    const contextOnce = (): Promise<Context> => (making ??= makeContext().then((c) => (made = c)));
    const fast = known && body !== undefined ? await known.run(body, req.headers.accept, contextOnce) : undefined;
    if (fast) {
      send(res, fast.status, fast.headers, fast.body, made);
      return;
    }
    const headers = new HeaderMap();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const url = req.url ?? '';
    const query = url.indexOf('?');
    const response = await apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: (req.method ?? 'GET').toUpperCase(), headers, search: query < 0 ? '' : url.slice(query), body },
      context: contextOnce,
    });
    if (response.body.kind === 'complete') {
      send(res, response.status ?? 200, response.headers, response.body.string, made);
      return;
    }
    res.statusCode = response.status ?? 200;
    for (const [name, value] of response.headers) res.setHeader(name, value);
    for await (const chunk of response.body.asyncIterator) res.write(chunk);
    res.end();
  };

  /** Sends a whole response, or the refusal `checkResponse` gives instead of a body too large for the caller. */
  function send(res: ServerResponse, status: number, headers: Iterable<[string, string]>, text: string, made: Context | undefined): void {
    const bytes = Buffer.byteLength(text);
    const refusal = checkResponse?.(bytes, made);
    if (refusal) {
      onRefused?.(String(refusal.extensions?.code));
      const refused = JSON.stringify({ errors: [refusal] });
      res.writeHead(400, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(refused) });
      res.end(refused);
      return;
    }
    res.statusCode = status;
    for (const [name, value] of headers) res.setHeader(name, value);
    res.setHeader('content-length', bytes);
    res.end(text);
  }
};
