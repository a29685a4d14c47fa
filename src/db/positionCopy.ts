/**
 * The straight copy of an import's positions: a chunk whose positions are all new goes by COPY
 * into `Position` itself, and its records' links by COPY into `ImportPosition`, instead of through
 * the staging merge (COPY into a temporary table, then INSERT ... ON CONFLICT, then a join to link
 * them), which writes every row twice.
 *
 * Which chunks may go straight, without asking the database about each key:
 * - their kind held no stored position when the import first wrote one (asked once a kind), and
 * - none of their keys was stored by an earlier chunk of the same import (`SeenKeys` remembers
 *   them in fixed memory; the few keys it is not sure of are asked about, exactly).
 * A position another import stores and commits meanwhile is the one thing left: the unique index
 * on (kind, key) makes the COPY wait for that import and then fail with a unique violation, which
 * runs the whole import again (`importService`'s retry), this time through the merge. Rows go in
 * in key order, as the merge's do, so imports copying overlapping keys wait for each other in the
 * same order.
 *
 * The links' foreign keys hold by construction here (the positions and the import row were
 * written by this transaction, which no other can see yet), so where the connection may do so (a
 * superuser's: the embedded PGlite's, or a PostgreSQL role with it) their checks are skipped
 * (`session_replication_role = replica` for that one COPY): checking them cost more than writing
 * the links (per row, a lookup and a row lock of the position and of the import).
 */
import { CopyLines, type CopyValue, copyField } from './copyText';
import type { GameKind, PositionRecord } from './records';
import { reserveIds } from './reserveIds';
import { SeenKeys } from './seenKeys';
import type { SqlExecutor } from './sql';

/** The columns of `Position` a copy writes, in the order `positionLine` writes them. */
export const POSITION_COLUMNS = ['id', 'kind', 'key', 'hash', 'groupKey', 'sideToMove', 'board', 'data', 'pieceCount', 'listImportId', 'listIndex'];

const json = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));

const isListed = (p: PositionRecord): boolean => p.listIndex !== undefined && p.listIndex !== null;

/**
 * A position's `Position` row as a line of COPY text (columns as POSITION_COLUMNS): listed ones
 * name the import that listed them (`list`, decimal text). Written out, not through an array of
 * values: this runs for every record of a file.
 */
const positionLine = (id: string, p: PositionRecord, list: string): string =>
  `${id}\t${p.kind}\t${copyField(p.key)}\t${copyField(p.hash)}\t${copyField(p.groupKey)}\t${copyField(p.sideToMove)}\t` +
  `${copyField(p.board)}\t${copyField(json(p.data))}\t${copyField(p.pieceCount)}\t${isListed(p) ? list : '\\N'}\t${copyField(p.listIndex)}\n`;

const byKindAndKey = (a: PositionRecord, b: PositionRecord): number =>
  a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0;

/** The indexes of `staged` in kind and key order. */
const keyOrder = (staged: readonly PositionRecord[]): number[] => {
  const order = staged.map((_, i) => i);
  const kind = staged[0]?.kind;
  if (staged.every((p) => p.kind === kind)) {
    const keys = staged.map((p) => p.key);
    return order.sort((a, b) => (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : 0));
  }
  return order.sort((a, b) => byKindAndKey(staged[a], staged[b]));
};

/** Ids (decimal text) of the positions a copy stored, by kind and key. */
export type CopiedIds = Map<string, Map<string, string>>;

/** What an import knows about copying its positions straight: which kinds may, and the keys it has stored. */
export class StraightCopies {
  private readonly fresh = new Map<GameKind, boolean>();
  private readonly seen = new SeenKeys();
  private skipsLinkChecks?: boolean;

  /** `enabled`: false to always merge (an import run again after a conflict). */
  constructor(readonly enabled = true) {}

  /**
   * Whether every one of `staged` (distinct keys) is new, as far as the rules above tell without a
   * race. Their keys are remembered either way: the chunk is stored next, straight or merged.
   */
  async allNew(sql: SqlExecutor, staged: readonly PositionRecord[]): Promise<boolean> {
    if (!this.enabled) return false;
    const keysByKind = new Map<GameKind, string[]>();
    for (const p of staged) {
      const keys = keysByKind.get(p.kind);
      if (keys) keys.push(p.key);
      else keysByKind.set(p.kind, [p.key]);
    }
    let allFresh = true;
    const doubtful: [GameKind, string[]][] = [];
    for (const [kind, keys] of keysByKind) {
      if (!(await this.isFresh(sql, kind))) {
        allFresh = false;
        continue;
      }
      const maybe = this.seen.mayHaveThenAdd(kind, keys);
      if (maybe.length > 0) doubtful.push([kind, maybe.map((i) => keys[i])]);
    }
    if (!allFresh) return false;
    for (const [kind, keys] of doubtful) {
      const stored = await sql.query(`SELECT 1 FROM "Position" WHERE kind = $1::"GameKind" AND key = ANY($2::text[]) LIMIT 1`, [kind, keys]);
      if (stored.length > 0) return false;
    }
    return true;
  }

  /**
   * COPYs new positions (distinct keys, `allNew`) into `Position` with ids in file order, rows in
   * key order, and links the first `brought` (the file's records) to the import. Returns their ids
   * when `wantIds` (a chunk's scores need them).
   */
  async copy(sql: SqlExecutor, importId: bigint, staged: readonly PositionRecord[], brought: number, wantIds: boolean): Promise<CopiedIds> {
    const ids = await reserveIds(sql, 'Position', staged.length);
    const list = importId.toString();
    await sql.copyRows('Position', POSITION_COLUMNS, new CopyLines(keyOrder(staged).map((i) => positionLine(ids[i], staged[i], list))));
    if (brought > 0) await this.link(sql, list, staged, brought, ids);
    const copied: CopiedIds = new Map();
    if (wantIds) {
      staged.forEach((p, i) => {
        const keys = copied.get(p.kind) ?? new Map<string, string>();
        copied.set(p.kind, keys.set(p.key, ids[i]));
      });
    }
    return copied;
  }

  /** The links of the file's records, in id order, with their places in the import's list. */
  private async link(sql: SqlExecutor, list: string, staged: readonly PositionRecord[], brought: number, ids: readonly string[]): Promise<void> {
    const rows: CopyValue[][] = [];
    for (let i = 0; i < brought; i++) rows.push([list, ids[i], staged[i].listIndex ?? null]);
    const skip = (this.skipsLinkChecks ??= await mayDisableTriggers(sql));
    if (!skip) {
      await sql.copyRows('ImportPosition', ['importId', 'positionId', 'listIndex'], rows);
      return;
    }
    // SET LOCAL: a failed COPY ends the transaction, and the setting with it.
    const [{ role }] = await sql.query<{ role: string }>(
      `SELECT current_setting('session_replication_role') AS role, set_config('session_replication_role', 'replica', true)`,
    );
    await sql.copyRows('ImportPosition', ['importId', 'positionId', 'listIndex'], rows);
    await sql.query(`SELECT set_config('session_replication_role', $1, true)`, [role]);
  }

  private async isFresh(sql: SqlExecutor, kind: GameKind): Promise<boolean> {
    let fresh = this.fresh.get(kind);
    if (fresh === undefined) {
      const [row] = await sql.query<{ fresh: boolean }>(`SELECT NOT EXISTS (SELECT 1 FROM "Position" WHERE kind = $1::"GameKind") AS fresh`, [kind]);
      fresh = row.fresh;
      this.fresh.set(kind, fresh);
    }
    return fresh;
  }
}

/** Whether this connection may set `session_replication_role` (a superuser's). */
const mayDisableTriggers = async (sql: SqlExecutor): Promise<boolean> => {
  const [row] = await sql.query<{ superuser: boolean }>(`SELECT current_setting('is_superuser') = 'on' AS superuser`);
  return row.superuser;
};
