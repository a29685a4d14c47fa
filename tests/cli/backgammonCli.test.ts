/** `tabula import --format sgf` and `tabula export` on a PGlite data directory. */
import fs from 'node:fs';
import path from 'node:path';
import { parseSgf, stripOffsets } from '../../src/codecs/sgf';
import { unwrap } from '../../src/codecs/result';
import { main } from '../../src/cli/main';
import { cliSandbox } from '../support/cli';
import { samplePath } from '../support/sampleData';

const DATA_DIR = samplePath('backgammon');
const CHARLOT = path.join(DATA_DIR, 'gnubgparser_charlot1-charlot2_7p_2025-11-08-2305.sgf');
const treesOf = (text: string) => stripOffsets(unwrap(parseSgf(text)));

describe('tabula CLI with backgammon SGF', () => {
  const cli = cliSandbox('tabula-cli-', { migrated: true });

  it('imports the charlot match, then says it was already imported', async () => {
    expect(await main(['import', '--format', 'sgf', CHARLOT])).toBe(0);
    expect(cli.errors).toEqual([]);
    expect(cli.logged.join('\n')).toMatch(/: imported as import 1: 4 games, \d+ positions, \d+ scores in /);
    cli.clear();
    expect(await main(['import', '--format', 'sgf', CHARLOT])).toBe(0);
    expect(cli.logged.join('\n')).toMatch(/: already imported as import 1: 4 games/);
  });

  it('exports the whole import as the original match, every property kept', async () => {
    const out = path.join(cli.dir, 'export.sgf');
    expect(await main(['export', '--import', '1', '--format', 'sgf', '--out', out])).toBe(0);
    expect(cli.errors).toEqual([]);
    expect(treesOf(fs.readFileSync(out, 'utf8'))).toEqual(treesOf(fs.readFileSync(CHARLOT, 'utf8')));
  });

  it('exports one game to stdout', async () => {
    const written: string[] = [];
    jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    expect(await main(['export', '--game', '2', '--format', 'sgf'])).toBe(0);
    expect(treesOf(written.join(''))).toEqual([treesOf(fs.readFileSync(CHARLOT, 'utf8'))[1]]);
  });

  it('refuses a file with an illegal move, naming the line, and stores nothing', async () => {
    const bad = path.join(cli.dir, 'bad.sgf');
    const text = fs.readFileSync(path.join(DATA_DIR, 'gnubg107_5p_double_dance_resign.sgf'), 'utf8');
    fs.writeFileSync(bad, text.replace('B[55qvqvsxsx]', 'B[55qvqvsxbx]'));
    expect(await main(['import', '--format', 'sgf', bad])).toBe(1);
    expect(cli.errors.join('\n')).toContain(
      'bad.sgf: nothing imported: ERR_BG_REPLAY_ILLEGAL_MOVE at record 0, line 6, column 1, offset 557, field B: game tree 0: node 5: no Black checker on 23',
    );
    expect(await main(['export', '--import', '2', '--format', 'sgf'])).toBe(1);
    expect(cli.errors.join('\n')).toContain('no import 2');
  });

  it('refuses a NUL in a gnubg analysis value, naming the game tree, node, property and line', async () => {
    const bad = path.join(cli.dir, 'nul.sgf');
    fs.writeFileSync(bad, fs.readFileSync(CHARLOT, 'utf8').replace(';B[41lpab]A[0', ';B[41lpab]A[0\u0000'));
    expect(await main(['import', '--format', 'sgf', bad])).toBe(1);
    expect(cli.errors.join('\n')).toContain(
      'nul.sgf: nothing imported: ERR_IMPORT_VALUE at record 0, line 2, column 1, offset 514, field A: game tree 0, node 2, property A: the value holds a NUL character (U+0000)',
    );
  });
});
