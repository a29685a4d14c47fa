/**
 * Duplicates across sources: a game already stored from another file is recognised at import
 * (`ImportReport.duplicateGames`), stored and linked both ways under `KEEP` (`Game.duplicates`),
 * left out under `SKIP`; the links are computed, so deleting an import leaves none behind.
 * Each test uses games of its own: the test file shares one database.
 */
import type { Database } from '../../src/db/database';
import { readerFor } from '../../src/games/index';
import { ImportFailure } from '../../src/games/importFailure';
import { deleteImport } from '../../src/storage/imports';
import { indexImportAgain } from '../../src/storage/reindex';
import { attributePendingImports } from '../../src/storage/reanalyse';
import { bytesSource, runImport } from '../../src/storage/importService';
import { describeEachDatabase } from '../support/databases';
import { dataOf, graphqlClient } from '../support/graphql';
import { indexedOccurrences, pliesOfGameIds } from '../support/plies';
import { sample, sampleText } from '../support/sampleData';
import { exportedGameText } from '../support/written';

const importAs = (db: Database, format: string, bytes: Uint8Array, options: Record<string, string> = {}) =>
  runImport(db, readerFor(format)!, bytesSource(bytes), options);

const pgnGame = (headers: Record<string, string>, moves: string): string =>
  `${Object.entries(headers).map(([tag, value]) => `[${tag} "${value}"]`).join('\n')}\n\n${moves} *\n\n`;
const pgn = (...games: string[]): Buffer => Buffer.from(games.join(''), 'utf8');

/** JOSE's own GameText bytes of the games of jose-starter.pgn (samples/chess/jose-golden-games.tsv), in file order. */
const joseStarterGameTexts = (): Buffer[] => {
  const bins: Buffer[] = [];
  let file = '';
  for (const line of sampleText('chess', 'jose-golden-games.tsv').split('\n')) {
    if (line.startsWith('## file ')) file = line.slice(8);
    else if (file === 'jose_starter.pgn' && line.startsWith('bin\t')) bins.push(Buffer.from(line.slice(4), 'hex'));
  }
  return bins;
};

const DUPLICATES = `query ($id: ID!) { game(id: $id) { id duplicates { id sourceFormat player1 } } }`;
interface Duplicates {
  game: { id: string; duplicates: { id: string; sourceFormat: string; player1: string | null }[] };
}

describeEachDatabase('duplicates across sources', (getDb) => {
  const duplicateIds = async (id: bigint): Promise<string[]> =>
    dataOf(await graphqlClient(getDb())<Duplicates>(DUPLICATES, { id: String(id) })).game.duplicates.map((d) => d.id);

  it('recognises the games of a PGN file in the GameText JOSE wrote of them, and links them both ways', async () => {
    const db = getDb();
    const fromPgn = await importAs(db, 'PGN', sample('chess', 'jose-starter.pgn'));
    expect(fromPgn.gameCount).toBe(16);
    expect(fromPgn.duplicateGames).toBe(0);
    // Games 1..14 are moves only (15 and 16 carry comments in JOSE's separate list): one GameText import each.
    const bins = joseStarterGameTexts().slice(0, 14);
    expect(bins).toHaveLength(14);
    for (const [i, bin] of bins.entries()) {
      const fromGameText = await importAs(db, 'GAMETEXT', bin);
      expect(fromGameText.duplicateGames).toBe(1);
      const [gameTextId] = fromGameText.gameIds;
      expect(await duplicateIds(gameTextId)).toEqual([String(fromPgn.gameIds[i])]);
      expect(await duplicateIds(fromPgn.gameIds[i])).toEqual([String(gameTextId)]);
    }
    // The two games with comments had no GameText copy imported: nothing links them.
    expect(await duplicateIds(fromPgn.gameIds[14])).toEqual([]);
    expect(await duplicateIds(fromPgn.gameIds[15])).toEqual([]);
  });

  it('recognises a PGN game as the GameText game stored before it', async () => {
    const db = getDb();
    const moves = '1. c4 e5 2. Nc3 Nf6 3. g3 d5 4. cxd5 Nxd5';
    // The GameText bytes of these moves, as a PGN game exports them (no database), imported first.
    const first = await importAs(db, 'GAMETEXT', exportedGameText(pgn(pgnGame({}, moves))));
    expect(first.duplicateGames).toBe(0);
    const second = await importAs(db, 'PGN', pgn(pgnGame({ White: 'Reti, Richard', Black: 'Euwe, Max', Date: '1920.??.??' }, moves)));
    expect(second.duplicateGames).toBe(1);
    expect(await duplicateIds(second.gameIds[0])).toEqual([String(first.gameIds[0])]);
  });

  it('does not take a game with the same moves and other players for the same game', async () => {
    const db = getDb();
    const moves = '1. d4 Nf6 2. c4 g6 3. Nc3 Bg7 4. e4 d6';
    const a = await importAs(db, 'PGN', pgn(pgnGame({ White: 'Kasparov, Garry', Black: 'Karpov, Anatoly', Date: '1985.10.15' }, moves)));
    const b = await importAs(db, 'PGN', pgn(pgnGame({ White: 'Kasparov, Garry', Black: 'Kramnik, Vladimir', Date: '1985.10.15' }, moves)));
    const c = await importAs(db, 'PGN', pgn(pgnGame({ White: 'Kasparov, Garry', Black: 'Karpov, Anatoly', Date: '1985.10.16' }, moves)));
    expect([b.duplicateGames, c.duplicateGames]).toEqual([0, 0]);
    expect(await duplicateIds(a.gameIds[0])).toEqual([]);
    // Names in another order and case, a date known only to its month: the same game as a, and as c
    // (which could be either day), though a and c are not the same game.
    const d = await importAs(db, 'PGN', pgn(pgnGame({ White: 'GARRY KASPAROV', Black: 'Karpov, A.', Date: '1985.10.??' }, moves)));
    expect(d.duplicateGames).toBe(1);
    expect(await duplicateIds(d.gameIds[0])).toEqual([String(a.gameIds[0]), String(c.gameIds[0])]);
    expect(await duplicateIds(a.gameIds[0])).toEqual([String(d.gameIds[0])]);
  });

  it('leaves duplicates out under SKIP, a second copy within the file too, and counts them', async () => {
    const db = getDb();
    const stored = '1. e4 c6 2. d4 d5 3. Nc3 dxe4 4. Nxe4 Bf5 5. Ng3 Bg6';
    const fresh = '1. e4 c6 2. d4 d5 3. e5 Bf5 4. Nf3 e6 5. Be2 c5';
    const first = await importAs(db, 'PGN', pgn(pgnGame({ White: 'Tal, Mikhail', Black: 'Botvinnik, Mikhail', Date: '1960.03.15' }, stored)));
    const file = pgn(
      pgnGame({ White: 'Mikhail Tal', Black: 'Mikhail Botvinnik', Date: '1960.03.15' }, stored),
      pgnGame({ White: 'Short, Nigel', Black: 'Seirawan, Yasser' }, fresh),
      pgnGame({ White: 'Short, Nigel', Black: 'Seirawan, Yasser' }, fresh),
    );
    const skipped = await importAs(db, 'PGN', file, { duplicates: 'SKIP' });
    expect(skipped.gameCount).toBe(1);
    expect(skipped.duplicateGames).toBe(2);
    const [kept] = await db.prisma.game.findMany({ where: { importId: skipped.importId } });
    expect(kept.player1).toBe('Short, Nigel');
    // Not indexed either: the last position of the skipped copy is still reached by the first import's game only.
    const plies = (await pliesOfGameIds(db, first.gameIds)).filter((p) => p.variation === '').sort((x, y) => x.ply - y.ply);
    expect(await indexedOccurrences(db, 'CHESS', plies[plies.length - 1].key)).toBe(1);
  });

  it('stores duplicates under KEEP, and deleting one import leaves the other game with none', async () => {
    const db = getDb();
    const moves = '1. Nf3 d5 2. g3 Nf6 3. Bg2 c6 4. O-O Bg4';
    const a = await importAs(db, 'PGN', pgn(pgnGame({ White: 'Smyslov, Vassily', Black: 'Petrosian, Tigran', Round: '7' }, moves)));
    const b = await importAs(db, 'PGN', pgn(pgnGame({ White: 'V. Smyslov', Black: 'T. Petrosian', Round: '07' }, moves)), { duplicates: 'KEEP' });
    expect(b.gameCount).toBe(1);
    expect(b.duplicateGames).toBe(1);
    expect(await duplicateIds(a.gameIds[0])).toEqual([String(b.gameIds[0])]);
    expect(await duplicateIds(b.gameIds[0])).toEqual([String(a.gameIds[0])]);
    await deleteImport(db, b.importId);
    expect(await duplicateIds(a.gameIds[0])).toEqual([]);
  });

  it('reports what the first import found when the same input is imported again', async () => {
    const db = getDb();
    const moves = '1. b3 e5 2. Bb2 Nc6 3. e3 d5 4. Bb5 Bd6';
    await importAs(db, 'PGN', pgn(pgnGame({ White: 'Larsen, Bent', Black: 'Spassky, Boris' }, moves)));
    const file = pgn(pgnGame({ White: 'Bent Larsen', Black: 'Boris Spassky' }, moves));
    const kept = await importAs(db, 'PGN', file);
    const again = await importAs(db, 'PGN', file);
    expect([kept.alreadyImported, kept.duplicateGames]).toEqual([false, 1]);
    expect([again.alreadyImported, again.importId, again.duplicateGames]).toEqual([true, kept.importId, 1]);
    // KEEP given is the default: the same import. SKIP stores something else: another import, and so is its repeat.
    expect((await importAs(db, 'PGN', file, { duplicates: 'KEEP' })).alreadyImported).toBe(true);
    const skipped = await importAs(db, 'PGN', file, { duplicates: 'SKIP' });
    expect([skipped.alreadyImported, skipped.gameCount, skipped.duplicateGames]).toEqual([false, 0, 1]);
    const skippedAgain = await importAs(db, 'PGN', file, { duplicates: 'SKIP' });
    expect([skippedAgain.alreadyImported, skippedAgain.importId, skippedAgain.duplicateGames]).toEqual([true, skipped.importId, 1]);
  });

  it('counts duplicates in the GraphQL report and on the import, and refuses another policy as BAD_USER_INPUT', async () => {
    const gql = graphqlClient(getDb());
    const moves = '1. f4 d5 2. Nf3 g6 3. e3 Bg7 4. Be2 Nf6';
    const IMPORT = `mutation ($data: String!, $options: ImportOptions) {
      importGames(format: PGN, data: $data, options: $options) { importId gameCount duplicateGames games { id duplicates { id } } }
    }`;
    type Report = { importGames: { importId: string; gameCount: number; duplicateGames: number; games: { id: string; duplicates: { id: string }[] }[] } };
    const first = dataOf(await gql<Report>(IMPORT, { data: pgnGame({ White: 'Bird, Henry' }, moves) })).importGames;
    const second = dataOf(await gql<Report>(IMPORT, { data: pgnGame({ White: 'Henry Bird', Event: 'elsewhere' }, moves), options: { duplicates: 'KEEP' } })).importGames;
    expect(second.duplicateGames).toBe(1);
    expect(second.games[0].duplicates).toEqual([{ id: first.games[0].id }]);
    const listed = dataOf(await gql<{ imports: { nodes: { id: string; duplicateGames: number }[] } }>(`{ imports(last: 2) { nodes { id duplicateGames } } }`));
    expect(listed.imports.nodes).toEqual([{ id: first.importId, duplicateGames: 0 }, { id: second.importId, duplicateGames: 1 }]);
    const bad = await gql(IMPORT, { data: pgnGame({}, moves), options: { duplicates: 'DROP' } });
    expect(bad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(bad.errors?.[0].message).toContain('duplicates');
  });

  it('refuses another policy given to the import service itself, naming the option', async () => {
    const failure = await importAs(getDb(), 'PGN', pgn(pgnGame({}, '1. g4 e5')), { duplicates: 'DROP' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ImportFailure);
    expect((failure as ImportFailure).error).toMatchObject({ code: 'ERR_IMPORT_VALUE', field: 'duplicates' });
  });

  it('recognises a backgammon match from SGF in its .mat, game by game', async () => {
    const db = getDb();
    const name = 'gnubgparser_charlot1-charlot2_7p_2025-11-08-2305';
    const sgf = await importAs(db, 'SGF', sample('backgammon', `${name}.sgf`));
    const mat = await importAs(db, 'MAT', sample('backgammon', `${name}.mat`));
    expect([sgf.gameCount, mat.gameCount, mat.duplicateGames]).toEqual([4, 4, 4]);
    for (let i = 0; i < 4; i++) expect(await duplicateIds(mat.gameIds[i])).toEqual([String(sgf.gameIds[i])]);
  });

  it('computes the keys again when an import is indexed again, as of games stored before keys were', async () => {
    const db = getDb();
    const moves = '1. e4 e6 2. d4 d5 3. Nd2 c5 4. exd5 exd5';
    const a = await importAs(db, 'PGN', pgn(pgnGame({ White: 'Karpov, Anatoly', Black: 'Korchnoi, Viktor', Date: '1974.??.??' }, moves)));
    const b = await importAs(db, 'PGN', pgn(pgnGame({ White: 'Anatoly Karpov', Black: 'Viktor Korchnoi', Date: '1974.10.02' }, moves)));
    const stored = await db.sql.query<{ duplicateKey: bigint | null }>(`SELECT "duplicateKey" FROM "Game" WHERE id = $1`, [a.gameIds[0]]);
    // Games stored before the column was added have no key: not compared.
    await db.sql.query(`UPDATE "Game" SET "duplicateKey" = NULL WHERE "importId" = ANY($1::int8[])`, [[a.importId, b.importId]]);
    expect(await duplicateIds(a.gameIds[0])).toEqual([]);
    await db.transaction((sql) => indexImportAgain(sql, a.importId));
    await db.transaction((sql) => indexImportAgain(sql, b.importId));
    const again = await db.sql.query<{ duplicateKey: bigint | null }>(`SELECT "duplicateKey" FROM "Game" WHERE id = $1`, [a.gameIds[0]]);
    expect(again[0].duplicateKey).toBe(stored[0].duplicateKey);
    expect(await duplicateIds(a.gameIds[0])).toEqual([String(b.gameIds[0])]);
  });

  it('answers the duplicates of a page of games with one query', async () => {
    const db = getDb();
    const moves = '1. d4 f5 2. g3 Nf6 3. Bg2 g6 4. Nf3 Bg7';
    const file = pgn(...['Alekhine, A.', 'Alexander Alekhine', 'ALEKHINE'].map((white) => pgnGame({ White: white, Black: 'Nimzowitsch, Aron' }, moves)));
    const stored = await importAs(db, 'PGN', file);
    expect(stored.duplicateGames).toBe(2);
    const findMany = jest.spyOn(db.prisma.game, 'findMany');
    try {
      const page = dataOf(
        await graphqlClient(db)<{ games: { nodes: { id: string; duplicates: { id: string }[] }[] } }>(
          `query ($id: ID!) { games(filter: { importId: $id }) { nodes { id duplicates { id } } } }`,
          { id: String(stored.importId) },
        ),
      );
      const ids = stored.gameIds.map(String);
      expect(page.games.nodes).toEqual(ids.map((id) => ({ id, duplicates: ids.filter((other) => other !== id).map((other) => ({ id: other })) })));
      const byKey = findMany.mock.calls.filter(([args]) => JSON.stringify(args, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)).includes('duplicateKey'));
      expect(byKey).toHaveLength(1);
    } finally {
      findMany.mockRestore();
    }
  });

  it('computes the keys of games stored before keys were when the database is opened (the attributes catch-up)', async () => {
    const db = getDb();
    const moves = '1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 Nf6';
    const a = await importAs(db, 'PGN', pgn(pgnGame({ White: 'Fischer, Robert James', Black: 'Robatsch, Karl' }, moves)));
    const b = await importAs(db, 'PGN', pgn(pgnGame({ White: 'Robert J. Fischer', Black: 'K. Robatsch' }, moves)));
    expect(b.duplicateGames).toBe(1);
    const imports = [a.importId, b.importId];
    // As the migration leaves them: no key, and their imports to be read again.
    await db.sql.query(`UPDATE "Game" SET "duplicateKey" = NULL WHERE "importId" = ANY($1::int8[])`, [imports]);
    await db.sql.query(`UPDATE "Import" SET attributed = false WHERE id = ANY($1::int8[])`, [imports]);
    expect(await duplicateIds(b.gameIds[0])).toEqual([]);
    expect(await attributePendingImports(db)).toBe(2);
    expect(await duplicateIds(b.gameIds[0])).toEqual([String(a.gameIds[0])]);
  });

  it('never links games without a move', async () => {
    const db = getDb();
    const a = await importAs(db, 'PGN', pgn(pgnGame({ White: 'Nobody', Black: 'Else', Event: 'forfeit 1' }, '')));
    const b = await importAs(db, 'PGN', pgn(pgnGame({ White: 'Nobody', Black: 'Else', Event: 'forfeit 2' }, '')));
    expect(b.duplicateGames).toBe(0);
    expect(await duplicateIds(a.gameIds[0])).toEqual([]);
  });
});
