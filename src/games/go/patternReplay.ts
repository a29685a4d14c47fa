/**
 * A stored Go game's main line replayed for pattern search, boards only, straight from its SGF
 * source: no tree is built, no board is hashed or written as text. The source is scanned as bytes
 * up to the main line's end (the codec's SgfMainLineScanner: the first `)` outside a value, what
 * follows is variations), keeping of each node only its setup (AB, AW, AE) and move (B, W), and of
 * the root its size (SZ). The plies are the nodes the import's replay lists
 * (src/codecs/go/sgfGame.ts): the root, then every node with a move or a setup, so ply i here is
 * `PatternGame.plies[i]` there.
 *
 * The board is a flat array of points (0 empty, 1 black, 2 white) played as the import played it
 * (setup first, then the move: the opposing groups it leaves without liberties are removed, then
 * its own if it has none), and kept as the row masks pattern search reads (patternBoard.ts's
 * BLACK_ROWS, WHITE_ROWS, OCCUPIED_ROWS), with the rows each ply changed. A game that was stored
 * was replayed without error at its import; a source this scanner does not read as that replay
 * did (an escape, an encoding other than ASCII-compatible bytes, a point it cannot place) gives
 * null, and the caller replays the game the generic way.
 */
import { parseBoardSize, parseSgfPointList } from '../../codecs/go';
import { SGF_END, SGF_KIND, SGF_NODE, SGF_PROPERTY, SGF_VALUE, SGF_VALUE_BEYOND_ASCII, SGF_VALUE_ESCAPED, SgfMainLineScanner } from '../../codecs/sgf';
import { clearRows, setRowPoint } from './patternBoard';
import { MAX_PATTERN_BOARD, MIN_PATTERN_BOARD } from './patternRead';

/** A main line as scanned: its board size, and per ply its setup and move. */
export interface GoMainLine {
  /** The board's side (square boards of 9..19 only; others give no main line). */
  size: number;
  plies: number;
  /** Ply i's move: the point (row * size + col), -1 for none or a pass; and its colour (1 White). */
  movePoint: Int32Array;
  moveWhite: Uint8Array;
  /** Ply i's setup points are setupStart[i] .. setupStart[i + 1] - 1: the point, and what it becomes (0 empty, 1 black, 2 white). */
  setupStart: Int32Array;
  setupPoint: Int32Array;
  setupValue: Uint8Array;
}

const scanner = new SgfMainLineScanner();

/** SGF point letters a..s (0..18): the boards a pattern searches. */
const coord = (c: number): number => (c >= 0x61 && c <= 0x73 ? c - 0x61 : -1);

/** What a property is to the replay. */
const enum Prop {
  Other,
  Black,
  White,
  AddBlack,
  AddWhite,
  AddEmpty,
  Size,
}

const propOf = (b: Uint8Array, start: number, end: number): Prop => {
  const len = end - start;
  const c0 = b[start];
  if (len === 1) return c0 === 0x42 ? Prop.Black : c0 === 0x57 ? Prop.White : Prop.Other;
  if (len !== 2) return Prop.Other;
  const c1 = b[start + 1];
  if (c0 === 0x41) return c1 === 0x42 ? Prop.AddBlack : c1 === 0x57 ? Prop.AddWhite : c1 === 0x45 ? Prop.AddEmpty : Prop.Other;
  return c0 === 0x53 && c1 === 0x5a ? Prop.Size : Prop.Other;
};

const utf8 = new TextDecoder('utf-8', { fatal: true });
const isUtf8 = (b: Uint8Array): boolean => {
  try {
    utf8.decode(b);
    return true;
  } catch {
    return false;
  }
};

const latin1 = (b: Uint8Array, start: number, end: number): string => {
  let s = '';
  for (let i = start; i < end; i++) s += String.fromCharCode(b[i]);
  return s;
};

// Growing scratch arrays for the scanned plies, kept between games.
let movePoint = new Int32Array(1024);
let moveWhite = new Uint8Array(1024);
let setupStart = new Int32Array(1025);
let setupPoint = new Int32Array(1024);
let setupValue = new Uint8Array(1024);

const growPlies = (need: number): void => {
  if (need < movePoint.length) return;
  const size = Math.max(need + 1, movePoint.length * 2);
  const [m, w, s] = [new Int32Array(size), new Uint8Array(size), new Int32Array(size + 1)];
  m.set(movePoint);
  w.set(moveWhite);
  s.set(setupStart);
  [movePoint, moveWhite, setupStart] = [m, w, s];
};

const growSetup = (need: number): void => {
  if (need < setupPoint.length) return;
  const size = Math.max(need + 1, setupPoint.length * 2);
  const [p, v] = [new Int32Array(size), new Uint8Array(size)];
  p.set(setupPoint);
  v.set(setupValue);
  [setupPoint, setupValue] = [p, v];
};

/**
 * The main line of a stored game's SGF source (its own game tree), or null when its board is no
 * square of 9..19 (`size` 0: it holds no pattern) or the source is not read here (see the module
 * comment). The arrays are scratch, valid until the next call.
 */
export const scanMainLine = (b: Uint8Array): GoMainLine | null => {
  scanner.scan(b);
  const tokens = scanner.tokens;
  let size = 0;
  let sizeRead = false;
  // The values' flags or'd together: SGF_VALUE_BEYOND_ASCII set when the source is more than ASCII.
  let high = 0;
  // Plies so far, and whether the node being read is one (the root always is).
  let plies = 0;
  let nodes = 0;
  let setups = 0;
  let nodeHasMove = false;
  let nodeHasSetup = false;
  let prop = Prop.Other;
  for (let t = 0; ; t += 3) {
    const token = tokens[t];
    const kind = token & SGF_KIND;
    if (kind === SGF_PROPERTY) {
      prop = propOf(b, tokens[t + 1], tokens[t + 2]);
      continue;
    }
    if (kind === SGF_NODE || kind === SGF_END) {
      // The node before ends: a ply when it is the root or has a move or a setup; else its setup points (none) are dropped.
      if (nodes === 1 || nodeHasMove || nodeHasSetup) {
        plies++;
        setupStart[plies] = setups;
      } else if (nodes > 1) {
        setups = setupStart[plies];
      }
      if (kind === SGF_END) break;
      // A root without SZ is 19x19.
      if (nodes === 1 && size === 0) size = 19;
      nodes++;
      if (plies + 1 >= movePoint.length) growPlies(plies + 1);
      movePoint[plies] = -1;
      moveWhite[plies] = 0;
      setupStart[plies] = setups;
      nodeHasMove = false;
      nodeHasSetup = false;
      continue;
    }
    if (kind !== SGF_VALUE) return null;
    high |= token;
    if (prop === Prop.Other) continue;
    // An escape: where it matters (a point, a size) the replay unescaped it; not read here.
    if (token & SGF_VALUE_ESCAPED) return null;
    const start = tokens[t + 1];
    const end = tokens[t + 2];
    if (prop === Prop.Size) {
      // The root's first SZ value, as the import read it.
      if (nodes !== 1 || sizeRead) continue;
      // The root's points were placed on a 19x19 board: a size after them is not read here.
      if (size !== 0) return null;
      sizeRead = true;
      const read = parseBoardSize(latin1(b, start, end));
      if (!read.ok) return null;
      const [w, h] = read.value;
      if (w !== h || w < MIN_PATTERN_BOARD || w > MAX_PATTERN_BOARD) return { ...emptyLine(), size: 0 };
      size = w;
      continue;
    }
    // Points of the root before its SZ (if any): the default size, 19.
    if (size === 0) size = 19;
    if (prop === Prop.Black || prop === Prop.White) {
      // One move a node, its first value (the import refused a node with two).
      if (nodeHasMove) return null;
      nodeHasMove = true;
      if ((tokens[t - 3] & SGF_KIND) !== SGF_PROPERTY) return null;
      const n = end - start;
      const pass = n === 0 || (n === 2 && b[start] === 0x74 && b[start + 1] === 0x74);
      if (!pass) {
        const col = coord(b[start]);
        const row = n === 2 ? coord(b[start + 1]) : -1;
        if (n !== 2 || col < 0 || row < 0 || col >= size || row >= size) return null;
        movePoint[plies] = row * size + col;
      }
      moveWhite[plies] = prop === Prop.White ? 1 : 0;
      continue;
    }
    nodeHasSetup = true;
    const points = parseSgfPointList(latin1(b, start, end), size, size);
    if (!points.ok) return null;
    growSetup(setups + points.value.length);
    const value = prop === Prop.AddBlack ? 1 : prop === Prop.AddWhite ? 2 : 0;
    for (const q of points.value) {
      setupPoint[setups] = q;
      setupValue[setups++] = value;
    }
  }
  if (size === 0) size = 19;
  // The import read the source as UTF-8 where it is (where it is not, a byte of a character may have read as "]" or "\\" here).
  if (high & SGF_VALUE_BEYOND_ASCII && !isUtf8(b)) return null;
  return { size, plies, movePoint, moveWhite, setupStart, setupPoint, setupValue };
};

const emptyLine = (): GoMainLine => ({
  size: 0,
  plies: 0,
  movePoint: new Int32Array(0),
  moveWhite: new Uint8Array(0),
  setupStart: new Int32Array(1),
  setupPoint: new Int32Array(0),
  setupValue: new Uint8Array(0),
});

/**
 * A Go board being replayed: its points, and its rows as patternBoard.ts's row masks (the board
 * the masks hold while a game is replayed here), with the rows changed since they were last asked.
 */
export class FlatGoBoard {
  private n = 0;
  private cells = new Uint8Array(MAX_PATTERN_BOARD * MAX_PATTERN_BOARD);
  /** Scratch for flood fills: the points of a group, and a stamp per point marking those seen in the current fill. */
  private group = new Int32Array(MAX_PATTERN_BOARD * MAX_PATTERN_BOARD);
  private seen = new Int32Array(MAX_PATTERN_BOARD * MAX_PATTERN_BOARD);
  private stamp = 0;
  /** Bit y: row y changed since `takeChanged`; bit x: column x did. */
  private changed = 0;
  private changedCols = 0;
  /** The one point changed since `takeChanged`: -1 none, -2 more than one. */
  private changedAt = -1;

  /** Clears the board (and the row masks) for a game on an n x n board. */
  reset(n: number): void {
    this.n = n;
    this.cells.fill(0, 0, n * n);
    clearRows();
    this.changed = -1;
    this.changedCols = -1;
    this.changedAt = -2;
  }

  /** The rows changed since the last call (bit y for row y), and forgets them (and the columns). */
  takeChanged(): number {
    const c = this.changed;
    this.changed = 0;
    this.changedCols = 0;
    this.changedAt = -1;
    return c;
  }

  /** The one point changed since `takeChanged` was last called, -2 when more than one did (-1 none); take it before that. */
  changedPoint(): number {
    return this.changedAt;
  }

  /** The columns changed since `takeChanged` was last called (bit x for column x); take them before it. */
  changedColumns(): number {
    return this.changedCols;
  }

  /** Sets point q to v (0 empty, 1 black, 2 white), its row masks with it. */
  private set(q: number, v: number): void {
    this.cells[q] = v;
    const y = (q / this.n) | 0;
    const bit = 1 << (q - y * this.n);
    setRowPoint(y, bit, v);
    this.changed |= 1 << y;
    this.changedCols |= bit;
    this.changedAt = this.changedAt === -1 || this.changedAt === q ? q : -2;
  }

  /** Plays ply i of a main line: its setup, then its move; false when the move is on an occupied point (not how the import read it). */
  play(line: GoMainLine, i: number): boolean {
    for (let k = line.setupStart[i]; k < line.setupStart[i + 1]; k++) this.set(line.setupPoint[k], line.setupValue[k]);
    const q = line.movePoint[i];
    if (q < 0) return true;
    if (this.cells[q] !== 0) return false;
    const color = line.moveWhite[i] ? 2 : 1;
    this.set(q, color);
    const n = this.n;
    const r = (q / n) | 0;
    const c = q - r * n;
    if (r > 0) this.captureIfDead(q - n, 3 - color);
    if (r < n - 1) this.captureIfDead(q + n, 3 - color);
    if (c > 0) this.captureIfDead(q - 1, 3 - color);
    if (c < n - 1) this.captureIfDead(q + 1, 3 - color);
    // Suicide (only where the file's rules allowed it: the import refused it elsewhere).
    this.captureIfDead(q, color);
    return true;
  }

  /** Removes the group of `color` at q when it has no liberty. */
  private captureIfDead(q: number, color: number): void {
    const cells = this.cells;
    if (cells[q] !== color) return;
    const n = this.n;
    const seen = this.seen;
    const group = this.group;
    const stamp = ++this.stamp;
    let size = 1;
    group[0] = q;
    seen[q] = stamp;
    for (let k = 0; k < size; k++) {
      const p = group[k];
      const r = (p / n) | 0;
      const c = p - r * n;
      for (let d = 0; d < 4; d++) {
        const x = d === 0 ? (r > 0 ? p - n : -1) : d === 1 ? (r < n - 1 ? p + n : -1) : d === 2 ? (c > 0 ? p - 1 : -1) : c < n - 1 ? p + 1 : -1;
        if (x < 0 || seen[x] === stamp) continue;
        const v = cells[x];
        if (v === 0) return;
        if (v === color) {
          seen[x] = stamp;
          group[size++] = x;
        }
      }
    }
    for (let k = 0; k < size; k++) this.set(group[k], 0);
  }
}
