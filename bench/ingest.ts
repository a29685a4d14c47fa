/**
 * Ingest benchmark (compiled by bench/run.sh with tsc; run as `node $OUT/bench/ingest.js`):
 * generates the inputs, then imports each through the CLI (`src/cli/main.js import`, its own
 * process under `/usr/bin/time -v`, so the figures include start-up and migrations and the peak
 * RSS is the importer's) into PostgreSQL (throwaway schemas bench_ingest_*) and into PGlite (a
 * temporary data directory):
 *   ingest-go-positions  BENCH_GO_RECORDS (1,000,000, the issue's size) Go position records (the generator of
 *                        bench/goImport.ts), and `psql \copy` of the same rows into the same table
 *                        (an empty copy of "Position" with all its indexes), three times (each
 *                        given; the ratio is over their median): records/s and ratio
 *   ingest-go-scores     a score file over the first quarter of those positions (a quarter, so the
 *                        suite stays under 10 minutes: a million scores take about 90 s here)
 *   ingest-pgn           BENCH_PGN_GAMES (10,000, the issue's size) games of bench/chessGames.ts (a real
 *                        opening from bench/openings.ts for 6-30 plies, then random legal moves; 40-119
 *                        plies, a few [%eval] comments), every position indexed; goal ≥ 2,000 games/s
 *   ingest-pgn-scid      SCID's import of the same file (bench/scid.ts; `tkscid` from the Debian
 *                        package scid, skipped with a note when it is not installed): games/s, the
 *                        ratio tabula/SCID (goal ≥ 0.1) and SCID's files in bytes per game
 *   storage-pgn          bytes per game in the PGN import's schema beyond the source text: the
 *                        pg_total_relation_size of every table of the schema (found in pg_class)
 *                        minus sum(octet_length(source)) of "Game", over the games; and the same
 *                        minus the source as stored, sum(pg_column_size(source)), which the goal
 *                        (≤ 2,000) is checked on: PostgreSQL compresses long sources (the SGF
 *                        samples'), so subtracting their length can go below zero. With each
 *                        table's bytes per game (total, heap, TOAST, indexes)
 *   ingest-sgf           the backgammon samples of samples/backgammon (or BENCH_DATA) concatenated
 *                        BENCH_SGF_COPIES (200) times with varied player names; goal ≥ 760 games/s
 *                        (10× the 76 games/s measured before issue 14)
 *   storage-sgf          the same bytes per game as storage-pgn, for the SGF import's schema
 *   memory-import-*      the importer's peak RSS at two file sizes (a quarter and all of it):
 *                        flat when the import streams
 * BENCH_INGEST ("go pgn sgf", the default) runs only the named parts.
 * bench/goImport.ts (import + analysis queries + export check) and bench/chessImport.sh (the same
 * PGN corpus, one import) are there for their own deeper runs. Schemas and files are removed
 * afterwards. The goals are shown by bench/table.ts.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { writePgnFile } from './chessGames';
import { writeGoPositionFile, writeGoScoreFile } from './goData';
import { OPENING_LINES } from './openings';
import { CLI, DATABASE_URL, SAMPLES, cliImport, dropSchema, emit, round, schemaStorage, storageFigures, type RunResult } from './common';
import { scidImport } from './scid';

const GO_RECORDS = Number(process.env.BENCH_GO_RECORDS || 1_000_000);
const PGN_GAMES = Number(process.env.BENCH_PGN_GAMES || 10_000);
const SGF_COPIES = Number(process.env.BENCH_SGF_COPIES || 200);
const PARTS = new Set((process.env.BENCH_INGEST || 'go pgn sgf').split(/[\s,]+/));
const DATA = SAMPLES;
const DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-ingest-'));
const SCHEMAS: string[] = [];
/** BENCH_INGEST_SCHEMA_PREFIX: the schemas' prefix (bench_ingest), so runs side by side on one server do not drop each other's. */
const PREFIX = process.env.BENCH_INGEST_SCHEMA_PREFIX || 'bench_ingest';

const pgTarget = (name: string) => {
  const schema = `${PREFIX}_${name}`;
  SCHEMAS.push(schema);
  return { schema };
};
/**
 * A PGlite data directory, created and migrated before the measured import by `tabula migrate`, which
 * imports nothing, so the import's figures are the import's, not the first start's (initdb alone
 * peaks near 900 MB of RSS).
 */
const pgliteTarget = (name: string) => {
  const dataDir = path.join(DIR, `pglite-${name}`);
  execFileSync(process.execPath, [CLI, 'migrate'], { env: { ...process.env, DATABASE_URL: '', DATABASE_SCHEMA: '', TABULA_DATA_DIR: dataDir }, stdio: 'ignore' });
  return { dataDir };
};

const perSecond = (count: number, r: RunResult) => round(count / r.seconds);

/** The backgammon SGF samples, `copies` times over, each copy with its own player names. */
function writeSgfFile(file: string, copies: number): number {
  const dir = path.join(DATA, 'backgammon');
  const samples = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sgf'))
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
  const gamesPerCopy = samples.join('\n').split('(;').length - 1;
  const out = fs.openSync(file, 'w');
  for (let c = 0; c < copies; c++) {
    for (const text of samples) {
      fs.writeSync(out, text.replace(/PB\[[^\]]*\]/g, `PB[black${c % 499}]`).replace(/PW\[[^\]]*\]/g, `PW[white${c % 503}]`) + '\n');
    }
  }
  fs.closeSync(out);
  return gamesPerCopy * copies;
}

/** How often `psqlCopy` copies the rows: its time varies by half between runs on this VM (issue 29 asks for three). */
const PSQL_COPIES = 3;

/**
 * `psql \copy` of the rows the CLI stored in `from` into an empty copy of the same table, made
 * anew PSQL_COPIES times: the rows and each copy's seconds.
 */
function psqlCopy(from: string): { rows: number; seconds: number[] } {
  const tsv = path.join(DIR, 'positions.tsv');
  const columns = `kind, key, hash, "groupKey", "sideToMove", board, data, "pieceCount", "listImportId", "listIndex"`;
  const psql = (command: string) => execFileSync('psql', [DATABASE_URL, '-qAtc', command], { encoding: 'utf8' });
  psql(`\\copy (SELECT ${columns} FROM "${from}"."Position" ORDER BY id) TO '${tsv}'`);
  const seconds: number[] = [];
  let rows = 0;
  for (let i = 0; i < PSQL_COPIES; i++) {
    psql(`DROP TABLE IF EXISTS "${from}"."PositionCopy"`);
    psql(`CREATE TABLE "${from}"."PositionCopy" (LIKE "${from}"."Position" INCLUDING ALL)`);
    const started = process.hrtime.bigint();
    psql(`\\copy "${from}"."PositionCopy" (${columns}) FROM '${tsv}'`);
    seconds.push(Number(process.hrtime.bigint() - started) / 1e9);
    rows = Number(psql(`SELECT count(*) FROM "${from}"."PositionCopy"`).trim());
  }
  fs.rmSync(tsv);
  return { rows, seconds };
}

/** The middle value. */
const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Entries of the position index: places where a position occurs in a game (runs, and blocks: a packed block's count is its first 4 bytes, layout 1 has 10 bytes an entry). */
async function countIndexEntries(schema: string): Promise<number> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT (SELECT coalesce(sum(occurrences), 0) FROM "${schema}"."PositionRun")
            + (SELECT coalesce(sum(CASE WHEN layout = 1 THEN octet_length(entries) / 10
                 ELSE (get_byte(entries, 0)::int8 << 24) + (get_byte(entries, 1) << 16) + (get_byte(entries, 2) << 8) + get_byte(entries, 3) END), 0)
               FROM "${schema}"."PositionBlock") AS n`,
    );
    return Number(rows[0].n);
  } finally {
    await client.end();
  }
}

async function countRows(schema: string, table: string): Promise<number> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    return Number((await client.query(`SELECT count(*) AS n FROM "${schema}"."${table}"`)).rows[0].n);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  for (const name of ['go', 'go_small', 'pgn', 'pgn_small', 'sgf', 'sgf_small']) await dropSchema(`${PREFIX}_${name}`);

  if (PARTS.has('go')) await benchGo();
  if (PARTS.has('pgn')) await benchPgn();
  if (PARTS.has('sgf')) await benchSgf();
}

/** Go: positions (two sizes), \copy, scores. */
async function benchGo(): Promise<void> {
  const goFile = path.join(DIR, 'positions.dat');
  const goSmall = path.join(DIR, 'positions-small.dat');
  const scoreFile = path.join(DIR, 'scores.dat');
  const small = Math.round(GO_RECORDS / 4);
  await writeGoPositionFile(goFile, GO_RECORDS);
  await writeGoPositionFile(goSmall, small);
  await writeGoScoreFile(scoreFile, small);
  const go = pgTarget('go');
  const goPg = await cliImport(go, ['--format', 'go-positions', goFile]);
  const stored = await countRows(go.schema, 'Position');
  const copy = psqlCopy(go.schema);
  const goPgSmall = await cliImport(pgTarget('go_small'), ['--format', 'go-positions', goSmall]);
  const goLite = await cliImport(pgliteTarget('go'), ['--format', 'go-positions', goSmall]);
  emit('ingest-go-positions', {
    records: GO_RECORDS,
    fileMB: round(fs.statSync(goFile).size / 1e6, 1),
    storedPositions: stored,
    postgresSeconds: round(goPg.seconds, 1),
    postgresRecordsPerSecond: perSecond(GO_RECORDS, goPg),
    psqlCopySeconds: round(median(copy.seconds), 1),
    psqlCopySecondsEach: copy.seconds.map((t) => round(t, 1)),
    psqlCopyRowsPerSecond: round(copy.rows / median(copy.seconds)),
    overPsqlCopy: round(median(copy.seconds) / goPg.seconds, 2),
    pgliteRecords: small,
    pgliteRecordsPerSecond: perSecond(small, goLite),
  });
  const scores = await cliImport(go, ['--format', 'go-scores', '--program', 'fuego', '--ruleset', 'chinese', scoreFile]);
  emit('ingest-go-scores', { records: small, postgresSeconds: round(scores.seconds, 1), postgresRecordsPerSecond: perSecond(small, scores) });
  emit('memory-import-go-positions', {
    postgresPeakRssMb: { [small]: round(goPgSmall.peakRssMb), [GO_RECORDS]: round(goPg.peakRssMb) },
    pglitePeakRssMb: { [small]: round(goLite.peakRssMb) },
    scoresPeakRssMb: { [small]: round(scores.peakRssMb) },
  });
  for (const f of [goFile, goSmall, scoreFile]) fs.rmSync(f);
  await dropSchema(go.schema);
}

/** PGN: every position indexed; SCID's import of the same file; storage per game. */
async function benchPgn(): Promise<void> {
  const pgnFile = path.join(DIR, 'games.pgn');
  const pgnSmallFile = path.join(DIR, 'games-small.pgn');
  const pgnSmall = Math.round(PGN_GAMES / 4);
  writePgnFile(pgnFile, PGN_GAMES);
  writePgnFile(pgnSmallFile, pgnSmall);
  const pgnPg = await cliImport(pgTarget('pgn'), ['--format', 'pgn', pgnFile]);
  const pgnPositions = await countIndexEntries(`${PREFIX}_pgn`);
  const storage = await schemaStorage(`${PREFIX}_pgn`);
  const pgnPgSmall = await cliImport(pgTarget('pgn_small'), ['--format', 'pgn', pgnSmallFile]);
  const pgnLite = await cliImport(pgliteTarget('pgn'), ['--format', 'pgn', pgnSmallFile]);
  const tabulaGamesPerSecond = perSecond(PGN_GAMES, pgnPg);
  emit('ingest-pgn', {
    games: PGN_GAMES,
    corpus: `${OPENING_LINES.length} weighted opening lines, cut at ply 6-30, then random legal moves`,
    fileMB: round(fs.statSync(pgnFile).size / 1e6, 1),
    indexedOccurrences: pgnPositions,
    postgresSeconds: round(pgnPg.seconds, 1),
    postgresGamesPerSecond: tabulaGamesPerSecond,
    postgresPositionsPerSecond: round(pgnPositions / pgnPg.seconds),
    pgliteGames: pgnSmall,
    pgliteGamesPerSecond: perSecond(pgnSmall, pgnLite),
  });
  const scid = await scidImport(pgnFile, path.join(DIR, 'scid'));
  if ('skipped' in scid) emit('ingest-pgn-scid', { games: PGN_GAMES, scid: scid.skipped });
  else {
    if (scid.games !== PGN_GAMES) console.error(`ingest: SCID imported ${scid.games} of the file's ${PGN_GAMES} games`);
    const scidGamesPerSecond = PGN_GAMES / scid.seconds;
    emit('ingest-pgn-scid', {
      games: PGN_GAMES,
      scidGames: scid.games,
      scidSeconds: round(scid.seconds, 3),
      scidImportSeconds: round(scid.importSeconds, 3),
      scidGamesPerSecond: round(scidGamesPerSecond),
      scidBytesPerGame: round(scid.bytes / PGN_GAMES),
      scidFileBytes: scid.files,
      scidPeakRssMb: round(scid.peakRssMb),
      scidWarningChars: scid.warningChars,
      via: scid.via,
      tabulaGamesPerSecond,
      tabulaOverScid: round(tabulaGamesPerSecond / scidGamesPerSecond, 3),
    });
  }
  fs.rmSync(path.join(DIR, 'scid'), { recursive: true, force: true });
  emit('storage-pgn', storageFigures(storage));
  emit('memory-import-pgn', {
    postgresPeakRssMb: { [pgnSmall]: round(pgnPgSmall.peakRssMb), [PGN_GAMES]: round(pgnPg.peakRssMb) },
    pglitePeakRssMb: { [pgnSmall]: round(pgnLite.peakRssMb) },
    /** The same PGlite figure flat, for its goal (issue 29: ≤ 350 MB on 2,500 games, a quarter of the default file). */
    pgliteQuarterPeakRssMb: round(pgnLite.peakRssMb),
  });
}

/** SGF match collection. */
async function benchSgf(): Promise<void> {
  const sgfFile = path.join(DIR, 'matches.sgf');
  const sgfSmallFile = path.join(DIR, 'matches-small.sgf');
  const sgfSmallCopies = Math.round(SGF_COPIES / 4);
  const sgfGames = writeSgfFile(sgfFile, SGF_COPIES);
  const sgfSmallGames = writeSgfFile(sgfSmallFile, sgfSmallCopies);
  const sgfPg = await cliImport(pgTarget('sgf'), ['--format', 'sgf', sgfFile]);
  const storage = await schemaStorage(`${PREFIX}_sgf`);
  const sgfPgSmall = await cliImport(pgTarget('sgf_small'), ['--format', 'sgf', sgfSmallFile]);
  const sgfLite = await cliImport(pgliteTarget('sgf'), ['--format', 'sgf', sgfSmallFile]);
  emit('ingest-sgf', {
    games: sgfGames,
    fileMB: round(fs.statSync(sgfFile).size / 1e6, 1),
    postgresSeconds: round(sgfPg.seconds, 1),
    postgresGamesPerSecond: perSecond(sgfGames, sgfPg),
    postgresMBPerSecond: round(fs.statSync(sgfFile).size / 1e6 / sgfPg.seconds, 2),
    pgliteGames: sgfSmallGames,
    pgliteGamesPerSecond: perSecond(sgfSmallGames, sgfLite),
  });
  emit('storage-sgf', storageFigures(storage));
  emit('memory-import-sgf', {
    postgresPeakRssMb: { [sgfSmallGames]: round(sgfPgSmall.peakRssMb), [sgfGames]: round(sgfPg.peakRssMb) },
    pglitePeakRssMb: { [sgfSmallGames]: round(sgfLite.peakRssMb) },
  });
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    for (const schema of SCHEMAS) await dropSchema(schema).catch(() => undefined);
    fs.rmSync(DIR, { recursive: true, force: true });
  });
