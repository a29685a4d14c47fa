/**
 * The one bulk-write path every import uses. Runs inside the import's
 * transaction, chunk after chunk:
 * - positions are de-duplicated in memory (the first record of a key wins) and the
 *   unique (kind, key) index is probed once per key: stored positions are reused
 *   (never repeated), new ones get ids from the sequence in file order and are COPYed
 *   straight into their table (a staging merge settles a conflict with a concurrent
 *   import, and listed records completing a stored position);
 * - games go through a staging table (their ids come back in file order);
 * - occurrences, which then know their game and position ids, are COPYed straight
 *   into their table (no staging, no join);
 * - scores, de-duplicated in memory (the last verdict of a program and ruleset on a
 *   position wins), replace an older verdict of the same program and ruleset.
 */
import type { GameKind, GameRecord, ImportChunk, PositionRecord, ScoreRecord } from '../storage/records';
import type { CopyValue } from './copyText';
import type { SqlExecutor } from './sql';

const STAGING_TABLES = `
-- Sorts of a whole chunk (file order) stay in memory.
SET LOCAL work_mem = '64MB';
CREATE TEMP TABLE IF NOT EXISTS stage_position (
  ord int, kind text, key text, hash bigint, "groupKey" text, "sideToMove" text, board text, data jsonb,
  "pieceCount" int, "listIndex" int
) ON COMMIT DROP;
CREATE TEMP TABLE IF NOT EXISTS stage_game (
  "indexInFile" int, kind text, "sourceFormat" text, source bytea, player1 text, player2 text, event text,
  site text, round text, "dateText" text, "playedOn" date, result text, "matchLength" int, "gameNumber" int,
  metadata jsonb, "gameText" bytea, "startFen" text
) ON COMMIT DROP;
CREATE TEMP TABLE IF NOT EXISTS stage_score_by_id (
  ord int, "positionId" bigint, program text, ruleset text, value float8, "bestValue" float8, confidence float8,
  details jsonb, source text
) ON COMMIT DROP;
TRUNCATE stage_position, stage_game, stage_score_by_id;
`;

const json = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));

/** `YYYY-MM-DD` from a full date in the common `YYYY.MM.DD` / `YYYY-MM-DD` forms, else null. */
export const normaliseDate = (text: string | null | undefined): string | null => {
  const match = text ? /^(\d{4})[.\-/](\d{2})[.\-/](\d{2})/.exec(text.trim()) : null;
  if (!match) return null;
  const [, y, m, d] = match;
  const date = new Date(`${y}-${m}-${d}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(d) ? null : `${y}-${m}-${d}`;
};

export interface ChunkCounts {
  games: number;
  positions: number;
  scores: number;
}

/** Position ids (as decimal text, the form COPY takes) by kind and key. */
class PositionIds {
  private readonly byKind = new Map<string, Map<string, string>>();
  get(kind: string, key: string): string | undefined {
    return this.byKind.get(kind)?.get(key);
  }
  set(kind: string, key: string, id: string): void {
    let keys = this.byKind.get(kind);
    if (!keys) this.byKind.set(kind, (keys = new Map()));
    keys.set(key, id);
  }
}

/** The chunk's distinct positions in file order (standalone records first, then each game's plies). */
function distinctPositions(chunk: ImportChunk): { staged: PositionRecord[] } {
  const staged: PositionRecord[] = [];
  const seen = new Map<GameKind, Set<string>>();
  const add = (p: PositionRecord): void => {
    let keys = seen.get(p.kind);
    if (!keys) seen.set(p.kind, (keys = new Set()));
    if (keys.has(p.key)) return;
    keys.add(p.key);
    staged.push(p);
  };
  for (const p of chunk.positions ?? []) add(p);
  for (const game of chunk.games ?? []) for (const ply of game.plies) add(ply.position);
  return { staged };
}

function* positionRows(staged: PositionRecord[]): Generator<CopyValue[]> {
  for (let ord = 0; ord < staged.length; ord++) {
    const p = staged[ord];
    yield [
      ord, p.kind, p.key, p.hash ?? null, p.groupKey ?? null, p.sideToMove ?? null, p.board, json(p.data),
      p.pieceCount ?? null, p.listIndex ?? null,
    ];
  }
}

/** Stored positions of the given keys: id (decimal text) and whether no list has claimed them yet. */
async function probePositions(sql: SqlExecutor, staged: PositionRecord[]): Promise<Map<string, Map<string, { id: string; unlisted: boolean }>>> {
  const keysByKind = new Map<string, string[]>();
  for (const p of staged) {
    let keys = keysByKind.get(p.kind);
    if (!keys) keysByKind.set(p.kind, (keys = []));
    keys.push(p.key);
  }
  const found = new Map<string, Map<string, { id: string; unlisted: boolean }>>();
  for (const [kind, keys] of keysByKind) {
    const rows = await sql.query<{ key: string; id: string; unlisted: boolean }>(
      `SELECT key, id::text AS id, "listImportId" IS NULL AS unlisted FROM "Position"
       WHERE kind = $1::"GameKind" AND key = ANY($2::text[])`,
      [kind, keys],
    );
    const byKey = new Map<string, { id: string; unlisted: boolean }>();
    for (const r of rows) byKey.set(r.key, { id: r.id, unlisted: r.unlisted });
    found.set(kind, byKey);
  }
  return found;
}

const isListed = (p: PositionRecord): boolean => p.listIndex !== undefined && p.listIndex !== null;

/**
 * Stores the chunk's positions; returns how many are new and every staged key's id.
 * The first record of a key wins; ids follow the order of the file. A listed record (one with a
 * listIndex) also completes a position that no list has claimed yet (stored by a game or a score),
 * taking its board, data and place in the list; otherwise stored positions are kept as they are.
 *
 * Fast path: one probe of the unique index per key, ids reserved from the sequence in file order,
 * and the new positions COPYed straight into the table under a savepoint. Should another import
 * commit one of these keys meanwhile (a unique violation), the savepoint is rolled back and the
 * chunk goes through the staging merge, which settles such conflicts row by row.
 */
async function storePositions(sql: SqlExecutor, importId: bigint, chunk: ImportChunk): Promise<{ added: number; ids: PositionIds }> {
  const ids = new PositionIds();
  const { staged } = distinctPositions(chunk);
  if (staged.length === 0) return { added: 0, ids };
  const stored = await probePositions(sql, staged);
  const fresh: PositionRecord[] = [];
  const completing: PositionRecord[] = [];
  for (const p of staged) {
    const hit = stored.get(p.kind)?.get(p.key);
    if (!hit) fresh.push(p);
    else {
      ids.set(p.kind, p.key, hit.id);
      if (hit.unlisted && isListed(p)) completing.push(p);
    }
  }
  let added = 0;
  if (fresh.length > 0) {
    const reserved = await sql.query<{ id: string }>(
      `SELECT nextval(pg_get_serial_sequence('"Position"', 'id'))::text AS id FROM generate_series(1, $1::int)`,
      [fresh.length],
    );
    const list = importId.toString();
    await sql.exec('SAVEPOINT tabula_positions');
    try {
      await sql.copyRows(
        'Position',
        ['id', 'kind', 'key', 'hash', 'groupKey', 'sideToMove', 'board', 'data', 'pieceCount', 'listImportId', 'listIndex'],
        (function* () {
          for (let i = 0; i < fresh.length; i++) {
            const p = fresh[i];
            yield [
              reserved[i].id, p.kind, p.key, p.hash ?? null, p.groupKey ?? null, p.sideToMove ?? null, p.board, json(p.data),
              p.pieceCount ?? null, isListed(p) ? list : null, p.listIndex ?? null,
            ];
          }
        })(),
      );
      await sql.exec('RELEASE SAVEPOINT tabula_positions');
      for (let i = 0; i < fresh.length; i++) ids.set(fresh[i].kind, fresh[i].key, reserved[i].id);
      added = fresh.length;
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code !== '23505') throw error;
      await sql.exec('ROLLBACK TO SAVEPOINT tabula_positions; RELEASE SAVEPOINT tabula_positions');
      return mergePositions(sql, importId, staged);
    }
  }
  if (completing.length > 0) await mergePositions(sql, importId, completing);
  return { added, ids };
}

/**
 * The staging merge: positions COPYed into a staging table, then one INSERT ... ON CONFLICT that
 * reuses stored positions (a listed record completing one no list has claimed) and inserts the
 * others in file order; returns how many are new and every staged key's id.
 */
async function mergePositions(sql: SqlExecutor, importId: bigint, staged: PositionRecord[]): Promise<{ added: number; ids: PositionIds }> {
  const ids = new PositionIds();
  const listed = staged.some(isListed);
  await sql.exec('TRUNCATE stage_position');
  await sql.copyRows(
    'stage_position',
    ['ord', 'kind', 'key', 'hash', 'groupKey', 'sideToMove', 'board', 'data', 'pieceCount', 'listIndex'],
    positionRows(staged),
  );
  const onConflict = listed
    ? `DO UPDATE SET hash = excluded.hash, "sideToMove" = excluded."sideToMove", board = excluded.board,
         data = excluded.data, "pieceCount" = excluded."pieceCount", "listImportId" = excluded."listImportId",
         "listIndex" = excluded."listIndex"
       WHERE "Position"."listImportId" IS NULL AND excluded."listImportId" IS NOT NULL`
    : 'DO NOTHING';
  const rows = await sql.query<{ kind: string; key: string; id: string; inserted: boolean }>(
    `WITH fresh AS (
      INSERT INTO "Position" (kind, key, hash, "groupKey", "sideToMove", board, data, "pieceCount", "listImportId", "listIndex")
      SELECT kind::"GameKind", key, hash, "groupKey", "sideToMove", board, data, "pieceCount",
        CASE WHEN "listIndex" IS NULL THEN NULL ELSE $1::int8 END, "listIndex"
      FROM stage_position ORDER BY ord
      ON CONFLICT (kind, key) ${onConflict} RETURNING id, kind, key, (xmax = 0) AS inserted
    ) SELECT kind::text AS kind, key, id::text AS id, inserted FROM fresh`,
    [importId],
  );
  let added = 0;
  for (const r of rows) {
    if (r.inserted) added++;
    ids.set(r.kind, r.key, r.id);
  }
  // Keys left as they were (stored before, or committed by another import meanwhile): look them up.
  const missing = staged.filter((p) => ids.get(p.kind, p.key) === undefined);
  if (missing.length > 0) {
    const found = await probePositions(sql, missing);
    for (const [kind, byKey] of found) for (const [key, hit] of byKey) ids.set(kind, key, hit.id);
  }
  return { added, ids };
}

/** Stores the chunk's games in file order; returns their ids (decimal text) by index in the chunk. */
async function storeGames(sql: SqlExecutor, importId: bigint, games: GameRecord[], gameIndexBase: number): Promise<string[]> {
  await sql.copyRows(
    'stage_game',
    ['indexInFile', 'kind', 'sourceFormat', 'source', 'player1', 'player2', 'event', 'site', 'round', 'dateText',
      'playedOn', 'result', 'matchLength', 'gameNumber', 'metadata', 'gameText', 'startFen'],
    games.map((g, i) => [
      gameIndexBase + i, g.kind, g.sourceFormat, g.source, g.player1 ?? null, g.player2 ?? null, g.event ?? null,
      g.site ?? null, g.round ?? null, g.dateText ?? null, normaliseDate(g.dateText), g.result ?? null,
      g.matchLength ?? null, g.gameNumber ?? null, json(g.metadata ?? {}), g.gameText ?? null, g.startFen ?? null,
    ]),
  );
  const rows = await sql.query<{ id: string; indexInFile: number }>(
    `INSERT INTO "Game" (kind, "importId", "indexInFile", "sourceFormat", source, player1, player2, event, site,
       round, "dateText", "playedOn", result, "matchLength", "gameNumber", metadata, "gameText", "startFen")
     SELECT kind::"GameKind", $1, "indexInFile", "sourceFormat", source, player1, player2, event, site, round,
       "dateText", "playedOn", result, "matchLength", "gameNumber", metadata, "gameText", "startFen"
     FROM stage_game ORDER BY "indexInFile"
     RETURNING id::text AS id, "indexInFile"`,
    [importId],
  );
  const ids: string[] = new Array(games.length);
  for (const r of rows) ids[r.indexInFile - gameIndexBase] = r.id;
  return ids;
}

/** Each game's plies as Occurrence rows; a repeated (variation, ply) in a game keeps its first node. */
function* occurrenceRows(games: GameRecord[], gameIds: string[], positions: PositionIds): Generator<CopyValue[]> {
  for (let i = 0; i < games.length; i++) {
    const gameId = gameIds[i];
    const plies = games[i].plies;
    let seen: Set<string> | null = null;
    for (let k = 0; k < plies.length; k++) {
      const ply = plies[k];
      const positionId = positions.get(ply.position.kind, ply.position.key);
      if (positionId === undefined) continue;
      if (k > 0) {
        // Plies usually count up within a line; only look closer when one does not.
        const previous = plies[k - 1];
        if (seen || ply.ply <= previous.ply || ply.variation !== previous.variation) {
          if (!seen) {
            seen = new Set();
            for (let j = 0; j < k; j++) seen.add(`${plies[j].ply}\u0000${plies[j].variation}`);
          }
          const id = `${ply.ply}\u0000${ply.variation}`;
          if (seen.has(id)) continue;
          seen.add(id);
        }
      }
      yield [gameId, positionId, ply.variation, ply.ply, ply.move ?? null, ply.nextMove ?? null];
    }
  }
}

/** Ids of positions named by scores but not staged in this chunk. */
async function lookUpScorePositions(sql: SqlExecutor, scores: ScoreRecord[], ids: PositionIds): Promise<void> {
  const wanted = new Map<string, Set<string>>();
  for (const s of scores) {
    if (ids.get(s.kind, s.positionKey) !== undefined) continue;
    let keys = wanted.get(s.kind);
    if (!keys) wanted.set(s.kind, (keys = new Set()));
    keys.add(s.positionKey);
  }
  for (const [kind, keys] of wanted) {
    const rows = await sql.query<{ key: string; id: string }>(
      `SELECT key, id::text AS id FROM "Position" WHERE kind = $1::"GameKind" AND key = ANY($2::text[])`,
      [kind, [...keys]],
    );
    for (const r of rows) ids.set(kind, r.key, r.id);
  }
}

/**
 * Score rows: a score of a position not stored is dropped; of several verdicts of one program and
 * ruleset on a position, the last in the file is kept, in its place in the file.
 */
function scoreRows(scores: ScoreRecord[], ids: PositionIds): CopyValue[][] {
  const resolved: (string | undefined)[] = new Array(scores.length);
  const last = new Map<string, number>();
  for (let i = 0; i < scores.length; i++) {
    const s = scores[i];
    const id = ids.get(s.kind, s.positionKey);
    resolved[i] = id;
    if (id !== undefined) last.set(`${id}\u0000${s.program}\u0000${s.ruleset}`, i);
  }
  const rows: CopyValue[][] = [];
  for (let i = 0; i < scores.length; i++) {
    const id = resolved[i];
    if (id === undefined) continue;
    const s = scores[i];
    if (last.get(`${id}\u0000${s.program}\u0000${s.ruleset}`) !== i) continue;
    rows.push([i, id, s.program, s.ruleset, s.value, s.bestValue ?? null, s.confidence ?? null, json(s.details), s.source ?? null]);
  }
  return rows;
}

/**
 * Stores one chunk of an import. `gameIndexBase` numbers the chunk's games
 * within the file. Returns how many rows of each kind are new in the database.
 */
export async function writeChunk(
  sql: SqlExecutor,
  importId: bigint,
  chunk: ImportChunk,
  gameIndexBase: number,
): Promise<ChunkCounts> {
  await sql.exec(STAGING_TABLES);
  const games = chunk.games ?? [];
  const scores = chunk.scores ?? [];
  const { added, ids } = await storePositions(sql, importId, chunk);

  if (games.length > 0) {
    const gameIds = await storeGames(sql, importId, games, gameIndexBase);
    await sql.copyRows('Occurrence', ['gameId', 'positionId', 'variation', 'ply', 'move', 'nextMove'], occurrenceRows(games, gameIds, ids));
  }

  let newScores = 0;
  if (scores.length > 0) {
    await lookUpScorePositions(sql, scores, ids);
    const rows = scoreRows(scores, ids);
    if (rows.length > 0) {
      await sql.copyRows(
        'stage_score_by_id',
        ['ord', 'positionId', 'program', 'ruleset', 'value', 'bestValue', 'confidence', 'details', 'source'],
        rows,
      );
      // A later verdict of the same program and ruleset on a position replaces the earlier one; new rows
      // are inserted in file order, so score ids follow it.
      const written = await sql.query<{ n: bigint }>(`
        WITH merged AS (
          INSERT INTO "Score" ("positionId", program, ruleset, value, "bestValue", confidence, details, source)
          SELECT "positionId", program, ruleset, value, "bestValue", confidence, details, source
          FROM stage_score_by_id ORDER BY ord
          ON CONFLICT ("positionId", program, ruleset) DO UPDATE SET value = excluded.value,
            "bestValue" = excluded."bestValue", confidence = excluded.confidence, details = excluded.details,
            source = excluded.source
          RETURNING 1
        ) SELECT count(*)::int8 AS n FROM merged`);
      newScores = Number(written[0].n);
    }
  }
  return { games: games.length, positions: added, scores: newScores };
}

/**
 * Reads chunks one ahead: as soon as a chunk is handed over (to be stored), the next one is
 * produced, so a reader's parsing overlaps the database's work on the previous chunk. At most
 * two chunks are held. The next chunk is started on the following turn of the event loop, after
 * the consumer has sent its first statement.
 */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const it = source[Symbol.asyncIterator]();
  const nextSoon = (): Promise<IteratorResult<T>> => {
    const next = new Promise<void>((resolve) => setImmediate(resolve)).then(() => it.next());
    // Handled where it is awaited; this only keeps a failure that comes first from being reported as unhandled.
    next.catch(() => undefined);
    return next;
  };
  let finished = false;
  try {
    let result = await it.next();
    while (!result.done) {
      const pending = nextSoon();
      yield result.value;
      result = await pending;
    }
    finished = true;
  } finally {
    // The consumer stopped early (a failed write): let the source clean up.
    if (!finished) await Promise.resolve(it.return?.()).catch(() => undefined);
  }
}
