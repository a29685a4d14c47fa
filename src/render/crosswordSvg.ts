/**
 * Crossword-game diagrams as SVG from a parsed CGP position: the board (15x15, 21x21 or any
 * layout) with premium squares coloured and labelled, the start square starred, tiles with
 * their letters and point values, designated blanks marked (lower-case letter, no points),
 * the last play outlined, and the racks with the scores below the board.
 *
 * Coordinate space: squares are `CROSSWORD_SQUARE` units; the board's top-left corner is at
 * (`CROSSWORD_LEFT`, `CROSSWORD_TOP`) (room for row numbers and column letters).
 */
import { BoardLayout } from '../codecs/crossword/boards';
import { CgpPosition, printLastMove, unseenTileCount } from '../codecs/crossword/cgp';
import { columnName } from '../codecs/crossword/coordinates';
import { LetterDistribution } from '../codecs/crossword/distributions';
import { BLANK, BLANK_BIT, EMPTY, THROUGH } from '../codecs/crossword/tiles';
import { BaseSvgOptions, FONT_FAMILY, el, group, num, plural, svgDocument, text } from './svg';

/** Square size in diagram units. */
export const CROSSWORD_SQUARE = 32;
/** Left edge of the board (row numbers to its left). */
export const CROSSWORD_LEFT = 26;
/** Top edge of the board (column letters above it). */
export const CROSSWORD_TOP = 22;

const SQ = CROSSWORD_SQUARE;
const RACK_ROW = 42;
const RACK_LABEL_W = 196;

/** Options for `crosswordSvg`. */
export interface CrosswordSvgOptions extends BaseSvgOptions {
  /** Draw column letters and row numbers (default true). */
  coordinates?: boolean;
  /** Draw the racks and scores below the board (default true). */
  racks?: boolean;
}

/** Kind of premium square, as used in class names (`premium tw`). */
export type PremiumKind = 'qw' | 'tw' | 'dw' | 'ql' | 'tl' | 'dl';

const PREMIUM: Record<PremiumKind, { label: string; fill: string; ink: string; words: string }> = {
  qw: { label: '4W', fill: '#8e1b36', ink: '#ffffff', words: 'quadruple word' },
  tw: { label: 'TW', fill: '#d6544b', ink: '#ffffff', words: 'triple word' },
  dw: { label: 'DW', fill: '#f3b2ab', ink: '#5b1e19', words: 'double word' },
  ql: { label: '4L', fill: '#5a3d9a', ink: '#ffffff', words: 'quadruple letter' },
  tl: { label: 'TL', fill: '#2f78b7', ink: '#ffffff', words: 'triple letter' },
  dl: { label: 'DL', fill: '#a8d2ef', ink: '#163a57', words: 'double letter' },
};

/** The premium kind of square `q` of a layout, or null for a plain square. */
export const premiumKind = (layout: BoardLayout, q: number): PremiumKind | null => {
  const w = layout.wordMultipliers[q];
  const l = layout.letterMultipliers[q];
  if (w === 4) return 'qw';
  if (w === 3) return 'tw';
  if (w === 2) return 'dw';
  if (l === 4) return 'ql';
  if (l === 3) return 'tl';
  if (l === 2) return 'dl';
  return null;
};

/** Display name of a board square's tile: upper case, or lower case for a designated blank. */
const tileName = (dist: LetterDistribution, t: number): string => {
  const spec = dist.tiles[t & ~BLANK_BIT];
  if (!spec) return '?';
  return t & BLANK_BIT ? spec.lowerName : spec.name;
};

/** A five-pointed star centred on (cx, cy). */
const star = (cx: number, cy: number, r: number): string => {
  const pts: string[] = [];
  for (let k = 0; k < 10; k++) {
    const a = -Math.PI / 2 + (k * Math.PI) / 5;
    const rr = k % 2 === 0 ? r : r * 0.42;
    pts.push(`${num(cx + rr * Math.cos(a))},${num(cy + rr * Math.sin(a))}`);
  }
  return el('polygon', { class: 'start', points: pts.join(' '), fill: '#8c2f27' });
};

/** A tile at (x, y) (top-left of its square). `code` may carry BLANK_BIT; BLANK (0) alone = undesignated blank. */
const tile = (dist: LetterDistribution, code: number, x: number, y: number, extraClass = ''): string => {
  const isBlank = code === BLANK || (code & BLANK_BIT) !== 0;
  const name = code === BLANK ? '' : tileName(dist, code);
  const points = isBlank ? 0 : (dist.tiles[code]?.points ?? 0);
  const fs = name.length <= 1 ? 19 : name.length === 2 ? 13 : 10;
  const children = [
    el('rect', { x: x + 1.5, y: y + 1.5, width: SQ - 3, height: SQ - 3, rx: 3.5, fill: '#f2d7a0', stroke: '#a27c3f', 'stroke-width': 1 }),
  ];
  if (name) {
    children.push(
      text(name, {
        class: 'letter',
        x: x + SQ / 2 - (isBlank ? 0 : points >= 10 ? 3 : 2),
        y: y + SQ / 2 + fs * 0.36,
        fill: isBlank ? '#b23a2e' : '#2a1d0c',
        'font-size': fs,
        'font-weight': 'bold',
        'font-style': isBlank ? 'italic' : undefined,
        'text-anchor': 'middle',
      }),
    );
  }
  if (!isBlank) {
    children.push(text(String(points), { class: 'points', x: x + SQ - 4, y: y + SQ - 4.5, fill: '#2a1d0c', 'font-size': 8, 'text-anchor': 'end' }));
  }
  return el('g', { class: `tile${isBlank ? ' blank' : ''}${extraClass}` }, ...children);
};

/** Words of two or more tiles in one direction: "8G CAT" (across) or "G8 CAT" (down). */
const boardWords = (position: CgpPosition): string[] => {
  const { rows, cols } = position.layout;
  const words: string[] = [];
  const at = (r: number, c: number): number => position.squares[r * cols + c];
  const scan = (vertical: boolean): void => {
    const outer = vertical ? cols : rows;
    const inner = vertical ? rows : cols;
    for (let o = 0; o < outer; o++) {
      let i = 0;
      while (i < inner) {
        const sq = (k: number): number => (vertical ? at(k, o) : at(o, k));
        if (sq(i) === EMPTY) {
          i++;
          continue;
        }
        let j = i;
        let word = '';
        while (j < inner && sq(j) !== EMPTY) word += tileName(position.distribution, sq(j++));
        if (j - i >= 2) {
          const row = vertical ? i : o;
          const col = vertical ? o : i;
          words.push(`${vertical ? `${columnName(col)}${row + 1}` : `${row + 1}${columnName(col)}`} ${word}`);
        }
        i = j;
      }
    }
  };
  scan(false);
  scan(true);
  return words;
};

/** Renders a crossword position. */
export const crosswordSvg = (position: CgpPosition, options: CrosswordSvgOptions = {}): string => {
  const { layout, distribution: dist, squares } = position;
  const { rows, cols } = layout;
  if (squares.length !== rows * cols) {
    throw new RangeError(`crosswordSvg: a ${rows}x${cols} board has ${rows * cols} squares, got ${squares.length}`);
  }
  const coords = options.coordinates !== false;
  const showRacks = options.racks !== false;
  const L = coords ? CROSSWORD_LEFT : 6;
  const T = coords ? CROSSWORD_TOP : 6;
  const boardW = cols * SQ;
  const boardH = rows * SQ;
  const nRacks = Math.max(position.racks.length, position.scores.length);
  const rackTop = T + boardH + 12;
  const viewWidth = Math.max(L + boardW + 6, RACK_LABEL_W + 7 * SQ + 20);
  const viewHeight = showRacks && nRacks > 0 ? rackTop + nRacks * RACK_ROW + 4 : T + boardH + 6;
  const sx = (c: number): number => L + c * SQ;
  const sy = (r: number): number => T + r * SQ;
  const body: string[] = [];

  body.push(el('rect', { class: 'background', x: 0, y: 0, width: viewWidth, height: viewHeight, fill: '#f7f4ec' }));
  body.push(el('rect', { class: 'board', x: L, y: T, width: boardW, height: boardH, fill: '#e4dfcc' }));

  // Premium squares, coloured; labels only where no tile covers them.
  const premiums: string[] = [];
  const labels: string[] = [];
  const counts: Record<PremiumKind, number> = { qw: 0, tw: 0, dw: 0, ql: 0, tl: 0, dl: 0 };
  for (let q = 0; q < rows * cols; q++) {
    const kind = premiumKind(layout, q);
    if (!kind) continue;
    counts[kind]++;
    const r = Math.floor(q / cols);
    const c = q % cols;
    const p = PREMIUM[kind];
    premiums.push(el('rect', { class: `premium ${kind}`, x: sx(c), y: sy(r), width: SQ, height: SQ, fill: p.fill }));
    if (squares[q] === EMPTY && q !== layout.startSquare) {
      labels.push(text(p.label, { x: sx(c) + SQ / 2, y: sy(r) + SQ / 2 + 3.5, fill: p.ink }));
    }
  }
  body.push(group({ class: 'premiums' }, premiums));
  body.push(group({ class: 'premium-labels', 'font-family': FONT_FAMILY, 'font-size': 10, 'font-weight': 'bold', 'text-anchor': 'middle' }, labels));
  if (squares[layout.startSquare] === EMPTY) {
    const sr = Math.floor(layout.startSquare / cols);
    const sc = layout.startSquare % cols;
    body.push(star(sx(sc) + SQ / 2, sy(sr) + SQ / 2, SQ * 0.36));
  }

  // Grid lines.
  let d = '';
  for (let c = 0; c <= cols; c++) d += `M${num(sx(c))} ${num(T)}V${num(T + boardH)}`;
  for (let r = 0; r <= rows; r++) d += `M${num(L)} ${num(sy(r))}H${num(L + boardW)}`;
  body.push(el('path', { class: 'grid', d, stroke: '#ffffff', 'stroke-width': 1.5, fill: 'none' }));

  if (coords) {
    const coordLabels: string[] = [];
    for (let c = 0; c < cols; c++) coordLabels.push(text(columnName(c), { x: sx(c) + SQ / 2, y: T - 7 }));
    for (let r = 0; r < rows; r++) coordLabels.push(text(String(r + 1), { x: L / 2, y: sy(r) + SQ / 2 + 3.5 }));
    body.push(group({ class: 'coordinates', 'font-family': FONT_FAMILY, 'font-size': 10, fill: '#555555', 'text-anchor': 'middle' }, coordLabels));
  }

  // The squares the last play put tiles on.
  const lastSquares = new Set<number>();
  const lm = position.options.lastMove;
  if (lm && (lm.kind === 'play' || lm.kind === 'phony')) {
    lm.tiles.forEach((t, k) => {
      if (t === THROUGH) return;
      const r = lm.coordinate.row + (lm.coordinate.vertical ? k : 0);
      const c = lm.coordinate.col + (lm.coordinate.vertical ? 0 : k);
      if (r < rows && c < cols) lastSquares.add(r * cols + c);
    });
  }

  const tiles: string[] = [];
  let blanks = 0;
  let onBoard = 0;
  for (let q = 0; q < rows * cols; q++) {
    const t = squares[q];
    if (t === EMPTY) continue;
    onBoard++;
    if (t & BLANK_BIT) blanks++;
    tiles.push(tile(dist, t, sx(q % cols), sy(Math.floor(q / cols)), lastSquares.has(q) && squares[q] !== EMPTY ? ' last-move' : ''));
  }
  body.push(group({ class: 'tiles', 'font-family': FONT_FAMILY }, tiles));
  const marks = [...lastSquares]
    .filter((q) => squares[q] !== EMPTY)
    .map((q) => el('rect', { x: sx(q % cols) + 1, y: sy(Math.floor(q / cols)) + 1, width: SQ - 2, height: SQ - 2, rx: 4 }));
  body.push(group({ class: 'last-move-outline', fill: 'none', stroke: '#e07b00', 'stroke-width': 2.5 }, marks));

  // Racks and scores.
  const rackWords: string[] = [];
  const whose = (i: number): string => (i === 0 ? 'Player to move' : i === 1 ? 'Opponent' : `Player ${i + 1}`);
  if (showRacks && nRacks > 0) {
    const rackEls: string[] = [];
    for (let i = 0; i < nRacks; i++) {
      const y = rackTop + i * RACK_ROW;
      const score = position.scores[i];
      rackEls.push(
        text(`${i === 0 ? 'To move' : whose(i)}${score !== undefined ? ` · ${score}` : ''}`, {
          class: 'score',
          x: 8,
          y: y + SQ / 2 + 5,
          fill: '#222222',
          'font-size': 15,
          'font-weight': i === 0 ? 'bold' : undefined,
        }),
      );
      const rack = position.racks[i] ?? [];
      if (rack.length === 0) {
        rackEls.push(text('rack unknown', { x: RACK_LABEL_W, y: y + SQ / 2 + 5, fill: '#777777', 'font-size': 13, 'font-style': 'italic' }));
      }
      rack.forEach((t, k) => rackEls.push(tile(dist, t, RACK_LABEL_W + k * (SQ + 2), y, ' rack')));
    }
    body.push(group({ class: 'racks', 'font-family': FONT_FAMILY }, rackEls));
  }
  for (let i = 0; i < nRacks; i++) {
    const rack = position.racks[i] ?? [];
    const score = position.scores[i];
    const rackText = rack.length === 0 ? 'rack unknown' : `rack ${rack.map((t) => (t === BLANK ? '?' : tileName(dist, t))).join('')}`;
    rackWords.push(`${whose(i)}: ${score !== undefined ? `${score} points, ` : ''}${rackText}.`);
  }

  // Words.
  const words = boardWords(position);
  const premiumText = (Object.keys(counts) as PremiumKind[])
    .filter((k) => counts[k] > 0)
    .map((k) => `${counts[k]} ${PREMIUM[k].words}`)
    .join(', ');
  const scoreText = position.scores.length >= 2 ? `, scores ${position.scores[0]}–${position.scores[1]}` : '';
  const title = `Crossword position, ${cols}x${rows}${scoreText}`;
  const lastText = lm ? ` Last move: ${printLastMove(lm, position)}.` : '';
  const desc =
    `${cols}x${rows} crossword board (${layout.name}) with ${premiumText} squares; ${dist.name} tiles` +
    `${position.options.lexicon ? `, lexicon ${position.options.lexicon}` : ''}.` +
    ` ${plural(onBoard, 'tile')} on the board${blanks ? `, ${plural(blanks, 'blank')}` : ''}.` +
    (words.length ? ` Words: ${words.join(', ')}.` : '') +
    (rackWords.length ? ` ${rackWords.join(' ')}` : '') +
    ` ${plural(unseenTileCount(position), 'tile')} unseen.${lastText}`;
  return svgDocument({ viewWidth, viewHeight, title, desc, body, className: 'tabula-board tabula-crossword' }, options);
};
