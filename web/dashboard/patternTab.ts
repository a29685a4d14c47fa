/**
 * The Pattern search tab (`/dashboard#patterns`): the games whose main line reaches a pattern
 * (`patternSearch`, docs/API.md), over the games the filter keeps (`explorerFilter.ts`).
 *
 * - Go, as Kombilo shows it: a board (9x9 to 19x19) whose points a click steps through empty,
 *   black, white, anything, black or empty, white or empty (goPattern.ts); a drag (or "Select
 *   region" and two clicks) picks the region, the only part sent; the anchor (corner, side,
 *   anywhere, or fixed where the region lies) and colours (as set, or also swapped). After a
 *   search the continuations are drawn on the board as labels (A, B, ...), the table naming each.
 * - Chess, backgammon, crossword: a query box holding the pattern as JSON, opening with an example
 *   of the game's language (patternGames.ts).
 *
 * Results (patternResults.ts): the counts, the continuations table and the matching games a page
 * at a time with a diagram of each at its first match. A pattern the server refuses shows its
 * message (naming the key); a search past the server's time limit says how to narrow it.
 * `#pattern-view[data-state]` says what the view is doing (`idle`, `loading`, `ready`, `error`;
 * tests wait on it).
 */
import { $, card, h, status } from './dom';
import { type GameFilter, gameOfKind } from './explorerData';
import { describeFilter, filterFields, filterOf, readFilter, sideOptions } from './explorerFilter';
import {
  type AnchorChoice,
  MAX_SIZE,
  MIN_SIZE,
  POINT_CYCLE,
  POINT_NAMES,
  type PatternBoard,
  type PatternFrame,
  continuationPoint,
  emptyBoard,
  goPatternOf,
  labelOf,
  nextPointState,
  regionOf,
  resized,
  wholeBoard,
} from './goPattern';
import { type BoardLabel, type PatternBoardView, patternBoardView } from './goPatternBoard';
import { PAGE_SIZE, type PatternPage, explainError, searchPatterns } from './patternData';
import { PATTERN_GAMES, type PatternGame, patternGameOf } from './patternGames';
import { drawContinuations, drawMatches, pageInfoOf, summaryOf } from './patternResults';
import type { Tab } from './tabs';

// ------------------------------------------------------------------ state

/** A search sent: what it asked, and the cursors of the pages seen (the first page's is null). */
interface Search {
  game: PatternGame;
  pattern: unknown;
  filter: GameFilter | null;
  /** Go: the frame the pattern was written in, to draw its continuations on the board. */
  frame: PatternFrame | null;
  cursors: (string | null)[];
}

interface PatternTabState {
  game: PatternGame;
  board: PatternBoard;
  /** Each query box's text, so another game and back keeps it. */
  texts: Record<string, string>;
  /** "Select region": waiting for its first click, or for the second after the first at that point. */
  picking: null | 'first' | [number, number];
  search: Search | null;
  labels: BoardLabel[];
}

const state: PatternTabState = {
  game: PATTERN_GAMES[0],
  board: emptyBoard(MAX_SIZE),
  texts: Object.fromEntries(PATTERN_GAMES.map((g) => [g.kind, g.example])),
  picking: null,
  search: null,
  labels: [],
};
let board: PatternBoardView | null = null;
/** Each search's number: an answer to an older one is dropped. */
let generation = 0;

// ------------------------------------------------------------------ the panel

const ANCHORS: [AnchorChoice, string][] = [
  ['corner', 'corner (the region touches one)'],
  ['side', 'side (the region touches an edge)'],
  ['anywhere', 'anywhere'],
  ['fixed', 'fixed: where the region is'],
];

const legend = (): HTMLElement =>
  h(
    'p',
    { class: 'hint' },
    'Click a point to step it through ',
    POINT_CYCLE.map((s) => `${POINT_NAMES[s]} (${s})`).join(' → '),
    ', and back. Drag from one point to another (or press "Select region" and click two corners) to choose the region: only the region is searched, in any of the board\'s 8 symmetries. A corner pattern is found in every corner, a side pattern along every edge; "fixed" finds it where it lies (and its images).',
  );

function build(panel: HTMLElement): void {
  panel.replaceChildren(
    h(
      'div',
      { id: 'pattern-view', 'data-state': 'idle' },
      card(
        'pattern',
        'Pattern search',
        h(
          'form',
          { id: 'pattern-form' },
          h('div', { class: 'controls' }, h('label', {}, 'Game ', h('select', { id: 'pattern-game' }, ...PATTERN_GAMES.map((g) => h('option', { value: g.kind }, g.title))))),
          h(
            'div',
            { id: 'pattern-go', class: 'pattern-go' },
            h('div', { id: 'pattern-board', class: 'pattern-board-box' }),
            h(
              'div',
              { class: 'pattern-go-side' },
              h('div', { class: 'controls' },
                h('label', {}, 'Board ', h('select', { id: 'pattern-size' }, ...Array.from({ length: MAX_SIZE - MIN_SIZE + 1 }, (_, i) => h('option', { value: String(MIN_SIZE + i) }, `${MIN_SIZE + i}×${MIN_SIZE + i}`)))),
                h('label', {}, h('input', { id: 'pattern-size-only', type: 'checkbox', checked: '' }), 'games of this size only'),
              ),
              h('div', { class: 'controls' },
                h('label', {}, 'Anchor ', h('select', { id: 'pattern-anchor' }, ...ANCHORS.map(([v, t]) => h('option', { value: v }, t)))),
                h('label', {}, 'Colours ', h('select', { id: 'pattern-colors' }, h('option', { value: 'fixed' }, 'as set'), h('option', { value: 'either' }, 'as set or swapped'))),
              ),
              h('div', { class: 'controls' },
                h('button', { id: 'pattern-pick', type: 'button', 'aria-pressed': 'false' }, 'Select region'),
                h('button', { id: 'pattern-whole', type: 'button' }, 'Whole board'),
                h('button', { id: 'pattern-clear-board', type: 'button' }, 'Clear board'),
              ),
              legend(),
              h('p', { id: 'pattern-region', class: 'hint' }),
              h('p', { class: 'hint' }, 'The pattern sent:'),
              h('pre', { id: 'pattern-text', class: 'pattern-text', 'aria-live': 'polite' }),
            ),
          ),
          h(
            'div',
            { id: 'pattern-query', class: 'pattern-query', hidden: '' },
            h('label', { for: 'pattern-json' }, 'Pattern (JSON)'),
            h('textarea', { id: 'pattern-json', rows: '5', spellcheck: 'false' }),
            h('p', { id: 'pattern-hint', class: 'hint' }),
          ),
          filterFields('pattern'),
          h('div', { class: 'controls pattern-submit' }, h('button', { id: 'pattern-search', type: 'submit' }, 'Search')),
        ),
        h('p', { id: 'pattern-error', class: 'error', role: 'alert' }),
        h('p', { id: 'pattern-summary', class: 'summary' }, 'Set a pattern and press Search.'),
      ),
      card(
        'pattern-continuations',
        'Continuations',
        h('p', { class: 'hint' }, 'The moves played from the matching positions (Go: the next move inside the region, in the pattern\'s own frame, labelled on the board), a game once per move, with how those games ended for the side that played it.'),
        h('div', { class: 'matrix-wrap pattern-continuations-wrap' }, h('table', { id: 'pattern-continuations', class: 'figures explorer-table' })),
      ),
      card(
        'pattern-games',
        'Matching games',
        h('p', { class: 'hint' }, 'Each game at its first matching position, in the order stored.'),
        h('div', { class: 'controls' },
          h('button', { id: 'pattern-prev', type: 'button', disabled: '' }, '← Previous'),
          h('span', { id: 'pattern-page-info' }),
          h('button', { id: 'pattern-next', type: 'button', disabled: '' }, 'Next →'),
        ),
        h('ol', { id: 'pattern-games', class: 'positions pattern-games' }),
      ),
    ),
  );
}

// ------------------------------------------------------------------ the Go board

const goOptions = () => ({
  anchor: $<HTMLSelectElement>('pattern-anchor').value as AnchorChoice,
  either: $<HTMLSelectElement>('pattern-colors').value === 'either',
  thisSizeOnly: $<HTMLInputElement>('pattern-size-only').checked,
});

/** Draws the board and says what will be sent (or why it cannot be). */
function drawBoard(): void {
  board?.draw(state.board, state.labels);
  const r = state.board.region ?? wholeBoard(state.board.size);
  const picking = state.picking === 'first' ? ' Click the region\'s first corner.' : Array.isArray(state.picking) ? ' Click its opposite corner.' : '';
  $('pattern-region').textContent = `Region: ${state.board.region ? `${r.right - r.left + 1}×${r.bottom - r.top + 1} points` : 'the whole board'}.${picking}`;
  $('pattern-pick').setAttribute('aria-pressed', String(state.picking !== null));
  const read = goPatternOf(state.board, goOptions());
  const text = $('pattern-text');
  if (!read.ok) {
    text.textContent = read.message;
    text.classList.add('error');
    return;
  }
  text.classList.remove('error');
  const { pattern, ...rest } = read.json;
  text.textContent = `${pattern}\n${JSON.stringify(rest)}`;
}

/** A change to the board: the labels of the last search no longer stand for it. */
function changed(): void {
  state.labels = [];
  drawBoard();
}

const clickPoint = (col: number, row: number): void => {
  if (state.picking === 'first') {
    state.picking = [col, row];
    drawBoard();
    return;
  }
  if (Array.isArray(state.picking)) {
    state.board = { ...state.board, region: regionOf(state.picking, [col, row]) };
    state.picking = null;
    changed();
    return;
  }
  const points = [...state.board.points];
  const i = row * state.board.size + col;
  points[i] = nextPointState(points[i]);
  state.board = { ...state.board, points };
  changed();
};

/** Go: the continuations' labels on the board (one a point, most played first) and each move's label. */
function labelsOf(frame: PatternFrame, moves: readonly { move: string }[]): { labels: BoardLabel[]; labelOf: (move: string) => string | null } {
  const byPoint = new Map<string, BoardLabel>();
  const byMove = new Map<string, string>();
  for (const { move } of moves) {
    const p = continuationPoint(frame, move);
    if (!p) continue;
    const key = `${p.col},${p.row}`;
    let label = byPoint.get(key);
    if (!label) byPoint.set(key, (label = { col: p.col, row: p.row, text: labelOf(byPoint.size), colour: p.colour }));
    else if (label.colour !== p.colour) label.colour = 'both';
    byMove.set(move, label.text);
  }
  return { labels: [...byPoint.values()], labelOf: (move) => byMove.get(move) ?? null };
}

// ------------------------------------------------------------------ searching

function clearResults(): void {
  for (const id of ['pattern-continuations', 'pattern-games']) $(id).replaceChildren();
  $('pattern-page-info').textContent = '';
  $<HTMLButtonElement>('pattern-prev').disabled = true;
  $<HTMLButtonElement>('pattern-next').disabled = true;
}

function draw(search: Search, page: PatternPage): void {
  $('pattern-summary').textContent = summaryOf(page, describeFilter(search.filter, gameOfKind(search.game.kind)));
  let labelOfMove: ((move: string) => string | null) | undefined;
  if (search.frame) {
    const found = labelsOf(search.frame, page.continuations);
    labelOfMove = found.labelOf;
    // The labels go on the board only while it still shows the pattern searched.
    const now = goPatternOf(state.board, goOptions());
    state.labels = now.ok && JSON.stringify(now.json) === JSON.stringify(search.pattern) ? found.labels : [];
    drawBoard();
  }
  drawContinuations($('pattern-continuations'), page.continuations, labelOfMove);
  drawMatches($('pattern-games'), page);
  const index = search.cursors.length - 1;
  $('pattern-page-info').textContent = pageInfoOf(index, page.matches.length, PAGE_SIZE, page.gameCount);
  $<HTMLButtonElement>('pattern-prev').disabled = index === 0;
  const next = $<HTMLButtonElement>('pattern-next');
  next.disabled = !page.hasNextPage;
  next.dataset.cursor = page.endCursor ?? '';
}

/** Asks for the page `search.cursors` ends at, showing its state, errors in the page, stale answers dropped. */
async function run(search: Search): Promise<void> {
  const mine = ++generation;
  const view = $('pattern-view');
  view.dataset.state = 'loading';
  view.setAttribute('aria-busy', 'true');
  $('pattern-error').textContent = '';
  try {
    const page = await searchPatterns(search.game.kind, search.pattern, search.filter, search.cursors[search.cursors.length - 1]);
    if (mine !== generation) return;
    state.search = search;
    draw(search, page);
    view.dataset.state = 'ready';
  } catch (error) {
    if (mine !== generation) return;
    showError(explainError(error));
  } finally {
    if (mine === generation) view.removeAttribute('aria-busy');
  }
}

function showError(message: string): void {
  clearResults();
  $('pattern-summary').textContent = '';
  $('pattern-error').textContent = message;
  $('pattern-view').dataset.state = 'error';
}

/** The filter the form's fields say (an ECO code is for chess only). */
function formFilter(): GameFilter | null {
  const values = readFilter($('pattern-form'), 'pattern');
  if (state.game.kind !== 'CHESS') values.eco = '';
  return filterOf(values);
}

/** A new search from what the tab shows: the Go board's region, or the query box's JSON. */
function searchFromForm(): Promise<void> {
  const filter = formFilter();
  if (state.game.kind === 'GO') {
    const read = goPatternOf(state.board, goOptions());
    if (!read.ok) {
      showError(read.message);
      return Promise.resolve();
    }
    return run({ game: state.game, pattern: read.json, filter, frame: read.frame, cursors: [null] });
  }
  const text = $<HTMLTextAreaElement>('pattern-json').value;
  let pattern: unknown;
  try {
    pattern = JSON.parse(text);
  } catch (error) {
    showError(`The pattern is not JSON: ${error instanceof Error ? error.message : String(error)}`);
    return Promise.resolve();
  }
  return run({ game: state.game, pattern, filter, frame: null, cursors: [null] });
}

/** Shows a game's pattern input (the board or its query box) and its filter fields; the last results go. */
function setGame(kind: string): void {
  if (state.game.kind !== 'GO') state.texts[state.game.kind] = $<HTMLTextAreaElement>('pattern-json').value;
  state.game = patternGameOf(kind);
  state.search = null;
  state.labels = [];
  generation++;
  $<HTMLSelectElement>('pattern-game').value = state.game.kind;
  const go = state.game.kind === 'GO';
  $('pattern-go').hidden = !go;
  $('pattern-query').hidden = go;
  $<HTMLTextAreaElement>('pattern-json').value = state.texts[state.game.kind] ?? '';
  $('pattern-hint').textContent = state.game.hint;
  const side = $<HTMLSelectElement>('pattern-side');
  const sideWas = side.value;
  side.replaceChildren(...sideOptions(gameOfKind(state.game.kind)));
  side.value = sideWas;
  $('pattern-eco-label').hidden = state.game.kind !== 'CHESS';
  clearResults();
  $('pattern-error').textContent = '';
  $('pattern-summary').textContent = 'Set a pattern and press Search.';
  $('pattern-view').dataset.state = 'idle';
  drawBoard();
}

function clearFilter(): void {
  const fieldset = $('pattern-form').querySelector('fieldset');
  for (const input of fieldset?.querySelectorAll<HTMLInputElement>('input') ?? []) {
    if (input.type === 'checkbox') input.checked = false;
    else input.value = '';
  }
  $<HTMLSelectElement>('pattern-side').value = '';
}

function wire(): void {
  board = patternBoardView($('pattern-board'), {
    click: clickPoint,
    drag(region) {
      state.board = { ...state.board, region };
      state.picking = null;
      changed();
    },
  });
  $('pattern-form').addEventListener('submit', (e) => {
    e.preventDefault();
    void searchFromForm();
  });
  $('pattern-game').addEventListener('change', (e) => setGame((e.target as HTMLSelectElement).value));
  $('pattern-clear').addEventListener('click', () => {
    clearFilter();
    if (state.search) void searchFromForm();
  });
  $('pattern-size').addEventListener('change', (e) => {
    state.board = resized(state.board, Number((e.target as HTMLSelectElement).value));
    state.picking = null;
    changed();
  });
  for (const id of ['pattern-anchor', 'pattern-colors', 'pattern-size-only']) $(id).addEventListener('change', () => changed());
  $('pattern-pick').addEventListener('click', () => {
    state.picking = state.picking === null ? 'first' : null;
    drawBoard();
  });
  $('pattern-whole').addEventListener('click', () => {
    state.board = { ...state.board, region: null };
    state.picking = null;
    changed();
  });
  $('pattern-clear-board').addEventListener('click', () => {
    state.board = emptyBoard(state.board.size);
    state.picking = null;
    changed();
  });
  $('pattern-next').addEventListener('click', (e) => {
    const cursor = (e.target as HTMLElement).dataset.cursor;
    if (state.search && cursor) void run({ ...state.search, cursors: [...state.search.cursors, cursor] });
  });
  $('pattern-prev').addEventListener('click', () => {
    if (state.search && state.search.cursors.length > 1) void run({ ...state.search, cursors: state.search.cursors.slice(0, -1) });
  });
}

export const patternTab: Tab = {
  id: 'patterns',
  title: 'Pattern search',
  async load(panel) {
    if (!document.getElementById('pattern-view')) {
      build(panel);
      wire();
      $<HTMLSelectElement>('pattern-size').value = String(state.board.size);
      setGame(state.game.kind);
    } else if (state.search) {
      // The token changed: the same page again.
      await run(state.search);
    }
    status('');
  },
};
