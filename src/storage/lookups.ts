/**
 * The hot read path: positions by key in one raw SQL statement per batch,
 * bypassing Prisma (its query compiler and row mapping cost ~0.4 ms a call;
 * this is one round trip on the shared pool, parameterised so PostgreSQL
 * plans it once per connection's unnamed statement). Rows come back in
 * Prisma's `Position` shape, so resolvers cannot tell which path served them.
 *
 * A batch of keys (of one kind or several) is one statement,
 * `kind = ANY($1) AND key = ANY($2)`, served by the unique (kind, key) index;
 * the rows are then matched to the (kind, key) pairs that were asked for, since
 * the cross product of the two arrays may hold pairs nobody asked for.
 *
 * Batches are also coalesced across requests: every batch asked for in one
 * turn of the event loop (each request's DataLoader fires its own) waits for
 * `setImmediate` and goes out as one statement. Under load a round trip to
 * PostgreSQL (a socket write, a wake-up of the backend, a reply) costs more
 * than the rows, so 16 concurrent requests cost a few statements, not 16;
 * alone, a request waits only for the rest of the current loop turn.
 */
import type { GameKind, Position } from '../generated/prisma/client';
import type { Database } from '../db/database';
import type { PositionRecord } from '../db/records';
import { GAME_KINDS } from '../games';
import { type PlySource, firstPlyOfKey } from './occurrences';

/** A position key, of one kind or (kind undefined) of any kind. */
export interface PositionKey {
  key: string;
  kind?: GameKind | null;
}

// createdAt is `timestamp(3)` (UTC, as Prisma writes it): read back as milliseconds since the
// epoch (UTC whatever the session's time zone), which is cheaper to turn into a Date than text.
const FULL_COLUMNS = `id, kind, key, hash, "groupKey", "sideToMove", board, data, "pieceCount",
  "listImportId", "listIndex", (extract(epoch FROM "createdAt") * 1000)::float8 AS "createdMs"`;

/**
 * The statements of a reading of `columns`: rows of any of $1's kinds (an array literal), and rows
 * of the one kind $1 (a quarter less of PostgreSQL's work than the array of one kind, at 20 keys),
 * under any of $2's keys. `kindColumn`: the statement of any kind also reads the kind, which
 * `columns` leave out (the statement of one kind needs no kind read: it is the one bound).
 */
const statementsOf = (columns: string, kindColumn = ''): { anyKind: string; oneKind: string } => ({
  anyKind: `SELECT ${columns}${kindColumn} FROM "Position" WHERE kind = ANY($1::"GameKind"[]) AND key = ANY($2::text[])`,
  oneKind: `SELECT ${columns} FROM "Position" WHERE kind = $1::"GameKind" AND key = ANY($2::text[])`,
});

/**
 * A PostgreSQL array literal (`{"a","b"}`): both drivers bind it as text and the
 * statement casts it, where PGlite cannot serialise a JS array of an enum type.
 */
const arrayLiteral = (values: Iterable<string>): string => {
  let text = '{';
  for (const value of values) {
    const quoted = value.includes('"') || value.includes('\\') ? value.replace(/[\\"]/g, '\\$&') : value;
    text += text.length > 1 ? `,"${quoted}"` : `"${quoted}"`;
  }
  return `${text}}`;
};

/** The cache key of a `PositionKey` (DataLoader's `cacheKeyFn`). */
export const positionKeyId = ({ key, kind }: PositionKey): string => `${kind ?? '*'} ${key}`;

/** Most keys in one statement; a larger coalesced batch is split. */
const MAX_KEYS = 1000;

/**
 * One way to read positions by key: a statement over (kinds, keys) and what a row becomes. Each
 * has its own queues, so batches that read the same columns share a statement.
 */
interface Reading<R extends KeyedRow> {
  /** Per database: the batches waiting for the next flush. */
  queues: WeakMap<Database, Waiting<R>[]>;
  /** The statement for rows of any of $1's kinds (an array literal) under any of $2's keys. */
  anyKind: string;
  /** The statement for rows of the kind $1 under any of $2's keys. */
  oneKind: string;
  rowOf: (row: Record<string, unknown>) => R;
  /** Orders the rows of one key (several kinds) by id. */
  byId: (a: R, b: R) => number;
}

/**
 * What every reading gives: the key a row was found under, and its kind (a reading that leaves the
 * kind out has it only from the statement of any kind: the statement of one kind binds it).
 */
interface KeyedRow {
  kind?: GameKind;
  key: string;
}

interface Waiting<R> {
  keys: readonly PositionKey[];
  resolve: (lists: R[][]) => void;
  reject: (error: unknown) => void;
}

/** The rows `reading` gives under each of `keys`, in the same order; calls made in the same turn of the event loop share one statement. */
function coalesced<R extends KeyedRow>(db: Database, reading: Reading<R>, keys: readonly PositionKey[]): Promise<R[][]> {
  if (keys.length === 0) return Promise.resolve([]);
  return new Promise((resolve, reject) => {
    const queue = reading.queues.get(db);
    if (queue) {
      queue.push({ keys, resolve, reject });
      return;
    }
    reading.queues.set(db, [{ keys, resolve, reject }]);
    setImmediate(() => flush(db, reading));
  });
}

/**
 * The positions stored under each of `keys`, in the same order; each list by id
 * (a key without a kind may match one position of each kind). Calls made in the
 * same turn of the event loop share one statement.
 */
export const positionsByKeys = (db: Database, keys: readonly PositionKey[]): Promise<Position[][]> => coalesced(db, FULL, keys);

function flush<R extends KeyedRow>(db: Database, reading: Reading<R>): void {
  const waiting = reading.queues.get(db) ?? [];
  reading.queues.delete(db);
  let group: Waiting<R>[] = [];
  let size = 0;
  for (const w of waiting) {
    if (size > 0 && size + w.keys.length > MAX_KEYS) {
      void run(db, reading, group);
      group = [];
      size = 0;
    }
    group.push(w);
    size += w.keys.length;
  }
  if (group.length > 0) void run(db, reading, group);
}

async function run<R extends KeyedRow>(db: Database, reading: Reading<R>, group: Waiting<R>[]): Promise<void> {
  try {
    const lists = await readKeys(db, reading, group.length === 1 ? group[0].keys : group.flatMap((w) => w.keys));
    let at = 0;
    for (const w of group) {
      w.resolve(group.length === 1 ? lists : lists.slice(at, at + w.keys.length));
      at += w.keys.length;
    }
  } catch (error) {
    for (const w of group) w.reject(error);
  }
}

/** A row of the full reading. */
type PositionRow = Omit<Position, 'createdAt'> & { createdMs: number } & Record<string, unknown>;

/** A row as Prisma's `Position`, every field named: a literal of one shape is several times cheaper than a rest and a spread. */
const positionOfRow = (row: PositionRow): Position => ({
  id: row.id,
  kind: row.kind,
  key: row.key,
  hash: row.hash,
  groupKey: row.groupKey,
  sideToMove: row.sideToMove,
  board: row.board,
  data: row.data,
  pieceCount: row.pieceCount,
  listImportId: row.listImportId,
  listIndex: row.listIndex,
  createdAt: new Date(row.createdMs),
});

/** Every column, as Prisma's `Position`. */
const FULL: Reading<Position> = {
  queues: new WeakMap(),
  ...statementsOf(FULL_COLUMNS),
  rowOf: positionOfRow as (row: Record<string, unknown>) => Position,
  byId: (a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
};

/**
 * A stored position's plain fields alone, as a lookup that asks for nothing else answers them:
 * the id as its decimal text. Half the columns of a `Position`, and nothing to convert.
 */
export interface PlainPosition {
  id: string;
  kind: GameKind;
  key: string;
  groupKey: string | null;
  sideToMove: string | null;
  board: string;
}

/**
 * A stored position's plain fields but its group key, and its kind only where the keys were of
 * several kinds (a lookup asking for neither reads four columns, as many as its fields need: a
 * lookup needs a row's side to move and board to know whether it is whole, and its id to order
 * several rows of one key).
 */
export interface LeanPosition {
  id: string;
  kind?: GameKind;
  key: string;
  groupKey?: undefined;
  sideToMove: string | null;
  board: string;
}

/** Ids are decimal texts without leading zeros: the shorter is the smaller. */
const byIdText = (a: { id: string }, b: { id: string }): number => a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const PLAIN: Reading<PlainPosition> = {
  queues: new WeakMap(),
  ...statementsOf(`id::text AS id, kind, key, "groupKey", "sideToMove", board`),
  rowOf: (row) => row as unknown as PlainPosition,
  byId: byIdText,
};

const LEAN: Reading<LeanPosition> = {
  queues: new WeakMap(),
  ...statementsOf(`id::text AS id, key, "sideToMove", board`, ', kind'),
  rowOf: (row) => row as unknown as LeanPosition,
  byId: byIdText,
};

/** One statement for `keys` (no coalescing). */
export const queryPositions = (db: Database, keys: readonly PositionKey[]): Promise<Position[][]> => readKeys(db, FULL, keys);

async function readKeys<R extends KeyedRow>(db: Database, reading: Reading<R>, keys: readonly PositionKey[]): Promise<R[][]> {
  if (keys.length === 0) return [];
  const kinds = new Set<GameKind>();
  const texts = new Set<string>();
  let anyKind = false;
  for (const { key, kind } of keys) {
    texts.add(key);
    if (kind) kinds.add(kind);
    else anyKind = true;
  }
  const oneKind = !anyKind && kinds.size === 1;
  const found = oneKind
    ? await db.sql.query(reading.oneKind, [kinds.values().next().value, arrayLiteral(texts)])
    : await db.sql.query(reading.anyKind, [arrayLiteral(anyKind ? GAME_KINDS : kinds), arrayLiteral(texts)]);
  const rows = found.map(reading.rowOf);
  // One key of one kind: the unique (kind, key) index gives at most one row.
  if (keys.length === 1 && !anyKind) return [rows];
  const byKey = new Map<string, R[]>();
  for (const row of rows) {
    const list = byKey.get(row.key);
    if (list) list.push(row);
    else byKey.set(row.key, [row]);
  }
  return keys.map(({ key, kind }) => {
    const found = byKey.get(key);
    if (!found) return [];
    // One kind asked and read: the unique (kind, key) index gives one row, of that kind.
    if (oneKind) return [found[0]];
    if (found.length === 1) return !kind || found[0].kind === kind ? [found[0]] : [];
    const matching = kind ? found.filter((p) => p.kind === kind) : found.slice();
    return matching.length > 1 ? matching.sort(reading.byId) : matching;
  });
}

/**
 * A position no row is stored for: known from the games that reach it (read from the replay of
 * the first), or only from the text it was asked by. It has no id, no list and no scores.
 */
export interface UnstoredPosition {
  readonly stored: false;
  kind: GameKind;
  key: string;
  hash: bigint | null;
  groupKey: string | null;
  sideToMove: string | null;
  board: string;
  data: Position['data'];
  pieceCount: number | null;
}

/** A position as the lookups find it: its stored row, or one no row is stored for. */
export type FoundPosition = Position | UnstoredPosition;

/** Whether a found position is a stored row (with an id, and maybe scores and a list). */
export const isStored = (p: FoundPosition): p is Position => !('stored' in p);

/** The position a record gives (a game's ply, or a position looked up by its text), no row stored for it. */
export const unstoredPosition = (p: PositionRecord): UnstoredPosition => ({
  stored: false,
  kind: p.kind,
  key: p.key,
  hash: p.hash ?? null,
  groupKey: p.groupKey ?? null,
  sideToMove: p.sideToMove ?? null,
  board: p.board,
  data: (p.data ?? null) as Position['data'],
  pieceCount: p.pieceCount ?? null,
});

/** Whether a stored row lacks what a game's ply would give it. */
const incomplete = (row: Position): boolean => row.board === '' || row.sideToMove === null;

/**
 * A stored row completed from a game's ply of the same position: a row a score file made before
 * any game reached the position has no board (or no side to move, or data); the game has them.
 */
export const completedRow = (row: Position, record: PositionRecord): Position =>
  !incomplete(row)
    ? row
    : {
        ...row,
        board: row.board || record.board,
        sideToMove: row.sideToMove ?? record.sideToMove ?? null,
        data: row.data ?? ((record.data ?? null) as Position['data']),
        pieceCount: row.pieceCount ?? record.pieceCount ?? null,
      };

/**
 * The positions under each of `keys` (as `positionsByKeys`), where a key with no stored row is
 * looked up in the games: the first game that reaches it gives its board (and completes a row
 * that has none).
 */
export async function positionsOfKeys(db: Database, source: PlySource, keys: readonly PositionKey[]): Promise<FoundPosition[][]> {
  const lists = await positionsByKeys(db, keys);
  return Promise.all(
    lists.map((found, i): FoundPosition[] | Promise<FoundPosition[]> => {
      // Stored rows that are whole (the usual answer) as they are, without a promise each.
      if (found.length > 0 && !found.some(incomplete)) return found;
      return foundOrFromGames(db, source, found, keys[i]);
    }),
  );
}

/** A key's rows completed from the games that reach them; none stored: its positions known from the games. */
async function foundOrFromGames(db: Database, source: PlySource, found: Position[], { key, kind }: PositionKey): Promise<FoundPosition[]> {
  if (found.length > 0) {
    return Promise.all(
      found.map(async (row) => {
        if (!incomplete(row)) return row;
        const ply = await firstPlyOfKey(db, source, row.kind, row.key);
        return ply ? completedRow(row, ply.ply.position) : row;
      }),
    );
  }
  const fromGames: UnstoredPosition[] = [];
  for (const k of kind ? [kind] : GAME_KINDS) {
    const ply = await firstPlyOfKey(db, source, k, key);
    // A backgammon Position ID alone is a group key: its plies are positions of other keys.
    if (!ply || ply.ply.position.key !== key) continue;
    fromGames.push(unstoredPosition(ply.ply.position));
  }
  return fromGames;
}

/** A position as a plain lookup answers it: a stored row's plain fields, or whatever `positionsOfKeys` found. */
export type PlainFound = PlainPosition | LeanPosition | FoundPosition;

/**
 * `positionsOfKeys` for a lookup that reads only plain fields (`PlainPosition`'s; `lean`: neither
 * the kind nor the group key, `LeanPosition`'s): the stored rows read with those columns alone; the
 * keys with no row, or with a row that lacks its board or side to move, answered by
 * `positionsOfKeys` (from the games that reach them), as the full lookup does.
 */
export async function plainPositionsOfKeys(db: Database, source: PlySource, keys: readonly PositionKey[], lean = false): Promise<PlainFound[][]> {
  const lists: PlainFound[][] = lean ? await coalesced(db, LEAN, keys) : await coalesced(db, PLAIN, keys);
  let rest: number[] | undefined;
  for (let i = 0; i < lists.length; i++) {
    const found = lists[i];
    if (found.length === 0 || (found.length === 1 ? plainIncomplete(found[0] as LeanPosition) : (found as LeanPosition[]).some(plainIncomplete))) (rest ??= []).push(i);
  }
  if (rest) {
    const others = await positionsOfKeys(db, source, rest.map((i) => keys[i]));
    rest.forEach((i, at) => (lists[i] = others[at]));
  }
  return lists;
}

const plainIncomplete = (row: LeanPosition): boolean => row.board === '' || row.sideToMove === null;
