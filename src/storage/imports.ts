/** Stored imports: the list, and deleting one with what only it brought. */
import type { Database } from '../db/database';
import type { SqlExecutor } from '../db/sql';
import type { GameKind, ImportWarning } from '../db/records';
import { replayedGamesOf } from './gamePlies';
import { deleteIndexOfImport, reachedKeys } from '../db/positionIndex';
import { deleteEvaluationIndexOf, packedEvaluationsOf } from '../db/evaluationIndex';

/** One import as listed. */
export type ImportRow = {
  id: bigint;
  format: string;
  createdAt: Date;
  gameCount: number;
  positionCount: number;
  scoreCount: number;
  skippedCount: number;
  duplicateCount: number;
  warnings: ImportWarning[];
  notes: ImportWarning[];
  fileName: string | null;
  byteSize: bigint | null;
};

/** Larger than any id: where a backward page with no cursor starts. */
const MAX_BIGINT = 2n ** 63n - 1n;

/**
 * One page of imports in id order after `afterId` (with `backward`: the `first` imports before
 * it, nearest first, and `hasNextPage` says more come before), with the count of all imports.
 */
export async function importsPage(
  db: Database,
  first: number,
  afterId?: bigint,
  backward = false,
): Promise<{ imports: ImportRow[]; totalCount: number; hasNextPage: boolean }> {
  const rows = await db.sql.query<ImportRow & { total: bigint }>(
    `SELECT id, format, "createdAt", "gameCount", "positionCount", "scoreCount", "skippedCount", "duplicateCount", warnings, notes, "fileName", "byteSize",
            (SELECT count(*) FROM "Import")::int8 AS total
     FROM "Import" WHERE ${backward ? 'id < $1 ORDER BY id DESC' : 'id > $1 ORDER BY id'} LIMIT $2`,
    [afterId ?? (backward ? MAX_BIGINT : 0n), first + 1],
  );
  const totalCount = rows.length > 0 ? Number(rows[0].total) : Number((await db.sql.query<{ n: bigint }>(`SELECT count(*)::int8 AS n FROM "Import"`))[0].n);
  return { imports: rows.slice(0, first).map(({ total: _total, ...row }) => row), totalCount, hasNextPage: rows.length > first };
}

/** What deleting an import removed. */
export interface DeletedImport {
  games: number;
  positions: number;
  scores: number;
}

/**
 * Deletes an import in one transaction: its games (with their analysis summaries), their entries
 * in the position index, the evaluations packed in them (counted with the scores) and their
 * entries in the evaluation index, the scores no other import wrote, and every stored position that nothing
 * else holds: no other import brought it (lists it, or names it as a record), no score another
 * import wrote is on it, and no other game reaches it. A score several imports wrote (the same
 * program and ruleset on the same position) stays while one of them does, with the verdict last
 * written. A position that stays but was listed first by this import is listed next by the
 * earliest import that still lists it, at its place in that list. Null when there is no such import.
 */
export const deleteImport = (db: Database, importId: bigint): Promise<DeletedImport | null> =>
  db.transaction(async (sql) => {
    const found = await sql.query<{ id: bigint }>(`SELECT id FROM "Import" WHERE id = $1 FOR UPDATE`, [importId]);
    if (found.length === 0) return null;
    const candidates = await positionsOf(sql, importId);
    const packed = await packedEvaluationsOf(sql, importId);
    const games = await sql.query<{ id: bigint }>(`DELETE FROM "Game" WHERE "importId" = $1 RETURNING id`, [importId]);
    await deleteIndexOfImport(sql, importId);
    await deleteEvaluationIndexOf(sql, importId);
    const ownScores = await sql.query<{ id: bigint }>(
      `DELETE FROM "Score" s USING "ImportScore" l
       WHERE l."scoreId" = s.id AND l."importId" = $1
         AND NOT EXISTS (SELECT 1 FROM "ImportScore" o WHERE o."scoreId" = s.id AND o."importId" <> $1)
       RETURNING s.id`,
      [importId],
    );
    await sql.query(`DELETE FROM "ImportScore" WHERE "importId" = $1`, [importId]);
    await sql.query(`DELETE FROM "ImportPosition" WHERE "importId" = $1`, [importId]);
    await lockCandidates(sql, candidates);
    const orphans = await orphansAmong(sql, candidates);
    const list = `{${orphans.join(',')}}`;
    // Scores stored before imports recorded who wrote them go with their position.
    const unlinked = await sql.query<{ n: bigint }>(`SELECT count(*)::int8 AS n FROM "Score" WHERE "positionId" = ANY($1::int8[])`, [list]);
    const positions = await sql.query<{ id: bigint }>(`DELETE FROM "Position" WHERE id = ANY($1::int8[]) RETURNING id`, [list]);
    await relist(sql, importId);
    await sql.query(`DELETE FROM "Import" WHERE id = $1`, [importId]);
    return { games: games.length, positions: positions.length, scores: ownScores.length + Number(unlinked[0].n) + packed };
  });

/**
 * Positions the import listed first (and that stay) are listed next by the earliest import that
 * still lists them, at its place in that list, or by none. One join, not a lookup per position.
 */
const relist = (sql: SqlExecutor, importId: bigint): Promise<unknown> =>
  sql.query(
    `UPDATE "Position" p SET "listImportId" = n."importId", "listIndex" = n."listIndex"
     FROM (
       SELECT listed.id, l."importId", l."listIndex"
       FROM (SELECT id FROM "Position" WHERE "listImportId" = $1) listed
       LEFT JOIN (
         SELECT DISTINCT ON ("positionId") "positionId", "importId", "listIndex" FROM "ImportPosition"
         WHERE "listIndex" IS NOT NULL AND "positionId" IN (SELECT id FROM "Position" WHERE "listImportId" = $1)
         ORDER BY "positionId", "importId"
       ) l ON l."positionId" = listed.id
     ) n
     WHERE p.id = n.id`,
    [importId],
  );

type Candidates = Map<bigint, { kind: GameKind; key: string }>;

/** The stored positions an import brought, wrote a score on, listed, or reaches in its games: the ones that may go with it. */
async function positionsOf(sql: SqlExecutor, importId: bigint): Promise<Candidates> {
  const candidates: Candidates = new Map();
  const add = (rows: { id: bigint; kind: GameKind; key: string }[]) => rows.forEach((r) => candidates.set(r.id, r));
  add(await sql.query(
    `SELECT id, kind::text AS kind, key FROM "Position" WHERE "listImportId" = $1
       OR id IN (SELECT "positionId" FROM "ImportPosition" WHERE "importId" = $1)
       OR id IN (SELECT s."positionId" FROM "ImportScore" l JOIN "Score" s ON s.id = l."scoreId" WHERE l."importId" = $1)`,
    [importId],
  ));
  for await (const { games, plies } of replayedGamesOf(sql, importId)) {
    // By the game's kind: (kind, key) is the unique index a lookup by key alone cannot use.
    const keysByKind = new Map<GameKind, Set<string>>();
    for (const game of games) {
      const keys = keysByKind.get(game.kind as GameKind) ?? new Set<string>();
      keysByKind.set(game.kind as GameKind, keys);
      for (const p of plies.get(game.id) ?? []) keys.add(p.ply.position.key);
    }
    for (const [kind, keys] of keysByKind) {
      add(await sql.query(`SELECT id, kind::text AS kind, key FROM "Position" WHERE kind = $2::"GameKind" AND key = ANY($1::text[])`, [[...keys], kind]));
    }
  }
  return candidates;
}

/**
 * Locks the candidate positions (in id order, so two deletes never deadlock) before asking which
 * of them nothing holds. An import running at the same time that links one of them (an
 * ImportPosition or a score on it: its foreign key locks the position's row) holds the lock until
 * it commits; the questions asked after this, each a statement with a new snapshot (READ
 * COMMITTED), then see its link and keep the position. Asked first and deleted after, the
 * position went (with the other import's link) once that import committed.
 */
async function lockCandidates(sql: SqlExecutor, candidates: Candidates): Promise<void> {
  if (candidates.size === 0) return;
  await sql.query(`SELECT id FROM "Position" WHERE id = ANY($1::int8[]) ORDER BY id FOR UPDATE`, [`{${[...candidates.keys()].join(',')}}`]);
}

/**
 * The candidates nothing holds any more (run after the import's games, index entries and links
 * are gone): no import brought them, no import's score is on them, no stored game reaches them.
 */
async function orphansAmong(sql: SqlExecutor, candidates: Candidates): Promise<bigint[]> {
  if (candidates.size === 0) return [];
  const unheld = await sql.query<{ id: bigint }>(
    `SELECT p.id FROM "Position" p WHERE p.id = ANY($1::int8[])
       AND NOT EXISTS (SELECT 1 FROM "ImportPosition" l WHERE l."positionId" = p.id)
       AND NOT EXISTS (SELECT 1 FROM "Score" s JOIN "ImportScore" l ON l."scoreId" = s.id WHERE s."positionId" = p.id)`,
    [`{${[...candidates.keys()].join(',')}}`],
  );
  const keysByKind = new Map<GameKind, Map<string, bigint>>();
  for (const { id } of unheld) {
    const { kind, key } = candidates.get(BigInt(id))!;
    const keys = keysByKind.get(kind) ?? new Map<string, bigint>();
    keysByKind.set(kind, keys.set(key, BigInt(id)));
  }
  const orphans: bigint[] = [];
  for (const [kind, keys] of keysByKind) {
    const reached = await reachedKeys(sql, kind, [...keys.keys()]);
    for (const [key, id] of keys) if (!reached.has(key)) orphans.push(id);
  }
  return orphans;
}

/** One import by id, or null. */
export async function importById(db: Database, id: bigint): Promise<ImportRow | null> {
  const [row] = await db.sql.query<ImportRow & Record<string, unknown>>(
    `SELECT id, format, "createdAt", "gameCount", "positionCount", "scoreCount", "skippedCount", "duplicateCount", warnings, notes, "fileName", "byteSize" FROM "Import" WHERE id = $1`,
    [id],
  );
  return row ?? null;
}
