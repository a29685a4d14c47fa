/**
 * The Explorer tab (`/dashboard#explorer`): the opening explorer for every game. Pick a game, name
 * a position in its text form (chess: a FEN or moves, and clicking a move follows it) and see the
 * moves played from it with their counts, a win / draw / loss bar from the mover's side, the
 * movers' average rating, their opponents', their performance and the last date played (chess:
 * the opening each move leads to), the position's opening name (chess), and its top and most
 * recent games, all over the games the filter keeps (`explorerFilter.ts`). Queries:
 * `explorerData.ts`. The view says what it is doing in `#explorer-view[data-state]`
 * (`loading`, `ready`, `error`; tests wait on it), and shows the API's errors in `#explorer-error`.
 */
import { $, card, diagram, fixed, h, status } from './dom';
import {
  EXPLORER_GAMES,
  type Candidate,
  type Explored,
  type ExplorerGame,
  type ExplorerGameRow,
  type GameFilter,
  type MoveStat,
  exploreChess,
  exploreKey,
  findCandidates,
  gameOfKind,
  readChessInput,
} from './explorerData';
import { SPEEDS, describeFilter, filterFields, filterOf, readFilter, sideOptions } from './explorerFilter';
import type { Tab } from './tabs';

// ------------------------------------------------------------------ state

interface ExplorerState {
  game: ExplorerGame;
  /** Chess: the FEN the line starts from ('' for the standard start) and the moves played from it. */
  fen: string;
  play: string[];
  /** Other games: the positions the text names, and the one shown. */
  candidates: Candidate[];
  key: string | null;
  filter: GameFilter | null;
}

const state: ExplorerState = { game: EXPLORER_GAMES[0], fen: '', play: [], candidates: [], key: null, filter: null };
/** Each exploration's number: an answer to an older one is dropped. */
let generation = 0;

// ------------------------------------------------------------------ the panel

function build(panel: HTMLElement): void {
  panel.replaceChildren(
    h(
      'div',
      { id: 'explorer-view', 'data-state': 'idle' },
      card(
        'explorer',
        'Opening explorer',
        h('form', { id: 'explorer-position', class: 'controls' },
          h('label', {}, 'Game ', h('select', { id: 'explorer-game' }, ...EXPLORER_GAMES.map((g) => h('option', { value: g.kind }, g.title)))),
          h('label', { class: 'explorer-text-label' }, 'Position ', h('input', { id: 'explorer-text', class: 'lookup-key', type: 'text', spellcheck: 'false' })),
          h('button', { type: 'submit' }, 'Explore'),
          h('button', { id: 'explorer-start', type: 'button' }, 'Start position'),
        ),
        h('form', { id: 'explorer-filters' }, filterFields()),
        h('p', { id: 'explorer-error', class: 'error', role: 'alert' }),
        h('p', { id: 'explorer-summary', class: 'summary' }),
      ),
      h(
        'section',
        { class: 'card explorer-main', 'aria-labelledby': 'explorer-moves-h' },
        h('div', { class: 'explorer-board' },
          h('div', { id: 'explorer-diagram' }),
          h('p', { id: 'explorer-opening', class: 'explorer-opening' }),
          h('p', { id: 'explorer-key', class: 'key' }),
          h('div', { id: 'explorer-candidates' }),
        ),
        h('div', { class: 'explorer-moves' },
          h('h2', { id: 'explorer-moves-h' }, 'Moves'),
          h('nav', { id: 'explorer-line', class: 'explorer-line', 'aria-label': 'Moves played to this position' }),
          h('div', { class: 'matrix-wrap' }, h('table', { id: 'explorer-moves', class: 'figures explorer-table' })),
        ),
      ),
      card('explorer-top', 'Top games', h('p', { class: 'hint' }, 'Highest mean rating first, then the latest.'), h('table', { id: 'explorer-top-games', class: 'figures explorer-games' })),
      card('explorer-recent', 'Recent games', h('p', { class: 'hint' }, 'Latest first.'), h('table', { id: 'explorer-recent-games', class: 'figures explorer-games' })),
    ),
  );
}

// ------------------------------------------------------------------ drawing

const percent = (n: number, of: number): string => (of ? `${Math.round((100 * n) / of)}%` : '');

/** The win / draw / loss bar of a move, from the mover's side (games without a result in grey). */
export const resultBar = (s: Pick<MoveStat, 'count' | 'wins' | 'draws' | 'losses' | 'unknown'>): HTMLElement => {
  const parts: [string, number, string][] = [
    ['w', s.wins, 'won'],
    ['d', s.draws, 'drawn'],
    ['l', s.losses, 'lost'],
    ['u', s.unknown, 'without a result'],
  ];
  const words = parts.filter(([, n]) => n > 0).map(([, n, word]) => `${n} ${word}`).join(', ');
  return h(
    'div',
    { class: 'wdl', role: 'img', 'aria-label': `${s.count} game${s.count === 1 ? '' : 's'}: ${words}`, title: words },
    ...parts
      .filter(([, n]) => n > 0)
      .map(([cls, n]) => h('span', { class: cls, style: `width: ${(100 * n) / s.count}%` }, (100 * n) / s.count >= 14 ? percent(n, s.count) : '')),
  );
};

const rating = (n: number | null | undefined): string => (n === null || n === undefined ? '–' : String(Math.round(n)));

const moveNumbering = (fen: string): { white: boolean; number: number } => {
  const fields = fen.trim().split(/\s+/);
  return { white: fields[1] !== 'b', number: Number(fields[5]) > 0 ? Number(fields[5]) : 1 };
};

/** Chess: the line from the FEN it starts at, each move a button that goes back to it. */
function drawLine(): void {
  const line = $('explorer-line');
  if (state.game.kind !== 'CHESS') {
    line.replaceChildren();
    return;
  }
  let { white, number } = moveNumbering(state.fen);
  const items: (Node | string)[] = [h('button', { type: 'button', class: 'ply', 'data-ply': '0' }, state.fen ? 'FEN' : 'Start')];
  state.play.forEach((move, i) => {
    const label = white ? `${number}. ${move}` : i === 0 ? `${number}… ${move}` : move;
    items.push(' ', h('button', { type: 'button', class: 'ply', 'data-ply': String(i + 1), ...(i === state.play.length - 1 ? { 'aria-current': 'true' } : {}) }, label));
    if (!white) number++;
    white = !white;
  });
  if (state.play.length) items.push(' ', h('button', { id: 'explorer-back', type: 'button' }, '← Back'));
  line.replaceChildren(...items);
}

function drawMoves(p: Explored): void {
  const chess = p.kind === 'CHESS';
  const points = state.game.points;
  const head = ['Move', 'Games', 'Results (mover: won / drawn / lost)', 'Avg. rating', 'Opp. rating', 'Performance', ...(points ? ['Mean points'] : []), 'Last played', ...(chess ? ['Opening'] : [])];
  const total = p.moves.reduce(
    (t, m) => ({ count: t.count + m.count, wins: t.wins + m.wins, draws: t.draws + m.draws, losses: t.losses + m.losses, unknown: t.unknown + m.unknown }),
    { count: 0, wins: 0, draws: 0, losses: 0, unknown: 0 },
  );
  const rows = p.moves.map((m) =>
    h(
      'tr',
      { 'data-move': m.move, ...(chess ? { class: 'follow', title: `Play ${m.move}` } : {}) },
      h('td', { class: 'move' }, chess ? h('button', { type: 'button', class: 'move-link', 'data-move': m.move }, m.move) : m.move),
      h('td', { class: 'count' }, String(m.count)),
      h('td', { class: 'results' }, resultBar(m)),
      h('td', {}, rating(m.averageRating)),
      h('td', {}, rating(m.averageOpponentRating)),
      h('td', {}, m.performance === null ? '–' : String(m.performance)),
      ...(points ? [h('td', {}, fixed(m.points, 2))] : []),
      h('td', { class: 'date' }, m.lastPlayed ?? '–'),
      ...(chess ? [h('td', { class: 'opening' }, m.opening ? `${m.opening.eco} ${m.opening.name}` : '')] : []),
    ),
  );
  const table = $('explorer-moves');
  table.replaceChildren(
    h('caption', { class: 'sr-only' }, 'Moves played from this position'),
    h('thead', {}, h('tr', {}, ...head.map((c) => h('th', { scope: 'col' }, c)))),
    h('tbody', {}, ...(rows.length ? rows : [h('tr', {}, h('td', { colspan: String(head.length), class: 'empty' }, 'No game the filter keeps played a move from this position.'))])),
    ...(rows.length
      ? [h('tfoot', {}, h('tr', {}, h('th', { scope: 'row' }, 'Σ'), h('td', { class: 'count' }, String(total.count)), h('td', { class: 'results' }, resultBar(total)), h('td', { colspan: String(head.length - 3) })))]
      : []),
  );
}

const speedName = (s: string | null): string => (s ? (SPEEDS.find(([k]) => k === s)?.[1] ?? s) : '–');
const player = (name: string | null, r: number | null): string => `${name ?? '?'}${r !== null ? ` (${r})` : ''}`;

function drawGames(id: string, games: ExplorerGameRow[], chess: boolean): void {
  const head = ['Game', 'Players', 'Result', 'Date', 'Speed', 'Plies', chess ? 'Opening' : 'Event'];
  const left = ['Players', 'Opening', 'Event'];
  $(id).replaceChildren(
    h('thead', {}, h('tr', {}, ...head.map((c) => h('th', { scope: 'col', ...(left.includes(c) ? { class: 'left' } : {}) }, c)))),
    h(
      'tbody',
      {},
      ...(games.length
        ? games.map((g) =>
            h('tr', { 'data-game-id': g.id },
              h('td', {}, g.id),
              h('td', { class: 'players' }, `${player(g.player1, g.player1Rating)} – ${player(g.player2, g.player2Rating)}`),
              h('td', {}, g.result ?? '–'),
              h('td', { class: 'date' }, g.date ?? '–'),
              h('td', {}, speedName(g.speed)),
              h('td', {}, String(g.plyCount)),
              h('td', { class: 'opening' }, chess ? (g.opening ? `${g.opening.eco} ${g.opening.name}` : '–') : (g.event ?? '–')),
            ),
          )
        : [h('tr', {}, h('td', { colspan: String(head.length), class: 'empty' }, 'No game the filter keeps reached this position.'))]),
    ),
  );
}

function drawCandidates(): void {
  const box = $('explorer-candidates');
  if (state.candidates.length < 2) {
    box.replaceChildren();
    return;
  }
  const s = h('select', { id: 'explorer-candidate' }, ...state.candidates.map((c) => h('option', { value: c.key }, `${c.key} (${c.occurrenceCount}×)`))) as HTMLSelectElement;
  s.value = state.key ?? '';
  s.addEventListener('change', () => {
    state.key = s.value;
    void run(() => showKey());
  });
  box.replaceChildren(h('label', {}, `${state.candidates.length} positions match: `, s));
}

function draw(p: Explored): void {
  const chess = p.kind === 'CHESS';
  $('explorer-diagram').replaceChildren(diagram(p.svg, 'diagram'));
  const opening = $('explorer-opening');
  opening.textContent = chess ? (p.opening ? `${p.opening.eco} ${p.opening.name}` : 'No opening name for this position.') : '';
  opening.title = p.opening?.moves ?? '';
  $('explorer-key').textContent = `${p.text ?? ''}${p.text !== p.key ? `  ·  key ${p.key}` : ''}`;
  drawCandidates();
  drawLine();
  drawMoves(p);
  drawGames('explorer-top-games', p.topGames, chess);
  drawGames('explorer-recent-games', p.recentGames, chess);
  const toMove = chess && p.sideToMove ? `${p.sideToMove === 'b' ? 'Black' : 'White'} to move; ` : '';
  const games = p.moves.reduce((n, m) => n + m.count, 0);
  const summary =
    `${toMove}the position occurs ${p.occurrenceCount} time${p.occurrenceCount === 1 ? '' : 's'} in stored games; ` +
    `over ${describeFilter(state.filter, state.game)}, ${games} game${games === 1 ? '' : 's'} played a move from it.`;
  $('explorer-summary').textContent = summary.charAt(0).toUpperCase() + summary.slice(1);
}

function clear(): void {
  for (const id of ['explorer-diagram', 'explorer-moves', 'explorer-top-games', 'explorer-recent-games', 'explorer-line', 'explorer-candidates']) $(id).replaceChildren();
  for (const id of ['explorer-opening', 'explorer-key', 'explorer-summary']) $(id).textContent = '';
}

// ------------------------------------------------------------------ exploring

/** Runs one exploration: the state it shows, errors in the page, stale answers dropped. */
async function run(work: () => Promise<Explored | string>): Promise<void> {
  const mine = ++generation;
  const view = $('explorer-view');
  view.dataset.state = 'loading';
  view.setAttribute('aria-busy', 'true');
  $('explorer-error').textContent = '';
  try {
    const result = await work();
    if (mine !== generation) return;
    if (typeof result === 'string') {
      clear();
      $('explorer-summary').textContent = result;
    } else {
      draw(result);
    }
    view.dataset.state = 'ready';
  } catch (error) {
    if (mine !== generation) return;
    clear();
    $('explorer-error').textContent = error instanceof Error ? error.message : String(error);
    view.dataset.state = 'error';
  } finally {
    if (mine === generation) view.removeAttribute('aria-busy');
  }
}

async function showKey(): Promise<Explored | string> {
  if (!state.key) return 'No position.';
  return (await exploreKey(state.game.kind, state.key, state.filter)) ?? `No stored ${state.game.title.toLowerCase()} position has the key ${state.key}.`;
}

/** Explores what the position box says, from scratch (chess: a new line). */
function exploreInput(): Promise<void> {
  const text = $<HTMLInputElement>('explorer-text').value;
  state.candidates = [];
  state.key = null;
  if (state.game.kind === 'CHESS') {
    ({ fen: state.fen, play: state.play } = readChessInput(text));
    return run(() => exploreChess(state.fen, state.play, state.filter));
  }
  return run(async () => {
    if (!text.trim()) return `Type a ${state.game.title.toLowerCase()} position: ${state.game.placeholder}.`;
    state.candidates = await findCandidates(state.game.kind, text.trim());
    if (state.candidates.length === 0) return `No ${state.game.title.toLowerCase()} position named by this text is stored or reached in a stored game.`;
    state.key = state.candidates[0].key;
    return showKey();
  });
}

/** Shows the same position again (after the filter changed). */
function exploreAgain(): Promise<void> {
  if (state.game.kind === 'CHESS') return run(() => exploreChess(state.fen, state.play, state.filter));
  return state.key ? run(() => showKey()) : exploreInput();
}

/** Chess: plays `move` from the position shown. */
function follow(move: string): Promise<void> {
  state.play = [...state.play, move];
  return run(() => exploreChess(state.fen, state.play, state.filter));
}

/** Switches the view to a game: its position box (with its start position), side names and fields. */
function setGame(kind: string): void {
  state.game = gameOfKind(kind);
  $<HTMLSelectElement>('explorer-game').value = state.game.kind;
  const input = $<HTMLInputElement>('explorer-text');
  input.value = state.game.start;
  input.placeholder = state.game.placeholder;
  const side = $<HTMLSelectElement>('explorer-side');
  const sideWas = side.value;
  side.replaceChildren(...sideOptions(state.game));
  side.value = sideWas;
  $('explorer-eco-label').hidden = state.game.kind !== 'CHESS';
  // The filter as the form shows it, for this game (an ECO code is for chess only).
  state.filter = formFilter();
}

function pickGame(kind: string): Promise<void> {
  setGame(kind);
  return exploreInput();
}

/** The filter the form's fields say, for the game picked. */
function formFilter(): GameFilter | null {
  const values = readFilter($('explorer-filters'));
  if (state.game.kind !== 'CHESS') values.eco = '';
  return filterOf(values);
}

function applyFilter(): Promise<void> {
  state.filter = formFilter();
  return exploreAgain();
}

function wire(): void {
  $('explorer-position').addEventListener('submit', (e) => {
    e.preventDefault();
    void exploreInput();
  });
  $('explorer-start').addEventListener('click', () => {
    $<HTMLInputElement>('explorer-text').value = state.game.start;
    void exploreInput();
  });
  $('explorer-game').addEventListener('change', (e) => void pickGame((e.target as HTMLSelectElement).value));
  $('explorer-filters').addEventListener('submit', (e) => {
    e.preventDefault();
    void applyFilter();
  });
  $('explorer-clear').addEventListener('click', () => {
    ($('explorer-filters') as HTMLFormElement).reset();
    void applyFilter();
  });
  // Chess: a click on a move's row plays it; a click on the line goes back to that move.
  $('explorer-moves').addEventListener('click', (e) => {
    const row = (e.target as HTMLElement).closest('tr.follow');
    const move = row?.getAttribute('data-move');
    if (move && state.game.kind === 'CHESS') void follow(move);
  });
  $('explorer-line').addEventListener('click', (e) => {
    const target = e.target as HTMLElement;
    if (target.id === 'explorer-back') state.play = state.play.slice(0, -1);
    else if (target.dataset.ply !== undefined) state.play = state.play.slice(0, Number(target.dataset.ply));
    else return;
    void run(() => exploreChess(state.fen, state.play, state.filter));
  });
}

/** A position to explore given from elsewhere on the page before the tab was built. */
let pending: { kind: string; text: string } | null = null;

/** Picks `kind` and explores the position `text` names in the game's box. */
function exploreGiven(kind: string, text: string): Promise<void> {
  setGame(kind);
  $<HTMLInputElement>('explorer-text').value = text;
  return exploreInput();
}

/**
 * Opens the Explorer tab on a position (the lookup box's "Explore" button): `text` in the form
 * the game's box reads (a FEN, a Go PositionID, gnubg IDs, a crossword key).
 */
export function openInExplorer(kind: string, text: string): void {
  if (document.getElementById('explorer-view')) void exploreGiven(kind, text);
  else pending = { kind, text };
  location.hash = '#explorer';
}

export const explorerTab: Tab = {
  id: 'explorer',
  title: 'Explorer',
  async load(panel) {
    if (!document.getElementById('explorer-view')) {
      build(panel);
      wire();
      const given = pending;
      pending = null;
      if (given) await exploreGiven(given.kind, given.text);
      else await pickGame(state.game.kind);
    } else {
      await exploreAgain();
    }
    status('');
  },
};
