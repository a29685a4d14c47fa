/** `GET /export`: every game a GameFilter keeps, streamed in one format. */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { createApp, type App } from '../../src/server/app';
import { exportRoute } from '../../src/server/exportRoute';
import { silentLogger } from '../../src/server/logging';
import { createToken } from '../../src/storage/tokens';
import { describeEachDatabase } from '../support/databases';
import { dataOf, graphqlClient, type Gql } from '../support/graphql';
import { sampleText } from '../support/sampleData';
import { RATED_PGN, ratedGames } from '../support/ratedGames';

/** A response read whole with Node's client: status, headers, the body as its chunks arrived, and the trailers. */
interface Received {
  status: number;
  headers: http.IncomingHttpHeaders;
  chunks: Buffer[];
  body: string;
  trailers: NodeJS.Dict<string>;
}

const get = (url: string, headers: Record<string, string> = {}): Promise<Received> =>
  new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, chunks, body: Buffer.concat(chunks).toString('utf8'), trailers: res.trailers }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });

const listen = async (app: App): Promise<string> => {
  await new Promise<void>((resolve) => app.httpServer.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(app.httpServer.address() as AddressInfo).port}`;
};

const exportUrl = (base: string, format: string, filter?: unknown): string =>
  `${base}/export?format=${encodeURIComponent(format)}${filter === undefined ? '' : `&filter=${encodeURIComponent(typeof filter === 'string' ? filter : JSON.stringify(filter))}`}`;

interface Listed {
  games: { nodes: { id: string; export: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
}

/** Each game `games(filter:)` lists (every page), with `export(format:)` of it. */
const listedExports = async (gql: Gql, filter: unknown, format: string): Promise<{ id: string; export: string }[]> => {
  const all: { id: string; export: string }[] = [];
  let after: string | null = null;
  for (;;) {
    const page: Listed = dataOf(
      await gql<Listed>(
        `query ($filter: GameFilter, $after: String, $format: GameFormat!) {
          games(filter: $filter, first: 100, after: $after) { nodes { id export(format: $format) } pageInfo { hasNextPage endCursor } }
        }`,
        { filter, after, format },
      ),
    );
    all.push(...page.games.nodes);
    if (!page.games.pageInfo.hasNextPage) return all;
    after = page.games.pageInfo.endCursor;
  }
};

/** The export's rule: each game's text, with a newline after it unless it ends in one. */
const concatenated = (texts: string[]): string => texts.map((t) => (t.endsWith('\n') ? t : `${t}\n`)).join('');

interface BadInput {
  errors: { message: string; extensions: { code: string; details: { parameter: string; field?: string } } }[];
}

describeEachDatabase('GET /export', (getDb) => {
  let app: App;
  let closed: App;
  let base: string;
  let closedBase: string;
  let gql: Gql;
  let readerToken: string;

  /** The id of each import below, in order (not assumed: a sequence may have moved on). */
  const importIds: string[] = [];
  const importFile = async (format: string, data: string): Promise<number> => {
    const { importGames } = dataOf(
      await gql<{ importGames: { gameCount: number; importId: string } }>(
        'mutation ($format: GameFormat!, $data: String!) { importGames(format: $format, data: $data) { gameCount importId } }',
        { format, data },
      ),
    );
    importIds.push(importGames.importId);
    return importGames.gameCount;
  };
  /** The id of the `n`th import (1: the first). */
  const imported = (n: number): string => importIds[n - 1];

  beforeAll(async () => {
    const db = getDb();
    gql = graphqlClient(db);
    expect(await importFile('PGN', sampleText('chess', 'immortal-games.pgn'))).toBe(36);
    expect(await importFile('PGN', sampleText('chess', 'jose-starter.pgn'))).toBe(16);
    expect(await importFile('SGF', sampleText('backgammon', 'gibbon_7point.sgf'))).toBeGreaterThan(0);
    expect(await importFile('SGF', sampleText('backgammon', 'gnubg107_9p_setup_position.sgf'))).toBeGreaterThan(0);
    expect(await importFile('SGF', sampleText('go', 'fuego-regression_2010-Barcelona_Chou9p-vs-FuegoGB.sgf'))).toBe(1);
    expect(await importFile('PGN', RATED_PGN)).toBe(300);
    readerToken = (await createToken(db, 'export-reader', 'reader')).token;
    // Pages of 7 rows: every export below spans several pages.
    app = await createApp({ db, exportPageSize: 7 });
    closed = await createApp({ db, exportPageSize: 7, auth: { readRequiresToken: true } });
    base = await listen(app);
    closedBase = await listen(closed);
  });

  afterAll(async () => {
    await app.apollo.stop();
    await closed.apollo.stop();
  });

  it('writes the games a filter keeps as PGN, byte for byte the export(format: PGN) of each game games(filter:) lists', async () => {
    const filter = { player: 'anderssen' };
    const listed = await listedExports(gql, filter, 'PGN');
    expect(listed.length).toBeGreaterThan(1);
    const received = await get(exportUrl(base, 'PGN', filter));
    expect(received.status).toBe(200);
    expect(received.body).toBe(concatenated(listed.map((g) => g.export)));
  });

  it('writes every chess game, across pages, when PGN is asked without a filter: PGN holds chess games only', async () => {
    const listed = await listedExports(gql, { kind: 'CHESS' }, 'PGN');
    expect(listed).toHaveLength(36 + 16 + 300);
    const received = await get(exportUrl(base, 'pgn'));
    expect(received.body).toBe(concatenated(listed.map((g) => g.export)));
  });

  it('honours the rating, speed and length filters as games(filter:) does, keeping the games counted from the tags', async () => {
    const filter = { importId: imported(6), minRating: 1800, maxRating: 2600, speeds: ['BLITZ', 'RAPID'], minPlies: 16 };
    // Counted from the fixture's tags and moves, not by tabula: lichess's estimate initial + 40 × increment, blitz 180-479 s, rapid 480-1499 s.
    const speedOf = (control: string | undefined): string | null => {
      const m = /^(\d+)\+(\d+)$/.exec(control ?? '');
      if (!m) return null;
      const estimate = Number(m[1]) + 40 * Number(m[2]);
      return estimate < 30 ? 'ULTRABULLET' : estimate < 180 ? 'BULLET' : estimate < 480 ? 'BLITZ' : estimate < 1500 ? 'RAPID' : 'CLASSICAL';
    };
    const expected = ratedGames().filter(
      (g) => g.mean !== null && g.mean >= 1800 && g.mean <= 2600 && ['BLITZ', 'RAPID'].includes(speedOf(g.tags.TimeControl) ?? '') && g.sans.length >= 16,
    );
    expect(expected.length).toBeGreaterThan(5);
    const listed = await listedExports(gql, filter, 'PGN');
    const received = await get(exportUrl(base, 'PGN', filter));
    expect(received.body).toBe(concatenated(listed.map((g) => g.export)));
    expect(received.body.match(/^\[Round "(\d+)"\]$/gm)).toEqual(expected.map((g) => `[Round "${g.tags.Round}"]`));
  });

  it('honours a player with a side and a position reached, as games(filter:) does', async () => {
    const filter = { player: 'carlsen', playerSide: 'FIRST', position: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1' };
    const listed = await listedExports(gql, filter, 'PGN');
    expect(listed.length).toBeGreaterThan(0);
    const received = await get(exportUrl(base, 'PGN', filter));
    expect(received.body).toBe(concatenated(listed.map((g) => g.export)));
    expect([...received.body.matchAll(/^\[White "([^"]*)"\]$/gm)].every((m) => /carlsen/i.test(m[1]))).toBe(true);
  });

  it('names the format in Content-Type and the file in Content-Disposition', async () => {
    const pgn = await get(exportUrl(base, 'PGN', { player: 'anderssen' }));
    expect(pgn.headers['content-type']).toBe('application/vnd.chess-pgn; charset=utf-8');
    expect(pgn.headers['content-disposition']).toBe('attachment; filename="tabula-export.pgn"');
    const ndjson = await get(exportUrl(base, 'NDJSON', { player: 'anderssen' }));
    expect(ndjson.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(ndjson.headers['content-disposition']).toBe('attachment; filename="tabula-export.ndjson"');
  });

  it('writes GameText as one base64 line per game, each the export(format: GAMETEXT) of that game', async () => {
    const filter = { importId: imported(2) };
    const listed = await listedExports(gql, filter, 'GAMETEXT');
    expect(listed).toHaveLength(16);
    const received = await get(exportUrl(base, 'GAMETEXT', filter));
    expect(received.body.split('\n')).toEqual([...listed.map((g) => g.export), '']);
    expect(received.headers['content-disposition']).toBe('attachment; filename="tabula-export.gametext.b64"');
  });

  it('writes SGF of every kind SGF holds (backgammon and Go) in id order', async () => {
    const listed = [...(await listedExports(gql, { kind: 'BACKGAMMON' }, 'SGF')), ...(await listedExports(gql, { kind: 'GO' }, 'SGF'))];
    listed.sort((a, b) => Number(a.id) - Number(b.id));
    const received = await get(exportUrl(base, 'SGF'));
    expect(received.body).toBe(concatenated(listed.map((g) => g.export)));
    expect(received.headers['content-type']).toBe('application/x-go-sgf; charset=utf-8');
  });

  it('leaves out a game the format cannot hold (a set-up backgammon position as MAT) and counts it in the trailer', async () => {
    const setUp = await listedExports(gql, { importId: imported(4) }, 'SGF');
    expect(setUp).toHaveLength(1);
    const mat = await gql(`{ game(id: "${setUp[0].id}") { export(format: MAT) } }`);
    expect(mat.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const written = await listedExports(gql, { importId: imported(3) }, 'MAT');
    const received = await get(exportUrl(base, 'MAT', { kind: 'BACKGAMMON' }));
    expect(received.body).toBe(concatenated(written.map((g) => g.export)));
    expect(received.trailers['x-tabula-skipped-games']).toBe('1');
  });

  it('writes NDJSON: one object a line per game with its attributes', async () => {
    const received = await get(exportUrl(base, 'NDJSON', { importId: imported(5) }));
    const lines = received.body.split('\n');
    expect(lines.at(-1)).toBe('');
    const objects = lines.slice(0, -1).map((line) => JSON.parse(line) as Record<string, unknown>);
    const { games } = dataOf(
      await gql<{ games: { nodes: Record<string, unknown>[] } }>(
        `{ games(filter: { importId: "${imported(5)}" }) {
          nodes { id kind sourceFormat player1 player2 event site round date result matchLength gameNumber player1Rating player2Rating speed plyCount }
        } }`,
      ),
    );
    expect(objects).toHaveLength(1);
    expect(objects[0]).toEqual({ ...games.nodes[0], indexInFile: 0, importId: imported(5), opening: null });
    // The Go sample's own header: PB[Chun-Hsun Chou] PW[Fuego-GB Prototype] RE[B+R] DT[2010-07-20] (the first player is
    // Black), TM[1800.0]: 30 minutes, classical by lichess's rule (1,500 s or more); 69 moves (B[..]/W[..] nodes), no variation.
    expect(objects[0]).toMatchObject({
      kind: 'GO',
      sourceFormat: 'SGF',
      player1: 'Chun-Hsun Chou',
      player2: 'Fuego-GB Prototype',
      result: 'B+R',
      date: '2010-07-20',
      speed: 'CLASSICAL',
      plyCount: 69,
    });
  });

  it("writes each chess game's opening in NDJSON as Game.opening gives it: its ECO code and name", async () => {
    const received = await get(exportUrl(base, 'NDJSON', { importId: imported(6) }));
    const lines = received.body.trimEnd().split('\n').map((line) => JSON.parse(line) as { id: string; round: string; opening: { eco: string; name: string } | null });
    const { games } = dataOf(
      await gql<{ games: { nodes: { id: string; opening: { eco: string; name: string } | null }[] } }>(
        `{ games(filter: { importId: "${imported(6)}" }, first: 100) { nodes { id opening { eco name } } } }`,
      ),
    );
    expect(lines.slice(0, 100).map((l) => ({ id: l.id, opening: l.opening }))).toEqual(games.nodes);
    // The fixture's first game: 1. e4 e5 2. Nf3 Nc6 3. Bb5 g6, a Ruy Lopez (C60-C99).
    expect(lines[0].round).toBe('1');
    expect(lines[0].opening?.eco).toMatch(/^C[6-9]\d$/);
    expect(lines[0].opening?.name).toMatch(/^Ruy Lopez/);
  });

  it('writes an empty file when the filter keeps no game', async () => {
    const received = await get(exportUrl(base, 'PGN', { player: 'nobody of that name' }));
    expect(received.status).toBe(200);
    expect(received.body).toBe('');
    expect(received.trailers['x-tabula-skipped-games']).toBe('0');
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await fetch(exportUrl(base, 'PGN'), { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="tabula-export.pgn"');
    expect(await response.text()).toBe('');
    // And the server still answers.
    expect((await get(exportUrl(base, 'PGN', { player: 'anderssen' }))).status).toBe(200);
  });

  it('streams to an HTTP/1.0 client, the body ending with the connection, without a trailer', async () => {
    const { port } = app.httpServer.address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(`GET /export?format=PGN&filter=${encodeURIComponent('{"player":"anderssen"}')} HTTP/1.0\r\n\r\n`));
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.on('error', reject);
    });
    const [head, body] = [raw.slice(0, raw.indexOf('\r\n\r\n')), raw.slice(raw.indexOf('\r\n\r\n') + 4)];
    expect(head).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(head.toLowerCase()).not.toContain('trailer');
    expect(body).toBe((await get(exportUrl(base, 'PGN', { player: 'anderssen' }))).body);
  });

  describe('refuses with 400 and a JSON body naming the parameter', () => {
    const refused = async (url: string): Promise<BadInput['errors'][number]> => {
      const received = await get(url);
      expect(received.status).toBe(400);
      expect(received.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = JSON.parse(received.body) as BadInput;
      expect(body.errors).toHaveLength(1);
      expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      return body.errors[0];
    };

    it('a format nothing can be exported in', async () => {
      const error = await refused(exportUrl(base, 'DOCX'));
      expect(error.extensions.details).toEqual({ parameter: 'format' });
      expect(error.message).toBe('format "DOCX" is not one games can be exported in: one of CGP, GAMETEXT, GCG, MAT, PGN, SGF, NDJSON');
    });

    it('no format', async () => {
      const error = await refused(`${base}/export`);
      expect(error.extensions.details).toEqual({ parameter: 'format' });
    });

    it('a filter that is not JSON', async () => {
      const error = await refused(exportUrl(base, 'PGN', '{player: Carlsen}'));
      expect(error.extensions.details).toEqual({ parameter: 'filter' });
      expect(error.message).toMatch(/^filter is not JSON: /);
    });

    it('a filter field GameFilter does not have', async () => {
      const error = await refused(exportUrl(base, 'PGN', { player: 'Carlsen', colour: 'white' }));
      expect(error.extensions.details).toEqual({ parameter: 'filter', field: 'colour' });
      expect(error.message).toMatch(/^filter has no field "colour"; a GameFilter has: kind, player, /);
    });

    it('a filter field of the wrong type', async () => {
      const error = await refused(exportUrl(base, 'PGN', { player: 5 }));
      expect(error.extensions.details).toEqual({ parameter: 'filter', field: 'player' });
      expect(error.message).toBe('filter.player: String cannot represent a non string value: 5');
    });

    it('a kind that is not one', async () => {
      const error = await refused(exportUrl(base, 'PGN', { kind: 'CHECKERS' }));
      expect(error.extensions.details).toEqual({ parameter: 'filter', field: 'kind' });
    });

    it('a speed that is not one', async () => {
      const error = await refused(exportUrl(base, 'PGN', { speeds: ['BLITZ', 'LIGHTNING'] }));
      expect(error.extensions.details).toEqual({ parameter: 'filter', field: 'speeds' });
      expect(error.message).toMatch(/^filter\.speeds\[1\]: Value "LIGHTNING" does not exist in "Speed" enum/);
    });

    it('a position it cannot read', async () => {
      const error = await refused(exportUrl(base, 'PGN', { position: 'not a position' }));
      expect(error.extensions.details).toEqual({ parameter: 'filter', field: 'position' });
    });

    it('a date that is not one', async () => {
      const error = await refused(exportUrl(base, 'PGN', { dateFrom: '2020-13' }));
      expect(error.extensions.details).toEqual({ parameter: 'filter', field: 'dateFrom' });
      expect(error.message).toBe('filter.dateFrom must be a year, month or day (YYYY, YYYY-MM or YYYY-MM-DD), got "2020-13"');
    });

    it('a filter that is JSON but no object', async () => {
      const error = await refused(exportUrl(base, 'PGN', '["Carlsen"]'));
      expect(error.extensions.details).toEqual({ parameter: 'filter' });
    });

    it('a filter kind whose games the format cannot hold, naming the formats it can', async () => {
      const error = await refused(exportUrl(base, 'PGN', { kind: 'GO' }));
      expect(error.extensions.details).toEqual({ parameter: 'format' });
      expect(error.message).toBe('filter.kind GO keeps only games that cannot be written as PGN; GO games can be written as: SGF, NDJSON');
    });
  });

  describe('read tokens', () => {
    it('needs a token where reads need one, with a Bearer challenge', async () => {
      const received = await get(exportUrl(closedBase, 'PGN'));
      expect(received.status).toBe(401);
      expect(received.headers['www-authenticate']).toBe('Bearer realm="tabula"');
      expect((JSON.parse(received.body) as BadInput).errors[0].extensions.code).toBe('UNAUTHENTICATED');
    });

    it('exports with a reader token where reads need one', async () => {
      const received = await get(exportUrl(closedBase, 'PGN', { player: 'anderssen' }), { authorization: `Bearer ${readerToken}` });
      expect(received.status).toBe(200);
      expect(received.body).toBe((await get(exportUrl(base, 'PGN', { player: 'anderssen' }))).body);
    });

    it('checks the token on the primary when the games are read from a replica that has not replayed it yet', async () => {
      const primary = getDb();
      // A replica behind the primary: the games are there, the token made a moment ago is not.
      const prisma = new Proxy(primary.prisma, {
        get: (target, name) => (name === 'apiToken' ? { findUnique: async () => null } : Reflect.get(target, name)),
      });
      const behind = { ...primary, prisma } as typeof primary;
      const route = exportRoute({ db: () => behind, authDb: () => primary, auth: { readRequiresToken: true }, log: () => silentLogger });
      const server = http.createServer((req, res) => void route(req, res));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/export?format=PGN`;
        const withToken = await get(`${url}&filter=${encodeURIComponent(JSON.stringify({ player: 'anderssen' }))}`, { authorization: `Bearer ${readerToken}` });
        expect(withToken.status).toBe(200);
        expect(withToken.body).toBe((await get(exportUrl(base, 'PGN', { player: 'anderssen' }))).body);
        const checkedOnReplica = exportRoute({ db: () => behind, auth: { readRequiresToken: true }, log: () => silentLogger });
        const refused = new Promise<number>((resolve) => {
          const res = { writeHead: (status: number) => (resolve(status), res), end: () => undefined, setHeader: () => undefined } as unknown as http.ServerResponse;
          void checkedOnReplica({ headers: { authorization: `Bearer ${readerToken}` }, url: '/export?format=PGN', method: 'GET', httpVersion: '1.1' } as http.IncomingMessage, res);
        });
        expect(await refused).toBe(401);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });

    it('refuses a token it does not accept even where reads are public', async () => {
      const received = await get(exportUrl(base, 'PGN'), { authorization: 'Bearer not-a-token' });
      expect(received.status).toBe(401);
    });
  });
});
