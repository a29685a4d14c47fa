/**
 * Export pages written in worker threads (src/storage/pageWriters.ts): the same bytes as on the
 * export's own thread, in the order the pages were given. The worker runs the compiled script, so
 * the test bundles src/storage/exportWorker.ts with esbuild first (`bundleForTest`).
 */
import fs from 'node:fs';
import { writePage } from '../../src/storage/exportPage';
import { exportPages } from '../../src/storage/exportGames';
import { selectGames } from '../../src/storage/games';
import { type PageWriters, WorkerPageWriters, inThreadWriters } from '../../src/storage/pageWriters';
import { bundleForTest } from '../support/bundle';
import { describeEachDatabase } from '../support/databases';
import { dataOf, graphqlClient } from '../support/graphql';
import { sampleText } from '../support/sampleData';

let SCRIPT = '';

/** Every page of an export, written by `writers`, joined, with the games left out. */
const exported = async (db: Parameters<typeof exportPages>[0], format: string, writers: PageWriters) => {
  let text = '';
  const skipped: string[] = [];
  for await (const page of exportPages(db, {}, format, 5, writers)) {
    text += page.text;
    skipped.push(...page.skipped.map((s) => String(s.id)));
  }
  return { text, skipped };
};

describeEachDatabase('export pages written in worker threads', (getDb) => {
  let writers: WorkerPageWriters;

  beforeAll(async () => {
    SCRIPT = bundleForTest('src/storage/exportWorker.ts', 'exportWorker');
    writers = new WorkerPageWriters(SCRIPT, 2);
    const gql = graphqlClient(getDb());
    for (const [format, data] of [
      ['PGN', sampleText('chess', 'immortal-games.pgn')],
      ['SGF', sampleText('backgammon', 'gibbon_7point.sgf')],
      ['SGF', sampleText('go', 'fuego-regression_2010-Barcelona_Chou9p-vs-FuegoGB.sgf')],
    ]) {
      const imported = dataOf(await gql<{ importGames: { gameCount: number } }>('mutation ($f: GameFormat!, $d: String!) { importGames(format: $f, data: $d) { gameCount } }', { f: format, d: data }));
      expect(imported.importGames.gameCount).toBeGreaterThan(0);
    }
  }, 60_000);

  afterAll(async () => {
    await writers?.close();
    fs.rmSync(SCRIPT, { force: true });
  });

  it('writes a PGN export byte for byte as the export thread does, pages in the order they were read', async () => {
    const inWorkers = await exported(getDb(), 'PGN', writers);
    const inThread = await exported(getDb(), 'PGN', inThreadWriters);
    expect([...inWorkers.text.matchAll(/^\[Event /gm)]).toHaveLength(36);
    expect(inWorkers).toEqual(inThread);
  });

  it('writes an SGF export of Go and backgammon games and an NDJSON export of every game as the export thread does', async () => {
    for (const format of ['SGF', 'NDJSON']) {
      const inWorkers = await exported(getDb(), format, writers);
      expect(inWorkers.text.length).toBeGreaterThan(0);
      expect(inWorkers).toEqual(await exported(getDb(), format, inThreadWriters));
    }
  });

  it('names the games a format cannot hold, as the export thread does', async () => {
    const rows = await selectGames(getDb(), '', [], 'ORDER BY g.id');
    const page = await writers.write('PGN', rows);
    const kinds = new Map(rows.map((g) => [String(g.id), g.kind]));
    expect(page.skipped.map((s) => kinds.get(String(s.id))).every((kind) => kind !== 'CHESS')).toBe(true);
    expect(page.skipped.length).toBe(rows.filter((g) => g.kind !== 'CHESS').length);
    expect(page).toEqual(writePage('PGN', rows));
  });

  it('rejects a page whose writing fails in the worker, and writes the next page', async () => {
    const [game] = await selectGames(getDb(), `WHERE g.kind = 'CHESS'`, [], 'ORDER BY g.id', 1);
    await expect(writers.write('PGN', [{ ...game, source: 'not bytes' as unknown as typeof game.source }])).rejects.toThrow(/writing an export page failed/);
    expect(await writers.write('PGN', [game])).toEqual(writePage('PGN', [game]));
  });
});
