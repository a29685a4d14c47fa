/**
 * Where a position occurs, as `Position.occurrences` reads it: an entry of the index found under
 * the key's whole hash on the main line is placed by the index alone (its node is its ply), any
 * other is checked against a replay of its game, and a placed occurrence's record is its game's
 * replay's when a field asks for it.
 */
import type { Database } from '../../src/db/database';
import { readerFor } from '../../src/games/index';
import { createLoaders } from '../../src/api/loaders';
import { bytesSource, runImport } from '../../src/storage/importService';
import { type PlySource, occurrencesAt, occurrencesOfKey, placesByGame, recordOf } from '../../src/storage/occurrences';
import { describeEachDatabase } from '../support/databases';
import { sample } from '../support/sampleData';

/** The Polyglot key of the standard start position: 16 times in jose-starter.pgn's one flush, so in a run. */
const START_KEY = '463b96181691fc9c';

/** The request's source of replays, counting the games it replays. */
function countingSource(db: Database): { source: PlySource; replayed: bigint[] } {
  const loaders = createLoaders(db);
  const replayed: bigint[] = [];
  const source: PlySource = {
    ...loaders.source,
    plies: (id) => {
      replayed.push(id);
      return loaders.source.plies(id);
    },
  };
  return { source, replayed };
}

describeEachDatabase('occurrences of a position', (getDb) => {
  let gameIds: bigint[];

  beforeAll(async () => {
    const db = getDb();
    await runImport(db, readerFor('PGN')!, bytesSource(sample('chess', 'jose-starter.pgn')));
    gameIds = (await db.prisma.game.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map((g) => g.id);
  });

  it('places main-line occurrences under a run by the index alone, replaying no game', async () => {
    const db = getDb();
    const { source, replayed } = countingSource(db);
    const found = await occurrencesOfKey(db, source, 'CHESS', START_KEY, 20);
    expect(found.map((o) => [o.gameId, o.node, o.number, o.variation, o.record])).toEqual(gameIds.map((id) => [id, 0, 0, '', null]));
    expect(replayed).toEqual([]);
  });

  it('checks an occurrence found in a block against a replay of its game and keeps its record', async () => {
    const db = getDb();
    const { source: first } = countingSource(db);
    // The position after the first game's last move occurs once: its entry is in a block.
    const replay = await first.plies(gameIds[0]);
    const last = replay.filter((p) => p.ply.variation === '').at(-1)!;
    const { source, replayed } = countingSource(db);
    const found = await occurrencesOfKey(db, source, 'CHESS', last.ply.position.key, 20);
    expect(found).toEqual([{ gameId: gameIds[0], node: last.node, number: last.ply.ply, variation: '', record: last.ply }]);
    expect(replayed).toEqual([gameIds[0]]);
  });

  it('reads a placed occurrence’s record from its game’s replay', async () => {
    const db = getDb();
    const { source } = countingSource(db);
    const [placed] = await occurrencesOfKey(db, source, 'CHESS', START_KEY, 1);
    const record = await recordOf(source, placed);
    expect(record).toMatchObject({ ply: 0, variation: '', position: { kind: 'CHESS', key: START_KEY } });
    expect(record).toEqual((await source.plies(gameIds[0])).find((p) => p.node === 0)!.ply);
  });

  it('gives the checked places of a key as occurrences: a main-line place by the index, a variation’s with its replay’s record', async () => {
    const db = getDb();
    const { source } = countingSource(db);
    const replays = await Promise.all(gameIds.map((id) => source.plies(id)));
    const variation = replays.flat().find((p) => p.ply.variation !== '')!;
    const key = variation.ply.position.key;
    const wanted = replays.flat().filter((p) => p.ply.position.key === key);
    const places = [...(await placesByGame(db, source, 'CHESS', key)).values()].flat().sort((a, b) => Number(a.gameId - b.gameId) || a.node - b.node);
    const read = await occurrencesAt(source, places);
    // Every place is one (none is null: each checked place's game has its node).
    const found = read.filter((o) => o !== null);
    expect(found).toHaveLength(read.length);
    expect(found.map((o) => [o.gameId, o.node, o.number, o.variation])).toEqual(wanted.map((p) => [p.gameId, p.node, p.ply.ply, p.ply.variation]));
    expect(found.map((o) => o.record)).toEqual(wanted.map((p) => (p.ply.variation === '' ? null : p.ply)));
    expect(found.some((o) => o.variation !== '')).toBe(true);
  });
});
