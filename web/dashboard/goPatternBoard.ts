/**
 * The Pattern search tab's Go board (an SVG drawn in the page): the points of a `PatternBoard`
 * (goPattern.ts) with their states, the region sent, and labels on points (the continuations).
 * A click on a point, a drag from one point to another, and the keyboard (arrows move a cursor,
 * Space or Enter is a click on it) are passed to the tab, which decides what they do. Each point
 * has a transparent target `rect[data-point="col,row"]` (0-based, from the top left).
 */
import { type PatternBoard, type PointState, POINT_NAMES, type Region, regionOf } from './goPattern';

/** A label drawn on a point: a continuation's letter, in the colour of the side that played it (`both`: either side did). */
export interface BoardLabel {
  col: number;
  row: number;
  text: string;
  colour: 'B' | 'W' | 'both';
}

export interface BoardHandlers {
  /** A point clicked (or Space/Enter on the cursor). */
  click(col: number, row: number): void;
  /** A drag from one point to another: the rectangle they span. */
  drag(region: Region): void;
}

const NS = 'http://www.w3.org/2000/svg';
/** Distance between lines, and the margin for coordinates. */
const STEP = 24;
const PAD = 24;
const COLUMNS = 'ABCDEFGHJKLMNOPQRST';

const svg = (tag: string, attrs: Record<string, string | number> = {}, ...children: (Node | string)[]): SVGElement => {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  for (const c of children) node.append(c);
  return node;
};

const at = (i: number): number => PAD + i * STEP;

/** The star points of a board (none on boards without a centre line of their own). */
const starPoints = (n: number): number[] => {
  const edge = n >= 13 ? 3 : 2;
  return n % 2 === 1 ? [edge, (n - 1) / 2, n - 1 - edge] : [edge, n - 1 - edge];
};

/** The point's mark: a stone, a half-size stone in a dashed ring (black or empty, white or empty), a star for anything. */
const mark = (state: PointState, x: number, y: number): SVGElement | null => {
  const r = STEP * 0.46;
  switch (state) {
    case 'X':
      return svg('circle', { cx: x, cy: y, r, class: 'stone black' });
    case 'O':
      return svg('circle', { cx: x, cy: y, r, class: 'stone white' });
    case 'x':
    case 'o':
      return svg(
        'g',
        { class: 'maybe' },
        svg('circle', { cx: x, cy: y, r: r * 0.9, class: 'ring' }),
        svg('circle', { cx: x, cy: y, r: r * 0.45, class: `stone ${state === 'x' ? 'black' : 'white'}` }),
      );
    case '*':
      return svg('text', { x, y: y + 6, class: 'any', 'text-anchor': 'middle' }, '*');
    default:
      return null;
  }
};

export interface PatternBoardView {
  /** Draws the board, its region (or the rectangle of a drag under way) and the labels. */
  draw(board: PatternBoard, labels: readonly BoardLabel[]): void;
}

/** The board in `host`, passing clicks and drags to `handlers`. */
export function patternBoardView(host: HTMLElement, handlers: BoardHandlers): PatternBoardView {
  const root = svg('svg', { class: 'pattern-board', role: 'application', tabindex: 0, 'aria-label': 'Pattern board: click a point (or Space on the cursor the arrow keys move) to change it, drag to select the region' }) as SVGSVGElement;
  host.replaceChildren(root);
  let board: PatternBoard | null = null;
  let labels: readonly BoardLabel[] = [];
  let preview: Region | null = null;
  let cursor: [number, number] | null = null;
  let pressed: [number, number] | null = null;

  const pointAt = (e: PointerEvent): [number, number] | null => {
    if (!board) return null;
    const box = root.getBoundingClientRect();
    const total = 2 * PAD + (board.size - 1) * STEP;
    const x = ((e.clientX - box.left) * total) / box.width;
    const y = ((e.clientY - box.top) * total) / box.height;
    const col = Math.round((x - PAD) / STEP);
    const row = Math.round((y - PAD) / STEP);
    return col >= 0 && row >= 0 && col < board.size && row < board.size ? [col, row] : null;
  };

  const render = (): void => {
    if (!board) return;
    const n = board.size;
    const total = 2 * PAD + (n - 1) * STEP;
    root.setAttribute('viewBox', `0 0 ${total} ${total}`);
    root.setAttribute('data-size', String(n));
    const parts: SVGElement[] = [svg('rect', { x: 0, y: 0, width: total, height: total, class: 'wood' })];
    for (let i = 0; i < n; i++) {
      parts.push(svg('line', { x1: at(0), y1: at(i), x2: at(n - 1), y2: at(i), class: 'line' }));
      parts.push(svg('line', { x1: at(i), y1: at(0), x2: at(i), y2: at(n - 1), class: 'line' }));
      parts.push(svg('text', { x: at(i), y: PAD * 0.55, class: 'coord', 'text-anchor': 'middle' }, COLUMNS[i]));
      parts.push(svg('text', { x: PAD * 0.45, y: at(i) + 4, class: 'coord', 'text-anchor': 'middle' }, String(n - i)));
    }
    for (const r of starPoints(n)) for (const c of starPoints(n)) parts.push(svg('circle', { cx: at(c), cy: at(r), r: 2.6, class: 'star' }));
    const region = preview ?? board.region;
    if (region) {
      parts.push(
        svg('rect', {
          x: at(region.left) - STEP / 2,
          y: at(region.top) - STEP / 2,
          width: (region.right - region.left + 1) * STEP,
          height: (region.bottom - region.top + 1) * STEP,
          class: preview ? 'region preview' : 'region',
          'data-region': `${region.left},${region.top},${region.right},${region.bottom}`,
        }),
      );
    }
    for (let row = 0; row < n; row++) {
      for (let col = 0; col < n; col++) {
        const state = board.points[row * n + col];
        const m = mark(state, at(col), at(row));
        if (m) {
          if (region && !(col >= region.left && col <= region.right && row >= region.top && row <= region.bottom)) m.classList.add('outside');
          parts.push(m);
        }
      }
    }
    for (const l of labels) {
      parts.push(
        svg(
          'g',
          { class: `label ${l.colour === 'B' ? 'black' : l.colour === 'W' ? 'white' : 'both'}`, 'data-label': l.text, 'data-point': `${l.col},${l.row}` },
          svg('circle', { cx: at(l.col), cy: at(l.row), r: STEP * 0.42 }),
          svg('text', { x: at(l.col), y: at(l.row) + 4.5, 'text-anchor': 'middle' }, l.text),
        ),
      );
    }
    if (cursor) parts.push(svg('rect', { x: at(cursor[0]) - STEP / 2, y: at(cursor[1]) - STEP / 2, width: STEP, height: STEP, class: 'cursor' }));
    // The targets a pointer (or a test) hits, last so they are on top.
    for (let row = 0; row < n; row++) {
      for (let col = 0; col < n; col++) {
        const state = board.points[row * n + col];
        parts.push(
          svg(
            'rect',
            { x: at(col) - STEP / 2, y: at(row) - STEP / 2, width: STEP, height: STEP, class: 'hit', 'data-point': `${col},${row}`, 'data-state': state },
            svg('title', {}, `${COLUMNS[col]}${n - row}: ${POINT_NAMES[state]}`),
          ),
        );
      }
    }
    root.replaceChildren(...parts);
  };

  root.addEventListener('pointerdown', (e) => {
    pressed = pointAt(e);
    if (pressed) root.setPointerCapture(e.pointerId);
  });
  root.addEventListener('pointermove', (e) => {
    if (!pressed) return;
    const p = pointAt(e);
    const next = p && (p[0] !== pressed[0] || p[1] !== pressed[1]) ? regionOf(pressed, p) : null;
    if (JSON.stringify(next) !== JSON.stringify(preview)) {
      preview = next;
      render();
    }
  });
  root.addEventListener('pointerup', (e) => {
    const from = pressed;
    pressed = null;
    preview = null;
    if (!from) return;
    const to = pointAt(e) ?? from;
    if (to[0] === from[0] && to[1] === from[1]) handlers.click(from[0], from[1]);
    else handlers.drag(regionOf(from, to));
  });
  root.addEventListener('pointercancel', () => {
    pressed = null;
    preview = null;
    render();
  });
  root.addEventListener('keydown', (e) => {
    if (!board) return;
    const n = board.size;
    const [col, row] = cursor ?? [0, 0];
    const moves: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (moves[e.key]) {
      e.preventDefault();
      cursor = [Math.min(n - 1, Math.max(0, col + moves[e.key][0])), Math.min(n - 1, Math.max(0, row + moves[e.key][1]))];
      render();
    } else if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      cursor ??= [0, 0];
      handlers.click(cursor[0], cursor[1]);
    }
  });
  root.addEventListener('blur', () => {
    cursor = null;
    render();
  });

  return {
    draw(next, nextLabels) {
      board = next;
      labels = nextLabels;
      if (cursor && (cursor[0] >= next.size || cursor[1] >= next.size)) cursor = null;
      render();
    },
  };
}
