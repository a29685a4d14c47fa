/**
 * A running server lends its embedded PGlite to local clients (the CLI) over a Unix socket in
 * the data directory (`<dataDir>/socket/.s.PGSQL.5432`, in a directory only its owner may
 * enter), speaking the PostgreSQL wire protocol, so `tabula token create` or an import works
 * beside the server instead of finding the directory locked.
 *
 * PGlite is one connection: the server's own statements and every client's run on the same
 * backend, and a statement runs inside whatever transaction is open there. So one `Gate` (FIFO)
 * admits one user at a time: each of the server's operations (a query, a transaction) and each
 * client's *turn*, from its first message until PGlite answers ReadyForQuery "idle". A client's
 * transaction thus runs whole, with nothing of the server's inside it and it inside nothing of
 * the server's; the server's requests wait for it (as they wait for a server-side import).
 * `@electric-sql/pglite-socket` (0.2.17) does not do this: it runs each wire message under
 * PGlite's query mutex only, so the embedding process's statements land inside a client's
 * transaction (and are rolled back with it), a second client is cut off, and COPY FROM STDIN
 * ends the backend. This module speaks to PGlite through the same raw-protocol call.
 *
 * - COPY ... FROM STDIN: PGlite cannot wait for copy data between calls (the backend ends), so
 *   the query and its CopyData ... CopyDone go to PGlite in one call, and the client is answered
 *   CopyInResponse at once. A COPY FROM STDIN any other way (extended protocol, inside a longer
 *   query) is refused with an error instead.
 * - A client that goes away, goes quiet inside its turn for `idleMs`, or is cut off because the
 *   server stops, has its open transaction rolled back: nothing of it is stored. Clients and the
 *   server share one session: a client's settings (SET) are reset when it leaves, and prepared
 *   statements, cursors and temporary tables are discarded when the last client leaves. Named
 *   prepared statements of two clients would meet (tabula's CLI uses none; a session-level SET
 *   holds for the server too while its client is connected).
 * - The startup handshake is answered without PGlite, from its answer to one startup packet at
 *   share time: no client's startup settings reach the backend, and a client connects even while
 *   another one holds a turn.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Slots } from './slots';

/** The directory (mode 0700) holding the socket, inside the data directory. */
export const socketDirOf = (dataDir: string): string => path.join(dataDir, 'socket');

/** The socket file: PostgreSQL's name, so `psql -h <dataDir>/socket` reaches it too. */
export const socketPathOf = (dataDir: string): string => path.join(socketDirOf(dataDir), '.s.PGSQL.5432');

/** A Unix socket path holds at most ~107 bytes: a long absolute path is given relative to the working directory. */
export const socketAddress = (file: string): string => {
  const absolute = path.resolve(file);
  if (Buffer.byteLength(absolute) < 100) return absolute;
  const relative = path.relative(process.cwd(), absolute);
  return Buffer.byteLength(relative) < Buffer.byteLength(absolute) ? relative : absolute;
};

/**
 * pg's `stream` option for the socket file: pg connects the stream it is given to its own host
 * and port; this one goes to `file` instead (relative when the absolute path is too long).
 */
export const socketStream = (file: string) => (): net.Socket => {
  const socket = new net.Socket();
  const connect = socket.connect.bind(socket);
  socket.connect = ((..._ignored: unknown[]) => connect({ path: socketAddress(file) })) as typeof socket.connect;
  return socket;
};

/** One user of PGlite at a time, in arrival order. */
export class Gate {
  private readonly slots = new Slots(1);

  /** Runs `work` alone. */
  run<T>(work: () => Promise<T>): Promise<T> {
    return this.slots.run(work);
  }

  /** Waits for a turn; resolves with the function that ends it. */
  acquire(): Promise<() => void> {
    return new Promise((granted) => {
      void this.slots.run(() => new Promise<void>((release) => granted(release)));
    });
  }
}

const GATED = new Set<PropertyKey>(['query', 'exec', 'transaction', 'sql', 'describeQuery']);

/**
 * PGlite whose statements and transactions pass the gate (for the Prisma adapter and the raw
 * executor); everything else is PGlite's own, bound to it.
 */
export const gatePglite = (pglite: PGlite, gate: Gate): PGlite =>
  new Proxy(pglite, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = (value as (...args: unknown[]) => unknown).bind(target);
      return GATED.has(property) ? (...args: unknown[]) => gate.run(async () => method(...args)) : method;
    },
  });

// ------------------------------------------------------------------ wire protocol

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
/** Messages a client may send after startup; PGlite ends the backend on anything else. */
const FORWARDED = new Set('QPBEDCSHFdcf');
const MAX_MESSAGE = 1 << 30;

const message = (type: string, body: Buffer): Buffer => {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
};

const cstring = (text: string): Buffer => Buffer.from(`${text}\0`, 'utf8');

export const queryMessage = (sql: string): Buffer => message('Q', cstring(sql));

const SYNC = message('S', Buffer.alloc(0));

/** An ErrorResponse; FATAL ones are sent just before the connection is closed. */
export const errorMessage = (severity: 'ERROR' | 'FATAL', code: string, text: string): Buffer =>
  message(
    'E',
    Buffer.concat([
      Buffer.from('S'), cstring(severity),
      Buffer.from('V'), cstring(severity),
      Buffer.from('C'), cstring(code),
      Buffer.from('M'), cstring(text),
      Buffer.from([0]),
    ]),
  );

/** A protocol 3.0 StartupMessage. */
const startupPacket = (params: Record<string, string>): Buffer => {
  const body = Buffer.concat([...Object.entries(params).map(([k, v]) => Buffer.concat([cstring(k), cstring(v)])), Buffer.from([0])]);
  const head = Buffer.alloc(8);
  head.writeInt32BE(body.length + 8, 0);
  head.writeInt32BE(3 << 16, 4);
  return Buffer.concat([head, body]);
};

const LEADING_COMMENTS = /^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*/;
const FROM_STDIN = /\bFROM\s+STDIN\b/gi;
const REFUSE_COPY =
  `DO $tabula$ BEGIN RAISE EXCEPTION USING ERRCODE = 'feature_not_supported', MESSAGE = ` +
  `'COPY FROM STDIN through tabula''s socket must be a simple query starting with COPY'; END $tabula$`;

/** What to do with a query's text: run it, collect its copy data first, or refuse it. */
const copyKind = (sql: string, simple: boolean): 'plain' | 'copy' | 'refuse' => {
  const stdin = sql.match(FROM_STDIN)?.length ?? 0;
  if (stdin === 0 || !/\bCOPY\b/i.test(sql)) return 'plain';
  return simple && stdin === 1 && /^COPY\b/i.test(sql.replace(LEADING_COMMENTS, '')) ? 'copy' : 'refuse';
};

/** The Parse message `parse` with its query text replaced (name and parameter types kept). */
const replaceParseText = (parse: Buffer, sql: string): Buffer => {
  const nameEnd = parse.indexOf(0, 5);
  const textEnd = parse.indexOf(0, nameEnd + 1);
  return message('P', Buffer.concat([parse.subarray(5, nameEnd + 1), cstring(sql), parse.subarray(textEnd + 1)]));
};

/** CopyInResponse: overall format (0 text, 1 binary), no per-column formats. */
const copyInResponse = (binary: boolean): Buffer => message('G', Buffer.from([binary ? 1 : 0, 0, 0]));

// ----------------------------------------------------------------------- sessions

export interface LocalSocketOptions {
  /** A client holding a turn (inside a transaction) and silent this long is cut off (default 60 s). */
  idleMs?: number;
  /** Most clients connected at once (default 16). */
  maxClients?: number;
}

export interface LocalSocket {
  /** The socket file. */
  readonly path: string;
  /** Clients connected now. */
  clients(): number;
  /** Stops listening, cuts every client off (rolling back what each had open), removes the socket; idempotent. */
  close(): Promise<void>;
}

interface Shared {
  pglite: PGlite;
  gate: Gate;
  startupAnswer: Buffer;
  idleMs: number;
  /** Runs raw protocol bytes on PGlite; `onMessage` gets each complete answer message. */
  run(bytes: Uint8Array, onMessage: (type: number, whole: Buffer) => void): Promise<void>;
  /** A session ended (after rolling back): the last one out discards session state. */
  left(session: Session): Promise<void>;
}

class Session {
  /** Received bytes not yet cut into messages: joined only once a whole message is there. */
  private input: Buffer[] = [];
  private inputBytes = 0;
  /** Bytes the message at the head of `input` needs (0: not known yet). */
  private needed = 0;
  private started = false;
  private readonly waiting: Buffer[] = [];
  private pumping = false;
  private work: Promise<void> = Promise.resolve();
  /** Set while this session holds the gate: ends its turn. */
  private release?: () => void;
  /** A COPY FROM STDIN query and its copy messages, sent to PGlite together at CopyDone. */
  private copy?: { parts: Buffer[]; bytes: number };
  private idle?: NodeJS.Timeout;
  private ended?: Promise<void>;
  /** Settles when the session ends: a wait for the gate stops there. */
  private cutOff: () => void = () => undefined;
  private readonly cut = new Promise<undefined>((resolve) => (this.cutOff = () => resolve(undefined)));

  constructor(
    private readonly socket: net.Socket,
    private readonly shared: Shared,
  ) {
    socket.on('data', (data: Buffer) => this.receive(data));
    socket.on('error', () => void this.end());
    socket.on('close', () => void this.end());
  }

  /** Cuts the client off (after `farewell`, a FATAL error) and rolls back what it had open. */
  end(farewell?: Buffer): Promise<void> {
    if (this.ended) return this.ended;
    this.cutOff();
    this.ended = (async () => {
      clearTimeout(this.idle);
      this.waiting.length = 0;
      if (farewell && this.socket.writable) this.socket.end(farewell);
      else this.socket.destroy();
      setTimeout(() => this.socket.destroy(), 1000).unref();
      // The statement PGlite is running for this client finishes first.
      await this.work.catch(() => undefined);
      this.copy = undefined;
      if (this.release) {
        await this.rollback().catch(() => undefined);
        const release = this.release;
        this.release = undefined;
        release();
      }
      await this.shared.left(this);
    })();
    return this.ended;
  }

  private receive(data: Buffer): void {
    if (this.ended) return;
    clearTimeout(this.idle);
    this.input.push(data);
    this.inputBytes += data.length;
    if (this.inputBytes < Math.max(this.needed, 5)) return;
    let input = this.input.length === 1 ? this.input[0] : Buffer.concat(this.input);
    this.needed = 0;
    for (;;) {
      // Before startup a message has no type byte: length, then a code.
      const typed = this.started ? 1 : 0;
      if (input.length < typed + 4) break;
      const length = input.readInt32BE(typed) + typed;
      if (length < typed + 4 || length > MAX_MESSAGE) {
        void this.end(errorMessage('FATAL', '08P01', 'invalid message length'));
        return;
      }
      if (input.length < length) {
        this.needed = length;
        break;
      }
      const whole = input.subarray(0, length);
      input = input.subarray(length);
      if (!this.started) {
        if (!this.startup(whole)) return;
        continue;
      }
      this.waiting.push(whole);
    }
    this.input = input.length > 0 ? [input] : [];
    this.inputBytes = input.length;
    this.pump();
  }

  /** Answers an untyped startup-phase message; false when the connection is to end. */
  private startup(whole: Buffer): boolean {
    const code = whole.length >= 8 ? whole.readInt32BE(4) : 0;
    if (code === SSL_REQUEST || code === GSS_REQUEST) {
      this.socket.write('N');
      return true;
    }
    if (code === CANCEL_REQUEST) {
      // PGlite runs one statement at a time in this process: there is nothing to signal.
      this.socket.destroy();
      return false;
    }
    if (code >> 16 !== 3) {
      void this.end(errorMessage('FATAL', '08P01', `unsupported frontend protocol ${code >> 16}.${code & 0xffff}`));
      return false;
    }
    this.started = true;
    this.socket.write(this.shared.startupAnswer);
    return true;
  }

  private pump(): void {
    if (this.pumping || this.ended) return;
    this.pumping = true;
    this.work = (async () => {
      try {
        while (!this.ended && this.waiting.length > 0) await this.handle(this.waiting.shift() as Buffer);
      } catch (error) {
        void this.end(errorMessage('FATAL', 'XX000', `tabula's socket: ${error instanceof Error ? error.message : String(error)}`));
      } finally {
        this.pumping = false;
      }
      if (this.release && !this.ended) {
        this.idle = setTimeout(
          () => void this.end(errorMessage('FATAL', '25P03', `terminating connection: idle for ${this.shared.idleMs} ms while holding the database (its transaction was rolled back)`)),
          this.shared.idleMs,
        );
        this.idle.unref();
      }
    })();
  }

  private async handle(whole: Buffer): Promise<void> {
    const type = String.fromCharCode(whole[0]);
    if (type === 'X') {
      void this.end();
      return;
    }
    if (!FORWARDED.has(type)) {
      void this.end(errorMessage('FATAL', '08P01', `unsupported frontend message type ${JSON.stringify(type)}`));
      return;
    }
    if (this.copy) {
      this.copy.parts.push(whole);
      this.copy.bytes += whole.length;
      if (this.copy.bytes > MAX_MESSAGE) {
        void this.end(errorMessage('FATAL', '54000', 'COPY data over 1 GiB in one statement'));
        return;
      }
      if (type === 'c' || type === 'f') {
        const batch = Buffer.concat(this.copy.parts);
        this.copy = undefined;
        await this.forward(batch, true);
      }
      return;
    }
    if (!this.release) {
      const granted = this.shared.gate.acquire();
      const release = await Promise.race([granted, this.cut]);
      if (!release || this.ended) {
        // Cut off while waiting: the turn, when it comes, is handed on at once.
        void granted.then((r) => r());
        return;
      }
      this.release = release;
    }
    let bytes = whole;
    if (type === 'Q' || type === 'P') {
      const sql = type === 'Q' ? whole.toString('utf8', 5, whole.length - 1) : whole.toString('utf8', whole.indexOf(0, 5) + 1, whole.indexOf(0, whole.indexOf(0, 5) + 1));
      const kind = copyKind(sql, type === 'Q');
      if (kind === 'copy') {
        this.copy = { parts: [whole], bytes: whole.length };
        this.socket.write(copyInResponse(/\bBINARY\b/i.test(sql)));
        return;
      }
      if (kind === 'refuse') bytes = type === 'Q' ? queryMessage(REFUSE_COPY) : replaceParseText(whole, REFUSE_COPY);
    }
    await this.forward(bytes, false);
  }

  /** Runs bytes on PGlite, relays the answer, and ends the turn at ReadyForQuery "idle". */
  private async forward(bytes: Buffer, dropCopyIn: boolean): Promise<void> {
    let status: number | undefined;
    const out: Buffer[] = [];
    await this.shared.run(bytes, (type, whole) => {
      // The client was told CopyInResponse already.
      if (type === 0x47 && dropCopyIn) {
        dropCopyIn = false;
        return;
      }
      if (type === 0x5a) status = whole[5];
      out.push(whole);
    });
    if (out.length > 0 && this.socket.writable) this.socket.write(Buffer.concat(out));
    if (status === 0x49 && this.release) {
      const release = this.release;
      this.release = undefined;
      release();
    }
  }

  /** Ends an unfinished extended-protocol sequence and rolls back an open transaction (holding the gate). */
  private async rollback(): Promise<void> {
    const ignore = () => undefined;
    await this.shared.run(SYNC, ignore);
    if (this.shared.pglite.isInTransaction()) await this.shared.run(queryMessage('ROLLBACK'), ignore);
  }
}

/**
 * Serves `pglite` to local clients on `<dataDir>/socket/.s.PGSQL.5432`. The caller holds the
 * data directory's lock; every other use of `pglite` must pass `gate` (see `gatePglite`).
 */
export async function serveLocalSocket(pglite: PGlite, gate: Gate, dataDir: string, options: LocalSocketOptions = {}): Promise<LocalSocket> {
  const dir = socketDirOf(dataDir);
  const file = socketPathOf(dataDir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  fs.rmSync(file, { force: true });

  const run = async (bytes: Uint8Array, onMessage: (type: number, whole: Buffer) => void): Promise<void> => {
    // PGlite reuses the buffer it hands over: each piece is copied, and the answer cut into messages once whole.
    const pieces: Buffer[] = [];
    await pglite.runExclusive(() => pglite.execProtocolRawStream(bytes, { onRawData: (piece: Uint8Array) => void pieces.push(Buffer.from(piece)) }));
    const answer = Buffer.concat(pieces);
    for (let at = 0; at + 5 <= answer.length; ) {
      const end = at + 1 + answer.readInt32BE(at + 1);
      onMessage(answer[at], answer.subarray(at, end));
      at = end;
    }
  };
  const startupAnswer = await gate.run(async () => {
    const parts: Buffer[] = [];
    await run(startupPacket({ user: 'postgres', database: 'postgres' }), (_type, whole) => parts.push(whole));
    return Buffer.concat(parts);
  });

  const sessions = new Set<Session>();
  const shared: Shared = {
    pglite,
    gate,
    startupAnswer,
    idleMs: options.idleMs ?? 60_000,
    run,
    async left(session) {
      if (!sessions.delete(session)) return;
      // Settings a client made are the server's too: reset when it leaves. Named statements,
      // cursors and temporary tables may be another client's: discarded when the last one leaves.
      const script = sessions.size > 0 ? 'RESET ALL' : 'CLOSE ALL; DEALLOCATE ALL; RESET ALL; DISCARD TEMP';
      await gate.run(() => run(queryMessage(script), () => undefined)).catch(() => undefined);
    },
  };
  const maxClients = options.maxClients ?? 16;
  let closing = false;
  const server = net.createServer((socket) => {
    if (closing || sessions.size >= maxClients) {
      socket.end(errorMessage('FATAL', closing ? '57P01' : '53300', closing ? 'the tabula server is stopping' : `too many clients on tabula's socket (${maxClients})`));
      return;
    }
    sessions.add(new Session(socket, shared));
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketAddress(file), () => {
      server.off('error', reject);
      resolve();
    });
  });
  fs.chmodSync(file, 0o600);

  let closed: Promise<void> | undefined;
  return {
    path: file,
    clients: () => sessions.size,
    close() {
      closed ??= (async () => {
        closing = true;
        const listening = new Promise<void>((resolve) => server.close(() => resolve()));
        const farewell = errorMessage('FATAL', '57P01', 'terminating connection: the tabula server is stopping (an open transaction was rolled back)');
        await Promise.all([...sessions].map((s) => s.end(farewell)));
        await listening;
        fs.rmSync(file, { force: true });
      })();
      return closed;
    },
  };
}
