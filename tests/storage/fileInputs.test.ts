/**
 * Files imported as the CLI imports them (a file on disk through `fileSource`, read in chunks):
 * a NUL in any SGF property value is refused naming the game tree, node and property, where it
 * used to reach the database ("unsupported Unicode escape sequence", no location); texts too
 * long for an index are cut with a warning naming the game, line and field; an import option
 * too long to store is refused.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../../src/db/database';
import { fileSource } from '../../src/cli/fileSource';
import { readerFor } from '../../src/games/index';
import { ImportFailure } from '../../src/games/importFailure';
import { dataFailure, runImport } from '../../src/storage/importService';
import { describeEachDatabase } from '../support/databases';
import { sampleText } from '../support/sampleData';

const CHARLOT = sampleText('backgammon', 'gnubgparser_charlot1-charlot2_7p_2025-11-08-2305.sgf');

describeEachDatabase('files imported as the CLI does', (getDb) => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-file-inputs-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const importFile = async (db: Database, format: string, name: string, text: string, options: Record<string, string> = {}) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return runImport(db, readerFor(format)!, await fileSource(file), options);
  };

  /** The ImportFailure `run` throws (failing the test when it throws something else or nothing). */
  const failureOf = async (run: Promise<unknown>) => {
    const error = await run.then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ImportFailure);
    return (error as ImportFailure).error;
  };

  const importCount = async (db: Database) => Number((await db.sql.query<{ n: bigint }>('SELECT count(*)::int8 AS n FROM "Import"'))[0].n);

  it('refuses a NUL in a gnubg checker-play analysis value, naming game tree, node and property, and stores nothing', async () => {
    const before = await importCount(getDb());
    const error = await failureOf(importFile(getDb(), 'SGF', 'nul-a.sgf', CHARLOT.replace(';B[41lpab]A[0', ';B[41lpab]A[0\u0000')));
    expect(error).toMatchObject({
      code: 'ERR_IMPORT_VALUE',
      message: 'game tree 0, node 2, property A: the value holds a NUL character (U+0000) at offset 1 of the value; text cannot hold one',
      record: 0,
      field: 'A',
      line: 2,
    });
    expect(await importCount(getDb())).toBe(before);
  });

  it('refuses a NUL in a gnubg cube analysis value (its settings), naming game tree, node and property', async () => {
    const error = await failureOf(importFile(getDb(), 'SGF', 'nul-da.sgf', CHARLOT.replace('DA[E ver 3 2C 1', 'DA[E ver 3 2C\u0000 1')));
    expect(error).toMatchObject({ code: 'ERR_IMPORT_VALUE', record: 0, field: 'DA', line: 3 });
    expect(error.message).toMatch(/^game tree 0, node 3, property DA: /);
  });

  it('refuses a NUL inside a number of an analysis value rather than reading past it', async () => {
    const error = await failureOf(importFile(getDb(), 'SGF', 'nul-number.sgf', CHARLOT.replace('0.503635 0.135264', '0.503635 0.13\u00005264')));
    expect(error).toMatchObject({ code: 'ERR_IMPORT_VALUE', field: 'DA' });
  });

  it('stores the first 1,000 letters of a 10,000-letter White tag, with a warning naming the game, line and field', async () => {
    const pgn = `[Event "Long"]\n[White "${'W'.repeat(10_000)}"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 1-0\n`;
    const outcome = await importFile(getDb(), 'PGN', 'long-white.pgn', pgn);
    expect(outcome.warnings).toEqual([
      { gameIndex: 0, code: 'TEXT_TRUNCATED', message: 'game 1, line 2 of the game: player1 is 10,000 characters (10,000 bytes) long; the first 1,000 characters (1,000 bytes) are stored' },
    ]);
    const [game] = await getDb().sql.query<{ player1: string }>('SELECT player1 FROM "Game" WHERE "importId" = $1', [outcome.importId]);
    expect(game.player1).toBe('W'.repeat(1000));
  });

  it('cuts a White tag of 1,000 CJK letters (3,000 bytes) to 1,000 bytes on a letter boundary, with a warning', async () => {
    // 3,000 bytes of UTF-8 failed with "index row size 3016 exceeds btree version 4 maximum 2704" (54000) on PostgreSQL.
    const pgn = `[Event "Long"]\n[White "${'囲'.repeat(1000)}"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 1-0\n`;
    const outcome = await importFile(getDb(), 'PGN', 'long-cjk-white.pgn', pgn);
    expect(outcome.warnings).toEqual([
      { gameIndex: 0, code: 'TEXT_TRUNCATED', message: 'game 1, line 2 of the game: player1 is 1,000 characters (3,000 bytes) long; the first 333 characters (999 bytes) are stored' },
    ]);
    const [game] = await getDb().sql.query<{ player1: string }>('SELECT player1 FROM "Game" WHERE "importId" = $1', [outcome.importId]);
    expect(game.player1).toBe('囲'.repeat(333));
  });

  it('cuts a name of letters outside the BMP between letters, never inside one (4 bytes each: 250 kept)', async () => {
    const pgn = `[Event "Long"]\n[White "${'𝄞'.repeat(400)}"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 1-0\n`;
    const outcome = await importFile(getDb(), 'PGN', 'long-astral-white.pgn', pgn);
    const [game] = await getDb().sql.query<{ player1: string }>('SELECT player1 FROM "Game" WHERE "importId" = $1', [outcome.importId]);
    expect(game.player1).toBe('𝄞'.repeat(250));
  });

  it('cuts an over-long event and the analysis summaries\' program named by a 9,000-letter Annotator, one warning per field', async () => {
    const pgn =
      `[Event "${'E'.repeat(9000)}"]\n[White "A"]\n[Black "B"]\n[Annotator "${'S'.repeat(9000)}"]\n[Result "0-1"]\n\n` +
      '1. e4 { [%eval 0.35] } 1... e5 { [%eval 0.4] } 2. Qh5 { [%eval -2.5] } 2... Nc6 { [%eval -2.4] } 0-1\n';
    const outcome = await importFile(getDb(), 'PGN', 'long-annotator.pgn', pgn);
    expect(outcome.warnings.map((w) => w.message)).toEqual([
      'game 1, line 1 of the game: event is 9,000 characters (9,000 bytes) long; the first 1,000 characters (1,000 bytes) are stored',
      'game 1: analysis program is 9,000 characters (9,000 bytes) long; the first 1,000 characters (1,000 bytes) are stored',
      // The evaluations are packed with the game (no index holds their program): kept whole, no warning.
    ]);
    const programs = await getDb().sql.query<{ n: number }>(
      `SELECT length(program) AS n FROM "PlayerAnalysis" a JOIN "Game" g ON g.id = a."gameId" WHERE g."importId" = $1`,
      [outcome.importId],
    );
    expect(programs.map((r) => Number(r.n))).toEqual([1000, 1000]);
  });

  it('refuses an import option too long to store, naming it', async () => {
    const error = await failureOf(importFile(getDb(), 'GCG', 'long-lexicon.gcg', '#player1 a A\n#player2 b B\n', { lexicon: 'L'.repeat(1_000_000) }));
    expect(error).toMatchObject({ code: 'ERR_IMPORT_VALUE', field: 'lexicon', message: 'option lexicon is 1,000,000 characters long; at most 1,000 are allowed' });
  });
});

describe('a value too long for an index entry', () => {
  it('is an import failure naming the index and its columns, not an internal error', () => {
    const error = Object.assign(new Error('index row size 3016 exceeds btree version 4 maximum 2704 for index "Game_player1_idx"'), { code: '54000' });
    const failure = dataFailure(error, { games: [] }, 7);
    expect(failure).toBeInstanceOf(ImportFailure);
    expect((failure as ImportFailure).error).toMatchObject({
      code: 'ERR_IMPORT_VALUE',
      record: 7,
      field: 'player1',
      message: expect.stringMatching(/^a value of player1 is too long for the index Game_player1_idx: index row size 3016/),
    });
  });
});
