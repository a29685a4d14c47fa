/**
 * `npx tabula`: import and export game records from the command line, on the
 * same database the server uses (DATABASE_URL, else PGlite in TABULA_DATA_DIR).
 */
import fs from 'node:fs';
import { Command, CommanderError } from 'commander';
import v8 from 'node:v8';
import { CodecFailure, describeLocation } from '../codecs/result';
import path from 'node:path';
import { DEFAULT_DATA_DIR, databaseConfigFromEnv, type DatabaseConfig } from '../db/config';
import { formatCount } from './numbers';
import { databaseKindOf, openDatabase, type Database, type DatabaseKind } from '../db/database';
import { catchUpImports } from '../storage/reindex';
import { clusterPositionIndex } from '../storage/maintenance';
import { exportFormats, importFormats, readerFor, writerFor } from '../games/index';
import { runImport } from '../storage/importService';
import { startImportWorkers } from '../storage/importWorkers';
import { DUPLICATE_POLICIES, type DuplicatePolicy } from '../storage/duplicates';
import { type GameQuery, gamesToExport } from '../storage/games';
import { filterExportFormats } from '../storage/exportGames';
import { type FilterOptionsCli, checkKindWritten, exportByFilter, filterQuery, hasFilterOption, positionFilter, withFilterOptions } from './filterExport';
import type { GameKind } from '../db/records';
import { ImportFailure } from '../games/importFailure';
import { fileSource, hashAhead } from './fileSource';
import { exportGoFile } from './goExport';
import { formatFromContent, formatFromName } from './formatGuess';
import { NO_TERMINAL, deleteImportCommand, listImportsCommand, type Confirm } from './importsCommand';
import { UsageError, didYouMean, idOption } from './usage';
import { type SearchOptionsCli, checkSearch, searchCommand } from './searchCommand';
import { askYesNo } from './confirm';
import { writeGoScoreSample } from './goSample';
import { createProgress, formatRate } from './progress';
import { TokenUsageError, createTokenCommand, listTokensCommand, revokeTokenCommand } from './tokenCommand';


/** `go-positions` on the command line is `GO_POSITIONS` in GraphQL. */
const formatName = (text: string): string => text.toUpperCase().replace(/-/g, '_');


/**
 * An import holds one or two chunks of records at a time, but V8 lets garbage pile up to about
 * four times the live heap before a full collection, so the peak RSS would still grow with the
 * time an import runs. Imports let the heap grow by half its live size between full collections.
 */
const IMPORT_HEAP_GROWTH = '--heap-growing-percent=50';

interface ImportOptionsCli {
  format?: string;
  program?: string;
  ruleset?: string;
  allowSkips?: boolean;
  duplicates?: string;
}

/** `--duplicates keep|skip` as the import's policy (absent: the default, KEEP). */
const duplicatesOption = (given: string | undefined): DuplicatePolicy | undefined => {
  if (given === undefined) return undefined;
  const policy = DUPLICATE_POLICIES.find((p) => p === given.toUpperCase());
  if (!policy) throw new UsageError(`--duplicates takes ${DUPLICATE_POLICIES.map((p) => p.toLowerCase()).join(' or ')}, got "${given}"`);
  return policy;
};

/**
 * Imports each file; the exit code is 1 when games were left out and `--allow-skips` was not given.
 * `firstHash`: the first file's sha256, when it was taken ahead (`hashAhead`).
 */
async function importFiles(db: Database, files: string[], values: ImportOptionsCli, firstHash?: Promise<string>): Promise<number> {
  v8.setFlagsFromString(IMPORT_HEAP_GROWTH);
  let skipped = 0;
  const options = { program: values.program, ruleset: values.ruleset, duplicates: duplicatesOption(values.duplicates) };
  // Every file is checked before any is imported: a missing one is named before anything is stored.
  const missing = files.filter((file) => !fs.existsSync(file) || !fs.statSync(file).isFile());
  if (missing.length > 0) {
    throw new Error(`no such file${missing.length === 1 ? '' : 's'}: ${missing.join(', ')}; nothing imported`);
  }
  const readers = files.map((path) => {
    const guessed = values.format ? { format: values.format } : formatFromName(path);
    if ('problem' in guessed) throw new UsageError(guessed.problem);
    const reader = readerFor(formatName(guessed.format));
    if (!reader) throw new UsageError(unknownFormat(guessed.format, 'this build reads', importFormats()));
    return reader;
  });
  for (const [i, path] of files.entries()) {
    const reader = readers[i];
    const size = (await fs.promises.stat(path)).size;
    const progress = createProgress(path, size);
    const source = await fileSource(path, (n) => progress.advance(n), i === 0 ? firstHash : undefined);
    const started = Date.now();
    try {
      const outcome = await runImport(db, reader, source, options, (t) =>
        progress.note(
          `${formatCount(t.games)} games (${formatRate(t.games, progress.seconds(), 'games')} games/s), ` +
            `${formatCount(t.positions)} positions, ${formatCount(t.scores)} scores`,
        ),
      );
      progress.done();
      progress.stop();
      const seconds = (Date.now() - started) / 1000;
      const verb = outcome.alreadyImported ? 'already imported as' : 'imported as';
      console.log(
        `${path}: ${verb} import ${outcome.importId}: ${outcome.gameCount} games, ${outcome.positionCount} positions, ` +
          `${outcome.scoreCount} scores in ${seconds.toFixed(1)} s`,
      );
      for (const [kind, list] of [['note', outcome.notes], ['warning', outcome.warnings]] as const) {
        for (const w of list) {
          const where = describeLocation(w);
          console.log(`  ${kind} ${w.code}${where ? ` (${where})` : ''}: ${w.message}`);
        }
      }
      if (outcome.warnings.length > 0) console.log(`  ${outcome.warnings.length} warning${outcome.warnings.length === 1 ? '' : 's'}`);
      if (outcome.duplicateGames > 0) {
        const kept = options.duplicates === 'SKIP' ? 'left out' : 'stored and linked';
        console.log(`  ${outcome.duplicateGames} game${outcome.duplicateGames === 1 ? '' : 's'} already stored (duplicates): ${kept}`);
      }
      if (outcome.skippedGames > 0) {
        console.log(`  ${outcome.skippedGames} game${outcome.skippedGames === 1 ? '' : 's'} could not be read and ${outcome.skippedGames === 1 ? 'was' : 'were'} left out (see the warnings)`);
        skipped += outcome.skippedGames;
      }
    } catch (error) {
      progress.stop();
      if (error instanceof ImportFailure) {
        const e = error.error;
        const where = describeLocation(e);
        throw new Error(`${path}: nothing imported: ${e.code}${where ? ` at ${where}` : ''}: ${e.message}${formatHint(path, reader.format)}`);
      }
      throw error;
    }
  }
  if (skipped > 0 && !values.allowSkips) {
    console.error(`${skipped} game${skipped === 1 ? '' : 's'} left out: exiting with status 1 (pass --allow-skips to accept an import that leaves games out)`);
    return 1;
  }
  return 0;
}

interface ExportOptionsCli extends FilterOptionsCli {
  game?: string;
  import?: string;
  format?: string;
  out?: string;
  goPositions?: boolean;
  goScores?: boolean;
  program?: string;
  ruleset?: string;
  allowSkips?: boolean;
}

/** What `tabula export` writes: a Go file, one game or one import (file order), or every game filter options keep. */
type ExportPlan =
  | { mode: 'go' }
  | { mode: 'selection'; format: string; game?: bigint; importId?: bigint }
  | { mode: 'filter'; format: string; query: GameQuery };

/** The export's command line checked before the database is opened: what to write, of which games. */
function checkExport(values: ExportOptionsCli): ExportPlan {
  const filtered = hasFilterOption(values);
  if (values.goPositions && values.goScores) throw new UsageError('give --go-positions or --go-scores, not both');
  if (values.goPositions || values.goScores) {
    if (values.game !== undefined || values.format !== undefined) throw new UsageError('--go-positions and --go-scores write a Go file: they take no --game or --format');
    if (filtered) throw new UsageError('--go-positions and --go-scores write a Go file: they take no filter options (--player, --since, ...)');
    return { mode: 'go' };
  }
  if (values.game !== undefined && values.import !== undefined) throw new UsageError('give --game (one game) or --import (every game of one import), not both');
  if (values.game !== undefined && filtered) throw new UsageError('--game exports one game: it takes no filter options (--player, --since, ...)');
  if (!values.format) {
    throw new UsageError('export needs --format, with --game (one game), --import (one import) or filter options (--player, --since, ...; none: every game), or --go-positions, --go-scores');
  }
  const format = formatName(values.format);
  if (values.game !== undefined || (values.import !== undefined && !filtered)) {
    if (!exportFormats().includes(format as never)) throw new UsageError(unknownFormat(values.format, 'export writes', exportFormats()));
    return {
      mode: 'selection',
      format,
      game: values.game === undefined ? undefined : idOption('--game', values.game),
      importId: values.import === undefined ? undefined : idOption('--import', values.import),
    };
  }
  if (!filterExportFormats().includes(format)) throw new UsageError(unknownFormat(values.format, 'export by filter writes', filterExportFormats()));
  const query = filterQuery(values);
  checkKindWritten(query, format, values.format);
  return { mode: 'filter', format, query };
}

/** The formats as the command line spells them: `go-positions`, not `GO_POSITIONS`. */
const cliFormats = (formats: readonly string[]): string[] => formats.map((f) => f.toLowerCase().replace(/_/g, '-'));

/** "unknown format sfg (did you mean sgf?); export writes: ..." */
const unknownFormat = (given: string, verb: string, formats: readonly string[]): string => {
  const names = cliFormats(formats);
  const near = didYouMean(given, names);
  return `unknown format ${given}${near ? ` (did you mean ${near}?)` : ''}; ${verb}: ${names.join(', ') || 'none'}`;
};

async function exportGames(db: Database, values: ExportOptionsCli): Promise<number> {
  const wanted = checkExport(values);
  if (wanted.mode === 'go') {
    await exportGoFile(db, values);
    return 0;
  }
  if (wanted.mode === 'filter') return exportByFilter(db, await positionFilter(db, wanted.query, values.position), wanted.format, values);
  const { format } = wanted;
  const games = await gamesToExport(db, wanted.game !== undefined ? { gameId: wanted.game } : { importId: wanted.importId as bigint });
  if (games === null) throw new Error(wanted.game !== undefined ? `no game ${wanted.game}` : `no import ${wanted.importId}`);
  if (games.length === 0) throw new Error(`import ${wanted.importId} has no games (a position or score file: see --go-positions)`);
  for (const kind of new Set(games.map((g) => g.kind as GameKind))) {
    if (!writerFor(kind, format)) {
      const what = wanted.game !== undefined ? `game ${wanted.game} is a ${kind.toLowerCase()} game` : `import ${wanted.importId} holds ${kind.toLowerCase()} games`;
      throw new UsageError(`${what}, which cannot be written as ${values.format}; ${kind.toLowerCase()} games can be written as: ${cliFormats(exportFormats(kind)).join(', ')}`);
    }
  }
  const progress = createProgress(values.out ?? 'export', games.length, 'games');
  const texts = games.map((game) => {
    const write = writerFor(game.kind as GameKind, format) as NonNullable<ReturnType<typeof writerFor>>;
    const written = write(game);
    if (!written.ok) {
      const failure = written.error;
      throw failure.cause === 'format' ? new CodecFailure(failure.error) : new Error(failure.message);
    }
    progress.advance(1);
    return written.value;
  });
  const text = texts.join(texts.every((t) => t.endsWith('\n')) ? '' : '\n');
  if (values.out) fs.writeFileSync(values.out, text);
  else process.stdout.write(text);
  progress.done();
  progress.stop();
  // What was written (on stderr when the export itself goes to standard output).
  const said = `${values.out ?? 'standard output'}: ${games.length} game${games.length === 1 ? '' : 's'} as ${format}, ${formatCount(Buffer.byteLength(text))} bytes`;
  if (values.out) console.log(said);
  else console.error(said);
  return 0;
}

/** `tabula sample go-scores`: writes the sample files and says how to import them (needs no database). */
function sampleCommand(kind: string, values: { out?: string; positions?: string; seed?: string }): void {
  if (kind !== 'go-scores') throw new UsageError(`tabula sample makes go-scores, got "${kind}"`);
  const count = Number(values.positions ?? 2000);
  const seed = Number(values.seed ?? 9);
  if (!Number.isInteger(count) || count < 1 || count > 1_000_000 || !Number.isInteger(seed)) {
    throw new UsageError('--positions takes a whole number from 1 to 1000000, --seed a whole number');
  }
  const dir = values.out ?? 'sample';
  const files = writeGoScoreSample(dir, count, seed);
  console.log(`wrote ${count} positions and two programs' scores of them to ${dir}; import them, then open /dashboard:`);
  console.log(`  npx tabula import --format go-positions ${files.positions}`);
  console.log(`  npx tabula import --format go-scores --program fuego --ruleset chinese ${files.fuego}`);
  console.log(`  npx tabula import --format go-scores --program gnugo --ruleset chinese ${files.gnugo}`);
}

/** " (this looks like SGF: try --format sgf)" when the file's first bytes look like another format than `format`. */
const formatHint = (file: string, format: string): string => {
  const head = Buffer.alloc(4096);
  const fd = fs.openSync(file, 'r');
  const n = fs.readSync(fd, head, 0, head.length, 0);
  fs.closeSync(fd);
  const looks = formatFromContent(head.subarray(0, n));
  return looks && formatName(looks) !== format ? ` (this looks like ${looks.toUpperCase()}: try --format ${looks})` : '';
};

const DATABASE_NOTE =
  `\nThe database is DATABASE_URL (PostgreSQL) when set, else PGlite in TABULA_DATA_DIR (default: ${DEFAULT_DATA_DIR}, ` +
  'the same directory npm start uses, wherever tabula is run from).';

/**
 * A command that only reads or removes (export, imports, delete, token list/revoke) refuses to
 * make a new, empty PGlite database: no database in the directory is said, not created.
 */
const checkDatabaseExists = (config: DatabaseConfig): void => {
  if (config.url || !config.dataDir) return;
  if (fs.existsSync(path.join(config.dataDir, 'PG_VERSION'))) return;
  throw new Error(
    `no database in ${config.dataDir}: nothing has been imported there. Run tabula import (or npm start) first, ` +
      'or point TABULA_DATA_DIR (or DATABASE_URL) at the database to use',
  );
};

/** The `tabula` command line; `run` gets each action and sets the exit status it returns. */
function program(run: (work: () => Promise<number | void>) => Promise<void>): Command {
  const cli = new Command('tabula')
    .description('Import and export game records on the database the server uses.')
    .addHelpText('after', DATABASE_NOTE)
    .showSuggestionAfterError(true)
    .configureOutput({ writeOut: (text) => console.log(text.trimEnd()), writeErr: (text) => console.error(text.trimEnd()) })
    .exitOverride();
  /**
   * Runs `work` on the database; `reads`: only on one that exists; `check`: the command line, before
   * opening anything; `prepare`: what can start before the database is open, given its kind.
   */
  const withDb = (
    work: (db: Database) => Promise<number | void>,
    how: { reads?: boolean; check?: () => void; prepare?: (kind: DatabaseKind) => void } = {},
  ) => run(async () => {
    how.check?.();
    const config = databaseConfigFromEnv();
    if (how.reads) checkDatabaseExists(config);
    how.prepare?.(databaseKindOf(config));
    // Beside a running server on the same PGlite data directory, through the server's socket.
    // The CLI's reads and writes all go to the primary: read replicas are the server's (DATABASE_REPLICA_URLS).
    const db = await openDatabase({ ...config, replicaUrls: undefined, joinServer: true });
    try {
      await catchUpImports(db);
      return await work(db);
    } finally {
      await db.close();
    }
  });
  cli
    .command('import')
    .description('import files, each in one transaction; exits 1 when a game could not be read and was left out, unless --allow-skips')
    .argument('<files...>', 'the files to import')
    .option('--format <format>', 'sgf, mat, pgn, gametext, gcg, cgp, go-positions or go-scores (default: from the file name)')
    .option('--program <name>', 'go-scores: the program that scored the positions')
    .option('--ruleset <name>', 'go-scores: its ruleset')
    .option('--allow-skips', 'exit 0 even when games of a file could not be read and were left out')
    .option('--duplicates <policy>', 'keep (default: store a game already stored and link the two) or skip (leave it out)')
    .action((files: string[], options: ImportOptionsCli) => {
      // The first file is hashed while the database opens and its migrations are checked: the same digest, a pass sooner.
      let firstHash: Promise<string> | undefined;
      const prepare = (kind: DatabaseKind): void => {
        startImportWorkers(kind);
        firstHash = hashAhead(files[0]);
      };
      return withDb((db) => importFiles(db, files, options, firstHash), { prepare });
    });
  const exportCommand = cli
    .command('export')
    .description(
      'write stored games: one (--game), every game of an import in file order (--import), every game filter options keep in id order ' +
        '(--player, --since, ...; no option: every game the format can hold), or Go position/score files',
    )
    .option('--game <id>', 'one game')
    .option('--import <id>', 'every game of one import, in file order (with filter options: one more filter; with --go-positions: its positions)')
    .option('--format <format>', 'sgf, mat, pgn, gametext (one base64 line a game), gcg or cgp; by filter also ndjson (one JSON object a line per game)')
    .option('--kind <kind>', 'filter: games of this kind (chess, go, backgammon, crossword)');
  withFilterOptions(exportCommand)
    .option('--allow-skips', 'filter: exit 0 even when games the format cannot hold were left out')
    .option('--go-positions', 'the Go position file of all listed positions (or of one import)')
    .option('--go-scores', 'the Go score file of one program and ruleset')
    .option('--program <name>', 'go-scores: the program')
    .option('--ruleset <name>', 'go-scores: the ruleset')
    .option('--out <file>', 'write to this file (default: standard output)')
    .action((options: ExportOptionsCli) => withDb((db) => exportGames(db, options), { reads: true, check: () => void checkExport(options) }));
  const searchCommandLine = cli
    .command('search')
    .description(
      'the games whose main line reaches a pattern (in the game\'s pattern language, docs/GAMES.md), each at its first match, in id order, ' +
        'and the moves played from the matching positions; over the games filter options keep',
    )
    .option('--kind <kind>', 'the game the pattern is of: chess, go, backgammon or crossword')
    .option('--pattern <json-or-file>', 'the pattern as JSON, or a file holding it')
    .option('--first <n>', 'how many matching games to print (default 20)')
    .option('--import <id>', 'filter: the games of one import');
  withFilterOptions(searchCommandLine).action((options: SearchOptionsCli) =>
    withDb((db) => searchCommand(db, options, (line) => console.log(line)), { reads: true, check: () => void checkSearch(options) }),
  );
  cli
    .command('imports')
    .description('list the imports, oldest first, under a header: id, file name, format, size in bytes, date, games, positions, scores, skipped games, warnings')
    .action(() => withDb((db) => listImportsCommand(db, (line) => console.log(line)), { reads: true }));
  cli
    .command('delete')
    .description('delete an import: its games and the positions (with their scores) no other game reaches; shows the import and asks first')
    .requiredOption('--import <id>', 'the import to delete')
    .option('--yes', 'delete without asking (needed when standard input is not a terminal)')
    .action((options: { import: string; yes?: boolean }) => {
      const confirm: Confirm = askYesNo();
      return withDb((db) => deleteImportCommand(db, options.import, (line) => console.log(line), { yes: options.yes, confirm }), {
        reads: true,
        check: () => {
          idOption('--import', options.import);
          if (!options.yes && !confirm) throw new UsageError(NO_TERMINAL);
        },
      });
    });
  cli
    .command('maintain')
    .description('rewrite the position index in key order after large imports, so a lookup reads adjacent rows (the index is locked meanwhile: run it when the server is quiet)')
    .action(() =>
      withDb(async (db) => {
        const done = await clusterPositionIndex(db);
        console.log(`position index rewritten in key order (${done.tables.join(', ')}) in ${done.seconds.toFixed(1)} s`);
      }),
    );
  cli
    .command('migrate')
    .description('apply pending migrations and exit')
    .action(() => withDb(async () => console.log('migrations applied')));
  const token = cli.command('token').description('API tokens: create, list, revoke');
  token
    .command('create')
    .description('make a token and print it once: the token alone on standard output (TOKEN=$(tabula token create me --role writer)), the notice on standard error')
    .argument('<name>', 'a name for the token')
    .requiredOption('--role <role>', 'reader, writer or admin')
    .action((name: string, options: { role: string }) =>
      withDb((db) => createTokenCommand(db, name, options.role, (line) => console.log(line), (line) => console.error(line))),
    );
  token
    .command('list')
    .description('names, roles, when created and whether revoked')
    .action(() => withDb((db) => listTokensCommand(db, (line) => console.log(line)), { reads: true }));
  token
    .command('revoke')
    .description('refuse a token from the next request on')
    .argument('<name>', 'the token name')
    .action((name: string) => withDb((db) => revokeTokenCommand(db, name, (line) => console.log(line)), { reads: true }));
  cli
    .command('sample')
    .description('write sample files to try tabula with (go-scores: a Go position file and two programs\' scores)')
    .argument('<kind>', 'go-scores')
    .option('--out <dir>', 'where to write them', 'sample')
    .option('--positions <n>', 'how many positions', '2000')
    .option('--seed <n>', 'random seed', '9')
    .action((kind: string, options: { out?: string; positions?: string; seed?: string }) => run(async () => sampleCommand(kind, options)));
  return cli;
}

/**
 * Runs the command line; the exit status: 0 done, 1 a failure (bad file, database), 2 a command
 * line that is not right (unknown command or option, missing argument), with its usage.
 */
export async function main(argv: string[]): Promise<number> {
  let status = 0;
  const run = async (work: () => Promise<number | void>): Promise<void> => {
    status = (await work()) ?? 0;
  };
  const cli = program(run);
  if (argv.length === 0) {
    cli.outputHelp({ error: true });
    return 2;
  }
  try {
    await cli.parseAsync(argv, { from: 'user' });
    return status;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version are answers, not errors; every other commander error is a usage error.
      return error.code === 'commander.helpDisplayed' || error.code === 'commander.help' || error.code === 'commander.version' ? 0 : 2;
    }
    if (error instanceof UsageError || error instanceof TokenUsageError) {
      console.error(`error: ${error.message}\n(see tabula ${argv[0]} --help)`);
      return 2;
    }
    console.error(error instanceof Error ? error.message : error);
    return 1;
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
