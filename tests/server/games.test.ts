import { PendingImport, finishImport, writeChunk } from '../../src/db/bulkWriter';
import { describeEachDatabase } from '../support/databases';
import { dataOf, graphqlClient } from '../support/graphql';
import { chessGame } from '../support/records';

interface Page {
  games: {
    totalCount: number;
    nodes: { player1: string; player2: string }[];
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  };
}

const PAGE = `query ($filter: GameFilter, $first: Int, $after: String) {
  games(filter: $filter, first: $first, after: $after) {
    totalCount nodes { player1 player2 } pageInfo { hasNextPage endCursor }
  }
}`;

describeEachDatabase('games query', (getDb) => {
  beforeAll(async () => {
    await getDb().transaction(async (sql) => {
      const [{ id }] = await sql.query<{ id: bigint }>(
        `INSERT INTO "Import" (format, fingerprint) VALUES ('PGN', 'games-fixture') RETURNING id`,
      );
      const pending = new PendingImport();
      await writeChunk(
        sql,
        id,
        {
          games: [
            chessGame('Adolf Anderssen', 'Lionel Kieseritzky', { event: 'London casual', dateText: '1851.06.21', result: '1-0' }),
            chessGame('Paul Morphy', 'Duke of Brunswick', { event: 'Paris Opera', dateText: '1858.11.02', result: '1-0' }),
            chessGame('Mikhail Tal', 'Mikhail Botvinnik', { event: 'World Championship', dateText: '1960.03.15', result: '1/2-1/2' }),
            chessGame('Bobby Fischer', 'Boris Spassky', { event: 'World Championship', dateText: '1972.??.??', result: '1-0' }),
          ],
        },
        0,
        pending,
      );
      await finishImport(sql, id, pending);
    });
  });

  it('pages through all games in a stable order with cursors', async () => {
    const gql = graphqlClient(getDb());
    const first = dataOf(await gql<Page>(PAGE, { first: 3 }));
    expect(first.games.totalCount).toBe(4);
    expect(first.games.nodes.map((n) => n.player1)).toEqual(['Adolf Anderssen', 'Paul Morphy', 'Mikhail Tal']);
    expect(first.games.pageInfo.hasNextPage).toBe(true);
    const second = dataOf(await gql<Page>(PAGE, { first: 3, after: first.games.pageInfo.endCursor }));
    expect(second.games.nodes.map((n) => n.player1)).toEqual(['Bobby Fischer']);
    expect(second.games.pageInfo.hasNextPage).toBe(false);
  });

  it('filters by a player on either side, case-insensitively', async () => {
    const gql = graphqlClient(getDb());
    const page = dataOf(await gql<Page>(PAGE, { filter: { player: 'mikhail b' } }));
    expect(page.games.nodes).toEqual([{ player1: 'Mikhail Tal', player2: 'Mikhail Botvinnik' }]);
  });

  it('filters by event text and result together', async () => {
    const gql = graphqlClient(getDb());
    const page = dataOf(await gql<Page>(PAGE, { filter: { event: 'world', result: '1-0' } }));
    expect(page.games.nodes.map((n) => n.player1)).toEqual(['Bobby Fischer']);
  });

  it('filters by a date range, leaving out games without a full date', async () => {
    const gql = graphqlClient(getDb());
    const page = dataOf(await gql<Page>(PAGE, { filter: { dateFrom: '1850-01-01', dateTo: '1900-12-31' } }));
    expect(page.games.nodes.map((n) => n.player1)).toEqual(['Adolf Anderssen', 'Paul Morphy']);
  });

  it('searches names, events and sites with one text filter', async () => {
    const gql = graphqlClient(getDb());
    const page = dataOf(await gql<Page>(PAGE, { filter: { text: 'opera' } }));
    expect(page.games.nodes.map((n) => n.player1)).toEqual(['Paul Morphy']);
  });

  it('refuses a malformed date with BAD_USER_INPUT naming the argument', async () => {
    const gql = graphqlClient(getDb());
    const result = await gql(PAGE, { filter: { dateFrom: '21 June 1851' } });
    expect(result.errors?.[0]).toMatchObject({
      message: 'filter.dateFrom must be a year, month or day (YYYY, YYYY-MM or YYYY-MM-DD), got "21 June 1851"',
      extensions: { code: 'BAD_USER_INPUT', details: { argument: 'filter.dateFrom' } },
    });
  });

  it('refuses a page larger than 100', async () => {
    const gql = graphqlClient(getDb());
    const result = await gql(PAGE, { first: 101 });
    expect(result.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: { argument: 'first' } });
  });

  it('fetches one game by id with its main line and the positions reached', async () => {
    const gql = graphqlClient(getDb());
    const page = dataOf(await gql<{ games: { nodes: { id: string }[] } }>('{ games(first: 1) { nodes { id } } }'));
    const id = page.games.nodes[0].id;
    const data = dataOf(
      await gql<{ game: { player1: string; date: string; mainLine: { number: number; move: string | null; position: { key: string; occurrenceCount: number } }[] } }>(
        'query ($id: ID!) { game(id: $id) { player1 date mainLine { number move position { key occurrenceCount } } } }',
        { id },
      ),
    );
    expect(data.game.player1).toBe('Adolf Anderssen');
    expect(data.game.date).toBe('1851.06.21');
    expect(data.game.mainLine).toEqual([
      { number: 0, move: null, position: { key: '463b96181691fc9c', occurrenceCount: 4 } },
      { number: 1, move: 'e4', position: { key: '823c9b50fd114196', occurrenceCount: 4 } },
      { number: 2, move: 'e5', position: { key: '0844931a6ef4b9a0', occurrenceCount: 4 } },
    ]);
  });

  it('answers null for a game id that does not exist', async () => {
    const gql = graphqlClient(getDb());
    expect(dataOf(await gql('{ game(id: "987654321") { id } }'))).toEqual({ game: null });
  });

  it('finds a position by key with the games it occurs in', async () => {
    const gql = graphqlClient(getDb());
    const data = dataOf(
      await gql<{ positions: { kind: string; board: string; occurrences: { number: number; game: { player1: string } }[] }[] }>(
        '{ positions(key: "823c9b50fd114196") { kind board occurrences(first: 2) { number game { player1 } } } }',
      ),
    );
    expect(data.positions).toEqual([
      {
        kind: 'CHESS',
        board: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1',
        occurrences: [
          { number: 1, game: { player1: 'Adolf Anderssen' } },
          { number: 1, game: { player1: 'Paul Morphy' } },
        ],
      },
    ]);
  });

  it('looks up many keys at once, in the order given, leaving out keys with nothing stored', async () => {
    const gql = graphqlClient(getDb());
    const data = dataOf(
      await gql<{ positionsByKeys: { key: string; board: string }[] }>(
        '{ positionsByKeys(keys: ["823c9b50fd114196", "0000000000000000", "463b96181691fc9c", "823c9b50fd114196"], kind: CHESS) { key board } }',
      ),
    );
    expect(data.positionsByKeys).toEqual([
      { key: '823c9b50fd114196', board: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1' },
      { key: '463b96181691fc9c', board: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' },
    ]);
  });

  it('refuses more than 1,000 keys in one lookup with BAD_USER_INPUT', async () => {
    const gql = graphqlClient(getDb());
    const keys = Array.from({ length: 1001 }, (_, i) => i.toString(16).padStart(16, '0'));
    const result = await gql('query Many($keys: [String!]!) { positionsByKeys(keys: $keys) { id } }', { keys });
    expect(result.errors?.[0]).toMatchObject({
      message: 'positionsByKeys takes at most 1000 keys, got 1001',
      extensions: { code: 'BAD_USER_INPUT', details: { argument: 'keys' } },
    });
  });
});
