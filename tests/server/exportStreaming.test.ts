/** `GET /export` streams: a page of rows at a time, no faster than the client takes them, and no further once it has gone. */
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from '../../src/db/database';
import { createApp, type App } from '../../src/server/app';
import { exportRoute } from '../../src/server/exportRoute';
import { silentLogger } from '../../src/server/logging';
import { describeEachDatabase } from '../support/databases';
import { dataOf, graphqlClient } from '../support/graphql';

const GAMES = 3000;

/** A PGN file of `n` one-move games, game i's Event is `g<i>`. */
const tinyGames = (n: number): string => Array.from({ length: n }, (_, i) => `[Event "g${i}"]\n[Result "*"]\n\n1. e4 *\n`).join('\n');

/** `db` with its reads of pages of game rows (each one statement selecting games in id order) counted. */
const countingReads = (db: Database): { db: Database; reads: () => number } => {
  let reads = 0;
  const sql = {
    ...db.sql,
    query: (text: string, params?: readonly unknown[]) => {
      if (/FROM "Game" g .*ORDER BY g\.id LIMIT/s.test(text)) reads += 1;
      return db.sql.query(text, params);
    },
  } as Database['sql'];
  return { db: { ...db, sql }, reads: () => reads };
};

/** A response whose client never reads: every write fills the buffer (`write` answers false) until `drain` is emitted. */
class StalledResponse extends EventEmitter {
  writes: string[] = [];
  ended = false;
  status = 0;
  writeHead(status: number): this {
    this.status = status;
    return this;
  }
  write(chunk: string): boolean {
    this.writes.push(chunk);
    return false;
  }
  addTrailers(): void {}
  body = '';
  end(body?: string): void {
    this.ended = true;
    this.body = body ?? '';
  }
  destroy(): void {}
}

/** Lets pending reads and callbacks run: long enough for what should not happen to show. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

/** Waits until `holds` is true (what should happen, however loaded the machine), failing after 10 s with `what`. */
const until = async (holds: () => boolean, what: string): Promise<void> => {
  const end = Date.now() + 10_000;
  while (!holds()) {
    if (Date.now() > end) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describeEachDatabase('GET /export streaming', (getDb) => {
  let app: App;
  let base: string;

  beforeAll(async () => {
    const gql = graphqlClient(getDb());
    const { importGames } = dataOf(await gql<{ importGames: { gameCount: number } }>('mutation ($d: String!) { importGames(format: PGN, data: $d) { gameCount } }', { d: tinyGames(GAMES) }));
    expect(importGames.gameCount).toBe(GAMES);
    app = await createApp({ db: getDb() });
    await new Promise<void>((resolve) => app.httpServer.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(app.httpServer.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app.apollo.stop();
  });

  it('sends a few thousand games in several chunks, every game once, in id order', async () => {
    const response = await fetch(`${base}/export?format=PGN`);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const chunks: Uint8Array[] = [];
    for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
    expect(chunks.length).toBeGreaterThan(1);
    const text = Buffer.concat(chunks).toString('utf8');
    const events = [...text.matchAll(/\[Event "g(\d+)"\]/g)].map((m) => Number(m[1]));
    expect(events).toEqual(Array.from({ length: GAMES }, (_, i) => i));
  });

  it('reads the next page only when the client has taken the last one (backpressure)', async () => {
    const counted = countingReads(getDb());
    const res = new StalledResponse();
    const handler = exportRoute({ db: () => counted.db, auth: { readRequiresToken: false }, log: () => silentLogger, pageSize: 100 });
    const done = handler({ headers: {}, url: '/export?format=PGN' } as IncomingMessage, res as unknown as ServerResponse);
    // The first page is written; the second was read ahead while it was; nothing more until the client drains.
    await until(() => res.writes.length === 1 && counted.reads() === 2, 'the first page written and the second read');
    expect(res.status).toBe(200);
    await settle();
    expect(res.writes).toHaveLength(1);
    expect(counted.reads()).toBe(2);
    res.emit('drain');
    await until(() => res.writes.length === 2 && counted.reads() === 3, 'the second page written and the third read');
    await settle();
    expect(res.writes).toHaveLength(2);
    expect(counted.reads()).toBe(3);
    res.emit('close');
    await done;
    expect(res.ended).toBe(false);
  });

  it('answers a failure to read the first page with 500 and a JSON error, logging it, before any status is sent', async () => {
    const db = getDb();
    const failing = { ...db, sql: { ...db.sql, query: () => Promise.reject(new Error('disk on fire')) } } as Database;
    const logged: unknown[] = [];
    const log = { ...silentLogger, error: (entry: unknown) => void logged.push(entry) } as unknown as typeof silentLogger;
    const res = new StalledResponse();
    await exportRoute({ db: () => failing, auth: { readRequiresToken: false }, log: () => log })({ headers: {}, url: '/export?format=PGN' } as IncomingMessage, res as unknown as ServerResponse);
    expect(res.status).toBe(500);
    expect(JSON.parse(res.body)).toEqual({ errors: [{ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] });
    expect(res.writes).toEqual([]);
    expect(logged).toHaveLength(1);
  });

  it('stops reading when the client goes away', async () => {
    const counted = countingReads(getDb());
    const res = new StalledResponse();
    const handler = exportRoute({ db: () => counted.db, auth: { readRequiresToken: false }, log: () => silentLogger, pageSize: 100 });
    const done = handler({ headers: {}, url: '/export?format=NDJSON' } as IncomingMessage, res as unknown as ServerResponse);
    await until(() => res.writes.length === 1 && counted.reads() === 2, 'the first page written and the second read');
    res.emit('close');
    await done;
    await settle();
    // 30 pages would be read for the whole export; the client left after the first.
    expect(counted.reads()).toBe(2);
    expect(res.writes).toHaveLength(1);
  });
});
