/**
 * Cross-check of Jellyfish .mat reading and writing against GNU Backgammon itself:
 * for every sample and fixture .mat file (and a few written here to reach gnubg's
 * special cases), the GNUID tabula's replay gives after each ply must equal what
 * gnubg shows after `import mat` of the same file and stepping through it; and a
 * .mat written by tabula from each SGF sample played from the start must import
 * in gnubg to the IDs of the SGF's own replay. Skips only when gnubg is not
 * installed (CI installs it).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import {
  BgReplay,
  matFileOf,
  printMatFile,
  printMatHeader,
  printMatGame,
  parseBackgammonSgf,
  parseMatFile,
  gamesOfMat,
  replayGame,
  replayGames,
} from '../../../src/codecs/backgammon';
import { unwrap } from '../../../src/codecs/result';
import { DATA_DIR, FIXTURE_DIR, FIXTURE_MAT_FILES, SAMPLE_MAT_FILES, SAMPLE_SGF_FILES, readSample } from './fixtures';
import { GNUBG, runGnubg } from './gnubgRunner';

const GIBBON_GAME_2 = readSample('gibbon_7point.mat').split(/(?= Game \d)/)[2].split('\n');

/** Files written here for gnubg's special cases, each checked against gnubg like the samples. */
const CRAFTED: Record<string, string> = {
  // Row 3's left play (21: 25/24 25/23, the only legal play) left out: gnubg plays the forced play.
  'forced_play.mat': ` 7 point match\n\n${GIBBON_GAME_2.slice(0, 4).join('\n')}\n${GIBBON_GAME_2[4].replace('25/24 25/23', '           ')}\n${GIBBON_GAME_2.slice(5, 8).join('\n')}\n`,
  // Steps written across dice: 61: 13/6 (one step for both dice), 44: 24/16 13/9(2).
  'consolidated.mat': ' 3 point match\n\n Game 1\n Alice : 0                      Bob : 0\n  1) 61: 13/6                    44: 24/16 13/9(2)\n  2) 52: 13/6                    \n',
  // A beaver, then a roll: gnubg takes the beaver for the player who doubled first.
  'beaver_then_roll.mat': ' 0 point match\n\n Game 1\n Alice : 0                      Bob : 0\n  1) 31: 8/5 6/5                 Doubles => 2\n  2)  Beavers => 4               42: 8/4 6/4\n',
};

/** Every .mat to check: [name, path]. */
const matFiles = (dir: string): [string, string][] => [
  ...SAMPLE_MAT_FILES.map((f): [string, string] => [f, path.join(DATA_DIR, f)]),
  ...FIXTURE_MAT_FILES.map((f): [string, string] => [f, path.join(FIXTURE_DIR, f)]),
  ...Object.keys(CRAFTED).map((f): [string, string] => [f, path.join(dir, f)]),
];

const finalKey = (r: BgReplay) => r.plies[r.plies.length - 1].key;

/** Plies gnubg steps through after `import mat`: all but ply 0 (a roll not played is gnubg's set-dice record, stepped too). */
const steppedKeys = (r: BgReplay) => r.plies.slice(1).map((p) => p.key);

describe('GNU Backgammon oracle for .mat files', () => {
  if (!GNUBG) {
    it.skip('gnubg is not installed (apt-get install gnubg; /usr/games/gnubg): cross-check against GNU Backgammon skipped', () => undefined);
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-mat-'));
  for (const [name, text] of Object.entries(CRAFTED)) fs.writeFileSync(path.join(dir, name), text);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  describe.each(matFiles(dir))('%s', (_name, file) => {
    const games = unwrap(gamesOfMat(unwrap(parseMatFile(fs.readFileSync(file, 'utf8'))).file)).games;
    const replays = games.map((g) => unwrap(replayGame(g.game)));
    const view = runGnubg(`import mat ${file}`, replays.map((r) => r.plies.length + 1));

    it('ends the last game at the GNUID gnubg shows after import mat', () => {
      expect(view.afterLoad).toBe(finalKey(replays[replays.length - 1]));
    });

    it('gives every ply the GNUID gnubg shows after stepping to it', () => {
      replays.forEach((r, g) => {
        const mine = steppedKeys(r);
        expect(view.games[g].slice(0, mine.length)).toEqual(mine);
      });
    });
  });

  // Games played from the start; and not a roll left unplayed in SGF as a move with no step (gnubg's
  // hint placeholder), which .mat can only write as a roll not played.
  const played = SAMPLE_SGF_FILES.filter((name) => {
    const games = unwrap(parseBackgammonSgf(readSample(name))).games;
    const setUp = games.some((g) => g.nodes.some((n) => n.setup && (n.setup.clear || n.setup.cubeValue || n.setup.cubeOwner)));
    return !setUp && unwrap(replayGames(games)).every((r) => !r.warnings.some((w) => w.includes('no checker moved although a play exists')));
  });

  describe.each(played)('%s written as .mat by tabula', (name) => {
    const games = unwrap(parseBackgammonSgf(readSample(name))).games;
    const replays = unwrap(replayGames(games));
    const file = path.join(dir, `${name}.mat`);
    const first = unwrap(matFileOf(games[0], replays[0]));
    fs.writeFileSync(file, printMatHeader(first) + games.map((g, i) => printMatGame(unwrap(matFileOf(g, replays[i])).games[0])).join(''));
    const view = runGnubg(`import mat ${file}`, replays.map((r) => r.plies.length + 1));

    it('imports in gnubg to the GNUIDs of the SGF replay, game by game', () => {
      expect(view.afterLoad).toBe(finalKey(replays[replays.length - 1]));
      expect(view.games.map((g) => g[g.length - 1])).toEqual(replays.map(finalKey));
    });
  });

  it('imports a match exported game by game and joined (the header repeated) to the same GNUIDs', () => {
    const games = unwrap(parseBackgammonSgf(readSample('gnubgparser_charlot1-charlot2_7p_2025-11-08-2305.sgf'))).games;
    const replays = unwrap(replayGames(games));
    const file = path.join(dir, 'joined.mat');
    fs.writeFileSync(file, games.map((g, i) => printMatFile(unwrap(matFileOf(g, replays[i])))).join(''));
    const view = runGnubg(`import mat ${file}`, replays.map((r) => r.plies.length + 1));
    expect(view.games.map((g) => g[g.length - 1])).toEqual(replays.map(finalKey));
  });
});
