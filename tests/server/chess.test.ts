/** Chess GraphQL: import, chessPositions, the chessPosition explorer, GameText encode/decode, export. */
import fs from 'node:fs';
import path from 'node:path';
import { describeEachDatabase } from '../support/databases';
import { dataOf, graphqlClient } from '../support/graphql';
import { samplePath } from '../support/sampleData';

const DIR = samplePath('chess');
const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const ACCEPTANCE_PGN = '1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 6.Re1 b5 7.Bb3 d6 8.c3 O-O';
const ACCEPTANCE_HEX = '13132e224c00432b98466c074a0c0898';

/** Four games for the explorer: 1.e4 twice (one won by each side), 1.d4 drawn, 1.e4 with 1.d4 only in a variation. */
const EXPLORER = `[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 1-0\n
[White "C"]\n[Black "D"]\n[Result "0-1"]\n\n1. e4 c5 0-1\n
[White "E"]\n[Black "F"]\n[Result "1/2-1/2"]\n\n1. d4 d5 1/2-1/2\n
[White "G"]\n[Black "H"]\n[Result "*"]\n\n1. e4 (1. d4 Nf6) 1... e5 *\n`;

const IMPORT = `mutation ($format: GameFormat!, $data: String!, $options: ImportOptions) {
  importGames(format: $format, data: $data, options: $options) {
    importId alreadyImported gameCount positionCount scoreCount
    games { id sourceFormat player1 result pgn: export(format: PGN) gameText: export(format: GAMETEXT) }
    warnings { gameIndex code message line offset }
  }
}`;

interface ImportData {
  importGames: {
    importId: string;
    alreadyImported: boolean;
    gameCount: number;
    positionCount: number;
    scoreCount: number;
    games: { id: string; sourceFormat: string; player1: string | null; result: string | null; pgn: string; gameText: string }[];
    warnings: { gameIndex: number | null; code: string; message: string; line: number | null; offset: number | null }[];
  };
}

const EXPLORE = `query ($fen: String!, $v: Boolean) {
  chessPosition(fen: $fen, includeVariations: $v) {
    key fen sideToMove gameCount
    position { id key }
    moves { san count whiteWins draws blackWins unknown }
    occurrences(first: 2) { number variation nextMove game { player1 } }
  }
}`;

describeEachDatabase('chess GraphQL', (getDb) => {
  it('encodes the acceptance game to the JOSE bytes and decodes it back', async () => {
    const gql = graphqlClient(getDb());
    const enc = dataOf(await gql<{ encodeGameText: string }>(`query ($pgn: String!) { encodeGameText(pgn: $pgn) }`, { pgn: ACCEPTANCE_PGN }));
    expect(Buffer.from(enc.encodeGameText, 'base64').toString('hex')).toBe(`${ACCEPTANCE_HEX}ff`);
    const withResult = dataOf(await gql<{ encodeGameText: string }>(`query ($pgn: String!) { encodeGameText(pgn: $pgn) }`, { pgn: `${ACCEPTANCE_PGN} 1-0` }));
    expect(Buffer.from(withResult.encodeGameText, 'base64').toString('hex')).toBe(`${ACCEPTANCE_HEX}d2ff`);
    const dec = dataOf(await gql<{ decodeGameText: string }>(`query ($d: String!) { decodeGameText(data: $d) }`, { d: enc.encodeGameText }));
    expect(dec.decodeGameText.replace(/\s+/g, ' ')).toBe('1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O *');
  });

  it('encodes and decodes the seed dialect, FEN starts and split comment lists', async () => {
    const gql = graphqlClient(getDb());
    const seed = dataOf(await gql<{ encodeGameText: string }>(`{ encodeGameText(pgn: "1. e4 e5 2. Nf3", dialect: SEED_DIAGRAM) }`));
    expect(Buffer.from(seed.encodeGameText, 'base64').toString('hex')).toBe('131329ff');
    const fen = '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1';
    const split = dataOf(
      await gql<{ decodeGameText: string }>(`query ($d: String!, $f: String) { decodeGameText(data: $d, fen: $f, comments: ["pawn up"]) }`, {
        d: Buffer.from([0x03, 0xe0, 0xff]).toString('base64'),
        f: fen,
      }),
    );
    expect(split.decodeGameText.replace(/\s+/g, ' ')).toBe('1. e4 {pawn up} *');
  });

  it('reports codec errors as BAD_USER_INPUT naming the argument', async () => {
    const gql = graphqlClient(getDb());
    const bad = await gql(`{ decodeGameText(data: "Ew==") }`);
    expect(bad.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: { argument: 'data', code: expect.stringMatching(/^ERR_GAMETEXT/) } });
    const badFen = await gql(`{ decodeGameText(data: "/w==", fen: "nonsense") }`);
    expect(badFen.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: { argument: 'fen' } });
    const badPgn = await gql(`{ encodeGameText(pgn: "1. e4 {open") }`);
    expect(badPgn.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: { argument: 'pgn' } });
    const badKey = await gql(`{ chessPositions(polyglotKey: "xyz") { id } }`);
    expect(badKey.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: { argument: 'polyglotKey' } });
    const explorerFen = await gql(`{ chessPosition(fen: "8/8/8 w") { key } }`);
    expect(explorerFen.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: { argument: 'fen' } });
  });

  it('imports PGN and finds the start position by its Polyglot key', async () => {
    const gql = graphqlClient(getDb());
    const data = fs.readFileSync(path.join(DIR, 'jose-starter.pgn')).toString('latin1');
    const report = dataOf(await gql<ImportData>(IMPORT, { format: 'PGN', data })).importGames;
    expect(report.gameCount).toBe(16);
    expect(report.warnings).toEqual([]);
    expect(report.games[0].sourceFormat).toBe('PGN');
    const found = dataOf(
      await gql<{ chessPositions: { key: string; board: string; sideToMove: string; occurrenceCount: number }[] }>(
        `{ chessPositions(polyglotKey: "463B96181691FC9C") { key board sideToMove occurrenceCount } }`,
      ),
    );
    expect(found.chessPositions).toEqual([{ key: '463b96181691fc9c', board: START_FEN, sideToMove: 'w', occurrenceCount: 16 }]);
    const again = dataOf(await gql<ImportData>(IMPORT, { format: 'PGN', data })).importGames;
    expect(again).toMatchObject({ alreadyImported: true, importId: report.importId, gameCount: 16 });
  });

  it('answers the opening explorer with one row per next move, counts and results', async () => {
    const gql = graphqlClient(getDb());
    const before = dataOf(await gql<{ chessPosition: { gameCount: number } }>(EXPLORE, { fen: START_FEN })).chessPosition.gameCount;
    dataOf(await gql<ImportData>(IMPORT, { format: 'PGN', data: EXPLORER }));
    type Explore = { chessPosition: { key: string; gameCount: number; moves: { san: string; count: number }[] } };
    const after = dataOf(await gql<Explore>(EXPLORE, { fen: START_FEN })).chessPosition;
    expect(after.key).toBe('463b96181691fc9c');
    expect(after.gameCount).toBe(before + 4);
    // After 1.e4: three games, e5 twice (one won by White, one unfinished), c5 once (won by Black).
    const e4 = dataOf(await gql(EXPLORE, { fen: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1' }));
    expect(e4).toEqual({
      chessPosition: {
        key: '823c9b50fd114196',
        fen: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1',
        sideToMove: 'b',
        gameCount: expect.any(Number),
        position: { id: expect.any(String), key: '823c9b50fd114196' },
        moves: expect.arrayContaining([
          { san: 'e5', count: expect.any(Number), whiteWins: expect.any(Number), draws: expect.any(Number), blackWins: expect.any(Number), unknown: expect.any(Number) },
        ]),
        occurrences: expect.any(Array),
      },
    });
    // 1.d4 d5 in the drawn game; the variation 1.d4 Nf6 counts only when asked for.
    type Moves = { chessPosition: { moves: { san: string; count: number; whiteWins: number; draws: number; blackWins: number; unknown: number }[] } };
    const afterD4 = 'rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1';
    const d4 = dataOf(await gql<Moves>(EXPLORE, { fen: afterD4 })).chessPosition.moves;
    const d4v = dataOf(await gql<Moves>(EXPLORE, { fen: afterD4, v: true })).chessPosition.moves;
    const only = (m: Moves['chessPosition']['moves'], san: string) => m.find((x) => x.san === san);
    const d5Before = only(d4, 'd5');
    expect(d5Before).toMatchObject({ draws: expect.any(Number) });
    expect(only(d4, 'Nf6')?.count ?? 0).toBe((only(d4v, 'Nf6')?.count ?? 0) - 1);
  });

  it('gives exact explorer counts on a fresh fixture position', async () => {
    const gql = graphqlClient(getDb());
    // A start position no sample uses, so the counts are exact.
    const fen = '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1';
    const games = [
      ['1-0', '1. e4 Kd7 2. e5'],
      ['0-1', '1. e4 Ke7'],
      ['1/2-1/2', '1. e3 Kd8'],
      ['1-0', '1. e4 Kd7'],
      ['*', '1. Kd1 (1. e4 Kf7) 1... Ke7'],
    ]
      .map(([r, m], i) => `[White "W${i}"]\n[Black "B${i}"]\n[Result "${r}"]\n[SetUp "1"]\n[FEN "${fen}"]\n\n${m} ${r}\n`)
      .join('\n');
    dataOf(await gql<ImportData>(IMPORT, { format: 'PGN', data: games }));
    type Moves = { chessPosition: { gameCount: number; moves: unknown[] } };
    expect(dataOf(await gql<Moves>(EXPLORE, { fen })).chessPosition).toMatchObject({
      gameCount: 5,
      moves: [
        { san: 'e4', count: 3, whiteWins: 2, draws: 0, blackWins: 1, unknown: 0 },
        { san: 'Kd1', count: 1, whiteWins: 0, draws: 0, blackWins: 0, unknown: 1 },
        { san: 'e3', count: 1, whiteWins: 0, draws: 1, blackWins: 0, unknown: 0 },
      ],
    });
    const withVariations = dataOf(await gql<Moves>(EXPLORE, { fen, v: true })).chessPosition.moves;
    // The variation's first move starts from the position before the main move, which is stored in the
    // main line; from 1.e4 on, its own nodes count.
    expect(withVariations[0]).toMatchObject({ san: 'e4', count: 3 });
    const afterE4 = dataOf(await gql<Moves>(EXPLORE, { fen: '4k3/8/8/8/4P3/8/8/4K3 b - - 0 1', v: true })).chessPosition.moves;
    expect(afterE4).toEqual([
      { san: 'Kd7', count: 2, whiteWins: 2, draws: 0, blackWins: 0, unknown: 0 },
      { san: 'Ke7', count: 1, whiteWins: 0, draws: 0, blackWins: 1, unknown: 0 },
      { san: 'Kf7', count: 1, whiteWins: 0, draws: 0, blackWins: 0, unknown: 1 },
    ]);
  });

  it('imports GameText with options and exports both formats', async () => {
    const gql = graphqlClient(getDb());
    const data = Buffer.from(`${ACCEPTANCE_HEX}d2ff`, 'hex').toString('base64');
    const report = dataOf(await gql<ImportData>(IMPORT, { format: 'GAMETEXT', data, options: { dialect: 'JOSE' } })).importGames;
    expect(report.gameCount).toBe(1);
    expect(report.games[0]).toMatchObject({ sourceFormat: 'GAMETEXT', result: '1-0', gameText: data });
    expect(report.games[0].pgn.replace(/\s+/g, ' ')).toContain('8. c3 O-O 1-0');
    const fen = '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1';
    const fromFen = dataOf(
      await gql<ImportData>(IMPORT, { format: 'GAMETEXT', data: Buffer.from([0x03, 0xff]).toString('base64'), options: { fen } }),
    ).importGames;
    expect(fromFen.games[0].pgn).toContain(`[FEN "${fen}"]`);
    const bad = await gql(IMPORT, { format: 'GAMETEXT', data: Buffer.from([0x13]).toString('base64') });
    expect(bad.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: { argument: 'data' } });
  });

  it("answers a PGN game's metadata with its tags read from its source, which its row does not keep twice", async () => {
    const gql = graphqlClient(getDb());
    const data = `[Event "Tags"]\n[White "Anna"]\n[Black "Ben"]\n[WhiteElo "2100"]\n[TimeControl "300+2"]\n[Result "1-0"]\n\n1. e4 e5 1-0\n`;
    const report = dataOf(await gql<ImportData>(IMPORT, { format: 'PGN', data })).importGames;
    const id = report.games[0].id;
    const read = dataOf(await gql<{ game: { metadata: Record<string, string> } }>(`query ($id: ID!) { game(id: $id) { metadata } }`, { id }));
    expect(read.game.metadata).toEqual({ Event: 'Tags', White: 'Anna', Black: 'Ben', WhiteElo: '2100', TimeControl: '300+2', Result: '1-0' });
    const row = await getDb().sql.query<{ metadata: unknown }>(`SELECT metadata FROM "Game" WHERE id = $1::int8`, [id]);
    expect(row[0].metadata).toEqual({});
  });

  it('answers the metadata a row keeps, as games stored before kept their tags', async () => {
    const gql = graphqlClient(getDb());
    const report = dataOf(await gql<ImportData>(IMPORT, { format: 'PGN', data: `[Event "Old"]\n\n1. d4 *\n` })).importGames;
    const id = report.games[0].id;
    await getDb().sql.query(`UPDATE "Game" SET metadata = '{"Event": "Kept"}' WHERE id = $1::int8`, [id]);
    const read = dataOf(await gql<{ game: { metadata: Record<string, string> } }>(`query ($id: ID!) { game(id: $id) { metadata } }`, { id }));
    expect(read.game.metadata).toEqual({ Event: 'Kept' });
  });

  it('reports illegal moves as warnings with the game and line', async () => {
    const gql = graphqlClient(getDb());
    const data = `[Event "ok"]\n\n1. e4 *\n\n[Event "bad"]\n[White "X"]\n\n1. e4 e5 2. Bb6 *\n`;
    const report = dataOf(await gql<ImportData>(IMPORT, { format: 'PGN', data })).importGames;
    expect(report.gameCount).toBe(2);
    expect(report.warnings).toEqual([
      { gameIndex: 1, code: 'ERR_SAN_ILLEGAL', message: expect.stringContaining("ply 3: illegal move 'Bb6' kept without being played"), line: 8, offset: null },
    ]);
  });
  it('counts the moves it kept without playing, and exports them as comments whether counted or not', async () => {
    const gql = graphqlClient(getDb());
    const data = `[Event "clean"]\n\n1. d4 d5 *\n\n[Event "kept"]\n\n1. d4 d5 2. Bb6 Nf3 *\n`;
    const report = dataOf(await gql<ImportData>(IMPORT, { format: 'PGN', data })).importGames;
    const ids = report.games.map((g) => g.id);
    const counted = await getDb().sql.query<{ keptTokens: number | null }>(`SELECT "keptTokens" FROM "Game" WHERE id = ANY($1::int8[]) ORDER BY id`, [ids]);
    expect(counted).toEqual([{ keptTokens: 0 }, { keptTokens: 1 }]);
    expect(report.games[1].pgn).toContain('{Bb6}');
    // Games stored before the count (null) are looked at move by move: the same text.
    await getDb().sql.query(`UPDATE "Game" SET "keptTokens" = NULL WHERE id = ANY($1::int8[])`, [ids]);
    const again = await gql<{ a: { pgn: string }; b: { pgn: string } }>(`{ a: game(id: "${ids[0]}") { pgn: export(format: PGN) } b: game(id: "${ids[1]}") { pgn: export(format: PGN) } }`);
    expect([dataOf(again).a.pgn, dataOf(again).b.pgn]).toEqual(report.games.map((g) => g.pgn));
  });
});
