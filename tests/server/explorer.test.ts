/**
 * The explorer on every game's position (`Position.moves`): which moves were played from a
 * position, how often, how those games ended for the side that played them, and (chess) the
 * stored evaluation of the position each move leads to. Positions hot in an import take their
 * counts from the kept move counts, the others from replays; both are checked here.
 */
import type { MoveStat } from '../../src/storage/explorer';
import { describeEachDatabase } from '../support/databases';
import { sampleText } from '../support/sampleData';
import { dataOf, graphqlClient, type Gql } from '../support/graphql';
import { rewriteRunsInSixByteLayout } from '../support/oldIndexLayouts';

const IMPORT = `mutation ($format: GameFormat!, $data: String!) { importGames(format: $format, data: $data) { gameCount } }`;
const MOVES = `query ($key: String!, $kind: GameKind, $v: Boolean) {
  positions(key: $key, kind: $kind) { key moves(includeVariations: $v) { move count wins draws losses unknown score } }
}`;

type MoveRow = MoveStat;

const movesOf = async (gql: Gql, key: string, kind: string, includeVariations = false): Promise<MoveRow[]> => {
  const data = dataOf(await gql<{ positions: { moves: MoveRow[] }[] }>(MOVES, { key, kind, v: includeVariations }));
  expect(data.positions).toHaveLength(1);
  return data.positions[0].moves;
};

const START = '463b96181691fc9c';
const AFTER_E4 = '823c9b50fd114196';

const PGN = `[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 {[%eval 0.3]} e5 1-0\n
[White "C"]\n[Black "D"]\n[Result "0-1"]\n\n1. e4 c5 (1... e6 2. d4) 0-1\n
[White "E"]\n[Black "F"]\n[Result "1/2-1/2"]\n\n1. d4 d5 1/2-1/2\n`;

describeEachDatabase('the explorer', (getDb) => {
  let gql: Gql;
  beforeAll(async () => {
    gql = graphqlClient(getDb());
    dataOf(await gql(IMPORT, { format: 'PGN', data: PGN }));
  });

  it('counts the moves from the start with results from White, the side that played them, and the evaluation after 1. e4', async () => {
    expect(await movesOf(gql, START, 'CHESS')).toEqual([
      { move: 'e4', count: 2, wins: 1, draws: 0, losses: 1, unknown: 0, score: 0.3 },
      { move: 'd4', count: 1, wins: 0, draws: 1, losses: 0, unknown: 0, score: null },
    ]);
  });

  it('gives results from Black after 1. e4', async () => {
    expect(await movesOf(gql, AFTER_E4, 'CHESS')).toEqual([
      { move: 'c5', count: 1, wins: 1, draws: 0, losses: 0, unknown: 0, score: null },
      { move: 'e5', count: 1, wins: 0, draws: 0, losses: 1, unknown: 0, score: null },
    ]);
  });

  it('counts a move played inside a variation only when variations are asked for', async () => {
    const afterE6 = dataOf(await gql<{ chessPosition: { key: string } }>(`{ chessPosition(fen: "rnbqkbnr/pppp1ppp/4p3/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2") { key } }`));
    expect(await movesOf(gql, afterE6.chessPosition.key, 'CHESS')).toEqual([]);
    expect(await movesOf(gql, afterE6.chessPosition.key, 'CHESS', true)).toEqual([{ move: 'd4', count: 1, wins: 0, draws: 0, losses: 1, unknown: 0, score: null }]);
  });

  it('answers a position that only one game reaches from that game', async () => {
    const afterD4 = dataOf(await gql<{ chessPosition: { key: string } }>(`{ chessPosition(fen: "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1") { key } }`));
    expect(await movesOf(gql, afterD4.chessPosition.key, 'CHESS')).toEqual([{ move: 'd5', count: 1, wins: 0, draws: 1, losses: 0, unknown: 0, score: null }]);
  });

  it('merges Go moves that are mirror images of each other on the empty board into one entry', async () => {
    const sgf = '(;GM[1]FF[4]SZ[9]RE[B+R];B[cc];W[ee])\n(;GM[1]FF[4]SZ[9]RE[W+3];B[gg];W[ee])\n(;GM[1]FF[4]SZ[9]RE[B+1];B[ee])\n';
    dataOf(await gql(IMPORT, { format: 'SGF', data: sgf }));
    const games = dataOf(await gql<{ games: { nodes: { mainLine: { position: { key: string } }[] }[] } }>(
      `{ games(filter: { kind: GO }) { nodes { mainLine { position { key } } } } }`,
    ));
    const empty = games.games.nodes[0].mainLine[0].position.key;
    expect(games.games.nodes.every((g) => g.mainLine[0].position.key === empty)).toBe(true);
    expect(await movesOf(gql, empty, 'GO')).toEqual([
      { move: 'C3', count: 2, wins: 1, draws: 0, losses: 1, unknown: 0, score: null },
      { move: 'E5', count: 1, wins: 1, draws: 0, losses: 0, unknown: 0, score: null },
    ]);
  });
});

describeEachDatabase('the analysis verdicts of the moves', (getDb) => {
  let gql: Gql;
  beforeAll(async () => {
    gql = graphqlClient(getDb());
    dataOf(await gql(IMPORT, { format: 'SGF', data: sampleText('backgammon', 'gnubgparser_charlot1-charlot2_7p_2025-11-08-2305.sgf') }));
    dataOf(await gql(IMPORT, { format: 'GCG', data: sampleText('crossword/macondo/gcg/doug_v_emely_double_challenge.gcg') }));
  });
  const VERDICTS = `query ($key: String!, $kind: GameKind) { positions(key: $key, kind: $kind) { moves { move count score error points } } }`;
  const firstPositions = async (kind: string) =>
    dataOf(await gql<{ games: { nodes: { mainLine: { position: { key: string } }[] }[] } }>(
      `{ games(filter: { kind: ${kind} }, first: 1) { nodes { mainLine { position { key } } } } }`,
    )).games.nodes[0].mainLine.map((p) => p.position.key);

  it("gives gnubg's equity of a backgammon play, its error against the best play and the points the game was worth", async () => {
    // The position after the first game's opening play: the reply rolled 31 and played 8/5 6/5, written
    // `A[0][fehe E ver 3 0.521150 0.158037 0.008311 0.138285 0.006815 0.088224 0C ...]`: candidate 0,
    // gnubg's best, equity 0.088224 at 0-ply, so it lost nothing. White (charlot1) played it
    // (`;W[31fehe]`) and lost the game's 2 points (`RE[B+2R]`).
    const [, key] = await firstPositions('BACKGAMMON');
    const { positions } = dataOf(await gql<{ positions: { moves: unknown[] }[] }>(VERDICTS, { key, kind: 'BACKGAMMON' }));
    expect(positions[0].moves).toEqual([{ move: '6/5 8/5', count: 1, score: 0.088224, error: 0, points: -2 }]);
  });

  it("gives a crossword play's points as its verdict, and the final spread of the games that played it", async () => {
    // The empty board: doug opened 8D WINDY for 32 points and won 451-345, by 106.
    const [key] = await firstPositions('CROSSWORD');
    const { positions } = dataOf(await gql<{ positions: { moves: unknown[] }[] }>(VERDICTS, { key, kind: 'CROSSWORD' }));
    expect(positions[0].moves).toEqual([{ move: '8D WINDY', count: 1, score: 32, error: null, points: 106 }]);
  });
});

describeEachDatabase('occurrences a page at a time', (getDb) => {
  it('pages through every place a position occurs, with the total and cursors', async () => {
    const gql = graphqlClient(getDb());
    const games = Array.from({ length: 5 }, (_, i) => `[Round "${i + 1}"]\n\n1. e4 e5 2. Nf3 *\n`).join('\n');
    dataOf(await gql(IMPORT, { format: 'PGN', data: games }));
    const PAGE = `query ($after: String) { positions(key: "${AFTER_E4}", kind: CHESS) {
      occurrencePage(first: 2, after: $after) { totalCount nodes { number move game { round } } pageInfo { hasNextPage hasPreviousPage endCursor } } } }`;
    type Page = { totalCount: number; nodes: { number: number; move: string; game: { round: string } }[]; pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string | null } };
    const walk = async (): Promise<string[]> => {
      const rounds: string[] = [];
      let after: string | null = null;
      for (let pages = 0; pages < 10; pages++) {
        const page: Page = dataOf(await gql<{ positions: { occurrencePage: Page }[] }>(PAGE, { after })).positions[0].occurrencePage;
        expect(page.totalCount).toBe(5);
        expect(page.pageInfo.hasPreviousPage).toBe(after !== null);
        for (const n of page.nodes) expect([n.number, n.move]).toEqual([1, 'e4']);
        rounds.push(...page.nodes.map((n) => n.game.round));
        if (!page.pageInfo.hasNextPage) break;
        after = page.pageInfo.endCursor;
      }
      return rounds;
    };
    expect(await walk()).toEqual(['1', '2', '3', '4', '5']);
    // The same pages from the position's run written in the 6-byte layout of before.
    expect(await rewriteRunsInSixByteLayout(getDb())).toBeGreaterThan(0);
    expect(await walk()).toEqual(['1', '2', '3', '4', '5']);
    const bad = await gql(PAGE, { after: 'bm90IGEgY3Vyc29y' });
    expect(bad.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: { argument: 'after' } });
  });
});

describeEachDatabase('backgammon positions by key', (getDb) => {
  it('finds a position known only from games by its whole key, not by its Position ID alone', async () => {
    const gql = graphqlClient(getDb());
    dataOf(await gql(IMPORT, { format: 'SGF', data: sampleText('backgammon', 'gnubg107_money_jacoby_beaver.sgf') }));
    const { games } = dataOf(await gql<{ games: { nodes: { mainLine: { position: { key: string; groupKey: string } }[] }[] } }>(
      `{ games(filter: { kind: BACKGAMMON }) { nodes { mainLine { position { key groupKey } } } } }`,
    ));
    const after = games.nodes[0].mainLine[1].position;
    const byKey = dataOf(await gql<{ positions: { key: string }[] }>(`query ($k: String!) { positions(key: $k, kind: BACKGAMMON) { key } }`, { k: after.key }));
    expect(byKey.positions).toEqual([{ key: after.key }]);
    const byGroup = dataOf(await gql<{ positions: unknown[]; backgammonPositions: { key: string }[] }>(
      `query ($g: String!) { positions(key: $g, kind: BACKGAMMON) { key } backgammonPositions(positionId: $g) { key } }`,
      { g: after.groupKey },
    ));
    expect(byGroup.positions).toEqual([]);
    // Every match state the games reached on that board (the cube turned and taken, the roll), the first one first.
    expect(byGroup.backgammonPositions[0]).toEqual({ key: after.key });
    expect(byGroup.backgammonPositions.length).toBe(5);
    for (const p of byGroup.backgammonPositions) expect(p.key.startsWith(`${after.groupKey}:`)).toBe(true);
  });
});

describeEachDatabase('positions named in any form', (getDb) => {
  let gql: Gql;
  beforeAll(async () => {
    gql = graphqlClient(getDb());
    dataOf(await gql(IMPORT, { format: 'PGN', data: PGN }));
    dataOf(await gql(IMPORT, { format: 'SGF', data: sampleText('backgammon', 'gnubg107_money_jacoby_beaver.sgf') }));
  });
  const FIND = `query ($t: String!) { findPositions(text: $t) { kind key } }`;
  const find = async (text: string) => dataOf(await gql<{ findPositions: { kind: string; key: string }[] }>(FIND, { t: text })).findPositions;

  it('reads a FEN and a Polyglot key as the same chess position', async () => {
    const fen = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
    expect(await find(fen)).toEqual([{ kind: 'CHESS', key: AFTER_E4 }]);
    expect(await find(AFTER_E4.toUpperCase())).toEqual([{ kind: 'CHESS', key: AFTER_E4 }]);
  });

  it('reads a gnubg ID pair as one position, and a Position ID alone as every match state of its board', async () => {
    const { games } = dataOf(await gql<{ games: { nodes: { mainLine: { position: { key: string; groupKey: string } }[] }[] } }>(
      `{ games(filter: { kind: BACKGAMMON }) { nodes { mainLine { position { key groupKey } } } } }`,
    ));
    const after = games.nodes[0].mainLine[1].position;
    expect(await find(after.key)).toEqual([{ kind: 'BACKGAMMON', key: after.key }]);
    const board = await find(after.groupKey);
    expect(board.length).toBe(5);
    expect(board[0]).toEqual({ kind: 'BACKGAMMON', key: after.key });
  });

  it('reads a Go board as its canonical position, so mirror images find the same one', async () => {
    dataOf(await gql(IMPORT, { format: 'SGF', data: '(;GM[1]FF[4]SZ[9]RE[B+R];B[ee];W[cc])\n' }));
    const { games } = dataOf(await gql<{ games: { nodes: { mainLine: { position: { key: string } }[] }[] } }>(
      `{ games(filter: { kind: GO }) { nodes { mainLine { position { key } } } } }`,
    ));
    const afterCc = games.nodes[0].mainLine[2].position.key;
    // E5 black (point 40) and C7 white (SGF cc: column 2, row 2 from the top = point 20); its mirror has G7 white (point 24).
    const board = (white: number) => [...'.'.repeat(81)].map((c, i) => (i === 40 ? '#' : i === white ? 'O' : c)).join('');
    expect(await find(board(20))).toEqual([{ kind: 'GO', key: afterCc }]);
    expect(await find(board(24))).toEqual([{ kind: 'GO', key: afterCc }]);
    // Written in rows, as a position file's board reads.
    expect(await find(board(24).replace(/(.{9})/g, '$1\n'))).toEqual([{ kind: 'GO', key: afterCc }]);
    // No game reaches a board with only a white stone.
    expect(await find(board(20).replace('#', '.'))).toEqual([]);
  });

  it('says why text that names no position is refused', async () => {
    const result = await gql(FIND, { t: 'hello' });
    expect(result.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: { argument: 'text' } });
    expect(result.errors?.[0].message).toContain('not a FEN, CGP line, gnubg ID');
    const badFen = await gql(FIND, { t: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1' });
    expect(badFen.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
  });
});
