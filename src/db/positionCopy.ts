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
 * (`session_replication_role = replica`): checking them cost more than writing the links (per
 * row, a lookup and a row lock of the position and of the import). The setting is left so from
 * one prepared copy to the next (a position file's chunks: two statements a chunk fewer; the next
 * chunk's `Position` rows go in under it too, which changes nothing: no trigger of `Position` fires
 * on insert, and its unique index, which makes a concurrent import's key wait, is no trigger) and
 * put back (`checksBack`) before the transaction writes anything else.
 */
import { CopyBytes, CopyLines, type CopyRows, type CopyValue, copyField } from './copyText';
import type { GameKind, PositionRecord } from './records';
import { reserveIdText, reserveIds } from './reserveIds';
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

/**
 * The columns of a prepared row's own fields (`PreparedPositions.rows`), in order, after the id and
 * the listing import the copy fills in (`PREPARED_HEAD_BYTES`).
 */
export const PREPARED_COLUMNS = ['kind', 'key', 'hash', 'sideToMove', 'board', 'data', 'pieceCount', 'listIndex'];

/** A prepared row's head: its field count, then the id and the listing import as int8 fields whose values the copy writes. */
export const PREPARED_HEAD_BYTES = 2 + 12 + 12;
/** Where in a prepared row (or link) the id's and the listing import's 8 bytes are. */
const ROW_ID_AT = 6;
const ROW_LIST_AT = 18;
/** A prepared link: field count, import, position (int8 fields the copy fills in), place in the list (int4). */
export const PREPARED_LINK_BYTES = 2 + 12 + 12 + 8;
const LINK_LIST_AT = 6;
const LINK_ID_AT = 18;

/** Writes a 32-bit big-endian integer (a binary COPY field's length, an int4); returns where it ends. */
export const put32 = (out: Uint8Array, at: number, n: number): number => {
  out[at] = n >>> 24;
  out[at + 1] = (n >>> 16) & 0xff;
  out[at + 2] = (n >>> 8) & 0xff;
  out[at + 3] = n & 0xff;
  return at + 4;
};

/** Writes two int8 fields (length 8, value 0 until the copy writes it) after a field count; returns where they end. */
const putHead = (out: Uint8Array, at: number, fields: number): number => {
  out[at] = fields >>> 8;
  out[at + 1] = fields & 0xff;
  out.fill(0, at + 2, at + 26);
  out[at + 5] = 8;
  out[at + 17] = 8;
  return at + 26;
};

/** Writes a prepared row's head (PREPARED_HEAD_BYTES), its own fields to follow; returns where it ends. */
export const putPreparedHead = (out: Uint8Array, at: number): number => putHead(out, at, 2 + PREPARED_COLUMNS.length);

/** Writes a prepared link (PREPARED_LINK_BYTES) of the record at `listIndex`; returns where it ends. */
export const putPreparedLink = (out: Uint8Array, at: number, listIndex: number): number => put32(out, put32(out, putHead(out, at, 3), 4), listIndex);

/**
 * A chunk's listed positions of one kind (records of a file, each with its place in the import's
 * list) made ready, where they were read, for a straight copy: plain data (it crosses threads), as
 * the rows of a binary COPY whose ids and listing import are left for the import's thread to
 * write in (8 bytes each: no byte of the rows is copied there), so it only does that and streams them.
 */
export interface PreparedPositions {
  kind: GameKind;
  /** Distinct positions, in file order (the first record of a key wins, as `distinctPositions` keeps it). */
  count: number;
  /** Their keys in file order, each followed by a newline (Latin-1 text). */
  keys: Uint8Array;
  /** `keyHashes(kind, keys)` (seenKeys.ts). */
  keyHashes: Uint32Array;
  /** Their links, in file order (`putPreparedLink`, PREPARED_LINK_BYTES each). */
  links: Uint8Array;
  /** Their `Position` rows in key order, each a head (`putPreparedHead`) and its fields (PREPARED_COLUMNS, each a 4-byte length and its bytes). */
  rows: Uint8Array;
  /** Where each row of `rows` starts. */
  rowStarts: Uint32Array;
  /** The file-order index of each row of `rows`: the id it takes. */
  rowOrder: Uint32Array;
}

/** Ids reserved as `reserveIdText` gives them (decimal, comma-separated), as numbers (ids stay below 2^53). */
const idsOf = (text: string, count: number): Float64Array => {
  const ids = new Float64Array(count);
  let k = 0;
  let id = 0;
  for (let at = 0; at < text.length; at++) {
    const c = text.charCodeAt(at);
    if (c === 0x2c) {
      ids[k++] = id;
      id = 0;
    } else id = id * 10 + (c - 0x30);
  }
  ids[k] = id;
  // Ascending: the last is the largest. Past 2^53 a number would round: refuse rather than store another id.
  if (id > Number.MAX_SAFE_INTEGER) throw new Error(`position id ${text.slice(text.lastIndexOf(',') + 1)} is past what a straight copy writes (2^53)`);
  return ids;
};

/** Writes `n` (below 2^53) at `at` as a big-endian 64-bit integer. */
const put64 = (out: Uint8Array, at: number, n: number): void => {
  put32(out, at, Math.floor(n / 0x1_0000_0000));
  put32(out, at + 4, n >>> 0);
};

/** Writes the ids (file order) and the listing import (`list`) into prepared rows and links. */
const fillIn = (prepared: PreparedPositions, ids: Float64Array, list: number): void => {
  const { rows, links, rowStarts, rowOrder } = prepared;
  for (let j = 0; j < prepared.count; j++) {
    put64(rows, rowStarts[j] + ROW_ID_AT, ids[rowOrder[j]]);
    put64(rows, rowStarts[j] + ROW_LIST_AT, list);
  }
  for (let i = 0, at = 0; i < prepared.count; i++, at += PREPARED_LINK_BYTES) {
    put64(links, at + LINK_LIST_AT, list);
    put64(links, at + LINK_ID_AT, ids[i]);
  }
};

/** Ids (decimal text) of the positions a copy stored, by kind and key. */
export type CopiedIds = Map<string, Map<string, string>>;

/** What an import knows about copying its positions straight: which kinds may, and the keys it has stored. */
export class StraightCopies {
  private readonly fresh = new Map<GameKind, boolean>();
  private readonly seen = new SeenKeys();
  private skipsLinkChecks?: boolean;
  /** The `session_replication_role` to put back while the links' checks are off (`checksBack`). */
  private roleToRestore?: string;

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
    for (const [kind, keys] of doubtful) if (!(await this.noneStored(sql, kind, keys))) return false;
    return true;
  }

  /** Whether none of `keys` is stored (asked of the database: the keys the filter is not sure of). */
  private async noneStored(sql: SqlExecutor, kind: GameKind, keys: readonly string[]): Promise<boolean> {
    const stored = await sql.query(`SELECT 1 FROM "Position" WHERE kind = $1::"GameKind" AND key = ANY($2::text[]) LIMIT 1`, [kind, keys]);
    return stored.length === 0;
  }

  /**
   * `allNew` of prepared positions, told from the hashes of their keys (made where they were read);
   * their keys are remembered either way.
   */
  async allNewPrepared(sql: SqlExecutor, prepared: PreparedPositions): Promise<boolean> {
    if (!this.enabled || !(await this.isFresh(sql, prepared.kind))) return false;
    const maybe = this.seen.mayHaveThenAddHashed(prepared.keyHashes);
    if (maybe.length === 0) return true;
    const keys = Buffer.from(prepared.keys.buffer, prepared.keys.byteOffset, prepared.keys.byteLength).toString('latin1').split('\n');
    return this.noneStored(sql, prepared.kind, maybe.map((i) => keys[i]));
  }

  /**
   * COPYs prepared positions (`allNewPrepared`) into `Position` with ids in file order, rows in key
   * order, and links each to the import with its place in the list.
   */
  async copyPrepared(sql: SqlExecutor, importId: bigint, prepared: PreparedPositions): Promise<void> {
    fillIn(prepared, idsOf(await reserveIdText(sql, 'Position', prepared.count), prepared.count), Number(importId));
    await sql.copyRows('Position', ['id', 'listImportId', ...PREPARED_COLUMNS], new CopyBytes(prepared.rows, prepared.count, 'binary'));
    // The checks stay off for the next chunk's links: whatever comes else puts them back first.
    await this.link(sql, new CopyBytes(prepared.links, prepared.count, 'binary'), false);
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
    if (brought > 0) await this.link(sql, linkRows(list, staged, brought, ids), true);
    const copied: CopiedIds = new Map();
    if (wantIds) {
      staged.forEach((p, i) => {
        const keys = copied.get(p.kind) ?? new Map<string, string>();
        copied.set(p.kind, keys.set(p.key, ids[i]));
      });
    }
    return copied;
  }

  /**
   * COPYs links of the file's records to the import (`importId`, `positionId`, `listIndex`), without
   * their checks where it may; `restore`: put the checks back after (else `checksBack` does).
   */
  private async link(sql: SqlExecutor, rows: CopyRows, restore: boolean): Promise<void> {
    const skip = (this.skipsLinkChecks ??= await mayDisableTriggers(sql));
    if (skip && this.roleToRestore === undefined) {
      // SET LOCAL: a failed COPY ends the transaction, and the setting with it.
      const [{ role }] = await sql.query<{ role: string }>(
        `SELECT current_setting('session_replication_role') AS role, set_config('session_replication_role', 'replica', true)`,
      );
      this.roleToRestore = role;
    }
    await sql.copyRows('ImportPosition', ['importId', 'positionId', 'listIndex'], rows);
    if (restore) await this.checksBack(sql);
  }

  /**
   * Puts the foreign-key checks back if a prepared copy left them off: before the transaction writes
   * anything but the next prepared copy (a merge's links, games, scores, the import's own row).
   */
  async checksBack(sql: SqlExecutor): Promise<void> {
    if (this.roleToRestore === undefined) return;
    await sql.query(`SELECT set_config('session_replication_role', $1, true)`, [this.roleToRestore]);
    this.roleToRestore = undefined;
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

/** The links of the file's records, in id order, with their places in the list. */
const linkRows = (list: string, staged: readonly PositionRecord[], brought: number, ids: readonly string[]): CopyValue[][] => {
  const rows: CopyValue[][] = [];
  for (let i = 0; i < brought; i++) rows.push([list, ids[i], staged[i].listIndex ?? null]);
  return rows;
};

/** Whether this connection may set `session_replication_role` (a superuser's). */
const mayDisableTriggers = async (sql: SqlExecutor): Promise<boolean> => {
  const [row] = await sql.query<{ superuser: boolean }>(`SELECT current_setting('is_superuser') = 'on' AS superuser`);
  return row.superuser;
};
