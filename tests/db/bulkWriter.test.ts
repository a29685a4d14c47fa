import { PendingImport, finishImport, writeChunk } from '../../src/db/bulkWriter';
import { writtenDateRange } from '../../src/db/dateRange';
import type { Database } from '../../src/db/database';
import { describeEachDatabase } from '../support/databases';
import { indexedOccurrences, storedPlies } from '../support/plies';
import { AFTER_E4, AFTER_E4_E5, START, chessGame, chessPosition } from '../support/records';

/** Writes chunks in one transaction under a fresh Import row; returns the import id. */
const importChunks = (db: Database, fingerprint: string, chunks: Parameters<typeof writeChunk>[2][], pending = new PendingImport()) =>
  db.transaction(async (sql) => {
    const [{ id }] = await sql.query<{ id: bigint }>(
      `INSERT INTO "Import" (format, fingerprint) VALUES ('PGN', $1) RETURNING id`,
      [fingerprint],
    );
    let base = 0;
    const counts = [];
    for (const chunk of chunks) {
      const c = await writeChunk(sql, id, chunk, base, pending);
      base += c.games;
      counts.push(c);
    }
    const scores = await finishImport(sql, id, pending);
    return { id, counts, scores };
  });

describe('the days a written date can be', () => {
  it('reads a full PGN or ISO date as one day', () => {
    expect(writtenDateRange('1851.06.21')).toEqual({ from: '1851-06-21', until: '1851-06-21' });
    expect(writtenDateRange('2025-11-08')).toEqual({ from: '2025-11-08', until: '2025-11-08' });
  });

  it('reads a date known to its month or year as the days it can be', () => {
    expect(writtenDateRange('1851.??.??')).toEqual({ from: '1851-01-01', until: '1851-12-31' });
    expect(writtenDateRange('1851')).toEqual({ from: '1851-01-01', until: '1851-12-31' });
    expect(writtenDateRange('2024.02.??')).toEqual({ from: '2024-02-01', until: '2024-02-29' });
  });

  it('refuses impossible or unknown dates', () => {
    expect(writtenDateRange('2023.02.30')).toBeNull();
    expect(writtenDateRange('????.??.??')).toBeNull();
    expect(writtenDateRange(undefined)).toBeNull();
  });
});

describeEachDatabase('bulk writer', (getDb) => {
  it('stores games with their plies, indexes each position reached and stores no Position row for them', async () => {
    const db = getDb();
    const { id, counts } = await importChunks(db, 'bulk-1', [{ games: [chessGame('Anderssen', 'Kieseritzky'), chessGame('Morphy', 'Duke')] }]);
    // positions: the distinct positions of each game, summed over the games (3 + 3).
    expect(counts).toEqual([{ games: 2, positions: 6, scores: 0 }]);
    const games = await db.prisma.game.findMany({ where: { importId: id }, orderBy: { indexInFile: 'asc' } });
    expect(games.map((g) => [g.indexInFile, g.player1, g.player2])).toEqual([
      [0, 'Anderssen', 'Kieseritzky'],
      [1, 'Morphy', 'Duke'],
    ]);
    expect(Buffer.from(games[0].source).toString()).toBe('[White "Anderssen"]\n[Black "Kieseritzky"]\n\n1. e4 e5 *\n');
    // Nothing is attached to these positions: no Position row, but the index finds each in both games.
    expect(await db.prisma.position.count({ where: { kind: 'CHESS' } })).toBe(0);
    expect(await indexedOccurrences(db, 'CHESS', START.key)).toBe(2);
    expect(await indexedOccurrences(db, 'CHESS', AFTER_E4.key)).toBe(2);
    expect(await indexedOccurrences(db, 'CHESS', AFTER_E4_E5.key)).toBe(2);
    const plies = (await storedPlies(db, id)).filter((p) => p.gameId === games[1].id);
    expect(plies.map((p) => [p.ply, p.move, p.nextMove, p.key])).toEqual([
      [0, null, 'e4', START.key],
      [1, 'e4', 'e5', AFTER_E4.key],
      [2, 'e5', null, AFTER_E4_E5.key],
    ]);
    expect(plies[0].board).toBe(START.board);
  });

  it('indexes a later import\'s games beside the earlier ones, still storing no Position row for them', async () => {
    const db = getDb();
    const { counts } = await importChunks(db, 'bulk-2', [{ games: [chessGame('Tal', 'Botvinnik')] }]);
    expect(counts).toEqual([{ games: 1, positions: 3, scores: 0 }]);
    expect(await db.prisma.position.count({ where: { kind: 'CHESS' } })).toBe(0);
    expect(await indexedOccurrences(db, 'CHESS', START.key)).toBe(3);
    expect(await indexedOccurrences(db, 'CHESS', AFTER_E4_E5.key)).toBe(3);
  });

  it('numbers games across chunks of one import', async () => {
    const db = getDb();
    const { id } = await importChunks(db, 'bulk-3', [{ games: [chessGame('A', 'B')] }, { games: [chessGame('C', 'D'), chessGame('E', 'F')] }]);
    const games = await db.prisma.game.findMany({ where: { importId: id }, orderBy: { indexInFile: 'asc' } });
    expect(games.map((g) => `${g.indexInFile}:${g.player1}`)).toEqual(['0:A', '1:C', '2:E']);
  });

  it('keeps standalone positions in file order, the first of duplicate keys winning', async () => {
    const db = getDb();
    const a = chessPosition('00000000000000aa', 'board-a');
    const b = chessPosition('00000000000000bb', 'board-b');
    const bAgain = { ...chessPosition('00000000000000bb', 'board-b-later') };
    const { counts } = await importChunks(db, 'bulk-4', [{ positions: [b, a, bAgain] }]);
    expect(counts[0].positions).toBe(2);
    const rows = await db.prisma.position.findMany({ where: { key: { in: [a.key, b.key] } }, orderBy: { id: 'asc' } });
    expect(rows.map((r) => r.board)).toEqual(['board-b', 'board-a']);
  });

  it('stores a listed key repeated in a later chunk of the same import once, the first listing winning', async () => {
    const db = getDb();
    const listed = (key: string, board: string, listIndex: number) => ({ ...chessPosition(key, board), listIndex });
    const { id, counts } = await importChunks(db, 'bulk-4b', [
      { positions: [listed('00000000000000c1', 'board-c1', 0), listed('00000000000000c2', 'board-c2', 1)] },
      { positions: [listed('00000000000000c2', 'board-c2-again', 2), listed('00000000000000c3', 'board-c3', 3)] },
    ]);
    expect(counts.map((c) => c.positions)).toEqual([2, 1]);
    const rows = await db.prisma.position.findMany({ where: { listImportId: id }, orderBy: { id: 'asc' } });
    expect(rows.map((r) => [r.board, r.listIndex])).toEqual([
      ['board-c1', 0],
      ['board-c2', 1],
      ['board-c3', 3],
    ]);
  });

  it('stores scores and lets a later verdict of the same program and ruleset replace the earlier', async () => {
    const db = getDb();
    const score = { kind: 'CHESS' as const, positionKey: AFTER_E4.key, program: 'stockfish', ruleset: 'd20' };
    // A position reached in games gets a row once a score is attached to it in the chunk of its game.
    const first = await importChunks(db, 'bulk-5', [{ games: [chessGame('Carlsen', 'Caruana')], scores: [{ ...score, value: 0.3, confidence: 90 }] }]);
    expect(first.counts).toEqual([{ games: 1, positions: 3, scores: 1 }]);
    const row = await db.prisma.position.findUniqueOrThrow({ where: { kind_key: { kind: 'CHESS', key: AFTER_E4.key } } });
    expect(row.board).toBe(AFTER_E4.board);
    // Only the scored position of the game is a row.
    expect(await db.prisma.position.count({ where: { kind: 'CHESS', key: { in: [START.key, AFTER_E4.key, AFTER_E4_E5.key] } } })).toBe(1);
    // A later score file (no game) reaches the stored row and replaces the verdict.
    const second = await importChunks(db, 'bulk-6', [{ scores: [{ ...score, value: 0.25, details: { depth: 20 } }] }]);
    expect(second.counts).toEqual([{ games: 0, positions: 0, scores: 1 }]);
    const stored = await db.prisma.score.findMany({ where: { program: 'stockfish' } });
    expect(stored.map((s) => [s.positionId, s.value, s.confidence, s.details])).toEqual([[row.id, 0.25, null, { depth: 20 }]]);
  });

  it('merges staged scores a batch at a time: the last verdict wins and new rows take ids in file order', async () => {
    const db = getDb();
    const verdict = (key: string, program: string, value: number) => ({ kind: 'CHESS' as const, positionKey: key, program, ruleset: 'merge', value });
    const game = chessGame('Merge', 'Batches');
    // Three chunks of scores, merged every two staged rows: the position after 1. e4 is scored three times by `a`.
    const chunks = [
      { games: [game], scores: [verdict(AFTER_E4.key, 'a', 1), verdict(START.key, 'b', 2)] },
      { games: [chessGame('Merge', 'Again')], scores: [verdict(AFTER_E4.key, 'a', 3)] },
      { games: [chessGame('Merge', 'Last')], scores: [verdict(AFTER_E4_E5.key, 'c', 4), verdict(AFTER_E4.key, 'a', 5)] },
    ];
    const { scores } = await importChunks(db, 'bulk-merge', chunks, new PendingImport(2));
    expect(scores).toBe(4);
    const stored = await db.prisma.score.findMany({ where: { ruleset: 'merge' }, orderBy: { id: 'asc' }, include: { position: true } });
    expect(stored.map((s) => [s.position.key, s.program, s.value])).toEqual([
      [AFTER_E4.key, 'a', 5],
      [START.key, 'b', 2],
      [AFTER_E4_E5.key, 'c', 4],
    ]);
  });

  it('leaves nothing behind when the transaction fails part-way', async () => {
    const db = getDb();
    const before = await db.prisma.game.count();
    const indexedBefore = await indexedOccurrences(db, 'CHESS', START.key);
    await expect(
      db.transaction(async (sql) => {
        const [{ id }] = await sql.query<{ id: bigint }>(
          `INSERT INTO "Import" (format, fingerprint) VALUES ('PGN', 'bulk-7') RETURNING id`,
        );
        const pending = new PendingImport();
        await writeChunk(sql, id, { games: [chessGame('Lost', 'Game'), chessGame('Lost', 'Too')] }, 0, pending);
        await finishImport(sql, id, pending);
        throw new Error('record 900000 is broken');
      }),
    ).rejects.toThrow('record 900000 is broken');
    expect(await db.prisma.game.count()).toBe(before);
    expect(await db.prisma.import.count({ where: { fingerprint: 'bulk-7' } })).toBe(0);
    // The index entries flushed inside the transaction went with it.
    expect(await indexedOccurrences(db, 'CHESS', START.key)).toBe(indexedBefore);
  });

  it('stores text with tabs, newlines and backslashes unchanged through COPY', async () => {
    const db = getDb();
    const event = 'Line one\nline\ttwo \\ three\r';
    const { id } = await importChunks(db, 'bulk-8', [{ games: [chessGame('X', 'Y', { event, metadata: { note: 'a\tb' } })] }]);
    const game = await db.prisma.game.findFirstOrThrow({ where: { importId: id } });
    expect(game.event).toBe(event);
    expect(game.metadata).toEqual({ note: 'a\tb' });
  });
});
