/**
 * Go diagrams as SVG: grid, star points (hoshi), stones with outlines, an optional
 * last-move marker and coordinates (columns A–T without I, rows numbered from the bottom).
 *
 * Input is the shape of `GoBoard` (width, height, row-major cells from the top-left:
 * 0 empty, 1 black, 2 white) plus who is to play. Coordinate space: the grid spacing is
 * `GO_CELL` units and the top-left point sits at (`margin`, `margin`), `margin` being
 * `GO_MARGIN` with coordinates and `GO_CELL` without.
 */
import { BaseSvgOptions, FONT_FAMILY, el, group, listWords, num, plural, svgDocument, text } from './svg';

/** Grid spacing in diagram units. */
export const GO_CELL = 20;
/** Distance from the edge of the diagram to the outer grid line when coordinates are drawn. */
export const GO_MARGIN = 34;

/** Largest board drawn (an SGF point addresses at most 52 lines). */
const MAX_SIZE = 52;

/** A point on the board, 0-based from the top-left. */
export interface GoPoint {
  row: number;
  col: number;
}

/** What a Go diagram shows. */
export interface GoDiagramInput {
  width: number;
  height: number;
  /** `cells[row * width + col]`: 0 empty, 1 black, 2 white. */
  cells: ArrayLike<number>;
  /** Side to play: `B`/`W` (as stored) or 1/2. */
  toPlay?: 'B' | 'W' | 1 | 2 | null;
  /** The last move, marked on its stone. */
  lastMove?: GoPoint | null;
  /**
   * The board is not stored (a position known only from a score file, by its PositionID): drawn
   * as an empty board marked "board not stored", which the title and description say. `cells`
   * must then be empty.
   */
  notStored?: { positionId: string } | null;
}

/** Options for `goSvg`. */
export interface GoSvgOptions extends BaseSvgOptions {
  /** Draw column letters and row numbers (default true). */
  coordinates?: boolean;
}

const COLUMN_LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

/** The column label: A–T skipping I (up to 25 columns), numbers beyond that. */
export const goColumnName = (col: number, width: number): string =>
  width <= COLUMN_LETTERS.length ? COLUMN_LETTERS[col] : String(col + 1);

/** A point in the usual notation, e.g. `D4` (rows counted from the bottom). */
export const goPointName = (p: GoPoint, width: number, height: number): string =>
  width <= COLUMN_LETTERS.length ? `${goColumnName(p.col, width)}${height - p.row}` : `${p.col + 1}-${height - p.row}`;

/** Distance of the corner star points from the edge (0-based line), or -1 for none. */
const starLine = (n: number): number => (n >= 13 ? 3 : n >= 7 ? 2 : -1);

/**
 * Star points (hoshi) of a width x height board: the 4-4 (3-3 below 13 lines) corner points,
 * the centre on odd boards of 9 lines and more, and the side points on odd boards of 15 and
 * more. 9x9 and 13x13 have 5, 19x19 has 9. Sorted by row, then column.
 */
export const goStarPoints = (width: number, height: number): GoPoint[] => {
  const ex = starLine(width);
  const ey = starLine(height);
  if (ex < 0 || ey < 0) return [];
  const pts: GoPoint[] = [];
  const add = (row: number, col: number): void => {
    if (!pts.some((p) => p.row === row && p.col === col)) pts.push({ row, col });
  };
  const xs = [ex, width - 1 - ex];
  const ys = [ey, height - 1 - ey];
  for (const row of ys) for (const col of xs) add(row, col);
  const mx = width % 2 === 1 ? (width - 1) / 2 : -1;
  const my = height % 2 === 1 ? (height - 1) / 2 : -1;
  if (mx >= 0 && my >= 0 && width >= 9 && height >= 9) add(my, mx);
  if (mx >= 0 && my >= 0 && width >= 15 && height >= 15) {
    add(ys[0], mx);
    add(ys[1], mx);
    add(my, xs[0]);
    add(my, xs[1]);
  }
  return pts.sort((a, b) => a.row - b.row || a.col - b.col);
};

const colourName = (c: number): 'black' | 'white' => (c === 1 ? 'black' : 'white');

const toPlayName = (toPlay: GoDiagramInput['toPlay']): 'Black' | 'White' | undefined =>
  toPlay === 'B' || toPlay === 1 ? 'Black' : toPlay === 'W' || toPlay === 2 ? 'White' : undefined;

/**
 * The "board not stored" note across the middle of a `viewWidth` x `viewHeight` diagram. Its
 * numbers are written as JavaScript prints them (`95.75999999999999`), not with `num`: the
 * diagrams served before it was drawn here keep their bytes.
 */
const notStoredNote = (viewWidth: number, viewHeight: number): string =>
  `<g class="unknown-board"><rect x="${viewWidth * 0.12}" y="${viewHeight * 0.42}" width="${viewWidth * 0.76}" height="${viewHeight * 0.16}" rx="4" fill="#ffffff" fill-opacity="0.85"/>` +
  `<text x="${viewWidth / 2}" y="${viewHeight * 0.5 + 5}" font-family="${FONT_FAMILY}" font-size="${Math.round(viewWidth / 14)}" fill="#3b2a14" text-anchor="middle">board not stored</text></g>`;

/**
 * Renders a Go position. Throws RangeError when the size is not 1..52 per side, `cells`
 * does not have width * height entries of 0, 1 or 2, or a board that is not stored has stones.
 */
export const goSvg = (board: GoDiagramInput, options: GoSvgOptions = {}): string => {
  const { width, height, cells } = board;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width > MAX_SIZE || height > MAX_SIZE) {
    throw new RangeError(`goSvg: board size ${width}x${height} is not between 1x1 and ${MAX_SIZE}x${MAX_SIZE}`);
  }
  if (cells.length !== width * height) {
    throw new RangeError(`goSvg: a ${width}x${height} board has ${width * height} cells, got ${cells.length}`);
  }
  const notStored = board.notStored;
  const coords = options.coordinates !== false;
  const m = coords ? GO_MARGIN : GO_CELL;
  const viewWidth = 2 * m + (width - 1) * GO_CELL;
  const viewHeight = 2 * m + (height - 1) * GO_CELL;
  const x = (col: number): number => m + col * GO_CELL;
  const y = (row: number): number => m + row * GO_CELL;
  const body: string[] = [];

  // Board and grid (one path: verticals then horizontals).
  body.push(el('rect', { class: 'board', x: 0, y: 0, width: viewWidth, height: viewHeight, fill: '#dcb35c' }));
  let d = '';
  for (let c = 0; c < width; c++) d += `M${num(x(c))} ${num(y(0))}V${num(y(height - 1))}`;
  for (let r = 0; r < height; r++) d += `M${num(x(0))} ${num(y(r))}H${num(x(width - 1))}`;
  body.push(el('path', { class: 'grid', d, stroke: '#3b2a14', 'stroke-width': 1, 'stroke-linecap': 'square', fill: 'none' }));

  // Star points.
  body.push(
    group(
      { class: 'hoshi', fill: '#3b2a14' },
      goStarPoints(width, height).map((p) => el('circle', { cx: x(p.col), cy: y(p.row), r: 2.6 })),
    ),
  );

  // Coordinates.
  if (coords) {
    const labels: string[] = [];
    const fs = 9;
    for (let c = 0; c < width; c++) {
      const name = goColumnName(c, width);
      labels.push(text(name, { x: x(c), y: m / 2 - 1 + fs * 0.35 }));
      labels.push(text(name, { x: x(c), y: viewHeight - m / 2 + 1 + fs * 0.35 }));
    }
    for (let r = 0; r < height; r++) {
      const name = String(height - r);
      labels.push(text(name, { x: m / 2 - 2, y: y(r) + fs * 0.35 }));
      labels.push(text(name, { x: viewWidth - m / 2 + 2, y: y(r) + fs * 0.35 }));
    }
    body.push(
      group(
        {
          class: 'coordinates',
          'font-family': FONT_FAMILY,
          'font-size': fs,
          fill: '#3b2a14',
          'text-anchor': 'middle',
        },
        labels,
      ),
    );
  }

  // Stones.
  const stones: string[] = [];
  const lists: Record<'black' | 'white', string[]> = { black: [], white: [] };
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      const v = cells[r * width + c];
      if (v === 0) continue;
      if (v !== 1 && v !== 2) throw new RangeError(`goSvg: cell ${r * width + c} is ${v}, not 0, 1 or 2`);
      if (notStored) throw new RangeError(`goSvg: the board of ${notStored.positionId} is not stored, yet cell ${r * width + c} has a stone`);
      const colour = colourName(v);
      lists[colour].push(goPointName({ row: r, col: c }, width, height));
      stones.push(
        el('circle', {
          class: `stone ${colour}`,
          cx: x(c),
          cy: y(r),
          r: GO_CELL * 0.47,
          fill: v === 1 ? '#111111' : '#fafafa',
          stroke: v === 1 ? '#000000' : '#333333',
          'stroke-width': 1,
        }),
      );
    }
  }
  body.push(group({ class: 'stones' }, stones));

  // Last move marker: a ring in the contrasting colour.
  const last = notStored ? null : board.lastMove;
  let lastText = '';
  if (last && last.row >= 0 && last.row < height && last.col >= 0 && last.col < width) {
    const v = cells[last.row * width + last.col];
    body.push(
      el('circle', {
        class: 'last-move',
        cx: x(last.col),
        cy: y(last.row),
        r: GO_CELL * 0.24,
        fill: 'none',
        stroke: v === 1 ? '#ffffff' : '#111111',
        'stroke-width': 1.6,
      }),
    );
    lastText = ` Last move: ${goPointName(last, width, height)}.`;
  }

  const who = toPlayName(board.toPlay);
  if (notStored) {
    const id = notStored.positionId;
    body.push(notStoredNote(viewWidth, viewHeight));
    const title = `Go position ${id}, ${width}x${height}${who ? `, ${who} to play` : ''}, board not stored`;
    const desc = `The board of this position is not stored: it is known only from a score file, by its PositionID ${id}.${who ? ` ${who} to play.` : ''}`;
    return svgDocument({ viewWidth, viewHeight, title, desc, body, className: 'tabula-board tabula-go' }, options);
  }
  const nb = lists.black.length;
  const nw = lists.white.length;
  const title = `Go position, ${width}x${height}${who ? `, ${who} to play` : ''}`;
  const stoneText =
    nb + nw === 0
      ? 'The board is empty.'
      : `${plural(nb + nw, 'stone')} on the board: ${nb} black, ${nw} white.` +
        (nb > 0 ? ` Black: ${listWords(lists.black)}.` : '') +
        (nw > 0 ? ` White: ${listWords(lists.white)}.` : '');
  const desc = `${width}x${height} Go board. ${stoneText}${who ? ` ${who} to play.` : ''}${lastText}`;
  return svgDocument({ viewWidth, viewHeight, title, desc, body, className: 'tabula-board tabula-go' }, options);
};
