/**
 * Jellyfish .mat text: reading the header, games and both columns of actions, the
 * errors (line and column), and printing games back as gnubg 1.07's export mat does.
 */
import {
  looksLikeMat,
  matGameOf,
  parseMatPlay,
  printMatFile,
  printMatGame,
  parseBackgammonSgf,
  parseMatFile,
  replayGames,
} from '../../../src/codecs/backgammon';
import { unwrap } from '../../../src/codecs/result';
import { readFixture, readSample } from './fixtures';

const CHARLOT = 'gnubgparser_charlot1-charlot2_7p_2025-11-08-2305';
const read = (text: string) => unwrap(parseMatFile(text));
const failure = (text: string) => {
  const r = parseMatFile(text);
  if (r.ok) throw new Error('expected an error');
  return r.error;
};

/** A 7-point match file with one game whose lines are `rows`. */
const oneGame = (...rows: string[]) => ` 7 point match\n\n Game 1\n Alice : 0                      Bob : 0\n${rows.join('\n')}\n`;

describe('.mat reading', () => {
  it('reads the header tags and the match length', () => {
    const { file } = read(readSample(`${CHARLOT}.mat`));
    expect(file.tags).toEqual([{ name: 'EventDate', value: '2025.11.08' }]);
    expect(file.matchLength).toBe(7);
    expect(file.games.map((g) => g.number)).toEqual([1, 2, 3, 4]);
  });

  it("reads each game's players and their scores at its start", () => {
    const { file } = read(readSample(`${CHARLOT}.mat`));
    expect(file.games.map((g) => g.players.map((p) => `${p.name}:${p.score}`))).toEqual([
      ['charlot1:0', 'charlot2:0'],
      ['charlot1:0', 'charlot2:2'],
      ['charlot1:2', 'charlot2:2'],
      ['charlot1:6', 'charlot2:2'],
    ]);
  });

  it('reads names with spaces and a GridGammon rating after a comma', () => {
    const { file } = read(' 3 point match\n\n Game 1\n Joe Black,1712.5 : 0        Snow White : 1\n');
    expect(file.games[0].players).toEqual([
      { name: 'Joe Black', score: 0, rating: '1712.5' },
      { name: 'Snow White', score: 1 },
    ]);
  });

  it('splits a line of two rolls into the left (player 0) and right (player 1) columns', () => {
    const { file } = read(readSample('gnubg107_5p_double_dance_resign.mat'));
    const row3 = file.games[0].entries.filter((e) => e.line === 9);
    expect(row3).toEqual([
      { player: 0, line: 9, column: 6, action: { kind: 'roll', dice: [6, 4], steps: [{ from: 24, to: 18, hit: false }, { from: 13, to: 9, hit: false }] } },
      {
        player: 1,
        line: 9,
        column: 34,
        action: {
          kind: 'roll',
          dice: [5, 5],
          steps: [
            { from: 8, to: 3, hit: false },
            { from: 8, to: 3, hit: false },
            { from: 6, to: 1, hit: true },
            { from: 6, to: 1, hit: false },
          ],
        },
      },
    ]);
  });

  it('reads cube actions in either column: Doubles => 2, Takes', () => {
    const { file } = read(readSample('gnubg107_5p_double_dance_resign.mat'));
    expect(file.games[0].entries.filter((e) => e.line === 8).map((e) => [e.player, e.action])).toEqual([
      [0, { kind: 'double', cube: 2 }],
      [1, { kind: 'take' }],
    ]);
  });

  it('reads Beavers => 4 as a beaver', () => {
    const { file } = read(readFixture('gnubg107_export_money_jacoby_beaver.mat'));
    expect(file.matchLength).toBe(0);
    expect(file.games[0].entries.map((e) => e.action.kind)).toEqual(['roll', 'double', 'beaver', 'roll']);
  });

  it('reads a Wins line alone on its row in the column of its winner', () => {
    const { file } = read(readSample(`${CHARLOT}.mat`));
    const last = file.games[0].entries[file.games[0].entries.length - 1];
    expect(last).toEqual({ player: 1, line: 31, column: 35, action: { kind: 'win', points: 2 } });
  });

  it('reads a roll with no play written as a roll with no steps', () => {
    const { file } = read(readSample('gnubgparser_gnubg_roll_then_resign_1p.mat'));
    expect(file.games[0].entries.slice(-2).map((e) => [e.player, e.action])).toEqual([
      [1, { kind: 'roll', dice: [5, 1], steps: [] }],
      [0, { kind: 'win', points: 1 }],
    ]);
  });

  it('keeps the text of every game section', () => {
    const text = readSample('gnubg107_5p_double_dance_resign.mat');
    const { file } = read(text);
    expect(file.header).toBe('; [EventDate "2026.11.21"]\n\n 5 point match\n\n');
    expect(file.header + file.games[0].text).toBe(text);
  });

  it('ignores games after the match was decided, with a warning, as gnubg does', () => {
    const r = read(`${oneGame('  1) 31: 8/5 6/5')}\n Game 2\n Alice : 7      Bob : 0\n  1) 31: 8/5 6/5\n`);
    expect(r.file.games.length).toBe(1);
    expect(r.warnings).toEqual([
      'line 8: game 2 starts at 7-0 in a 7-point match, which is already over: it and what follows are ignored, as gnubg does',
    ]);
  });

  it('reads the match header repeated between games (games exported one by one, then joined)', () => {
    const { file } = read(`${oneGame('  1) 31: 8/5 6/5')}\n 7 point match\n\n Game 2\n Alice : 1      Bob : 0\n`);
    expect(file.games.map((g) => g.number)).toEqual([1, 2]);
  });
});

describe('.mat plays', () => {
  it.each([
    ['24/18 13/10', [[24, 18], [13, 10]]],
    ['bar/22* 6/off', [[25, 22], [6, 0]]],
    ['25/23 6/0', [[25, 23], [6, 0]]],
    ['8/3(2)', [[8, 3], [8, 3]]],
    ['13/7/1', [[13, 7], [7, 1]]],
    ['24/18/13(2)', [[24, 18], [18, 13], [24, 18], [18, 13]]],
    ['', []],
  ])('reads %j', (text, steps) => {
    const play = parseMatPlay(text);
    expect('steps' in play && play.steps.map((s) => [s.from, s.to])).toEqual(steps);
  });

  it.each([
    ['26/20', "'26' is not a point 0..25 (25 = bar, 0 = off)"],
    ['13/', "a '/' with no point after it"],
    ['13/7 9', 'point 9 has no destination'],
    ['13/7 x', "'x' is not part of a play (points 0..25, bar, off, '/', '*', '(n)')"],
    ['6/25', 'a step cannot end on the bar (25)'],
  ])('refuses %j', (text, error) => {
    expect(parseMatPlay(text)).toMatchObject({ error });
  });
});

describe('.mat errors', () => {
  it('names the line and column of a play it cannot read', () => {
    const e = failure(oneGame('  1) 31: 8/5 6/5                 64: 24/18 13/x9'));
    expect(e).toMatchObject({ code: 'ERR_MAT_MOVE', line: 5, column: 47 });
    expect(e.message).toBe("line 5, column 47: 64: 'x' is not part of a play (points 0..25, bar, off, '/', '*', '(n)')");
  });

  it('names the line and column of text that is no action', () => {
    const e = failure(oneGame('  1) 31: 8/5 6/5', '  2)  Redoubles'));
    expect(e).toMatchObject({ code: 'ERR_MAT_SYNTAX', line: 6, column: 7 });
    expect(e.message).toMatch(/^line 6, column 7: 'Redoubles' is not a roll/);
  });

  it('refuses a players line without scores', () => {
    expect(failure(' 7 point match\n\n Game 1\n Alice  Bob\n')).toMatchObject({ code: 'ERR_MAT_PLAYERS', line: 4, column: 1 });
  });

  it('refuses a text with no match line', () => {
    expect(failure('(;FF[4]GM[6])')).toMatchObject({ code: 'ERR_MAT_NO_MATCH' });
  });

  it('refuses a match longer than gnubg reads (64)', () => {
    expect(failure(' 65 point match\n')).toMatchObject({ code: 'ERR_MAT_LENGTH', line: 1 });
  });

  it('tells a .mat text from an SGF text', () => {
    expect(looksLikeMat(readSample(`${CHARLOT}.mat`))).toBe(true);
    expect(looksLikeMat(' 5 point match\n')).toBe(true);
    expect(looksLikeMat(readSample(`${CHARLOT}.sgf`))).toBe(false);
  });
});

describe('.mat printing', () => {
  it.each([
    [`${CHARLOT}.sgf`, `${CHARLOT}.mat`, readSample],
    ['gnubg107_5p_double_dance_resign.sgf', 'gnubg107_5p_double_dance_resign.mat', readSample],
    ['gibbon_7point.sgf', 'gnubg107_export_gibbon_7point.mat', readFixture],
    ['gnubg107_money_jacoby_beaver.sgf', 'gnubg107_export_money_jacoby_beaver.mat', readFixture],
  ])('prints every game of %s as gnubg exports it (%s), byte for byte', (sgf, mat, readMat) => {
    const games = unwrap(parseBackgammonSgf(readSample(sgf))).games;
    const replays = unwrap(replayGames(games));
    const expected = read(readMat(mat)).file;
    const printed = games.map((g, i) => printMatGame(unwrap(matGameOf(g, replays[i]))));
    expect(printed).toEqual(expected.games.map((g) => g.text));
  });

  it('prints the header as gnubg does: tags, a blank line, the match line', () => {
    const text = readSample('gnubg107_5p_double_dance_resign.mat');
    const { file } = read(text);
    expect(printMatFile({ ...file, games: [] })).toBe(file.header);
  });
});
