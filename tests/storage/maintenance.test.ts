/**
 * `tabula maintain` (src/storage/maintenance.ts): the position index's tables rewritten in the order
 * of their keys, each bucket's rows next to each other, and lookups answered as before.
 */
import type { Database } from '../../src/db/database';
import type { PositionRecord } from '../../src/db/records';
import { readerFor } from '../../src/games/index';
import { bytesSource, runImport } from '../../src/storage/importService';
import { createLoaders } from '../../src/api/loaders';
import { occurrencesOfKey } from '../../src/storage/occurrences';
import { explorerMoves } from '../../src/storage/explorer';
import { clusterPositionIndex } from '../../src/storage/maintenance';
import { describeEachDatabase } from '../support/databases';
import { sample } from '../support/sampleData';

/** The blocks' keys in the order the table holds them. */
const blocksAsStored = async (db: Database): Promise<string[]> =>
  (await db.sql.query<{ kind: string; bucket: number; base: bigint }>(`SELECT kind::text AS kind, bucket, "baseGameId" AS base FROM "PositionBlock" ORDER BY ctid`)).map(
    (r) => `${r.kind} ${String(r.bucket).padStart(5, '0')} ${String(r.base).padStart(12, '0')}`,
  );

/** Every position's occurrences and explorer moves, as a request reads them. */
async function answers(db: Database, positions: PositionRecord[]): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const position of positions) {
    const loaders = createLoaders(db);
    const occurrences = await occurrencesOfKey(db, loaders.source, 'CHESS', position.key, 500);
    const moves = await explorerMoves(db, loaders.source, { ...position, sideToMove: position.sideToMove ?? null }, true);
    out.push({ key: position.key, occurrences: occurrences.map((o) => [o.gameId, o.node, o.number, o.variation]), moves });
  }
  return out;
}

describeEachDatabase('maintenance of the position index', (getDb) => {
  it('rewrites the blocks in key order and answers lookups as before', async () => {
    const db = getDb();
    // Two imports, each flushed on its own: the second's rows come after the first's in the table.
    for (const file of ['jose-starter.pgn', 'immortal-games.pgn']) await runImport(db, readerFor('PGN')!, bytesSource(sample('chess', file)));
    const loaders = createLoaders(db);
    const games = await db.prisma.game.findMany({ select: { id: true } });
    const plies = (await Promise.all(games.map((g) => loaders.source.plies(g.id)))).flat();
    // Every fifth of the ~3,100 positions (the start, shared by every game, first): each answer is
    // a dozen statements, and all of them twice on both databases took a minute.
    const positions = [...new Map(plies.map((p) => [p.ply.position.key, p.ply.position])).values()].filter((_, i) => i % 5 === 0);
    const before = await answers(db, positions);
    const storedBefore = await blocksAsStored(db);
    expect(storedBefore).not.toEqual([...storedBefore].sort());

    const report = await clusterPositionIndex(db);

    expect(report.tables).toEqual(['PositionBlock', 'PositionRun']);
    const storedAfter = await blocksAsStored(db);
    expect(storedAfter).toEqual([...storedBefore].sort());
    expect(await answers(db, positions)).toEqual(before);
  });
});
