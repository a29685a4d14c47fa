/**
 * Imports read in worker threads (src/storage/importWorkers.ts): the same rows and the same report
 * as the reading on the import's own thread. Each file is imported into two fresh databases, one
 * reading in-thread and one through two workers running the bundled worker script (ts-jest runs
 * the sources, so the test bundles src/storage/importWorker.ts with esbuild: `bundleForTest`), a
 * piece a batch, so game numbers, tables and failures cross batches.
 */
import fs from 'node:fs';
import { MAX_VARIATION_DEPTH } from '../../src/codecs/chess';
import { encodePositionFile } from '../../src/codecs/go';
import { unwrap } from '../../src/codecs/result';
import type { Database } from '../../src/db/database';
import { readerFor } from '../../src/games/index';
import { ImportFailure } from '../../src/games/importFailure';
import { bytesSource, runImport } from '../../src/storage/importService';
import { WorkerPieceReaders, useImportReaders } from '../../src/storage/importWorkers';
import { ANALYSED_PGN } from '../support/analysedChess';
import { randomPositions } from '../support/goFiles';
import { bundleForTest } from '../support/bundle';
import { testTargets } from '../support/databases';
import { sampleText } from '../support/sampleData';

const TABLES = ['Import', 'Game', 'Position', 'Score', 'EvaluationBlock', 'PositionBlock', 'PositionRun', 'PositionMove', 'PlayerAnalysis', 'ImportScore', 'ImportPosition'];

/** Every row an import writes, table by table, in a stable order (the time a row was made left out). */
const storedRows = async (db: Database): Promise<Record<string, string[]>> => {
  const rows: Record<string, string[]> = {};
  for (const table of TABLES) {
    const found = await db.sql.query<{ row: string }>(`SELECT (to_jsonb(t) - 'createdAt')::text AS row FROM "${table}" t`);
    rows[table] = found.map((r) => r.row).sort();
  }
  return rows;
};

/**
 * Runs an expectation on values holding bigints (the reports), failing with its message alone:
 * jest's workers cannot pass their parent a failure that holds such values (it was reported as
 * "Do not know how to serialize a BigInt", the diff lost).
 */
const reported = (check: () => void): void => {
  try {
    check();
  } catch (error) {
    throw new Error((error as Error).message);
  }
};

const game = (event: string, movetext = '1. e4 e5 2. Nf3 Nc6 *') => `[Event "${event}"]\n[White "W ${event}"]\n[Black "B"]\n[Result "*"]\n\n${movetext}\n\n`;

/** A game left out early (its variations nest too deep to be read), so the games after it are numbered otherwise than expected; moves kept without being played; evaluations. */
const PGN_WITH_GAPS =
  game('first') + game('too deep', `1. e4 ${'( 1. d4 '.repeat(MAX_VARIATION_DEPTH + 1)}${')'.repeat(MAX_VARIATION_DEPTH + 1)} e5 *`) +
  game('unplayable', '1. e4 e5 2. Qxf7 Ke7 3. Zz9 *') +
  ANALYSED_PGN + '\n' + sampleText('chess', 'immortal-games.pgn') + game('last');

/** Backgammon matches (dates carried to a match's later games) with Go games between them (hashed with the import's Zobrist table). */
const MIXED_SGF = [
  sampleText('backgammon', 'gibbon_7point.sgf'),
  sampleText('go', 'fuego-regression_2010-Barcelona_Chou9p-vs-FuegoGB.sgf'),
  sampleText('backgammon', 'gnubgparser_charlot1-charlot2_7p_2025-11-08-2305.sgf'),
  sampleText('go', 'katago-tests_sampletest9x9_setup-props.sgf'),
].join('\n');

/** Records of the Go position files: three runs of the reader's 10,000. */
const GO_RECORDS = 25_000;

/** The byte offset of record `index` of a position file (92 bytes, 100 with extra info). */
const recordOffset = (file: Uint8Array, index: number): number => {
  let at = 0;
  for (let i = 0; i < index; i++) at += file[at + 91] === 1 ? 100 : 92;
  return at;
};

const targetsInThread = testTargets();
const targetsInWorkers = testTargets();

let SCRIPT = '';
let readers: WorkerPieceReaders;

beforeAll(() => {
  SCRIPT = bundleForTest('src/storage/importWorker.ts', 'importWorker');
  readers = new WorkerPieceReaders(SCRIPT, 2, 1);
});

afterAll(async () => {
  useImportReaders(null);
  await readers?.close();
  fs.rmSync(SCRIPT, { force: true });
});

targetsInThread.forEach((inThreadTarget, t) => {
  const inWorkersTarget = targetsInWorkers[t];

  describe(`an import read in worker threads [${inThreadTarget.name}]`, () => {
    let inThread: Database;
    let inWorkers: Database;

    beforeAll(async () => {
      inThread = await inThreadTarget.open();
      inWorkers = await inWorkersTarget.open();
    }, 60_000);

    afterAll(async () => {
      await inThread?.close();
      await inWorkers?.close();
      await inThreadTarget.cleanup();
      await inWorkersTarget.cleanup();
    });

    /** The file imported on each side: the outcome (or failure) of each, and then every row stored. */
    const importBoth = async (format: string, text: string | Uint8Array) => {
      const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
      const run = (db: Database) => runImport(db, readerFor(format)!, bytesSource(bytes, `file.${format.toLowerCase()}`)).catch((e: unknown) => e);
      useImportReaders(null);
      const here = await run(inThread);
      useImportReaders(readers);
      const there = await run(inWorkers);
      useImportReaders(null);
      return { here, there, rows: { here: await storedRows(inThread), there: await storedRows(inWorkers) } };
    };

    it('stores a PGN file with games left out and evaluations as the import thread does: games, index, scores, warnings, report', async () => {
      const { here, there, rows } = await importBoth('PGN', PGN_WITH_GAPS);
      reported(() => expect(here).toMatchObject({ gameCount: 42, skippedGames: 1 }));
      expect((here as { warnings: unknown[] }).warnings.length).toBeGreaterThan(0);
      reported(() => expect(there).toEqual(here));
      expect(rows.here.Game).toHaveLength(42);
      // The evaluations are packed with the games (the Game rows compared hold them) and indexed by position.
      expect(rows.here.EvaluationBlock.length).toBeGreaterThan(0);
      expect(rows.there).toEqual(rows.here);
    }, 60_000);

    it('stores backgammon and Go games of one SGF file as the import thread does, the Go games hashed with the recorded table', async () => {
      const { here, there, rows } = await importBoth('SGF', MIXED_SGF);
      reported(() => expect(there).toEqual(here));
      expect(rows.there).toEqual(rows.here);
      const dates = rows.here.Game.map((r) => JSON.parse(r) as { kind: string; metadata: { dateFromMatch?: boolean } });
      expect(dates.filter((g) => g.metadata.dateFromMatch).length).toBeGreaterThan(0);
      expect(dates.filter((g) => g.kind === 'GO')).toHaveLength(2);
      expect(rows.here.Import.map((r) => (JSON.parse(r) as { zobristTable: string | null }).zobristTable)).toContain('default');
    }, 60_000);

    it('stores a Go position file of three runs as the import thread does: records repeated within and across runs, extra info, a hash that disagrees', async () => {
      const records = randomPositions(GO_RECORDS, 2901, 7);
      const file = Buffer.from(unwrap(encodePositionFile([...records.slice(0, 12_000), records[11_990], ...records.slice(12_000), records[5]])));
      // Record 100's hash no longer matches its board.
      file[recordOffset(file, 100) + 3] ^= 0xff;
      const { here, there, rows } = await importBoth('GO_POSITIONS', file);
      reported(() => expect(here).toMatchObject({ positionCount: GO_RECORDS, warnings: [{ code: 'GO_HASH_AGREEMENT', record: 100 }] }));
      reported(() => expect(there).toEqual(here));
      expect(rows.here.Position.filter((row) => row.includes('"kind": "GO"'))).toHaveLength(GO_RECORDS);
      expect(rows.there).toEqual(rows.here);
    }, 120_000);

    it('fails on the first Go record that cannot be read, in a later run, as the import thread does', async () => {
      const whole = Buffer.from(unwrap(encodePositionFile(randomPositions(GO_RECORDS, 2902))));
      const file = Buffer.from(whole);
      const offset = recordOffset(file, 15_000);
      file[offset + 91] = 7;
      const before = await storedRows(inWorkers);
      const { here, there, rows } = await importBoth('GO_POSITIONS', file);
      expect(there).toBeInstanceOf(ImportFailure);
      reported(() => expect((there as ImportFailure).error).toEqual((here as ImportFailure).error));
      expect((there as ImportFailure).error).toMatchObject({ code: 'ERR_GO_EXTRA_FLAG', record: 15_000, offset: offset + 91 });
      const broken = await importBoth('GO_POSITIONS', whole.subarray(0, whole.length - 30));
      reported(() => expect((broken.there as ImportFailure).error).toEqual((broken.here as ImportFailure).error));
      expect((broken.there as ImportFailure).error).toMatchObject({ code: 'ERR_GO_RECORD_LENGTH', record: GO_RECORDS - 1 });
      expect(rows.there).toEqual(before);
      expect(broken.rows.there).toEqual(before);
    }, 120_000);

    it('fails on the first tree that cannot be read, as the import thread does, and stores nothing of the file', async () => {
      const text = MIXED_SGF + '\n(;GM[3]FF[4]SZ[8])\n' + sampleText('backgammon', 'gibbon_7point.sgf');
      const before = await storedRows(inWorkers);
      const { here, there, rows } = await importBoth('SGF', text);
      expect(here).toBeInstanceOf(ImportFailure);
      expect(there).toBeInstanceOf(ImportFailure);
      reported(() => expect((there as ImportFailure).error).toEqual((here as ImportFailure).error));
      expect((here as ImportFailure).error).toMatchObject({ code: 'ERR_SGF_GAME_KIND', record: 15 });
      expect(rows.there).toEqual(before);
    }, 60_000);
  });
});
