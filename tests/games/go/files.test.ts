import fs from 'node:fs';
import path from 'node:path';
import {
  type GoPositionRecord,
  createHasher,
  generateZobristTable,
  positionIdKey,
  printZobristTable,
  encodePositionFile,
  encodeScoreFile,
} from '../../../src/codecs/go';
import { unwrap } from '../../../src/codecs/result';
import type { Database } from '../../../src/db/database';
import { readerFor } from '../../../src/games/index';
import { exportGoPositionFile, exportGoScoreFile, goHasher, parseGoKey } from '../../../src/games/go/files';
import { signedHashOf } from '../../../src/codecs/hashes';
import { bytesSource, runImport } from '../../../src/storage/importService';
import { ImportFailure } from '../../../src/games/importFailure';
import { describeEachDatabase } from '../../support/databases';
import { dataOf, graphqlClient } from '../../support/graphql';
import { indexedOccurrences, pliesOfGameIds } from '../../support/plies';
import { positionRecord, randomPositions, randomScores } from '../../support/goFiles';
import { samplePath } from '../../support/sampleData';

const DATA = samplePath('go');

const importFile = (db: Database, format: string, bytes: Uint8Array, options: Record<string, string> = {}) =>
  runImport(db, readerFor(format)!, bytesSource(bytes), options);

const collect = async (chunks: AsyncIterable<Uint8Array>): Promise<Buffer> => {
  const parts: Uint8Array[] = [];
  for await (const c of chunks) parts.push(c);
  return Buffer.concat(parts);
};

describe('Go keys and hashes', () => {
  it('reads a 20-hex-digit key as a PositionID and refuses other shapes', () => {
    expect(parseGoKey('c26fdb58178900b10042')).toEqual({ hash: 'c26fdb58178900b1', tiebreak: 0, toPlay: 'B' });
    expect(parseGoKey('9x9:c26fdb58178900b10042')).toBeNull();
  });
});

describeEachDatabase('Go position and score files', (getDb) => {
  it('imports 92- and 100-byte records and exports the file byte for byte, in import order', async () => {
    const db = getDb();
    const records = randomPositions(400, 1, 3); // mixed sizes: every third record has extra info
    const file = unwrap(encodePositionFile(records));
    expect(file.length).toBeGreaterThan(records.length * 92);
    const outcome = await importFile(db, 'GO_POSITIONS', file);
    expect(outcome.positionCount).toBe(records.length);
    expect(outcome.notes.find((w) => w.code === 'GO_HASH_AGREEMENT')?.message).toMatch(
      new RegExp(`^${records.length} of ${records.length} record hashes agree with .* "default"$`),
    );
    const exported = await collect(exportGoPositionFile(db.sql, outcome.importId));
    expect(Buffer.compare(exported, Buffer.from(file))).toBe(0);

    const only92 = unwrap(encodePositionFile(randomPositions(50, 2)));
    const second = await importFile(db, 'GO_POSITIONS', only92);
    expect(Buffer.compare(await collect(exportGoPositionFile(db.sql, second.importId)), Buffer.from(only92))).toBe(0);
    // Everything listed, in import order: the two files one after the other.
    expect(Buffer.compare(await collect(exportGoPositionFile(db.sql)), Buffer.concat([file, only92]))).toBe(0);
    const stored = await db.prisma.position.findUniqueOrThrow({ where: { kind_key: { kind: 'GO', key: positionIdKey(records[0].id) } } });
    expect(stored.board).toBe(records[0].board);
    expect(stored.hash).toBe(signedHashOf(records[0].id.hash));
    expect(stored.pieceCount).toBe(records[0].board.replace(/\./g, '').length);
    expect(stored.data).toEqual({ extra: records[0].extra });
  });

  it('lists the records read and hashes that all agree as notes, not warnings, in the report and the stored import', async () => {
    const db = getDb();
    const outcome = await importFile(db, 'GO_POSITIONS', unwrap(encodePositionFile(randomPositions(5, 21))));
    const [stored] = await db.sql.query<{ warnings: unknown[]; notes: { code: string }[] }>(`SELECT warnings, notes FROM "Import" WHERE id = $1`, [
      outcome.importId,
    ]);
    expect({
      warnings: outcome.warnings,
      notes: outcome.notes.map((n) => n.code),
      storedWarnings: stored.warnings,
      storedNotes: stored.notes.map((n) => n.code),
    }).toEqual({ warnings: [], notes: ['GO_RECORDS_READ', 'GO_HASH_AGREEMENT'], storedWarnings: [], storedNotes: ['GO_RECORDS_READ', 'GO_HASH_AGREEMENT'] });
  });

  it('merges duplicate PositionIDs: the first record stays, the export holds it once', async () => {
    const db = getDb();
    const records = randomPositions(6, 3);
    const duplicate: GoPositionRecord = { ...records[1], extra: { sourceFileId: 9, variation: 9, moveNumber: 9 } };
    const file = unwrap(encodePositionFile([...records.slice(0, 4), duplicate, ...records.slice(4)]));
    const outcome = await importFile(db, 'GO_POSITIONS', file);
    expect(outcome.positionCount).toBe(6);
    expect(outcome.notes[0]).toMatchObject({ code: 'GO_RECORDS_READ', message: expect.stringMatching(/^7 position records read/) });
    const exported = await collect(exportGoPositionFile(db.sql, outcome.importId));
    expect(Buffer.compare(exported, Buffer.from(unwrap(encodePositionFile(records))))).toBe(0);
  });

  it('rejects bad records with their index and byte offset, storing nothing', async () => {
    const db = getDb();
    const records = randomPositions(5, 4);
    const good = unwrap(encodePositionFile(records));
    const before = await db.prisma.position.count();
    const imports = await db.prisma.import.count();

    const badFlag = Buffer.from(good);
    badFlag[3 * 92 + 91] = 2;
    await expect(importFile(db, 'GO_POSITIONS', badFlag)).rejects.toMatchObject({
      error: { code: 'ERR_GO_EXTRA_FLAG', record: 3, offset: 3 * 92 + 91 },
    });
    const truncated = good.subarray(0, good.length - 10);
    const failure = await importFile(db, 'GO_POSITIONS', truncated).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ImportFailure);
    expect((failure as ImportFailure).error).toMatchObject({ code: 'ERR_GO_RECORD_LENGTH', record: 4, offset: 4 * 92 });

    const scores = Buffer.from(unwrap(encodeScoreFile(randomScores(records, 5))));
    scores[2 * 12 + 10] = 9;
    await expect(importFile(db, 'GO_SCORES', scores, { program: 'fuego' })).rejects.toMatchObject({
      error: { code: 'ERR_GO_SCORE_RANGE', record: 2, offset: 2 * 12 + 10 },
    });
    const who = Buffer.from(unwrap(encodeScoreFile(randomScores(records, 5))));
    who[12 + 9] = 0x58;
    await expect(importFile(db, 'GO_SCORES', who, { program: 'fuego' })).rejects.toMatchObject({
      error: { code: 'ERR_GO_TO_PLAY', record: 1, offset: 21 },
    });
    await expect(importFile(db, 'GO_SCORES', unwrap(encodeScoreFile([])), {})).rejects.toMatchObject({
      error: { code: 'ERR_GO_SCORE_PROGRAM' },
    });
    expect(await db.prisma.position.count()).toBe(before);
    expect(await db.prisma.import.count()).toBe(imports);
  });

  it('imports score files per program and ruleset and exports them byte for byte', async () => {
    const db = getDb();
    const records = randomPositions(300, 6, 5);
    await importFile(db, 'GO_POSITIONS', unwrap(encodePositionFile(records)));
    const fuego = unwrap(encodeScoreFile(randomScores(records, 7)));
    const gnugo = unwrap(encodeScoreFile(randomScores([...records].reverse(), 8)));
    const a = await importFile(db, 'GO_SCORES', fuego, { program: 'fuego', ruleset: 'chinese' });
    const b = await importFile(db, 'GO_SCORES', gnugo, { program: 'gnugo', ruleset: 'chinese' });
    expect([a.scoreCount, a.positionCount, b.scoreCount]).toEqual([300, 0, 300]);
    expect(Buffer.compare(await collect(exportGoScoreFile(db.sql, 'fuego', 'chinese')), Buffer.from(fuego))).toBe(0);
    expect(Buffer.compare(await collect(exportGoScoreFile(db.sql, 'gnugo', 'chinese')), Buffer.from(gnugo))).toBe(0);
    expect((await collect(exportGoScoreFile(db.sql, 'fuego', 'japanese'))).length).toBe(0);
  });

  it('keeps scores of positions not stored yet on placeholders that a position file completes', async () => {
    const db = getDb();
    const records = randomPositions(3, 9);
    const scores = unwrap(encodeScoreFile(randomScores(records, 10)));
    const s = await importFile(db, 'GO_SCORES', scores, { program: 'early', ruleset: 'x' });
    expect([s.positionCount, s.scoreCount]).toEqual([3, 3]);
    const key = positionIdKey(records[2].id);
    const placeholder = await db.prisma.position.findUniqueOrThrow({ where: { kind_key: { kind: 'GO', key } } });
    expect([placeholder.board, placeholder.listImportId, placeholder.pieceCount]).toEqual(['', null, null]);
    expect(Buffer.compare(await collect(exportGoScoreFile(db.sql, 'early', 'x')), Buffer.from(scores))).toBe(0);

    const file = unwrap(encodePositionFile(records));
    const p = await importFile(db, 'GO_POSITIONS', file);
    expect(p.positionCount).toBe(0); // completed, not new
    const completed = await db.prisma.position.findUniqueOrThrow({ where: { kind_key: { kind: 'GO', key } } });
    expect(completed.id).toBe(placeholder.id);
    expect(completed.board).toBe(records[2].board);
    expect(completed.listImportId).toBe(p.importId);
    expect(Buffer.compare(await collect(exportGoPositionFile(db.sql, p.importId)), Buffer.from(file))).toBe(0);
  });

  it('reports how many record hashes the active Zobrist table reproduces', async () => {
    const db = getDb();
    const other = generateZobristTable(81, 42n);
    const hasher = unwrap(createHasher(other, 9, 9));
    const file = unwrap(encodePositionFile(randomPositions(20, 11, 0, hasher)));
    const outcome = await importFile(db, 'GO_POSITIONS', file);
    const check = outcome.warnings.find((w) => w.code === 'GO_HASH_AGREEMENT');
    expect(check?.message).toMatch(/^0 of 20 record hashes agree with .*"default"; the first that does not is record 0/);
    await db.prisma.zobristTable.create({ data: { name: 'seed42', text: printZobristTable(other), active: true } });
    try {
      expect((await goHasher(db.sql))?.name).toBe('seed42');
      const again = await importFile(db, 'GO_POSITIONS', unwrap(encodePositionFile(randomPositions(7, 12, 0, hasher))));
      expect(again.notes.find((w) => w.code === 'GO_HASH_AGREEMENT')?.message).toMatch(/^7 of 7 record hashes agree with .*"seed42"$/);
    } finally {
      await db.prisma.zobristTable.delete({ where: { name: 'seed42' } });
    }
  });

  it('imports SGF Go games whose positions join position and score files', async () => {
    const db = getDb();
    const text = fs.readFileSync(path.join(DATA, 'fuego-regression_2012-zen-vs-pro_3_So8p-vs-Zen.sgf'));
    const outcome = await importFile(db, 'SGF', text);
    expect(outcome.gameCount).toBe(1);
    const game = await db.prisma.game.findUniqueOrThrow({ where: { id: outcome.gameIds[0] } });
    expect(game.kind).toBe('GO');
    // The game keeps its own tree's text, exactly as in the file (from its `(` to its `)`).
    expect(Buffer.from(game.source).toString('utf8')).toBe(text.toString('utf8').trim());
    const plies = (await pliesOfGameIds(db, [game.id])).filter((o) => o.variation === '').sort((a, b) => a.ply - b.ply);
    expect(plies[0].board).toBe('.'.repeat(81));
    expect(plies[1].move).toMatch(/^B\[[a-i]{2}\]$/);
    // A score file naming the 10th position reaches the position the game is indexed under.
    const tenth = plies[10].position;
    const record = positionRecord(tenth.board, tenth.sideToMove as 'B' | 'W');
    expect(positionIdKey(record.id)).toBe(tenth.key);
    expect(await indexedOccurrences(db, 'GO', tenth.key)).toBeGreaterThanOrEqual(1);
    await importFile(db, 'GO_SCORES', unwrap(encodeScoreFile([{ id: record.id, score: 6, confidence: 77 }])), { program: 'sgf-join' });
    const scores = await db.prisma.score.findMany({ where: { program: 'sgf-join' }, include: { position: true } });
    expect(scores.map((s) => [s.position.kind, s.position.key, s.value, s.confidence])).toEqual([['GO', tenth.key, 6, 77]]);

    const variations = fs.readFileSync(path.join(DATA, 'fuego-regression_2009_MM-Fuego-variations.sgf'));
    const v = await importFile(db, 'SGF', variations);
    const lines = new Set((await pliesOfGameIds(db, [v.gameIds[0]])).map((o) => o.variation));
    expect(lines.size).toBeGreaterThan(1);
    const setup = await importFile(db, 'SGF', fs.readFileSync(path.join(DATA, 'katago-tests_sampletest9x9_setup-props.sgf')));
    const root = (await pliesOfGameIds(db, [setup.gameIds[0]])).find((o) => o.ply === 0 && o.variation === '')!;
    expect(root.position.pieceCount).toBe(10);
  });

  it("a score file naming a position reached in a game keeps the game's board on the position", async () => {
    const db = getDb();
    const gql = graphqlClient(db);
    const game = await importFile(db, 'SGF', fs.readFileSync(path.join(DATA, 'fuego-regression_2010-Barcelona_Chou9p-vs-FuegoGB.sgf')));
    const line = (await pliesOfGameIds(db, game.gameIds)).filter((o) => o.variation === '').sort((a, b) => a.ply - b.ply);
    const twelfth = line[12].position;
    type Found = { positions: { id: string; board: string; sideToMove: string; occurrenceCount: number; scores: { value: number }[] }[] };
    const lookUp = async () =>
      dataOf(await gql<Found>(`{ positions(key: "${twelfth.key}", kind: GO) { id board sideToMove occurrenceCount scores { value } } }`)).positions;
    // Known only from the game: read from its replay, under a KIND:key id.
    expect(await lookUp()).toEqual([{ id: `GO:${twelfth.key}`, board: twelfth.board, sideToMove: twelfth.sideToMove, occurrenceCount: 1, scores: [] }]);
    const record = positionRecord(twelfth.board, twelfth.sideToMove as 'B' | 'W');
    expect(positionIdKey(record.id)).toBe(twelfth.key);
    const scored = await importFile(db, 'GO_SCORES', unwrap(encodeScoreFile([{ id: record.id, score: 5, confidence: 60 }])), { program: 'board-keeper' });
    expect(scored.scoreCount).toBe(1);
    // Now a row (the score is attached to it), still with the board the game gives it.
    const [row] = await db.prisma.position.findMany({ where: { kind: 'GO', key: twelfth.key } });
    expect(await lookUp()).toEqual([{ id: String(row.id), board: twelfth.board, sideToMove: twelfth.sideToMove, occurrenceCount: 1, scores: [{ value: 5 }] }]);
  });
});
