/**
 * The Crossword tab: per-player figures (`crosswordPlayerStats`) as a table and a bar chart
 * (average points per turn, bingos per game or bingos), a game picker and that game's score
 * progression as a line chart (`Game.scoreProgression`: one line per player, and the recomputed
 * total beside the stated one where they part), and the paged list of games whose stated final
 * score differs from the recomputed one (`crosswordScoreDisagreements`). Each chart's numbers are
 * also in a table for screen readers.
 */
import { gql } from '../shared/api';
import { $, barChart, dataTable, fail, fixed, h, lineChart, type Series, status } from './dom';
import type { Tab } from './tabs';

// ------------------------------------------------------------------ types of the answers

interface PlayerStats {
  player: string;
  games: number;
  turns: number;
  points: number;
  averagePointsPerTurn: number | null;
  bingos: number;
  bingosPerGame: number;
  wins: number;
  finishedGames: number;
}
interface GameRef {
  id: string;
  player1: string | null;
  player2: string | null;
  result: string | null;
}
interface ScoreCheck {
  side: number;
  player: string | null;
  statedScore: number;
  recomputedScore: number;
  difference: number;
}
interface Disagreements {
  games: number;
  disagreeing: number;
  nodes: { difference: number; game: GameRef; players: ScoreCheck[] }[];
  endCursor: string | null;
  hasNextPage: boolean;
}
interface Entry {
  number: number;
  side: number;
  move: string;
  bingo: boolean;
  statedPoints: number;
  points: number;
  statedTotal: number;
  total: number;
}
interface Progression {
  disagrees: boolean;
  players: { side: number; nick: string; turns: number; points: number; bingos: number; statedScore: number }[];
  entries: Entry[];
}

// ------------------------------------------------------------------ what the tab shows

/** Players in the table; the bar chart shows the first CHART_PLAYERS of them. */
const TABLE_PLAYERS = 50;
const CHART_PLAYERS = 20;
/** Games offered by the picker (a game picked from the disagreement list is added to it). */
const PICKER_GAMES = 100;
const DIFF_PAGE = 10;

const METRICS = {
  average: { label: 'average points per turn', value: (p: PlayerStats) => p.averagePointsPerTurn, digits: 1 },
  bingosPerGame: { label: 'bingos per game', value: (p: PlayerStats) => p.bingosPerGame, digits: 2 },
  bingos: { label: 'bingos', value: (p: PlayerStats) => p.bingos, digits: 0 },
} as const;
type Metric = keyof typeof METRICS;

let players: PlayerStats[] = [];
let pickerGames: GameRef[] = [];
const page = { cursors: [null] as (string | null)[], index: 0 };

const gameLabel = (g: GameRef): string => `#${g.id} ${g.player1 ?? '?'} – ${g.player2 ?? '?'}${g.result ? ` (${g.result})` : ' (unfinished)'}`;
const LEFT = 'text-align: left';
const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

/** The panel's sections, built once per load. */
function layout(panel: HTMLElement): void {
  panel.replaceChildren(
    h(
      'section',
      { class: 'card', 'aria-labelledby': 'xw-players-h' },
      h('h2', { id: 'xw-players-h' }, 'Players'),
      h('p', { class: 'hint' }, 'Every play rescored from the board (bingo bonus included). A turn is a play, pass or exchange; wins count finished games only.'),
      h(
        'div',
        { class: 'controls' },
        h(
          'label',
          {},
          'Chart ',
          h(
            'select',
            { id: 'xw-metric' },
            ...Object.entries(METRICS).map(([value, m]) => h('option', { value }, m.label)),
          ),
        ),
      ),
      h('div', { class: 'chart' }, h('canvas', { id: 'xw-players-chart', role: 'img', 'aria-label': 'Players chart' })),
      h('table', { id: 'xw-players-chart-table', class: 'sr-only' }),
      h('table', { id: 'xw-players', class: 'figures' }),
    ),
    h(
      'section',
      { class: 'card', 'aria-labelledby': 'xw-progression-h' },
      h('h2', { id: 'xw-progression-h' }, 'Score progression'),
      h('div', { class: 'controls' }, h('label', {}, 'Game ', h('select', { id: 'xw-game' }))),
      h('p', { id: 'xw-game-summary', class: 'summary' }),
      h('div', { class: 'chart' }, h('canvas', { id: 'xw-progression', role: 'img', 'aria-label': 'Score progression of the game' })),
      h('table', { id: 'xw-progression-table', class: 'sr-only' }),
    ),
    h(
      'section',
      { class: 'card', 'aria-labelledby': 'xw-diff-h' },
      h('h2', { id: 'xw-diff-h' }, 'Stated scores that disagree'),
      h('p', { id: 'xw-diff-summary', class: 'summary' }),
      h(
        'div',
        { class: 'controls' },
        h('button', { id: 'xw-prev', type: 'button' }, '← Previous'),
        h('span', { id: 'xw-page-info' }),
        h('button', { id: 'xw-next', type: 'button' }, 'Next →'),
      ),
      h('table', { id: 'xw-disagreements', class: 'figures' }),
    ),
  );
}

// ------------------------------------------------------------------ sections

async function loadPlayers(): Promise<void> {
  const data = await gql<{ crosswordPlayerStats: PlayerStats[] }>(
    `query DashboardCrosswordPlayers($first: Int) {
      crosswordPlayerStats(first: $first) { player games turns points averagePointsPerTurn bingos bingosPerGame wins finishedGames }
    }`,
    { first: TABLE_PLAYERS },
  );
  players = data.crosswordPlayerStats;
  dataTable(
    'xw-players',
    `Players by games played (${players.length} shown)`,
    ['player', 'games', 'turns', 'points', 'points / turn', 'bingos', 'bingos / game', 'wins', 'finished'],
    players.map((p) => [p.player, p.games, p.turns, p.points, fixed(p.averagePointsPerTurn), p.bingos, fixed(p.bingosPerGame, 2), p.wins, p.finishedGames]),
  );
  drawPlayersChart();
}

function drawPlayersChart(): void {
  const metric = METRICS[$<HTMLSelectElement>('xw-metric').value as Metric] ?? METRICS.average;
  const shown = players.slice(0, CHART_PLAYERS);
  barChart('xw-players-chart', shown.map((p) => p.player), [{ label: metric.label, data: shown.map(metric.value) }], 'player', metric.label);
  dataTable('xw-players-chart-table', `${metric.label} per player`, ['player', metric.label], shown.map((p) => [p.player, fixed(metric.value(p), metric.digits)]));
}

async function loadPicker(): Promise<void> {
  const data = await gql<{ games: { nodes: GameRef[] } }>(
    `query DashboardCrosswordGames($first: Int) { games(filter: { kind: CROSSWORD }, first: $first) { nodes { id player1 player2 result } } }`,
    { first: PICKER_GAMES },
  );
  pickerGames = data.games.nodes;
  $('xw-game').replaceChildren(...pickerGames.map((g) => h('option', { value: g.id }, gameLabel(g))));
}

/** Selects `game` in the picker (adding it when the picker does not list it) and draws it. */
async function pick(game: GameRef): Promise<void> {
  const select = $<HTMLSelectElement>('xw-game');
  if (!pickerGames.some((g) => g.id === game.id)) {
    pickerGames.push(game);
    select.append(h('option', { value: game.id }, gameLabel(game)));
  }
  select.value = game.id;
  await loadProgression(game.id);
}

/** A player's running total after every event (carried over the other player's events; 0 before the first). */
const runningTotals = (entries: Entry[], side: number, pickTotal: (e: Entry) => number): number[] => {
  let total = 0;
  return entries.map((e) => {
    if (e.side === side) total = pickTotal(e);
    return total;
  });
};

async function loadProgression(gameId: string): Promise<void> {
  const data = await gql<{ game: (GameRef & { scoreProgression: Progression | null }) | null }>(
    `query DashboardCrosswordProgression($id: ID!) {
      game(id: $id) {
        id player1 player2 result
        scoreProgression {
          disagrees
          players { side nick turns points bingos statedScore }
          entries { number side move bingo statedPoints points statedTotal total }
        }
      }
    }`,
    { id: gameId },
  );
  const progression = data.game?.scoreProgression;
  if (!data.game || !progression) {
    $('xw-game-summary').textContent = 'This game has no score progression.';
    return;
  }
  const { entries } = progression;
  const names = [data.game.player1 ?? 'player 1', data.game.player2 ?? 'player 2'];
  // lineChart hands each series to Chart.js as a dataset: a recomputed line is dashed, so it shows where it runs beside the stated one.
  const series: (Series & { borderDash?: number[] })[] = [1, 2].map((side) => ({ label: `${names[side - 1]} (stated)`, data: runningTotals(entries, side, (e) => e.statedTotal) }));
  for (const side of [1, 2]) {
    if (entries.some((e) => e.side === side && e.total !== e.statedTotal)) {
      series.push({ label: `${names[side - 1]} (recomputed)`, data: runningTotals(entries, side, (e) => e.total), borderDash: [6, 4] });
    }
  }
  lineChart('xw-progression', entries.map((e) => String(e.number)), series, 'event', 'score');
  $('xw-game-summary').textContent =
    progression.players
      .map((p) => `${names[p.side - 1]}: ${p.statedScore} stated, ${p.points} recomputed, ${p.turns} turns, ${p.bingos} bingo${p.bingos === 1 ? '' : 's'}`)
      .join(' · ') + (progression.disagrees ? ' — the stated totals part from the recomputed ones.' : ' — every stated total agrees.');
  dataTable(
    'xw-progression-table',
    `Score after every event of game ${data.game.id}`,
    ['event', 'player', 'move', 'points stated', 'points recomputed', 'total stated', 'total recomputed'],
    entries.map((e) => [e.number, names[e.side - 1], e.move + (e.bingo ? ' (bingo)' : ''), e.statedPoints, e.points, e.statedTotal, e.total]),
  );
}

async function loadDisagreements(): Promise<Disagreements> {
  const data = await gql<{ crosswordScoreDisagreements: Disagreements }>(
    `query DashboardCrosswordDisagreements($first: Int, $after: String) {
      crosswordScoreDisagreements(first: $first, after: $after) {
        games disagreeing endCursor hasNextPage
        nodes { difference game { id player1 player2 result } players { side player statedScore recomputedScore difference } }
      }
    }`,
    { first: DIFF_PAGE, after: page.cursors[page.index] },
  );
  const d = data.crosswordScoreDisagreements;
  $('xw-diff-summary').textContent = `${d.disagreeing} of ${d.games} games state a final score the board does not give.`;
  const table = $('xw-disagreements');
  table.replaceChildren(
    h('caption', { class: 'sr-only' }, 'Games whose stated final score differs from the recomputed one'),
    h(
      'thead',
      {},
      h('tr', {}, ...['game', 'player', 'stated', 'recomputed', 'difference', ''].map((c) => h('th', { scope: 'col', ...(c === 'player' ? { style: LEFT } : {}) }, c))),
    ),
    h(
      'tbody',
      {},
      ...d.nodes.flatMap((n) =>
        n.players.map((p, k) => {
          const show = h('button', { type: 'button', class: 'xw-show', 'data-game': n.game.id }, 'show');
          show.addEventListener('click', () => pick(n.game).catch(fail));
          return h(
            'tr',
            { 'data-game': n.game.id, class: p.difference !== 0 ? 'disagree' : '' },
            h('td', {}, k === 0 ? `#${n.game.id}` : ''),
            h('td', { style: LEFT }, p.player ?? `player ${p.side}`),
            h('td', {}, String(p.statedScore)),
            h('td', {}, String(p.recomputedScore)),
            h('td', { class: 'difference' }, p.difference === 0 ? '0' : signed(p.difference)),
            h('td', {}, k === 0 ? show : ''),
          );
        }),
      ),
    ),
  );
  if (d.nodes.length === 0) table.append(h('tbody', {}, h('tr', {}, h('td', { class: 'empty', colspan: '6' }, 'Every stated score agrees with the board.'))));
  if (d.hasNextPage) page.cursors[page.index + 1] = d.endCursor;
  $<HTMLButtonElement>('xw-prev').disabled = page.index === 0;
  $<HTMLButtonElement>('xw-next').disabled = !d.hasNextPage;
  const start = page.index * DIFF_PAGE;
  $('xw-page-info').textContent = d.disagreeing ? `${start + 1}–${start + d.nodes.length} of ${d.disagreeing}` : '';
  return d;
}

// ------------------------------------------------------------------ wiring


function wire(): void {
  $('xw-metric').addEventListener('change', drawPlayersChart);
  $('xw-game').addEventListener('change', () => loadProgression($<HTMLSelectElement>('xw-game').value).catch(fail));
  $('xw-prev').addEventListener('click', () => {
    page.index = Math.max(0, page.index - 1);
    loadDisagreements().catch(fail);
  });
  $('xw-next').addEventListener('click', () => {
    page.index++;
    loadDisagreements().catch(fail);
  });
}

export const crosswordTab: Tab = {
  id: 'crossword',
  title: 'Crossword',
  async load(panel) {
    layout(panel);
    wire();
    page.cursors = [null];
    page.index = 0;
    status('Loading…');
    const [, , disagreements] = await Promise.all([loadPlayers(), loadPicker(), loadDisagreements()]);
    if (pickerGames.length === 0) {
      $('xw-game-summary').textContent = 'No crossword games are stored yet: import GCG files first.';
    } else {
      // The first game whose stated score disagrees is the one worth a look; else the first game.
      await pick(disagreements.nodes[0]?.game ?? pickerGames[0]);
    }
    status('');
  },
};
