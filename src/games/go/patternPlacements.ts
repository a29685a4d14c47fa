/**
 * A Go pattern compiled for one board size: every placement it may match in (where its anchor
 * lets it lie as written, moved by each of the board's 8 symmetries, colours swapped too when it
 * matches either way), grouped so that a board is tested a row of placements at a time.
 *
 * A placement is a rectangle of the board (`top`, `left`, `rows` x `cols`) holding one image of
 * the pattern (a "variant": the pattern turned and coloured one way). Placements that test the
 * same points the same way (a pattern symmetric in itself, or in its colours) are kept once, with
 * each of the ways they map back onto the pattern as written (`mappings`: the symmetry, where the
 * pattern lay, whether colours are swapped), so a continuation can be written in the pattern's own
 * frame whichever way it arose.
 *
 * A sweep is one variant at one top row, with the set of left columns it is placed at (a bit
 * mask): its constrained points ("cells": row and column in the variant, and what they need) are
 * tested on all those columns at once, bit-parallel over the board's row masks. A cell at column c
 * needing black keeps the left positions x whose point x + c is black: `candidates &= black >>> c`.
 * Cells needing a stone come first (they fail soonest early in a game), then those that forbid one.
 * The same sweeps test a game's signature (patterns.ts), with masks of the points that ever held
 * each colour or none in place of the board's.
 */
import { inverseSymmetry, transformPoint } from '../../codecs/go';
import type { GoPattern } from './patternRead';

/**
 * What a cell needs, in the order cells are tested: a black stone (`X`), a white stone (`O`), no
 * stone (`.`), no white stone (`x`), no black stone (`o`). A test reads one row mask per need:
 * on a board black, white, occupied, white, black, the last three negated.
 */
export const MUST_BLACK = 0;
export const MUST_WHITE = 1;
export const EMPTY_POINT = 2;
export const NOT_WHITE = 3;
export const NOT_BLACK = 4;
/** Needs from this one on forbid what their row mask holds. */
export const FIRST_FORBIDDING = EMPTY_POINT;
/** `pointSweepNeed` of a point no cell of the sweep reads. */
export const ANY_POINT = 5;
/** `pointSweepNeed` of a sweep placed at several columns. */
export const SWEEP_COLUMNS = 6;

/** Whether a point holding `value` (0 empty, 1 black, 2 white) meets `need`: NEED_MET[need * 3 + value]. */
export const NEED_MET = Uint8Array.from([0, 1, 0, 0, 0, 1, 1, 0, 0, 1, 1, 0, 1, 0, 1]);

/** The placements and sweeps of a pattern on an n x n board, as flat arrays (see the module comment). */
export interface GoPlacements {
  size: number;
  /** Placements. */
  count: number;
  top: Int32Array;
  left: Int32Array;
  rows: Int32Array;
  cols: Int32Array;
  /** Placement t's mappings are mapStart[t] .. mapStart[t + 1] - 1. */
  mapStart: Int32Array;
  /** Per mapping: the inverse of the symmetry that took the placed pattern here, where the pattern lay as written (its top-left point), whether colours are swapped. */
  mapInverse: Int32Array;
  mapCol: Int32Array;
  mapRow: Int32Array;
  mapSwap: Uint8Array;
  /** Sweeps. */
  sweeps: number;
  sweepTop: Int32Array;
  /** The left columns the sweep's variant is placed at (bit x = column x). */
  sweepLeft: Int32Array;
  /** The placement at left column x of sweep s: sweepPlacement[s * size + x]. */
  sweepPlacement: Int32Array;
  /** Sweep s's cells are cellStart[s] .. cellStart[s + 1] - 1; those before stoneEnd[s] need a stone. */
  cellStart: Int32Array;
  stoneEnd: Int32Array;
  /** Per cell: its board row (the sweep's top row plus its row in the variant), its column in the variant, what it needs. */
  cellRow: Int32Array;
  cellCol: Int32Array;
  cellNeed: Uint8Array;
  /** Per board row, 1 when some cell reads it: only those rows are read off a board. */
  readRows: Uint8Array;
  /** The same rows as a mask (bit y for row y): a board whose changes miss it holds the same placements. */
  readMask: number;
  /** Per sweep, the board rows and the board columns its cells read (bit y, bit x): a change outside either leaves its columns as they were. */
  sweepRowMask: Int32Array;
  sweepColMask: Int32Array;
  /**
   * Sweep s's cells again, grouped by row and need into column masks (rowCellStart[s] ..
   * rowCellStart[s + 1] - 1, those before rowStoneEnd[s] needing a stone): a sweep placed at one
   * column only tests a row's cells of a need at once.
   */
  rowCellStart: Int32Array;
  rowStoneEnd: Int32Array;
  rowCellRow: Int32Array;
  rowCellNeed: Uint8Array;
  rowCellMask: Int32Array;
  /** The sweeps that read point q (row * size + col, by those masks): pointSweep[pointSweepStart[q] .. pointSweepStart[q + 1] - 1]. */
  pointSweepStart: Int32Array;
  pointSweep: Int32Array;
  /**
   * Per entry of `pointSweep`, for a sweep placed at one column: what its cell at that point needs
   * (MUST_BLACK .. NOT_BLACK), or ANY_POINT where the point is not one of its cells; for a sweep at
   * several columns, SWEEP_COLUMNS (the point is a different cell at each). A change at one point
   * decides such a sweep without a test where the point now breaks its need, or where the sweep
   * held before and the point still meets it.
   */
  pointSweepNeed: Uint8Array;
  /**
   * The pattern's stones when it covers the whole board and says what each point holds (no `*`,
   * `x`, `o`): only a board with that many stones can hold it. -1 for any other pattern.
   */
  boardStones: number;
}

/** Where the pattern may lie as written on an n x n board: its top-left points, row by row. */
const anchoredCorners = (pattern: GoPattern, n: number): [number, number][] => {
  const { width: w, height: h, anchor } = pattern;
  if (w > n || h > n) return [];
  if (anchor === 'corner') return [[0, 0]];
  if (anchor === 'side') return Array.from({ length: n - w + 1 }, (_, col) => [col, 0]);
  if (anchor === 'anywhere') return Array.from({ length: (n - h + 1) * (n - w + 1) }, (_, i) => [i % (n - w + 1), Math.floor(i / (n - w + 1))]);
  const [col, row] = anchor;
  return col + w <= n && row + h <= n ? [[col, row]] : [];
};

const SWAP: Record<string, string> = { X: 'O', O: 'X', x: 'o', o: 'x', '.': '.', '*': '*' };
/** The needs of each point, in the order cells are tested. */
const NEEDS: Record<string, number> = { X: MUST_BLACK, O: MUST_WHITE, '.': EMPTY_POINT, x: NOT_WHITE, o: NOT_BLACK };

interface Placement {
  top: number;
  left: number;
  rows: number;
  cols: number;
  mappings: number[][];
}
interface Sweep {
  top: number;
  grid: string;
  cols: number;
  placements: Map<number, number>;
}

/** Every placement of `pattern` on an n x n board (none when it does not fit), with its sweeps. */
export const placePattern = (pattern: GoPattern, n: number): GoPlacements => {
  const { width: w, height: h, points } = pattern;
  const placements: Placement[] = [];
  const placementOf = new Map<string, number>();
  const sweeps: Sweep[] = [];
  const sweepOf = new Map<string, Sweep>();
  const corners = anchoredCorners(pattern, n);
  for (const swap of pattern.either ? [0, 1] : [0]) {
    for (let sym = 0; sym < 8; sym++) {
      for (const [col, row] of corners) {
        // The rectangle's image (two opposite corners of the placed pattern), and the variant in it.
        const [r1, c1] = transformPoint(sym, row, col, n, n);
        const [r2, c2] = transformPoint(sym, row + h - 1, col + w - 1, n, n);
        const top = Math.min(r1, r2);
        const left = Math.min(c1, c2);
        const rows = Math.abs(r2 - r1) + 1;
        const cols = Math.abs(c2 - c1) + 1;
        const grid = new Array<string>(rows * cols);
        for (let y = 0; y < h; y++) {
          for (let x = 0; x < w; x++) {
            const [r, c] = transformPoint(sym, row + y, col + x, n, n);
            grid[(r - top) * cols + (c - left)] = swap ? SWAP[points[y * w + x]] : points[y * w + x];
          }
        }
        const variant = `${cols}:${grid.join('')}`;
        const key = `${top},${left},${variant}`;
        let t = placementOf.get(key);
        if (t === undefined) {
          t = placements.length;
          placements.push({ top, left, rows, cols, mappings: [] });
          placementOf.set(key, t);
          const sweepKey = `${top},${variant}`;
          let sweep = sweepOf.get(sweepKey);
          if (!sweep) {
            sweep = { top, grid: grid.join(''), cols, placements: new Map() };
            sweepOf.set(sweepKey, sweep);
            sweeps.push(sweep);
          }
          sweep.placements.set(left, t);
        }
        placements[t].mappings.push([inverseSymmetry(sym), col, row, swap]);
      }
    }
  }
  const fixesBoard = w === n && h === n && /^[XO.]*$/.test(points);
  return pack(placements, sweeps, n, fixesBoard ? points.replace(/\./g, '').length : -1);
};

const pack = (placements: Placement[], sweeps: Sweep[], n: number, boardStones: number): GoPlacements => {
  const count = placements.length;
  const mappings = placements.reduce((s, p) => s + p.mappings.length, 0);
  const cellsOf = sweeps.map((s) =>
    [...s.grid]
      .flatMap((ch, i) => (ch in NEEDS ? [[s.top + Math.floor(i / s.cols), i % s.cols, NEEDS[ch]]] : []))
      .sort((a, b) => a[2] - b[2] || a[0] - b[0] || a[1] - b[1]),
  );
  const cells = cellsOf.reduce((s, c) => s + c.length, 0);
  const p: GoPlacements = {
    size: n,
    count,
    top: Int32Array.from(placements, (q) => q.top),
    left: Int32Array.from(placements, (q) => q.left),
    rows: Int32Array.from(placements, (q) => q.rows),
    cols: Int32Array.from(placements, (q) => q.cols),
    mapStart: new Int32Array(count + 1),
    mapInverse: new Int32Array(mappings),
    mapCol: new Int32Array(mappings),
    mapRow: new Int32Array(mappings),
    mapSwap: new Uint8Array(mappings),
    sweeps: sweeps.length,
    sweepTop: Int32Array.from(sweeps, (s) => s.top),
    sweepLeft: Int32Array.from(sweeps, (s) => [...s.placements.keys()].reduce((m, x) => m | (1 << x), 0)),
    sweepPlacement: new Int32Array(sweeps.length * n).fill(-1),
    cellStart: new Int32Array(sweeps.length + 1),
    stoneEnd: new Int32Array(sweeps.length),
    cellRow: new Int32Array(cells),
    cellCol: new Int32Array(cells),
    cellNeed: new Uint8Array(cells),
    readRows: new Uint8Array(n),
    readMask: 0,
    sweepRowMask: new Int32Array(sweeps.length),
    sweepColMask: new Int32Array(sweeps.length),
    rowCellStart: new Int32Array(sweeps.length + 1),
    rowStoneEnd: new Int32Array(sweeps.length),
    rowCellRow: new Int32Array(cells),
    rowCellNeed: new Uint8Array(cells),
    rowCellMask: new Int32Array(cells),
    pointSweepStart: new Int32Array(n * n + 1),
    pointSweep: new Int32Array(0),
    pointSweepNeed: new Uint8Array(0),
    boardStones,
  };
  let m = 0;
  placements.forEach((q, t) => {
    p.mapStart[t] = m;
    for (const [inverse, col, row, swap] of q.mappings) {
      p.mapInverse[m] = inverse;
      p.mapCol[m] = col;
      p.mapRow[m] = row;
      p.mapSwap[m] = swap;
      m++;
    }
  });
  p.mapStart[count] = m;
  let e = 0;
  sweeps.forEach((s, k) => {
    for (const [x, t] of s.placements) p.sweepPlacement[k * n + x] = t;
    p.cellStart[k] = e;
    for (const [row, col, need] of cellsOf[k]) {
      p.cellRow[e] = row;
      p.cellCol[e] = col;
      p.cellNeed[e] = need;
      p.readRows[row] = 1;
      p.readMask |= 1 << row;
      p.sweepRowMask[k] |= 1 << row;
      // The cell's column at each left column the sweep places its variant at.
      p.sweepColMask[k] |= p.sweepLeft[k] << col;
      e++;
    }
    p.stoneEnd[k] = p.cellStart[k] + cellsOf[k].filter((c) => c[2] === MUST_BLACK || c[2] === MUST_WHITE).length;
  });
  p.cellStart[sweeps.length] = e;
  // The same cells by (need, row): cells are sorted by need, then row, so each group is a run.
  let g = 0;
  for (let k = 0; k < sweeps.length; k++) {
    p.rowCellStart[k] = g;
    for (let c = p.cellStart[k]; c < p.cellStart[k + 1]; c++) {
      if (c === p.cellStart[k] || p.cellNeed[c] !== p.cellNeed[c - 1] || p.cellRow[c] !== p.cellRow[c - 1]) {
        p.rowCellRow[g] = p.cellRow[c];
        p.rowCellNeed[g] = p.cellNeed[c];
        g++;
      }
      p.rowCellMask[g - 1] |= 1 << p.cellCol[c];
    }
    let stones = p.rowCellStart[k];
    while (stones < g && (p.rowCellNeed[stones] === MUST_BLACK || p.rowCellNeed[stones] === MUST_WHITE)) stones++;
    p.rowStoneEnd[k] = stones;
  }
  p.rowCellStart[sweeps.length] = g;
  const reads = (k: number, q: number): boolean => ((p.sweepRowMask[k] >> ((q / n) | 0)) & 1) === 1 && ((p.sweepColMask[k] >> q % n) & 1) === 1;
  for (let q = 0; q < n * n; q++) {
    let c = 0;
    for (let k = 0; k < sweeps.length; k++) if (reads(k, q)) c++;
    p.pointSweepStart[q + 1] = p.pointSweepStart[q] + c;
  }
  p.pointSweep = new Int32Array(p.pointSweepStart[n * n]);
  p.pointSweepNeed = new Uint8Array(p.pointSweep.length);
  for (let q = 0, at = 0; q < n * n; q++) {
    for (let k = 0; k < sweeps.length; k++) {
      if (!reads(k, q)) continue;
      p.pointSweep[at] = k;
      p.pointSweepNeed[at++] = cellNeedAt(p, k, q);
    }
  }
  return p;
};

/** What the cell of sweep k at point q needs (`pointSweepNeed`). */
const cellNeedAt = (p: GoPlacements, k: number, q: number): number => {
  const lefts = p.sweepLeft[k];
  if ((lefts & (lefts - 1)) !== 0) return SWEEP_COLUMNS;
  const left = 31 - Math.clz32(lefts);
  const n = p.size;
  for (let c = p.cellStart[k]; c < p.cellStart[k + 1]; c++) {
    if (p.cellRow[c] * n + left + p.cellCol[c] === q) return p.cellNeed[c];
  }
  return ANY_POINT;
};

/**
 * The left columns of sweep s where its variant holds, given one row mask per need (`rows[need][y]`,
 * bit c = column c of row y): a cell keeps the columns where its point is in its need's mask, or,
 * from need `forbidFrom` on, is not. Only the cells needing a stone when `stonesOnly`.
 */
export const sweepHolds = (p: GoPlacements, s: number, rows: readonly Int32Array[], forbidFrom: number, stonesOnly: boolean): number => {
  let candidates = p.sweepLeft[s];
  if ((candidates & (candidates - 1)) === 0) {
    // Placed at one column: a row's cells of a need at once.
    const left = 31 - Math.clz32(candidates);
    const rowEnd = stonesOnly ? p.rowStoneEnd[s] : p.rowCellStart[s + 1];
    for (let e = p.rowCellStart[s]; e < rowEnd; e++) {
      const need = p.rowCellNeed[e];
      const mask = p.rowCellMask[e];
      const bits = (rows[need][p.rowCellRow[e]] >>> left) & mask;
      if (need >= forbidFrom ? bits !== 0 : bits !== mask) return 0;
    }
    return candidates;
  }
  const end = stonesOnly ? p.stoneEnd[s] : p.cellStart[s + 1];
  for (let e = p.cellStart[s]; e < end && candidates !== 0; e++) {
    const need = p.cellNeed[e];
    const bits = rows[need][p.cellRow[e]] >>> p.cellCol[e];
    candidates &= need >= forbidFrom ? ~bits : bits;
  }
  return candidates;
};

/**
 * Board point (row, col) of placement t's mapping k written in the pattern's own frame: the
 * pattern point's column and row from its top-left, packed as `col * 32 + row`.
 */
export const patternPointOf = (p: GoPlacements, k: number, row: number, col: number): number => {
  const [r, c] = transformPoint(p.mapInverse[k], row, col, p.size, p.size);
  return (c - p.mapCol[k]) * 32 + (r - p.mapRow[k]);
};
