/**
 * The dashboard's Pattern search tab in Chromium (playwright-core), against the app on 127.0.0.1
 * with a seeded database and every other request blocked. Saves test-artifacts/dashboard-patterns-chess.png
 * and dashboard-patterns-go.png.
 *
 * Seed: the 300 rated chess games of tests/fixtures/chess/rated-games.pgn and the three 9x9 Go
 * games of samples/go. What the chess search must find is counted from the fixture itself
 * (tests/support/ratedGames.ts: chess.js and regular expressions, not tabula's code): the
 * positions whose board holds the sub-FEN's pieces, each game's first, and the moves played from
 * them with their results. The Go games are replayed with @sabaki/sgf and @sabaki/go-board, and a
 * whole-board pattern is looked for in each position in the board's 8 symmetries by brute force.
 */
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { ARTIFACTS, browserSuite, tableCells, useBrowser } from '../support/browser';
import { testTargets } from '../support/databases';
import { dataOf, graphqlClient } from '../support/graphql';
import { RATED_PGN, ratedGames, type FixtureGame } from '../support/ratedGames';
import { sampleText } from '../support/sampleData';

const GAMES = ratedGames();

/** A FEN's (or a FEN board part's) 64 squares from a8 to h1, `.` for an empty one. */
const squares = (fen: string): string => fen.split(' ')[0].replace(/\//g, '').replace(/\d/g, (d) => '.'.repeat(Number(d)));

/**
 * From the fixture alone: the positions where every piece of `subFen` stands on its square, each
 * matching game at its first such ply, and the moves played from them (a game once per move and
 * side) with how the game ended for the side that played it; over the games `keep` keeps.
 */
function searchedInFixture(subFen: string, keep: (g: FixtureGame) => boolean = () => true) {
  const wanted = squares(subFen);
  let totalCount = 0;
  const matches: { players: string; date: string; ply: number; next: string }[] = [];
  const moves = new Map<string, { move: string; count: number; wins: number; draws: number; losses: number }>();
  for (const g of GAMES.filter(keep)) {
    const hits = g.fens.map((fen, ply) => ({ fen, ply })).filter(({ fen }) => [...wanted].every((c, i) => c === '.' || squares(fen)[i] === c));
    if (hits.length === 0) continue;
    totalCount += hits.length;
    matches.push({ players: `${g.tags.White} – ${g.tags.Black}`, date: g.tags.Date, ply: hits[0].ply, next: g.sans[hits[0].ply] ?? '' });
    const played = new Set(hits.filter((h) => h.ply < g.sans.length).map((h) => `${h.ply % 2 === 0 ? 'w' : 'b'} ${g.sans[h.ply]}`));
    for (const key of played) {
      const [side, move] = key.split(' ');
      const m = moves.get(key) ?? { move, count: 0, wins: 0, draws: 0, losses: 0 };
      m.count++;
      const result = g.tags.Result;
      if (result === '1/2-1/2') m.draws++;
      else if (result === (side === 'w' ? '1-0' : '0-1')) m.wins++;
      else if (result === (side === 'w' ? '0-1' : '1-0')) m.losses++;
      moves.set(key, m);
    }
  }
  return { totalCount, matches, moves: [...moves.values()] };
}

/** Waits for the view to finish what a click or a submit started. */
const settled = async (page: Page, state = 'ready'): Promise<void> => {
  await page.locator(`#pattern-view[data-state=${state}]:not([aria-busy])`).waitFor({ timeout: 30_000 });
};

/** The variables of the next pattern search the page sends. */
const nextSearch = (page: Page): Promise<Request> =>
  page.waitForRequest((r) => r.url().endsWith('/graphql') && (r.postData() ?? '').includes('DashboardPatternSearch'), { timeout: 20_000 });
const variablesOf = (r: Request) => (JSON.parse(r.postData() ?? '{}') as { variables: { kind: string; pattern: unknown; filter: unknown } }).variables;

/** The centre of the board's point (col, row), in page pixels. */
const pointCentre = async (page: Page, col: number, row: number): Promise<{ x: number; y: number }> => {
  const box = await page.locator(`#pattern-board rect.hit[data-point="${col},${row}"]`).boundingBox();
  if (!box) throw new Error(`point ${col},${row} is not drawn`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

const clickPoint = async (page: Page, col: number, row: number, times = 1): Promise<void> => {
  for (let i = 0; i < times; i++) await page.locator(`#pattern-board rect.hit[data-point="${col},${row}"]`).click();
};

const dragRegion = async (page: Page, from: [number, number], to: [number, number]): Promise<void> => {
  const a = await pointCentre(page, ...from);
  const b = await pointCentre(page, ...to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 3 });
  await page.mouse.move(b.x, b.y, { steps: 3 });
  await page.mouse.up();
};

// ------------------------------------------------------------------ Go, by brute force

interface SgfNode {
  data: Record<string, string[]>;
  children: SgfNode[];
}
interface SabakiBoard {
  signMap: number[][];
  makeMove(sign: number, vertex: [number, number]): SabakiBoard;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Sgf = require('@sabaki/sgf') as { parse(text: string): SgfNode[] };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const GoBoard = require('@sabaki/go-board') as { fromDimensions(width: number, height?: number): SabakiBoard };

const GO_FILES = ['fuego-regression_2012-zen-vs-pro_3_So8p-vs-Zen.sgf', 'fuego-regression_2009_MM-Fuego-variations.sgf', 'fuego-regression_2010-Barcelona_Chou9p-vs-FuegoGB.sgf'];
const SGF_LETTERS = 'abcdefghijklmnopqrs';

interface GoReplay {
  players: string;
  /** Whether Black won (null: no result). */
  blackWon: boolean | null;
  /** The board after each ply of the main line (0: the start), rows of X O . from the top. */
  boards: string[][];
  /** The move that reached each ply (null at 0 and for a pass). */
  moves: ({ colour: 'B' | 'W'; col: number; row: number } | null)[];
}

/** A 9x9 game's main line replayed by @sabaki/go-board. */
const replayGo = (file: string): GoReplay => {
  const [root] = Sgf.parse(sampleText('go', file));
  const n = Number(root.data.SZ?.[0] ?? 19);
  const rowsOf = (b: SabakiBoard) => b.signMap.map((row) => row.map((s) => (s === 1 ? 'X' : s === -1 ? 'O' : '.')).join(''));
  let board = GoBoard.fromDimensions(n);
  for (const [key, sign] of [['AB', 1], ['AW', -1]] as const) for (const v of root.data[key] ?? []) board = board.makeMove(sign, [SGF_LETTERS.indexOf(v[0]), SGF_LETTERS.indexOf(v[1])]);
  const boards = [rowsOf(board)];
  const moves: GoReplay['moves'] = [null];
  for (let node = root; node.children.length > 0; ) {
    node = node.children[0];
    const colour = node.data.B ? 'B' : node.data.W ? 'W' : null;
    if (!colour) continue;
    const v = node.data[colour][0] ?? '';
    const col = SGF_LETTERS.indexOf(v[0]);
    const row = SGF_LETTERS.indexOf(v[1]);
    const pass = v.length !== 2 || col >= n || row >= n;
    if (!pass) board = board.makeMove(colour === 'B' ? 1 : -1, [col, row]);
    boards.push(rowsOf(board));
    moves.push(pass ? null : { colour, col, row });
  }
  const result = root.data.RE?.[0] ?? '';
  return { players: `${root.data.PB?.[0]} – ${root.data.PW?.[0]}`, blackWon: /^B\+/.test(result) ? true : /^W\+/.test(result) ? false : null, boards, moves };
};

/** The board's 8 symmetries, as maps of a point of the pattern to a point of the board. */
const SYMMETRIES = (n: number): ((c: number, r: number) => [number, number])[] => [
  (c, r) => [c, r],
  (c, r) => [n - 1 - c, r],
  (c, r) => [c, n - 1 - r],
  (c, r) => [n - 1 - c, n - 1 - r],
  (c, r) => [r, c],
  (c, r) => [n - 1 - r, c],
  (c, r) => [r, n - 1 - c],
  (c, r) => [n - 1 - r, n - 1 - c],
];

/**
 * A whole-board pattern (rows of X O .) in every ply of the games, by brute force: the plies where
 * some symmetry of it is the board, each game's first, and Kombilo's continuation at each: the
 * next move (passes skipped) written in the pattern's frame, the least such text where several
 * symmetries hold; counted a game once per move, with whether the mover won.
 */
function searchedInGoGames(games: GoReplay[], pattern: string[]) {
  const n = pattern.length;
  let totalCount = 0;
  const matches: { players: string; ply: number }[] = [];
  const moves = new Map<string, { move: string; count: number; wins: number }>();
  for (const g of games) {
    if (g.boards[0].length !== n) continue;
    const played = new Set<string>();
    let first: number | null = null;
    g.boards.forEach((board, ply) => {
      const holding = SYMMETRIES(n).filter((t) =>
        pattern.every((row, r) =>
          [...row].every((p, c) => {
            const [x, y] = t(c, r);
            return board[y][x] === p;
          }),
        ),
      );
      if (holding.length === 0) return;
      totalCount++;
      first ??= ply;
      const next = g.moves.slice(ply + 1).find((m) => m !== null);
      if (!next) return;
      // Each holding symmetry's pattern point for the move: the one it maps onto the move's point.
      const texts = holding.map((t) => {
        for (let r = 0; r < n; r++) {
          for (let c = 0; c < n; c++) {
            const [x, y] = t(c, r);
            if (x === next.col && y === next.row) return `${next.colour}[${SGF_LETTERS[c]}${SGF_LETTERS[r]}]`;
          }
        }
        throw new Error(`no point of the pattern is ${next.col},${next.row}`);
      });
      played.add(texts.sort()[0]);
    });
    if (first === null) continue;
    matches.push({ players: g.players, ply: first });
    for (const move of played) {
      const m = moves.get(move) ?? { move, count: 0, wins: 0 };
      m.count++;
      if (g.blackWon !== null && g.blackWon === move.startsWith('B')) m.wins++;
      moves.set(move, m);
    }
  }
  return { totalCount, matches, moves: [...moves.values()] };
}

/** Sets the board's points to `rows` (X black: one click, O white: two). */
const setStones = async (page: Page, rows: string[]): Promise<void> => {
  for (let r = 0; r < rows.length; r++) for (let c = 0; c < rows[r].length; c++) if (rows[r][c] !== '.') await clickPoint(page, c, r, rows[r][c] === 'X' ? 1 : 2);
};

/** The labels drawn on the board: label -> point. */
const boardLabels = (page: Page) =>
  page.$$eval('#pattern-board g.label', (gs) => Object.fromEntries(gs.map((g) => [g.getAttribute('data-label'), g.getAttribute('data-point')])));

browserSuite('dashboard Pattern search tab in Chromium', () => {
  const browser = useBrowser(
    async (db) => {
      const gql = graphqlClient(db);
      const IMPORT = 'mutation ($f: GameFormat!, $d: String!) { importGames(format: $f, data: $d) { gameCount } }';
      dataOf(await gql(IMPORT, { f: 'PGN', d: RATED_PGN }));
      for (const file of GO_FILES) dataOf(await gql(IMPORT, { f: 'SGF', d: sampleText('go', file) }));
    },
    { target: testTargets().slice(-1)[0] },
  );

  const openChess = async (): Promise<Page> => {
    const page = await browser.openTab('patterns');
    await page.locator('#pattern-game').selectOption('CHESS');
    return page;
  };

  it("finds the chess games where a sub-FEN's pieces stand, each at its first match, with the continuations and their counts", async () => {
    const page = await openChess();
    // The box opens with the example of docs/GAMES.md; a black queen on d5 instead.
    expect(JSON.parse(await page.locator('#pattern-json').inputValue())).toEqual({ 'sub-fen': '8/8/8/8/4P3/5N2/8/8' });
    const subFen = '8/8/8/3q4/8/8/8/8';
    await page.locator('#pattern-json').fill(JSON.stringify({ 'sub-fen': subFen }));
    await page.locator('#pattern-search').click();
    await settled(page);

    const expected = searchedInFixture(subFen);
    // The fixture: 9 games, 46 positions (one page of games).
    expect([expected.matches.length, expected.totalCount]).toEqual([9, 46]);
    expect(await page.locator('#pattern-summary').innerText()).toBe(`The pattern holds at 46 positions in 9 games (of all games).`);
    const shown = await page.$$eval('#pattern-games li.pattern-match', (items) =>
      items.map((li) => ({
        players: li.querySelector('.players')?.textContent ?? '',
        date: li.querySelector('.date')?.textContent ?? '',
        ply: Number(li.getAttribute('data-ply')),
        next: (li.querySelector('.next-move')?.textContent ?? '').replace(/^– .*/, ''),
        diagrams: li.querySelectorAll('svg[role=img]').length,
      })),
    );
    expect(shown).toEqual(expected.matches.map((m) => ({ ...m, diagrams: 1 })));

    // The continuations: move, games, won, drawn, lost for the side that played it.
    const rows = (await tableCells(page, '#pattern-continuations')).map((c) => ({ move: c[0], count: Number(c[1]), wins: Number(c[3]), draws: Number(c[4]), losses: Number(c[5]) }));
    const byKey = (r: { move: string; count: number; wins: number; draws: number; losses: number }) => `${r.move} ${r.count} ${r.wins} ${r.draws} ${r.losses}`;
    expect([...rows].sort((a, b) => byKey(a).localeCompare(byKey(b)))).toEqual([...expected.moves].sort((a, b) => byKey(a).localeCompare(byKey(b))));
    // Most played first: Qa5 and Nc3, 3 games each.
    expect(rows.slice(0, 2).map((r) => [r.move, r.count]).sort()).toEqual([['Nc3', 3], ['Qa5', 3]]);
    expect(await page.locator('#pattern-page-info').innerText()).toBe('games 1–9 of 9');
    expect(await page.locator('#pattern-next').isDisabled()).toBe(true);
    await page.screenshot({ path: path.join(ARTIFACTS, 'dashboard-patterns-chess.png'), fullPage: true });
    await page.close();
  }, 90_000);

  it("shows the server's error for a malformed pattern, naming the key", async () => {
    const page = await openChess();
    await page.locator('#pattern-json').fill('{"sub-fen": "8/8/8/8/8/8/8/7X"}');
    await page.locator('#pattern-search').click();
    await settled(page, 'error');
    expect(await page.locator('#pattern-error').innerText()).toMatch(/^pattern\.sub-fen: rank 1 \('7X'\) has 'X', which is not a piece letter/);
    expect(await page.locator('#pattern-games li').count()).toBe(0);
    await page.close();
  }, 60_000);

  it('says a pattern box that is not JSON is not JSON, without asking the server', async () => {
    const page = await openChess();
    let asked = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/graphql')) asked = true;
    });
    await page.locator('#pattern-json').fill('{"sub-fen": ');
    await page.locator('#pattern-search').click();
    await settled(page, 'error');
    expect(await page.locator('#pattern-error').innerText()).toMatch(/^The pattern is not JSON: /);
    expect(asked).toBe(false);
    await page.close();
  }, 60_000);

  it('explains a search the server stopped at its time limit (QUERY_TIMEOUT) and how to narrow it', async () => {
    const page = await openChess();
    await page.route('**/graphql', (route) =>
      (route.request().postData() ?? '').includes('DashboardPatternSearch')
        ? route.fulfill({
            status: 200,
            contentType: 'application/json',
            body: JSON.stringify({ data: null, errors: [{ message: 'The query ran longer than the statement timeout and was cancelled; narrow it (filters, smaller pages)', extensions: { code: 'QUERY_TIMEOUT', retryable: false } }] }),
          })
        : route.fallback(),
    );
    await page.locator('#pattern-search').click();
    await settled(page, 'error');
    expect(await page.locator('#pattern-error').innerText()).toMatch(/^The search took longer than the server allows and was stopped\. Narrow it: a filter/);
    await page.close();
  }, 60_000);

  it('sends the filter with the chess pattern, and the counts are the filtered ones', async () => {
    const page = await openChess();
    await page.locator('#pattern-json').fill(JSON.stringify({ 'sub-fen': '8/8/8/3q4/8/8/8/8' }));
    await page.locator('#pattern-max-rating').fill('2000');
    const sent = nextSearch(page);
    await page.locator('#pattern-search').click();
    expect(variablesOf(await sent).filter).toEqual({ maxRating: 2000 });
    await settled(page);
    const expected = searchedInFixture('8/8/8/3q4/8/8/8/8', (g) => g.mean !== null && g.mean <= 2000);
    expect(expected.matches.length).toBeGreaterThan(0);
    expect(expected.matches.length).toBeLessThan(9);
    expect(await page.$$eval('#pattern-games li.pattern-match', (items) => items.map((li) => [li.querySelector('.players')?.textContent, Number(li.getAttribute('data-ply'))]))).toEqual(
      expected.matches.map((m) => [m.players, m.ply]),
    );
    expect(await page.locator('#pattern-summary').innerText()).toBe(
      `The pattern holds at ${expected.totalCount} positions in ${expected.matches.length} game${expected.matches.length === 1 ? '' : 's'} (of games mean rating …–2000).`,
    );
    await page.close();
  }, 60_000);

  it('sends the points clicked on the Go board, in the region dragged, as the pattern text', async () => {
    const page = await browser.openTab('patterns');
    await page.locator('#pattern-size').selectOption('9');
    await clickPoint(page, 2, 2); // black
    await clickPoint(page, 3, 2, 2); // white
    await clickPoint(page, 0, 0, 3); // anything
    await clickPoint(page, 8, 8); // black, outside the region: not sent
    await dragRegion(page, [4, 3], [0, 0]);
    expect(await page.locator('#pattern-board rect.region').getAttribute('data-region')).toBe('0,0,4,3');
    expect(await page.locator('#pattern-text').innerText()).toBe('*....\n.....\n..XO.\n.....\n{"anchor":"corner","colors":"fixed","size":9}');
    const sent = nextSearch(page);
    await page.locator('#pattern-search').click();
    expect(variablesOf(await sent)).toMatchObject({
      kind: 'GO',
      pattern: { pattern: ['*....', '.....', '..XO.', '.....'].join('\n'), anchor: 'corner', colors: 'fixed', size: 9 },
    });
    await page.close();
  }, 60_000);

  it('selects a region by two clicks and writes a bottom-right corner pattern from its corner', async () => {
    const page = await browser.openTab('patterns');
    await page.locator('#pattern-size').selectOption('13');
    await clickPoint(page, 12, 12); // black on the corner point
    await clickPoint(page, 10, 11, 2); // white
    await page.locator('#pattern-colors').selectOption('either');
    await page.locator('#pattern-pick').click();
    await clickPoint(page, 12, 12);
    await clickPoint(page, 9, 10);
    expect(await page.locator('#pattern-board rect.region').getAttribute('data-region')).toBe('9,10,12,12');
    // The stones did not change: the two clicks picked the region.
    expect(await page.locator('#pattern-board rect.hit[data-point="12,12"]').getAttribute('data-state')).toBe('X');
    const sent = nextSearch(page);
    await page.locator('#pattern-search').click();
    // Read from the corner (12,12) leftwards, then up.
    expect(variablesOf(await sent).pattern).toEqual({ pattern: ['X...', '..O.', '....'].join('\n'), anchor: 'corner', colors: 'either', size: 13 });
    await page.close();
  }, 60_000);

  it("finds a seeded Go game by its whole board after ten moves, at that ply, and labels the next move on the board", async () => {
    const games = GO_FILES.map(replayGo);
    const [soZen] = games;
    const pattern = soZen.boards[10];
    const expected = searchedInGoGames(games, pattern);
    // So – Zen after 10 moves; Black (So, who won) plays C3 (`cg`) next.
    expect(expected.matches).toEqual([{ players: 'So – Zen', ply: 10 }]);
    expect(expected.moves).toEqual([{ move: 'B[cg]', count: 1, wins: 1 }]);

    const page = await browser.openTab('patterns');
    await page.locator('#pattern-size').selectOption('9');
    await page.locator('#pattern-anchor').selectOption('anywhere');
    await setStones(page, pattern);
    expect((await page.locator('#pattern-text').innerText()).split('\n').slice(0, 9)).toEqual(pattern);
    await page.locator('#pattern-search').click();
    await settled(page);
    expect(await page.locator('#pattern-summary').innerText()).toBe(`The pattern holds at ${expected.totalCount} position${expected.totalCount === 1 ? '' : 's'} in 1 game (of all games).`);
    expect(await page.$$eval('#pattern-games li.pattern-match', (items) => items.map((li) => ({ players: li.querySelector('.players')?.textContent, ply: Number(li.getAttribute('data-ply')) })))).toEqual(expected.matches);
    expect(await page.locator('#pattern-games li.pattern-match svg[role=img]').count()).toBe(1);
    // The table: label, move, games, (bar), won.
    const rows = (await tableCells(page, '#pattern-continuations')).map((c) => ({ label: c[0], move: c[1], count: Number(c[2]), wins: Number(c[4]) }));
    expect(rows).toEqual(expected.moves.map((m, i) => ({ label: 'ABCDEFGH'[i], ...m })));
    // The whole board is the pattern as it stands: B[cg] is drawn on column c, row g (2, 6), a black label.
    expect(await boardLabels(page)).toEqual({ A: '2,6' });
    expect(await page.locator('#pattern-board g.label.black').count()).toBe(1);
    await page.close();
  }, 120_000);

  it('draws the continuations of a turned corner pattern where they were played on this board', async () => {
    const [soZen] = GO_FILES.map(replayGo);
    const page = await browser.openTab('patterns');
    await page.locator('#pattern-size').selectOption('9');
    await setStones(page, soZen.boards[10]);
    // The bottom-left 5x5 corner: sent with the board's bottom row as its first (anchor corner).
    await dragRegion(page, [0, 4], [4, 8]);
    const sent = nextSearch(page);
    await page.locator('#pattern-search').click();
    const pattern = variablesOf(await sent).pattern as { pattern: string };
    expect(pattern.pattern.split('\n')).toEqual([8, 7, 6, 5, 4].map((r) => soZen.boards[10][r].slice(0, 5)));
    await settled(page);
    const api = dataOf(
      await graphqlClient(browser.db)<{ patternSearch: { continuations: { move: string; count: number }[] } }>(
        'query ($p: JSON!) { patternSearch(kind: GO, pattern: $p) { continuations { move count } } }',
        { p: pattern },
      ),
    ).patternSearch.continuations;
    expect(api.length).toBeGreaterThan(0);
    const rows = (await tableCells(page, '#pattern-continuations')).map((c) => ({ label: c[0], move: c[1], count: Number(c[2]) }));
    expect(rows.map(({ move, count }) => ({ move, count }))).toEqual(api);
    // Each move's point in the pattern's frame (column, row from its top left) is, on the board,
    // the same column and the row counted up from the bottom; its label is drawn there.
    const labels = await boardLabels(page);
    for (const { label, move } of rows) {
      const [pc, pr] = [SGF_LETTERS.indexOf(move[2]), SGF_LETTERS.indexOf(move[3])];
      expect(labels[label]).toBe(`${pc},${8 - pr}`);
    }
    // One label a point.
    expect(new Set(Object.values(labels)).size).toBe(Object.keys(labels).length);
    await page.screenshot({ path: path.join(ARTIFACTS, 'dashboard-patterns-go.png'), fullPage: true });
    await page.close();
  }, 120_000);
});
