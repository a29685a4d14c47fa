/**
 * Prometheus metrics at GET /metrics (prom-client): GraphQL requests and their
 * latency per operation name and type, errors by code, imports by format and
 * outcome with the games and positions they stored, HTTP responses, database
 * readiness and connection-pool use (when the database exposes its pool).
 * Each app has its own registry, so several apps in one process (tests) do
 * not collide.
 */
import type { ApolloServerPlugin } from '@apollo/server';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ReplicaSet } from '../db/replicas';

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface MetricsOptions {
  /** Process metrics (CPU, memory, event loop, GC): on for `npm start`, off in tests. */
  processMetrics?: boolean;
  /** Is the database open and reachable (1) or not (0)? */
  databaseReady?: () => boolean;
  /** The PostgreSQL pool's connections, when there is a pool. */
  poolStats?: () => PoolStats | undefined;
  /** The database's read replicas, when it has any (`DATABASE_REPLICA_URLS`). */
  replicas?: () => Pick<ReplicaSet, 'status' | 'readCounts'> | undefined;
}

/** Distinct operation names kept as labels; later ones are counted as `(other)`. */
const MAX_OPERATION_NAMES = 200;

export class Metrics {
  readonly registry = new Registry();
  private readonly names = new Set<string>();

  readonly requests = new Counter({
    name: 'tabula_graphql_requests_total',
    help: 'GraphQL operations answered, by operation name and type (query, mutation; none when the document was refused).',
    labelNames: ['operation', 'type'] as const,
    registers: [this.registry],
  });

  readonly latency = new Histogram({
    name: 'tabula_graphql_request_duration_seconds',
    help: 'Time from receiving a GraphQL operation to sending its response.',
    labelNames: ['operation', 'type'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  readonly errors = new Counter({
    name: 'tabula_graphql_errors_total',
    help: 'GraphQL errors sent, by extensions.code (internal errors as INTERNAL_SERVER_ERROR).',
    labelNames: ['code'] as const,
    registers: [this.registry],
  });

  readonly imports = new Counter({
    name: 'tabula_imports_total',
    help: 'Import mutations, by format and outcome (stored, already_imported, failed).',
    labelNames: ['format', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly importedGames = new Counter({
    name: 'tabula_imported_games_total',
    help: 'Games read by import mutations that stored something, by format.',
    labelNames: ['format'] as const,
    registers: [this.registry],
  });

  readonly importedPositions = new Counter({
    name: 'tabula_imported_positions_total',
    help: 'Positions new to the database stored by import mutations, by format.',
    labelNames: ['format'] as const,
    registers: [this.registry],
  });

  readonly http = new Counter({
    name: 'tabula_http_responses_total',
    help: 'HTTP responses, by route and status code.',
    labelNames: ['route', 'status'] as const,
    registers: [this.registry],
  });

  constructor(options: MetricsOptions = {}) {
    const { databaseReady, poolStats } = options;
    if (databaseReady) {
      new Gauge({
        name: 'tabula_database_ready',
        help: '1 when the database is open and migrated, else 0.',
        registers: [this.registry],
        collect() {
          this.set(databaseReady() ? 1 : 0);
        },
      });
    }
    if (poolStats) {
      new Gauge({
        name: 'tabula_db_pool_connections',
        help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one.',
        labelNames: ['state'] as const,
        registers: [this.registry],
        collect() {
          const stats = poolStats();
          if (!stats) return;
          this.set({ state: 'total' }, stats.total);
          this.set({ state: 'idle' }, stats.idle);
          this.set({ state: 'waiting' }, stats.waiting);
        },
      });
    }
    if (options.replicas) this.replicaMetrics(options.replicas);
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry, prefix: 'tabula_' });
  }

  /** Each replica's health and lag, and the read operations each database was given. */
  private replicaMetrics(replicas: NonNullable<MetricsOptions['replicas']>): void {
    new Gauge({
      name: 'tabula_db_replica_healthy',
      help: 'Per read replica: 1 when it answers its health checks as a hot standby within DATABASE_REPLICA_MAX_LAG_MS of the primary, else 0.',
      labelNames: ['replica'] as const,
      registers: [this.registry],
      collect() {
        for (const r of replicas()?.status() ?? []) this.set({ replica: r.name }, r.healthy ? 1 : 0);
      },
    });
    new Gauge({
      name: 'tabula_db_replica_lag_seconds',
      help: 'Per read replica: how far behind the primary its replay was at the last health check.',
      labelNames: ['replica'] as const,
      registers: [this.registry],
      collect() {
        for (const r of replicas()?.status() ?? []) this.set({ replica: r.name }, r.lagMs / 1000);
      },
    });
    new Counter({
      name: 'tabula_db_read_operations_total',
      help: 'Read-only operations (GraphQL queries, exports) by the database they were sent to: primary, or a replica by host:port.',
      labelNames: ['database'] as const,
      registers: [this.registry],
      collect() {
        const counts = replicas()?.readCounts();
        if (!counts) return;
        this.reset();
        this.inc({ database: 'primary' }, counts.primary);
        for (const [name, n] of Object.entries(counts.replicas)) this.inc({ database: name }, n);
      },
    });
    new Counter({
      name: 'tabula_db_replica_fallbacks_total',
      help: 'Statements of reads sent to a replica that ran on the primary instead, by replica and why (gone, read-only, recovery-conflict).',
      labelNames: ['replica', 'reason'] as const,
      registers: [this.registry],
      collect() {
        const status = replicas()?.status();
        if (!status) return;
        this.reset();
        for (const r of status) for (const [reason, n] of Object.entries(r.fallbacks)) this.inc({ replica: r.name, reason }, n);
      },
    });
  }

  /** An operation name as a label: bounded in length and in how many distinct ones there are. */
  operationLabel(name: string | null | undefined, resolved: boolean): string {
    if (!resolved) return '(none)';
    if (!name) return '(anonymous)';
    const label = name.slice(0, 64);
    if (this.names.has(label)) return label;
    if (this.names.size >= MAX_OPERATION_NAMES) return '(other)';
    this.names.add(label);
    return label;
  }

  /** The Apollo plugin that feeds the request, latency and import metrics. */
  plugin(): ApolloServerPlugin {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const metrics = this;
    return {
      async requestDidStart() {
        const started = process.hrtime.bigint();
        return {
          async executionDidStart({ operation }) {
            // Only mutations import; a query gets no per-field hook (Apollo then skips calling it for every field).
            // `operation` is missing when operationName names no operation of the document.
            if (operation?.operation !== 'mutation') return;
            return {
              willResolveField({ info, args }) {
                if (info.parentType.name !== 'Mutation' || !info.fieldName.startsWith('import')) return;
                const format = typeof args.format === 'string' ? args.format : 'unknown';
                return (error, result) => metrics.recordImport(format, error, result);
              },
            };
          },
          async willSendResponse({ operation, operationName }) {
            metrics.countRequest(operationName, operation?.operation, started);
          },
        };
      },
    };
  }

  /** Counts one GraphQL operation answered (type undefined: none was resolved), with its time since `started` (hrtime ns). */
  countRequest(operationName: string | null | undefined, type: string | undefined, started: bigint): void {
    const labels = { operation: this.operationLabel(operationName, type !== undefined), type: type ?? 'none' };
    this.requests.inc(labels);
    this.latency.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
  }

  recordImport(format: string, error: Error | null, result: unknown): void {
    if (error || !result || typeof result !== 'object') {
      this.imports.inc({ format, outcome: 'failed' });
      return;
    }
    const report = result as { alreadyImported?: unknown; gameCount?: unknown; positionCount?: unknown };
    this.imports.inc({ format, outcome: report.alreadyImported === true ? 'already_imported' : 'stored' });
    if (report.alreadyImported === true) return;
    if (typeof report.gameCount === 'number') this.importedGames.inc({ format }, report.gameCount);
    if (typeof report.positionCount === 'number') this.importedPositions.inc({ format }, report.positionCount);
  }

  /** Counts one error sent to a client. */
  countError(code: unknown): void {
    this.errors.inc({ code: typeof code === 'string' ? code.slice(0, 64) : 'UNKNOWN' });
  }

  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

const ROUTES = new Set(['/graphql', '/health/live', '/health/ready', '/metrics', '/export']);

/** A request path as a label: the known routes, else `other`. */
export const routeLabel = (path: string): string => (ROUTES.has(path) ? path : 'other');

/** The pool statistics of a `pg.Pool`-like object, if `db` carries one as `pool`. */
export const poolStatsOf = (db: object | undefined): PoolStats | undefined => {
  const pool = (db as { pool?: { totalCount?: unknown; idleCount?: unknown; waitingCount?: unknown } } | undefined)?.pool;
  if (!pool || typeof pool.totalCount !== 'number') return undefined;
  return { total: pool.totalCount, idle: Number(pool.idleCount), waiting: Number(pool.waitingCount) };
};
