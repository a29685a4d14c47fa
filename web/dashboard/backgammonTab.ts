/**
 * The Backgammon tab: gnubg's error rates as its match statistics give them. Per player
 * (`backgammonPlayerErrors`) with gnubg's rating words and a bar chart of their checker and cube
 * error rates; the matches (`backgammonMatchErrors`, paged, for one player or all) and a match's
 * games (`backgammonGameErrors`); the distribution of equity lost per decision
 * (`backgammonLossHistogram`) as a bar chart; and the decisions that lost most
 * (`backgammonWorstDecisions`) with their diagrams. Every chart's numbers are in a table for
 * screen readers.
 */
import { gql } from '../shared/api';
import { $, barChart, dataTable, diagram, fail, fixed, h, status } from './dom';
import type { Tab } from './tabs';

// ------------------------------------------------------------------ types of the answers

interface Rates {
  games: number;
  checkerDecisions: number;
  checkerRate: number | null;
  checkerRating: string | null;
  cubeDecisions: number;
  cubeRate: number | null;
  cubeRating: string | null;
  overallRate: number | null;
  overallRating: string | null;
  doubtful: number;
  bad: number;
  veryBad: number;
}
interface PlayerRow {
  player: string | null;
  errors: Rates;
}
interface Side {
  side: number;
  player: string | null;
  errors: Rates | null;
}
interface MatchRow {
  id: string;
  player1: string | null;
  player2: string | null;
  matchLength: number | null;
  event: string | null;
  date: string | null;
  games: number;
  sides: Side[];
}
interface GameRow {
  game: { id: string; gameNumber: number | null; result: string | null };
  sides: Side[];
}
interface Bucket {
  from: number;
  to: number | null;
  decisions: number;
}
interface Decision {
  kind: 'CHECKER' | 'CUBE';
  player: number | null;
  decision: string | null;
  move: string | null;
  millipoints: number;
  skill: string | null;
  played: number;
  best: number;
  unit: string;
  settings: string;
  position: { key: string; svg: string };
  occurrence: { number: number; game: { id: string; player1: string | null; player2: string | null } } | null;
}

const RATES = 'games checkerDecisions checkerRate checkerRating cubeDecisions cubeRate cubeRating overallRate overallRating doubtful bad veryBad';
const MATCH_PAGE = 10;
const WORST = 6;

const name = (player: string | null): string => player ?? '(no name)';
/** A rate in millipoints with gnubg's word, e.g. `60.6 (Awful!)`, or a dash. */
const rated = (rate: number | null, word: string | null): string => (rate === null ? '–' : `${fixed(rate)} (${word})`);

/** A table of figures (`.figures`): a caption, a head row, body rows of cells. */
const figures = (caption: string, head: string[], rows: (Node | string)[][]): HTMLElement =>
  h(
    'table',
    { class: 'figures' },
    h('caption', { class: 'sr-only' }, caption),
    h('thead', {}, h('tr', {}, ...head.map((c) => h('th', { scope: 'col' }, c)))),
    h('tbody', {}, ...rows.map((r) => h('tr', {}, ...r.map((c) => h('td', {}, c))))),
  );

// ------------------------------------------------------------------ the panel

function layout(panel: HTMLElement): void {
  panel.replaceChildren(
    h(
      'section',
      { class: 'card', 'aria-labelledby': 'bg-players-h' },
      h('h2', { id: 'bg-players-h' }, 'Players'),
      h(
        'p',
        { class: 'hint' },
        'gnubg’s error rates over each player’s analysed games: millipoints of normalised equity lost per unforced checker play, per close cube decision, and overall, with gnubg’s rating words (Supernatural < 2, World class < 5, Expert < 8, Advanced < 12, Intermediate < 18, Casual player < 26, Beginner < 35, else Awful!).',
      ),
      h('div', { id: 'bg-players', class: 'matrix-wrap' }),
      h('div', { class: 'chart' }, h('canvas', { id: 'bg-player-rates', role: 'img', 'aria-label': 'Error rates per player' })),
      h('table', { id: 'bg-player-rates-table', class: 'sr-only' }),
    ),
    h(
      'section',
      { class: 'card', 'aria-labelledby': 'bg-matches-h' },
      h('h2', { id: 'bg-matches-h' }, 'Matches'),
      h(
        'div',
        { class: 'controls' },
        h('label', {}, 'Player ', h('select', { id: 'bg-match-player' }, h('option', { value: '' }, 'all players'))),
        h('button', { id: 'bg-prev', type: 'button' }, '← Previous'),
        h('span', { id: 'bg-page-info' }),
        h('button', { id: 'bg-next', type: 'button' }, 'Next →'),
      ),
      h('div', { id: 'bg-matches', class: 'matrix-wrap' }),
      h('div', { id: 'bg-games', class: 'matrix-wrap' }),
    ),
    h(
      'section',
      { class: 'card', 'aria-labelledby': 'bg-loss-h' },
      h('h2', { id: 'bg-loss-h' }, 'Equity lost per decision'),
      h(
        'div',
        { class: 'controls' },
        h(
          'label',
          {},
          'Decisions ',
          h('select', { id: 'bg-loss-kind' }, h('option', { value: '' }, 'all'), h('option', { value: 'CHECKER' }, 'checker plays'), h('option', { value: 'CUBE' }, 'cube decisions')),
        ),
      ),
      h('p', { id: 'bg-loss-hint', class: 'hint' }),
      h('div', { class: 'chart' }, h('canvas', { id: 'bg-loss', role: 'img', 'aria-label': 'Decisions by equity lost' })),
      h('table', { id: 'bg-loss-table', class: 'sr-only' }),
    ),
    h(
      'section',
      { class: 'card', 'aria-labelledby': 'bg-worst-h' },
      h('h2', { id: 'bg-worst-h' }, 'The decisions that lost most'),
      h('ol', { id: 'bg-worst', class: 'positions' }),
    ),
  );
}

// ------------------------------------------------------------------ sections

async function loadPlayers(): Promise<PlayerRow[]> {
  const data = await gql<{ backgammonPlayerErrors: PlayerRow[] }>(
    `query DashboardBackgammonPlayers { backgammonPlayerErrors(first: 20) { player errors { ${RATES} } } }`,
  );
  const rows = data.backgammonPlayerErrors;
  $('bg-players').replaceChildren(
    figures(
      'Error rates per player',
      ['player', 'games', 'unforced plays', 'checker mEMG', 'cube decisions', 'cube mEMG', 'overall mEMG', 'doubtful / bad / very bad'],
      rows.map((r) => [
        name(r.player),
        String(r.errors.games),
        String(r.errors.checkerDecisions),
        rated(r.errors.checkerRate, r.errors.checkerRating),
        String(r.errors.cubeDecisions),
        rated(r.errors.cubeRate, r.errors.cubeRating),
        rated(r.errors.overallRate, r.errors.overallRating),
        `${r.errors.doubtful} / ${r.errors.bad} / ${r.errors.veryBad}`,
      ]),
    ),
  );
  const charted = rows.slice(0, 12);
  const labels = charted.map((r) => name(r.player));
  const series = [
    { label: 'checker play', data: charted.map((r) => r.errors.checkerRate) },
    { label: 'cube decisions', data: charted.map((r) => r.errors.cubeRate) },
    { label: 'overall', data: charted.map((r) => r.errors.overallRate) },
  ];
  barChart('bg-player-rates', labels, series, 'player', 'millipoints lost per decision (mEMG)');
  dataTable(
    'bg-player-rates-table',
    'Error rates per player, millipoints per decision',
    ['player', ...series.map((s) => s.label)],
    labels.map((l, i) => [l, ...series.map((s) => fixed(s.data[i]))]),
  );
  const select = $<HTMLSelectElement>('bg-match-player');
  select.replaceChildren(h('option', { value: '' }, 'all players'), ...rows.filter((r) => r.player !== null).map((r) => h('option', { value: r.player! }, r.player!)));
  return rows;
}

const matchPage = { cursors: [null] as (string | null)[], index: 0 };

async function loadMatches(): Promise<void> {
  const player = $<HTMLSelectElement>('bg-match-player').value || null;
  const data = await gql<{ backgammonMatchErrors: { nodes: MatchRow[]; endCursor: string | null; hasNextPage: boolean } }>(
    `query DashboardBackgammonMatches($player: String, $after: String) {
      backgammonMatchErrors(player: $player, first: ${MATCH_PAGE}, after: $after) {
        nodes { id player1 player2 matchLength event date games sides { side player errors { ${RATES} } } }
        endCursor hasNextPage
      }
    }`,
    { player, after: matchPage.cursors[matchPage.index] },
  );
  const page = data.backgammonMatchErrors;
  const sideCell = (s: Side | undefined) => (s?.errors ? rated(s.errors.overallRate, s.errors.overallRating) : '–');
  $('bg-matches').replaceChildren(
    page.nodes.length === 0
      ? h('p', { class: 'empty' }, 'No analysed matches.')
      : figures(
          'Analysed matches',
          ['match', 'date', 'event', 'length', 'games', 'White overall mEMG', 'Black overall mEMG', ''],
          page.nodes.map((m) => [
            `${name(m.player1)} – ${name(m.player2)}`,
            m.date ?? '–',
            m.event ?? '–',
            m.matchLength ? `${m.matchLength} points` : 'money',
            String(m.games),
            sideCell(m.sides[0]),
            sideCell(m.sides[1]),
            h('button', { type: 'button', class: 'bg-show-games', 'data-match': m.id, 'data-label': matchLabel(m) }, 'games'),
          ]),
        ),
  );
  if (page.hasNextPage) matchPage.cursors[matchPage.index + 1] = page.endCursor;
  $<HTMLButtonElement>('bg-prev').disabled = matchPage.index === 0;
  $<HTMLButtonElement>('bg-next').disabled = !page.hasNextPage;
  const start = matchPage.index * MATCH_PAGE;
  $('bg-page-info').textContent = page.nodes.length ? `${start + 1}–${start + page.nodes.length}` : '';
  if (page.nodes[0]) await loadGames(page.nodes[0].id, matchLabel(page.nodes[0]));
  else $('bg-games').replaceChildren();
}

/** A match in words, for the heading of its games: players, length, date. */
const matchLabel = (m: MatchRow): string =>
  `${name(m.player1)} – ${name(m.player2)}, ${m.matchLength ? `${m.matchLength}-point match` : 'money session'}${m.date ? `, ${m.date}` : ''}`;

async function loadGames(matchId: string, label: string): Promise<void> {
  const data = await gql<{ backgammonGameErrors: GameRow[] }>(
    `query DashboardBackgammonGames($id: ID!) {
      backgammonGameErrors(gameId: $id, wholeMatch: true) { game { id gameNumber result } sides { side player errors { ${RATES} } } }
    }`,
    { id: matchId },
  );
  const games = data.backgammonGameErrors;
  const first = games[0];
  const side = (g: GameRow, i: number, pick: (r: Rates) => string) => (g.sides[i]?.errors ? pick(g.sides[i].errors!) : '–');
  const players = first ? first.sides.map((s) => name(s.player)) : ['White', 'Black'];
  $('bg-games').replaceChildren(
    h('h3', { id: 'bg-games-h' }, `Games of ${label}`),
    figures(
      'Error rates per game',
      ['game', 'result', `${players[0]} checker`, `${players[0]} cube`, `${players[0]} overall`, `${players[1]} checker`, `${players[1]} cube`, `${players[1]} overall`],
      games.map((g) => [
        String(g.game.gameNumber ?? '–'),
        g.game.result ?? '–',
        ...[0, 1].flatMap((i) => [
          side(g, i, (r) => rated(r.checkerRate, r.checkerRating)),
          side(g, i, (r) => rated(r.cubeRate, r.cubeRating)),
          side(g, i, (r) => rated(r.overallRate, r.overallRating)),
        ]),
      ]),
    ),
  );
}

async function loadLoss(): Promise<void> {
  const kind = $<HTMLSelectElement>('bg-loss-kind').value || null;
  const data = await gql<{ backgammonLossHistogram: { decisions: number; buckets: Bucket[] } }>(
    `query DashboardBackgammonLoss($kind: BackgammonDecisionKind) {
      backgammonLossHistogram(kind: $kind) { decisions buckets { from to decisions } }
    }`,
    { kind },
  );
  const { buckets, decisions } = data.backgammonLossHistogram;
  const labels = buckets.map((b) => (b.to === null ? `≥ ${b.from}` : `${b.from}–${b.to}`));
  barChart('bg-loss', labels, [{ label: 'decisions', data: buckets.map((b) => b.decisions) }], 'equity lost, millipoints (gnubg: doubtful > 30, bad > 60, very bad > 120)', 'decisions');
  dataTable('bg-loss-table', 'Decisions by equity lost (millipoints)', ['equity lost (mEMG)', 'decisions'], labels.map((l, i) => [l, buckets[i].decisions]));
  $('bg-loss-hint').textContent = `${decisions} scored decisions (a position reached in several games counts once).`;
}

async function loadWorst(): Promise<void> {
  const data = await gql<{ backgammonWorstDecisions: Decision[] }>(
    `query DashboardBackgammonWorst {
      backgammonWorstDecisions(first: ${WORST}) {
        kind player decision move millipoints skill played best unit settings
        position { key svg(size: 180) }
        occurrence { number game { id player1 player2 } }
      }
    }`,
  );
  const list = $('bg-worst');
  const items = data.backgammonWorstDecisions.map((d) => {
    const game = d.occurrence?.game;
    const who = d.player === null ? '–' : game ? name(d.player === 0 ? game.player1 : game.player2) : d.player === 0 ? 'White' : 'Black';
    const value = (v: number) => (d.unit === 'mwc' ? `${(100 * v).toFixed(1)}% MWC` : v.toFixed(3));
    return h(
      'li',
      { class: 'position', 'data-key': d.position.key },
      diagram(d.position.svg),
      h(
        'dl',
        {},
        h('dt', {}, 'lost'),
        h('dd', { class: 'difference' }, `${fixed(d.millipoints)} mEMG (${d.skill ?? '–'})`),
        h('dt', {}, d.kind === 'CHECKER' ? 'checker play' : 'cube decision'),
        h('dd', {}, d.kind === 'CHECKER' ? (d.move ?? '–') : (d.decision ?? '–')),
        h('dt', {}, 'by'),
        h('dd', {}, who),
        h('dt', {}, 'played / best'),
        h('dd', {}, `${value(d.played)} / ${value(d.best)}`),
        h('dt', {}, 'gnubg'),
        h('dd', {}, d.settings),
        h('dt', {}, 'game'),
        h('dd', {}, game ? `#${game.id}, after ply ${d.occurrence!.number}` : '–'),
        h('dt', {}, 'GNUID'),
        h('dd', { class: 'key' }, d.position.key),
      ),
    );
  });
  list.replaceChildren(...(items.length ? items : [h('li', { class: 'empty' }, 'No judged decisions.')]));
}

// ------------------------------------------------------------------ wiring


/** Listens to the panel's controls (the panel is drawn once). */
function wire(): void {
  $('bg-match-player').addEventListener('change', () => {
    matchPage.cursors = [null];
    matchPage.index = 0;
    loadMatches().catch(fail);
  });
  $('bg-prev').addEventListener('click', () => {
    matchPage.index = Math.max(0, matchPage.index - 1);
    loadMatches().catch(fail);
  });
  $('bg-next').addEventListener('click', () => {
    matchPage.index++;
    loadMatches().catch(fail);
  });
  $('bg-matches').addEventListener('click', (e) => {
    const button = (e.target as HTMLElement).closest('button.bg-show-games');
    if (button) loadGames(button.getAttribute('data-match') ?? '', button.getAttribute('data-label') ?? '').catch(fail);
  });
  $('bg-loss-kind').addEventListener('change', () => loadLoss().catch(fail));
}

let drawn = false;

export const backgammonTab: Tab = {
  id: 'backgammon',
  title: 'Backgammon',
  async load(panel) {
    if (!drawn) {
      layout(panel);
      wire();
      drawn = true;
    }
    matchPage.cursors = [null];
    matchPage.index = 0;
    status('Loading…');
    const [players] = await Promise.all([loadPlayers(), loadMatches(), loadLoss(), loadWorst()]);
    status(players.length ? '' : 'No analysed backgammon games yet: import SGF files with gnubg’s analysis (A and DA properties) first.');
  },
};
