/**
 * Evaluations packed per game (issue 29, section 2), on both databases: a chess game's `[%eval]`
 * and cutechess comments are packed with it (`Game.evaluations`) and found by position through the
 * evaluation index, with no `Position` or `Score` row; every API field that gave them answers the
 * same from the packed form as from the rows an earlier version wrote; and the catch-up that runs
 * when an old database is opened packs those games and drops the rows only they needed.
 */
import type { Database } from '../../src/db/database';
import { readerFor } from '../../src/games/index';
import { bytesSource, runImport } from '../../src/storage/importService';
import { packPendingEvaluations } from '../../src/storage/reanalyse';
import { scoresOfPositionKeys } from '../../src/storage/evaluations';
import { describeEachDatabase } from '../support/databases';
import { dataOf, graphqlClient } from '../support/graphql';
import { storedPlies } from '../support/plies';
import { signedHashOf } from '../../src/codecs/hashes';

/**
 * Three games: two evaluate 1.e4 (the later one's verdict is the position's), one with a
 * variation, a mate and a depth; the third written by engines in cutechess comments. A fourth file
 * then evaluates 1.e4 once more: the latest import's verdict wins.
 */
const FILE = `[Event "one"]
[White "A"]
[Black "B"]
[Annotator "Stockfish 16"]
[Result "1-0"]

1. e4 { [%eval 0.3] } 1... e5 { [%eval 0.2,18] } ( 1... c5 { [%eval 0.4] } ) 2. Nf3 { [%eval #4] } 1-0

[Event "two"]
[White "C"]
[Black "D"]
[Annotator "Stockfish 16"]
[Result "0-1"]

1. e4 { [%eval 0.35] } 1... c5 { [%eval 0.45] } 2. Qh5 { [%eval #-0] } 0-1

[Event "three"]
[White "EngineW"]
[Black "EngineB"]
[Result "*"]

1. d4 {+0.20/12} 1... d5 {-0.10/11} 2. c4 {+0.30/13} *
`;

const LATER = `[Event "four"]
[White "E"]
[Black "F"]
[Annotator "Stockfish 16"]
[Result "*"]

1. e4 { [%eval 0.25] } *
`;

const POSITION = `query ($key: String!) { positions(key: $key, kind: CHESS) { key scores { program ruleset value bestValue confidence details source label } } }`;
const EXPLORER = `query ($fen: String!) { chessPosition(fen: $fen) { moves { move count score } analysis { program value details } } }`;
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
const AFTER_D4 = 'rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1';

/** Every answer the evaluations give through the API: each position's scores, the explorer's verdicts at the start and after 1.e4 and 1.d4. */
async function answers(db: Database, keys: readonly string[]): Promise<unknown> {
  const gql = graphqlClient(db);
  const positions = [];
  for (const key of keys) positions.push(dataOf(await gql(POSITION, { key })));
  const explorer = [];
  for (const fen of [START, AFTER_E4, AFTER_D4]) explorer.push(dataOf(await gql(EXPLORER, { fen })));
  return { positions, explorer };
}

/** The keys of every position the stored games reach, each once. */
const reachedKeys = async (db: Database): Promise<string[]> => [...new Set((await storedPlies(db)).map((p) => p.key))].sort();

const count = async (db: Database, sql: string): Promise<number> => Number((await db.sql.query<{ n: bigint }>(sql))[0].n);

/**
 * Turns the database into what an earlier version wrote: the evaluations as `Position` and `Score`
 * rows linked to the imports that wrote them (each position's verdict per program as the packed
 * form gives it), no packed column or evaluation index, the imports marked not packed.
 */
async function asEarlierVersionWrote(db: Database, keys: readonly string[]): Promise<void> {
  const scores = await scoresOfPositionKeys(db, keys.map((key) => ({ kind: 'CHESS' as const, key })));
  const boards = new Map((await storedPlies(db)).map((p) => [p.key, p.board]));
  const imports = (await db.sql.query<{ id: bigint }>('SELECT id FROM "Import" ORDER BY id')).map((r) => r.id);
  for (let i = 0; i < keys.length; i++) {
    if (scores[i].length === 0) continue;
    const [position] = await db.sql.query<{ id: bigint }>(
      `INSERT INTO "Position" (kind, key, hash, board, "sideToMove") VALUES ('CHESS', $1, $2, $3, $4) RETURNING id`,
      [keys[i], String(signedHashOf(keys[i])), boards.get(keys[i]), boards.get(keys[i])!.split(' ')[1]],
    );
    for (const s of scores[i]) {
      const [row] = await db.sql.query<{ id: bigint }>(
        `INSERT INTO "Score" ("positionId", program, ruleset, value, details, source) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [position.id, s.program, s.ruleset, s.value, JSON.stringify(s.details), s.source],
      );
      // Linked to every import (as a verdict two imports wrote is): each must be packed before it goes.
      for (const importId of imports) await db.sql.query(`INSERT INTO "ImportScore" ("importId", "scoreId") VALUES ($1, $2)`, [importId, row.id]);
    }
  }
  await db.sql.query('DELETE FROM "EvaluationBlock"');
  await db.sql.query('UPDATE "Game" SET evaluations = NULL');
  await db.sql.query('UPDATE "Import" SET "evaluationsPacked" = false');
}

describeEachDatabase('evaluations packed per game', (getDb) => {
  let keys: string[];
  let packed: unknown;

  beforeAll(async () => {
    const db = getDb();
    await runImport(db, readerFor('PGN')!, bytesSource(Buffer.from(FILE)));
    await runImport(db, readerFor('PGN')!, bytesSource(Buffer.from(LATER)));
    keys = await reachedKeys(db);
    packed = await answers(db, keys);
  });

  it('stores no position and no score row for the evaluations inside games', async () => {
    const db = getDb();
    expect(await count(db, `SELECT count(*)::int8 AS n FROM "Position"`)).toBe(0);
    expect(await count(db, `SELECT count(*)::int8 AS n FROM "Score"`)).toBe(0);
    expect(await count(db, `SELECT count(*)::int8 AS n FROM "Game" WHERE evaluations IS NOT NULL`)).toBe(4);
  });

  it("gives each evaluated position one score per program: the latest game's, with what the comment said and where", async () => {
    const { positions, explorer } = packed as {
      positions: { positions: { key: string; scores: { program: string; value: number; details: unknown; source: string }[] }[] }[];
      explorer: { chessPosition: { moves: { move: string; count: number; score: number | null }[] } }[];
    };
    const scored = positions.flatMap((p) => p.positions).filter((p) => p.scores.length > 0);
    const summary = scored.map((p) => p.scores.map((s) => [s.program, s.value, s.details, s.source])).sort((a, b) => String(a[0][3]).localeCompare(String(b[0][3])));
    expect(summary).toEqual([
      // After 1.e4: the fourth file's verdict, the latest; 1...c5 is evaluated in game one's variation and in game two: game two's wins.
      [['Stockfish 16', 0.2, { cp: 20, depth: 18, notation: 'eval' }, 'PGN game 0 ply 2']],
      [['Stockfish 16', 100, { mate: 4, notation: 'eval' }, 'PGN game 0 ply 3']],
      [['Stockfish 16', 0.25, { cp: 25, notation: 'eval' }, 'PGN game 0 ply 1']],
      [['Stockfish 16', 0.45, { cp: 45, notation: 'eval' }, 'PGN game 1 ply 2']],
      [['Stockfish 16', -100, { mate: 0, notation: 'eval' }, 'PGN game 1 ply 3']],
      [['EngineW', 0.2, { cp: 20, depth: 12, notation: 'engine' }, 'PGN game 2 ply 1']],
      [['EngineB', 0.1, { cp: 10, depth: 11, notation: 'engine' }, 'PGN game 2 ply 2']],
      [['EngineW', 0.3, { cp: 30, depth: 13, notation: 'engine' }, 'PGN game 2 ply 3']],
    ].sort((a, b) => String(a[0][3]).localeCompare(String(b[0][3]))));
    // The explorer's verdict of a move is the score of the position it leads to, from the mover's side.
    expect(explorer[0].chessPosition.moves).toEqual([
      { move: 'e4', count: 3, score: 0.25 },
      { move: 'd4', count: 1, score: 0.2 },
    ]);
    expect(explorer[1].chessPosition.moves).toEqual([
      { move: 'c5', count: 1, score: -0.45 },
      { move: 'e5', count: 1, score: -0.2 },
    ]);
  });

  it('answers every field the same from the rows an earlier version wrote, and again once the catch-up packed them', async () => {
    const db = getDb();
    await asEarlierVersionWrote(db, keys);
    expect(await count(db, `SELECT count(*)::int8 AS n FROM "Score"`)).toBe(8);
    expect(await answers(db, keys)).toEqual(packed);
    expect(await packPendingEvaluations(db)).toBe(4);
    expect(await answers(db, keys)).toEqual(packed);
    // The rows only the games' evaluations needed went with their links; every import is packed.
    expect(await count(db, `SELECT count(*)::int8 AS n FROM "Score"`)).toBe(0);
    expect(await count(db, `SELECT count(*)::int8 AS n FROM "ImportScore"`)).toBe(0);
    expect(await count(db, `SELECT count(*)::int8 AS n FROM "Position"`)).toBe(0);
    expect(await count(db, `SELECT count(*)::int8 AS n FROM "Import" WHERE NOT "evaluationsPacked"`)).toBe(0);
    expect(await count(db, `SELECT count(*)::int8 AS n FROM "Game" WHERE evaluations IS NOT NULL`)).toBe(4);
  });
});

describeEachDatabase('evaluations of one position by several programs', (getDb) => {
  it("gives each program's latest evaluation, whichever game it is in", async () => {
    const db = getDb();
    const game = (i: number, program: string, pawns: string) =>
      `[Event "g${i}"]\n[White "W"]\n[Black "B"]\n[Annotator "${program}"]\n[Result "*"]\n\n1. e4 { [%eval ${pawns}] } 1... e5 *\n`;
    const file = [game(0, 'Alpha', '0.10'), game(1, 'Beta', '0.20'), game(2, 'Alpha', '0.30'), game(3, 'Alpha', '0.40'), game(4, 'Gamma', '#2'), game(5, 'Alpha', '0.50')].join('\n');
    await runImport(db, readerFor('PGN')!, bytesSource(Buffer.from(file)));
    const [scores] = await scoresOfPositionKeys(db, [{ kind: 'CHESS', key: '823c9b50fd114196' }]);
    expect(scores.map((s) => [s.program, s.value, s.source])).toEqual([
      ['Alpha', 0.5, 'PGN game 5 ply 1'],
      ['Beta', 0.2, 'PGN game 1 ply 1'],
      ['Gamma', 100, 'PGN game 4 ply 1'],
    ]);
  });
});
