/**
 * The one bulk-write path every import uses. Rows go through COPY into
 * temporary staging tables, then one INSERT ... SELECT per table merges them:
 * positions already stored are reused (never repeated), occurrences and games
 * are linked by SQL joins, scores replace an older verdict of the same program
 * and ruleset. Runs inside the import's transaction, chunk after chunk.
 */
import type { GameRecord, ImportChunk, PositionRecord } from '../storage/records';
import type { CopyValue } from './copyText';
import type { SqlExecutor } from './sql';

const STAGING_TABLES = `
-- Sorts of a whole chunk (DISTINCT ON, file order) stay in memory.
SET LOCAL work_mem = '64MB';
CREATE TEMP TABLE IF NOT EXISTS stage_position (
  ord bigint, kind text, key text, hash bigint, "groupKey" text, "sideToMove" text, board text, data jsonb,
  "pieceCount" int, "listIndex" int
) ON COMMIT DROP;
CREATE TEMP TABLE IF NOT EXISTS stage_game (
  "indexInFile" int, kind text, "sourceFormat" text, source bytea, player1 text, player2 text, event text,
  site text, round text, "dateText" text, "playedOn" date, result text, "matchLength" int, "gameNumber" int,
  metadata jsonb, "gameText" bytea, "startFen" text
) ON COMMIT DROP;
CREATE TEMP TABLE IF NOT EXISTS stage_occurrence (
  "gameIndex" int, kind text, key text, variation text, ply int, move text, "nextMove" text
) ON COMMIT DROP;
CREATE TEMP TABLE IF NOT EXISTS stage_score (
  ord bigint, kind text, key text, program text, ruleset text, value float8, "bestValue" float8, confidence float8,
  details jsonb, source text
) ON COMMIT DROP;
TRUNCATE stage_position, stage_game, stage_occurrence, stage_score;
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

function* positionRows(positions: Iterable<PositionRecord>, start: number, seen: { listed: boolean }): Generator<CopyValue[]> {
  let ord = start;
  for (const p of positions) {
    if (p.listIndex !== undefined && p.listIndex !== null) seen.listed = true;
    yield [
      ord++, p.kind, p.key, p.hash ?? null, p.groupKey ?? null, p.sideToMove ?? null, p.board, json(p.data),
      p.pieceCount ?? null, p.listIndex ?? null,
    ];
  }
}

function* gamePositions(games: GameRecord[]): Generator<PositionRecord> {
  for (const game of games) for (const ply of game.plies) yield ply.position;
}

export interface ChunkCounts {
  games: number;
  positions: number;
  scores: number;
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

  const standalone = chunk.positions ?? [];
  const seen = { listed: false };
  const staged = await sql.copyRows(
    'stage_position',
    ['ord', 'kind', 'key', 'hash', 'groupKey', 'sideToMove', 'board', 'data', 'pieceCount', 'listIndex'],
    positionRows(concat(standalone, gamePositions(games)), 0, seen),
  );
  let newPositions = 0;
  if (staged > 0) {
    // First occurrence of each key wins; ids follow the order of the file. A listed record (one with a
    // listIndex) also completes a position that no list has claimed yet (stored by a game or a score),
    // taking its board, data and place in the list; otherwise stored positions are kept as they are.
    // Without listed records, stored positions need no change: probe the unique index first so only the
    // new keys are sorted and inserted (score files and games mostly name positions already stored).
    const onlyNew = seen.listed
      ? ''
      : `WHERE NOT EXISTS (SELECT 1 FROM "Position" p WHERE p.kind = stage_position.kind::"GameKind" AND p.key = stage_position.key)`;
    const onConflict = seen.listed
      ? `DO UPDATE SET hash = excluded.hash, "sideToMove" = excluded."sideToMove", board = excluded.board,
           data = excluded.data, "pieceCount" = excluded."pieceCount", "listImportId" = excluded."listImportId",
           "listIndex" = excluded."listIndex"
         WHERE "Position"."listImportId" IS NULL AND excluded."listImportId" IS NOT NULL`
      : 'DO NOTHING';
    const inserted = await sql.query<{ n: bigint }>(
      `WITH fresh AS (
        INSERT INTO "Position" (kind, key, hash, "groupKey", "sideToMove", board, data, "pieceCount", "listImportId", "listIndex")
        SELECT kind::"GameKind", key, hash, "groupKey", "sideToMove", board, data, "pieceCount",
          CASE WHEN "listIndex" IS NULL THEN NULL ELSE $1::int8 END, "listIndex" FROM (
          SELECT DISTINCT ON (kind, key) * FROM stage_position ${onlyNew} ORDER BY kind, key, ord
        ) firsts ORDER BY ord
        ON CONFLICT (kind, key) ${onConflict} RETURNING (xmax = 0) AS inserted
      ) SELECT count(*) FILTER (WHERE inserted)::int8 AS n FROM fresh`,
      [importId],
    );
    newPositions = Number(inserted[0].n);
  }

  if (games.length > 0) {
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
    await sql.query(
      `INSERT INTO "Game" (kind, "importId", "indexInFile", "sourceFormat", source, player1, player2, event, site,
         round, "dateText", "playedOn", result, "matchLength", "gameNumber", metadata, "gameText", "startFen")
       SELECT kind::"GameKind", $1, "indexInFile", "sourceFormat", source, player1, player2, event, site, round,
         "dateText", "playedOn", result, "matchLength", "gameNumber", metadata, "gameText", "startFen"
       FROM stage_game ORDER BY "indexInFile"`,
      [importId],
    );
    await sql.copyRows(
      'stage_occurrence',
      ['gameIndex', 'kind', 'key', 'variation', 'ply', 'move', 'nextMove'],
      occurrenceRows(games, gameIndexBase),
    );
    await sql.query(
      `INSERT INTO "Occurrence" ("gameId", "positionId", variation, ply, move, "nextMove")
       SELECT g.id, p.id, o.variation, o.ply, o.move, o."nextMove"
       FROM stage_occurrence o
       JOIN "Game" g ON g."importId" = $1 AND g."indexInFile" = o."gameIndex"
       JOIN "Position" p ON p.kind = o.kind::"GameKind" AND p.key = o.key
       ON CONFLICT DO NOTHING`,
      [importId],
    );
  }

  const scores = chunk.scores ?? [];
  let newScores = 0;
  if (scores.length > 0) {
    await sql.copyRows(
      'stage_score',
      ['ord', 'kind', 'key', 'program', 'ruleset', 'value', 'bestValue', 'confidence', 'details', 'source'],
      scores.map((s, i) => [
        i, s.kind, s.positionKey, s.program, s.ruleset, s.value, s.bestValue ?? null, s.confidence ?? null,
        json(s.details), s.source ?? null,
      ]),
    );
    // A later verdict of the same program and ruleset on a position replaces the earlier one; new rows
    // are inserted in file order, so score ids follow it.
    const written = await sql.query<{ n: bigint }>(`
      WITH merged AS (
        INSERT INTO "Score" ("positionId", program, ruleset, value, "bestValue", confidence, details, source)
        SELECT "positionId", program, ruleset, value, "bestValue", confidence, details, source FROM (
          SELECT DISTINCT ON (p.id, s.program, s.ruleset) s.ord, p.id AS "positionId", s.program, s.ruleset, s.value,
            s."bestValue", s.confidence, s.details, s.source
          FROM stage_score s JOIN "Position" p ON p.kind = s.kind::"GameKind" AND p.key = s.key
          ORDER BY p.id, s.program, s.ruleset, s.ord DESC
        ) lasts ORDER BY ord
        ON CONFLICT ("positionId", program, ruleset) DO UPDATE SET value = excluded.value,
          "bestValue" = excluded."bestValue", confidence = excluded.confidence, details = excluded.details,
          source = excluded.source
        RETURNING 1
      ) SELECT count(*)::int8 AS n FROM merged`);
    newScores = Number(written[0].n);
  }
  return { games: games.length, positions: newPositions, scores: newScores };
}

function* occurrenceRows(games: GameRecord[], gameIndexBase: number): Generator<CopyValue[]> {
  for (let i = 0; i < games.length; i++) {
    for (const ply of games[i].plies) {
      yield [gameIndexBase + i, ply.position.kind, ply.position.key, ply.variation, ply.ply, ply.move ?? null, ply.nextMove ?? null];
    }
  }
}

function* concat<T>(...parts: Iterable<T>[]): Generator<T> {
  for (const part of parts) yield* part;
}
