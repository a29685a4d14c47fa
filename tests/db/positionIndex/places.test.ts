/**
 * The position index keeps the invariants the Occurrence table's foreign keys gave: every entry
 * refers to a stored game of the import that wrote it (deleting an import leaves none of its
 * rows and no entry of its games), a file imported twice is indexed once, and every ply of an
 * imported file (variations included) is found under its key, by the index and through GraphQL.
 *
 * Numbers from the sample files, counted with pgn-extract (--plycount --totalplycount):
 * jose-starter.pgn has 16 games, 1,312 main-line plies and 29 variation plies, so
 * 16 + 1,312 = 1,328 main-line nodes (ply 0 included) and 1,357 nodes in all;
 * scid-res_gameUTF8.pgn has 1 game, 149 main-line plies and 330 variation plies: 480 nodes.
 * Both start from the standard position.
 */
import type { Database } from '../../../src/db/database';
import type { GameKind } from '../../../src/db/records';
import {
  PACKED_BLOCK,
  PACKED_RUN,
  type Posting,
  SIX_BYTE_RUN,
  TEN_BYTE_BLOCK,
  addBlockLos,
  bucketOf,
  decodeRun,
  findInBlock,
  positionHash,
  signedHash,
  unpackBlock,
} from '../../../src/db/positionIndex/layout';
import { DEFAULT_LIMITS } from '../../../src/server/limits';
import { readerFor } from '../../../src/games/index';
import { deleteImport } from '../../../src/storage/imports';
import { reachedKeys } from '../../../src/db/positionIndex';
import { bytesSource, runImport } from '../../../src/storage/importService';
import { describeEachDatabase } from '../../support/databases';
import { dataOf, graphqlClient } from '../../support/graphql';
import { type PlyRow, indexedOccurrences, storedPlies } from '../../support/plies';
import { sample } from '../../support/sampleData';
import { rewriteRunsInSixByteLayout, tenByteBlock } from '../../support/oldIndexLayouts';

const JOSE = sample('chess', 'jose-starter.pgn');
const SCID = sample('chess', 'scid-res_gameUTF8.pgn');
const JOSE_NODES = 1_357;
const JOSE_MAIN_NODES = 1_328;
const JOSE_VARIATION_NODES = 29;
const SCID_NODES = 480;
const SCID_VARIATION_NODES = 330;
/** The Polyglot key of the standard start position. */
const START_KEY = '463b96181691fc9c';

const importPgn = (db: Database, bytes: Uint8Array) => runImport(db, readerFor('PGN')!, bytesSource(bytes));

/** One decoded entry of the index, with the row it came from. */
interface IndexEntry {
  table: 'PositionBlock' | 'PositionRun';
  kind: GameKind;
  importId: bigint;
  posting: Posting;
  /** Block entries: the bucket of the block and the entry's low hash half. */
  bucket?: number;
  lo?: number;
  /** Run entries: the run's full hash. */
  hash?: bigint;
}

/** Every entry of every block and run, decoded. */
async function indexEntries(db: Database): Promise<IndexEntry[]> {
  const out: IndexEntry[] = [];
  const blocks = await db.sql.query<{ kind: GameKind; bucket: number; baseGameId: bigint; importId: bigint; layout: number; entries: Uint8Array }>(
    `SELECT kind::text AS kind, bucket, "baseGameId", "importId", layout, entries FROM "PositionBlock" ORDER BY kind, bucket, "baseGameId"`,
  );
  for (const b of blocks) {
    const los = new Set<number>();
    addBlockLos(b.entries, b.layout, los);
    for (const lo of los) {
      const found: Posting[] = [];
      findInBlock(b.entries, b.layout, b.baseGameId, lo, found);
      for (const posting of found) out.push({ table: 'PositionBlock', kind: b.kind, importId: b.importId, posting, bucket: b.bucket, lo });
    }
  }
  const runs = await db.sql.query<{ kind: GameKind; hash: bigint; baseGameId: bigint; importId: bigint; occurrences: number; games: number; layout: number; entries: Uint8Array }>(
    `SELECT kind::text AS kind, hash, "baseGameId", "importId", occurrences, games, layout, entries FROM "PositionRun" ORDER BY kind, hash, "baseGameId"`,
  );
  for (const r of runs) {
    const found: Posting[] = [];
    decodeRun(r.entries, r.layout, r.baseGameId, found);
    // A run's counts are those of its entries.
    expect([found.length, new Set(found.map((p) => p.gameId)).size]).toEqual([r.occurrences, r.games]);
    for (const posting of found) out.push({ table: 'PositionRun', kind: r.kind, importId: r.importId, posting, hash: r.hash });
  }
  return out;
}

const place = (gameId: bigint, node: number, mainLine: boolean): string => `${gameId}/${node}/${mainLine ? 'main' : 'variation'}`;
const entryPlace = (e: IndexEntry): string => place(e.posting.gameId, e.posting.node, e.posting.mainLine);
const plyPlace = (p: PlyRow): string => place(p.gameId, p.node, p.variation === '');

/** The index rows that name an import that does not exist, and the entries whose game is not one of the row's import. */
async function danglingIndex(db: Database): Promise<{ rows: number; entries: string[] }> {
  const [{ n }] = await db.sql.query<{ n: bigint }>(
    `SELECT count(*)::int8 AS n FROM (
       SELECT "importId" FROM "PositionBlock" UNION ALL SELECT "importId" FROM "PositionRun" UNION ALL SELECT "importId" FROM "PositionMove"
     ) i WHERE NOT EXISTS (SELECT 1 FROM "Import" WHERE id = i."importId")`,
  );
  const games = new Map((await db.prisma.game.findMany({ select: { id: true, importId: true } })).map((g) => [g.id, g.importId]));
  const entries = (await indexEntries(db)).filter((e) => games.get(e.posting.gameId) !== e.importId).map(entryPlace);
  return { rows: Number(n), entries };
}

/** Asserts the index holds exactly the stored plies: one entry per node, under the node's key. */
async function expectIndexOfPlies(db: Database, plies: PlyRow[]): Promise<void> {
  const entries = await indexEntries(db);
  expect(entries).toHaveLength(plies.length);
  const byPlace = new Map(plies.map((p) => [plyPlace(p), p]));
  expect(byPlace.size).toBe(plies.length);
  expect(new Set(entries.map(entryPlace))).toEqual(new Set(byPlace.keys()));
  for (const e of entries) {
    const ply = byPlace.get(entryPlace(e))!;
    expect(e.kind).toBe(ply.kind);
    const h = positionHash(ply.key);
    if (e.table === 'PositionBlock') expect([e.bucket, e.lo]).toEqual([bucketOf(h.hi), h.lo]);
    else expect(e.hash).toBe(signedHash(h));
  }
}

const indexRowCounts = async (db: Database) => ({
  blocks: await db.prisma.positionBlock.count(),
  runs: await db.prisma.positionRun.count(),
  moves: await db.prisma.positionMove.count(),
});

interface FoundPosition {
  key: string;
  occurrenceCount: number;
  occurrences: { number: number; variation: string; move: string | null; game: { id: string } }[];
}

/** Request limits raised for the many-key lookups below (the limits are not what these tests are about). */
const WIDE_LIMITS = { ...DEFAULT_LIMITS, maxAliases: 100, maxCost: 10_000_000, maxTokens: 100_000 };

/** `positions(key:, kind: CHESS)` for each key, 50 keys to a request (aliases). */
async function positionsThroughGraphql(db: Database, keys: string[]): Promise<Map<string, FoundPosition[]>> {
  const gql = graphqlClient(db, [], WIDE_LIMITS);
  const out = new Map<string, FoundPosition[]>();
  for (let at = 0; at < keys.length; at += 50) {
    const batch = keys.slice(at, at + 50);
    const fields = batch
      .map((key, i) => `k${i}: positions(key: "${key}", kind: CHESS) { key occurrenceCount occurrences(first: 500) { number variation move game { id } } }`)
      .join('\n');
    const data = dataOf(await gql<Record<string, FoundPosition[]>>(`{ ${fields} }`));
    batch.forEach((key, i) => out.set(key, data[`k${i}`]));
  }
  return out;
}

const byPlyPlace = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

describeEachDatabase('position index', (getDb) => {
  let jose: Awaited<ReturnType<typeof importPgn>>;

  it('finds every ply of a PGN file with variations under its key: by the index and through GraphQL', async () => {
    const db = getDb();
    jose = await importPgn(db, JOSE);
    expect(jose).toMatchObject({ alreadyImported: false, gameCount: 16, scoreCount: 0 });
    const plies = await storedPlies(db, jose.importId);
    expect(plies).toHaveLength(JOSE_NODES);
    expect(plies.filter((p) => p.variation === '')).toHaveLength(JOSE_MAIN_NODES);
    expect(plies.filter((p) => p.variation !== '')).toHaveLength(JOSE_VARIATION_NODES);
    expect(plies.filter((p) => p.key === START_KEY)).toHaveLength(16);
    // Nothing is attached to these positions: no rows, only index entries, one per node.
    expect(await db.prisma.position.count()).toBe(0);
    await expectIndexOfPlies(db, plies);
    // The start position (16 times in the flush) has a run of its own; the rarer positions are in blocks.
    const tables = await indexEntries(db);
    expect(tables.filter((e) => e.table === 'PositionRun' && e.hash === signedHash(positionHash(START_KEY)))).toHaveLength(16);
    expect(tables.filter((e) => e.table === 'PositionBlock').length).toBeGreaterThan(0);

    // Each key's count in the index is the number of nodes that reach it.
    const byKey = new Map<string, PlyRow[]>();
    for (const p of plies) byKey.set(p.key, [...(byKey.get(p.key) ?? []), p]);
    for (const p of plies) expect(await indexedOccurrences(db, 'CHESS', p.key)).toBe(byKey.get(p.key)!.length);
    expect(await indexedOccurrences(db, 'CHESS', START_KEY)).toBe(16);

    // Through GraphQL each key gives one position whose occurrences are exactly its nodes.
    const found = await positionsThroughGraphql(db, [...byKey.keys()]);
    const missing: string[] = [];
    for (const [key, nodes] of byKey) {
      const positions = found.get(key)!;
      if (positions.length !== 1) {
        missing.push(key);
        continue;
      }
      const [position] = positions;
      expect(position.occurrenceCount).toBe(nodes.length);
      const seen = position.occurrences.map((o) => `${o.game.id} ${o.variation} ${o.number} ${o.move}`).sort(byPlyPlace);
      const wanted = nodes.map((n) => `${n.gameId} ${n.variation} ${n.ply} ${n.move}`).sort(byPlyPlace);
      expect(seen).toEqual(wanted);
    }
    expect(missing).toEqual([]);
    // Every variation node among them.
    const variationKeys = new Set(plies.filter((p) => p.variation !== '').map((p) => p.key));
    expect([...variationKeys].every((key) => found.get(key)!.some((pos) => pos.occurrences.some((o) => o.variation !== '')))).toBe(true);
  });

  it('keeps the points backgammon games were worth per move of a position hot in the flush', async () => {
    const db = getDb();
    const data = sample('backgammon', 'gnubgparser_charlot1-charlot2_7p_2025-11-08-2305.sgf');
    const match = await runImport(db, readerFor('SGF')!, bytesSource(data));
    const rows = await db.sql.query<{ move: string; firstPoints: number; pointGames: number }>(
      `SELECT move, "firstPoints", "pointGames" FROM "PositionMove" WHERE kind = 'BACKGAMMON' AND move ~ '^[0-9]{2}: ' ORDER BY move`,
    );
    // The start board (its Position ID, the group key, in all four games) is hot. Each game's
    // opening play with the game's result for White, the first player: game 0 B[41] RE[B+2R]
    // (-2), game 1 B[65] RE[W+2] (+2), game 2 W[31] RE[W+4] (+4), game 3 B[21] RE[W+3R] (+3).
    const opening = rows.filter((r) => ['41: 13/9 24/23', '65: 24/18 18/13', '31: 8/5 6/5', '21: 13/11 6/5'].includes(r.move));
    expect(opening.map((r) => [r.move, r.firstPoints, Number(r.pointGames)])).toEqual([
      ['21: 13/11 6/5', 3, 1],
      ['31: 8/5 6/5', 4, 1],
      ['41: 13/9 24/23', -2, 1],
      ['65: 24/18 18/13', 2, 1],
    ]);
    // The tests below count every entry of the index: leave none of this match's.
    await deleteImport(db, match.importId);
  });

  it('indexes a file imported twice once: the same file again, and the same file twice at once', async () => {
    const db = getDb();
    const entries = await indexEntries(db);
    const rows = await indexRowCounts(db);
    const again = await importPgn(db, JOSE);
    expect(again).toMatchObject({ alreadyImported: true, importId: jose.importId, gameIds: jose.gameIds });
    expect(await indexEntries(db)).toEqual(entries);
    expect(await indexRowCounts(db)).toEqual(rows);
    expect(await indexedOccurrences(db, 'CHESS', START_KEY)).toBe(16);

    const twice = await Promise.all([importPgn(db, SCID), importPgn(db, SCID)]);
    expect(twice.map((o) => o.alreadyImported).sort()).toEqual([false, true]);
    expect(twice[0].importId).toBe(twice[1].importId);
    const scid = await storedPlies(db, twice[0].importId);
    expect(scid).toHaveLength(SCID_NODES);
    expect(scid.filter((p) => p.variation !== '')).toHaveLength(SCID_VARIATION_NODES);
    const after = await indexEntries(db);
    expect(after.filter((e) => e.importId === twice[0].importId)).toHaveLength(SCID_NODES);
    expect(after).toHaveLength(JOSE_NODES + SCID_NODES);
    await expectIndexOfPlies(db, await storedPlies(db));
    expect(await indexedOccurrences(db, 'CHESS', START_KEY)).toBe(17);
  });

  it('deleting an import leaves no index row of it and no entry of a game that is gone', async () => {
    const db = getDb();
    const josePlies = await storedPlies(db, jose.importId);
    const scidPlies = (await storedPlies(db)).filter((p) => !jose.gameIds.includes(p.gameId));
    expect(scidPlies).toHaveLength(SCID_NODES);
    const scidKeys = new Set(scidPlies.map((p) => p.key));
    const onlyJose = [...new Set(josePlies.map((p) => p.key))].filter((key) => !scidKeys.has(key));
    expect(onlyJose.length).toBeGreaterThan(0);
    expect(await danglingIndex(db)).toEqual({ rows: 0, entries: [] });

    // No scored or listed position: deleting removes games and index entries, no Position row.
    expect(await deleteImport(db, jose.importId)).toEqual({ games: 16, positions: 0, scores: 0 });
    for (const table of ['PositionBlock', 'PositionRun', 'PositionMove']) {
      const [{ n }] = await db.sql.query<{ n: bigint }>(`SELECT count(*)::int8 AS n FROM "${table}" WHERE "importId" = $1`, [jose.importId]);
      expect([table, Number(n)]).toEqual([table, 0]);
    }
    expect(await danglingIndex(db)).toEqual({ rows: 0, entries: [] });
    // What is left is exactly the other import's plies.
    await expectIndexOfPlies(db, await storedPlies(db));
    expect(await indexEntries(db)).toHaveLength(SCID_NODES);
    expect(await indexedOccurrences(db, 'CHESS', START_KEY)).toBe(1);
    for (const key of onlyJose) expect(await indexedOccurrences(db, 'CHESS', key)).toBe(0);
    // GraphQL no longer finds a position only the deleted games reached.
    const found = await positionsThroughGraphql(db, onlyJose.slice(0, 50));
    expect([...found.values()].every((positions) => positions.length === 0)).toBe(true);

    // The file imports afresh and is indexed again, once.
    const back = await importPgn(db, JOSE);
    expect(back).toMatchObject({ alreadyImported: false, gameCount: 16 });
    expect(back.importId).not.toBe(jose.importId);
    expect(await indexEntries(db)).toHaveLength(JOSE_NODES + SCID_NODES);
    await expectIndexOfPlies(db, await storedPlies(db));
    expect(await indexedOccurrences(db, 'CHESS', START_KEY)).toBe(17);
  });

  it('tells which of many keys some stored game reaches, and no other', async () => {
    const db = getDb();
    const keys = [...new Set((await storedPlies(db)).map((p) => p.key))];
    expect(keys.length).toBeGreaterThan(64);
    const unreached = ['0000000000000001', '00000000000000ff', 'ffffffffffffff00'];
    expect(await reachedKeys(db.sql, 'CHESS', [...keys, ...unreached])).toEqual(new Set(keys));
  });

  it('writes its blocks bit-packed, and reads blocks written in the 10-byte layout before as it reads them', async () => {
    const db = getDb();
    const plies = await storedPlies(db);
    const keys = [...new Set(plies.map((p) => p.key))];
    const packed = await positionsThroughGraphql(db, keys);
    const blocks = await db.sql.query<{ kind: string; bucket: number; baseGameId: bigint; layout: number; entries: Uint8Array }>(
      `SELECT kind::text AS kind, bucket, "baseGameId", layout, entries FROM "PositionBlock"`,
    );
    expect(blocks.length).toBeGreaterThan(0);
    expect(blocks.every((b) => b.layout === PACKED_BLOCK)).toBe(true);
    for (const b of blocks) {
      await db.sql.query(`UPDATE "PositionBlock" SET layout = $4, entries = $5 WHERE kind = $1::"GameKind" AND bucket = $2 AND "baseGameId" = $3`, [
        b.kind,
        b.bucket,
        b.baseGameId,
        TEN_BYTE_BLOCK,
        Buffer.from(tenByteBlock(unpackBlock(b.entries))),
      ]);
    }
    expect(await db.sql.query(`SELECT DISTINCT layout FROM "PositionBlock"`)).toEqual([{ layout: TEN_BYTE_BLOCK }]);
    await expectIndexOfPlies(db, plies);
    expect(await positionsThroughGraphql(db, keys)).toEqual(packed);
    expect(await reachedKeys(db.sql, 'CHESS', [...keys, '0000000000000001'])).toEqual(new Set(keys));
  });

  it('writes its runs bit-packed with their moves, and reads runs written in the 6-byte layout before as it reads them', async () => {
    const db = getDb();
    const plies = await storedPlies(db);
    const keys = [...new Set(plies.map((p) => p.key))];
    const packed = await positionsThroughGraphql(db, keys);
    const layouts = await db.sql.query<{ layout: number; moves: number }>(`SELECT layout, count(moves)::int AS moves FROM "PositionRun" GROUP BY layout`);
    expect(layouts).toEqual([{ layout: PACKED_RUN, moves: 0 }]);
    expect(await rewriteRunsInSixByteLayout(db)).toBeGreaterThan(0);
    expect(await db.sql.query(`SELECT DISTINCT layout FROM "PositionRun"`)).toEqual([{ layout: SIX_BYTE_RUN }]);
    await expectIndexOfPlies(db, plies);
    expect(await positionsThroughGraphql(db, keys)).toEqual(packed);
    expect(await reachedKeys(db.sql, 'CHESS', [...keys, '0000000000000001'])).toEqual(new Set(keys));
    // An import deleted with its runs in the old layout leaves none of its rows.
    const [{ id }] = await db.sql.query<{ id: bigint }>(`SELECT max(id) AS id FROM "Import"`);
    await deleteImport(db, id);
    expect(await db.sql.query(`SELECT count(*)::int AS n FROM "PositionRun" WHERE "importId" = $1`, [id])).toEqual([{ n: 0 }]);
    await expectIndexOfPlies(db, await storedPlies(db));
  });
});
