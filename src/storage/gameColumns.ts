/**
 * What the filtered explorer reads of every stored game, held in memory as columns indexed by
 * game id, so counting a hot position's games over a filter (hundreds of thousands of games at
 * the start position) reads arrays instead of rows. Filled on first use and topped up with the
 * games stored since; a game a lookup does not find (stored by a transaction that committed after
 * a later one) is read then. Games never change these fields once stored, and a deleted game is
 * never looked up again (the index entries that named it go with its import), so nothing is evicted.
 *
 * Also the decoded runs of hot positions, kept while they are asked for (runs never change; a
 * run is used only while the index still lists it).
 */
import type { Database } from '../db/database';
import { type DecodedRun, type IndexKey, type TalliedGame, decodedRuns } from '../db/positionIndex';
import type { Outcome, Speed } from '../db/records';
import { escapeLike } from '../db/sql';
import { SPEEDS } from '../games/speed';
import { type GameQuery, gameConditions } from './gameFilter';

const OUTCOMES: readonly Outcome[] = [null, 'FIRST', 'DRAW', 'SECOND'];
/** A missing day in the day columns. */
export const NO_DAY = -2147483648;
const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a `YYYY-MM-DD` day; NO_DAY for none. */
export const dayNumber = (day: string | Date | null | undefined): number => {
  if (day === null || day === undefined) return NO_DAY;
  const ms = typeof day === 'string' ? Date.parse(`${day}T00:00:00Z`) : day.getTime();
  return Number.isNaN(ms) ? NO_DAY : Math.floor(ms / DAY_MS);
};

/** A day number as `YYYY-MM-DD`. */
export const dayText = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

interface Row {
  [column: string]: unknown;
  id: bigint;
  playedOn: number | null;
  playedUntil: number | null;
  meanRating: number | null;
  player1Rating: number | null;
  player2Rating: number | null;
  speed: Speed | null;
  outcome: Outcome;
  firstPoints: number | null;
  plyCount: number;
  player1: string | null;
  player2: string | null;
}

const SELECT = `SELECT id, ("playedOn" - DATE '1970-01-01') AS "playedOn", ("playedUntil" - DATE '1970-01-01') AS "playedUntil",
  "meanRating", "player1Rating", "player2Rating", speed, outcome, "firstPoints", "plyCount", player1, player2 FROM "Game"`;

/**
 * The players' names of the stored games, each once, and which of them a filter text matches as
 * SQL's `ILIKE` does (asked of the database, so a list of games and the explorer agree on every
 * name, whatever its letters): remembered per text, only names added since asked again.
 */
export class PlayerNames {
  readonly names: string[] = [];
  private readonly index = new Map<string, number>();
  private readonly matches = new Map<string, { checked: number; flags: Uint8Array }>();

  /** The number of `name` (−1 for none). */
  idOf(name: string | null): number {
    if (name === null) return -1;
    let id = this.index.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.names.push(name);
      this.index.set(name, id);
    }
    return id;
  }

  /** Which names contain `text`, any case (`flags[id]` is 1), as `gameFilter.ts` matches a player. */
  async matching(db: Database, text: string): Promise<Uint8Array> {
    let known = this.matches.get(text);
    if (!known) {
      if (this.matches.size >= 256) this.matches.delete(this.matches.keys().next().value!);
      this.matches.set(text, (known = { checked: 0, flags: new Uint8Array(0) }));
    }
    if (known.checked < this.names.length) {
      const fresh = this.names.slice(known.checked);
      const rows = await db.sql.query<{ i: number }>(
        `SELECT (t.i - 1)::int4 AS i FROM unnest($1::text[]) WITH ORDINALITY AS t(name, i) WHERE t.name ILIKE $2`,
        [fresh, `%${escapeLike(text)}%`],
      );
      const flags = new Uint8Array(this.names.length);
      flags.set(known.flags);
      for (const { i } of rows) flags[known.checked + i] = 1;
      known.flags = flags;
      known.checked = this.names.length;
    }
    return known.flags;
  }
}

/** Filters whose kept slots a process keeps (a byte a game each). */
const KEPT_MAPS = 8;

/** The columns of the stored games, indexed by id − `first`. */
export class GameColumns {
  private first = -1n;
  private size = 0;
  /** The highest id loaded; every committed game at or below it was loaded or is read on a miss. */
  private loadedMax = 0n;
  present = new Uint8Array(0);
  playedOn = new Int32Array(0);
  playedUntil = new Int32Array(0);
  /** Twice the mean rating (it may end in .5); −1 without both ratings. */
  mean2 = new Int32Array(0);
  rating1 = new Int32Array(0);
  rating2 = new Int32Array(0);
  /** Index in SPEEDS; −1 unknown. */
  speed = new Int8Array(0);
  /** Index in OUTCOMES. */
  outcome = new Uint8Array(0);
  firstPoints = new Float64Array(0);
  plies = new Int32Array(0);
  /** Numbers of the players' names in `players` (−1 for none). */
  player1 = new Int32Array(0);
  player2 = new Int32Array(0);
  readonly players = new PlayerNames();
  /** The load `refresh` is running, if any. */
  private refreshing: Promise<void> | undefined;
  /** Bumped whenever a game is stored or the slots move: what a kept map was computed at. */
  private version = 0;
  /** The slots each recent filter keeps (`keptBy`), by the filter's column fields, most recently used last. */
  private readonly keptMaps = new Map<string, { version: number; playerFlags: Uint8Array | null; kept: Uint8Array }>();

  /** How many games the columns hold. */
  get loaded(): number {
    let n = 0;
    for (let i = 0; i < this.size; i++) n += this.present[i];
    return n;
  }

  /** The id of the game in slot `i`. */
  idOf(i: number): bigint {
    return this.first + BigInt(i);
  }

  /** The slot of game `id`, or −1 when it is outside what was loaded. */
  slot(id: bigint): number {
    if (this.first < 0n || id < this.first) return -1;
    const i = Number(id - this.first);
    return i < this.size ? i : -1;
  }

  outcomeOf(i: number): Outcome {
    return OUTCOMES[this.outcome[i]];
  }

  /** What the tally reads of the game in slot `i` (as `talliedGame` of its row). */
  talliedAt(i: number): TalliedGame {
    const points = this.firstPoints[i];
    return {
      outcome: this.outcomeOf(i),
      firstPoints: Number.isNaN(points) ? null : points,
      player1Rating: this.rating1[i] < 0 ? null : this.rating1[i],
      player2Rating: this.rating2[i] < 0 ? null : this.rating2[i],
      playedOn: this.playedOn[i] === NO_DAY ? null : dayText(this.playedOn[i]),
    };
  }

  /**
   * 1 at the slot of every loaded game that the fields of `query` the columns hold keep
   * (`columnTest`; a player by `playerFlags`, the names its text matches). Computed once per filter
   * over every game and reused while no game is stored since: an explorer user sets a filter, then
   * asks position after position, each counting up to every game (the start position) against it.
   */
  keptBy(query: GameQuery, playerFlags: Uint8Array | null): Uint8Array {
    const key = columnPartKey(query);
    const known = this.keptMaps.get(key);
    this.keptMaps.delete(key);
    if (known && known.version === this.version && known.playerFlags === playerFlags) {
      this.keptMaps.set(key, known);
      return known.kept;
    }
    const test = columnTest(this, query, playerFlags);
    const kept = new Uint8Array(this.present.length);
    for (let i = 0; i < this.size; i++) if (this.present[i] === 1 && test(i)) kept[i] = 1;
    this.keptMaps.set(key, { version: this.version, playerFlags, kept });
    if (this.keptMaps.size > KEPT_MAPS) this.keptMaps.delete(this.keptMaps.keys().next().value!);
    return kept;
  }

  /**
   * Loads the games stored since the last call (all of them the first time). One load at a time:
   * a caller that comes while one runs waits for it, then loads what came since.
   */
  async refresh(db: Database): Promise<void> {
    while (this.refreshing) await this.refreshing;
    this.refreshing = this.loadSince(db).finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async loadSince(db: Database): Promise<void> {
    const [{ max }] = await db.sql.query<{ max: bigint | null }>(`SELECT max(id) AS max FROM "Game"`);
    if (max === null || max <= this.loadedMax) return;
    const rows = await db.sql.query<Row>(`${SELECT} WHERE id > $1 AND id <= $2 ORDER BY id`, [this.loadedMax, max]);
    this.store(rows);
    this.loadedMax = max;
  }

  /** Reads games a lookup missed (committed after later ids were loaded). */
  async fill(db: Database, ids: readonly bigint[]): Promise<void> {
    if (ids.length === 0) return;
    this.store(await db.sql.query<Row>(`${SELECT} WHERE id = ANY($1::int8[])`, [ids]));
  }

  private store(rows: readonly Row[]): void {
    if (rows.length === 0) return;
    this.version++;
    const lowest = rows.reduce((low, r) => (r.id < low ? r.id : low), rows[0].id);
    if (this.first < 0n) this.first = lowest;
    // A game below the first one loaded (its import committed after a later one was read): make room before.
    else if (lowest < this.first) this.shift(Number(this.first - lowest));
    const top = Number(rows[rows.length - 1].id - this.first) + 1;
    if (top > this.size) this.grow(top);
    for (const r of rows) {
      const i = Number(r.id - this.first);
      if (i < 0) continue; // below the first id loaded: cannot happen (ids only grow), but never write out of range
      this.present[i] = 1;
      this.playedOn[i] = r.playedOn ?? NO_DAY;
      this.playedUntil[i] = r.playedUntil ?? NO_DAY;
      this.mean2[i] = r.meanRating === null ? -1 : Math.round(r.meanRating * 2);
      this.rating1[i] = r.player1Rating ?? -1;
      this.rating2[i] = r.player2Rating ?? -1;
      this.speed[i] = r.speed === null ? -1 : SPEEDS.indexOf(r.speed);
      this.outcome[i] = Math.max(0, OUTCOMES.indexOf(r.outcome));
      this.firstPoints[i] = r.firstPoints ?? Number.NaN;
      this.plies[i] = r.plyCount;
      this.player1[i] = this.players.idOf(r.player1);
      this.player2[i] = this.players.idOf(r.player2);
    }
  }

  /** Moves every slot `by` up, the first id down as much (slots before are empty). */
  private shift(by: number): void {
    this.version++;
    this.resize(this.present.length + by, by);
    this.first -= BigInt(by);
    this.size += by;
  }

  private grow(size: number): void {
    const capacity = Math.max(size, Math.ceil(this.present.length * 1.5), 1024);
    if (capacity > this.present.length) this.resize(capacity, 0);
    this.size = size;
  }

  /** Every column at `capacity` slots, the old slots from `at` on: the one list of columns. */
  private resize(capacity: number, at: number): void {
    this.present = resized(this.present, capacity, at);
    this.playedOn = resized(this.playedOn, capacity, at);
    this.playedUntil = resized(this.playedUntil, capacity, at);
    this.mean2 = resized(this.mean2, capacity, at);
    this.rating1 = resized(this.rating1, capacity, at);
    this.rating2 = resized(this.rating2, capacity, at);
    this.speed = resized(this.speed, capacity, at);
    this.outcome = resized(this.outcome, capacity, at);
    this.firstPoints = resized(this.firstPoints, capacity, at);
    this.plies = resized(this.plies, capacity, at);
    this.player1 = resized(this.player1, capacity, at);
    this.player2 = resized(this.player2, capacity, at);
  }
}

/** A copy of `old` with `capacity` slots, its values from slot `at`. */
function resized<T extends Uint8Array | Int8Array | Int32Array | Float64Array>(old: T, capacity: number, at: number): T {
  const next = new (old.constructor as new (n: number) => T)(capacity);
  next.set(old as never, at);
  return next;
}

/**
 * The filter's fields the game columns hold, as one test of a game's slot (one function, not one
 * per field: it runs once per game of a hot position); the others are left to SQL.
 */
function columnTest(columns: GameColumns, query: GameQuery, playerFlags: Uint8Array | null): (i: number) => boolean {
  const { playedOn, playedUntil, mean2, speed, plies, player1, player2 } = columns;
  const side = query.playerSide;
  const from = query.playedFrom ? dayNumber(query.playedFrom) : null;
  const to = query.playedTo ? dayNumber(query.playedTo) : null;
  const rated = query.minRating !== undefined || query.maxRating !== undefined;
  const min2 = query.minRating === undefined ? -Infinity : query.minRating * 2;
  const max2 = query.maxRating === undefined ? Infinity : query.maxRating * 2;
  const speeds = query.speeds ? new Uint8Array(SPEEDS.length) : null;
  for (const sp of query.speeds ?? []) speeds![SPEEDS.indexOf(sp)] = 1;
  const minPlies = query.minPlies ?? -Infinity;
  const maxPlies = query.maxPlies ?? Infinity;
  return (i) =>
    (from === null || (playedUntil[i] !== NO_DAY && playedUntil[i] >= from)) &&
    (to === null || (playedOn[i] !== NO_DAY && playedOn[i] <= to)) &&
    (!rated || (mean2[i] >= 0 && mean2[i] >= min2 && mean2[i] <= max2)) &&
    (speeds === null || (speed[i] >= 0 && speeds[speed[i]] === 1)) &&
    plies[i] >= minPlies &&
    plies[i] <= maxPlies &&
    (playerFlags === null ||
      (side === 'FIRST' ? playerFlags[player1[i]] === 1 : side === 'SECOND' ? playerFlags[player2[i]] === 1 : playerFlags[player1[i]] === 1 || playerFlags[player2[i]] === 1));
}

/** The filter's fields the game columns do not hold (event, texts, import, opening, analysis, games), for SQL. */
const SQL_FIELDS = ['event', 'result', 'text', 'importId', 'eco', 'analysed', 'gameIds'] as const satisfies readonly (keyof GameQuery)[];
const isSqlField = (field: string): boolean => (SQL_FIELDS as readonly string[]).includes(field);

/** The part of `query` SQL answers, or null when it sets none of those fields. */
const sqlPart = (query: GameQuery): GameQuery | null => {
  const rest: GameQuery = Object.fromEntries(SQL_FIELDS.map((field) => [field, query[field]]));
  return Object.values(rest).some((v) => v !== undefined) ? rest : null;
};

/** The fields of `query` the columns answer (all but SQL_FIELDS), as text that is equal for equal filters: a kept map's key. */
const columnPartKey = (query: GameQuery): string =>
  JSON.stringify(Object.entries(query).filter(([field, value]) => value !== undefined && !isSqlField(field)).sort(([a], [b]) => (a < b ? -1 : 1)));

/** The ids among the runs' games and `ids` that the filter's SQL-only fields keep, or null when it has none. */
async function sqlAllowed(db: Database, runs: readonly DecodedRun[], ids: readonly bigint[], query: GameQuery): Promise<Set<bigint> | null> {
  const rest = sqlPart(query);
  if (!rest || (runs.length === 0 && ids.length === 0)) return null;
  const params: unknown[] = [];
  const conditions = gameConditions(rest, params);
  const within: string[] = [];
  if (ids.length > 0) {
    params.push(ids);
    within.push(`g.id = ANY($${params.length}::int8[])`);
  }
  if (runs.length === 0) {
    const rows = await db.sql.query<{ id: bigint }>(`SELECT g.id FROM "Game" g WHERE ${[...conditions, `(${within.join(' OR ')})`].join(' AND ')}`, params);
    return new Set(rows.map((r) => r.id));
  }
  let [low, high] = [runs[0].baseGameId, runs[0].baseGameId];
  for (const run of runs) {
    // A run's entries come in game order: its last entry has its highest game.
    const top = run.baseGameId + BigInt(run.columns.offsets.at(-1) ?? 0);
    if (run.baseGameId < low) low = run.baseGameId;
    if (top > high) high = top;
  }
  params.push(low, high);
  within.push(`g.id BETWEEN $${params.length - 1} AND $${params.length}`);
  conditions.push(`(${within.join(' OR ')})`);
  const rows = await db.sql.query<{ id: bigint }>(`SELECT g.id FROM "Game" g WHERE ${conditions.join(' AND ')}`, params);
  return new Set(rows.map((r) => r.id));
}

/** The slot of each entry of a run is its base's slot plus its offset (slots follow ids); −1 when the base is not in the columns. */
export const baseSlotOf = (columns: GameColumns, run: DecodedRun): number => columns.slot(run.baseGameId);

/**
 * Whether a game (by its slot in the columns) is kept by `query`: the fields the columns hold are
 * tested in memory, once per filter over every game (`GameColumns.keptBy`; a player by the names
 * that match, asked of SQL once per text), the others asked of SQL once over the runs' games and
 * `ids`. The columns are brought up to date with every game of the runs and `ids` first, so each
 * has a slot.
 */
export async function gameTest(
  db: Database,
  columns: GameColumns,
  query: GameQuery,
  runs: readonly DecodedRun[],
  ids: readonly bigint[],
): Promise<(slot: number) => boolean> {
  await columns.refresh(db);
  // Games stored after the columns were read, out of id order: read them now.
  const missing = new Set<bigint>();
  for (const run of runs) {
    const base = baseSlotOf(columns, run);
    const { offsets } = run.columns;
    const present = columns.present;
    for (let e = 0; e < offsets.length; e++) {
      if (base >= 0 && present[base + offsets[e]] === 1) continue;
      missing.add(run.baseGameId + BigInt(offsets[e]));
    }
  }
  for (const id of ids) {
    const i = columns.slot(id);
    if (i < 0 || columns.present[i] === 0) missing.add(id);
  }
  await columns.fill(db, [...missing]);
  const kept = columns.keptBy(query, query.player ? await columns.players.matching(db, query.player) : null);
  const allowedIds = await sqlAllowed(db, runs, ids, query);
  let keptHere = kept;
  if (allowedIds) {
    keptHere = new Uint8Array(kept.length);
    for (const id of allowedIds) {
      const i = columns.slot(id);
      if (i >= 0) keptHere[i] = kept[i];
    }
  }
  return (i) => i >= 0 && keptHere[i] === 1;
}

/** Decoded runs by (kind, hash, base, entries), most recently used last, within a bound of bytes. */
class RunCache {
  private readonly runs = new Map<string, DecodedRun>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}

  /** The runs of `k` the index lists (`heads`), decoded: from the cache, the others read once. */
  async runsOf(db: Database, k: IndexKey, heads: readonly { baseGameId: bigint; occurrences: number }[]): Promise<DecodedRun[]> {
    const id = (base: bigint, occurrences: number) => `${k.kind} ${k.hash} ${base} ${occurrences}`;
    const out: DecodedRun[] = [];
    const missing: bigint[] = [];
    for (const h of heads) {
      const run = this.runs.get(id(h.baseGameId, h.occurrences));
      if (run) {
        this.runs.delete(id(h.baseGameId, h.occurrences));
        this.runs.set(id(h.baseGameId, h.occurrences), run);
        out.push(run);
      } else missing.push(h.baseGameId);
    }
    for (const run of await decodedRuns(db.sql, k, missing)) {
      out.push(run);
      this.runs.set(id(run.baseGameId, run.columns.offsets.length), run);
      this.bytes += run.bytes;
    }
    for (const [key, run] of this.runs) {
      if (this.bytes <= this.maxBytes) break;
      this.runs.delete(key);
      this.bytes -= run.bytes;
    }
    return out;
  }
}

/** Bytes of decoded runs a process keeps. */
const RUN_CACHE_BYTES = 256 * 1024 * 1024;

const columnsOf = new WeakMap<Database, { games: GameColumns; runs: RunCache }>();

/**
 * Reads every stored game's columns (`GameColumns.refresh`) ahead of the first filtered count: the
 * server calls it once the database is open, so that count does not wait seconds for a large collection.
 */
export const warmGameColumns = async (db: Database): Promise<number> => {
  const { games } = explorerCache(db);
  await games.refresh(db);
  return games.loaded;
};

/** The columns and run cache of `db` (one per database a process opened). */
export const explorerCache = (db: Database): { games: GameColumns; runs: RunCache } => {
  let cache = columnsOf.get(db);
  if (!cache) columnsOf.set(db, (cache = { games: new GameColumns(), runs: new RunCache(RUN_CACHE_BYTES) }));
  return cache;
};
