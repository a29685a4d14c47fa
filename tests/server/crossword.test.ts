import fs from 'node:fs';
import path from 'node:path';
import { parseCgp as decodeCgp, parseGcg, positionKey, printCgp, rackStrings } from '../../src/codecs/crossword';
import { unwrap } from '../../src/codecs/result';
import { describeEachDatabase } from '../support/databases';
import { dataOf, graphqlClient } from '../support/graphql';
import { samplePath } from '../support/sampleData';

const DATA = samplePath('crossword');
const textOf = (rel: string): string => fs.readFileSync(path.join(DATA, rel), 'utf8');

const EMPTY15 = '15/15/15/15/15/15/15/15/15/15/15/15/15/15/15';
const MAVEN =
  '5BERGS5/4PA3U5/2QAID3R5/3BEE3F2S2/1P1ET2VIATIC2/MA1TAW3c2H2/ES3IS2E2A2/AT1FOLIA4V2/LI1L1EX1E6/1N1O1D2N2Y3/1GNU2C1JETE3/2ER2OHO2N3/2O3GOY6/1INDOW1U7/4DORR7 IKLMTZ/AEINRU? 0/0 0 lex OSPD1;';

interface CgpCase {
  id: string;
  expect: string;
  cgp: string;
  notes: string;
}

const CASES: CgpCase[] = textOf('cgp_cases.tsv')
  .split('\n')
  .filter((l) => l !== '' && !l.startsWith('#'))
  .map((l) => {
    const [id, expect, , cgp, notes] = l.split('\t');
    return { id, expect, cgp, notes };
  });

const expectedCode = (c: CgpCase): string => (/-> ([A-Z_]+)/.exec(c.notes) as RegExpExecArray)[1];

const PARSE = `query ($cgp: String!, $dialect: CgpDialect) {
  parseCgp(cgp: $cgp, dialect: $dialect) {
    board racks scores consecutiveZeros lexicon distribution boardName lastMove
    operations { opcode operand } unseenTiles tilesOnBoard cgp key
  }
}`;

interface View {
  board: string[];
  racks: string[];
  scores: number[];
  consecutiveZeros: number;
  lexicon: string | null;
  distribution: string;
  boardName: string;
  lastMove: string | null;
  operations: { opcode: string; operand: string }[];
  unseenTiles: number;
  tilesOnBoard: number;
  cgp: string;
  key: string;
}

const IMPORT = `mutation ($format: GameFormat!, $data: String!, $options: ImportOptions) {
  importGames(format: $format, data: $data, options: $options) {
    alreadyImported gameCount positionCount
    warnings { gameIndex code message line }
    games { id kind sourceFormat player1 player2 result mainLine { number move position { key sideToMove } } }
  }
}`;

interface ImportReport {
  importGames: {
    alreadyImported: boolean;
    gameCount: number;
    positionCount: number;
    warnings: { gameIndex: number | null; code: string; message: string; line: number | null }[];
    games: {
      id: string;
      kind: string;
      sourceFormat: string;
      player1: string;
      player2: string;
      result: string | null;
      mainLine: { number: number; move: string | null; position: { key: string; sideToMove: string | null } }[];
    }[];
  };
}

describeEachDatabase('crossword GraphQL', (getDb) => {
  it('parses the seed Maven endgame: 87 tiles (one blank), racks IKLMTZ and AEINRU?, OSPD1, empty bag', async () => {
    const gql = graphqlClient(getDb());
    const { parseCgp } = dataOf(await gql<{ parseCgp: View }>(PARSE, { cgp: MAVEN }));
    expect(parseCgp).toEqual({
      board: [
        '.....BERGS.....',
        '....PA...U.....',
        '..QAID...R.....',
        '...BEE...F..S..',
        '.P.ET..VIATIC..',
        'MA.TAW...c..H..',
        'ES...IS..E..A..',
        'AT.FOLIA....V..',
        'LI.L.EX.E......',
        '.N.O.D..N..Y...',
        '.GNU..C.JETE...',
        '..ER..OHO..N...',
        '..O...GOY......',
        '.INDOW.U.......',
        '....DORR.......',
      ],
      racks: ['IKLMTZ', 'AEINRU?'],
      scores: [0, 0],
      consecutiveZeros: 0,
      lexicon: 'OSPD1',
      distribution: 'english',
      boardName: 'CrosswordGame',
      lastMove: null,
      operations: [{ opcode: 'lex', operand: 'OSPD1' }],
      unseenTiles: 0,
      tilesOnBoard: 87,
      cgp: MAVEN,
      key: '727825529c91814c',
    });
    const blanks = parseCgp.board.join('').replace(/[^a-z]/g, '');
    expect(blanks).toBe('c');
  });

  it('writes the last move in the current dialect by default and in the seed dialect on request', async () => {
    const gql = graphqlClient(getDb());
    const cgp = `${EMPTY15} AELNOQT/ 0/0 0 lex NWL18; lm -2;`;
    const current = dataOf(await gql<{ parseCgp: View }>(PARSE, { cgp })).parseCgp;
    const seed = dataOf(await gql<{ parseCgp: View }>(PARSE, { cgp, dialect: 'SEED' })).parseCgp;
    expect([current.lastMove, current.cgp]).toEqual(['ex.2', `${EMPTY15} AELNOQT/ 0/0 0 lex NWL18; lm ex.2;`]);
    expect([seed.lastMove, seed.cgp]).toEqual(['-2', cgp]);
    expect(current.operations).toEqual([{ opcode: 'lex', operand: 'NWL18' }, { opcode: 'lm', operand: 'ex.2' }]);
    expect(current.racks).toEqual(['AELNOQT', '']);
    expect(current.unseenTiles).toBe(93);
    expect(seed.key).toBe(current.key);
  });

  it('keeps unknown opcodes and reads the 2023 play syntax, writing multi-character tiles in brackets', async () => {
    const gql = graphqlClient(getDb());
    const cgp = `${EMPTY15.replace(/^15\/15\/15\/15\/15\/15\/15\/15/, '15/15/15/15/15/15/15/7QU7')} A/ 5/0 0 ld catalan; lm 8H.QU; xyz some thing; oru;`;
    const v = dataOf(await gql<{ parseCgp: View }>(PARSE, { cgp })).parseCgp;
    expect(v.board[7]).toBe('.......[QU].......');
    expect(v.operations).toEqual([
      { opcode: 'ld', operand: 'catalan' },
      { opcode: 'oru', operand: '' },
      { opcode: 'lm', operand: '8H.[QU]' },
      { opcode: 'xyz', operand: 'some thing' },
    ]);
    expect(v.cgp).toBe(`${EMPTY15.replace(/^15\/15\/15\/15\/15\/15\/15\/15/, '15/15/15/15/15/15/15/7[QU]7')} A/ 5/0 0 ld catalan; oru; lm 8H.[QU]; xyz some thing;`);
  });

  for (const c of CASES.filter((x) => x.expect === 'invalid')) {
    it(`rejects ${c.id} with BAD_USER_INPUT and details.code ${expectedCode(c)}`, async () => {
      const gql = graphqlClient(getDb());
      const result = await gql(PARSE, { cgp: c.cgp });
      expect(result.data).toBeNull();
      expect(result.errors?.[0].extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        details: { argument: 'cgp', code: expectedCode(c) },
      });
    });
  }

  it('accepts every valid case of cgp_cases.tsv and gives the codec canonical text and key', async () => {
    const gql = graphqlClient(getDb());
    for (const c of CASES.filter((x) => x.expect === 'valid')) {
      const v = dataOf(await gql<{ parseCgp: View }>(PARSE, { cgp: c.cgp })).parseCgp;
      const p = unwrap(decodeCgp(c.cgp));
      expect([c.id, v.cgp, v.key]).toEqual([c.id, printCgp(p), positionKey(p)]);
    }
  });

  it('reports where the problem is: offset, column and field', async () => {
    const gql = graphqlClient(getDb());
    const result = await gql(PARSE, { cgp: `${EMPTY15} Z/ZZ 0/0 0` });
    expect(result.errors?.[0]).toMatchObject({
      message: 'board and racks hold 3 × Z; english has 1',
      extensions: { code: 'BAD_USER_INPUT', details: { argument: 'cgp', code: 'RACK_LETTERS_NOT_IN_BAG', field: 'racks', offset: 45, column: 46 } },
    });
  });

  it("imports Macondo's cgps.txt as one position per line, each found by crosswordPosition(key)", async () => {
    const gql = graphqlClient(getDb());
    const text = textOf('macondo/cgps.txt');
    const report = dataOf(await gql<ImportReport>(IMPORT, { format: 'CGP', data: text })).importGames;
    expect(report).toMatchObject({ alreadyImported: false, gameCount: 0, positionCount: 2, warnings: [], games: [] });
    for (const line of text.split('\n').filter((l) => l.trim() !== '')) {
      const p = unwrap(decodeCgp(line));
      const found = dataOf(
        await gql<{ crosswordPosition: { key: string; cgp: string; racks: string[]; stored: { kind: string; board: string }; occurrenceCount: number } }>(
          'query ($key: String!) { crosswordPosition(key: $key) { key cgp racks stored { kind board } occurrenceCount } }',
          { key: positionKey(p).toUpperCase() },
        ),
      ).crosswordPosition;
      // The stored text is canonical (racks sorted, blank last) and claims no scores or last move of its own.
      const alone = unwrap(decodeCgp(printCgp({ ...p, scores: p.scores.map(() => 0), consecutiveZeros: 0, options: { ...p.options, lastMove: undefined } })));
      expect(found).toEqual({ key: positionKey(p), cgp: printCgp(alone), racks: rackStrings(alone), stored: { kind: 'CROSSWORD', board: printCgp(alone) }, occurrenceCount: 0 });
    }
    const again = dataOf(await gql<ImportReport>(IMPORT, { format: 'CGP', data: text })).importGames;
    expect(again).toMatchObject({ alreadyImported: true, positionCount: 2 });
  });

  it('answers null for a key nothing is stored under and BAD_USER_INPUT for a malformed key', async () => {
    const gql = graphqlClient(getDb());
    expect(dataOf(await gql('{ crosswordPosition(key: "0000000000000000") { key } }'))).toEqual({ crosswordPosition: null });
    const bad = await gql('{ crosswordPosition(key: "xyz") { key } }');
    expect(bad.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: { argument: 'key' } });
  });

  it('imports a GCG game with the position after every event, findable by key with its occurrences, and exports it', async () => {
    const gql = graphqlClient(getDb());
    const text = textOf('macondo/gcg/vs_frentz.gcg');
    const report = dataOf(await gql<ImportReport>(IMPORT, { format: 'GCG', data: text })).importGames;
    const events = unwrap(parseGcg(text)).events;
    expect(report).toMatchObject({ alreadyImported: false, gameCount: 1, warnings: [] });
    const [game] = report.games;
    expect(game).toMatchObject({ kind: 'CROSSWORD', sourceFormat: 'GCG', player1: 'cesar', player2: 'frentz', result: '439-550' });
    expect(game.mainLine).toHaveLength(events.length + 1);
    expect(game.mainLine.slice(0, 2)).toEqual([
      { number: 0, move: null, position: { key: game.mainLine[0].position.key, sideToMove: '1' } },
      { number: 1, move: '8D CRAAlED +74', position: { key: game.mainLine[1].position.key, sideToMove: '2' } },
    ]);

    const after = dataOf(
      await gql<{ crosswordPosition: View & { occurrences: { number: number; move: string; game: { id: string } }[] } }>(
        'query ($key: String!) { crosswordPosition(key: $key) { board racks scores lastMove cgp occurrences { number move game { id } } } }',
        { key: game.mainLine[1].position.key },
      ),
    ).crosswordPosition;
    expect(after.board[7]).toBe('...CRAAlED.....');
    expect(after.racks).toEqual(['DEENOSW', '']);
    // The stored position is shared by every game that reaches it: it claims no score and no last move.
    expect(after.scores).toBeNull();
    expect(after.lastMove).toBeNull();
    expect(after.cgp).toBe('15/15/15/15/15/15/15/3CRAAlED5/15/15/15/15/15/15/15 DEENOSW/ 0/0 0 ld english;');
    expect(after.occurrences).toEqual([{ number: 1, move: '8D CRAAlED +74', game: { id: game.id } }]);

    // The game's ply has this game's scores and last move.
    const ply = dataOf(
      await gql<{ game: { mainLine: { crossword: View }[] } }>('query ($id: ID!) { game(id: $id) { mainLine { crossword { scores lastMove cgp } } } }', { id: game.id }),
    ).game.mainLine[1].crossword;
    expect(ply.scores).toEqual([0, 74]);
    expect(ply.lastMove).toBe('8D.CRAAlED');
    expect(ply.cgp).toBe('15/15/15/15/15/15/15/3CRAAlED5/15/15/15/15/15/15/15 DEENOSW/ 0/74 0 ld english; lm 8D.CRAAlED;');

    const exported = dataOf(
      await gql<{ game: { gcg: string; cgp: string } }>('query ($id: ID!) { game(id: $id) { gcg: export(format: GCG) cgp: export(format: CGP) } }', { id: game.id }),
    ).game;
    expect(exported.gcg).toBe(text);
    const cgpLines = exported.cgp.trimEnd().split('\n');
    expect(cgpLines).toHaveLength(events.length + 1);
    expect(cgpLines.map((l) => positionKey(unwrap(decodeCgp(l))))).toEqual(game.mainLine.map((p) => p.position.key));
  });

  it('imports every sample GCG game through GraphQL; every stated score agrees with the recomputed one', async () => {
    const gql = graphqlClient(getDb());
    const files = ['doug_v_emely_double_challenge', 'incomplete', 'polish_endgame', 'utf8_dos', 'name_iso8859-1']
      .map((n) => `macondo/gcg/${n}.gcg`)
      .concat('liwords/many_challenges.gcg');
    for (const file of files) {
      const bytes = fs.readFileSync(path.join(DATA, file));
      // GraphQL carries text: the ISO-8859-1 file is sent as the text it decodes to.
      const data = file.includes('iso8859') ? bytes.toString('latin1') : bytes.toString('utf8');
      const report = dataOf(await gql<ImportReport>(IMPORT, { format: 'GCG', data })).importGames;
      expect([file, report.gameCount, report.warnings]).toEqual([file, 1, []]);
      expect(report.games[0].mainLine).toHaveLength(unwrap(parseGcg(data)).events.length + 1);
    }
  });

  it('reports a score the board does not give as a warning with its line', async () => {
    const gql = graphqlClient(getDb());
    const data = '#player1 a Ann\n#player2 b Bob\n>a: ABC 8H CAB +15 15\n>b: DEF - +0 0\n';
    const report = dataOf(await gql<ImportReport>(IMPORT, { format: 'GCG', data })).importGames;
    expect(report.gameCount).toBe(1);
    expect(report.warnings).toEqual([{ gameIndex: 0, code: 'SCORE_MISMATCH', message: '8H CAB scores 14, the file says 15', line: 3 }]);
  });

  it('refuses a GCG file that cannot be read, naming the code and line, and stores nothing', async () => {
    const gql = graphqlClient(getDb());
    const count = () => getDb().prisma.game.count();
    const before = await count();
    const data = '#player1 a Ann\n#player2 b Bob\n>a: ABC 8H CAB +14 14\n>b: DEF 8H DEF +0 0\n';
    const result = await gql(IMPORT, { format: 'GCG', data });
    expect(result.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: { argument: 'data', code: 'PLAY_TILE_CONFLICT', line: 4 },
    });
    expect(await count()).toBe(before);
  });

  it('takes a letter distribution for CGP lines that do not name one', async () => {
    const gql = graphqlClient(getDb());
    const data = `${EMPTY15.replace(/^15/, '7Ź7')} Ż/ 0/0 0\n`;
    const refused = await gql(IMPORT, { format: 'CGP', data });
    expect(refused.errors?.[0].extensions).toMatchObject({ details: { code: 'MALFORMED_BOARD_LETTERS', line: 1 } });
    const report = dataOf(await gql<ImportReport>(IMPORT, { format: 'CGP', data, options: { letterDistribution: 'polish' } })).importGames;
    expect(report.positionCount).toBe(1);
  });

  it('lists CGP and GCG among the import formats', async () => {
    const gql = graphqlClient(getDb());
    const info = dataOf(await gql<{ serverInfo: { importFormats: string[] } }>('{ serverInfo { importFormats } }'));
    expect(info.serverInfo.importFormats).toEqual(expect.arrayContaining(['CGP', 'GCG']));
  });
});
