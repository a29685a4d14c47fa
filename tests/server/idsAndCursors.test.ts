/**
 * Ids, global ids and cursors a client made up are bad input, never an internal error: an id
 * beyond PostgreSQL's bigint, a NUL inside a decoded global id or cursor, and a cursor whose
 * sort value its column cannot hold are each refused with BAD_USER_INPUT naming the argument.
 */
import { describeEachDatabase } from '../support/databases';
import { dataOf, graphqlClient, type GqlResult } from '../support/graphql';

const TOO_BIG = '9223372036854775808';
const LARGEST = '9223372036854775807';

const base64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');
const base64url = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');
/** A cursor in the shape `games(orderBy:)` gives out: the order's name, a sort value and an id. */
const keyCursor = (order: string, value: string | null, id: string): string => base64(JSON.stringify([order, value, id]));

const PGN = '[Event "E"]\n[White "W"]\n[Black "B"]\n[Date "2020.01.02"]\n[Result "1-0"]\n\n1. e4 e5 1-0\n';

describeEachDatabase('ids and cursors', (getDb) => {
  const logged: unknown[] = [];
  let gql: ReturnType<typeof graphqlClient>;

  beforeAll(async () => {
    gql = graphqlClient(getDb(), logged);
    dataOf(await gql('mutation ($d: String!) { importGames(format: PGN, data: $d) { gameCount } }', { d: PGN }));
  });

  afterEach(() => {
    expect(logged.splice(0)).toEqual([]);
  });

  /** The one error of `result`: BAD_USER_INPUT naming `argument`. */
  const expectRefused = (result: GqlResult<unknown>, argument: string): void => {
    expect(result.errors).toHaveLength(1);
    expect(result.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: { argument } });
  };

  describe('an id beyond the 64-bit range', () => {
    it('is refused by game(id:), naming id', async () => {
      expectRefused(await gql(`{ game(id: "${TOO_BIG}") { id } }`), 'id');
    });

    it('is not refused at the largest bigint: game(id:) is null there', async () => {
      expect(dataOf(await gql(`{ game(id: "${LARGEST}") { id } }`))).toEqual({ game: null });
    });

    it('is refused inside a Game global id, naming nodeId', async () => {
      expectRefused(await gql(`{ node(nodeId: "${base64url(`Game:${TOO_BIG}`)}") { nodeId } }`), 'nodeId');
    });

    it('is refused inside an Import global id, naming nodeId', async () => {
      expectRefused(await gql(`{ node(nodeId: "${base64url(`Import:99999999999999999999`)}") { nodeId } }`), 'nodeId');
    });

    it('is refused inside an imports(after:) cursor, naming after', async () => {
      expectRefused(await gql(`{ imports(after: "${base64(`import:${TOO_BIG}`)}") { totalCount } }`), 'after');
    });

    it('is refused by deleteImport, naming id', async () => {
      expectRefused(await gql(`mutation { deleteImport(id: "${TOO_BIG}") { importId } }`), 'id');
    });

    it('is refused by goHashCheck, naming importId', async () => {
      expectRefused(await gql(`{ goHashCheck(importId: "${TOO_BIG}") { checked } }`), 'importId');
    });

    it('is refused by exportGoPositions, naming importId', async () => {
      expectRefused(await gql(`{ exportGoPositions(importId: "${TOO_BIG}") }`), 'importId');
    });

    it('is refused by backgammonGameErrors, naming gameId', async () => {
      expectRefused(await gql(`{ backgammonGameErrors(gameId: "${TOO_BIG}") { sides { side } } }`), 'gameId');
    });

    it('is refused inside a backgammonMatchErrors cursor, naming after', async () => {
      expectRefused(await gql(`{ backgammonMatchErrors(after: "${base64(`bgmatch:${TOO_BIG}`)}") { hasNextPage } }`), 'after');
    });

    it('is refused inside a goScoreDiff cursor, naming after', async () => {
      const after = keyCursor('FILE_ORDER', '3', TOO_BIG);
      expectRefused(await gql(`{ goScoreDiff(a: { program: "x" }, b: { program: "y" }, after: "${after}") { compared } }`), 'after');
    });

    it('is refused inside a games(orderBy: PLAYER1) cursor, naming after', async () => {
      const after = keyCursor('player1:asc', 'W', TOO_BIG);
      expectRefused(await gql(`{ games(orderBy: { field: PLAYER1 }, after: "${after}") { totalCount } }`), 'after');
    });

    it('is refused inside an occurrencePage cursor, naming after', async () => {
      const after = base64(`ply:${TOO_BIG}:1`);
      const result = await gql(`{ findPositions(text: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1") { occurrencePage(after: "${after}") { totalCount } } }`);
      expectRefused(result, 'after');
    });
  });

  describe('a NUL character', () => {
    it('is refused inside a base64 global id, naming nodeId', async () => {
      // "Position:CHESS:ab\0cd"
      const result = await gql('{ node(nodeId: "UG9zaXRpb246Q0hFU1M6YWIAY2Q") { nodeId } }');
      expectRefused(result, 'nodeId');
      expect(result.errors?.[0].message).toContain('NUL');
    });

    it('is refused inside the sort value of a games cursor, naming after', async () => {
      const after = keyCursor('player2:asc', 'B\u0000', '1');
      expectRefused(await gql(`{ games(orderBy: { field: PLAYER2 }, after: "${after}") { totalCount } }`), 'after');
    });

    it('is refused inside an id cursor, naming after', async () => {
      expectRefused(await gql(`{ imports(after: "${base64('import:1\u0000')}") { totalCount } }`), 'after');
    });
  });

  describe('a forged games(orderBy:) cursor', () => {
    it('is refused for DATE when its value is no day ("Invalid Date" before)', async () => {
      const result = await gql('{ games(orderBy: { field: DATE }, after: "WyJwbGF5ZWRPbjphc2MiLCJnYXJiYWdlIiwiMSJd") { totalCount } }');
      expectRefused(result, 'after');
    });

    it('is refused for DATE when its value is a day that does not exist', async () => {
      const after = keyCursor('playedOn:desc', '2020-13-45', '1');
      expectRefused(await gql(`{ games(orderBy: { field: DATE, direction: DESC }, after: "${after}") { totalCount } }`), 'after');
    });

    it('is refused for EVENT when its value is longer than any stored event', async () => {
      const after = keyCursor('event:asc', 'e'.repeat(10_000), '1');
      expectRefused(await gql(`{ games(orderBy: { field: EVENT }, after: "${after}") { totalCount } }`), 'after');
    });

    it('is refused for PLAYER1 when its value is a number', async () => {
      expectRefused(await gql(`{ games(orderBy: { field: PLAYER1 }, after: "${base64('["player1:asc",7,"1"]')}") { totalCount } }`), 'after');
    });

    it('is refused for DATE when its value is in the year 0, which PostgreSQL has not', async () => {
      const after = keyCursor('playedOn:asc', '0000-01-01', '1');
      expectRefused(await gql(`{ games(orderBy: { field: DATE }, after: "${after}") { totalCount } }`), 'after');
    });

    it('still pages with a cursor this server gave out for DATE', async () => {
      const first = dataOf(await gql<{ games: { pageInfo: { endCursor: string } } }>('{ games(orderBy: { field: DATE }, first: 1) { pageInfo { endCursor } } }'));
      const next = dataOf(await gql(`{ games(orderBy: { field: DATE }, after: "${first.games.pageInfo.endCursor}") { nodes { id } } }`));
      expect(next).toEqual({ games: { nodes: [] } });
    });
  });

  describe('a forged number cursor', () => {
    /** A backgammonWorstDecisionsPage cursor: the order's name, the loss (a number) and the score id. */
    const worstCursor = (loss: string): string => base64(JSON.stringify(['bgWorst:ALL', loss, '5']));

    it.each(['0b1', '0o7', '0x1f', ' 1', 'Infinity', '1e400', '1e-400', '1_000'])('is refused when its number is %j, which float8 cannot read', async (loss) => {
      expectRefused(await gql(`{ backgammonWorstDecisionsPage(after: "${worstCursor(loss)}") { totalCount } }`), 'after');
    });

    it.each(['0.25', '-1.5e-7', '3', '0', '4.9e-324'])('is read when its number is %j, as the server may write it', async (loss) => {
      expect(dataOf(await gql(`{ backgammonWorstDecisionsPage(after: "${worstCursor(loss)}") { totalCount } }`))).toEqual({ backgammonWorstDecisionsPage: { totalCount: 0 } });
    });
  });
});
