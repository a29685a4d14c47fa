/**
 * Go rules needed to replay records: place a stone, remove opposing groups
 * left without liberties, then the mover's own group if it has none (suicide,
 * allowed by default as FF[4] executes recorded moves as given; optionally an
 * error). Ko is not checked: records are replayed, not refereed.
 */
import { Result, ok, err, codecErrors } from '../result';
import { GoBoard, EMPTY, Stone } from './board';

/** The error codes this module returns. */
export const RULE_ERRORS = ['ERR_GO_OCCUPIED', 'ERR_GO_POINT_RANGE', 'ERR_GO_SUICIDE'] as const;
/** One of RULE_ERRORS. */
export type RuleError = (typeof RULE_ERRORS)[number];
const ruleError = codecErrors(RULE_ERRORS);

/** Options for `playStone`. */
export interface PlayOptions {
  /** When false, a move that leaves its own group without liberties is ERR_GO_SUICIDE (default true: the group is removed). */
  allowSuicide?: boolean;
}

/** The board after a move, and how many stones it removed. */
export interface PlayResult {
  board: GoBoard;
  /** Opposing stones captured. */
  captured: number;
  /** Own stones removed by suicide. */
  suicide: number;
}

/** Whether the group containing `start` has a liberty; collects its points into `group` (returns count via group length field). */
const scanGroup = (cells: Uint8Array, w: number, h: number, start: number, group: number[]): boolean => {
  const color = cells[start];
  group.length = 0;
  group.push(start);
  const seen = new Set<number>([start]);
  let free = false;
  for (let i = 0; i < group.length; i++) {
    const p = group[i];
    const r = (p / w) | 0;
    const c = p - r * w;
    // Orthogonal neighbours only.
    const ns = [r > 0 ? p - w : -1, r < h - 1 ? p + w : -1, c > 0 ? p - 1 : -1, c < w - 1 ? p + 1 : -1];
    for (const q of ns) {
      if (q < 0 || seen.has(q)) continue;
      const v = cells[q];
      if (v === EMPTY) free = true;
      else if (v === color) {
        seen.add(q);
        group.push(q);
      }
    }
  }
  return free;
};

/** Liberties of the group at `point` (0 for an empty point). */
export const groupLiberties = (board: GoBoard, point: number): number => {
  if (board.cells[point] === EMPTY) return 0;
  const group: number[] = [];
  scanGroup(board.cells, board.width, board.height, point, group);
  const libs = new Set<number>();
  const w = board.width;
  for (const p of group) {
    const r = (p / w) | 0;
    const c = p - r * w;
    for (const q of [r > 0 ? p - w : -1, r < board.height - 1 ? p + w : -1, c > 0 ? p - 1 : -1, c < w - 1 ? p + 1 : -1]) {
      if (q >= 0 && board.cells[q] === EMPTY) libs.add(q);
    }
  }
  return libs.size;
};

/** Plays `color` at `point` (row * width + col) on a copy of `board`. Errors: ERR_GO_POINT_RANGE, ERR_GO_OCCUPIED, ERR_GO_SUICIDE. */
export const playStone = (board: GoBoard, color: Stone, point: number, options: PlayOptions = {}): Result<PlayResult> => {
  const { width: w, height: h } = board;
  if (!Number.isInteger(point) || point < 0 || point >= w * h) {
    return err(ruleError('ERR_GO_POINT_RANGE', `point ${point} is off a ${w}x${h} board`));
  }
  if (board.cells[point] !== EMPTY) return err(ruleError('ERR_GO_OCCUPIED', `point ${point} is already occupied`));
  const cells = board.cells.slice();
  cells[point] = color;
  const r = (point / w) | 0;
  const c = point - r * w;
  const group: number[] = [];
  let captured = 0;
  for (const q of [r > 0 ? point - w : -1, r < h - 1 ? point + w : -1, c > 0 ? point - 1 : -1, c < w - 1 ? point + 1 : -1]) {
    if (q < 0 || cells[q] === EMPTY || cells[q] === color) continue;
    if (!scanGroup(cells, w, h, q, group)) {
      for (const p of group) cells[p] = EMPTY;
      captured += group.length;
    }
  }
  let suicide = 0;
  if (!scanGroup(cells, w, h, point, group)) {
    if (options.allowSuicide === false) return err(ruleError('ERR_GO_SUICIDE', `the move at ${point} leaves its group without liberties`));
    for (const p of group) cells[p] = EMPTY;
    suicide = group.length;
  }
  return ok({ board: { width: w, height: h, cells }, captured, suicide });
};
