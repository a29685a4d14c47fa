/**
 * Imports can be listed and deleted: deleting one removes its games, the scores only it wrote and
 * the positions nothing else holds, in one transaction; a repeated import takes no number.
 * (tests/storage/deleteImport.test.ts checks what overlapping imports keep.)
 */
import { encodePositionFile, encodeScoreFile } from '../../src/codecs/go';
import { unwrap } from '../../src/codecs/result';
import type { Database } from '../../src/db/database';
import { createContext } from '../../src/api/context';
import { readerFor } from '../../src/games/index';
import { scoresOfPositionKeys } from '../../src/storage/evaluations';
import { deleteImport, importsPage } from '../../src/storage/imports';
import { bytesSource, runImport } from '../../src/storage/importService';
import { describeEachDatabase } from '../support/databases';
import { indexedOccurrences, pliesOfGameIds } from '../support/plies';
import { dataOf, graphqlClient } from '../support/graphql';
import { randomPositions, randomScores } from '../support/goFiles';

const pgn = (event: string, moves: string) => Buffer.from(`[Event "${event}"]\n[Result "*"]\n\n${moves} *\n`, 'utf8');
const importAs = (db: Database, format: string, bytes: Uint8Array, options: Record<string, string> = {}) =>
  runImport(db, readerFor(format)!, bytesSource(bytes), options);
/** The keys of a game's main line, ply 0 first. */
const positionKeys = async (db: Database, gameId: bigint): Promise<string[]> =>
  (await pliesOfGameIds(db, [gameId]))
    .filter((p) => p.variation === '')
    .sort((a, b) => a.ply - b.ply)
    .map((p) => p.key);
/** How many of `keys` the position index finds (in any stored game). */
const indexed = async (db: Database, keys: string[]): Promise<number> => {
  let n = 0;
  for (const key of keys) if ((await indexedOccurrences(db, 'CHESS', key)) > 0) n++;
  return n;
};
const stored = async (db: Database, keys: string[]): Promise<number> =>
  Number((await db.sql.query<{ n: bigint }>(`SELECT count(*)::int8 AS n FROM "Position" WHERE key = ANY($1)`, [keys]))[0].n);

describeEachDatabase('imports', (getDb) => {
  it('answers a repeated import without taking an import number', async () => {
    const db = getDb();
    const first = await importAs(db, 'PGN', pgn('numbers', '1. d4 d5'));
    expect((await importAs(db, 'PGN', pgn('numbers', '1. d4 d5'))).alreadyImported).toBe(true);
    const next = await importAs(db, 'PGN', pgn('numbers 2', '1. d4 Nf6'));
    expect(next.importId).toBe(first.importId + 1n);
  });

  it('deletes an import with the positions only it reached, keeping the ones another game shares', async () => {
    const db = getDb();
    const a = await importAs(db, 'PGN', pgn('delete a', '1. e4 e5 2. Nf3'));
    const b = await importAs(db, 'PGN', pgn('delete b', '1. e4 c5'));
    const keysA = await positionKeys(db, a.gameIds[0]);
    const keysB = await positionKeys(db, b.gameIds[0]);
    expect(keysA).toHaveLength(4);
    expect(keysB).toHaveLength(3);
    expect(keysA.slice(0, 2)).toEqual(keysB.slice(0, 2));
    expect(await indexed(db, keysA)).toBe(4);
    const deleted = await deleteImport(db, a.importId);
    // Positions reached in games are index entries, not rows: nothing is attached to these, so no row goes.
    expect(deleted).toEqual({ games: 1, positions: 0, scores: 0 });
    expect(await db.prisma.game.count({ where: { importId: a.importId } })).toBe(0);
    // 1...e5 and 2.Nf3 were only a's: no longer found. The start and 1.e4 are also b's: still found, once each.
    expect(await indexed(db, keysA.slice(2))).toBe(0);
    expect(await indexed(db, keysB)).toBe(keysB.length);
    // The start is also the two games of the first test's.
    const counts = [];
    for (const key of keysB) counts.push(await indexedOccurrences(db, 'CHESS', key));
    expect(counts).toEqual([3, 1, 1]);
    expect(await db.prisma.import.count({ where: { id: a.importId } })).toBe(0);
  });

  it('deletes the evaluations packed in its games, and no position row is left behind', async () => {
    const db = getDb();
    const scored = (event: string, moves: string) =>
      Buffer.from(`[Event "${event}"]\n[Annotator "deleter"]\n[Result "*"]\n\n${moves} *\n`, 'utf8');
    // a scores 1.b3 and 1...e5 (only a reaches 1...e5); b reaches 1.b3 too, unscored.
    const a = await importAs(db, 'PGN', scored('scored a', '1. b3 { [%eval 0.2] } 1... e5 { [%eval 0.25] } 2. Bb2'));
    const b = await importAs(db, 'PGN', pgn('scored b', '1. b3 d5'));
    expect(a.scoreCount).toBe(2);
    const [, afterB3, afterE5] = await positionKeys(db, a.gameIds[0]);
    expect((await positionKeys(db, b.gameIds[0]))[1]).toBe(afterB3);
    // The evaluations are packed with the game: no position of the games is a row.
    expect(await stored(db, await positionKeys(db, a.gameIds[0]))).toBe(0);
    const values = async () => (await scoresOfPositionKeys(db, [afterB3, afterE5].map((key) => ({ kind: 'CHESS' as const, key })))).map((s) => s.map((x) => [x.program, x.value]));
    expect(await values()).toEqual([[['deleter', 0.2]], [['deleter', 0.25]]]);
    expect(await deleteImport(db, a.importId)).toEqual({ games: 1, positions: 0, scores: 2 });
    expect(await values()).toEqual([[], []]);
    expect(await db.sql.query('SELECT 1 FROM "EvaluationBlock" WHERE "importId" = $1', [a.importId])).toEqual([]);
    expect(await indexedOccurrences(db, 'CHESS', afterB3)).toBe(1);
    expect(await indexedOccurrences(db, 'CHESS', afterE5)).toBe(0);
  });

  it("deletes a position file's positions, keeping those a score file scores until it goes too", async () => {
    const db = getDb();
    const positions = randomPositions(50, 777);
    const listed = await importAs(db, 'GO_POSITIONS', unwrap(encodePositionFile(positions)));
    const scores = await importAs(db, 'GO_SCORES', unwrap(encodeScoreFile(randomScores(positions.slice(0, 30), 778))), { program: 'deleted', ruleset: '' });
    expect(await deleteImport(db, listed.importId)).toEqual({ games: 0, positions: 20, scores: 0 });
    expect(await db.prisma.score.count({ where: { program: 'deleted' } })).toBe(30);
    expect(await deleteImport(db, scores.importId)).toEqual({ games: 0, positions: 30, scores: 30 });
    expect(await db.prisma.score.count({ where: { program: 'deleted' } })).toBe(0);
  });

  it('answers null for an import that does not exist', async () => {
    expect(await deleteImport(getDb(), 999_999n)).toBeNull();
  });

  it('lists imports oldest first with their counts', async () => {
    const page = await importsPage(getDb(), 2);
    expect(page.imports.map((i) => [i.format, i.gameCount])).toEqual([['PGN', 1], ['PGN', 1]]);
    expect(page.hasNextPage).toBe(true);
  });

  it('lists and deletes through GraphQL, deleting for admins only', async () => {
    const db = getDb();
    const gql = graphqlClient(db);
    const c = await importAs(db, 'PGN', pgn('delete c', '1. c4 e5'));
    const list = dataOf(await gql<{ imports: { totalCount: number; nodes: { id: string; format: string; gameCount: number }[] } }>('{ imports(first: 100) { totalCount nodes { id format gameCount } } }')).imports;
    expect(list.nodes.at(-1)).toEqual({ id: String(c.importId), format: 'PGN', gameCount: 1 });
    const asWriter = await gql.apollo.executeOperation(
      { query: 'mutation ($id: ID!) { deleteImport(id: $id) { games } }', variables: { id: String(c.importId) } },
      { contextValue: createContext(db, { kind: 'token', name: 'w', role: 'writer' }) },
    );
    expect(asWriter.body.kind === 'single' && asWriter.body.singleResult.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const deleted = dataOf(await gql('mutation ($id: ID!) { deleteImport(id: $id) { importId games } }', { id: String(c.importId) }));
    expect(deleted).toEqual({ deleteImport: { importId: String(c.importId), games: 1 } });
    const again = await gql('mutation ($id: ID!) { deleteImport(id: $id) { games } }', { id: String(c.importId) });
    expect(again.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});
