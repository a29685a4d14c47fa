import {
  CgpPosition,
  boardRows,
  cgpOperations,
  parseCgp,
  parseCgpLines,
  printCgp,
  rackStrings,
  tilesOnBoard,
  unseenTileCount,
} from '../../../src/codecs/crossword';
import { unwrap } from '../../../src/codecs/result';
import { cgpCases, expectedCode, readText } from './fixtures';

const EMPTY15 = '15/15/15/15/15/15/15/15/15/15/15/15/15/15/15';
const MAVEN =
  '5BERGS5/4PA3U5/2QAID3R5/3BEE3F2S2/1P1ET2VIATIC2/MA1TAW3c2H2/ES3IS2E2A2/AT1FOLIA4V2/LI1L1EX1E6/1N1O1D2N2Y3/1GNU2C1JETE3/2ER2OHO2N3/2O3GOY6/1INDOW1U7/4DORR7 IKLMTZ/AEINRU? 0/0 0 lex OSPD1;';

const parse = (s: string): CgpPosition => unwrap(parseCgp(s));
const errorOf = (s: string) => {
  const r = parseCgp(s);
  if (r.ok) throw new Error(`expected an error for ${s}`);
  return r.error;
};
const blanksOnBoard = (p: CgpPosition): number => p.squares.filter((t) => (t & 0x80) !== 0).length;

/** Fields that define a position, racks as multisets, for comparing a parse with a re-parse. */
const essence = (p: CgpPosition) => ({
  layout: p.layout.name,
  distribution: p.distribution.name,
  squares: Array.from(p.squares),
  racks: p.racks.map((r) => [...r].sort((a, b) => a - b)),
  scores: p.scores,
  zeros: p.consecutiveZeros,
  options: p.options,
  unknown: p.unknownOperations,
});

describe('cgp_cases.tsv', () => {
  const cases = cgpCases();

  it('holds 15 valid-or-lax and 16 invalid cases', () => {
    expect(cases.filter((c) => c.expect !== 'invalid')).toHaveLength(15);
    expect(cases.filter((c) => c.expect === 'invalid')).toHaveLength(16);
  });

  for (const c of cases.filter((x) => x.expect === 'valid')) {
    it(`${c.id} parses with distribution ${c.ld}`, () => {
      const p = parse(c.cgp);
      expect(p.distribution.name).toBe(c.ld);
    });

    it(`${c.id} prints canonically and parses back to the same position`, () => {
      const p = parse(c.cgp);
      const text = printCgp(p);
      const again = parse(text);
      expect(essence(again)).toEqual(essence(p));
      expect(printCgp(again)).toBe(text);
    });

    it(`${c.id} also round-trips through the seed dialect`, () => {
      const p = parse(c.cgp);
      expect(essence(parse(printCgp(p, { dialect: 'seed' })))).toEqual(essence(p));
    });
  }

  for (const c of cases.filter((x) => x.expect === 'invalid')) {
    it(`${c.id} is rejected with ${expectedCode(c)}`, () => {
      expect(errorOf(c.cgp).code).toBe(expectedCode(c));
    });
  }

  it('v15 (a 14-wide row, accepted only by lax parsers) is rejected with INVALID_NUMBER_OF_BOARD_COLUMNS at row 3', () => {
    const v15 = cases.find((c) => c.id === 'v15');
    const e = errorOf(v15!.cgp);
    expect(e.code).toBe('INVALID_NUMBER_OF_BOARD_COLUMNS');
    expect(e.message).toContain('row 3');
    expect(e.field).toBe('board');
  });

  const unseen: Record<string, [number, number]> = {
    v01: [0, 100],
    v02: [0, 93],
    v03: [87, 0],
    v04: [0, 86],
    v05: [0, 86],
    v06: [12, 74],
    v07: [81, 19],
    v08: [93, 0],
    v09: [88, 0],
    v12: [82, 4],
    v13: [68, 18],
    v14: [14, 186],
  };
  for (const [id, [onBoard, unseenCount]] of Object.entries(unseen)) {
    it(`${id} has ${onBoard} tiles on the board and ${unseenCount} unseen`, () => {
      const p = parse(cases.find((c) => c.id === id)!.cgp);
      expect(tilesOnBoard(p)).toBe(onBoard);
      expect(unseenTileCount(p)).toBe(unseenCount);
    });
  }

  it('v09 (liwords writer output) prints back byte for byte but for the blank, which goes last as MAGPIE and Macondo print it', () => {
    const v09 = cases.find((c) => c.id === 'v09')!.cgp;
    expect(printCgp(parse(v09))).toBe(v09.replace(' ?AEIORT/', ' AEIORT?/'));
  });

  it('v05 accepts runs of whitespace between fields and reads MAGPIE\'s "-lex" as lex', () => {
    const p = parse(cases.find((c) => c.id === 'v05')!.cgp);
    expect(p.consecutiveZeros).toBe(4);
    expect(rackStrings(p)).toEqual(['ABCDEFG', 'HIJKLM?']);
    expect(p.options.lexicon).toBe('CSW21');
    expect(p.unknownOperations).toEqual([]);
    expect(printCgp(p)).toBe(`${EMPTY15} ABCDEFG/HIJKLM? 0/0 4 lex CSW21;`);
  });

  it('reads MAGPIE\'s -lex on a Catalan board, and keeps an unknown dashed opcode as given', () => {
    const p = parse(`${EMPTY15} AEIOUS/ 0/0 0 -lex DISC2; ld catalan; -xyz 1;`);
    expect(p.options.lexicon).toBe('DISC2');
    expect(p.unknownOperations).toEqual([{ opcode: '-xyz', operand: '1' }]);
  });

  it('v10 reads tmr as milliseconds per player, player to move first', () => {
    const p = parse(cases.find((c) => c.id === 'v10')!.cgp);
    expect(p.options.timers).toEqual([824793, 1000]);
    expect(p.scores).toEqual([70, 82]);
  });

  it('v14 (21 rows, no bdn) is read on the 21x21 SuperCrosswordGame board with english_super', () => {
    const p = parse(cases.find((c) => c.id === 'v14')!.cgp);
    expect(p.layout.name).toBe('SuperCrosswordGame');
    expect(boardRows(p)[10]).toBe('......POMORPHISATION.');
  });

  it('v12 reads bracketed Catalan tiles and writes them bracketed', () => {
    const p = parse(cases.find((c) => c.id === 'v12')!.cgp);
    expect(boardRows(p)[5]).toBe('....n..CE[L·L]A....');
    expect(printCgp(p).split(' ')[0].split('/')[5]).toBe('4n2CE[L·L]A4');
  });
});

describe('the seed examples', () => {
  it('the Maven endgame has 87 tiles on the board, one of them a blank', () => {
    const p = parse(MAVEN);
    expect(tilesOnBoard(p)).toBe(87);
    expect(blanksOnBoard(p)).toBe(1);
  });

  it('the Maven endgame has racks IKLMTZ and AEINRU?, lexicon OSPD1 and an empty bag', () => {
    const p = parse(MAVEN);
    expect(rackStrings(p)).toEqual(['IKLMTZ', 'AEINRU?']);
    expect(p.options.lexicon).toBe('OSPD1');
    expect(unseenTileCount(p)).toBe(0);
    expect(p.scores).toEqual([0, 0]);
  });

  it('the Maven endgame board rows use "." for empty squares and lower case for the blank', () => {
    const rows = boardRows(parse(MAVEN));
    expect(rows).toHaveLength(15);
    expect(rows[0]).toBe('.....BERGS.....');
    expect(rows[5]).toBe('MA.TAW...c..H..');
  });

  it('the US Nationals example reads "lm -2;" as an exchange of two unknown tiles', () => {
    const p = parse(`${EMPTY15} AELNOQT/ 0/0 0 lex NWL18; lm -2;`);
    expect(p.options.lastMove).toEqual({ kind: 'exchange', count: 2 });
    expect(rackStrings(p)).toEqual(['AELNOQT', '']);
  });

  it('writes the exchange in the current dialect by default and in the seed dialect on request', () => {
    const p = parse(`${EMPTY15} AELNOQT/ 0/0 0 lex NWL18; lm -2;`);
    expect(printCgp(p)).toBe(`${EMPTY15} AELNOQT/ 0/0 0 lex NWL18; lm ex.2;`);
    expect(printCgp(p, { dialect: 'seed' })).toBe(`${EMPTY15} AELNOQT/ 0/0 0 lex NWL18; lm -2;`);
  });
});

describe("Macondo's cgps.txt", () => {
  it('every line parses', () => {
    const lines = parseCgpLines(readText('macondo/cgps.txt'));
    expect(lines).toHaveLength(2);
    for (const l of lines) expect(l.result.ok).toBe(true);
  });
});

describe('parseCgpLines', () => {
  it('skips blank lines and puts the line number on errors', () => {
    const out = parseCgpLines(`${EMPTY15} / 0/0 0\n\n${EMPTY15} / 0/0 H\r\n`);
    expect(out.map((o) => o.line)).toEqual([1, 3]);
    expect(out[1].result.ok ? null : out[1].result.error).toMatchObject({ code: 'MALFORMED_CONSECUTIVE_ZEROS', line: 3 });
  });
});

describe('last move (lm) dialects', () => {
  const board = '15/15/15/15/15/15/15/4CAT8/15/15/15/15/15/15/15';
  const withLm = (lm: string) => parse(`${board} / 0/0 0 lm ${lm};`);

  it('reads the current play form with through tiles written as letters', () => {
    expect(withLm('8E.CAT').options.lastMove).toEqual({
      kind: 'play',
      coordinate: { row: 7, col: 4, vertical: false },
      tiles: [3, 1, 20],
    });
  });

  it('reads the seed play form with "." for through tiles and writes the letters back in the current form', () => {
    const p = withLm('8E .AT');
    expect(p.options.lastMove).toMatchObject({ kind: 'play', tiles: [0, 1, 20] });
    expect(cgpOperations(p)).toEqual([{ opcode: 'lm', operand: '8E.CAT' }]);
    expect(cgpOperations(p, 'seed')).toEqual([{ opcode: 'lm', operand: '8E .AT' }]);
  });

  it('reads a vertical coordinate (letter first) case-insensitively', () => {
    expect(withLm('e8.C').options.lastMove).toMatchObject({ coordinate: { row: 7, col: 4, vertical: true } });
  });

  it('reads "pass" and "-" as a pass', () => {
    expect(withLm('pass').options.lastMove).toEqual({ kind: 'pass' });
    expect(withLm('-').options.lastMove).toEqual({ kind: 'pass' });
  });

  it('reads known exchanged tiles in both forms', () => {
    expect(withLm('ex.AB?').options.lastMove).toEqual({ kind: 'exchange', count: 3, tiles: [1, 2, 0] });
    expect(withLm('-AB?').options.lastMove).toEqual({ kind: 'exchange', count: 3, tiles: [1, 2, 0] });
  });

  it('reads a play challenged off in both forms', () => {
    const phony = { kind: 'phony', coordinate: { row: 7, col: 4, vertical: false }, tiles: [3, 1, 20] };
    expect(withLm('phony.8E.CAT').options.lastMove).toEqual(phony);
    expect(withLm('challenge 8E CAT').options.lastMove).toEqual(phony);
    expect(cgpOperations(withLm('phony.8E.CAT'), 'seed')[0].operand).toBe('challenge 8E CAT');
  });

  it('keeps the seed challenge bonus (+5) of an upheld play', () => {
    const p = withLm('8E CAT +5');
    expect(p.options.lastMove).toMatchObject({ kind: 'play', challengePoints: 5 });
    expect(cgpOperations(p, 'seed')[0].operand).toBe('8E CAT +5');
  });

  it('rejects a play that runs off the board with MALFORMED_LAST_MOVE', () => {
    expect(errorOf(`${board} / 0/0 0 lm 8M.CATS;`)).toMatchObject({ code: 'MALFORMED_LAST_MOVE', field: 'lm' });
  });

  it('rejects an exchange of more than 7 tiles with MALFORMED_LAST_MOVE', () => {
    expect(errorOf(`${board} / 0/0 0 lm ex.8;`).code).toBe('MALFORMED_LAST_MOVE');
  });

  it('rejects a coordinate off the board with MALFORMED_LAST_MOVE', () => {
    expect(errorOf(`${board} / 0/0 0 lm 16A.CAT;`).code).toBe('MALFORMED_LAST_MOVE');
  });
});

describe('operations', () => {
  it('reads every opcode of the seed plus oru', () => {
    const p = parse(
      `${EMPTY15} / 0/0 0 bb 35; bdn CrosswordGame; cr double; etl 1; gid abc123; ld english; lex CSW21; lm pass; mcnz 8; ti 3000; tmr 10000/-2500; to 60000; var WordSmog; oru;`,
    );
    expect(p.options).toEqual({
      bingoBonus: 35,
      boardName: 'CrosswordGame',
      challengeRule: 'double',
      exchangeLimit: 1,
      gameId: 'abc123',
      letterDistribution: 'english',
      lexicon: 'CSW21',
      lastMove: { kind: 'pass' },
      maxConsecutiveZeros: 8,
      timerIncrement: 3000,
      timers: [10000, -2500],
      maxOvertime: 60000,
      variant: 'WordSmog',
      opponentRackUnknown: true,
    });
  });

  it('writes operations in canonical order', () => {
    const p = parse(`${EMPTY15} / 0/0 0 lm pass; var x; ld english; oru; lex CSW21;`);
    expect(printCgp(p)).toBe(`${EMPTY15} / 0/0 0 lex CSW21; ld english; var x; oru; lm pass;`);
  });

  it('keeps unknown opcodes with their operands (spaces included) and writes them back', () => {
    const p = parse(`${EMPTY15} / 0/0 0 lex CSW21; zz some words here; flag;`);
    expect(p.unknownOperations).toEqual([
      { opcode: 'zz', operand: 'some words here' },
      { opcode: 'flag', operand: '' },
    ]);
    expect(printCgp(p)).toBe(`${EMPTY15} / 0/0 0 lex CSW21; zz some words here; flag;`);
  });

  it('tolerates a missing final semicolon', () => {
    expect(parse(`${EMPTY15} / 0/0 0 lex CSW21`).options.lexicon).toBe('CSW21');
  });

  it('rejects a repeated opcode with DUPLICATE_OPERATION naming it', () => {
    const e = errorOf(`${EMPTY15} / 0/0 0 lex CSW21; lex NWL20;`);
    expect(e).toMatchObject({ code: 'DUPLICATE_OPERATION', field: 'lex' });
    expect(e.message).toContain('lex');
  });

  it('rejects a repeated unknown opcode with DUPLICATE_OPERATION', () => {
    expect(errorOf(`${EMPTY15} / 0/0 0 zz 1; zz 2;`)).toMatchObject({ code: 'DUPLICATE_OPERATION', field: 'zz' });
  });

  const rejections: [string, string, string][] = [
    ['lex;', 'MISSING_OPERAND', 'lex'],
    ['oru x;', 'UNEXPECTED_OPERAND', 'oru'],
    ['bb many;', 'MALFORMED_NUMBER_OPERAND', 'bb'],
    ['mcnz -1;', 'MALFORMED_NUMBER_OPERAND', 'mcnz'],
    ['bdn Moon;', 'UNKNOWN_BOARD_NAME', 'bdn'],
    ['ld klingon;', 'UNKNOWN_LETTER_DISTRIBUTION', 'ld'],
    ['cr quadruple;', 'UNKNOWN_CHALLENGE_RULE', 'cr'],
    ['gid a b;', 'MALFORMED_GAME_ID', 'gid'],
    ['tmr 1000;', 'MALFORMED_TIMERS', 'tmr'],
    ['tmr 1.5/2;', 'MALFORMED_TIMERS', 'tmr'],
    ['lm 8H;', 'MALFORMED_LAST_MOVE', 'lm'],
  ];
  for (const [op, code, field] of rejections) {
    it(`rejects "${op}" with ${code}`, () => {
      expect(errorOf(`${EMPTY15} / 0/0 0 ${op}`)).toMatchObject({ code, field });
    });
  }

  it('reports the column of a bad operation', () => {
    const text = `${EMPTY15} / 0/0 0 lex CSW21; ld klingon;`;
    expect(errorOf(text).column).toBe(text.indexOf('ld klingon') + 1);
  });
});

describe('board, racks, scores', () => {
  it('rejects a rack of 8 tiles with TOO_MANY_RACK_TILES', () => {
    expect(errorOf(`${EMPTY15} ABCDEFGH/ 0/0 0`).code).toBe('TOO_MANY_RACK_TILES');
  });

  it('rejects a lower-case letter in a rack with MALFORMED_RACK_LETTERS', () => {
    expect(errorOf(`${EMPTY15} ABc/ 0/0 0`).code).toBe('MALFORMED_RACK_LETTERS');
  });

  it('rejects "?" on the board with MALFORMED_BOARD_LETTERS', () => {
    expect(errorOf(`${EMPTY15.replace(/^15/, '7?7')} / 0/0 0`).code).toBe('MALFORMED_BOARD_LETTERS');
  });

  it('rejects a letter outside the distribution with MALFORMED_BOARD_LETTERS and its column', () => {
    const e = errorOf(`${EMPTY15.replace(/^15/, '7Ñ7')} / 0/0 0`);
    expect(e).toMatchObject({ code: 'MALFORMED_BOARD_LETTERS', column: 2, field: 'board' });
  });

  it('rejects a run of 0 empty squares with MALFORMED_BOARD_LETTERS', () => {
    expect(errorOf(`${EMPTY15.replace(/^15/, '015')} / 0/0 0`).code).toBe('MALFORMED_BOARD_LETTERS');
  });

  it('rejects three designated blanks on an english board with BOARD_LETTERS_NOT_IN_BAG', () => {
    expect(errorOf(`${EMPTY15.replace(/^15/, '6abc6')} / 0/0 0`).code).toBe('BOARD_LETTERS_NOT_IN_BAG');
  });

  it('counts a designated blank on the board against the blanks in the racks', () => {
    expect(errorOf(`${EMPTY15.replace(/^15/, '7a7')} ??/ 0/0 0`).code).toBe('RACK_LETTERS_NOT_IN_BAG');
  });

  it('reads negative scores', () => {
    expect(parse(`${EMPTY15} / -5/12 0`).scores).toEqual([-5, 12]);
  });

  it('rejects a lone minus sign as a score with MALFORMED_SCORES', () => {
    expect(errorOf(`${EMPTY15} / -/12 0`).code).toBe('MALFORMED_SCORES');
  });

  it('takes the distribution from the lexicon prefix (OSPS → polish)', () => {
    expect(parse(`${EMPTY15} / 0/0 0 lex OSPS49;`).distribution.name).toBe('polish');
  });

  it('lets ld override the lexicon prefix', () => {
    expect(parse(`${EMPTY15} / 0/0 0 lex OSPS49; ld english;`).distribution.name).toBe('english');
  });

  it('uses the caller default distribution when the CGP names none', () => {
    expect(unwrap(parseCgp(`${EMPTY15} / 0/0 0`, { distribution: 'german' })).distribution.name).toBe('german');
  });

  it('reads a 21x21 board named by bdn with the english_super bag', () => {
    const empty21 = Array(21).fill('21').join('/');
    const p = parse(`${empty21} / 0/0 0 bdn SuperCrosswordGame;`);
    expect([p.layout.rows, p.distribution.name, unseenTileCount(p)]).toEqual([21, 'english_super', 200]);
  });

  it('rejects a 15-row board when bdn names the 21x21 board', () => {
    expect(errorOf(`${EMPTY15} / 0/0 0 bdn SuperCrosswordGame;`).code).toBe('INVALID_NUMBER_OF_BOARD_ROWS');
  });

  it('reads Spanish CH unbracketed as C then H, and [CH] as the digraph tile', () => {
    const p = parse(`${EMPTY15.replace(/^15/, 'CH[CH]12')} / 0/0 0 ld spanish;`);
    expect(boardRows(p)[0]).toBe('CH[CH]............');
    expect(printCgp(p).startsWith('CH[CH]12/')).toBe(true);
  });

  it('reads Catalan digraphs greedily without brackets and writes them with brackets', () => {
    const p = parse(`${EMPTY15.replace(/^15/, 'QU3l·l9NY')} / 0/0 0 ld catalan;`);
    expect(Array.from(p.squares.slice(0, 15))).toEqual([19, 0, 0, 0, 13 | 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 16]);
    expect(printCgp(p).split('/')[0]).toBe('[QU]3[l·l]9[NY]');
  });

  it('sorts racks into distribution order with the blank last, as MAGPIE and Macondo print them', () => {
    expect(printCgp(parse(`${EMPTY15} ZA?B/QE 0/0 0`)).split(' ')[1]).toBe('ABZ?/EQ');
  });
});
