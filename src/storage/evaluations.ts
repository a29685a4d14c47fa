/**
 * A position's scores from the evaluations packed in games (issue 29, section 2): the evaluation
 * index (`db/evaluationIndex.ts`) says which games evaluate a position and at which node, the
 * game's module reads its packed bytes (`GameModule.evaluations`), and the same rule as the
 * `Score` rows always had picks one per program and ruleset: the last one stored (the latest
 * game, and within a game the last in its replay's order). The index's entries name the program,
 * so only the latest game of each program is read.
 */
import type { Database } from '../db/database';
import type { GameKind } from '../db/records';
import { type EvaluatedPlace, evaluatedPlaces, programHash } from '../db/evaluationIndex';
import { gameOf } from '../games';
import type { EvaluationScore } from '../games/types';
import { scoresOfPositions } from './rows';

/** A score as the API gives it (the fields of a `Score` row that `Score` shows). */
export interface ScoreFields {
  program: string;
  ruleset: string;
  value: number;
  bestValue: number | null;
  confidence: number | null;
  details: unknown;
  source: string | null;
}

/** Scores in the order a position's scores are given: by program, then ruleset. */
export const inScoreOrder = <T extends { program: string; ruleset: string }>(scores: T[]): T[] =>
  scores.sort((a, b) => (a.program < b.program ? -1 : a.program > b.program ? 1 : a.ruleset < b.ruleset ? -1 : a.ruleset > b.ruleset ? 1 : 0));

/** Whether games of this kind carry evaluations packed with them. */
export const packsEvaluations = (kind: GameKind): boolean => gameOf(kind).evaluations !== undefined;

/**
 * The scores of each key of `kind` that games evaluate, one per program and ruleset (the last
 * stored), by program then ruleset; a key no stored game evaluates is absent.
 */
export async function packedScoresOfKeys(db: Database, kind: GameKind, keys: readonly string[]): Promise<Map<string, ScoreFields[]>> {
  const out = new Map<string, ScoreFields[]>();
  const reader = gameOf(kind).evaluations;
  if (!reader || keys.length === 0) return out;
  const places = await evaluatedPlaces(db.sql, kind, keys);
  if (places.size === 0) return out;
  // Per key and program, only the latest game's places: the entries name the program, so only those games are read.
  const latestPlaces = new Map<string, EvaluatedPlace[]>();
  for (const [key, at] of places) {
    const newest = new Map<number, bigint>();
    for (const p of at) if ((newest.get(p.program) ?? -1n) < p.gameId) newest.set(p.program, p.gameId);
    latestPlaces.set(key, at.filter((p) => newest.get(p.program) === p.gameId));
  }
  const gameIds = [...new Set([...latestPlaces.values()].flat().map((p) => p.gameId))];
  const games = await db.sql.query<{ id: bigint; sourceFormat: string; indexInFile: number; evaluations: Uint8Array }>(
    `SELECT id, "sourceFormat", "indexInFile", evaluations FROM "Game" WHERE id = ANY($1::int8[]) AND evaluations IS NOT NULL`,
    [gameIds.map(String)],
  );
  const scoresOfGame = new Map<bigint, EvaluationScore[]>();
  for (const g of games) scoresOfGame.set(BigInt(g.id), reader.scoresOf(g.evaluations, g.sourceFormat, g.indexInFile));
  for (const [key, at] of latestPlaces) {
    // Per program and ruleset, the latest: the highest game id, then the last in the game's order.
    const latest = new Map<string, { gameId: bigint; order: number; score: EvaluationScore }>();
    for (const { gameId, node, program } of at) {
      const scores = scoresOfGame.get(gameId);
      if (!scores) continue;
      scores.forEach((score, order) => {
        if (score.node !== node || programHash(score.program, score.ruleset) !== program) return;
        const id = `${score.program}\u0000${score.ruleset}`;
        const kept = latest.get(id);
        if (!kept || gameId > kept.gameId || (gameId === kept.gameId && order > kept.order)) latest.set(id, { gameId, order, score });
      });
    }
    if (latest.size === 0) continue;
    out.set(
      key,
      inScoreOrder(
        [...latest.values()].map(({ score }) => ({
          program: score.program,
          ruleset: score.ruleset,
          value: score.value,
          bestValue: null,
          confidence: null,
          // As a JSON column gave them back (a mate of -0 reads as 0).
          details: JSON.parse(JSON.stringify(score.details)) as unknown,
          source: score.source,
        })),
      ),
    );
  }
  return out;
}

/**
 * A position's scores: its stored rows' (score files, and evaluations stored before they were
 * packed) and those packed in games; a row wins over a packed one of the same program and ruleset.
 */
export const mergedScores = (rows: readonly ScoreFields[], packed: readonly ScoreFields[]): ScoreFields[] => {
  if (packed.length === 0) return [...rows];
  const stored = new Set(rows.map((r) => `${r.program}\u0000${r.ruleset}`));
  return inScoreOrder([...rows, ...packed.filter((p) => !stored.has(`${p.program}\u0000${p.ruleset}`))]);
};

/** A position whose scores are asked: its kind and key, and its row's id where it has one. */
export interface ScoredPosition {
  kind: GameKind;
  key: string;
  id?: bigint;
}

/** The scores of each position (`mergedScores`), in the order asked: one query for the rows, one per kind for the packed ones. */
export async function scoresOfPositionKeys(db: Database, positions: readonly ScoredPosition[]): Promise<ScoreFields[][]> {
  const ids = positions.flatMap((p) => (p.id === undefined ? [] : [p.id]));
  const rows = ids.length > 0 ? await scoresOfPositions(db, ids) : [];
  const rowsOf = new Map<bigint, ScoreFields[]>();
  for (const r of rows) {
    const list = rowsOf.get(r.positionId);
    if (list) list.push(r);
    else rowsOf.set(r.positionId, [r]);
  }
  const keysOf = new Map<GameKind, Set<string>>();
  for (const p of positions) {
    if (!packsEvaluations(p.kind)) continue;
    const keys = keysOf.get(p.kind);
    if (keys) keys.add(p.key);
    else keysOf.set(p.kind, new Set([p.key]));
  }
  const packed = new Map<GameKind, Map<string, ScoreFields[]>>();
  await Promise.all([...keysOf].map(async ([kind, keys]) => packed.set(kind, await packedScoresOfKeys(db, kind, [...keys]))));
  return positions.map((p) =>
    mergedScores(p.id === undefined ? [] : (rowsOf.get(p.id) ?? []), packed.get(p.kind)?.get(p.key) ?? []),
  );
}
