/**
 * The Go tab: pick two Go score sets (program/ruleset, from `goScoreSets`; it opens on the pair
 * that scored the most positions in common, `goScoreSetPairs` and `pairs.ts`), see the score
 * distribution (`goScoreDistribution`) and positions by stone count (`goStoneHistogram`) as
 * Chart.js bar charts, who wins at komi 4..7 by each set (`goKomiVerdicts`), how often they
 * disagree per stone count (`goDisagreementByStones`), the agreement matrix of the two sets
 * (`goScoreDiff`, `goScoreCrossTab`), and a paged list of the positions where they disagree with
 * their diagrams (`svg`), largest difference or most confident first.
 */
import { gql } from '../shared/api';
import { $, barChart, dataTable, diagram, fail, h, status } from './dom';
import { type SetName, openingPair } from './pairs';
import type { Tab } from './tabs';

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
/** How two sets compare, in all (`goScoreDiff`'s counts). */
interface DiffCounts {
  compared: number;
  agreeing: number;
  disagreeing: number;
  buckets: DiffBucket[];
}
/** One page of disagreements (`goScoreDiff`'s nodes). */
interface DiffPage {
  nodes: Disagreement[];
  endCursor: string | null;
  hasNextPage: boolean;
}

const setName = (s: ScoreSet): string => (s.ruleset ? `${s.program} / ${s.ruleset}` : s.program);
const SCORES = [3, 4, 5, 6, 7, 8];
const scoreLabel = (s: number): string => (s === 3 ? '≤3' : s === 8 ? '≥8' : String(s));

// ------------------------------------------------------------------ state

let sets: ScoreSet[] = [];
const page = { cursors: [null] as (string | null)[], index: 0, total: 0 };

const selected = (): { a: ScoreSet; b: ScoreSet; minConfidence: number } | null => {
  const a = sets[Number($<HTMLSelectElement>('set-a').value)];
  const b = sets[Number($<HTMLSelectElement>('set-b').value)];
  if (!a || !b) return null;
  const minConfidence = Math.min(100, Math.max(0, Number($<HTMLInputElement>('min-confidence').value) || 0));
  return { a, b, minConfidence };
};

const setInput = (s: ScoreSet) => ({ program: s.program, ruleset: s.ruleset });

// ------------------------------------------------------------------ sections

/** The sets, and the two to open on: the pair that scored the most positions in common (one query). */
async function loadSets(): Promise<void> {
  const data = await gql<{ goScoreSets: ScoreSet[]; goScoreSetPairs: { a: SetName; b: SetName }[] }>(
    `query DashboardScoreSets {
      goScoreSets { program ruleset positions }
      goScoreSetPairs(first: 1) { a { program ruleset } b { program ruleset } }
    }`,
  );
  sets = data.goScoreSets;
  const picks = openingPair(sets, data.goScoreSetPairs[0]);
  for (const [id, pick] of [['set-a', picks[0]], ['set-b', picks[1]]] as const) {
    const select = $<HTMLSelectElement>(id);
    select.replaceChildren(...sets.map((s, i) => h('option', { value: String(i) }, `${setName(s)} (${s.positions})`)));
    select.value = String(pick);
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

interface KomiVerdict {
  komi: number;
  blackWins: number;
  jigo: number;
  whiteWins: number;
}

/** Who wins at komi 4..7 by each set: a grouped bar chart of Black's wins and a table of all three verdicts. */
async function loadKomi(): Promise<void> {
  const pick = selected();
  if (!pick) return;
  const data = await gql<{ a: KomiVerdict[]; b: KomiVerdict[] }>(
    `query DashboardKomi($a: String!, $ar: String, $b: String!, $br: String, $c: Int) {
      a: goKomiVerdicts(program: $a, ruleset: $ar, minConfidence: $c) { komi blackWins jigo whiteWins }
      b: goKomiVerdicts(program: $b, ruleset: $br, minConfidence: $c) { komi blackWins jigo whiteWins }
    }`,
    { a: pick.a.program, ar: pick.a.ruleset, b: pick.b.program, br: pick.b.ruleset, c: pick.minConfidence },
  );
  const sides = pick.a === pick.b ? [{ set: pick.a, rows: data.a }] : [{ set: pick.a, rows: data.a }, { set: pick.b, rows: data.b }];
  const komis = data.a.map((r) => r.komi);
  barChart(
    'komi',
    komis.map((k) => `komi ${k}`),
    sides.flatMap(({ set, rows }) => [
      { label: `${setName(set)}: Black wins`, data: rows.map((r) => r.blackWins) },
      { label: `${setName(set)}: White wins`, data: rows.map((r) => r.whiteWins) },
    ]),
    'komi',
  );
  dataTable(
    'komi-table',
    'Verdicts by komi',
    ['set', 'komi', 'Black wins', 'jigo', 'White wins'],
    sides.flatMap(({ set, rows }) => rows.map((r) => [setName(set), r.komi, r.blackWins, r.jigo, r.whiteWins])),
  );
}

/** The share of positions the two sets disagree on, per stone count (`goDisagreementByStones`). */
async function loadByStones(): Promise<void> {
  const pick = selected();
  if (!pick) return;
  const minDifference = Number($<HTMLSelectElement>('min-difference').value) || 1;
  const data = await gql<{ goDisagreementByStones: { stoneCount: number | null; compared: number; disagreeing: number }[] }>(
    `query DashboardByStones($a: GoScoreSetInput!, $b: GoScoreSetInput!, $c: Int, $d: Int) {
      goDisagreementByStones(a: $a, b: $b, minConfidence: $c, minDifference: $d) { stoneCount compared disagreeing }
    }`,
    { a: setInput(pick.a), b: setInput(pick.b), c: pick.minConfidence, d: minDifference },
  );
  const rows = data.goDisagreementByStones;
  const label = (n: number | null) => (n === null ? 'no board' : String(n));
  const pct = (r: { compared: number; disagreeing: number }) => (r.compared ? Math.round((1000 * r.disagreeing) / r.compared) / 10 : 0);
  $('by-stones-hint').textContent = `Share of the positions both sets scored where they differ by ${minDifference} point${minDifference === 1 ? '' : 's'} or more, per number of stones.`;
  barChart('by-stones', rows.map((r) => label(r.stoneCount)), [{ label: '% disagreeing', data: rows.map(pct) }], 'stones on the board', '% of positions');
  dataTable(
    'by-stones-table',
    'Disagreement by stone count',
    ['stones', 'compared', 'disagreeing', '%'],
    rows.map((r) => [label(r.stoneCount), r.compared, r.disagreeing, pct(r)]),
  );
}

const DIFF_PAGE = 8;

/**
 * The agreement matrix: A's score by row, B's by column. The diagonal (agreements) comes from the
 * summary's buckets, the other cells from one `goScoreCrossTab` query, however many disagree.
 */
async function loadMatrix(summary: DiffCounts): Promise<void> {
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

const COUNTS = `compared agreeing disagreeing buckets { score agree disagree }`;

/** The counts at the chosen threshold (the summary line, the pager's total); `withMatrix` also draws the matrix of exact agreement. */
async function loadSummary(withMatrix: boolean): Promise<void> {
  const pick = selected();
  if (!pick) return;
  const minDifference = Number($<HTMLSelectElement>('min-difference').value) || 1;
  const counts = async (d: number) =>
    (
      await gql<{ goScoreDiff: DiffCounts }>(
        `query DashboardAgreement($a: GoScoreSetInput!, $b: GoScoreSetInput!, $c: Int, $d: Int) {
          goScoreDiff(a: $a, b: $b, minConfidence: $c, minDifference: $d) { ${COUNTS} }
        }`,
        { a: setInput(pick.a), b: setInput(pick.b), c: pick.minConfidence, d },
      )
    ).goScoreDiff;
  const diff = await counts(minDifference);
  page.total = diff.disagreeing;
  $('summary').textContent =
    `${diff.compared} positions scored by both ${setName(pick.a)} and ${setName(pick.b)}` +
    (pick.minConfidence ? ` with confidence ≥ ${pick.minConfidence}` : '') +
    (minDifference === 1
      ? `: they agree on ${diff.compared - diff.disagreeing} and differ on ${diff.disagreeing}.`
      : `: ${diff.disagreeing} differ by ${minDifference} points or more.`);
  // The matrix is always about exact agreement.
  if (withMatrix) await loadMatrix(minDifference === 1 ? diff : await counts(1));
}

/** "9–16 of 20" under the list, once both the page and the total are known. */
const showPageInfo = (shown: number): void => {
  const start = page.index * DIFF_PAGE;
  $('page-info').textContent = page.total ? `${start + 1}–${start + shown} of ${page.total}` : '';
};

/** One page of disagreements with their diagrams, in the chosen order (the nodes alone: one query on the server). */
async function loadPage(): Promise<number> {
  const pick = selected();
  if (!pick) return 0;
  const minDifference = Number($<HTMLSelectElement>('min-difference').value) || 1;
  const data = await gql<{ goScoreDiff: DiffPage }>(
    `query DashboardDisagreements($a: GoScoreSetInput!, $b: GoScoreSetInput!, $c: Int, $d: Int, $after: String, $order: GoDisagreementOrder) {
      goScoreDiff(a: $a, b: $b, minConfidence: $c, minDifference: $d, first: ${DIFF_PAGE}, after: $after, orderBy: $order) {
        nodes {
          difference
          a { score confidence }
          b { score confidence }
          position { id key toPlay stoneCount svg(size: 180) }
        }
        endCursor hasNextPage
      }
    }`,
    { a: setInput(pick.a), b: setInput(pick.b), c: pick.minConfidence, d: minDifference, after: page.cursors[page.index], order: $<HTMLSelectElement>('order').value },
  );
  const diff = data.goScoreDiff;
  const nodes = diff.nodes;
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
  return nodes.length;
}

/** A page turn or a new order: the page alone, the total stays. */
async function turnPage(): Promise<void> {
  showPageInfo(await loadPage());
}

// ------------------------------------------------------------------ wiring

async function compare(): Promise<void> {
  page.cursors = [null];
  page.index = 0;
  status('Loading…');
  const [shown] = await Promise.all([loadPage(), loadSummary(true), loadDistribution(), loadKomi(), loadByStones()]);
  showPageInfo(shown);
  status('');
}

let wired = false;

/** Listens to the tab's controls (once). */
function wire(fail: (error: unknown) => void): void {
  if (wired) return;
  wired = true;
  $('sets').addEventListener('submit', (e) => {
    e.preventDefault();
    compare().catch(fail);
  });
  $('min-difference').addEventListener('change', () => {
    page.cursors = [null];
    page.index = 0;
    Promise.all([loadPage(), loadSummary(false), loadByStones()])
      .then(([shown]) => showPageInfo(shown))
      .catch(fail);
  });
  $('order').addEventListener('change', () => {
    page.cursors = [null];
    page.index = 0;
    turnPage().catch(fail);
  });
  $('prev').addEventListener('click', () => {
    page.index = Math.max(0, page.index - 1);
    turnPage().catch(fail);
  });
  $('next').addEventListener('click', () => {
    page.index++;
    turnPage().catch(fail);
  });
}


export const goTab: Tab = {
  id: 'go',
  title: 'Go',
  async load() {
    wire(fail);
    status('Loading…');
    await Promise.all([loadSets(), loadStones()]);
    if (sets.length === 0) {
      status('No Go score sets are stored yet: import position and score files (formats GO_POSITIONS, GO_SCORES) first.');
    } else {
      await compare();
    }
  },
};
