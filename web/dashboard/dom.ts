/**
 * What every dashboard tab draws with: element helpers, the status line, Chart.js charts (kept
 * in one registry that tests read as `window.tabula.charts`) and the screen-reader tables that
 * carry each chart's numbers.
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LineController,
  LineElement,
  LinearScale,
  PointElement,
  Tooltip,
} from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, LineController, LineElement, PointElement, LinearScale, Legend, Tooltip);

export const $ = <T extends HTMLElement = HTMLElement>(id: string): T => {
  const found = document.getElementById(id);
  if (!found) throw new Error(`#${id} missing`);
  return found as T;
};

export const h = (tag: string, attrs: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElement => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const c of children) node.append(c);
  return node;
};

/** A titled card of a tab: a section labelled by its heading (`<id>-h`). */
export const card = (id: string, title: string, ...children: (Node | string)[]): HTMLElement =>
  h('section', { class: 'card', 'aria-labelledby': `${id}-h` }, h('h2', { id: `${id}-h` }, title), ...children);

/** A diagram from the server: SVG text built from codec data with every text escaped. */
export const diagram = (svg: string, className = 'diagram'): HTMLElement => {
  const box = h('div', { class: className });
  box.innerHTML = svg;
  return box;
};

export const status = (text: string, error = false): void => {
  const el = $('status');
  el.textContent = text;
  el.classList.toggle('error', error);
};

/** Shows an error from a load that failed on the status line. */
export const fail = (error: unknown): void => status(error instanceof Error ? error.message : String(error), true);

export const COLOURS = ['#2f6f9f', '#d9822b', '#4f8a3c', '#8a4f9e'];

/** Every chart on the page by its canvas id (tests read their data from `window.tabula.charts`). */
export const charts: Record<string, Chart> = {};

export interface Series {
  label: string;
  data: (number | null)[];
}

/** A bar chart on `canvasId`, replacing the one drawn before. */
export const barChart = (canvasId: string, labels: string[], datasets: Series[], xTitle: string, yTitle = 'positions'): void => {
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
        y: { beginAtZero: true, title: { display: true, text: yTitle }, ticks: { precision: 0 } },
      },
      plugins: { legend: { display: datasets.length > 1 } },
    },
  });
};

/** A line chart on `canvasId` (an evaluation graph, a score progression), replacing the one drawn before. */
export const lineChart = (canvasId: string, labels: string[], datasets: Series[], xTitle: string, yTitle: string): void => {
  charts[canvasId]?.destroy();
  charts[canvasId] = new Chart($<HTMLCanvasElement>(canvasId), {
    type: 'line',
    data: {
      labels,
      datasets: datasets.map((d, i) => ({ ...d, borderColor: COLOURS[i % COLOURS.length], backgroundColor: COLOURS[i % COLOURS.length], pointRadius: 1.5, spanGaps: true })),
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      scales: { x: { title: { display: true, text: xTitle } }, y: { title: { display: true, text: yTitle } } },
      plugins: { legend: { display: datasets.length > 1 } },
    },
  });
};

/** A table of numbers with a caption, into the `<table>` with id `id` (also how charts are given to screen readers). */
export const dataTable = (id: string, caption: string, head: string[], rows: (string | number)[][]): void => {
  const table = $(id);
  table.replaceChildren(
    h('caption', {}, caption),
    h('thead', {}, h('tr', {}, ...head.map((c) => h('th', { scope: 'col' }, c)))),
    h('tbody', {}, ...rows.map((r) => h('tr', {}, ...r.map((c) => h('td', {}, String(c)))))),
  );
};

/** A number with at most `digits` decimals, or a dash when there is none. */
export const fixed = (n: number | null | undefined, digits = 1): string => (n === null || n === undefined || !Number.isFinite(n) ? '–' : n.toFixed(digits));
