/**
 * A pattern search's games replayed in worker threads (src/storage/patternHits.ts): the same hits,
 * game for game and in order, as on the search's own thread, for the languages that replay stored
 * games themselves; a language that is not its kind's own stays on the search's thread. The worker
 * runs compiled code, so the test bundles src/storage/patternWorker.ts with esbuild first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gameOf } from '../../src/games';
import { readerFor } from '../../src/games/index';
import type { GameKind } from '../../src/db/records';
import type { StoredPatternGame } from '../../src/games/patterns';
import { type PatternHitsReply, type PatternHitsRequest, signatureHitsOf, signatureRangeOf, storedHitsOf } from '../../src/storage/patternHits';
import { WorkerPool } from '../../src/storage/workerPool';
import { bundleForTest } from '../support/bundle';
import { importedGames } from '../support/reread';

const FIXTURES = path.resolve(__dirname, '../fixtures');

/** The games of files as a search hands them to a language. */
async function storedGamesOf(format: 'SGF' | 'PGN', files: string[]): Promise<StoredPatternGame[]> {
  const out: StoredPatternGame[] = [];
  for (const file of files) {
    for (const g of await importedGames(readerFor(format)!, fs.readFileSync(file))) {
      out.push({ source: g.source, sourceFormat: g.sourceFormat, metadata: g.metadata ?? {}, outcome: g.outcome ?? null, player1: g.player1 ?? null, player2: g.player2 ?? null, options: {} });
    }
  }
  return out;
}

/** The signatures the import writes for the games of files. */
async function signaturesOf(kind: GameKind, format: 'SGF' | 'PGN', files: string[]): Promise<Uint8Array[]> {
  const language = gameOf(kind).patterns!;
  const records = (await Promise.all(files.map(async (f) => importedGames(readerFor(format)!, fs.readFileSync(f))))).flat();
  return records.map((r) => r.patternSignature?.bytes ?? language.signature!.of(r.plies.filter((p) => p.variation === '').sort((a, b) => a.ply - b.ply)));
}

const GO_FILES = fs.readdirSync(path.join(FIXTURES, 'go')).filter((n) => n.startsWith('gnugo-19')).map((n) => path.join(FIXTURES, 'go', n));
const CHESS_FILES = [path.join(FIXTURES, 'chess', 'rated-games.pgn')];

const SEARCHES: [string, GameKind, 'SGF' | 'PGN', string[], unknown][] = [
  ['a Go corner', 'GO', 'SGF', GO_FILES, { pattern: '....\n....\n..X.\n....', anchor: 'corner', colors: 'either' }],
  ['a chess sub-fen', 'CHESS', 'PGN', CHESS_FILES, { 'sub-fen': '8/8/8/8/3P4/8/8/8' }],
  ['a chess imbalance', 'CHESS', 'PGN', CHESS_FILES, { imbalance: 'vP' }],
];

/** Every game's hits on this thread alone. */
const onThisThread = <Q>(kind: GameKind, pattern: unknown, query: Q, games: StoredPatternGame[]) =>
  storedHitsOf(null, kind, gameOf(kind).patterns!, pattern, query, games, () => undefined);

describe('pattern search replays in worker threads', () => {
  let script = '';
  let pool: WorkerPool<PatternHitsRequest, PatternHitsReply>;

  beforeAll(() => {
    script = bundleForTest('src/storage/patternWorker.ts', 'patternWorker');
    pool = new WorkerPool(script, 2, 'replaying games for a pattern search');
  }, 60_000);

  afterAll(async () => {
    await pool?.close();
    fs.rmSync(script, { force: true });
  });

  it.each(SEARCHES)('finds the same hits for %s, game for game, as the search’s own thread', async (_name, kind, format, files, pattern) => {
    const games = await storedGamesOf(format, files);
    const read = gameOf(kind).patterns!.read(pattern);
    if (!read.ok) throw new Error(read.error.message);
    let onThread = 0;
    const inWorkers = await storedHitsOf(pool, kind, gameOf(kind).patterns!, pattern, read.query, games, () => {
      onThread++;
    });
    const alone = await onThisThread(kind, pattern, read.query, games);
    expect(alone.filter((hits) => hits !== null && hits.count > 0).length).toBeGreaterThan(0);
    expect(inWorkers).toEqual(alone);
    // The search's thread replayed its own part (a third with two workers), not every game.
    expect(onThread).toBe(Math.ceil(games.length / 3));
  });

  it.each(SEARCHES)('answers the same hits for %s from signatures alone in workers as on the search’s own thread, game for game', async (_name, kind, format, files, pattern) => {
    const language = gameOf(kind).patterns!;
    const signatures = await signaturesOf(kind, format, files);
    const read = language.read(pattern);
    if (!read.ok) throw new Error(read.error.message);
    const inWorkers = await signatureHitsOf(pool, kind, language, pattern, read.query, signatures);
    const alone = await signatureHitsOf(null, kind, language, pattern, read.query, signatures);
    expect(alone.filter((hits) => hits !== null && hits.count > 0).length).toBeGreaterThan(0);
    expect(inWorkers).toEqual(alone);
  });

  it.each(SEARCHES)('tests and answers a range of signatures on shared memory in workers as on the search’s own thread for %s, a game without one let through', async (_name, kind, format, files, pattern) => {
    const language = gameOf(kind).patterns!;
    const signatures = await signaturesOf(kind, format, files);
    const ends = new Int32Array(new SharedArrayBuffer(4 * signatures.length));
    const missing = new Uint8Array(new SharedArrayBuffer(signatures.length));
    const bytes = new Uint8Array(new SharedArrayBuffer(signatures.reduce((sum, s) => sum + s.length, 0)));
    let used = 0;
    signatures.forEach((s, i) => {
      bytes.set(s, used);
      ends[i] = used += s.length;
    });
    // The third game as if stored before its game kept a signature.
    missing[2] = 1;
    ends[2] = ends[1];
    bytes.copyWithin(ends[1], ends[1] + signatures[2].length);
    for (let i = 3; i < signatures.length; i++) ends[i] -= signatures[2].length;
    const read = language.read(pattern);
    if (!read.ok) throw new Error(read.error.message);
    const inWorkers = await signatureRangeOf(pool, kind, language, pattern, read.query, { ends, missing, bytes }, 1, signatures.length);
    const alone = await signatureRangeOf(null, kind, language, pattern, read.query, { ends, missing, bytes }, 1, signatures.length);
    expect(inWorkers).toEqual(alone);
    expect(alone.passed[1]).toBe(2);
    expect(alone.hits[1]).toBeNull();
    // Every other game let through was answered from its signature, with a hit.
    const answered = alone.hits.filter((h) => h !== null);
    expect(answered.length).toBe(alone.passed.length - 1);
    expect(answered.every((h) => h!.count > 0)).toBe(true);
    // The same hits as each signature alone, for the games let through; those not let through have none.
    const each = await signatureHitsOf(null, kind, language, pattern, read.query, signatures);
    alone.passed.forEach((k, j) => k !== 2 && expect(alone.hits[j]).toEqual(each[k]));
    const ruledOut = [...signatures.keys()].filter((k) => k !== 0 && !alone.passed.includes(k));
    expect(ruledOut.length).toBeGreaterThan(0);
    for (const k of ruledOut) expect(language.signature!.mayHold(read.query, signatures[k]) ? each[k]!.count : 0).toBe(0);
  });

  it('keeps a language that is not its kind’s own on the search’s thread', async () => {
    const games = await storedGamesOf('PGN', CHESS_FILES);
    const own = gameOf('CHESS').patterns!;
    const lent = { ...own };
    const read = own.read({ material: 'KQRRBNPPPPPkqrrbnppppp' });
    if (!read.ok) throw new Error(read.error.message);
    const refusing = { size: 1, run: () => Promise.reject(new Error('no request may reach a worker')) } as unknown as WorkerPool<PatternHitsRequest, PatternHitsReply>;
    let onThread = 0;
    const replies = await storedHitsOf(refusing, 'CHESS', lent, {}, read.query, games, () => {
      onThread++;
    });
    expect(onThread).toBe(games.length);
    expect(replies).toEqual(await onThisThread('CHESS', {}, read.query, games));
  });
});
