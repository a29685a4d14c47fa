/**
 * The Chess tab: what the `[%eval]` comments of stored games say of the players, by lichess's
 * formulas. Pick an analysis program (`chessAnalysisPrograms`); see per player the games, moves,
 * average centipawn loss, mean accuracy and error counts (`chessPlayerAnalysis`) as a table and
 * the errors per 100 moves as a bar chart; pick a game among the worst played
 * (`chessAnalysedGames`) and see its evaluation graph as a line chart with the inaccuracies,
 * mistakes and blunders marked, and its move list (`Game.chessEvaluationGraph`, `Game.chessAnalysis`).
 */
import { gql } from '../shared/api';
import { $, barChart, card, charts, dataTable, fail, fixed, h, lineChart, status } from './dom';
import type { Tab } from './tabs';

// ------------------------------------------------------------------ types of the answers

interface Program {
  program: string;
  ruleset: string;
  games: number;
  moves: number;
}
interface Player {
  player: string;
  games: number;
  moves: number;
  averageCentipawnLoss: number | null;
  meanAccuracy: number | null;
  inaccuracies: number;
  mistakes: number;
  blunders: number;
  inaccuraciesPer100Moves: number | null;
  mistakesPer100Moves: number | null;
  blundersPer100Moves: number | null;
}
interface Side {
  side: 'WHITE' | 'BLACK';
  player: string | null;
  program: string;
  moves: number;
  averageCentipawnLoss: number;
  accuracy: number | null;
  inaccuracies: number;
  mistakes: number;
  blunders: number;
}
interface AnalysedGame {
  game: { id: string; player1: string | null; player2: string | null; event: string | null; date: string | null; result: string | null };
  white: Side | null;
  black: Side | null;
  orderValue: number;
}
type Judgement = 'INACCURACY' | 'MISTAKE' | 'BLUNDER';
interface Evaluation {
  pawns: number;
  mate: number | null;
  winPercent: number;
}
interface Move {
  ply: number;
  moveNumber: number;
  side: 'WHITE' | 'BLACK';
  san: string;
  evaluation: Evaluation | null;
  centipawnLoss: number | null;
  accuracy: number | null;
  judgement: Judgement | null;
  clockSeconds: number | null;
}
interface Graph {
  start: Evaluation;
  startAssumed: boolean;
  moves: Move[];
}

const JUDGEMENTS: { key: Judgement; label: string; glyph: string; colour: string }[] = [
  { key: 'INACCURACY', label: 'inaccuracies', glyph: '?!', colour: '#c9a227' },
  { key: 'MISTAKE', label: 'mistakes', glyph: '?', colour: '#d9822b' },
  { key: 'BLUNDER', label: 'blunders', glyph: '??', colour: '#a3231a' },
];
const judgementOf = (j: Judgement | null) => JUDGEMENTS.find((x) => x.key === j);

const programName = (p: Program): string => (p.ruleset ? `${p.program} / ${p.ruleset}` : p.program);
/** The evaluation as a chess player writes it: +0.35, -2.50, #3, #-2. */
const evalText = (e: Evaluation | null): string =>
  !e ? '–' : e.mate !== null ? `#${e.mate}` : `${e.pawns > 0 ? '+' : ''}${e.pawns.toFixed(2)}`;
/** What the graph plots: pawns capped at ±10 (a mate is ±10, lichess's ceiling). */
const plotted = (e: Evaluation | null): number | null => (e ? Math.max(-10, Math.min(10, e.pawns)) : null);
const moveLabel = (m: Move): string => `${m.moveNumber}${m.side === 'WHITE' ? '.' : '…'} ${m.san}`;
const clockText = (s: number | null): string => (s === null ? '' : `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`);

const ORDERS: [string, string][] = [
  ['MOST_GAMES', 'most games'],
  ['LOWEST_AVERAGE_CENTIPAWN_LOSS', 'lowest ACPL'],
  ['HIGHEST_AVERAGE_CENTIPAWN_LOSS', 'highest ACPL'],
  ['HIGHEST_ACCURACY', 'highest accuracy'],
  ['LOWEST_ACCURACY', 'lowest accuracy'],
  ['MOST_BLUNDERS_PER_100_MOVES', 'most blunders per 100 moves'],
  ['PLAYER', 'name'],
];
const GAME_ORDERS: [string, string][] = [
  ['HIGHEST_AVERAGE_CENTIPAWN_LOSS', 'highest ACPL'],
  ['LOWEST_ACCURACY', 'lowest accuracy'],
  ['LARGEST_ACCURACY_GAP', 'largest accuracy gap'],
  ['MOST_BLUNDERS', 'most blunders'],
];
const GAME_PAGE = 25;
/** Players in the error chart (the table lists more). */
const CHART_PLAYERS = 12;

// ------------------------------------------------------------------ the panel

const select = (id: string, options: [string, string][]): HTMLSelectElement => {
  const s = h('select', { id }) as HTMLSelectElement;
  s.replaceChildren(...options.map(([value, text]) => h('option', { value }, text)));
  return s;
};

const chartBox = (id: string, label: string, height = 260): HTMLElement =>
  h('div', { class: 'chart', style: `height: ${height}px` }, h('canvas', { id, role: 'img', 'aria-label': label }));

/** Builds the tab's controls and places (once). */
function build(panel: HTMLElement): void {
  const minGames = h('input', { id: 'chess-min-games', type: 'number', min: '1', value: '1' });
  panel.replaceChildren(
    card(
      'chess-program',
      'Chess analysis',
      h('form', { id: 'chess-controls', class: 'controls' },
        h('label', {}, 'Program ', h('select', { id: 'chess-program' })),
        h('label', {}, 'Min. games ', minGames),
        h('label', {}, 'Order ', select('chess-order', ORDERS)),
        h('button', { type: 'submit' }, 'Show'),
      ),
      h('p', { class: 'hint' },
        'Figures from the engine evaluations in the games’ comments ([%eval], cutechess scores), by lichess’s formulas: ACPL = centipawns lost per move judged (evaluations ceiled at ±10 pawns), accuracy = lichess’s game accuracy, and moves dropping 0.1 / 0.2 / 0.3 of the mover’s winning chances are inaccuracies / mistakes / blunders.'),
      h('p', { id: 'chess-summary', class: 'summary' }),
    ),
    card('chess-players', 'Players', h('div', { class: 'matrix-wrap', style: 'max-height: 440px; overflow-y: auto' }, h('table', { id: 'chess-player-table', class: 'figures' }))),
    card(
      'chess-errors',
      'Errors per 100 moves',
      h('p', { class: 'hint', id: 'chess-errors-hint' }),
      chartBox('chess-errors', 'Inaccuracies, mistakes and blunders per 100 moves, per player'),
      h('table', { id: 'chess-errors-table', class: 'sr-only' }),
    ),
    card(
      'chess-game',
      'Evaluation graph',
      h('div', { class: 'controls' },
        h('label', {}, 'Games by ', select('chess-game-order', GAME_ORDERS)),
        h('label', {}, 'Game ', h('select', { id: 'chess-game', style: 'max-width: 640px' })),
      ),
      h('p', { id: 'chess-game-summary', class: 'summary' }),
      h('table', { id: 'chess-game-sides', class: 'figures' }),
      chartBox('chess-graph', 'Evaluation graph of the game: pawns from White’s view, with the errors marked', 300),
      h('table', { id: 'chess-graph-table', class: 'sr-only' }),
      h('h3', {}, 'Moves'),
      h('p', { id: 'chess-moves', class: 'chess-moves', style: 'line-height: 1.9; word-break: normal' }),
    ),
  );
}

// ------------------------------------------------------------------ state and sections

let programs: Program[] = [];
let games: AnalysedGame[] = [];

/** The program picked, or null for every program. */
const picked = (): Program | null => programs[Number($<HTMLSelectElement>('chess-program').value)] ?? null;
const programArgs = (): { program: string | null; ruleset: string | null } => {
  const p = picked();
  return { program: p?.program ?? null, ruleset: p ? p.ruleset : null };
};

async function loadPrograms(): Promise<void> {
  const data = await gql<{ chessAnalysisPrograms: Program[] }>('query ChessPrograms { chessAnalysisPrograms { program ruleset games moves } }');
  programs = data.chessAnalysisPrograms;
  const s = $<HTMLSelectElement>('chess-program');
  const total = programs.reduce((n, p) => n + p.games, 0);
  s.replaceChildren(...programs.map((p, i) => h('option', { value: String(i) }, `${programName(p)} (${p.games} game${p.games === 1 ? '' : 's'})`)), h('option', { value: '-1' }, `every program (${total})`));
  s.value = programs.length ? '0' : '-1';
}

async function loadPlayers(): Promise<void> {
  const minGames = Math.max(1, Math.floor(Number($<HTMLInputElement>('chess-min-games').value) || 1));
  const data = await gql<{ chessPlayerAnalysis: Player[] }>(
    `query ChessPlayers($program: String, $ruleset: String, $minGames: Int, $orderBy: ChessPlayerAnalysisOrder) {
      chessPlayerAnalysis(program: $program, ruleset: $ruleset, minGames: $minGames, orderBy: $orderBy, first: 200) {
        player games moves averageCentipawnLoss meanAccuracy inaccuracies mistakes blunders
        inaccuraciesPer100Moves mistakesPer100Moves blundersPer100Moves
      }
    }`,
    { ...programArgs(), minGames, orderBy: $<HTMLSelectElement>('chess-order').value },
  );
  const players = data.chessPlayerAnalysis;
  const p = picked();
  $('chess-summary').textContent = `${players.length} players with at least ${minGames} game${minGames === 1 ? '' : 's'} judged by ${p ? programName(p) : 'any program'}.`;
  dataTable(
    'chess-player-table',
    'Players: games, moves judged, average centipawn loss, mean accuracy and errors',
    ['player', 'games', 'moves', 'ACPL', 'accuracy %', 'inaccuracies', 'mistakes', 'blunders', 'per 100 moves (?! / ? / ??)'],
    players.map((r) => [
      r.player, r.games, r.moves, fixed(r.averageCentipawnLoss), fixed(r.meanAccuracy), r.inaccuracies, r.mistakes, r.blunders,
      `${fixed(r.inaccuraciesPer100Moves)} / ${fixed(r.mistakesPer100Moves)} / ${fixed(r.blundersPer100Moves)}`,
    ]),
  );
  const shown = players.slice(0, CHART_PLAYERS);
  $('chess-errors-hint').textContent = players.length > CHART_PLAYERS ? `The first ${CHART_PLAYERS} players of the table, in its order.` : 'Every player of the table, in its order.';
  const round = (n: number | null) => (n === null ? null : Number(n.toFixed(2)));
  barChart(
    'chess-errors',
    shown.map((r) => r.player),
    [
      { label: 'inaccuracies', data: shown.map((r) => round(r.inaccuraciesPer100Moves)) },
      { label: 'mistakes', data: shown.map((r) => round(r.mistakesPer100Moves)) },
      { label: 'blunders', data: shown.map((r) => round(r.blundersPer100Moves)) },
    ],
    'player',
    'per 100 moves',
  );
  const chart = charts['chess-errors'];
  JUDGEMENTS.forEach((j, i) => Object.assign(chart.data.datasets[i], { backgroundColor: j.colour }));
  chart.update();
  dataTable(
    'chess-errors-table',
    'Errors per 100 moves judged',
    ['player', 'inaccuracies', 'mistakes', 'blunders'],
    shown.map((r) => [r.player, fixed(r.inaccuraciesPer100Moves, 2), fixed(r.mistakesPer100Moves, 2), fixed(r.blundersPer100Moves, 2)]),
  );
}

const gameTitle = (g: AnalysedGame): string =>
  `${g.game.player1 ?? '?'} – ${g.game.player2 ?? '?'}${g.game.result ? ` ${g.game.result}` : ''}${g.game.event ? `, ${g.game.event}` : ''}${g.game.date ? ` ${g.game.date}` : ''}`;

async function loadGames(): Promise<void> {
  const order = $<HTMLSelectElement>('chess-game-order').value;
  const data = await gql<{ chessAnalysedGames: { totalCount: number; nodes: AnalysedGame[] } }>(
    `query ChessGames($program: String, $ruleset: String, $orderBy: ChessAnalysedGameOrder) {
      chessAnalysedGames(program: $program, ruleset: $ruleset, orderBy: $orderBy, first: ${GAME_PAGE}) {
        totalCount
        nodes {
          game { id player1 player2 event date result }
          white { side player program moves averageCentipawnLoss accuracy inaccuracies mistakes blunders }
          black { side player program moves averageCentipawnLoss accuracy inaccuracies mistakes blunders }
          orderValue
        }
      }
    }`,
    { ...programArgs(), orderBy: order },
  );
  games = data.chessAnalysedGames.nodes;
  const unit = order === 'MOST_BLUNDERS' ? ' blunders' : order === 'HIGHEST_AVERAGE_CENTIPAWN_LOSS' ? ' ACPL' : '%';
  const s = $<HTMLSelectElement>('chess-game');
  s.replaceChildren(...games.map((g, i) => h('option', { value: String(i) }, `${fixed(g.orderValue)}${unit}: ${gameTitle(g)}`)));
  $('chess-game-summary').textContent = games.length ? `The ${games.length} worst of ${data.chessAnalysedGames.totalCount} analysed games.` : 'No analysed game.';
  await loadGraph();
}

/** The picked game's two sides, its evaluation graph and its move list. */
async function loadGraph(): Promise<void> {
  const g = games[Number($<HTMLSelectElement>('chess-game').value)];
  if (!g) {
    charts['chess-graph']?.destroy();
    delete charts['chess-graph'];
    $('chess-moves').replaceChildren();
    $('chess-game-sides').replaceChildren();
    return;
  }
  const data = await gql<{ game: { chessEvaluationGraph: Graph | null } }>(
    `query ChessGraph($id: ID!) { game(id: $id) { chessEvaluationGraph {
      start { pawns mate winPercent } startAssumed
      moves { ply moveNumber side san evaluation { pawns mate winPercent } centipawnLoss accuracy judgement clockSeconds }
    } } }`,
    { id: g.game.id },
  );
  const sides = [g.white, g.black].filter((s): s is Side => s !== null);
  dataTable(
    'chess-game-sides',
    gameTitle(g),
    ['side', 'player', 'program', 'moves', 'ACPL', 'accuracy %', 'inaccuracies', 'mistakes', 'blunders'],
    sides.map((s) => [s.side === 'WHITE' ? 'White' : 'Black', s.player ?? '?', s.program, s.moves, fixed(s.averageCentipawnLoss), fixed(s.accuracy), s.inaccuracies, s.mistakes, s.blunders]),
  );
  const graph = data.game.chessEvaluationGraph;
  if (!graph) return;
  const labels = ['start', ...graph.moves.map(moveLabel)];
  const marks = (j: Judgement) => [null, ...graph.moves.map((m) => (m.judgement === j ? plotted(m.evaluation) : null))];
  lineChart(
    'chess-graph',
    labels,
    [
      { label: 'evaluation', data: [plotted(graph.start), ...graph.moves.map((m) => plotted(m.evaluation))] },
      ...JUDGEMENTS.map((j) => ({ label: j.label, data: marks(j.key) })),
    ],
    'move',
    'pawns, White’s view (capped at ±10)',
  );
  const chart = charts['chess-graph'];
  JUDGEMENTS.forEach((j, i) =>
    Object.assign(chart.data.datasets[i + 1], { showLine: false, clip: false, pointRadius: 7, pointHoverRadius: 8, pointStyle: 'triangle', borderColor: j.colour, backgroundColor: j.colour }),
  );
  Object.assign(chart.data.datasets[0], { fill: false, borderWidth: 2 });
  if (chart.options.plugins?.legend) chart.options.plugins.legend.display = true;
  if (chart.options.scales?.y) Object.assign(chart.options.scales.y, { min: -10, max: 10 });
  chart.update();
  dataTable(
    'chess-graph-table',
    `Evaluation after each move${graph.startAssumed ? ' (the start taken as +0.15, as lichess does)' : ''}`,
    ['move', 'evaluation', 'White win %', 'centipawns lost', 'accuracy %', 'verdict', 'clock'],
    [
      ['start', evalText(graph.start), fixed(graph.start.winPercent), '', '', '', ''],
      ...graph.moves.map((m) => [
        moveLabel(m), evalText(m.evaluation), fixed(m.evaluation?.winPercent), m.centipawnLoss === null ? '–' : String(m.centipawnLoss),
        fixed(m.accuracy), judgementOf(m.judgement)?.label.replace(/ies$/, 'y').replace(/s$/, '') ?? '', clockText(m.clockSeconds),
      ]),
    ],
  );
  // The move list, PGN-style, with each error's glyph in its colour.
  const list = $('chess-moves');
  list.replaceChildren(
    ...graph.moves.flatMap((m, i) => {
      const j = judgementOf(m.judgement);
      const number = m.side === 'WHITE' ? `${m.moveNumber}. ` : i === 0 ? `${m.moveNumber}… ` : '';
      const title = `${moveLabel(m)}: ${evalText(m.evaluation)}${m.centipawnLoss !== null ? `, ${m.centipawnLoss} cp lost` : ''}${j ? `, ${j.label.replace(/ies$/, 'y').replace(/s$/, '')}` : ''}`;
      const move = h(
        'span',
        { class: `chess-move${j ? ` ${j.key.toLowerCase()}` : ''}`, 'data-ply': String(m.ply), title, ...(j ? { style: `color: ${j.colour}; font-weight: 600` } : {}) },
        `${m.san}${j ? j.glyph : ''}`,
      );
      return [number, move, ' '];
    }),
  );
}

// ------------------------------------------------------------------ wiring


async function show(): Promise<void> {
  status('Loading…');
  await Promise.all([loadPlayers(), loadGames()]);
  status('');
}

function wire(): void {
  $('chess-controls').addEventListener('submit', (e) => {
    e.preventDefault();
    show().catch(fail);
  });
  $('chess-program').addEventListener('change', () => show().catch(fail));
  $('chess-order').addEventListener('change', () => loadPlayers().catch(fail));
  $('chess-game-order').addEventListener('change', () => loadGames().catch(fail));
  $('chess-game').addEventListener('change', () => loadGraph().catch(fail));
}

export const chessTab: Tab = {
  id: 'chess',
  title: 'Chess',
  async load(panel) {
    if (!document.getElementById('chess-controls')) {
      build(panel);
      wire();
    }
    status('Loading…');
    await loadPrograms();
    if (programs.length === 0) {
      status('No chess analysis is stored yet: import PGN games whose moves carry [%eval] (or cutechess) evaluation comments.');
      return;
    }
    await show();
  },
};
