/**
 * The one bulk-write path every import uses. Runs inside the import's
 * transaction, chunk after chunk:
 * - positions are de-duplicated in memory within the chunk (the first record of a key
 *   wins), COPYed into a staging table and merged with one INSERT ... ON CONFLICT: stored
 *   positions are reused (never repeated), new ones take ids in file order, and rows go in
 *   in key order so concurrent imports of overlapping keys cannot deadlock; the positions that
 *   are records of the file (not plies of its games) are linked to the import (`ImportPosition`,
 *   with their place in its list), so deleting another import that brought them keeps them;
 *   a chunk whose positions are all new (`positionCopy.ts` says when) skips the staging and is
 *   COPYed straight into `Position` and `ImportPosition`, from rows made where the chunk was read
 *   when its reader prepared them (`ImportChunk.preparedPositions`);
 * - games are COPYed straight into their table with ids reserved from its sequence in
 *   file order, with the outcome and points their reader read from the result, and their plies
 *   go to the import's position index (`positionIndex/writer.ts`, counting that outcome);
 *   a position reached in a game becomes a `Position` row only when something is attached to
 *   it (a score of the chunk), since the game itself gives its board on a replay; the
 *   evaluations that came inside a game (chess `[%eval]`) are packed with it (`Game.evaluations`)
 *   and found by position through the import's evaluation index (`evaluationIndex.ts`), with no
 *   `Position` or `Score` row;
 * - each game's analysis summary (what a program said of each player's decisions) goes to
 *   `PlayerAnalysis`, one row per game and side;
 * - scores, de-duplicated in memory (the last verdict of a program and ruleset on a
 *   position wins), replace an older verdict of the same program and ruleset; every score the
 *   import writes is linked to it (`ImportScore`), and stays while one import that wrote it does.
 * Nothing is kept between chunks but a fixed-size filter of the keys stored (`seenKeys.ts`):
 * de-duplication across chunks is the database's (the unique index sees what earlier chunks
 * stored), so memory is bounded by one chunk.
 */
import type { GameAttributes, GameKind, GameRecord, ImportChunk, PositionRecord, ScoreRecord } from './records';
import type { CopyValue } from './copyText';
import type { SqlExecutor } from './sql';
import { writtenDateRange } from './dateRange';
import { PositionIndexBuffer } from './positionIndex';
import { EvaluationIndexBuffer } from './evaluationIndex';
import { distinctKeysOf } from './packedPlies';
import { reserveIds } from './reserveIds';
import { StraightCopies } from './positionCopy';

/** Columns of the staging tables (temporary, dropped at commit), created when a chunk first needs one. */
const STAGING = {
  stage_position: `id bigint, kind text, key text, hash bigint, "groupKey" text, "sideToMove" text, board text, data jsonb,
    "pieceCount" int, "listIndex" int, brought boolean`,
  stage_score: `ord bigint, "positionId" bigint, program text, ruleset text, value float8, "bestValue" float8,
    confidence float8, details jsonb, source text`,
};

/** An empty staging table (sorts of a whole chunk in file order stay in memory). */
const emptyStaging = (sql: SqlExecutor, table: keyof typeof STAGING): Promise<void> =>
  sql.exec(`SET LOCAL work_mem = '64MB';
    CREATE TEMP TABLE IF NOT EXISTS ${table} (${STAGING[table]}) ON COMMIT DROP;
    TRUNCATE ${table};`);

/** `playedOn` and `playedUntil`: the first and last day the game's written date can be. */
const playedRange = (dateText: string | null | undefined): [string | null, string | null] => {
  const range = writtenDateRange(dateText);
  return range ? [range.from, range.until] : [null, null];
};

const json = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));


export interface ChunkCounts {
  games: number;
  positions: number;
  /** Scores staged (merged by `finishImport`). */
  scores: number;
}

/** Position ids (as decimal text, the form COPY takes) by kind and key. */
class PositionIds {
  /** `byKind`: ids known already (a straight copy's). */
  constructor(private readonly byKind: Map<string, Map<string, string>> = new Map()) {}
  get(kind: string, key: string): string | undefined {
    return this.byKind.get(kind)?.get(key);
  }
  set(kind: string, key: string, id: string): void {
    let keys = this.byKind.get(kind);
    if (!keys) this.byKind.set(kind, (keys = new Map()));
    keys.set(key, id);
  }
}

/**
 * The chunk's distinct positions to store, in file order: standalone records first (the
 * `brought` first ones: the records of the file, linked to the import), then the positions of the
 * games' plies that the chunk's scores are about.
 */
function distinctPositions(chunk: ImportChunk): { staged: PositionRecord[]; brought: number } {
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
  const brought = staged.length;
  const scores = chunk.scores ?? [];
  if (scores.length === 0) return { staged, brought };
  const scored = new Map<string, Set<GameKind>>();
  for (const s of scores) {
    const kinds = scored.get(s.positionKey);
    if (kinds) kinds.add(s.kind);
    else scored.set(s.positionKey, new Set([s.kind]));
  }
  for (const game of chunk.games ?? []) {
    const packed = game.packedPlies;
    if (!packed) {
      for (const ply of game.plies) if (scored.get(ply.position.key)?.has(ply.position.kind)) add(ply.position);
      continue;
    }
    // Packed plies: their keys, and the positions their own scores are about; another's are read again.
    const keys = packed.keys.split('\n');
    for (let at = 0; at < keys.length; at++) {
      if (!scored.get(keys[at])?.has(packed.kind) || seen.get(packed.kind)?.has(keys[at])) continue;
      add(packed.scored.find((s) => s.at === at)?.position ?? game.plies[at].position);
    }
  }
  return { staged, brought };
}

/** Staging rows: each distinct position with the id it takes if it is new, and whether the file brought it as a record. */
function* positionRows(staged: PositionRecord[], brought: number, ids: string[]): Generator<CopyValue[]> {
  for (let ord = 0; ord < staged.length; ord++) {
    const p = staged[ord];
    yield [
      ids[ord], p.kind, p.key, p.hash ?? null, p.groupKey ?? null, p.sideToMove ?? null, p.board, json(p.data),
      p.pieceCount ?? null, p.listIndex ?? null, ord < brought,
    ];
  }
}

type StoredPositions = Map<string, Map<string, { id: string; unlisted: boolean }>>;

/** Stored positions of the given records, by kind and key: id (decimal text) and whether no list has claimed them yet. */
function probePositions(sql: SqlExecutor, staged: PositionRecord[]): Promise<StoredPositions> {
  const keysByKind = new Map<string, Set<string>>();
  for (const p of staged) addKey(keysByKind, p.kind, p.key);
  return probeKeys(sql, keysByKind);
}

const addKey = (keysByKind: Map<string, Set<string>>, kind: string, key: string): void => {
  const keys = keysByKind.get(kind);
  if (keys) keys.add(key);
  else keysByKind.set(kind, new Set([key]));
};

/**
 * Stored positions under the given keys of each kind. With thousands of keys PostgreSQL plans
 * `key = ANY(...)` as one scan of the table, which measured faster here than one index probe per
 * key (a join to `unnest`: 725 against 200 ms for 10,000 keys among a million positions).
 */
async function probeKeys(sql: SqlExecutor, keysByKind: Map<string, Set<string>>): Promise<StoredPositions> {
  const found: StoredPositions = new Map();
  for (const [kind, keys] of keysByKind) {
    const rows = await sql.query<{ key: string; id: string; unlisted: boolean }>(
      `SELECT key, id::text AS id, "listImportId" IS NULL AS unlisted FROM "Position"
       WHERE kind = $1::"GameKind" AND key = ANY($2::text[])`,
      [kind, [...keys]],
    );
    const byKey = new Map<string, { id: string; unlisted: boolean }>();
    for (const r of rows) byKey.set(r.key, { id: r.id, unlisted: r.unlisted });
    found.set(kind, byKey);
  }
  return found;
}

const isListed = (p: PositionRecord): boolean => p.listIndex !== undefined && p.listIndex !== null;

/**
 * Stores the chunk's positions; returns how many are new and every staged key's id. The first
 * record of a key wins; new positions take ids in the order of the file. A listed record (one
 * with a listIndex) also completes a position that no list has claimed yet (stored by a game or
 * a score), taking its board, data and place in the list; otherwise stored positions are kept
 * as they are.
 */
async function storePositions(sql: SqlExecutor, importId: bigint, chunk: ImportChunk, pending: PendingImport): Promise<{ added: number; ids: PositionIds }> {
  const prepared = chunk.preparedPositions;
  if (prepared && !chunk.games?.length && !chunk.scores?.length && (await pending.straight.allNewPrepared(sql, prepared))) {
    await pending.straight.copyPrepared(sql, importId, prepared);
    return { added: prepared.count, ids: new PositionIds() };
  }
  await pending.straight.checksBack(sql);
  const { staged, brought } = distinctPositions(chunk);
  if (staged.length === 0) return { added: 0, ids: new PositionIds() };
  if (await pending.straight.allNew(sql, staged)) {
    const copied = await pending.straight.copy(sql, importId, staged, brought, (chunk.scores ?? []).length > 0);
    return { added: staged.length, ids: new PositionIds(copied) };
  }
  return mergePositions(sql, importId, staged, brought);
}

/**
 * The staging merge: positions COPYed into a staging table with ids reserved in file order, then
 * one INSERT ... ON CONFLICT that reuses stored positions (a listed record completing one no list
 * has claimed) and inserts the others; returns how many are new and every staged key's id. Rows
 * go in in key order, so imports of overlapping keys lock them in the same order and wait for
 * each other instead of deadlocking. Ids reserved for keys already stored are left unused.
 */
async function mergePositions(sql: SqlExecutor, importId: bigint, staged: PositionRecord[], brought: number): Promise<{ added: number; ids: PositionIds }> {
  const ids = new PositionIds();
  const listed = staged.some(isListed);
  await emptyStaging(sql, 'stage_position');
  const reserved = await reserveIds(sql, 'Position', staged.length);
  await sql.copyRows(
    'stage_position',
    ['id', 'kind', 'key', 'hash', 'groupKey', 'sideToMove', 'board', 'data', 'pieceCount', 'listIndex', 'brought'],
    positionRows(staged, brought, reserved),
  );
  const onConflict = listed
    ? `DO UPDATE SET hash = excluded.hash, "sideToMove" = excluded."sideToMove", board = excluded.board,
         data = excluded.data, "pieceCount" = excluded."pieceCount", "listImportId" = excluded."listImportId",
         "listIndex" = excluded."listIndex"
       WHERE "Position"."listImportId" IS NULL AND excluded."listImportId" IS NOT NULL`
    : 'DO NOTHING';
  const rows = await sql.query<{ kind: string; key: string; id: string; inserted: boolean }>(
    `WITH fresh AS (
      INSERT INTO "Position" (id, kind, key, hash, "groupKey", "sideToMove", board, data, "pieceCount", "listImportId", "listIndex")
      SELECT id, kind::"GameKind", key, hash, "groupKey", "sideToMove", board, data, "pieceCount",
        CASE WHEN "listIndex" IS NULL THEN NULL ELSE $1::int8 END, "listIndex"
      FROM stage_position ORDER BY kind, key
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
  if (brought > 0) await linkBroughtPositions(sql, importId);
  return { added, ids };
}

/**
 * Links the staged records of the file to the import, each with its place in the import's list
 * (a record listed twice keeps its first place, as the position keeps its first board).
 */
const linkBroughtPositions = (sql: SqlExecutor, importId: bigint): Promise<unknown> =>
  sql.query(
    `INSERT INTO "ImportPosition" ("importId", "positionId", "listIndex")
     SELECT $1::int8, p.id, s."listIndex" FROM stage_position s JOIN "Position" p ON p.kind = s.kind::"GameKind" AND p.key = s.key
     WHERE s.brought ORDER BY p.id
     ON CONFLICT ("importId", "positionId") DO NOTHING`,
    [importId],
  );

/** The typed attribute columns of a game, in COPY order (`attributeValues`). */
const ATTRIBUTE_COLUMNS = ['player1Rating', 'player2Rating', 'meanRating', 'speed', 'plyCount', 'eco', 'openingKey', 'patternSignature'];

/** A game's attribute columns; the mean rating only when both ratings are known. */
const attributeValues = (a: GameAttributes | undefined): CopyValue[] => {
  if (!a) return [null, null, null, null, 0, null, null, null];
  const mean = a.player1Rating !== null && a.player2Rating !== null ? (a.player1Rating + a.player2Rating) / 2 : null;
  return [a.player1Rating, a.player2Rating, mean, a.speed, a.plyCount, a.eco, a.openingKey, a.patternSignature];
};

/** Bytes as hex text (null stays null): a bytea array parameter both drivers take alike. */
const hexOf = (bytes: CopyValue): string | null => (bytes instanceof Uint8Array ? Buffer.from(bytes).toString('hex') : null);

/** Sets the attribute columns of stored games (by id, decimal text), for games stored before they were read. */
export async function storeGameAttributes(sql: SqlExecutor, ids: readonly string[], attributes: readonly GameAttributes[]): Promise<void> {
  if (ids.length === 0) return;
  const columns = attributes.map(attributeValues);
  const column = (k: number) => columns.map((c) => c[k]);
  await sql.query(
    `UPDATE "Game" g SET "player1Rating" = a.r1, "player2Rating" = a.r2, "meanRating" = a.mean, speed = a.speed::"Speed",
       "plyCount" = a.plies, eco = a.eco, "openingKey" = a.opening, "patternSignature" = decode(a.signature, 'hex')
     FROM unnest($1::int8[], $2::int4[], $3::int4[], $4::float8[], $5::text[], $6::int4[], $7::text[], $8::text[], $9::text[])
       AS a(id, r1, r2, mean, speed, plies, eco, opening, signature)
     WHERE g.id = a.id`,
    [ids, column(0), column(1), column(2), column(3), column(4), column(5), column(6), column(7).map(hexOf)],
  );
}

/** COPYs the chunk's games in file order with reserved ids; returns their ids (decimal text) by index in the chunk. */
async function storeGames(sql: SqlExecutor, importId: bigint, games: GameRecord[], gameIndexBase: number): Promise<string[]> {
  const ids = await reserveIds(sql, 'Game', games.length);
  const list = importId.toString();
  await sql.copyRows(
    'Game',
    ['id', 'kind', 'importId', 'indexInFile', 'sourceFormat', 'source', 'player1', 'player2', 'event', 'site', 'round',
      'dateText', 'playedOn', 'playedUntil', 'result', 'outcome', 'firstPoints', 'matchLength', 'gameNumber', 'metadata', 'gameText', 'startFen',
      'duplicateKey', 'keptTokens', 'evaluations', ...ATTRIBUTE_COLUMNS],
    games.map((g, i) => [
      ids[i], g.kind, list, gameIndexBase + i, g.sourceFormat, g.source, g.player1 ?? null, g.player2 ?? null,
      g.event ?? null, g.site ?? null, g.round ?? null, g.dateText ?? null, ...playedRange(g.dateText), g.result ?? null,
      g.outcome, g.firstPoints, g.matchLength ?? null, g.gameNumber ?? null, json(g.metadataInSource ? {} : (g.metadata ?? {})), g.gameText ?? null, g.startFen ?? null,
      g.duplicateKey ?? null, g.keptTokens ?? null, g.evaluations?.bytes ?? null, ...attributeValues(g.attributes),
    ]),
  );
  return ids;
}

/** The columns of a `PlayerAnalysis` row, in COPY order. */
const ANALYSIS_COLUMNS = [
  'gameId', 'side', 'kind', 'player', 'program', 'ruleset', 'decisions', 'loss', 'cubeDecisions', 'cubeLoss',
  'inaccuracies', 'mistakes', 'blunders', 'accuracy', 'turns', 'points', 'bingos', 'statedScore',
];

/** The `PlayerAnalysis` rows of games stored under `gameIds` (decimal text, by index). */
function* analysisRows(games: GameRecord[], gameIds: string[]): Generator<CopyValue[]> {
  for (let i = 0; i < games.length; i++) {
    const g = games[i];
    for (const a of g.analysis ?? []) {
      yield [
        gameIds[i], a.side, g.kind, (a.side === 1 ? g.player1 : g.player2) ?? null, a.program, a.ruleset, a.decisions, a.loss,
        a.cubeDecisions ?? null, a.cubeLoss ?? null, a.inaccuracies, a.mistakes, a.blunders, a.accuracy ?? null,
        a.turns ?? null, a.points ?? null, a.bingos ?? null, a.statedScore ?? null,
      ];
    }
  }
}

/** Stores the analysis summaries of games stored under `gameIds`. */
export async function storePlayerAnalysis(sql: SqlExecutor, games: GameRecord[], gameIds: string[]): Promise<void> {
  if (!games.some((g) => g.analysis && g.analysis.length > 0)) return;
  await sql.copyRows('PlayerAnalysis', ANALYSIS_COLUMNS, analysisRows(games, gameIds));
}

/** The positions the games reach, each counted once per game. */
const gamePositions = (games: GameRecord[]): number => games.reduce((sum, g) => sum + distinctKeysOf(g), 0);

/** Ids of positions named by scores but not staged in this chunk. */
async function lookUpScorePositions(sql: SqlExecutor, scores: ScoreRecord[], ids: PositionIds): Promise<void> {
  const wanted = new Map<string, Set<string>>();
  for (const s of scores) {
    if (ids.get(s.kind, s.positionKey) === undefined) addKey(wanted, s.kind, s.positionKey);
  }
  for (const [kind, byKey] of await probeKeys(sql, wanted)) for (const [key, hit] of byKey) ids.set(kind, key, hit.id);
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
 * Staged scores merged at once: each merge is one statement, bounded so that it stays well
 * within the statement timeout (a million-game PGN with evaluations stages millions).
 */
export const SCORE_MERGE_ROWS = 250_000;

/**
 * What an import's chunks leave for later: the buffer of its position index, and its scores,
 * staged chunk by chunk and merged SCORE_MERGE_ROWS at a time and at the end (`finishImport`). A
 * position scored in many games of one file (an opening with evaluations) would otherwise be
 * updated once per chunk, and in one long transaction every update leaves a row version the
 * next one has to step over.
 */
export class PendingImport {
  readonly index = new PositionIndexBuffer();
  /** Where the evaluations packed in the import's games are (`evaluationIndex.ts`). */
  readonly evaluations = new EvaluationIndexBuffer();
  /** Evaluations packed in the games stored so far: counted with the scores. */
  packedEvaluations = 0;
  /** Scores staged since the last merge: the next one's place in their order. */
  stagedScores = 0;
  /** Scores stored or updated by the merges so far. */
  mergedScores = 0;
  /** Whether new positions may be copied straight into their table (`positionCopy.ts`). */
  readonly straight: StraightCopies;
  /**
   * `mergeRows`: staged scores that trigger a merge (tests make it small); `copyStraight`: false to
   * store every position through the merge (an import run again after a conflict).
   */
  constructor(readonly mergeRows = SCORE_MERGE_ROWS, copyStraight = true) {
    this.straight = new StraightCopies(copyStraight);
  }
}

/** Stages a chunk's scores (of stored positions) in file order; returns how many. */
async function stageScores(sql: SqlExecutor, importId: bigint, scores: ScoreRecord[], ids: PositionIds, pending: PendingImport): Promise<number> {
  await lookUpScorePositions(sql, scores, ids);
  const rows = scoreRows(scores, ids);
  if (rows.length === 0) return 0;
  if (pending.stagedScores === 0) await emptyStaging(sql, 'stage_score');
  const base = pending.stagedScores;
  await sql.copyRows(
    'stage_score',
    ['ord', 'positionId', 'program', 'ruleset', 'value', 'bestValue', 'confidence', 'details', 'source'],
    rows.map((row, k) => [base + k, ...row.slice(1)]),
  );
  pending.stagedScores += rows.length;
  if (pending.stagedScores >= pending.mergeRows) await mergePending(sql, importId, pending);
  return rows.length;
}

/** Merges what is staged and starts staging afresh. */
async function mergePending(sql: SqlExecutor, importId: bigint, pending: PendingImport): Promise<void> {
  if (pending.stagedScores === 0) return;
  pending.mergedScores += await mergeStagedScores(sql, importId);
  pending.stagedScores = 0;
}

/**
 * Merges the import's staged scores: of several verdicts of one program and ruleset on a position,
 * the last in the file wins and replaces a stored one; new rows take ids in the file order of
 * their first verdict, and go in in key order, so imports of overlapping scores wait for each
 * other instead of deadlocking. Each row written is linked to the import. Returns how many rows
 * were written.
 */
async function mergeStagedScores(sql: SqlExecutor, importId: bigint): Promise<number> {
  const written = await sql.query<{ n: bigint }>(`
    WITH latest AS MATERIALIZED (
      SELECT nextval(pg_get_serial_sequence('"Score"', 'id')) AS id, s.* FROM (
        SELECT * FROM (
          SELECT DISTINCT ON ("positionId", program, ruleset) *,
            min(ord) OVER (PARTITION BY "positionId", program, ruleset) AS first
          FROM stage_score ORDER BY "positionId", program, ruleset, ord DESC
        ) d ORDER BY first
      ) s
    ), merged AS (
      INSERT INTO "Score" (id, "positionId", program, ruleset, value, "bestValue", confidence, details, source)
      SELECT id, "positionId", program, ruleset, value, "bestValue", confidence, details, source
      FROM latest ORDER BY "positionId", program, ruleset
      ON CONFLICT ("positionId", program, ruleset) DO UPDATE SET value = excluded.value,
        "bestValue" = excluded."bestValue", confidence = excluded.confidence, details = excluded.details,
        source = excluded.source
      RETURNING id
    ), linked AS (
      INSERT INTO "ImportScore" ("importId", "scoreId") SELECT $1::int8, id FROM merged
      ON CONFLICT ("importId", "scoreId") DO NOTHING
    ) SELECT count(*)::int8 AS n FROM merged`, [importId]);
  return Number(written[0].n);
}

/**
 * Ends an import's writes inside its transaction: flushes its position index and its evaluation
 * index, and merges its staged scores. Returns how many scores were stored or updated, with the
 * evaluations packed in its games.
 */
export async function finishImport(sql: SqlExecutor, importId: bigint, pending: PendingImport): Promise<number> {
  await pending.straight.checksBack(sql);
  await pending.index.flush(sql, importId);
  await pending.evaluations.flush(sql, importId);
  await mergePending(sql, importId, pending);
  return pending.mergedScores + pending.packedEvaluations;
}

/**
 * Stores one chunk of an import. `gameIndexBase` numbers the chunk's games within the file;
 * their plies go to the import's index buffer, flushed when full, and its scores are staged;
 * `finishImport` writes the rest before the import commits. Returns the chunk's games, the
 * positions it stored and the scores it staged.
 */
export async function writeChunk(
  sql: SqlExecutor,
  importId: bigint,
  chunk: ImportChunk,
  gameIndexBase: number,
  pending: PendingImport,
): Promise<ChunkCounts> {
  const games = chunk.games ?? [];
  const scores = chunk.scores ?? [];
  const { added, ids } = await storePositions(sql, importId, chunk, pending);
  if (games.length > 0) {
    const gameIds = await storeGames(sql, importId, games, gameIndexBase);
    await storePlayerAnalysis(sql, games, gameIds);
    for (let i = 0; i < games.length; i++) {
      await pending.index.addGame(sql, importId, BigInt(gameIds[i]), games[i]);
      pending.packedEvaluations += await pending.evaluations.addGame(sql, importId, BigInt(gameIds[i]), games[i]);
    }
  }
  const newScores = scores.length > 0 ? await stageScores(sql, importId, scores, ids, pending) : 0;
  return { games: games.length, positions: games.length > 0 ? gamePositions(games) : added, scores: newScores };
}
