/**
 * Cross-check against GNU Backgammon itself: for every sample SGF, the IDs
 * tabula's replay gives after each ply and at the end of each game must equal
 * what gnubg prints after loading the same file and stepping through it; and
 * an SGF written by tabula from the game data must load in gnubg and replay to
 * the same IDs. Skips only when gnubg is not installed (CI installs it).
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { readBackgammonSgf, replayGames, writeBackgammonSgfFromData, BgReplay, BackgammonGame } from '../../../src/codecs/backgammon';
import { unwrap } from '../../../src/codecs/result';
import { DATA_DIR, SAMPLE_SGF_FILES, readSample } from './fixtures';

const GNUBG = ['/usr/games/gnubg', '/usr/bin/gnubg', '/usr/local/bin/gnubg'].find((p) => fs.existsSync(p));

/** What gnubg shows: right after loading, and per game the GNUID after each `next`. */
interface GnubgView {
  afterLoad: string;
  games: string[][];
}

const MARK = 'tabulagamemark';

/** Runs gnubg on `file`: `load match`, `show board`, then per game `next` + `show board` a number of times. */
const runGnubg = (file: string, nextsPerGame: number[]): GnubgView => {
  const cmds = [`load match ${file}`, 'show board', 'first game'];
  nextsPerGame.forEach((n, g) => {
    if (g > 0) cmds.push('next game');
    cmds.push(`help ${MARK}`);
    for (let k = 0; k < n; k++) cmds.push('next', 'show board');
  });
  const run = spawnSync(GNUBG!, ['-t', '-q'], { input: cmds.join('\n') + '\n', encoding: 'utf8', timeout: 50_000, cwd: os.tmpdir() });
  const view: GnubgView = { afterLoad: '', games: [] };
  let current: string[] | undefined;
  let pos = '';
  for (const line of run.stdout.split('\n')) {
    if (line.includes(MARK)) {
      current = [];
      view.games.push(current);
      continue;
    }
    const p = /Position ID: (\S+)/.exec(line);
    if (p) pos = p[1];
    const m = /Match ID\s*: (\S+)/.exec(line);
    if (!m) continue;
    if (current) current.push(`${pos}:${m[1]}`);
    else if (!view.afterLoad) view.afterLoad = `${pos}:${m[1]}`;
  }
  return view;
};

const hasSetup = (g: BackgammonGame) => g.nodes.some((n) => n.setup && (n.setup.clear || n.setup.white || n.setup.black));

/** Plies gnubg steps through with `next`: moves and cube actions; not ply 0, setup nodes or Gibbon's resign nodes (gnubg ignores those). */
const steppedPlies = (r: BgReplay) => r.plies.filter((p) => p.kind !== 'start' && p.kind !== 'setup' && !(p.nodeIndex !== null && ['resign', 'accept', 'reject'].includes(p.kind)));

const finalKey = (r: BgReplay) => r.plies[r.plies.length - 1].key;

describe('GNU Backgammon oracle', () => {
  if (!GNUBG) {
    it.skip('gnubg is not installed (apt-get install gnubg; /usr/games/gnubg): cross-check against GNU Backgammon skipped', () => undefined);
    return;
  }

  describe.each(SAMPLE_SGF_FILES)('%s', (name) => {
    const games = unwrap(readBackgammonSgf(readSample(name))).games;
    const replays = unwrap(replayGames(games));
    const positionFile = games.some(hasSetup);
    const view = runGnubg(path.join(DATA_DIR, name), positionFile ? [] : replays.map((r) => r.plies.length + 1));

    it('ends the last game at the GNUID gnubg shows after loading', () => {
      expect(view.afterLoad).toBe(finalKey(replays[replays.length - 1]));
    });

    if (positionFile) return;

    it('ends every game at the GNUID gnubg shows at its end', () => {
      expect(view.games.map((g) => g[g.length - 1])).toEqual(replays.map(finalKey));
    });

    it('gives every ply the GNUID gnubg shows after stepping to it', () => {
      replays.forEach((r, g) => {
        const mine = steppedPlies(r).map((p) => p.key);
        expect(view.games[g].slice(0, mine.length)).toEqual(mine);
      });
    });
  });

  describe.each(SAMPLE_SGF_FILES)('%s written by tabula', (name) => {
    const games = unwrap(readBackgammonSgf(readSample(name))).games;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-bg-'));
    const file = path.join(dir, 'export.sgf');
    fs.writeFileSync(file, writeBackgammonSgfFromData(games));
    const replays = unwrap(replayGames(games));
    const positionFile = games.some(hasSetup);
    const view = runGnubg(file, positionFile ? [] : replays.map((r) => r.plies.length + 1));
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('loads in gnubg and ends at the same GNUID', () => {
      expect(view.afterLoad).toBe(finalKey(replays[replays.length - 1]));
      if (!positionFile) expect(view.games.map((g) => g[g.length - 1])).toEqual(replays.map(finalKey));
    });
  });
});
