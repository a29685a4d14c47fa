/**
 * Reads from PostgreSQL streaming replicas (hot standbys, `DATABASE_REPLICA_URLS`): the primary's
 * `ReplicaSet` checks each replica every `checkMs` (is it a standby, how far has it replayed, how
 * far behind is that), hands each read-only operation the `Database` of the next replica that is
 * healthy, within `maxLagMs`, and replayed past the client's own last write (else the primary's),
 * and records the primary's WAL position after each client's write (read-your-writes).
 *
 * A replica's `Database` sends every statement to the replica, and to the primary instead when
 * the replica is marked down, or when the statement fails there because the replica went away,
 * because it writes (a hot standby refuses with 25006), or because the standby cancelled it to
 * replay the primary's changes: no read fails because a replica stopped. Its transactions always
 * run on the primary. The rules are pure, in `replicaRouting.ts`.
 */
import type pg from 'pg';
import type { Database } from './database';
import {
  PrimaryProgress,
  type ReplicaFailure,
  type ReplicaState,
  RoundRobin,
  WrittenPositions,
  eligibleReplicas,
  parseLsn,
  replicaFailureOf,
} from './replicaRouting';

export interface ReplicaOptions {
  /** A replica further behind the primary than this many milliseconds gets no reads. */
  maxLagMs: number;
  /** Milliseconds between health checks. */
  checkMs: number;
}

/** A replica as the set is given it: a name for metrics and logs, its pool, and a Database over that pool. */
export interface ReplicaSource {
  name: string;
  pool: pg.Pool;
  /** A Database over `pool` (after the pool is made to fall back to the primary). */
  open: (pool: pg.Pool) => Database;
}

/** What /health/ready and /metrics say of one replica. */
export interface ReplicaStatus {
  name: string;
  healthy: boolean;
  /** Milliseconds behind the primary at the last check. */
  lagMs: number;
  /** The WAL position replayed at the last check (`16/B374D848`), if known. */
  replayed?: string;
  /** Why it is not healthy, when it is not. */
  problem?: string;
  /** Read-only operations sent to it. */
  reads: number;
  /** Statements sent on to the primary, by why. */
  fallbacks: Record<ReplicaFailure, number>;
}

/** The read operations each database was given: the primary, and each replica by name. */
export interface ReadCounts {
  primary: number;
  replicas: Record<string, number>;
}

interface Member {
  name: string;
  db: Database;
  /** The pool's own query, which never falls back: the health check's. */
  direct: pg.Pool['query'];
  pool: pg.Pool;
  state: ReplicaState;
  problem?: string;
  reads: number;
  fallbacks: Record<ReplicaFailure, number>;
}

/** The WAL position text of an LSN number. */
const lsnText = (lsn: bigint): string => `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message || error.name : String(error));

/** Rejects after `ms` with `what`, for a check that hangs (a replica behind a dropped network). */
const within = <T>(ms: number, what: string, work: Promise<T>): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(what)), ms);
    timer.unref();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
};

const HEALTH_QUERY = `SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS replayed,
  (extract(epoch FROM now() - pg_last_xact_replay_timestamp()) * 1000)::float8 AS "ageMs"`;

/** The primary's replicas, their health, and where each read goes. */
export class ReplicaSet {
  private readonly members: Member[];
  private readonly progress: PrimaryProgress;
  private readonly robin = new RoundRobin();
  private readonly written = new WrittenPositions();
  private primaryReads = 0;
  /** The primary's position when the set started: a replica serves no read before it has replayed it. */
  private floor: bigint | undefined;
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly primary: Database & { pool: pg.Pool },
    sources: readonly ReplicaSource[],
    readonly options: ReplicaOptions,
  ) {
    // Positions older than this cannot tell a lag within the bound from one past it.
    this.progress = new PrimaryProgress(2 * options.maxLagMs + 2 * options.checkMs);
    this.members = sources.map((source, i) => {
      const direct = source.pool.query.bind(source.pool) as pg.Pool['query'];
      source.pool.query = this.fallingBack(i, direct) as pg.Pool['query'];
      return {
        name: source.name,
        pool: source.pool,
        direct,
        db: { ...source.open(source.pool), transaction: primary.transaction },
        state: { healthy: false, lagMs: 0 },
        problem: 'not checked yet',
        reads: 0,
        fallbacks: { gone: 0, 'read-only': 0, 'recovery-conflict': 0 },
      };
    });
  }

  /**
   * A replica pool's `query` (promise form) that runs on the primary instead when the replica is
   * marked down or the statement fails there for a `ReplicaFailure`.
   */
  private fallingBack(i: number, direct: pg.Pool['query']) {
    const onPrimary = (args: unknown[]) => (this.primary.pool.query as (...a: unknown[]) => Promise<unknown>)(...args);
    return (...args: unknown[]): Promise<unknown> | void => {
      const run = direct as (...a: unknown[]) => Promise<unknown> | void;
      if (typeof args[args.length - 1] === 'function') return run(...args);
      const member = this.members[i];
      if (!member.state.healthy) {
        member.fallbacks.gone++;
        return onPrimary(args);
      }
      return (run(...args) as Promise<unknown>).catch((error: unknown) => {
        const why = replicaFailureOf(error);
        if (!why) throw error;
        member.fallbacks[why]++;
        if (why === 'gone') this.markDown(member, `a statement failed: ${messageOf(error)}`);
        return onPrimary(args);
      });
    };
  }

  private markDown(member: Member, problem: string): void {
    member.state = { ...member.state, healthy: false };
    member.problem = problem;
  }

  /**
   * Checks every replica now, then every `checkMs` until `close`. Settles after the first check.
   * Reads go to a replica only once it has replayed the primary as it is now (after this server's
   * migrations), so no read meets a schema older than the server's.
   */
  async start(): Promise<void> {
    const [row] = await this.primary.sql.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
    this.floor = parseLsn(row.lsn);
    await this.check();
    const next = () => {
      if (this.closed) return;
      this.timer = setTimeout(() => void this.check().finally(next), this.options.checkMs);
      this.timer.unref();
    };
    next();
  }

  /** One health check of every replica (one at a time: a check still running is waited for). */
  check(): Promise<void> {
    this.checking ??= this.checkAll().finally(() => (this.checking = undefined));
    return this.checking;
  }

  private async checkAll(): Promise<void> {
    const limit = Math.max(this.options.checkMs, 2_000);
    try {
      const [row] = await within(limit, 'the primary did not answer', this.primary.sql.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn'));
      this.progress.observe(Date.now(), parseLsn(row.lsn));
    } catch {
      // The primary's position is as last seen; the replicas are still checked.
    }
    await Promise.all(this.members.map((member) => this.checkOne(member, limit)));
  }

  private async checkOne(member: Member, limit: number): Promise<void> {
    try {
      const result = (await within(limit, `no answer within ${limit} ms`, member.direct(HEALTH_QUERY))) as pg.QueryResult<{
        standby: boolean;
        replayed: string | null;
        ageMs: number | null;
      }>;
      const [row] = result.rows;
      if (!row.standby || row.replayed === null) {
        this.markDown(member, 'not a hot standby (pg_is_in_recovery() is false): promoted, or not a replica');
        return;
      }
      const replayed = parseLsn(row.replayed);
      member.state = { healthy: true, replayed, lagMs: Math.round(this.progress.lagMs(replayed, Date.now(), row.ageMs)) };
      member.problem = member.state.lagMs > this.options.maxLagMs ? `${member.state.lagMs} ms behind the primary` : undefined;
    } catch (error) {
      this.markDown(member, `health check failed: ${messageOf(error)}`);
    }
  }

  /** The lowest position every healthy replica has replayed (none healthy: undefined). */
  private replayedEverywhere(): bigint | undefined {
    let lowest: bigint | undefined;
    for (const { state } of this.members) {
      if (!state.healthy) continue;
      if (state.replayed === undefined) return undefined;
      if (lowest === undefined || state.replayed < lowest) lowest = state.replayed;
    }
    return lowest;
  }

  /**
   * The database one read-only operation of the client known by `clientKeys` runs on: the next
   * eligible replica in turn (healthy, within the lag bound, replayed past the client's last write
   * and past the primary's position at start), else the primary.
   */
  forRead(clientKeys: readonly string[]): Database {
    const written = this.written.needs(clientKeys, this.replayedEverywhere());
    const needs = written !== undefined && (this.floor === undefined || written > this.floor) ? written : this.floor;
    const i = this.robin.next(eligibleReplicas(this.members.map((m) => m.state), this.options.maxLagMs, needs));
    if (i === undefined) {
      this.primaryReads++;
      return this.primary;
    }
    this.members[i].reads++;
    return this.members[i].db;
  }

  /**
   * Records that the client known by `clientKeys` has written (after its write committed): its
   * next reads need the primary's current WAL position replayed. When the primary does not
   * answer, nothing is recorded (the write did not reach it either).
   */
  async wrote(clientKeys: readonly string[]): Promise<void> {
    if (clientKeys.length === 0) return;
    try {
      const [row] = await this.primary.sql.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
      const lsn = parseLsn(row.lsn);
      this.written.record(clientKeys, lsn);
      this.progress.observe(Date.now(), lsn);
    } catch {
      // Nothing to wait for.
    }
  }

  /** Each replica's health and traffic. */
  status(): ReplicaStatus[] {
    return this.members.map((m) => ({
      name: m.name,
      healthy: m.state.healthy && m.state.lagMs <= this.options.maxLagMs,
      lagMs: m.state.lagMs,
      replayed: m.state.replayed === undefined ? undefined : lsnText(m.state.replayed),
      problem: m.problem,
      reads: m.reads,
      fallbacks: { ...m.fallbacks },
    }));
  }

  /** The read operations given to the primary and to each replica so far. */
  readCounts(): ReadCounts {
    return { primary: this.primaryReads, replicas: Object.fromEntries(this.members.map((m) => [m.name, m.reads])) };
  }

  /** Stops checking and closes the replicas' connections. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.checking?.catch(() => undefined);
    await Promise.all(this.members.map((m) => m.db.close().catch(() => undefined)));
  }
}
