/**
 * The score-analysis dashboard at GET /dashboard, built on the GraphQL API only: pick two
 * Go score sets (program/ruleset, from `goScoreSets`), see the score distribution
 * (`goScoreDistribution`) and positions by stone count (`goStoneHistogram`) as Chart.js bar
 * charts, the agreement matrix of the two sets (`goScoreDiff`, `goScoreCrossTab`), a paged list of the
 * positions where they disagree with their diagrams (`svg`), and look any key up.
 *
 * The charts are exposed as `window.tabula.charts` (tests read their data from there).
 */
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { getToken, gql, setToken } from '../shared/api';
import { classifyKey } from './keys';
import './style.css';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

// ------------------------------------------------------------------ types of the answers

interface ScoreSet {
  program: string;
  ruleset: string;
  positions: number;
}
interface ScoreBucket {
  score: number;
  positions: number;
  meanConfidence: number;
}
interface StoneBucket {
  stoneCount: number;
  positions: number;
}
interface DiffBucket {
  score: number;
  agree: number;
  disagree: number;
}
interface Disagreement {
  difference: number;
  a: { score: number; confidence: number };
  b: { score: number; confidence: number };
  position: { id: string; key: string; toPlay: string; stoneCount: number | null; svg: string };
}
interface Diff {
  compared: number;
  agreeing: number;
  disagreeing: number;
  buckets: DiffBucket[];
  nodes: Disagreement[];
  endCursor: string | null;
  hasNextPage: boolean;
}

// ------------------------------------------------------------------ DOM helpers

const $ = <T extends HTMLElement = HTMLElement>(id: string): T => {
  const found = document.getElementById(id);
  if (!found) throw new Error(`#${id} missing`);
  return found as T;
};

const h = (tag: string, attrs: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElement => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const c of children) node.append(c);
  return node;
};

/** A diagram from the server: SVG text built from codec data with every text escaped. */
const diagram = (svg: string, className = 'diagram'): HTMLElement => {
  const box = h('div', { class: className });
  box.innerHTML = svg;
  return box;
};

const status = (text: string, error = false): void => {
  const el = $('status');
  el.textContent = text;
  el.classList.toggle('error', error);
};

const setName = (s: ScoreSet): string => (s.ruleset ? `${s.program} / ${s.ruleset}` : s.program);
const SCORES = [3, 4, 5, 6, 7, 8];
const scoreLabel = (s: number): string => (s === 3 ? '≤3' : s === 8 ? '≥8' : String(s));
const COLOURS = ['#2f6f9f', '#d9822b'];

// ------------------------------------------------------------------ state

let sets: ScoreSet[] = [];
const charts: Record<string, Chart> = {};
const page = { cursors: [null] as (string | null)[], index: 0 };

declare global {
  interface Window {
    tabula?: { charts: Record<string, Chart>; ready: boolean };
  }
}
window.tabula = { charts, ready: false };

const selected = (): { a: ScoreSet; b: ScoreSet; minConfidence: number } | null => {
  const a = sets[Number($<HTMLSelectElement>('set-a').value)];
  const b = sets[Number($<HTMLSelectElement>('set-b').value)];
  if (!a || !b) return null;
  const minConfidence = Math.min(100, Math.max(0, Number($<HTMLInputElement>('min-confidence').value) || 0));
  return { a, b, minConfidence };
};

const setInput = (s: ScoreSet) => ({ program: s.program, ruleset: s.ruleset });

/** A bar chart on `canvasId`, replacing the one drawn before. */
const barChart = (canvasId: string, labels: string[], datasets: { label: string; data: number[] }[], xTitle: string): void => {
  charts[canvasId]?.destroy();
  charts[canvasId] = new Chart($<HTMLCanvasElement>(canvasId), {
    type: 'bar',
    data: { labels, datasets: datasets.map((d, i) => ({ ...d, backgroundColor: COLOURS[i % COLOURS.length] })) },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      scales: {
        x: { title: { display: true, text: xTitle } },
        y: { beginAtZero: true, title: { display: true, text: 'positions' }, ticks: { precision: 0 } },
      },
      plugins: { legend: { display: datasets.length > 1 } },
    },
  });
};

/** The same numbers as a table, for screen readers (and anyone who wants the exact counts). */
const dataTable = (id: string, caption: string, head: string[], rows: (string | number)[][]): void => {
  const table = $(id);
  table.replaceChildren(
    h('caption', {}, caption),
    h('thead', {}, h('tr', {}, ...head.map((c) => h('th', { scope: 'col' }, c)))),
    h('tbody', {}, ...rows.map((r) => h('tr', {}, ...r.map((c) => h('td', {}, String(c)))))),
  );
};

// ------------------------------------------------------------------ sections

async function loadSets(): Promise<void> {
  const data = await gql<{ goScoreSets: ScoreSet[] }>('query DashboardScoreSets { goScoreSets { program ruleset positions } }');
  sets = data.goScoreSets;
  for (const [id, pick] of [['set-a', 0], ['set-b', 1]] as const) {
    const select = $<HTMLSelectElement>(id);
    select.replaceChildren(...sets.map((s, i) => h('option', { value: String(i) }, `${setName(s)} (${s.positions})`)));
    select.value = String(Math.min(pick, Math.max(0, sets.length - 1)));
  }
}

async function loadDistribution(): Promise<void> {
  const pick = selected();
  if (!pick) return;
  const data = await gql<{ a: ScoreBucket[]; b: ScoreBucket[] }>(
    `query DashboardDistribution($a: String!, $ar: String, $b: String!, $br: String, $c: Int) {
      a: goScoreDistribution(program: $a, ruleset: $ar, minConfidence: $c) { score positions meanConfidence }
      b: goScoreDistribution(program: $b, ruleset: $br, minConfidence: $c) { score positions meanConfidence }
    }`,
    { a: pick.a.program, ar: pick.a.ruleset, b: pick.b.program, br: pick.b.ruleset, c: pick.minConfidence },
  );
  const counts = (buckets: ScoreBucket[]) => SCORES.map((s) => buckets.find((x) => x.score === s)?.positions ?? 0);
  const same = pick.a === pick.b;
  const datasets = [{ label: setName(pick.a), data: counts(data.a) }];
  if (!same) datasets.push({ label: setName(pick.b), data: counts(data.b) });
  barChart('distribution', SCORES.map(scoreLabel), datasets, 'score (Black margin)');
  dataTable(
    'distribution-table',
    'Positions per score',
    ['score', ...datasets.map((d) => d.label)],
    SCORES.map((s, i) => [scoreLabel(s), ...datasets.map((d) => d.data[i])]),
  );
}

async function loadStones(): Promise<void> {
  const data = await gql<{ goStoneHistogram: StoneBucket[] }>('query DashboardStones { goStoneHistogram { stoneCount positions } }');
  const rows = data.goStoneHistogram;
  barChart('stones', rows.map((r) => String(r.stoneCount)), [{ label: 'positions', data: rows.map((r) => r.positions) }], 'stones on the board');
  dataTable('stones-table', 'Positions per stone count', ['stones', 'positions'], rows.map((r) => [r.stoneCount, r.positions]));
}

const DIFF_PAGE = 8;

/**
 * The agreement matrix: A's score by row, B's by column. The diagonal (agreements) comes from the
 * summary's buckets, the other cells from one `goScoreCrossTab` query, however many disagree.
 */
async function loadMatrix(summary: Diff): Promise<void> {
  const pick = selected();
  if (!pick) return;
  const table = $('matrix');
  const hint = $('matrix-hint');
  const data = await gql<{ goScoreCrossTab: { a: number; b: number; positions: number }[] }>(
    `query DashboardMatrix($a: GoScoreSetInput!, $b: GoScoreSetInput!, $c: Int) {
      goScoreCrossTab(a: $a, b: $b, minConfidence: $c) { a b positions }
    }`,
    { a: setInput(pick.a), b: setInput(pick.b), c: pick.minConfidence },
  );
  const cells = new Map<string, number>(data.goScoreCrossTab.map((c) => [`${c.a}:${c.b}`, c.positions]));
  const agreeOf = (s: number) => summary.buckets.find((b) => b.score === s)?.agree ?? 0;
  const max = Math.max(1, ...summary.buckets.map((b) => b.agree + b.disagree));
  const shade = (n: number, diagonal: boolean): string =>
    n === 0 ? '' : `background: ${diagonal ? 'rgba(47,111,159,' : 'rgba(217,130,43,'}${(0.15 + 0.75 * (n / max)).toFixed(2)})`;
  const cell = (n: number, diagonal: boolean, label: string) =>
    h('td', { style: shade(n, diagonal), class: diagonal ? 'agree' : 'disagree', 'data-count': String(n), title: label }, String(n));

  hint.textContent = `Rows: ${setName(pick.a)}'s score; columns: ${setName(pick.b)}'s score. The diagonal is where they agree. ${summary.compared} positions compared.`;
  table.replaceChildren(
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, `${setName(pick.a)} ↓ / ${setName(pick.b)} →`), ...SCORES.map((s) => h('th', { scope: 'col' }, scoreLabel(s))), h('th', { scope: 'col' }, 'agree %'))),
    h(
      'tbody',
      {},
      ...SCORES.map((sa) => {
        const total = SCORES.reduce((n, sb) => n + (sa === sb ? agreeOf(sa) : (cells.get(`${sa}:${sb}`) ?? 0)), 0);
        return h(
          'tr',
          {},
          h('th', { scope: 'row' }, scoreLabel(sa)),
          ...SCORES.map((sb) => {
            const n = sa === sb ? agreeOf(sa) : (cells.get(`${sa}:${sb}`) ?? 0);
            return cell(n, sa === sb, `${setName(pick.a)} ${scoreLabel(sa)}, ${setName(pick.b)} ${scoreLabel(sb)}: ${n} positions`);
          }),
          h('td', { class: 'pct' }, total ? `${Math.round((100 * agreeOf(sa)) / total)}%` : '–'),
        );
      }),
    ),
  );
}

async function loadDisagreements(withMatrix: boolean): Promise<void> {
  const pick = selected();
  if (!pick) return;
  const minDifference = Number($<HTMLSelectElement>('min-difference').value) || 1;
  const data = await gql<{ goScoreDiff: Diff }>(
    `query DashboardDisagreements($a: GoScoreSetInput!, $b: GoScoreSetInput!, $c: Int, $d: Int, $after: String) {
      goScoreDiff(a: $a, b: $b, minConfidence: $c, minDifference: $d, first: ${DIFF_PAGE}, after: $after) {
        compared agreeing disagreeing
        buckets { score agree disagree }
        nodes {
          difference
          a { score confidence }
          b { score confidence }
          position { id key toPlay stoneCount svg(size: 180) }
        }
        endCursor hasNextPage
      }
    }`,
    { a: setInput(pick.a), b: setInput(pick.b), c: pick.minConfidence, d: minDifference, after: page.cursors[page.index] },
  );
  const diff = data.goScoreDiff;
  $('summary').textContent =
    `${diff.compared} positions scored by both ${setName(pick.a)} and ${setName(pick.b)}` +
    (pick.minConfidence ? ` with confidence ≥ ${pick.minConfidence}` : '') +
    (minDifference === 1
      ? `: they agree on ${diff.compared - diff.disagreeing} and differ on ${diff.disagreeing}.`
      : `: ${diff.disagreeing} differ by ${minDifference} points or more.`);
  if (withMatrix) {
    // The matrix is always about exact agreement; fetch its summary when another threshold is shown.
    const summary =
      minDifference === 1
        ? diff
        : (
            await gql<{ goScoreDiff: Diff }>(
              `query DashboardAgreement($a: GoScoreSetInput!, $b: GoScoreSetInput!, $c: Int) {
                goScoreDiff(a: $a, b: $b, minConfidence: $c, first: 0) { compared agreeing disagreeing buckets { score agree disagree } nodes { difference } endCursor hasNextPage }
              }`,
              { a: setInput(pick.a), b: setInput(pick.b), c: pick.minConfidence },
            )
          ).goScoreDiff;
    await loadMatrix(summary);
  }
  // Largest difference first within the page.
  const nodes = [...diff.nodes].sort((x, y) => Math.abs(y.difference) - Math.abs(x.difference));
  const list = $('disagreements');
  list.replaceChildren(
    ...nodes.map((n) =>
      h(
        'li',
        { class: 'position', 'data-key': n.position.key },
        diagram(n.position.svg),
        h(
          'dl',
          {},
          h('dt', {}, 'PositionID'),
          h('dd', { class: 'key' }, n.position.key),
          h('dt', {}, setName(pick.a)),
          h('dd', {}, `${scoreLabel(n.a.score)} (conf. ${n.a.confidence})`),
          h('dt', {}, setName(pick.b)),
          h('dd', {}, `${scoreLabel(n.b.score)} (conf. ${n.b.confidence})`),
          h('dt', {}, 'difference'),
          h('dd', { class: 'difference' }, (n.difference > 0 ? '+' : '') + String(n.difference)),
          h('dt', {}, 'stones'),
          h('dd', {}, n.position.stoneCount === null ? 'board not stored' : String(n.position.stoneCount)),
          h('dt', {}, 'to play'),
          h('dd', {}, n.position.toPlay === 'WHITE' ? 'White' : 'Black'),
        ),
      ),
    ),
  );
  if (nodes.length === 0) list.append(h('li', { class: 'empty' }, 'No disagreements at this threshold.'));
  if (diff.hasNextPage) page.cursors[page.index + 1] = diff.endCursor;
  $<HTMLButtonElement>('prev').disabled = page.index === 0;
  $<HTMLButtonElement>('next').disabled = !diff.hasNextPage;
  const start = page.index * DIFF_PAGE;
  $('page-info').textContent = diff.disagreeing ? `${start + 1}–${start + diff.nodes.length} of ${diff.disagreeing}` : '';
}

// ------------------------------------------------------------------ lookup

interface FoundPosition {
  kind: string;
  toPlay?: string;
  key: string;
  board: string | null;
  svg: string;
  occurrenceCount: number;
  scores: { program: string; ruleset: string; value: string }[];
  occurrences: { number: number; variation: string; move: string | null; game: { id: string; kind: string; player1: string | null; player2: string | null; event: string | null; date: string | null; result: string | null } }[];
}

const OCCURRENCES = `occurrences(first: 5) { number variation move game { id kind player1 player2 event date result } }`;
const POSITION_FIELDS = `kind key board occurrenceCount svg(size: 300) scores { program ruleset value confidence } ${OCCURRENCES}`;
const GO_FIELDS = `key board toPlay occurrenceCount svg(size: 300) scores { program ruleset score confidence } ${OCCURRENCES}`;

interface RawPosition extends Omit<FoundPosition, 'scores' | 'kind'> {
  kind?: string;
  scores: { program: string; ruleset: string; value?: number; score?: number; confidence?: number | null }[];
}

const normalise = (p: RawPosition, kind?: string): FoundPosition => ({
  ...p,
  kind: p.kind ?? kind ?? '',
  scores: p.scores.map((s) => ({
    program: s.program,
    ruleset: s.ruleset,
    value: `${s.score ?? s.value}${s.confidence !== null && s.confidence !== undefined ? ` (confidence ${s.confidence})` : ''}`,
  })),
});

/** Runs the queries the key's shape calls for: stored positions, plus a decoded diagram when nothing is stored. */
async function lookup(input: string): Promise<{ found: FoundPosition[]; decoded?: { svg: string; text: string } }> {
  const key = classifyKey(input);
  const vars = (v: Record<string, unknown>) => v;
  switch (key.kind) {
    case 'empty':
      return { found: [] };
    case 'fen': {
      const d = await gql<{ chessPosition: { key: string; fen: string; svg: string; gameCount: number; position: RawPosition | null } }>(
        `query LookupFen($fen: String!) { chessPosition(fen: $fen) { key fen svg(size: 300) gameCount position { ${POSITION_FIELDS} } } }`,
        vars({ fen: key.fen }),
      );
      const c = d.chessPosition;
      return c.position
        ? { found: [normalise(c.position)] }
        : { found: [], decoded: { svg: c.svg, text: `Chess position ${c.fen} (Polyglot key ${c.key}) is not in any stored game.` } };
    }
    case 'cgp': {
      const d = await gql<{ parseCgp: { key: string; svg: string; stored: RawPosition | null } }>(
        `query LookupCgp($cgp: String!) { parseCgp(cgp: $cgp) { key svg(size: 300) stored { ${POSITION_FIELDS} } } }`,
        vars({ cgp: key.cgp }),
      );
      const c = d.parseCgp;
      return c.stored ? { found: [normalise(c.stored)] } : { found: [], decoded: { svg: c.svg, text: `Crossword position (key ${c.key}) is not stored.` } };
    }
    case 'gnubg':
    case 'gnubgPosition': {
      const matchId = key.kind === 'gnubg' ? key.matchId : null;
      const d = await gql<{ backgammonPositions: RawPosition[]; decodePositionId: { svg: string; pipCounts: number[] } }>(
        `query LookupBackgammon($p: String!, $m: String) {
          backgammonPositions(positionId: $p, matchId: $m, first: 5) { ${POSITION_FIELDS} }
          decodePositionId(id: $p) { svg(size: 300) pipCounts }
        }`,
        vars({ p: key.positionId, m: matchId }),
      );
      return d.backgammonPositions.length
        ? { found: d.backgammonPositions.map((p) => normalise(p)) }
        : { found: [], decoded: { svg: d.decodePositionId.svg, text: `Backgammon position ${key.positionId} is not stored (pip counts ${d.decodePositionId.pipCounts.join(' / ')}).` } };
    }
    case 'hex16': {
      const d = await gql<{ positions: RawPosition[]; goPositions: RawPosition[] }>(
        `query LookupHex($k: String!) { positions(key: $k) { ${POSITION_FIELDS} } goPositions(hash: $k) { ${GO_FIELDS} } }`,
        vars({ k: key.hex }),
      );
      return { found: [...d.positions.map((p) => normalise(p)), ...d.goPositions.map((p) => normalise(p, 'GO'))] };
    }
    case 'hex20': {
      const d = await gql<{ goPosition: RawPosition | null }>(`query LookupGoKey($k: String!) { goPosition(hash: $k) { ${GO_FIELDS} } }`, vars({ k: key.hex }));
      return { found: d.goPosition ? [normalise(d.goPosition, 'GO')] : [] };
    }
    case 'other': {
      const d = await gql<{ positions: RawPosition[] }>(`query LookupKey($k: String!) { positions(key: $k) { ${POSITION_FIELDS} } }`, vars({ k: key.key }));
      return { found: d.positions.map((p) => normalise(p)) };
    }
  }
}

const gameText = (g: FoundPosition['occurrences'][number]['game']): string =>
  `${g.player1 ?? '?'} – ${g.player2 ?? '?'}${g.event ? `, ${g.event}` : ''}${g.date ? `, ${g.date}` : ''}${g.result ? ` (${g.result})` : ''}`;

async function runLookup(): Promise<void> {
  const out = $('lookup-results');
  const input = $<HTMLInputElement>('lookup-key').value;
  out.replaceChildren(h('p', { class: 'hint' }, 'Looking up…'));
  try {
    const { found, decoded } = await lookup(input);
    const nodes: HTMLElement[] = [];
    if (decoded) nodes.push(h('article', { class: 'found decoded' }, diagram(decoded.svg), h('p', {}, decoded.text)));
    for (const p of found) {
      nodes.push(
        h(
          'article',
          { class: 'found', 'data-kind': p.kind, 'data-key': p.key },
          diagram(p.svg),
          h(
            'div',
            { class: 'facts' },
            h('h3', {}, `${p.kind.toLowerCase()} · ${p.key}`),
            p.toPlay ? h('p', {}, `${p.toPlay === 'WHITE' ? 'White' : 'Black'} to play.`) : '',
            h('p', {}, `Occurs ${p.occurrenceCount} time${p.occurrenceCount === 1 ? '' : 's'} in stored games.`),
            p.scores.length ? h('p', {}, `Scores: ${p.scores.map((s) => `${s.program}${s.ruleset ? `/${s.ruleset}` : ''} ${s.value}`).join('; ')}`) : '',
            p.occurrences.length
              ? h(
                  'ul',
                  { class: 'games' },
                  ...p.occurrences.map((o) =>
                    h('li', {}, `Game ${o.game.id}: ${gameText(o.game)}, ply ${o.number}${o.variation ? ` (variation ${o.variation})` : ''}${o.move ? ` after ${o.move}` : ''}`),
                  ),
                )
              : '',
          ),
        ),
      );
    }
    if (nodes.length === 0) nodes.push(h('p', { class: 'hint' }, 'No stored position has this key.'));
    out.replaceChildren(...nodes);
  } catch (error) {
    out.replaceChildren(h('p', { class: 'error' }, error instanceof Error ? error.message : String(error)));
  }
}

// ------------------------------------------------------------------ wiring

async function compare(): Promise<void> {
  page.cursors = [null];
  page.index = 0;
  status('Loading…');
  await Promise.all([loadDistribution(), loadDisagreements(true)]);
  status('');
}

async function start(): Promise<void> {
  status('Loading…');
  await Promise.all([loadSets(), loadStones()]);
  if (sets.length === 0) {
    status('No Go score sets are stored yet: import position and score files (formats GO_POSITIONS, GO_SCORES) first.');
  } else {
    await compare();
  }
  window.tabula = { charts, ready: true };
}

const fail = (error: unknown): void => status(error instanceof Error ? error.message : String(error), true);

const tokenInput = $<HTMLInputElement>('token');
tokenInput.value = getToken();
tokenInput.addEventListener('change', () => {
  setToken(tokenInput.value.trim());
  start().catch(fail);
});
$('sets').addEventListener('submit', (e) => {
  e.preventDefault();
  compare().catch(fail);
});
$('min-difference').addEventListener('change', () => {
  page.cursors = [null];
  page.index = 0;
  loadDisagreements(false).catch(fail);
});
$('prev').addEventListener('click', () => {
  page.index = Math.max(0, page.index - 1);
  loadDisagreements(false).catch(fail);
});
$('next').addEventListener('click', () => {
  page.index++;
  loadDisagreements(false).catch(fail);
});
$('lookup').addEventListener('submit', (e) => {
  e.preventDefault();
  runLookup().catch(fail);
});

start().catch(fail);
