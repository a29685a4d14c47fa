/**
 * The pattern signatures (`Game.patternSignature`) of every stored game of a kind, held in memory
 * per database, so a pattern search over a large collection tests them in arrays instead of
 * reading a few hundred bytes a game from SQL each time (a million chess games with their packed
 * moves: about 290 MB read and decoded per search). Kept only for kinds of at least `KEPT_FROM_GAMES` games (a smaller
 * collection's signatures are read per search in little time) and at most `MAX_BYTES` of
 * signatures; read whole on first use, and read again whole when the stored imports change
 * (one added, deleted, grown or caught up: `importsStamp`), which also covers games deleted and
 * signatures the attributes catch-up filled since.
 */
import type { Database } from '../db/database';
import type { GameKind } from '../db/records';

/** Games of a kind from which its signatures are kept in memory. */
let keptFromGames = 50_000;
/** Most bytes of signatures kept for one kind (the ids besides: 13 bytes a game): a million chess games of 250 plies on average. */
const MAX_BYTES = 512 * 1024 * 1024;
/** Rows read at a time while filling. */
const FILL_PAGE = 20_000;

/**
 * Sets the number of games of a kind from which its signatures are kept in memory (tests keep
 * them for a few games); returns the number it replaces.
 */
export const keepSignaturesFrom = (games: number): number => {
  const before = keptFromGames;
  keptFromGames = games;
  return before;
};

/**
 * The signatures of a kind's games, in id order: game i's are bytes[ends[i - 1] .. ends[i]) (ends[-1] = 0); `missing[i]` 1 when it has none.
 * The arrays are on shared memory (`SharedArrayBuffer`): a range of them is sent to a worker without a copy.
 */
export interface KindSignatures {
  count: number;
  ids: Float64Array;
  ends: Int32Array;
  missing: Uint8Array;
  bytes: Uint8Array;
}

/** Signature i of signatures packed one after another, as `KindSignatures` (and a worker's part) keep them. */
export const packedSignature = (bytes: Uint8Array, ends: Int32Array, i: number): Uint8Array => bytes.subarray(i === 0 ? 0 : ends[i - 1], ends[i]);

interface Entry {
  stamp: string;
  /** The signatures, null when the kind's games are too few or their signatures too many bytes to keep. */
  signatures: Promise<KindSignatures | null>;
}

const kept = new WeakMap<Database, Map<GameKind, Entry>>();

/**
 * What the stored imports are now: a change in any of them (added, deleted, its game count, its
 * attributes caught up) reads a kind's signatures again. Games are stored and deleted by imports.
 */
export const importsStamp = async (db: Database): Promise<string> => {
  const [row] = await db.sql.query<{ n: bigint; last: bigint | null; games: bigint | null; pending: bigint }>(
    `SELECT count(*)::int8 AS n, max(id) AS last, sum("gameCount")::int8 AS games, count(*) FILTER (WHERE NOT attributed)::int8 AS pending FROM "Import"`,
  );
  return `${row.n}:${row.last ?? 0}:${row.games ?? 0}:${row.pending}`;
};

type SharedArray = Float64Array | Int32Array | Uint8Array;

/** A typed array of `length` elements on shared memory: the pattern workers read the signatures where they are, without a copy. */
const shared = <T extends SharedArray>(type: { new (buffer: SharedArrayBuffer): T; BYTES_PER_ELEMENT: number }, length: number): T =>
  new type(new SharedArrayBuffer(length * type.BYTES_PER_ELEMENT));

const grown = <T extends SharedArray>(old: T, capacity: number): T => {
  const next = shared(old.constructor as { new (buffer: SharedArrayBuffer): T; BYTES_PER_ELEMENT: number }, capacity);
  next.set(old);
  return next;
};

/** Reads every signature of the kind's games, null when they are too few games or too many bytes to keep. */
async function readSignatures(db: Database, kind: GameKind): Promise<KindSignatures | null> {
  const [sizes] = await db.sql.query<{ n: bigint; bytes: bigint | null }>(
    `SELECT count(*)::int8 AS n, sum(octet_length("patternSignature"))::int8 AS bytes FROM "Game" WHERE kind = $1::"GameKind"`,
    [kind],
  );
  const games = Number(sizes.n);
  if (games < keptFromGames || Number(sizes.bytes ?? 0) > MAX_BYTES) return null;
  // Sized for what was counted, and a little more for games an import adds while this reads.
  let capacity = games + 1024;
  let s: KindSignatures = {
    count: 0,
    ids: shared(Float64Array, capacity),
    ends: shared(Int32Array, capacity),
    missing: shared(Uint8Array, capacity),
    bytes: shared(Uint8Array, Number(sizes.bytes ?? 0) + 1024 * 256),
  };
  let used = 0;
  let after = -1n;
  for (;;) {
    const rows = await db.sql.query<{ id: bigint; signature: Uint8Array | null }>(
      `SELECT id, "patternSignature" AS signature FROM "Game" WHERE kind = $1::"GameKind" AND id > $2 ORDER BY id LIMIT ${FILL_PAGE}`,
      [kind, after],
    );
    for (const r of rows) {
      const length = r.signature?.length ?? 0;
      if (used + length > MAX_BYTES) return null;
      if (s.count === capacity) {
        capacity *= 2;
        s = { ...s, ids: grown(s.ids, capacity), ends: grown(s.ends, capacity), missing: grown(s.missing, capacity) };
      }
      if (used + length > s.bytes.length) s.bytes = grown(s.bytes, Math.min(MAX_BYTES, Math.max(used + length, s.bytes.length * 2)));
      if (r.signature) s.bytes.set(r.signature, used);
      else s.missing[s.count] = 1;
      used += length;
      s.ids[s.count] = Number(r.id);
      s.ends[s.count] = used;
      s.count++;
    }
    if (rows.length < FILL_PAGE) break;
    after = rows[rows.length - 1].id;
  }
  return s;
}

/**
 * The signatures of the kind's games as kept in memory (read first when not yet kept, or kept
 * under another `stamp` of the imports), or null when the kind's are not kept: the search reads
 * them from SQL.
 */
export async function keptSignatures(db: Database, kind: GameKind, stamp: string): Promise<KindSignatures | null> {
  let byKind = kept.get(db);
  if (!byKind) kept.set(db, (byKind = new Map()));
  const known = byKind.get(kind);
  if (known && known.stamp === stamp) return known.signatures;
  const entry: Entry = { stamp, signatures: readSignatures(db, kind) };
  byKind.set(kind, entry);
  // A read that failed is not kept: the next search reads again.
  entry.signatures.catch(() => {
    if (byKind.get(kind) === entry) byKind.delete(kind);
  });
  return entry.signatures;
}
