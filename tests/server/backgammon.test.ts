/** The backgammon GraphQL API: ID codecs, SGF and .mat import and export, positions found across games. */
import fs from 'node:fs';
import path from 'node:path';
import { parseSgf, stripOffsets } from '../../src/codecs/sgf';
import { unwrap } from '../../src/codecs/result';
import { describeEachDatabase } from '../support/databases';
import { dataOf, graphqlClient } from '../support/graphql';
import { samplePath } from '../support/sampleData';

const DATA_DIR = samplePath('backgammon');
const sample = (name: string): string => fs.readFileSync(path.join(DATA_DIR, name), 'utf8');
const CHARLOT = 'gnubgparser_charlot1-charlot2_7p_2025-11-08-2305.sgf';
const START = '4HPwATDgc/ABMA';
const START_SIDE = [0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0];

const MATCH_FIELDS = 'matchId cubeValue cubeOwner diceOwner crawford gameState turn doubleOffered resignation dice matchLength score jacoby';

const IMPORT = `mutation ($data: String!) {
  importGames(format: SGF, data: $data) {
    alreadyImported gameCount positionCount scoreCount
    games { id kind player1 player2 matchLength gameNumber result }
    warnings { gameIndex code message line }
  }
}`;

interface ImportData {
  importGames: {
    alreadyImported: boolean;
    gameCount: number;
    positionCount: number;
    scoreCount: number;
    games: { id: string; kind: string; player1: string; player2: string; matchLength: number; gameNumber: number; result: string }[];
    warnings: { gameIndex: number; code: string; message: string; line: number }[];
  };
}

describeEachDatabase('backgammon GraphQL API', (getDb) => {
  it('decodes the manual Match ID QYkqASAAIAAA (acceptance)', async () => {
    const gql = graphqlClient(getDb());
    const data = dataOf(await gql(`{ decodeMatchId(id: "QYkqASAAIAAA") { ${MATCH_FIELDS} } }`));
    expect(data.decodeMatchId).toEqual({
      matchId: 'QYkqASAAIAAE',
      cubeValue: 2,
      cubeOwner: 'PLAYER0',
      diceOwner: 1,
      crawford: false,
      gameState: 'PLAYING',
      turn: 1,
      doubleOffered: false,
      resignation: 'NONE',
      dice: [5, 2],
      matchLength: 9,
      score: [2, 4],
      jacoby: false,
    });
  });

  it('encodes a match state, defaults filled in, canonically', async () => {
    const gql = graphqlClient(getDb());
    const data = dataOf(
      await gql(`{
        manual: encodeMatchId(state: { cubeValue: 2, cubeOwner: PLAYER0, diceOwner: 1, dice: [2, 5], matchLength: 9, score: [2, 4] })
        money: encodeMatchId(state: {})
      }`),
    );
    expect(data).toEqual({ manual: 'QYkqASAAIAAE', money: 'MAEAAAAAAAAE' });
  });

  it("names each resignation level of the Match ID's bits 13–14 NONE, SINGLE, GAMMON, BACKGAMMON both ways", async () => {
    const gql = graphqlClient(getDb());
    const data = dataOf(
      await gql(`{
        none: encodeMatchId(state: { resignation: NONE }) single: encodeMatchId(state: { resignation: SINGLE })
        gammon: encodeMatchId(state: { resignation: GAMMON }) backgammon: encodeMatchId(state: { resignation: BACKGAMMON })
        a: decodeMatchId(id: "MAEAAAAAAAAE") { resignation } b: decodeMatchId(id: "MCEAAAAAAAAE") { resignation }
        c: decodeMatchId(id: "MEEAAAAAAAAE") { resignation } d: decodeMatchId(id: "MGEAAAAAAAAE") { resignation }
      }`),
    );
    expect(data).toEqual({
      none: 'MAEAAAAAAAAE', single: 'MCEAAAAAAAAE', gammon: 'MEEAAAAAAAAE', backgammon: 'MGEAAAAAAAAE',
      a: { resignation: 'NONE' }, b: { resignation: 'SINGLE' }, c: { resignation: 'GAMMON' }, d: { resignation: 'BACKGAMMON' },
    });
  });

  it('decodes and encodes Position IDs, with pip counts', async () => {
    const gql = graphqlClient(getDb());
    const data = dataOf(
      await gql(`query ($side: [Int!]!) {
        decodePositionId(id: "${START}") { positionId onRoll opponent borneOff pipCounts }
        encodePositionId(onRoll: $side, opponent: $side)
      }`, { side: START_SIDE }),
    );
    expect(data).toEqual({
      decodePositionId: { positionId: START, onRoll: START_SIDE, opponent: START_SIDE, borneOff: [0, 0], pipCounts: [167, 167] },
      encodePositionId: START,
    });
  });

  it('refuses bad IDs and boards with BAD_USER_INPUT naming the argument and the codec error', async () => {
    const gql = graphqlClient(getDb());
    const short = await gql('{ decodeMatchId(id: "QYkq") { matchId } }');
    expect(short.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', details: { argument: 'id', code: 'ERR_MATCH_ID_LENGTH', offset: 0 } } });
    const char = await gql('{ decodePositionId(id: "4HPwATDgc/AB!A") { positionId } }');
    expect(char.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', details: { argument: 'id', code: 'ERR_POSITION_ID_CHARACTER', offset: 12 } } });
    const many = START_SIDE.map((n, i) => (i === 0 ? 1 : n));
    const board = await gql('query ($a: [Int!]!, $b: [Int!]!) { encodePositionId(onRoll: $a, opponent: $b) }', { a: START_SIDE, b: many });
    expect(board.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', details: { argument: 'opponent', code: 'ERR_POSITION_TOO_MANY_CHECKERS' } } });
    const die = await gql('{ encodeMatchId(state: { dice: [7, 1] }) }');
    expect(die.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', details: { argument: 'state', code: 'ERR_MATCH_ID_DIE', field: 'dice' } } });
    const lookup = await gql('{ backgammonPositions(positionId: "nonsense") { key } }');
    expect(lookup.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', details: { argument: 'positionId', code: 'ERR_POSITION_ID_LENGTH' } } });
  });

  describe('with the charlot and Gibbon matches imported', () => {
    let charlot: ImportData['importGames'];
    let gibbon: ImportData['importGames'];

    beforeAll(async () => {
      const gql = graphqlClient(getDb());
      charlot = dataOf(await gql<ImportData>(IMPORT, { data: sample(CHARLOT) })).importGames;
      gibbon = dataOf(await gql<ImportData>(IMPORT, { data: sample('gibbon_7point.sgf') })).importGames;
    });

    it('imports SGF through importGames and lists the games', () => {
      expect(charlot).toMatchObject({ alreadyImported: false, gameCount: 4, warnings: [] });
      expect(charlot.scoreCount).toBeGreaterThan(150);
      expect(charlot.games.map((g) => [g.kind, g.player1, g.player2, g.matchLength, g.gameNumber, g.result])).toEqual([
        ['BACKGAMMON', 'charlot1', 'charlot2', 7, 1, 'B+2R'],
        ['BACKGAMMON', 'charlot1', 'charlot2', 7, 2, 'W+2'],
        ['BACKGAMMON', 'charlot1', 'charlot2', 7, 3, 'W+4'],
        ['BACKGAMMON', 'charlot1', 'charlot2', 7, 4, 'W+3R'],
      ]);
      expect(gibbon.gameCount).toBe(9);
    });

    it('says alreadyImported when the same file comes again', async () => {
      const gql = graphqlClient(getDb());
      const again = dataOf(await gql<ImportData>(IMPORT, { data: sample(CHARLOT) })).importGames;
      expect(again).toMatchObject({ alreadyImported: true, gameCount: 4, games: charlot.games });
    });

    it('gives a game its main line from ply 0 with gnubg keys and moves', async () => {
      const gql = graphqlClient(getDb());
      const data = dataOf(
        await gql<{ game: { mainLine: { number: number; move: string | null; position: { key: string; sideToMove: string } }[] } }>(
          'query ($id: ID!) { game(id: $id) { mainLine { number move position { key sideToMove } } } }',
          { id: charlot.games[0].id },
        ),
      );
      const line = data.game.mainLine;
      expect(line.map((p) => p.number)).toEqual(line.map((_, i) => i));
      expect(line.slice(0, 3)).toEqual([
        { number: 0, move: null, position: { key: '4HPwATDgc/ABMA:cAngAAAAAAAE', sideToMove: '1' } },
        { number: 1, move: '41: 13/9 24/23', position: { key: '4HPhASjgc/ABMA:MAHgAAAAAAAE', sideToMove: '0' } },
        { number: 2, move: '31: 6/5 8/5', position: { key: 'sGfwATDgc+EBKA:cAngAAAAAAAE', sideToMove: '1' } },
      ]);
      // RE[B+2R] with the cube at 2: White resigned a single game worth 2 points.
      expect(line[line.length - 1]).toEqual({ number: 48, move: 'resign single', position: { key: 'BQAA2LoBAAAAAA:ASPgAAAAEAAE', sideToMove: '0' } });
    });

    it('exports a game as SGF with every property of its tree', async () => {
      const gql = graphqlClient(getDb());
      const data = dataOf(await gql<{ game: { export: string } }>('query ($id: ID!) { game(id: $id) { export(format: SGF) } }', { id: charlot.games[1].id }));
      const original = stripOffsets(unwrap(parseSgf(sample(CHARLOT))))[1];
      expect(stripOffsets(unwrap(parseSgf(data.game.export)))).toEqual([original]);
    });

    it('finds the opening position across games and matches by Position ID, and one match state by both IDs', async () => {
      const gql = graphqlClient(getDb());
      type Found = { key: string; occurrenceCount: number; occurrences: { number: number; game: { player1: string; gameNumber: number } }[] }[];
      const any = dataOf(
        await gql<{ backgammonPositions: Found }>(
          `{ backgammonPositions(positionId: "${START}", first: 20) { key occurrenceCount occurrences(first: 5) { number game { player1 gameNumber } } } }`,
        ),
      ).backgammonPositions;
      expect(any.every((p) => p.key.startsWith(`${START}:`))).toBe(true);
      const games = new Set(any.flatMap((p) => p.occurrences.map((o) => `${o.game.player1}#${o.game.gameNumber}`)));
      expect(games.size).toBe(4 + 9); // every game starts there
      expect(any.flatMap((p) => p.occurrences.map((o) => o.number))).toEqual(expect.arrayContaining([0]));

      // 0-0 in a 7-point match, Black on roll: game 1 of both matches. A legacy (66-bit) Match ID is canonicalised.
      const exact = dataOf(
        await gql<{ backgammonPositions: Found }>(
          `{ backgammonPositions(positionId: "${START}", matchId: "cAngAAAAAAAA", first: 1) { key occurrenceCount occurrences { number game { player1 gameNumber } } } }`,
        ),
      ).backgammonPositions;
      expect(exact).toEqual([
        {
          key: `${START}:cAngAAAAAAAE`,
          occurrenceCount: 2,
          occurrences: [
            { number: 0, game: { player1: 'charlot1', gameNumber: 1 } },
            { number: 0, game: { player1: 'JoeBlack', gameNumber: 1 } },
          ],
        },
      ]);
    });

    it('decodes a stored position and shows its gnubg scores', async () => {
      const gql = graphqlClient(getDb());
      const data = dataOf(
        await gql<{ backgammonPositions: { backgammon: unknown; scores: unknown[] }[] }>(`{
          backgammonPositions(positionId: "4HPhASjgc/ABMA", matchId: "MAHgAAAAAAAE", first: 1) {
            backgammon { positionId matchId board { pipCounts borneOff } match { diceOwner score matchLength cubeValue } }
            scores { program ruleset value bestValue details }
          }
        }`),
      );
      const [found] = data.backgammonPositions;
      expect(found.backgammon).toEqual({
        positionId: '4HPhASjgc/ABMA',
        matchId: 'MAHgAAAAAAAE',
        board: { pipCounts: [167, 162], borneOff: [0, 0] },
        match: { diceOwner: 0, score: [0, 0], matchLength: 7, cubeValue: 1 },
      });
      expect(found.scores).toEqual([
        expect.objectContaining({ program: 'gnubg', ruleset: 'checker:0C 0 1 0.000000 1', value: 0.088224, bestValue: 0.088224 }),
        expect.objectContaining({ program: 'gnubg', ruleset: 'cube:2C 1 0.000000 1', value: 0.500296, bestValue: 0.500296 }),
      ]);
      expect((found.scores[1] as { details: unknown }).details).toMatchObject({ kind: 'cube', decision: 'no double', unit: 'mwc', error: 0 });
    });

    it('refuses an SGF with an illegal move, naming where, and stores nothing', async () => {
      const gql = graphqlClient(getDb());
      const before = dataOf(await gql<{ games: { totalCount: number } }>('{ games { totalCount } }')).games.totalCount;
      const text = sample('gnubg107_5p_double_dance_resign.sgf').replace('B[55qvqvsxsx]', 'B[55qvqvsxbx]');
      const result = await gql(IMPORT, { data: text });
      expect(result.errors?.[0]).toMatchObject({
        extensions: { code: 'BAD_USER_INPUT', details: { argument: 'data', code: 'ERR_BG_REPLAY_ILLEGAL_MOVE', line: 6, record: 0 } },
      });
      expect(dataOf(await gql<{ games: { totalCount: number } }>('{ games { totalCount } }')).games.totalCount).toBe(before);
    });
  });

  describe('Jellyfish .mat files', () => {
    const IMPORT_MAT = IMPORT.replace('format: SGF', 'format: MAT');

    it('imports a .mat file through importGames(format: MAT) and exports its game as MAT', async () => {
      const gql = graphqlClient(getDb());
      const mat = sample('gnubg107_5p_double_dance_resign.mat');
      const imported = dataOf(await gql<ImportData>(IMPORT_MAT, { data: mat })).importGames;
      expect(imported).toMatchObject({ alreadyImported: false, gameCount: 1, warnings: [] });
      expect(imported.games).toEqual([expect.objectContaining({ kind: 'BACKGAMMON', player1: 'gnubg', player2: 'root', matchLength: 5, gameNumber: 1, result: 'W+4R' })]);
      const data = dataOf(await gql<{ game: { sourceFormat: string; export: string } }>('query ($id: ID!) { game(id: $id) { sourceFormat export(format: MAT) } }', { id: imported.games[0].id }));
      expect(data.game).toEqual({ sourceFormat: 'MAT', export: mat });
    });

    it('refuses to export a game from a set-up position as MAT with BAD_USER_INPUT naming the node', async () => {
      const gql = graphqlClient(getDb());
      const imported = dataOf(await gql<ImportData>(IMPORT, { data: sample('gnubg107_9p_setup_position.sgf') })).importGames;
      const result = await gql('query ($id: ID!) { game(id: $id) { export(format: MAT) } }', { id: imported.games[0].id });
      expect(result.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', details: { argument: 'format', code: 'ERR_MAT_EDITED', record: 0 } } });
    });

    it('lists MAT among the import formats', async () => {
      const gql = graphqlClient(getDb());
      expect(dataOf(await gql<{ serverInfo: { importFormats: string[] } }>('{ serverInfo { importFormats } }')).serverInfo.importFormats).toContain('MAT');
    });
  });
});
