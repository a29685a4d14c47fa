/**
 * Structured logs: pino, one JSON line per event on stdout. Every HTTP request
 * gets an id (the caller's `x-request-id` when it is sane, else a new UUID),
 * echoed in the `x-request-id` response header and carried by every line
 * logged for that request. Silent under NODE_ENV=test and jest unless
 * LOG_LEVEL says otherwise.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import pino from 'pino';
import { silentLogger, type Logger, type RequestLog } from '../api/context';

export { silentLogger, type Logger, type RequestLog };

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export const createLogger = (env: NodeJS.ProcessEnv = process.env, destination?: pino.DestinationStream): Logger => {
  const testing = env.NODE_ENV === 'test' || env.JEST_WORKER_ID !== undefined;
  const level = env.LOG_LEVEL || (testing ? 'silent' : 'info');
  if (!LEVELS.includes(level)) throw new Error(`LOG_LEVEL must be one of ${LEVELS.join(', ')}, got "${level}"`);
  const options: pino.LoggerOptions = { level, base: { service: 'tabula' }, timestamp: pino.stdTimeFunctions.isoTime };
  return pino(options, destination ?? bufferedStdout());
};

/** How long a log line may wait in the buffer before it is written. */
const FLUSH_MS = 200;

/** Characters of log lines gathered before they are handed on as one write. */
const BLOCK_CHARS = 64 * 1024;

/** What `lineBlocks` hands its blocks to: SonicBoom, as `pino.destination` makes it. */
interface BlockSink {
  write(text: string): unknown;
  flushSync?(): void;
}

/**
 * A pino destination that gathers lines and hands them to `sink` joined, once they hold `block`
 * characters (or when flushed): SonicBoom adds each line to a string it measures again every time,
 * and writes at its `minLength` (4 KB: a write, on the thread pool, every 20 request lines).
 */
export const lineBlocks = (sink: BlockSink, block = BLOCK_CHARS) => {
  let lines: string[] = [];
  let size = 0;
  const pass = (): void => {
    if (lines.length === 0) return;
    const text = lines.length === 1 ? lines[0] : lines.join('');
    lines = [];
    size = 0;
    sink.write(text);
  };
  return {
    write(line: string): boolean {
      lines.push(line);
      size += line.length;
      if (size >= block) pass();
      return true;
    },
    /** Hands on the lines gathered so far. */
    flush: pass,
    /** Hands on the lines gathered so far and has the sink write everything before returning. */
    flushSync(): void {
      pass();
      sink.flushSync?.();
    },
  };
};

/** Every stdout logger's blocks: flushed together every FLUSH_MS, and written when the process exits (one timer and one exit hook for all). */
const stdoutBlocks = new Set<ReturnType<typeof lineBlocks>>();

/**
 * Stdout written in blocks of about 64 KB, or every FLUSH_MS: one write per line cost ~7% of a
 * lookup's CPU under load, one per 4 KB about 4%. What is gathered is written when the process exits.
 */
const bufferedStdout = (): pino.DestinationStream => {
  const blocks = lineBlocks(pino.destination({ dest: 1, sync: false }));
  if (stdoutBlocks.size === 0) {
    setInterval(() => stdoutBlocks.forEach((b) => b.flush()), FLUSH_MS).unref();
    process.once('exit', () => stdoutBlocks.forEach((b) => b.flushSync()));
  }
  stdoutBlocks.add(blocks);
  return blocks;
};

const SANE_ID = /^[\w.:-]{1,128}$/;

export const requestLogOf = (res: Response): RequestLog | undefined => res.locals.requestLog as RequestLog | undefined;

/**
 * Starts one request's log: assigns its id (answered in `x-request-id`) and
 * logs one line when the response is finished (probes at debug level).
 */
export function startRequestLog(logger: Logger, req: IncomingMessage, res: ServerResponse, path: string): RequestLog {
  const incoming = req.headers['x-request-id'];
  const requestId = typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader('x-request-id', requestId);
  const started = process.hrtime.bigint();
  res.on('finish', () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const line = { reqId: requestId, method: req.method, path, status: res.statusCode, ms: Math.round(ms * 10) / 10 };
    if (path.startsWith('/health') || path === '/metrics') logger.debug(line, 'request');
    else logger.info(line, 'request');
  });
  // The child logger is made only when something logs for this request (most never do).
  let log: Logger | undefined;
  return { requestId, log: () => (log ??= logger.child({ reqId: requestId })) };
}

/** Express middleware: `startRequestLog` for every request, kept in `res.locals` for `requestLogOf`. */
export const requestLogging =
  (logger: Logger) =>
  (req: Request, res: Response, next: NextFunction): void => {
    // req.path now: routers mounted on a path rewrite it while they run.
    res.locals.requestLog = startRequestLog(logger, req, res, req.path) satisfies RequestLog;
    next();
  };
