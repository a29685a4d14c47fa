/**
 * The replay's move legality checked against GNU Backgammon: for each case gnubg loads the
 * position before the play (an SGF ending with `PL`/`DI`), is asked to `move` it, and must refuse
 * exactly the plays tabula's replay refuses. Skips only when gnubg is not installed.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parseBackgammonSgf, replayGame } from '../../../src/codecs/backgammon';
import { unwrap } from '../../../src/codecs/result';

const GNUBG = ['/usr/games/gnubg', '/usr/bin/gnubg', '/usr/local/bin/gnubg'].find((p) => fs.existsSync(p));

/** [what, SGF up to the play, player, dice, play as SGF letters, the same play in gnubg notation, legal]. */
const CASES: [string, string, 'W' | 'B', string, string, string, boolean][] = [
  ['Black 55 from his 6-point to his 24-point', '(;GM[6]', 'B', '55', 'sa', '6/24', false],
  ['White 31 as 13/8', '(;GM[6]', 'W', '31', 'mh', '13/8', false],
  ['bearing off with a checker on 13', '(;GM[6];AE[a:y]AW[a][b][m]AB[x][w]', 'W', '21', 'azmk', '1/off 13/11', false],
  ['a 3 bearing off from the 2 while a checker is on the 5', '(;GM[6];AE[a:y]AW[e][d][b]AB[x]', 'W', '63', 'bzda', '2/off 4/1', false],
  ['moving before entering from the bar', '(;GM[6];W[21mkfe];B[64aggk]', 'W', '31', 'hefe', '8/5 6/5', false],
  ['one die when both can be played', '(;GM[6]', 'W', '31', 'he', '8/5', false],
  ['the smaller die when only the larger or the smaller can be played', '(;GM[6];AE[a:y]AW[m]AB[f][f]', 'W', '61', 'ml', '13/12', false],
  ['the larger die when only one can be played', '(;GM[6];AE[a:y]AW[m]AB[f][f]', 'W', '61', 'mg', '13/7', true],
  ['a larger die from the highest point', '(;GM[6];AE[a:y]AW[e][b]AB[x]', 'W', '63', 'ezbz', '5/off 2/off', true],
  ['entering, then moving', '(;GM[6];W[21mkfe];B[64aggk]', 'W', '31', 'yvhg', 'bar/22 8/7', true],
  ['the opening 31', '(;GM[6]', 'W', '31', 'hefe', '8/5 6/5', true],
];

/** Whether gnubg accepts `move` after loading `sgf`. */
const gnubgAccepts = (dir: string, sgf: string, move: string): boolean => {
  const file = path.join(dir, 'position.sgf');
  fs.writeFileSync(file, sgf);
  const cmds = ['set player 0 human', 'set player 1 human', `load match ${file}`, `move ${move}`];
  const run = spawnSync(GNUBG!, ['-t', '-q'], { input: cmds.join('\n') + '\n', encoding: 'utf8', timeout: 30_000, cwd: os.tmpdir() });
  if (!/Rolled \d\d/.test(run.stdout)) throw new Error(`gnubg did not load the position:\n${run.stdout}`);
  return !`${run.stdout}${run.stderr}`.includes('Illegal or unparsable move');
};

describe('move legality agrees with GNU Backgammon', () => {
  if (!GNUBG) {
    it.skip('gnubg is not installed: legality cross-check skipped', () => undefined);
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-bg-legal-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it.each(CASES)('%s', (_what, before, player, dice, letters, move, legal) => {
    const mine = replayGame(unwrap(parseBackgammonSgf(`${before};${player}[${dice}${letters}])`)).games[0]);
    expect(mine.ok || mine.error.code).toBe(legal ? true : 'ERR_BG_REPLAY_ILLEGAL_MOVE');
    expect(gnubgAccepts(dir, `${before};PL[${player}]DI[${dice}])\n`, move)).toBe(legal);
  });
});
