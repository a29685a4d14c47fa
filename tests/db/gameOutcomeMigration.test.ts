/**
 * The migration that stores each game's outcome and points fills them for games stored before it,
 * reading each result as the game's module reads it (src/games/<game>/result.ts): chess's three
 * results, Go's B+/W+/0/Draw/Jigo, backgammon's W+n/B+n with the points, crossword final scores
 * with the spread. An import not indexed yet is then indexed with those outcomes.
 */
import { readMigrations } from '../../src/db/migrations';
import type { Database } from '../../src/db/database';
import type { GameKind, GameResult } from '../../src/db/records';
import { indexKey } from '../../src/db/positionIndex';
import { GAME_KINDS, gameOf } from '../../src/games';
import { indexPendingImports } from '../../src/storage/reindex';
import { oldDatabases } from '../support/oldDatabase';
import { START } from '../support/records';

const BEFORE_OUTCOME = readMigrations().filter((m) => m.name < '20261126113056_game_outcome');

/** Results as games stored them, and what each says. */
const CASES: [GameKind, string | null, GameResult['outcome'], number | null][] = [
  ['CHESS', '1-0', 'FIRST', null],
  ['CHESS', '0-1', 'SECOND', null],
  ['CHESS', '1/2-1/2', 'DRAW', null],
  ['CHESS', ' 1-0\n', 'FIRST', null],
  ['CHESS', '*', null, null],
  ['CHESS', '1–0', null, null],
  ['CHESS', 'B+R', null, null],
  ['CHESS', null, null, null],
  ['GO', 'B+R', 'FIRST', null],
  ['GO', 'w+3.5', 'SECOND', null],
  ['GO', '0', 'DRAW', null],
  ['GO', 'Jigo', 'DRAW', null],
  ['GO', 'dRaW', 'DRAW', null],
  ['GO', '\u3000B+T\u00a0', 'FIRST', null],
  ['GO', 'Void', null, null],
  ['GO', '1-0', null, null],
  ['BACKGAMMON', 'W+2', 'FIRST', 2],
  ['BACKGAMMON', 'B+1R', 'SECOND', -1],
  ['BACKGAMMON', 'b+4', 'SECOND', -4],
  ['BACKGAMMON', 'W+', 'FIRST', null],
  ['BACKGAMMON', 'W-2', null, null],
  ['BACKGAMMON', `W+${'9'.repeat(400)}`, 'FIRST', Infinity],
  ['CROSSWORD', '412-380', 'FIRST', 32],
  ['CROSSWORD', '439-550', 'SECOND', -111],
  ['CROSSWORD', '400-400', 'DRAW', 0],
  ['CROSSWORD', '-5-10', 'SECOND', -15],
  ['CROSSWORD', '451 - 345', null, null],
];

/**
 * Texts near results of every game: a result or a piece of one, with white space, letters, digits
 * or signs around it; some hundreds, the same on every run.
 */
const generatedTexts = (): string[] => {
  const pieces = ['1-0', '0-1', '1/2-1/2', 'B+', 'W+', 'b+', 'w+', 'Draw', 'dRAW', 'Jigo', 'JIGO', '0', '*', '412-380', '-5-10', '12--3', '7-7', 'Void', ''];
  const atoms = ['1', '0', '2', '9', '-', '/', '+', '.', 'R', 'B', 'W', 'x', '½', ' ', '\n', '\t', '\u00a0', '\u3000'];
  let seed = 7;
  const next = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
  const some = (most: number): string => Array.from({ length: next(most + 1) }, () => atoms[next(atoms.length)]).join('');
  return Array.from({ length: 600 }, () => (next(2) === 0 ? '' : some(2)) + pieces[next(pieces.length)] + (next(2) === 0 ? '' : some(3)));
};
const GENERATED = GAME_KINDS.flatMap((kind) => generatedTexts().map((text): [GameKind, string] => [kind, text]));

const literal = (text: string | null): string => (text === null ? 'NULL' : `'${text.replace(/'/g, "''")}'`);
const gameRows = (games: [GameKind, string | null][], firstId: number): string =>
  games.map(([kind, result], i) => `(${firstId + i}, '${kind}', 'PGN', '\\x'::bytea, ${literal(result)})`).join(',\n');

/** Two games of 1. e4 e5 in an import not indexed yet, White winning one and drawing the other. */
const pgn = (result: string): string => `convert_to(E'[Result "${result}"]\\n\\n1. e4 e5 ${result}\\n', 'UTF8')`;
const OLD_ROWS = `
  INSERT INTO "Game" (id, kind, "sourceFormat", source, result) VALUES
    ${gameRows(CASES.map(([kind, result]) => [kind, result]), 1)};
  INSERT INTO "Game" (id, kind, "sourceFormat", source, result) VALUES
    ${gameRows(GENERATED, 1001)};
  INSERT INTO "Import" (id, format, fingerprint, indexed) VALUES (7, 'PGN', 'old-import', false);
  INSERT INTO "Game" (id, kind, "importId", "sourceFormat", source, result) VALUES
    (101, 'CHESS', 7, 'PGN', ${pgn('1-0')}, '1-0'), (102, 'CHESS', 7, 'PGN', ${pgn('1/2-1/2')}, '1/2-1/2');
`;

/** A game's stored outcome and points, by id. */
const stored = async (db: Database, from: number, to: number): Promise<GameResult[]> =>
  db.sql.query<{ outcome: GameResult['outcome']; firstPoints: number | null }>(
    `SELECT outcome::text AS outcome, "firstPoints" FROM "Game" WHERE id BETWEEN $1 AND $2 ORDER BY id`,
    [from, to],
  );

for (const target of oldDatabases(BEFORE_OUTCOME, OLD_ROWS)) {
  describe(`the game outcome migration [${target.name}]`, () => {
    let db: Database;
    beforeAll(async () => {
      const open = await target.make();
      db = await open();
    });
    afterAll(async () => {
      await db.close();
      await target.cleanup();
    });

    it('gives each stored game the outcome and points its result says', async () => {
      expect(await stored(db, 1, CASES.length)).toEqual(CASES.map(([, , outcome, firstPoints]) => ({ outcome, firstPoints })));
    });

    it("reads every result as the game's module reads it", async () => {
      // COPY stores JavaScript's -0 (B+0) as 0.
      const expected = GENERATED.map(([kind, text]) => {
        const { outcome, firstPoints } = gameOf(kind).result(text);
        return { outcome, firstPoints: firstPoints === 0 ? 0 : firstPoints };
      });
      expect(await stored(db, 1001, 1000 + GENERATED.length)).toEqual(expected);
    });

    it('indexes an import stored before it with its games’ outcomes', async () => {
      expect(await indexPendingImports(db)).toBe(2);
      const [counts] = await db.sql.query<{ games: bigint; first: bigint; draws: bigint; second: bigint }>(
        `SELECT sum(games)::int8 AS games, sum("firstWins")::int8 AS first, sum(draws)::int8 AS draws, sum("secondWins")::int8 AS second
         FROM "PositionMove" WHERE kind = 'CHESS' AND hash = $1 AND move = 'e4'`,
        [indexKey('CHESS', START.key).hash],
      );
      expect(counts).toEqual({ games: 2n, first: 1n, draws: 1n, second: 0n });
    });
  });
}
