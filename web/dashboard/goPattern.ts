/**
 * The Go pattern the Pattern search tab's board stands for (pure: no DOM). The board holds a
 * point state per intersection (`X` black, `O` white, `.` empty, `*` anything, `x` black or empty,
 * `o` white or empty; a click cycles them in that order) and a region, the rectangle sent as the
 * pattern. `goPatternOf` writes the region as the API's Go pattern (`{"pattern", "anchor",
 * "colors", "size"}`, docs/GAMES.md), turned as the anchor needs it: a corner pattern is written
 * with the corner the region touches at its top left, a side pattern with the edge it touches as
 * its first row (the search tries the board's 8 symmetries, so turning it finds the same games).
 * The frame it returns maps the pattern's own points back to the board, so the continuations
 * (`B[cd]`: colour, then column and row in SGF letters from the pattern's top left) are drawn
 * where they were played on this board (`continuationPoint`).
 */

/** What a point of the pattern holds, in the API's letters. */
export type PointState = '.' | 'X' | 'O' | '*' | 'x' | 'o';

/** The order a click steps a point through: empty, black, white, anything, black or empty, white or empty, and back. */
export const POINT_CYCLE: readonly PointState[] = ['.', 'X', 'O', '*', 'x', 'o'];

/** Each state in words (the board's tooltips and the tab's legend). */
export const POINT_NAMES: Record<PointState, string> = {
  '.': 'empty',
  X: 'black',
  O: 'white',
  '*': 'anything',
  x: 'black or empty',
  o: 'white or empty',
};

export const nextPointState = (s: PointState): PointState => POINT_CYCLE[(POINT_CYCLE.indexOf(s) + 1) % POINT_CYCLE.length];

export const MIN_SIZE = 9;
export const MAX_SIZE = 19;

/** A rectangle of points, columns from the left and rows from the top, 0-based and inclusive. */
export interface Region {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A board of `size` × `size` points, row by row from the top left, and the region sent (null: the whole board). */
export interface PatternBoard {
  size: number;
  points: PointState[];
  region: Region | null;
}

export const emptyBoard = (size: number): PatternBoard => ({ size, points: new Array<PointState>(size * size).fill('.'), region: null });

/** The board at another size: the points that still fit are kept, the region when it fits. */
export const resized = (board: PatternBoard, size: number): PatternBoard => {
  const next = emptyBoard(size);
  for (let row = 0; row < Math.min(size, board.size); row++) {
    for (let col = 0; col < Math.min(size, board.size); col++) next.points[row * size + col] = board.points[row * board.size + col];
  }
  const r = board.region;
  next.region = r && r.right < size && r.bottom < size ? r : null;
  return next;
};

/** The rectangle two corner points span, in either order. */
export const regionOf = (a: readonly [number, number], b: readonly [number, number]): Region => ({
  left: Math.min(a[0], b[0]),
  top: Math.min(a[1], b[1]),
  right: Math.max(a[0], b[0]),
  bottom: Math.max(a[1], b[1]),
});

export const wholeBoard = (size: number): Region => ({ left: 0, top: 0, right: size - 1, bottom: size - 1 });

export const inRegion = (r: Region, col: number, row: number): boolean => col >= r.left && col <= r.right && row >= r.top && row <= r.bottom;

/** Where the pattern may lie: the API's anchors, `fixed` being `[col, row]` of the region's top-left point. */
export type AnchorChoice = 'corner' | 'side' | 'anywhere' | 'fixed';

export interface PatternOptions {
  anchor: AnchorChoice;
  /** Whether the pattern also matches with the colours swapped. */
  either: boolean;
  /** Whether only games on a board of this size are searched (else every size it fits). */
  thisSizeOnly: boolean;
}

/** The API's Go pattern (docs/GAMES.md, "Pattern search" of Go). */
export interface GoPatternJson {
  pattern: string;
  anchor: 'corner' | 'side' | 'anywhere' | [number, number];
  colors: 'fixed' | 'either';
  size?: number;
}

/**
 * How the pattern as written lies on the board: its point (pc, pr) is the board's point
 * (`transpose` swaps the pattern's columns and rows first) counted from the region's left or right
 * column (`flipCols`) and its top or bottom row (`flipRows`).
 */
export interface PatternFrame {
  region: Region;
  transpose: boolean;
  flipCols: boolean;
  flipRows: boolean;
  /** The pattern's size as written. */
  width: number;
  height: number;
}

/** The board point [col, row] of the pattern's point (pc, pr) in `frame`. */
export const boardPointOf = (frame: PatternFrame, pc: number, pr: number): [number, number] => {
  const [a, b] = frame.transpose ? [pr, pc] : [pc, pr];
  const { region: r } = frame;
  return [frame.flipCols ? r.right - a : r.left + a, frame.flipRows ? r.bottom - b : r.top + b];
};

const frameOf = (region: Region, transpose: boolean, flipCols: boolean, flipRows: boolean): PatternFrame => {
  const w = region.right - region.left + 1;
  const h = region.bottom - region.top + 1;
  return { region, transpose, flipCols, flipRows, width: transpose ? h : w, height: transpose ? w : h };
};

/** The frame the anchor needs, or why the region cannot have that anchor. */
const frameFor = (region: Region, size: number, anchor: AnchorChoice): PatternFrame | string => {
  const top = region.top === 0;
  const left = region.left === 0;
  const bottom = region.bottom === size - 1;
  const right = region.right === size - 1;
  if (anchor === 'corner') {
    if (!((top || bottom) && (left || right))) return 'A corner pattern needs a region that touches a corner of the board: select one from a corner, or pick another anchor.';
    return frameOf(region, false, !left, !top);
  }
  if (anchor === 'side') {
    if (top) return frameOf(region, false, false, false);
    if (bottom) return frameOf(region, false, false, true);
    if (left) return frameOf(region, true, false, false);
    if (right) return frameOf(region, true, true, false);
    return 'A side pattern needs a region that touches an edge of the board: select one from an edge, or pick another anchor.';
  }
  return frameOf(region, false, false, false);
};

/** The region of the board as the API's Go pattern, with the frame it was written in; or what is wrong. */
export const goPatternOf = (board: PatternBoard, options: PatternOptions): { ok: true; json: GoPatternJson; frame: PatternFrame } | { ok: false; message: string } => {
  const region = board.region ?? wholeBoard(board.size);
  const frame = frameFor(region, board.size, options.anchor);
  if (typeof frame === 'string') return { ok: false, message: frame };
  const rows: string[] = [];
  for (let pr = 0; pr < frame.height; pr++) {
    let row = '';
    for (let pc = 0; pc < frame.width; pc++) {
      const [col, r] = boardPointOf(frame, pc, pr);
      row += board.points[r * board.size + col];
    }
    rows.push(row);
  }
  const json: GoPatternJson = {
    pattern: rows.join('\n'),
    anchor: options.anchor === 'fixed' ? [region.left, region.top] : options.anchor,
    colors: options.either ? 'either' : 'fixed',
  };
  if (options.thisSizeOnly) json.size = board.size;
  return { ok: true, json, frame };
};

const LETTERS = 'abcdefghijklmnopqrs';

/**
 * Where a continuation (`B[cd]`: the colour as the pattern sees it, then the column and row in SGF
 * letters from the pattern's top left) lies on the board the pattern was written from; null for a
 * move that is no point of the pattern.
 */
export const continuationPoint = (frame: PatternFrame, move: string): { colour: 'B' | 'W'; col: number; row: number } | null => {
  const m = /^([BW])\[([a-s])([a-s])\]$/.exec(move.trim());
  if (!m) return null;
  const pc = LETTERS.indexOf(m[2]);
  const pr = LETTERS.indexOf(m[3]);
  if (pc >= frame.width || pr >= frame.height) return null;
  const [col, row] = boardPointOf(frame, pc, pr);
  return { colour: m[1] as 'B' | 'W', col, row };
};

/** The labels Kombilo writes on continuation points: A to Z, then a to z, then numbers. */
export const labelOf = (i: number): string => (i < 26 ? String.fromCharCode(65 + i) : i < 52 ? String.fromCharCode(97 + i - 26) : String(i - 51));
