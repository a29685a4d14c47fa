/**
 * Cross-check against GNU Backgammon itself: for every sample SGF, the IDs
 * tabula's replay gives after each ply and at the end of each game must equal
 * what gnubg prints after loading the same file and stepping through it; and
 * an SGF written by tabula from the game data must load in gnubg and replay to
 * the same IDs. Skips only when gnubg is not installed (CI installs it).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parseBackgammonSgf, replayGames, printBackgammonSgfFromData, BgReplay, BackgammonGame } from '../../../src/codecs/backgammon';
import { unwrap } from '../../../src/codecs/result';
import { DATA_DIR, SAMPLE_SGF_FILES, readSample } from './fixtures';
import { GNUBG, runGnubg } from './gnubgRunner';

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
    const games = unwrap(parseBackgammonSgf(readSample(name))).games;
    const replays = unwrap(replayGames(games));
    const positionFile = games.some(hasSetup);
    const view = runGnubg(`load match ${path.join(DATA_DIR, name)}`, positionFile ? [] : replays.map((r) => r.plies.length + 1));

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
    const games = unwrap(parseBackgammonSgf(readSample(name))).games;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-bg-'));
    const file = path.join(dir, 'export.sgf');
    fs.writeFileSync(file, printBackgammonSgfFromData(games));
    const replays = unwrap(replayGames(games));
    const positionFile = games.some(hasSetup);
    const view = runGnubg(`load match ${file}`, positionFile ? [] : replays.map((r) => r.plies.length + 1));
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('loads in gnubg and ends at the same GNUID', () => {
      expect(view.afterLoad).toBe(finalKey(replays[replays.length - 1]));
      if (!positionFile) expect(view.games.map((g) => g[g.length - 1])).toEqual(replays.map(finalKey));
    });
  });
});
