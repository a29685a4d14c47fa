/**
 * The command line itself: the format guessed from the file name, hints when a file is in
 * another format, plain messages for missing files and unknown options, per-command help, and
 * the exit statuses (0 done, 1 a failure, 2 a command line that is not right).
 */
import fs from 'node:fs';
import path from 'node:path';
import { main } from '../../src/cli/main';
import { deleteImportCommand } from '../../src/cli/importsCommand';
import { databaseConfigFromEnv } from '../../src/db/config';
import { openDatabase, type Database } from '../../src/db/database';
import { readerFor } from '../../src/games/index';
import { bytesSource, runImport } from '../../src/storage/importService';
import { importById } from '../../src/storage/imports';
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
    expect(cli.errors).toEqual([`no such file: ${missing}; nothing imported`]);
  });

  it('checks that every file exists before importing any, and names the missing ones', async () => {
    const present = file('present.pgn', PGN.replace('"cli"', '"present"'));
    const missing = [path.join(cli.dir, 'gone1.pgn'), path.join(cli.dir, 'gone2.pgn')];
    expect(await main(['import', present, missing[0], present, missing[1]])).toBe(1);
    expect(cli.errors).toEqual([`no such files: ${missing.join(', ')}; nothing imported`]);
    cli.clear();
    await main(['imports']);
    expect(cli.logged.join('\n')).not.toContain('present.pgn');
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

  it('refuses --game together with --import instead of ignoring one, with status 2', async () => {
    expect(await main(['export', '--format', 'pgn', '--game', '1', '--import', '1'])).toBe(2);
    expect(cli.errors).toEqual(['error: give --game (one game) or --import (every game of one import), not both\n(see tabula export --help)']);
  });

  it('says "no game 99999" for a game that is not there, with status 1', async () => {
    expect(await main(['export', '--format', 'pgn', '--game', '99999'])).toBe(1);
    expect(cli.errors).toEqual(['no game 99999']);
  });

  it('lists the formats a game can be written in when the one asked for cannot hold it, with status 2', async () => {
    expect(await main(['export', '--format', 'gcg', '--game', '1'])).toBe(2);
    expect(cli.errors).toEqual([
      'error: game 1 is a chess game, which cannot be written as gcg; chess games can be written as: gametext, pgn\n(see tabula export --help)',
    ]);
  });

  it('suggests the format meant for a misspelt one, with status 2', async () => {
    expect(await main(['export', '--format', 'sfg', '--game', '1'])).toBe(2);
    expect(cli.errors).toEqual(['error: unknown format sfg (did you mean sgf?); export writes: cgp, gametext, gcg, mat, pgn, sgf\n(see tabula export --help)']);
  });

  it('refuses a game id that is not a number with status 2', async () => {
    expect(await main(['export', '--format', 'pgn', '--game', 'abc'])).toBe(2);
    expect(cli.errors).toEqual(['error: --game takes a numeric id, got "abc"\n(see tabula export --help)']);
  });

  it('refuses to write an empty Go position file, with status 1', async () => {
    const out = path.join(cli.dir, 'none.dat');
    expect(await main(['export', '--go-positions', '--out', out])).toBe(1);
    expect(cli.errors).toEqual(['no listed Go positions (import a Go position file first): nothing written']);
    expect(fs.existsSync(out)).toBe(false);
  });

  it('lists the imports under a header, each with its file name (without directories) and size', async () => {
    expect(await main(['imports'])).toBe(0);
    expect(cli.logged[0]).toBe('id\tfile\tformat\tbytes\timported\tgames\tpositions\tscores\tskipped\twarnings');
    expect(cli.logged[1]).toMatch(new RegExp(`^1\tguessed\\.pgn\tPGN\t${Buffer.byteLength(PGN)}\t\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\t1\t\\d+\t0\t0\t0$`));
  });

  it('refuses to delete without --yes when standard input is not a terminal, with status 2, deleting nothing', async () => {
    expect(await main(['delete', '--import', '1'])).toBe(2);
    expect(cli.errors).toEqual(['error: standard input is not a terminal, so delete cannot ask: pass --yes to delete without asking\n(see tabula delete --help)']);
    cli.clear();
    await main(['imports']);
    expect(cli.logged).toHaveLength(2);
  });

  it('refuses a delete id that is not a number with status 2, like every usage error', async () => {
    expect(await main(['delete', '--import', 'abc', '--yes'])).toBe(2);
    expect(cli.errors).toEqual(['error: --import takes a numeric id, got "abc"\n(see tabula delete --help)']);
  });

  it('shows what --yes deletes, then deletes it; a second delete finds no import (status 1)', async () => {
    expect(await main(['delete', '--import', '1', '--yes'])).toBe(0);
    expect(cli.logged).toEqual([
      expect.stringMatching(/^to delete: import 1: guessed\.pgn \(PGN, \d+ bytes, imported [\d-]+T[\d:.]+Z\): 1 games, \d+ positions, 0 scores, and the positions/),
      expect.stringMatching(/^import 1 deleted: 1 games, \d+ positions, 0 scores$/),
    ]);
    expect(await main(['delete', '--import', '1', '--yes'])).toBe(1);
    expect(cli.errors).toEqual(['no import 1']);
  });

  it('stores and counts a game already stored, or leaves it out with --duplicates skip', async () => {
    const game = (white: string) => `[White "${white}"]\n[Black "Marshall, Frank"]\n\n1. d4 d5 2. c4 Nc6 3. Nc3 dxc4 *\n`;
    expect(await main(['import', file('first.pgn', game('Capablanca, Jose Raul'))])).toBe(0);
    cli.clear();
    expect(await main(['import', file('kept.pgn', game('J. R. Capablanca'))])).toBe(0);
    expect(cli.logged).toContain('  1 game already stored (duplicates): stored and linked');
    cli.clear();
    expect(await main(['import', '--duplicates', 'skip', file('skipped.pgn', game('CAPABLANCA'))])).toBe(0);
    expect(cli.logged.join('\n')).toMatch(/skipped\.pgn: imported as import \d+: 0 games/);
    expect(cli.logged).toContain('  1 game already stored (duplicates): left out');
  });

  it('refuses a --duplicates policy other than keep or skip, with status 2', async () => {
    expect(await main(['import', '--duplicates', 'drop', file('policy.pgn', PGN)])).toBe(2);
    expect(cli.errors).toEqual(['error: --duplicates takes keep or skip, got "drop"\n(see tabula import --help)']);
  });
});

describe('tabula reading where there is no database', () => {
  const cli = cliSandbox('tabula-no-database-');

  it.each([['imports'], ['export', '--format', 'pgn', '--game', '1'], ['token', 'list']])('says so for `%s` instead of making an empty one, with status 1', async (...argv) => {
    const dataDir = process.env.TABULA_DATA_DIR as string;
    expect(await main(argv)).toBe(1);
    expect({ errors: cli.errors, created: fs.existsSync(dataDir) }).toEqual({
      errors: [
        `no database in ${dataDir}: nothing has been imported there. Run tabula import (or npm start) first, or point TABULA_DATA_DIR (or DATABASE_URL) at the database to use`,
      ],
      created: false,
    });
  });
});

describe('tabula delete on a terminal', () => {
  const cli = cliSandbox('tabula-delete-confirm-');
  let db: Database;

  beforeAll(async () => {
    db = await openDatabase(databaseConfigFromEnv());
    await runImport(db, readerFor('PGN')!, bytesSource(Buffer.from(PGN), 'kept.pgn'));
  });

  afterAll(() => db.close());

  it('asks first, and deletes nothing when the answer is no (status 1)', async () => {
    const asked: string[] = [];
    const status = await deleteImportCommand(db, '1', (line) => cli.logged.push(line), {
      confirm: async (question) => (asked.push(question), false),
    });
    expect({ status, asked, said: cli.logged.slice(-1), left: (await importById(db, 1n))?.fileName }).toEqual({
      status: 1,
      asked: ['delete import 1? This cannot be undone [y/N] '],
      said: ['nothing deleted'],
      left: 'kept.pgn',
    });
  });

  it('deletes when the answer is yes', async () => {
    expect(await deleteImportCommand(db, '1', (line) => cli.logged.push(line), { confirm: async () => true })).toBe(0);
    expect(await importById(db, 1n)).toBeNull();
  });
});
