/**
 * `npx tabula`: import and export game records from the command line, on the
 * same database the server uses (DATABASE_URL, else PGlite in TABULA_DATA_DIR).
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import { describeLocation } from '../codecs/result';
import { databaseConfigFromEnv } from '../db/config';
import { openDatabase, type Database } from '../db/database';
import { importFormats, readerFor, writerFor } from '../storage/formats';
import { runImport } from '../storage/importService';
import type { GameKind } from '../db/records';
import { ImportFailure } from '../storage/importFailure';
import { fileSource } from './fileSource';
import { exportGoFile, isGoExport } from './goExport';
import { writeGoScoreSample } from './goSample';
import { createProgress } from './progress';
import { TOKEN_USAGE, TokenUsageError, runTokenCommand } from './tokenCommand';


const usage = async (): Promise<string> => `usage:
  tabula import --format FORMAT [--program NAME] [--ruleset NAME] [--allow-skips] FILE...
      FORMAT: sgf, mat, pgn, gametext, gcg, cgp, go-positions, go-scores (as this build supports)
      exits 1 when a game of a file could not be read and was left out, unless --allow-skips
  tabula export --game ID --format FORMAT [--out FILE]
  tabula export --import ID --format FORMAT [--out FILE]   every game of one import, concatenated
  tabula export --go-positions [--import ID] [--out FILE]  Go position file (all listed positions, or one import's)
  tabula export --go-scores --program NAME [--ruleset NAME] [--out FILE]   Go score file
  tabula migrate                                          apply pending migrations and exit
  tabula sample go-scores [--out DIR] [--positions N] [--seed N]
      writes a Go position file and fuego/gnugo score files to try score analysis (default ./sample, 2000)
${TOKEN_USAGE}

The database is DATABASE_URL (PostgreSQL) when set, else PGlite in TABULA_DATA_DIR (default ./data).`;

/** `go-positions` on the command line is `GO_POSITIONS` in GraphQL. */
const formatName = (text: string): string => text.toUpperCase().replace(/-/g, '_');

class UsageError extends Error {}

/**
 * An import holds one or two chunks of records at a time, but V8 lets garbage pile up to about
 * four times the live heap before a full collection, so the peak RSS would still grow with the
 * time an import runs. Imports let the heap grow by half its live size between full collections.
 */
const IMPORT_HEAP_GROWTH = '--heap-growing-percent=50';

/** Imports each file; the exit code is 1 when games were left out and `--allow-skips` was not given. */
async function importFiles(db: Database, args: string[]): Promise<number> {
  v8.setFlagsFromString(IMPORT_HEAP_GROWTH);
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { format: { type: 'string' }, program: { type: 'string' }, ruleset: { type: 'string' }, 'allow-skips': { type: 'boolean' } },
  });
  let skipped = 0;
  if (!values.format || positionals.length === 0) throw new UsageError('import needs --format and at least one FILE');
  const reader = readerFor(formatName(values.format));
  if (!reader) throw new UsageError(`unknown format ${values.format}; this build reads: ${importFormats().join(', ') || 'none'}`);
  const options = { program: values.program, ruleset: values.ruleset };
  for (const path of positionals) {
    const size = (await fs.promises.stat(path)).size;
    const progress = createProgress(path, size);
    const source = await fileSource(path, (n) => progress.advance(n));
    const started = Date.now();
    try {
      const outcome = await runImport(db, reader, source, options, (t) =>
        progress.note(`${t.games} games, ${t.positions} positions, ${t.scores} scores`),
      );
      progress.stop();
      const seconds = (Date.now() - started) / 1000;
      const verb = outcome.alreadyImported ? 'already imported as' : 'imported as';
      console.log(
        `${path}: ${verb} import ${outcome.importId}: ${outcome.gameCount} games, ${outcome.positionCount} new positions, ` +
          `${outcome.scoreCount} scores in ${seconds.toFixed(1)} s`,
      );
      for (const w of outcome.warnings) {
        const where = describeLocation(w);
        console.log(`  warning ${w.code}${where ? ` (${where})` : ''}: ${w.message}`);
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
        throw new Error(`${path}: nothing imported: ${e.code}${where ? ` at ${where}` : ''}: ${e.message}`);
      }
      throw error;
    }
  }
  if (skipped > 0 && !values['allow-skips']) {
    console.error(`${skipped} game${skipped === 1 ? '' : 's'} left out: exiting with status 1 (pass --allow-skips to accept an import that leaves games out)`);
    return 1;
  }
  return 0;
}

async function exportGames(db: Database, args: string[]): Promise<void> {
  if (isGoExport(args)) return exportGoFile(db, args);
  const { values } = parseArgs({
    args,
    options: { game: { type: 'string' }, import: { type: 'string' }, format: { type: 'string' }, out: { type: 'string' } },
  });
  if (!values.format || (!values.game && !values.import)) throw new UsageError('export needs --format and --game or --import');
  const format = formatName(values.format);
  const games = values.game
    ? await db.prisma.game.findMany({ where: { id: BigInt(values.game) } })
    : await db.prisma.game.findMany({ where: { importId: BigInt(values.import as string) }, orderBy: { indexInFile: 'asc' } });
  if (games.length === 0) throw new Error('no such game or import');
  const texts = games.map((game) => {
    const write = writerFor(game.kind as GameKind, format);
    if (!write) throw new Error(`${game.kind} games cannot be written as ${values.format}`);
    return write(game);
  });
  const text = texts.join(texts.every((t) => t.endsWith('\n')) ? '' : '\n');
  if (values.out) fs.writeFileSync(values.out, text);
  else process.stdout.write(text);
}

/** `tabula sample go-scores`: writes the sample files and says how to import them (needs no database). */
function sampleCommand(args: string[]): number {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { out: { type: 'string' }, positions: { type: 'string' }, seed: { type: 'string' } },
  });
  if (positionals.join(' ') !== 'go-scores') {
    console.error(`tabula sample makes go-scores, got "${positionals.join(' ')}"`);
    return 2;
  }
  const count = Number(values.positions ?? 2000);
  const seed = Number(values.seed ?? 9);
  if (!Number.isInteger(count) || count < 1 || count > 1_000_000 || !Number.isInteger(seed)) {
    console.error('--positions takes a whole number from 1 to 1000000, --seed a whole number');
    return 2;
  }
  const dir = values.out ?? 'sample';
  const files = writeGoScoreSample(dir, count, seed);
  console.log(`wrote ${count} positions and two programs' scores of them to ${dir}; import them, then open /dashboard:`);
  console.log(`  npx tabula import --format go-positions ${files.positions}`);
  console.log(`  npx tabula import --format go-scores --program fuego --ruleset chinese ${files.fuego}`);
  console.log(`  npx tabula import --format go-scores --program gnugo --ruleset chinese ${files.gnugo}`);
  return 0;
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === 'help') {
    console.log(await usage());
    return command ? 0 : 2;
  }
  if (command === 'sample') return sampleCommand(rest);
  if (!['import', 'export', 'migrate', 'token'].includes(command)) {
    console.error(`unknown command ${command}\n\n${await usage()}`);
    return 2;
  }
  let db: Database | undefined;
  try {
    db = await openDatabase(databaseConfigFromEnv());
    if (command === 'import') return await importFiles(db, rest);
    else if (command === 'export') await exportGames(db, rest);
    else if (command === 'token') await runTokenCommand(db, rest, (line) => console.log(line));
    else console.log('migrations applied');
    return 0;
  } catch (error) {
    if (error instanceof UsageError || (command === 'token' && error instanceof TokenUsageError)) {
      console.error(`${error.message}\n\n${await usage()}`);
      return 2;
    }
    console.error(error instanceof Error ? error.message : error);
    return 1;
  } finally {
    await db?.close();
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
