/** `tabula import --format mat` and `tabula export --format mat` on a PGlite data directory. */
import fs from 'node:fs';
import path from 'node:path';
import { main } from '../../src/cli/main';
import { cliSandbox } from '../support/cli';
import { samplePath } from '../support/sampleData';

const DATA_DIR = samplePath('backgammon');
const CHARLOT_MAT = path.join(DATA_DIR, 'gnubgparser_charlot1-charlot2_7p_2025-11-08-2305.mat');

describe('tabula CLI with Jellyfish .mat files', () => {
  const cli = cliSandbox('tabula-cli-mat-', { migrated: true });

  it('imports the charlot match from its .mat file', async () => {
    expect(await main(['import', '--format', 'mat', CHARLOT_MAT])).toBe(0);
    expect(cli.errors).toEqual([]);
    expect(cli.logged.join('\n')).toMatch(/: imported as import 1: 4 games, \d+ positions, 0 scores in /);
  });

  it('exports one game as the .mat file of that game: the header, then its section', async () => {
    const out = path.join(cli.dir, 'game3.mat');
    expect(await main(['export', '--game', '3', '--format', 'mat', '--out', out])).toBe(0);
    const text = fs.readFileSync(CHARLOT_MAT, 'utf8');
    expect(fs.readFileSync(out, 'utf8')).toBe(text.slice(0, text.indexOf(' Game 1\n')) + text.slice(text.indexOf(' Game 3\n'), text.indexOf(' Game 4\n')));
  });

  it('refuses a .mat file with an illegal play, naming the line and column, and stores nothing', async () => {
    const bad = path.join(cli.dir, 'bad.mat');
    fs.writeFileSync(bad, fs.readFileSync(CHARLOT_MAT, 'utf8').replace('  2) 31: 6/5 8/5', '  2) 31: 6/5 8/4'));
    expect(await main(['import', '--format', 'mat', bad])).toBe(1);
    expect(cli.errors.join('\n')).toContain(
      'bad.mat: nothing imported: ERR_MAT_ILLEGAL_MOVE at record 0, line 8, column 6: line 8, column 6: game 1: 31: White 8/4 moves 4 pips, which no die matches: the unused dice of 31 are 3',
    );
    expect(await main(['export', '--import', '2', '--format', 'mat'])).toBe(1);
    expect(cli.errors.join('\n')).toContain('no import 2');
  });
});
