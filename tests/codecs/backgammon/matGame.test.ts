/**
 * .mat games as backgammon games: what gnubg's `import mat` makes of what the text
 * leaves open (Crawford game, rolls without a play, split steps, beavers, Wins), the
 * errors, and the way back from a replayed game.
 */
import {
  BgReplay,
  matGameOf,
  parseBackgammonSgf,
  parseMatFile,
  gamesOfMat,
  replayGame,
  replayGames,
} from '../../../src/codecs/backgammon';
import { unwrap } from '../../../src/codecs/result';
import { readFixture, readSample } from './fixtures';

const CHARLOT = 'gnubgparser_charlot1-charlot2_7p_2025-11-08-2305';
const matGames = (text: string) => unwrap(gamesOfMat(unwrap(parseMatFile(text)).file));
const replays = (text: string): BgReplay[] => matGames(text).games.map((g) => unwrap(replayGame(g.game)));
const keys = (r: BgReplay) => r.plies.map((p) => p.key);
const sgfReplays = (name: string) => unwrap(replayGames(unwrap(parseBackgammonSgf(readSample(name))).games));
const failure = (text: string) => {
  const r = gamesOfMat(unwrap(parseMatFile(text)).file);
  if (r.ok) throw new Error('expected an error');
  return r.error;
};

/** A match file with one game whose lines are `rows`. */
const oneGame = (length: number, ...rows: string[]) => ` ${length} point match\n\n Game 1\n Alice : 0                      Bob : 0\n${rows.join('\n')}\n`;

describe('.mat games', () => {
  it.each([
    [`${CHARLOT}.mat`, `${CHARLOT}.sgf`],
    ['gnubg107_5p_double_dance_resign.mat', 'gnubg107_5p_double_dance_resign.sgf'],
  ])('replays %s to the GNUIDs of the SGF of the same match, ply by ply', (mat, sgf) => {
    expect(replays(readSample(mat)).map(keys)).toEqual(sgfReplays(sgf).map(keys));
  });

  it('finds the Crawford game as the SGF of the same match records it (RU[Crawford:CrawfordGame])', () => {
    const mat = matGames(readSample(`${CHARLOT}.mat`)).games.map((g) => g.game.info.rules.crawfordGame);
    const sgf = unwrap(parseBackgammonSgf(readSample(`${CHARLOT}.sgf`))).games.map((g) => g.info.rules.crawfordGame);
    expect(mat).toEqual([false, false, false, true]);
    expect(mat).toEqual(sgf);
  });

  it('reads the players, scores, match length and date into the game info', () => {
    const info = matGames(readSample(`${CHARLOT}.mat`)).games[1].game.info;
    expect(info).toMatchObject({ white: 'charlot1', black: 'charlot2', matchLength: 7, gameNumber: 1, score: [0, 2], date: '2025-11-08' });
  });

  it('plays the only legal play of a roll written without one', () => {
    const text = readSample('gibbon_7point.mat').replace('  3) 21: 25/24 25/23', '  3) 21:            ');
    const played = replays(text)[1].plies[5];
    expect(played.move).toBe('21: bar/23 bar/24*');
    expect(played.key).toBe(sgfReplays('gibbon_7point.sgf')[1].plies[5].key);
  });

  it('keeps a roll written without a play, when several are legal, as a roll not played before the resignation', () => {
    const r = replays(readSample('gnubgparser_gnubg_roll_then_resign_1p.mat'))[0];
    expect(r.plies.map((p) => p.kind)).toEqual(['start', 'move', 'move', 'setup', 'resign']);
    expect(r.plies[3].key).toBe('4OvgASTgc+QBUA:cIkmAAAAAAAE');
    expect(r.plies[4].key).toBe('4OvgASTgc+QBUA:cKsmABAAAAAE');
  });

  it('plays a roll written without a play that has no legal play as a dance', () => {
    const r = replays(readSample('gnubg107_5p_double_dance_resign.mat'))[0];
    expect(r.plies[6]).toMatchObject({ kind: 'move', move: '11: no move', key: '4HPhQUAzTuJBIA:UQmgAAAAAAAE' });
  });

  it('splits a step written across both dice of a roll, and across a double\'s dice', () => {
    const split = replays(oneGame(3, '  1) 61: 13/6                    44: 24/16 13/9(2)'))[0];
    const written = replays(oneGame(3, '  1) 61: 13/7 7/6                44: 24/20 20/16 13/9 13/9'))[0];
    expect(split.plies.map((p) => p.move)).toEqual(['start', '61: 13/7 7/6', '44: 24/20 20/16 13/9 13/9']);
    expect(keys(split)).toEqual(keys(written));
  });

  it('takes a beaver for the first doubler when a roll follows it', () => {
    const { games } = matGames(readFixture('gnubg107_export_money_jacoby_beaver.mat'));
    expect(games[0].game.nodes.map((n) => n.action?.kind ?? 'setup')).toEqual(['move', 'double', 'double', 'take', 'setup']);
    expect(games[0].game.nodes[3].action).toEqual({ kind: 'take', player: 0 });
    expect(games[0].sources[3]).toBeUndefined();
  });

  it("reads 'Wins n' while the game is on as the other player resigning", () => {
    const { game } = matGames(readSample('gnubg107_5p_double_dance_resign.mat')).games[0];
    expect(game.info.result).toEqual({ winner: 0, points: 4, resigned: true });
  });

  it("reads 'Wins n' that is no multiple of the cube at the level gnubg reads, with a warning", () => {
    const text = oneGame(7, '  1) 31: 8/5 6/5                 Doubles => 2', '  2)  Takes', `${' '.repeat(34)}Wins 3 points`);
    const { games, warnings } = matGames(text);
    expect(games[0].game.info.result).toEqual({ winner: 1, points: 4, resigned: true });
    expect(warnings).toEqual(["line 7: game 1: 'Wins 3' with the cube at 2: read as resigning 4, as gnubg does"]);
  });

  it('uses the Jacoby rule in a money session (gnubg default), not in a match', () => {
    expect(matGames(readFixture('gnubg107_export_money_jacoby_beaver.mat')).games[0].game.info.rules.jacoby).toBe(true);
    expect(matGames(readSample(`${CHARLOT}.mat`)).games[0].game.info.rules.jacoby).toBe(false);
  });
});

describe('.mat game errors', () => {
  it('refuses an illegal play, naming its line and column', () => {
    const e = failure(oneGame(7, '  1) 31: 8/4 6/5'));
    expect(e).toMatchObject({ code: 'ERR_MAT_ILLEGAL_MOVE', line: 5, column: 6 });
    expect(e.message).toBe('line 5, column 6: game 1: 31: White 8/4 moves 4 pips, which no die matches: the unused dice of 31 are 3, 1');
  });

  it('refuses a roll while a double is pending', () => {
    const e = failure(oneGame(7, '  1) 31: 8/5 6/5                 Doubles => 2', '  2) 42: 8/4 6/4'));
    expect(e).toMatchObject({ code: 'ERR_MAT_ORDER', line: 6, column: 6 });
    expect(e.message).toMatch(/a roll by White \(Alice\) while a double is pending/);
  });

  it('refuses Takes without a double', () => {
    expect(failure(oneGame(7, '  1) 31: 8/5 6/5                  Takes'))).toMatchObject({ code: 'ERR_MAT_ORDER', line: 5 });
  });

  it('refuses an action after the game ended', () => {
    const e = failure(oneGame(7, '  1) 31: 8/5 6/5                 Doubles => 2', '  2)  Drops', '  3) 42: 8/4 6/4'));
    expect(e).toMatchObject({ code: 'ERR_MAT_ORDER', line: 7 });
  });
});

describe('.mat from a replayed game', () => {
  it('refuses a game that starts from a set-up board, naming the node', () => {
    const games = unwrap(parseBackgammonSgf(readSample('gnubg107_9p_setup_position.sgf'))).games;
    const r = matGameOf(games[0], unwrap(replayGame(games[0])));
    expect(r.ok || [r.error.code, r.error.record]).toEqual(['ERR_MAT_EDITED', 0]);
  });

  it('writes a resignation accepted in Gibbon nodes as the winner\'s Wins line', () => {
    const games = unwrap(parseBackgammonSgf(readSample('gibbon_7point.sgf'))).games;
    const mat = unwrap(matGameOf(games[3], unwrap(replayGame(games[3]))));
    expect(mat.entries[mat.entries.length - 1]).toMatchObject({ player: 0, action: { kind: 'win', points: 2, by: 'resign' } });
  });
});
