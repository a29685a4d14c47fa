/**
 * The command line itself: the format guessed from the file name, hints when a file is in
 * another format, plain messages for missing files and unknown options, per-command help, and
 * the exit statuses (0 done, 1 a failure, 2 a command line that is not right).
 */
import fs from 'node:fs';
import path from 'node:path';
import { main } from '../../src/cli/main';
import { cliSandbox } from '../support/cli';

const PGN = '[Event "cli"]\n[White "W"]\n[Black "B"]\n[Result "*"]\n\n1. e4 e5 *\n';
const SGF = '(;FF[4]GM[1]SZ[9];B[ee];W[cc])\n';

describe('tabula command line', () => {
  const cli = cliSandbox('tabula-command-line-');
  const file = (name: string, text: string): string => {
    const p = path.join(cli.dir, name);
    fs.writeFileSync(p, text);
    return p;
  };

  it('guesses the format from the file name when --format is not given', async () => {
    const pgn = file('guessed.pgn', PGN);
    expect(await main(['import', pgn])).toBe(0);
    expect(cli.logged.join('\n')).toMatch(/guessed\.pgn: imported as import \d+: 1 games/);
  });

  it('asks which Go file a .dat is, with status 2', async () => {
    expect(await main(['import', file('scores.dat', 'x')])).toBe(2);
    expect(cli.errors).toEqual([
      `error: ${path.join(cli.dir, 'scores.dat')} is a Go position or score file: give --format go-positions or --format go-scores\n(see tabula import --help)`,
    ]);
  });

  it('says "no such file" for a missing file, with status 1', async () => {
    const missing = path.join(cli.dir, 'missing.pgn');
    expect(await main(['import', missing])).toBe(1);
    expect(cli.errors).toEqual([`no such file: ${missing}`]);
  });

  it('hints at the format a file looks like when the one given cannot read it', async () => {
    const sgf = file('game.pgn', SGF);
    expect(await main(['import', '--format', 'pgn', sgf])).toBe(1);
    expect(cli.errors.join('\n')).toMatch(/nothing imported: .* \(this looks like SGF: try --format sgf\)$/);
  });

  it('suggests the option meant for an unknown one, with status 2', async () => {
    expect(await main(['import', '--fromat', 'pgn', 'x.pgn'])).toBe(2);
    expect(cli.errors.join('\n')).toContain("error: unknown option '--fromat'");
    expect(cli.errors.join('\n')).toContain('(Did you mean --format?)');
  });

  it('answers an unknown command with status 2', async () => {
    expect(await main(['improt', 'x.pgn'])).toBe(2);
    expect(cli.errors.join('\n')).toContain("unknown command 'improt'");
  });

  it('prints the help of one command, with status 0', async () => {
    expect(await main(['import', '--help'])).toBe(0);
    const help = cli.logged.join('\n');
    expect(help).toMatch(/^Usage: tabula import \[options\] <files\.\.\.>/);
    expect(help).toContain('--allow-skips');
  });

  it('says what an export wrote', async () => {
    const out = path.join(cli.dir, 'back.pgn');
    expect(await main(['export', '--import', '1', '--format', 'pgn', '--out', out])).toBe(0);
    expect(cli.logged).toEqual([`${out}: 1 game as PGN, ${fs.statSync(out).size} bytes`]);
  });

  it('refuses to write an empty Go position file, with status 1', async () => {
    const out = path.join(cli.dir, 'none.dat');
    expect(await main(['export', '--go-positions', '--out', out])).toBe(1);
    expect(cli.errors).toEqual(['no listed Go positions (import a Go position file first): nothing written']);
    expect(fs.existsSync(out)).toBe(false);
  });

  it('lists the imports and deletes one', async () => {
    expect(await main(['imports'])).toBe(0);
    expect(cli.logged[0]).toMatch(/^1\tPGN\t\d{4}-\d\d-\d\dT[\d:.]+Z\t1 games\t\d+ positions\t0 scores\t0 skipped\t0 warnings$/);
    cli.clear();
    expect(await main(['delete', '--import', '1'])).toBe(0);
    expect(cli.logged).toEqual([expect.stringMatching(/^import 1 deleted: 1 games, \d+ positions, 0 scores$/)]);
    expect(await main(['delete', '--import', '1'])).toBe(1);
    expect(cli.errors).toEqual(['no import 1']);
  });
});
