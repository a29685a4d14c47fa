/**
 * The pure rules of reading from PostgreSQL streaming replicas (`replicas.ts` applies them): WAL
 * positions (LSNs) as numbers, how far behind the primary a replica is in time, which replica a
 * read goes to (round robin over the healthy ones that are close enough, and, for a client that
 * has just written, far enough), the positions each client has written up to, and which failures
 * of a statement on a replica send it to the primary instead.
 */

/** A WAL position (`pg_current_wal_lsn()`, `pg_last_wal_replay_lsn()`) as text: `16/B374D848`. */
const LSN = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i;

/** An LSN's text as its byte position in the WAL. */
export const parseLsn = (text: string): bigint => {
  const match = LSN.exec(text);
  if (!match) throw new Error(`not a WAL position (LSN): "${text}"`);
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
};

/**
 * The primary's WAL position over time, as the health checks see it: each new position with the
 * time it was first seen, kept for `keepMs`. A replica that has replayed up to some position is as
 * far behind as the time since the primary was first seen past it.
 */
export class PrimaryProgress {
  private readonly seen: { at: number; lsn: bigint }[] = [];

  constructor(private readonly keepMs: number) {}

  /** Records the primary at `lsn` at time `at` (milliseconds). */
  observe(at: number, lsn: bigint): void {
    const last = this.seen.at(-1);
    if (!last || lsn > last.lsn) this.seen.push({ at, lsn });
    while (this.seen.length > 1 && this.seen[1].at <= at - this.keepMs) this.seen.shift();
  }

  /** The primary's last seen position, if any. */
  latest(): bigint | undefined {
    return this.seen.at(-1)?.lsn;
  }

  /**
   * How many milliseconds a replica that has replayed up to `replayed` is behind at `now`: 0 when it
   * has replayed everything the primary was seen at; else the time since the primary was first seen
   * past it. Behind everything kept, at least that long, and at least `replayAgeMs` (the age of the
   * last transaction it replayed, `now() - pg_last_xact_replay_timestamp()`, when known).
   */
  lagMs(replayed: bigint, now: number, replayAgeMs?: number | null): number {
    const last = this.seen.at(-1);
    if (!last || replayed >= last.lsn) return 0;
    const first = this.seen.find((s) => s.lsn > replayed) as { at: number; lsn: bigint };
    const lag = now - first.at;
    return first === this.seen[0] && replayAgeMs != null ? Math.max(lag, replayAgeMs) : lag;
  }
}

/** What the last health check found of one replica. */
export interface ReplicaState {
  /** The last check answered, and found a standby in recovery; no statement since failed for its connection. */
  healthy: boolean;
  /** The WAL position it had replayed up to at the last check. */
  replayed?: bigint;
  /** How far behind the primary it was, in milliseconds (`PrimaryProgress.lagMs`). */
  lagMs: number;
}

/** The indexes of the replicas a read may use: healthy, within `maxLagMs`, and (when given) replayed past `needs`. */
export const eligibleReplicas = (states: readonly ReplicaState[], maxLagMs: number, needs?: bigint): number[] => {
  const found: number[] = [];
  states.forEach((state, i) => {
    if (!state.healthy || state.lagMs > maxLagMs) return;
    if (needs !== undefined && (state.replayed === undefined || state.replayed < needs)) return;
    found.push(i);
  });
  return found;
};

/** Round robin over whichever replicas are eligible at each turn. */
export class RoundRobin {
  private turn = 0;

  /** The next of `eligible` (indexes), or undefined when there is none. */
  next(eligible: readonly number[]): number | undefined {
    if (eligible.length === 0) return undefined;
    return eligible[this.turn++ % eligible.length];
  }
}

/**
 * The primary's WAL position after each client's last write, for read-your-writes: a client's next
 * reads go to a replica only once it has replayed that far. A client is known by one or more keys
 * (its token, its address); the most recent `capacity` keys are kept.
 */
export class WrittenPositions {
  private readonly written = new Map<string, bigint>();

  constructor(private readonly capacity = 10_000) {}

  /** Records that the clients known by `keys` wrote up to `lsn`. */
  record(keys: readonly string[], lsn: bigint): void {
    for (const key of keys) {
      const known = this.written.get(key);
      this.written.delete(key);
      this.written.set(key, known !== undefined && known > lsn ? known : lsn);
    }
    while (this.written.size > this.capacity) this.written.delete(this.written.keys().next().value as string);
  }

  /**
   * The position a read by the client known by `keys` needs a replica to have replayed, or
   * undefined when it needs none. Positions every replica has replayed (`replayedEverywhere`) are
   * forgotten.
   */
  needs(keys: readonly string[], replayedEverywhere?: bigint): bigint | undefined {
    let needed: bigint | undefined;
    for (const key of keys) {
      const lsn = this.written.get(key);
      if (lsn === undefined) continue;
      if (replayedEverywhere !== undefined && lsn <= replayedEverywhere) this.written.delete(key);
      else if (needed === undefined || lsn > needed) needed = lsn;
    }
    return needed;
  }

  /** How many clients' positions are kept. */
  get size(): number {
    return this.written.size;
  }
}

/**
 * Why a statement that failed on a replica is run on the primary instead:
 * - `gone`: the replica's connection failed or was refused (it stopped, restarted, is unreachable);
 * - `read-only`: the statement writes (SQLSTATE 25006, read_only_sql_transaction);
 * - `recovery-conflict`: the standby cancelled it to replay the primary's changes (40001, 40P01).
 */
export type ReplicaFailure = 'gone' | 'read-only' | 'recovery-conflict';

/** Node's socket errors that mean the server is not there. */
const SOCKET_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** pg's own messages for a connection that ended or could not be had. */
const LOST = /^Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Connection ended/i;

/** Why a failure of a statement on a replica sends it to the primary, or undefined when it is the statement's own. */
export const replicaFailureOf = (error: unknown): ReplicaFailure | undefined => {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === '25006') return 'read-only';
  if (code === '40001' || code === '40P01') return 'recovery-conflict';
  if (typeof code === 'string' && (code.startsWith('08') || code.startsWith('57P') || code === '53300' || SOCKET_ERRORS.has(code))) return 'gone';
  if (typeof message === 'string' && LOST.test(message)) return 'gone';
  return undefined;
};
