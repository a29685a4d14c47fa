/**
 * Live cross-check against GNU Backgammon: gnubg loads each analysed fixture (it recomputes
 * its statistics from the A/DA properties: the fixtures carry no GS) and prints
 * `show statistics match`; tabula's error rates of the same file must agree to gnubg's
 * rounding. Skips only when gnubg is not installed (CI installs it).
 */
import { spawnSync } from 'child_process';
import * as os from 'os';
import * as path from 'path';
import { ANALYSED_FIXTURES, type GnubgStatistics, expectGnubgFigures, judgeFixture } from './errorRateFixtures';
import { FIXTURE_DIR } from './fixtures';
import { GNUBG } from './gnubgRunner';

/** The two players' columns of a statistics line (`Label   v0   v1`), or undefined when gnubg did not print it. */
const columns = (out: string, label: string, nth = 0): [string, string] | undefined => {
  const lines = out.split('\n').filter((l) => l.startsWith(label));
  const line = lines[nth];
  if (!line) return undefined;
  // The label and the two columns are apart by two spaces or more; inside each, words by one.
  const cells = line.trim().split(/\s{2,}/);
  return [cells[1], cells[2]];
};

/** gnubg's `show statistics match` for a file, read into numbers per player. */
const gnubgStatistics = (file: string): [GnubgStatistics, GnubgStatistics] => {
  const run = spawnSync(GNUBG!, ['-t', '-q'], { input: `load match ${file}\nshow statistics match\n`, encoding: 'utf8', timeout: 50_000, cwd: os.tmpdir() });
  const out = run.stdout;
  // A count line has two numbers; a total or rate line a number and its MWC in brackets per player.
  const num = (label: string, nth = 0): number[] => {
    const line = out.split('\n').filter((l) => l.startsWith(label))[nth] ?? '';
    const withMwc = [...line.matchAll(/(-?\d+(?:\.\d+)?)\s*\(/g)].map((m) => m[1]);
    const values = withMwc.length === 2 ? withMwc : (columns(out, label, nth) ?? ['NaN', 'NaN']);
    return values.map((c) => Math.abs(parseFloat(c)));
  };
  const word = (label: string) => columns(out, label) ?? ['?', '?'];
  const unforced = num('Unforced moves');
  const doubtful = num('Moves marked doubtful');
  const bad = num('Moves marked bad');
  const veryBad = num('Moves marked very bad');
  // Checker play, cube, overall: each prints an error total and an error rate, in that order.
  const totals = [0, 1].map((n) => num('Error total EMG', n));
  const rates = [0, 1, 2].map((n) => num('Error rate mEMG', n));
  const close = num('Close or actual cube decisions');
  const ratings = ['Chequerplay rating', 'Cube decision rating', 'Overall rating'].map(word);
  return [0, 1].map((p) => ({
    unforced: unforced[p],
    doubtful: doubtful[p],
    bad: bad[p],
    veryBad: veryBad[p],
    checkerTotal: totals[0][p],
    cubeTotal: totals[1][p],
    closeCube: close[p],
    checkerRate: rates[0][p],
    cubeRate: rates[1][p],
    overallRate: rates[2][p],
    checkerRating: ratings[0][p],
    cubeRating: ratings[1][p],
    overallRating: ratings[2][p],
  })) as [GnubgStatistics, GnubgStatistics];
};

describe('error rates against GNU Backgammon', () => {
  if (!GNUBG) {
    it.skip('gnubg is not installed (apt-get install gnubg; /usr/games/gnubg): cross-check skipped', () => undefined);
    return;
  }

  describe.each(ANALYSED_FIXTURES)('$file', ({ file, gnubg: recorded }) => {
    const live = gnubgStatistics(path.join(FIXTURE_DIR, file));
    const { sides } = judgeFixture(file);

    it('gnubg prints today what the fixture table recorded', () => {
      expect(live).toEqual(recorded);
    });

    it.each([0, 1] as const)('player %i: tabula agrees with gnubg to its rounding', (seat) => {
      expectGnubgFigures(sides[seat], live[seat]);
    });
  });
});
