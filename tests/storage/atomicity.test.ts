/**
 * Imports are atomic and idempotent: a file that fails late (after whole chunks
 * were already written in its transaction) leaves every table exactly as it
 * was and the error names the record / offset / line; importing the same file
 * again stores nothing twice; two overlapping files imported at the same time
 * (PostgreSQL, two connections) both succeed and leave no duplicates.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type GoPositionRecord, type GoScoreRecord, positionIdKey, encodePositionFile, encodeScoreFile } from '../../src/codecs/go';
import { unwrap } from '../../src/codecs/result';
import type { Database } from '../../src/db/database';
import { readerFor } from '../../src/games/index';
import { runImport, type ImportSource, bytesSource } from '../../src/storage/importService';
import { ImportFailure } from '../../src/games/importFailure';
import { describeEachDatabase } from '../support/databases';
import { prng, randomPositions } from '../support/goFiles';
import { indexedOccurrences } from '../support/plies';
import { SAMPLE_DATA } from '../support/sampleData';

const DATA = SAMPLE_DATA;
/** The Polyglot key of the chess start position. */
const START_KEY = '463b96181691fc9c';
const TABLES = ['Import', 'Game', 'Position', 'PositionBlock', 'PositionRun', 'PositionMove', 'Score', 'ZobristTable', 'ApiToken'];

/** Row count of every table. */
const counts = async (db: Database): Promise<Record<string, number>> => {
  const out: Record<string, number> = {};
  for (const t of TABLES) out[t] = Number((await db.sql.query<{ n: bigint }>(`SELECT count(*)::int8 AS n FROM "${t}"`))[0].n);
  return out;
};

/** A source that hands the bytes over in `size`-byte chunks, like a file stream. */
const chunkedSource = (bytes: Uint8Array, size = 1 << 16): ImportSource => ({
  ...bytesSource(bytes),
  chunks: async function* () {
    for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
  },
});

const importBytes = (db: Database, format: string, bytes: Uint8Array, options: Record<string, string> = {}) =>
  runImport(db, readerFor(format)!, chunkedSource(bytes), options);

/** The ImportFailure `promise` rejects with (fails the test if it resolves or rejects otherwise). */
const failureOf = async (promise: Promise<unknown>): Promise<ImportFailure> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ImportFailure) return error;
    throw error;
  }
  throw new Error('the import succeeded');
};

/** Score records with random PositionIDs (each a new position). */
const randomScoreRecords = (count: number, seed: number): GoScoreRecord[] => {
  const random = prng(seed);
  const hex = () => Math.floor(random() * 2 ** 32).toString(16).padStart(8, '0');
  return Array.from({ length: count }, () => ({
    id: { hash: hex() + hex(), tiebreak: 0, toPlay: random() < 0.5 ? ('B' as const) : ('W' as const) },
    score: 3 + Math.floor(random() * 6),
    confidence: Math.floor(random() * 101),
  }));
};

/** A chess game in PGN whose moves differ by `i` (so games share their first positions only). */
const PGN_OPENINGS = ['1. e4 e5 2. Nf3 Nc6', '1. d4 d5 2. c4 e6', '1. e4 c5 2. Nf3 d6', '1. c4 e5 2. Nc3 Nf6', '1. Nf3 d5 2. g3 Nf6'];
const pgnGame = (i: number): string =>
  `[Event "atomicity ${i}"]\n[White "w${i}"]\n[Black "b${i}"]\n[Result "*"]\n\n${PGN_OPENINGS[i % PGN_OPENINGS.length]} ${
    i % 2 ? '3. a3' : '3. h3'
  } *\n\n`;

const goSgf = fs.readFileSync(path.join(DATA, 'go/fuego-regression_2010-Barcelona_Chou9p-vs-FuegoGB.sgf'), 'latin1');

describeEachDatabase('atomic and idempotent imports', (getDb) => {
  let positions: GoPositionRecord[];
  beforeAll(() => {
    positions = randomPositions(10_000, 91);
  });

  it('a Go position file broken at record 9,000 of 10,000 stores nothing and names the record and offset', async () => {
    const db = getDb();
    const before = await counts(db);
    const bytes = unwrap(encodePositionFile(positions));
    const broken = 9_000 * 92 + 10 + 40; // record 9,000, board point 40
    bytes[broken] = 0x78; // 'x'
    const failure = await failureOf(importBytes(db, 'GO_POSITIONS', bytes));
    expect(failure.error).toMatchObject({ code: 'ERR_GO_BOARD_CHAR', record: 9_000 });
    expect(failure.error.offset).toBe(broken); // the offending byte
    expect(failure.message).toMatch(/record 9000/);
    expect(await counts(db)).toEqual(before);
  });

  it('a Go score file broken at record 55,000 of 60,000 (after a stored 50,000-record chunk) stores nothing', async () => {
    const db = getDb();
    const before = await counts(db);
    const bytes = unwrap(encodeScoreFile(randomScoreRecords(60_000, 5)));
    bytes[55_000 * 12 + 10] = 99; // score byte out of 3..8
    const failure = await failureOf(importBytes(db, 'GO_SCORES', bytes, { program: 'fuego', ruleset: 'chinese' }));
    expect(failure.error).toMatchObject({ code: 'ERR_GO_SCORE_RANGE', record: 55_000, offset: 55_000 * 12 + 10 });
    expect(await counts(db)).toEqual(before);
  });

  it('a file whose stream breaks after a stored chunk (an I/O error at the last game) stores nothing', async () => {
    const db = getDb();
    const before = await counts(db);
    const text = Buffer.from(Array.from({ length: 700 }, (_, i) => pgnGame(i)).join(''), 'utf8');
    const source: ImportSource = {
      ...bytesSource(text),
      chunks: async function* () {
        yield text.subarray(0, text.length - 40);
        throw Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' });
      },
    };
    await expect(runImport(db, readerFor('PGN')!, source)).rejects.toThrow(/EIO/);
    expect(await counts(db)).toEqual(before);
  });

  it('a PGN file whose last game cannot be stored (a NUL byte) after five stored 100-game chunks stores nothing', async () => {
    const db = getDb();
    const before = await counts(db);
    const games = Array.from({ length: 600 }, (_, i) => pgnGame(i));
    games[599] = games[599].replace('[White "w599"]', '[White "w\u0000599"]');
    const failure = await failureOf(importBytes(db, 'PGN', Buffer.from(games.join(''), 'utf8')));
    // PostgreSQL text cannot hold NUL: the write of the last chunk fails, and the error names the game.
    expect(failure.error).toMatchObject({ code: 'ERR_IMPORT_VALUE', record: 599, field: 'player1' });
    expect(await counts(db)).toEqual(before);
  });

  it('an SGF file whose last game tree is broken (after stored chunks) stores nothing and names the tree and line', async () => {
    const db = getDb();
    const before = await counts(db);
    const trees = Array.from({ length: 40 }, () => goSgf.trim());
    // The last tree plays on a point off the 9x9 board.
    trees[39] = trees[39].replace(/;B\[([a-i]{2})\]/, ';B[zz]');
    const text = trees.join('\n');
    const failure = await failureOf(importBytes(db, 'SGF', Buffer.from(text, 'latin1')));
    expect(failure.error.record).toBe(39);
    expect(failure.error.line).toBeGreaterThan(1);
    expect(failure.message).toMatch(/game tree 39/);
    expect(await counts(db)).toEqual(before);
  });

  it('re-importing the same files is idempotent: alreadyImported, and no new row anywhere', async () => {
    const db = getDb();
    const pgn = Buffer.from(Array.from({ length: 30 }, (_, i) => pgnGame(i)).join(''), 'utf8');
    const go = unwrap(encodePositionFile(positions.slice(0, 2_000)));
    const scores = unwrap(encodeScoreFile(randomScoreRecords(500, 6)));
    const sgf = Buffer.from(goSgf, 'latin1');
    const files: [string, Uint8Array, Record<string, string>][] = [
      ['PGN', pgn, {}],
      ['GO_POSITIONS', go, {}],
      ['GO_SCORES', scores, { program: 'fuego', ruleset: 'chinese' }],
      ['SGF', sgf, {}],
    ];
    const first = [];
    for (const [format, bytes, options] of files) first.push(await importBytes(db, format, bytes, options));
    expect(first.map((o) => o.alreadyImported)).toEqual([false, false, false, false]);
    const afterFirst = await counts(db);
    for (let i = 0; i < files.length; i++) {
      const [format, bytes, options] = files[i];
      const again = await importBytes(db, format, bytes, options);
      expect(again).toMatchObject({ alreadyImported: true, importId: first[i].importId, gameCount: first[i].gameCount });
      expect(again.gameIds).toEqual(first[i].gameIds);
    }
    expect(await counts(db)).toEqual(afterFirst);
    // Position keys stay unique per kind.
    const dupes = await db.sql.query(`SELECT kind, key FROM "Position" GROUP BY kind, key HAVING count(*) > 1`);
    expect(dupes).toEqual([]);
  });

  it('after a failed import the corrected file imports in full', async () => {
    const db = getDb();
    const slice = positions.slice(5_000, 6_000);
    const bytes = unwrap(encodePositionFile(slice));
    bytes[999 * 92 + 9] = 0x51; // who-to-play of the last record
    await failureOf(importBytes(db, 'GO_POSITIONS', bytes));
    const fixed = unwrap(encodePositionFile(slice));
    const outcome = await importBytes(db, 'GO_POSITIONS', fixed);
    expect(outcome.alreadyImported).toBe(false);
    const keys = slice.map((p) => positionIdKey(p.id));
    const stored = await db.sql.query<{ n: bigint }>(`SELECT count(*)::int8 AS n FROM "Position" WHERE kind = 'GO' AND key = ANY($1)`, [keys]);
    expect(Number(stored[0].n)).toBe(1_000);
  });

  it('two overlapping imports at the same time both succeed and leave no duplicates', async () => {
    const db = getDb();
    // Two different position files sharing 3,000 positions, in opposite orders (the worst case for row locks).
    const shared = positions.slice(6_000, 9_000);
    const a = unwrap(encodePositionFile([...positions.slice(9_000, 10_000), ...shared]));
    const b = unwrap(encodePositionFile([...shared].reverse().concat(positions.slice(4_000, 5_000))));
    // Two PGN files sharing their opening positions, and two score files scoring the same positions.
    const pgnA = Buffer.from(Array.from({ length: 40 }, (_, i) => pgnGame(i)).join(''), 'utf8');
    const pgnB = Buffer.from(Array.from({ length: 40 }, (_, i) => pgnGame(39 - i).replace('atomicity', 'overlap')).join(''), 'utf8');
    const scored = randomScoreRecords(2_000, 12);
    const scoresA = unwrap(encodeScoreFile(scored));
    const scoresB = unwrap(encodeScoreFile([...scored].reverse().map((s) => ({ ...s, score: 8 - (s.score - 3) }))));
    const before = await counts(db);
    const startBefore = await indexedOccurrences(db, 'CHESS', START_KEY);
    const outcomes = await Promise.all([
      importBytes(db, 'GO_POSITIONS', a),
      importBytes(db, 'GO_POSITIONS', b),
      importBytes(db, 'PGN', pgnA),
      importBytes(db, 'PGN', pgnB),
      importBytes(db, 'GO_SCORES', scoresA, { program: 'katago', ruleset: 'japanese' }),
      importBytes(db, 'GO_SCORES', scoresB, { program: 'katago', ruleset: 'japanese' }),
    ]);
    expect(outcomes.map((o) => o.alreadyImported)).toEqual([false, false, false, false, false, false]);
    const after = await counts(db);
    expect(after.Import - before.Import).toBe(6);
    expect(after.Game - before.Game).toBe(80);
    // Every game of both PGN files is indexed, once.
    expect((await indexedOccurrences(db, 'CHESS', START_KEY)) - startBefore).toBe(80);
    expect(await db.sql.query(`SELECT kind, key FROM "Position" GROUP BY kind, key HAVING count(*) > 1`)).toEqual([]);
    expect(await db.sql.query(`SELECT "positionId" FROM "Score" GROUP BY "positionId", program, ruleset HAVING count(*) > 1`)).toEqual([]);
    const goKeys = [...positions.slice(9_000, 10_000), ...shared, ...positions.slice(4_000, 5_000)].map((p) => positionIdKey(p.id));
    const stored = await db.sql.query<{ n: bigint }>(`SELECT count(*)::int8 AS n FROM "Position" WHERE kind = 'GO' AND key = ANY($1)`, [goKeys]);
    expect(Number(stored[0].n)).toBe(goKeys.length);
    // Each import reports the positions it added; together they add each new one once.
    const scoreRows = await db.sql.query<{ n: bigint }>(`SELECT count(*)::int8 AS n FROM "Score" WHERE program = 'katago'`);
    expect(Number(scoreRows[0].n)).toBe(2_000);
    // The same file twice at once: one stores it, the other says alreadyImported.
    const same = unwrap(encodePositionFile(positions.slice(0, 500)));
    const twice = await Promise.all([importBytes(db, 'GO_POSITIONS', same), importBytes(db, 'GO_POSITIONS', same)]);
    expect(twice.map((o) => o.alreadyImported).sort()).toEqual([false, true]);
    expect(twice[0].importId).toBe(twice[1].importId);
  });
});
