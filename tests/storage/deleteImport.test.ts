/**
 * Deleting an import removes exactly what no other import lists, brought, scores or reaches:
 * overlapping Go position files (B = A's records plus 50 more), score files over their positions
 * (two of them writing the same scores), and chess games that share positions and evaluations.
 * After each delete every survivor is checked against a model of what the remaining imports hold:
 * position rows, scores and their verdicts, position-index entries and rows, analysis summaries,
 * and the position files written back byte for byte. A property test deletes in random orders.
 */
import fc from 'fast-check';
import { type GoPositionRecord, type GoScoreRecord, encodePositionFile, encodeScoreFile, positionIdKey } from '../../src/codecs/go';
import { unwrap } from '../../src/codecs/result';
import type { Database } from '../../src/db/database';
import { readerFor } from '../../src/games/index';
import { exportGoPositionFile } from '../../src/games/go/files';
import { deleteImport } from '../../src/storage/imports';
import { scoresOfPositionKeys } from '../../src/storage/evaluations';
import type { ImportChunk } from '../../src/db/records';
import { packedScoresOf } from '../support/packedScores';
import { bytesSource, runImport } from '../../src/storage/importService';
import { describeEachDatabase } from '../support/databases';
import { randomPositions, randomScores } from '../support/goFiles';
import { dataOf, graphqlClient } from '../support/graphql';
import { indexedOccurrences, pliesOfGameIds } from '../support/plies';

/** One file of the fixture and what it holds. */
interface Fixture {
  name: string;
  format: 'GO_POSITIONS' | 'GO_SCORES' | 'PGN';
  bytes: Uint8Array;
  options?: Record<string, string>;
  /** GO_POSITIONS: the records it lists, in order. */
  listed?: GoPositionRecord[];
  /** GO_SCORES: its records. */
  scores?: GoScoreRecord[];
}

const A = randomPositions(100, 2501);
const B = [...A, ...randomPositions(50, 2502)];
const S = randomScores(A, 2503);
/** A second score file of the same program: half of S's positions again, with other verdicts, and 20 of B's own. */
const S2 = randomScores([...A.slice(50), ...B.slice(100, 120)], 2504);
const pgn = (event: string, annotator: string | null, moves: string): Uint8Array =>
  Buffer.from(`[Event "${event}"]\n${annotator ? `[Annotator "${annotator}"]\n` : ''}[Result "*"]\n\n${moves} *\n`, 'utf8');

const FIXTURES: Fixture[] = [
  { name: 'A', format: 'GO_POSITIONS', bytes: unwrap(encodePositionFile(A)), listed: A },
  { name: 'B', format: 'GO_POSITIONS', bytes: unwrap(encodePositionFile(B)), listed: B },
  { name: 'S', format: 'GO_SCORES', bytes: unwrap(encodeScoreFile(S)), options: { program: 'owned', ruleset: 'chinese' }, scores: S },
  { name: 'S2', format: 'GO_SCORES', bytes: unwrap(encodeScoreFile(S2)), options: { program: 'owned', ruleset: 'chinese' }, scores: S2 },
  // G1 and G2 both evaluate 1.e4 (the same score, written twice); G3 reaches 1.e4 e5 2.Nf3 without evaluating.
  { name: 'G1', format: 'PGN', bytes: pgn('owned 1', 'owner', '1. e4 { [%eval 0.3] } 1... e5 { [%eval 0.2] } 2. Nf3 { [%eval 0.25] }') },
  { name: 'G2', format: 'PGN', bytes: pgn('owned 2', 'owner', '1. e4 { [%eval 0.35] } 1... c5 { [%eval 0.4] } 2. c3 { [%eval 0.1] }') },
  { name: 'G3', format: 'PGN', bytes: pgn('owned 3', null, '1. e4 e5 2. Nf3 Nc6') },
];

/** What an import left in the database, measured right after it. */
interface Stored {
  fixture: Fixture;
  importId: bigint;
  /** PGN: main-line keys of its game, and the keys it scored with the verdict it wrote. */
  keys: string[];
  scored: Map<string, number>;
  indexRows: number;
  analysisRows: number;
}

const count = async (db: Database, sql: string, params: unknown[] = []): Promise<number> =>
  Number((await db.sql.query<{ n: bigint }>(sql, params))[0].n);

const indexRowsOf = async (db: Database, importId: bigint): Promise<number> => {
  let n = 0;
  for (const table of ['PositionBlock', 'PositionRun', 'PositionMove']) n += await count(db, `SELECT count(*)::int8 AS n FROM "${table}" WHERE "importId" = $1`, [importId]);
  return n;
};

async function importFixture(db: Database, fixture: Fixture): Promise<Stored> {
  const result = await runImport(db, readerFor(fixture.format)!, bytesSource(fixture.bytes), fixture.options ?? {});
  expect(result.alreadyImported).toBeFalsy();
  const keys = (await pliesOfGameIds(db, result.gameIds)).filter((p) => p.variation === '').sort((a, b) => a.ply - b.ply).map((p) => p.key);
  const scored = new Map<string, number>();
  if (fixture.format === 'PGN' && fixture.bytes.toString().includes('%eval')) {
    // Its own verdicts: the evaluations packed in its game.
    const read = (await readerFor('PGN')!.read((async function* () { yield fixture.bytes; })(), {}) as AsyncIterable<ImportChunk>);
    const chunks: ImportChunk[] = [];
    for await (const c of read) chunks.push(c);
    for (const p of packedScoresOf(chunks)) if (p.program === 'owner') scored.set(p.positionKey, p.value);
    expect(scored.size).toBe(3);
  }
  const analysisRows = await count(db, `SELECT count(*)::int8 AS n FROM "PlayerAnalysis" WHERE "gameId" = ANY($1::int8[])`, [`{${result.gameIds.join(',')}}`]);
  return { fixture, importId: result.importId, keys, scored, indexRows: await indexRowsOf(db, result.importId), analysisRows };
}

const collect = async (chunks: AsyncIterable<Uint8Array>): Promise<Buffer> => {
  const parts: Uint8Array[] = [];
  for await (const c of chunks) parts.push(c);
  return Buffer.concat(parts);
};

const goKey = (r: { id: GoPositionRecord['id'] }): string => positionIdKey(r.id);

/**
 * The model: what the remaining imports (in import order) hold. `rows` carries the chess position
 * rows from one check to the next: a row nothing is attached to stays while a game reaches it.
 */
async function checkSurvivors(db: Database, remaining: Stored[], everStored: Stored[], chessRows: Set<string>): Promise<void> {
  // Go positions: a row for each key a remaining file lists or scores; listed when a remaining file lists it.
  const goHeld = new Set<string>();
  const goListed = new Set<string>();
  for (const s of remaining) {
    for (const r of s.fixture.listed ?? []) {
      goHeld.add(goKey(r));
      goListed.add(goKey(r));
    }
    for (const r of s.fixture.scores ?? []) goHeld.add(goKey(r));
  }
  const goRows = await db.sql.query<{ key: string; listed: boolean }>(`SELECT key, "listImportId" IS NOT NULL AS listed FROM "Position" WHERE kind = 'GO'`);
  expect(new Set(goRows.map((r) => r.key))).toEqual(goHeld);
  expect(new Set(goRows.filter((r) => r.listed).map((r) => r.key))).toEqual(goListed);

  // Go scores: one per key a remaining score file wrote, with the verdict last written by any file.
  const lastVerdict = new Map<string, number>();
  for (const s of everStored) for (const r of s.fixture.scores ?? []) lastVerdict.set(goKey(r), r.score);
  const expectedGo = new Map<string, number>();
  for (const s of remaining) for (const r of s.fixture.scores ?? []) expectedGo.set(goKey(r), lastVerdict.get(goKey(r))!);
  const goScores = await db.sql.query<{ key: string; value: number }>(
    `SELECT p.key, s.value FROM "Score" s JOIN "Position" p ON p.id = s."positionId" WHERE s.program = 'owned'`,
  );
  expect(new Map(goScores.map((r) => [r.key, r.value]))).toEqual(expectedGo);

  // Each remaining position file is written back byte for byte; all of them once each, by earliest lister.
  for (const s of remaining) {
    if (s.fixture.listed) expect(await collect(exportGoPositionFile(db.sql, s.importId))).toEqual(Buffer.from(s.fixture.bytes));
  }
  const firstListing = new Map<string, GoPositionRecord>();
  for (const s of remaining) for (const r of s.fixture.listed ?? []) if (!firstListing.has(goKey(r))) firstListing.set(goKey(r), r);
  expect(await collect(exportGoPositionFile(db.sql))).toEqual(Buffer.from(unwrap(encodePositionFile(firstListing.values()))));

  // Chess: each evaluated key's score is the verdict of the latest remaining game that evaluates it
  // (packed with the games, issue 29: a deleted game's verdict goes with it); no chess position is a row.
  const games = remaining.filter((s) => s.fixture.format === 'PGN');
  const expectedChess = new Map<string, number>();
  for (const s of games) for (const [k, v] of s.scored) expectedChess.set(k, v);
  const everKeys = [...new Set(everStored.flatMap((s) => [...s.scored.keys()]))];
  const chessScores = await scoresOfPositionKeys(db, everKeys.map((key) => ({ kind: 'CHESS' as const, key })));
  const found = new Map<string, number>();
  everKeys.forEach((key, i) => {
    for (const sc of chessScores[i]) if (sc.program === 'owner') found.set(key, sc.value);
  });
  expect(found).toEqual(expectedChess);
  expect(chessRows.size).toBe(0);
  const rows = await db.sql.query<{ key: string }>(`SELECT key FROM "Position" WHERE kind = 'CHESS'`);
  expect(rows).toEqual([]);

  // The position index finds each key as often as the remaining games reach it; each remaining import keeps its index rows.
  for (const key of new Set(everStored.flatMap((s) => s.keys))) {
    const expected = games.reduce((n, s) => n + s.keys.filter((k) => k === key).length, 0);
    expect([key, await indexedOccurrences(db, 'CHESS', key)]).toEqual([key, expected]);
  }
  for (const s of everStored) expect([s.fixture.name, await indexRowsOf(db, s.importId)]).toEqual([s.fixture.name, remaining.includes(s) ? s.indexRows : 0]);
  expect(await count(db, `SELECT count(*)::int8 AS n FROM "PlayerAnalysis"`)).toBe(games.reduce((n, s) => n + s.analysisRows, 0));
  expect(await count(db, `SELECT count(*)::int8 AS n FROM "Game"`)).toBe(games.length);
}

/** Imports every fixture in the given order, then deletes them in `deletions` order, checking after each. */
async function run(db: Database, imports: number[], deletions: number[]): Promise<void> {
  const stored: Stored[] = [];
  for (const i of imports) stored.push(await importFixture(db, FIXTURES[i]));
  const byFixture = (i: number): Stored => stored.find((s) => s.fixture === FIXTURES[i])!;
  const chessRows = new Set<string>();
  let remaining = [...stored];
  await checkSurvivors(db, remaining, stored, chessRows);
  for (const i of deletions) {
    const gone = byFixture(i);
    expect(await deleteImport(db, gone.importId)).not.toBeNull();
    remaining = remaining.filter((s) => s !== gone);
    await checkSurvivors(db, remaining, stored, chessRows);
  }
}

describeEachDatabase('deleting an import keeps what other imports hold', (getDb) => {
  it('keeps the positions B also lists and the scores S brought when A is deleted', async () => {
    const db = getDb();
    const [a, b, s] = [await importFixture(db, FIXTURES[0]), await importFixture(db, FIXTURES[1]), await importFixture(db, FIXTURES[2])];
    expect(await deleteImport(db, a.importId)).toEqual({ games: 0, positions: 0, scores: 0 });
    expect(await count(db, `SELECT count(*)::int8 AS n FROM "Position" WHERE kind = 'GO'`)).toBe(150);
    expect(await count(db, `SELECT count(*)::int8 AS n FROM "Score" WHERE program = 'owned'`)).toBe(100);
    const gql = graphqlClient(db);
    const exported = dataOf(await gql<{ exportGoPositions: string }>('query ($id: ID) { exportGoPositions(importId: $id) }', { id: String(b.importId) }));
    expect(Buffer.from(exported.exportGoPositions, 'base64')).toEqual(Buffer.from(FIXTURES[1].bytes));
    // B's extra 50 go with B; A's 100 stay while S scores them, no longer listed.
    expect(await deleteImport(db, b.importId)).toEqual({ games: 0, positions: 50, scores: 0 });
    expect(await count(db, `SELECT count(*)::int8 AS n FROM "Position" WHERE kind = 'GO' AND "listImportId" IS NULL`)).toBe(100);
    expect(await deleteImport(db, s.importId)).toEqual({ games: 0, positions: 100, scores: 100 });
    expect(await count(db, `SELECT count(*)::int8 AS n FROM "Position" WHERE kind = 'GO'`)).toBe(0);
  });

  it('keeps a score two files wrote while one of them stays, with the verdict last written', async () => {
    const db = getDb();
    await run(db, [0, 2, 3], [3, 2, 0]);
  });

  it('checks every survivor after each delete, the files deleted first to last', async () => {
    await run(getDb(), [0, 1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4, 5, 6]);
  });

  it('checks every survivor after each delete, the files imported and deleted in random orders', async () => {
    const db = getDb();
    const order = fc.shuffledSubarray([0, 1, 2, 3, 4, 5, 6], { minLength: 7, maxLength: 7 });
    await fc.assert(fc.asyncProperty(order, order, (imports, deletions) => run(db, imports, deletions)), {
      numRuns: Number(process.env.TABULA_DELETE_RUNS ?? 6),
      seed: 25,
    });
  });

  it('deletes every evaluation its games packed, and leaves the positions another import\'s games reach to the index', async () => {
    const db = getDb();
    const white = ['a3', 'a4', 'b3', 'b4', 'c3', 'c4', 'd3', 'd4', 'e3', 'e4', 'f3', 'f4', 'g3', 'g4', 'h3', 'h4', 'Na3', 'Nc3', 'Nf3', 'Nh3'];
    const black = ['a6', 'a5', 'b6', 'b5', 'c6', 'c5', 'd6', 'd5', 'e6', 'e5', 'f6', 'f5', 'g6', 'g5', 'h6', 'h5', 'Na6', 'Nc6', 'Nf6', 'Nh6'];
    const lines = white.flatMap((w) => black.slice(0, 4).map((b) => [w, b]));
    const file = (annotated: boolean, games: string[][]): Uint8Array =>
      Buffer.from(
        games
          .map(([w, b], i) => `[Event "many ${annotated} ${i}"]\n${annotated ? '[Annotator "many"]\n' : ''}[Result "*"]\n\n` +
            (annotated ? `1. ${w} { [%eval 0.1] } 1... ${b} { [%eval 0.2] } *\n` : `1. ${w} ${b} *\n`))
          .join('\n'),
        'utf8',
      );
    const scoring = await runImport(db, readerFor('PGN')!, bytesSource(file(true, lines)), {});
    const reaching = await runImport(db, readerFor('PGN')!, bytesSource(file(false, lines.filter((_, i) => i % 3 === 0))), {});
    const scoredKeys = new Set((await pliesOfGameIds(db, scoring.gameIds)).filter((p) => p.ply > 0).map((p) => p.key));
    const reachedKeys = new Set((await pliesOfGameIds(db, reaching.gameIds)).map((p) => p.key));
    expect(scoredKeys.size).toBe(100);
    const kept = [...scoredKeys].filter((k) => reachedKeys.has(k));
    expect(kept.length).toBeGreaterThan(20);
    expect(kept.length).toBeLessThan(100);
    // Evaluations are packed with their games (two in each of the 80): no position row is written or deleted.
    expect(await db.sql.query(`SELECT key FROM "Position" WHERE key = ANY($1::text[])`, [[...scoredKeys]])).toEqual([]);
    expect(await deleteImport(db, scoring.importId)).toEqual({ games: 80, positions: 0, scores: 160 });
    expect((await scoresOfPositionKeys(db, [...scoredKeys].map((key) => ({ kind: 'CHESS' as const, key })))).flat()).toEqual([]);
    for (const key of kept) expect(await indexedOccurrences(db, 'CHESS', key)).toBeGreaterThan(0);
    expect(await deleteImport(db, reaching.importId)).toEqual({ games: lines.filter((_, i) => i % 3 === 0).length, positions: 0, scores: 0 });
  });
});
