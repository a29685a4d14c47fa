/**
 * Activating another Zobrist table keeps every stored Go game found (issue 26): the activation
 * indexes the Go games again under the new table in its transaction, and each import records
 * the table its games are hashed with, so a game's plies, `positions(key)` and the explorer agree.
 */
import { generateZobristTable, printZobristTable } from '../../src/codecs/go';
import type { Database } from '../../src/db/database';
import { describeEachDatabase, testTargets } from '../support/databases';
import { sampleText } from '../support/sampleData';
import { dataOf, graphqlClient, type Gql } from '../support/graphql';

const GAME = '(;GM[1]FF[4]SZ[9]KM[7];B[ee];W[gc];B[cg];W[eg];B[ec])';
/** The last ply's key under the shipped default table (the reproduction). */
const LAST_KEY_DEFAULT = '091224398675cb550057';
const OTHER = printZobristTable(generateZobristTable(81, 7n));

interface PlyView {
  move: string | null;
  position: { key: string; board: string };
}

const importSgf = async (gql: Gql, data: string) =>
  dataOf(
    await gql<{ importGames: { importId: string; games: { id: string }[]; alreadyImported: boolean; gameCount: number } }>(
      `mutation ($d: String!) { importGames(format: SGF, data: $d) { importId games { id } alreadyImported gameCount } }`,
      { d: data },
    ),
  ).importGames;

const pliesOf = async (gql: Gql, id: string): Promise<PlyView[]> =>
  dataOf(await gql<{ game: { plies: PlyView[] } }>(`query ($id: ID!) { game(id: $id) { plies { move position { key board } } } }`, { id })).game
    .plies;

/** The positions stored under `key`: how often games reach them, which games, and the explorer's moves from them. */
const lookUp = async (gql: Gql, key: string) =>
  dataOf(
    await gql<{ positions: { occurrenceCount: number; occurrences: { game: { id: string } }[]; moves: { move: string; count: number }[] }[] }>(
      `query ($k: String!) { positions(key: $k) { occurrenceCount occurrences { game { id } } moves { move count } } }`,
      { k: key },
    ),
  ).positions;

/** The key the active table gives a 9x9 board with White to play, computed by `goCanonicalHash` (not by a replay). */
const keyOfBoard = async (gql: Gql, board: string): Promise<string> =>
  `${dataOf(await gql<{ goCanonicalHash: { hash: string } }>(`query ($b: String!) { goCanonicalHash(board: $b) { hash } }`, { b: board })).goCanonicalHash.hash}0057`;

const activate = async (gql: Gql, name: string) => dataOf(await gql(`mutation ($n: String!) { activateZobristTable(name: $n) { name } }`, { n: name }));

const storeTable = async (gql: Gql, name: string, data: string, activateIt = true) =>
  dataOf(await gql(`mutation ($n: String!, $d: String!, $a: Boolean) { importZobristTable(name: $n, data: $d, activate: $a) { name } }`, { n: name, d: data, a: activateIt }));

const recordedTable = async (db: Database, importId: string): Promise<string | null> =>
  (await db.sql.query<{ t: string | null }>(`SELECT "zobristTable" AS t FROM "Import" WHERE id = $1`, [BigInt(importId)]))[0].t;

describeEachDatabase('activating a Zobrist table', (getDb) => {
  let gql: Gql;
  beforeAll(() => {
    gql = graphqlClient(getDb());
  });
  afterEach(async () => {
    await activate(gql, 'default');
  });

  it('keeps the reproduction game found: its plies, positions(key) and the explorer agree on the new keys', async () => {
    const imported = await importSgf(gql, GAME);
    const gameId = imported.games[0].id;
    const before = await pliesOf(gql, gameId);
    expect(before.at(-1)!.position.key).toBe(LAST_KEY_DEFAULT);
    expect((await lookUp(gql, LAST_KEY_DEFAULT)).map((p) => p.occurrenceCount)).toEqual([1]);
    expect(await recordedTable(getDb(), imported.importId)).toBe('default');

    await storeTable(gql, 'other', OTHER);

    const after = await pliesOf(gql, gameId);
    const last = after.at(-1)!;
    expect(last.position.board).toBe(before.at(-1)!.position.board);
    expect(last.position.key).not.toBe(LAST_KEY_DEFAULT);
    expect(last.position.key).toBe(await keyOfBoard(gql, last.position.board));
    const found = await lookUp(gql, last.position.key);
    expect(found.map((p) => [p.occurrenceCount, p.occurrences.map((o) => o.game.id)])).toEqual([[1, [gameId]]]);
    const beforeLast = await lookUp(gql, after.at(-2)!.position.key);
    expect(beforeLast.map((p) => p.moves.map((m) => m.count))).toEqual([[1]]);
    expect(await lookUp(gql, LAST_KEY_DEFAULT)).toEqual([]);
    expect(await recordedTable(getDb(), imported.importId)).toBe('other');

    await activate(gql, 'default');
    expect((await pliesOf(gql, gameId)).at(-1)!.position.key).toBe(LAST_KEY_DEFAULT);
    expect((await lookUp(gql, LAST_KEY_DEFAULT)).map((p) => p.occurrenceCount)).toEqual([1]);
    expect(await lookUp(gql, last.position.key)).toEqual([]);
    await deleteImport(gql, imported.importId);
  });

  it('answers a re-import after an activation from the stored import, found under the new table once', async () => {
    const first = await importSgf(gql, GAME);
    await storeTable(gql, 'other', OTHER);
    const again = await importSgf(gql, GAME);
    expect(again).toEqual({ ...first, alreadyImported: true });
    const key = (await pliesOf(gql, first.games[0].id)).at(-1)!.position.key;
    expect((await lookUp(gql, key)).map((p) => p.occurrenceCount)).toEqual([1]);
    await deleteImport(gql, first.importId);
  });

  it('hashes a game imported after an activation with the active table and records it', async () => {
    await storeTable(gql, 'other', OTHER);
    const imported = await importSgf(gql, GAME);
    expect(await recordedTable(getDb(), imported.importId)).toBe('other');
    const last = (await pliesOf(gql, imported.games[0].id)).at(-1)!;
    expect(last.position.key).toBe(await keyOfBoard(gql, last.position.board));
    expect((await lookUp(gql, last.position.key)).map((p) => p.occurrenceCount)).toEqual([1]);

    await activate(gql, 'default');
    expect(await recordedTable(getDb(), imported.importId)).toBe('default');
    expect((await lookUp(gql, LAST_KEY_DEFAULT)).map((p) => p.occurrenceCount)).toEqual([1]);
    await deleteImport(gql, imported.importId);
  });

  it('indexes the games again when the codes of the active table are replaced under its name', async () => {
    await storeTable(gql, 'other', OTHER);
    const imported = await importSgf(gql, GAME);
    const oldKey = (await pliesOf(gql, imported.games[0].id)).at(-1)!.position.key;

    await storeTable(gql, 'other', printZobristTable(generateZobristTable(81, 8n)), false);

    const last = (await pliesOf(gql, imported.games[0].id)).at(-1)!;
    expect(last.position.key).not.toBe(oldKey);
    expect(last.position.key).toBe(await keyOfBoard(gql, last.position.board));
    expect((await lookUp(gql, last.position.key)).map((p) => p.occurrenceCount)).toEqual([1]);
    expect(await lookUp(gql, oldKey)).toEqual([]);
    await deleteImport(gql, imported.importId);
  });

  it('finds the reproduction game by its board after the activation, and under no key once its import is deleted', async () => {
    const imported = await importSgf(gql, GAME);
    const board = (await pliesOf(gql, imported.games[0].id)).at(-1)!.position.board;

    await storeTable(gql, 'other', OTHER);

    const newKey = (await pliesOf(gql, imported.games[0].id)).at(-1)!.position.key;
    const byBoard = dataOf(
      await gql<{ findPositions: { key: string; occurrenceCount: number }[] }>(
        `query ($t: String!) { findPositions(text: $t) { key occurrenceCount } }`,
        { t: board },
      ),
    ).findPositions;
    expect(byBoard.filter((p) => p.key.endsWith('57'))).toEqual([{ key: newKey, occurrenceCount: 1 }]);
    await deleteImport(gql, imported.importId);
    expect(await lookUp(gql, newKey)).toEqual([]);
    expect(await lookUp(gql, LAST_KEY_DEFAULT)).toEqual([]);
  });

  it('records no table for an import that hashed no Go game', async () => {
    const imported = dataOf(
      await gql<{ importGames: { importId: string } }>(`mutation { importGames(format: PGN, data: "1. e4 e5 *") { importId } }`),
    ).importGames;
    expect(await recordedTable(getDb(), imported.importId)).toBeNull();
    await deleteImport(gql, imported.importId);
  });
});

const deleteImport = async (gql: Gql, importId: string) =>
  dataOf(await gql(`mutation ($id: ID!) { deleteImport(id: $id) { games } }`, { id: importId }));

/** Whether some transaction holds (`granted`) or waits for a lock of `mode` on the ZobristTable table. */
const tableLock = async (db: Database, mode: string, granted: boolean): Promise<boolean> =>
  (
    await db.sql.query<{ n: bigint }>(
      `SELECT count(*)::int8 AS n FROM pg_locks WHERE relation = '"ZobristTable"'::regclass AND mode = $1 AND granted = $2`,
      [mode, granted],
    )
  )[0].n > 0n;

/** Polls `condition` until it holds or `settled` says the work it waits for is over; false then. */
const until = async (condition: () => Promise<boolean>, settled: () => boolean): Promise<boolean> => {
  while (!settled()) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return condition();
};

const postgres = testTargets().find((t) => t.name === 'postgresql');
(postgres ? describe : describe.skip)('activating a Zobrist table while an import runs [postgresql]', () => {
  let db: Database;
  beforeAll(async () => {
    db = await postgres!.open();
  });
  afterAll(async () => {
    await db?.close();
    await postgres!.cleanup();
  });

  it('waits for the import under way, then re-keys its games: none is left under the table it replaced', async () => {
    const gql = graphqlClient(db);
    const game = sampleText('go', 'fuego-regression_2010-Barcelona_Chou9p-vs-FuegoGB.sgf');
    const games = 200;
    let importDone = false;
    const importing = importSgf(gql, Array.from({ length: games }, () => game).join('\n')).finally(() => {
      importDone = true;
    });
    expect(await until(() => tableLock(db, 'ShareLock', true), () => importDone)).toBe(true);
    let activationDone = false;
    const activating = storeTable(gql, 'other', OTHER).finally(() => {
      activationDone = true;
    });
    expect(await until(() => tableLock(db, 'ShareRowExclusiveLock', false), () => activationDone)).toBe(true);
    const [imported] = await Promise.all([importing, activating]);

    expect(await recordedTable(db, imported.importId)).toBe('other');
    const last = (await pliesOf(gql, imported.games[0].id)).at(-1)!;
    expect(last.position.key).toBe(await keyOfBoard(gql, last.position.board));
    expect((await lookUp(gql, last.position.key)).map((p) => p.occurrenceCount)).toEqual([games]);
    await activate(gql, 'default');
    await deleteImport(gql, imported.importId);
  });
});
