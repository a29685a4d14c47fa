/**
 * The changes of a Go main line in the board's corners, as the pattern signature keeps them
 * (patternSignature.ts): enough to play the corners' row masks again without the game's source,
 * so a pattern whose placements all lie in the corners (a corner pattern of up to 7x7, any
 * pattern on a board of up to 14x14) is answered from the signature alone, continuations included.
 *
 * The region: the points within CORNER lines of two edges, the four CORNER x CORNER squares (on a
 * board of 14 or less, the whole board). Its points are numbered in reading order (at most 196).
 *
 * The stream (signature version 3): the main line's ply count (2 bytes, big-endian; 0 when the
 * line has a ply without a board or a move the board does not show: no stream, the game is
 * replayed), then one event per change of a region point, in ply order (within a ply, in the
 * region's reading order). Each event is its region point (1 byte) and a 4-bit code; the events go
 * in pairs, each pair a byte of codes (the first event's in bits 7-4, the second's in bits 3-0;
 * unused after the last event of an odd count) followed by the first event's bytes, then the
 * second's. An event's code says, from the plies since the event before (since ply 0 for the
 * first):
 *   0-11   the expected colour played there, 0-11 plies after the event before (0: after a
 *          capture at the same ply that reads before the move)
 *   12-14  emptied (a capture), 0-2 plies after the event before
 *   15     anything else, in the next byte: bits 7-5, what happened (0 Black played there, 1 White
 *          played there, 2 a black stone is there without being played (setup), 3 a white one,
 *          4 emptied); bits 4-0, the plies since the event before; 31: the next 2 bytes hold them
 *          (big-endian)
 * The expected colour at ply i is the colour of the last move event if i is that event's ply plus
 * an even number, else the other colour (Black when no move event came before: as if White had
 * played at ply 0). Passes and moves outside the region keep the alternation, so nearly every
 * move is expected; a setup stone, a colour playing twice (a handicap game where White starts),
 * a move 12 plies or more after the event before, a capture 3 or more, take the escape. Writer and reader keep that state alike. On the
 * bench's 19x19 games an event takes 1.5 bytes (2 in version 2, the same events).
 * A move outside the region, a pass and a capture outside it write nothing.
 */
import { BLACK_ROWS, WHITE_ROWS, setRowPoint } from './patternBoard';
import type { GoPlacements } from './patternPlacements';
import { MAX_PATTERN_BOARD } from './patternRead';

/** The side of each corner square of the region. */
export const CORNER = 7;

export const BLACK_MOVE = 0;
export const WHITE_MOVE = 1;
export const BLACK_SET = 2;
export const WHITE_SET = 3;
export const EMPTIED = 4;
/** In an escape's byte: the plies since the event before are in the next 2 bytes. */
const MORE_PLIES = 31;
/** Codes 0..MOVE_CODES - 1: the expected colour played, that many plies after the event before. */
const MOVE_CODES = 12;
/** Codes EMPTIED_CODE..EMPTIED_CODE + 2: emptied, 0-2 plies after the event before. */
const EMPTIED_CODE = MOVE_CODES;
const EMPTIED_CODES = 3;
/** The code whose event's kind and plies follow in full. */
const ESCAPE = 15;

/** The region of an n x n board: its points in reading order, each point's number in it (-1 outside), its columns per row. */
interface Region {
  points: Int16Array;
  index: Int16Array;
  rowMask: Int32Array;
}

const regions = new Map<number, Region>();

export const regionOf = (n: number): Region => {
  let region = regions.get(n);
  if (region) return region;
  const edge = (v: number): boolean => v < CORNER || v >= n - CORNER;
  const points: number[] = [];
  const index = new Int16Array(n * n).fill(-1);
  const rowMask = new Int32Array(n);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      if (!edge(y) || !edge(x)) continue;
      index[y * n + x] = points.length;
      points.push(y * n + x);
      rowMask[y] |= 1 << x;
    }
  }
  regions.set(n, (region = { points: Int16Array.from(points), index, rowMask }));
  return region;
};

const inCorners = new WeakMap<GoPlacements, boolean>();

/** Whether every placement's rectangle lies in the region: then the stream alone answers the pattern. */
export const placementsInCorners = (p: GoPlacements): boolean => {
  let known = inCorners.get(p);
  if (known !== undefined) return known;
  const { rowMask } = regionOf(p.size);
  known = true;
  for (let t = 0; t < p.count && known; t++) {
    const cols = ((1 << p.cols[t]) - 1) << p.left[t];
    for (let y = p.top[t]; y < p.top[t] + p.rows[t]; y++) if ((cols & ~rowMask[y]) !== 0) known = false;
  }
  inCorners.set(p, known);
  return known;
};

/**
 * Writes the stream of one main line, ply by ply: `start(n)`, then `ply(i, move, white)` once the
 * ply's board is in the row masks (patternBoard.ts: every row read), then `bytes()`.
 */
export class CornerEventWriter {
  private n = 0;
  private region: Region = regionOf(0);
  private readonly black = new Int32Array(MAX_PATTERN_BOARD);
  private readonly white = new Int32Array(MAX_PATTERN_BOARD);
  private out = new Uint8Array(256);
  private length = 0;
  private lastPly = 0;
  private plies = 0;
  private broken = false;
  /** Events written, and where the byte of codes of the last pair is. */
  private count = 0;
  private codesAt = 0;
  /** The last move event's ply and kind (ply 0 and WHITE_MOVE before any: Black is expected at ply 1). */
  private movePly = 0;
  private moveKind = WHITE_MOVE;

  start(n: number): void {
    this.n = n;
    this.region = regionOf(n);
    this.black.fill(0);
    this.white.fill(0);
    this.length = 2;
    this.lastPly = 0;
    this.plies = 0;
    this.broken = false;
    this.count = 0;
    this.codesAt = 0;
    this.movePly = 0;
    this.moveKind = WHITE_MOVE;
  }

  /** Ply i has no board to read: the line gets no stream. */
  noBoard(): void {
    this.broken = true;
  }

  /** Ply i's board is in the row masks; `move` is its move's point (-1 none, a pass), `white` whether White made it. */
  ply(i: number, move: number, white: boolean): void {
    this.plies = i + 1;
    if (this.broken) return;
    const n = this.n;
    const moveRow = move < 0 ? -1 : (move / n) | 0;
    const moveBit = move < 0 ? 0 : 1 << (move - moveRow * n);
    if (move >= 0 && this.region.index[move] >= 0 && ((white ? WHITE_ROWS : BLACK_ROWS)[moveRow] & moveBit) === 0) {
      this.broken = true;
      return;
    }
    for (let y = 0; y < n; y++) {
      const mask = this.region.rowMask[y];
      const b = BLACK_ROWS[y] & mask;
      const w = WHITE_ROWS[y] & mask;
      for (let changed = (b ^ this.black[y]) | (w ^ this.white[y]); changed !== 0; changed &= changed - 1) {
        const bit = changed & -changed;
        const q = y * n + (31 - Math.clz32(bit));
        const played = q === move;
        const kind = (b & bit) !== 0 ? (played ? BLACK_MOVE : BLACK_SET) : (w & bit) !== 0 ? (played ? WHITE_MOVE : WHITE_SET) : EMPTIED;
        this.event(i, this.region.index[q], kind);
      }
      this.black[y] = b;
      this.white[y] = w;
    }
  }

  private event(i: number, point: number, kind: number): void {
    if (this.length + 5 > this.out.length) {
      const grown = new Uint8Array(this.out.length * 2);
      grown.set(this.out);
      this.out = grown;
    }
    const since = i - this.lastPly;
    this.lastPly = i;
    let code = ESCAPE;
    if (kind === BLACK_MOVE || kind === WHITE_MOVE) {
      // The expected kind: the last move's, flipped when an odd number of plies lie between.
      if (since < MOVE_CODES && kind === (this.moveKind ^ ((i - this.movePly) & 1))) code = since;
      this.movePly = i;
      this.moveKind = kind;
    } else if (kind === EMPTIED && since < EMPTIED_CODES) {
      code = EMPTIED_CODE + since;
    }
    if ((this.count++ & 1) === 0) {
      this.codesAt = this.length;
      this.out[this.length++] = code << 4;
    } else {
      this.out[this.codesAt] |= code;
    }
    this.out[this.length++] = point;
    if (code !== ESCAPE) return;
    if (since < MORE_PLIES) {
      this.out[this.length++] = (kind << 5) | since;
    } else {
      this.out[this.length++] = (kind << 5) | MORE_PLIES;
      this.out[this.length++] = since >> 8;
      this.out[this.length++] = since & 255;
    }
  }

  /** The stream (just the ply count 0 when the line has none). */
  bytes(): Uint8Array {
    if (this.broken || this.plies > 0xffff) return Uint8Array.of(0, 0);
    this.out[0] = this.plies >> 8;
    this.out[1] = this.plies & 255;
    return this.out.slice(0, this.length);
  }
}

/** A stream read back: the line's plies, and per event its ply, board point and kind (scratch arrays, valid until the next read). */
export interface CornerEvents {
  plies: number;
  count: number;
  ply: Int32Array;
  point: Int32Array;
  kind: Uint8Array;
  /**
   * What each event changed the board's stones by: 1 a stone where none was, -1 emptied, 0 a
   * stone that took the other colour's place (a setup stone may overwrite one, as SGF allows).
   */
  stones: Int8Array;
}

/** The point's value (0 empty, 1 black, 2 white) after an event of each kind. */
const VALUE_AFTER = Uint8Array.of(1, 2, 1, 2, 0);

const read: CornerEvents = { plies: 0, count: 0, ply: new Int32Array(512), point: new Int32Array(512), kind: new Uint8Array(512), stones: new Int8Array(512) };
/** Each region point's value (0 empty, 1 black, 2 white) as the events read so far leave it. */
const regionValues = new Uint8Array(4 * CORNER * CORNER);

/** Reads the stream in bytes[start..end) of a line on an n x n board; null when there is none or it does not read. */
export const readCornerEvents = (bytes: Uint8Array, start: number, end: number, n: number): CornerEvents | null => {
  if (end - start < 2) return null;
  const plies = (bytes[start] << 8) | bytes[start + 1];
  if (plies === 0) return null;
  const { points } = regionOf(n);
  // Every event takes a byte at least.
  if (read.ply.length < end - start) {
    const size = Math.max(end - start, read.ply.length * 2);
    read.ply = new Int32Array(size);
    read.point = new Int32Array(size);
    read.kind = new Uint8Array(size);
    read.stones = new Int8Array(size);
  }
  regionValues.fill(0);
  let count = 0;
  let ply = 0;
  let codes = 0;
  // The last move event's ply and kind (BLACK_MOVE 0, WHITE_MOVE 1): the expected kind at ply i is it xor the parity of i - movePly.
  let movePly = 0;
  let moveKind = WHITE_MOVE;
  for (let at = start + 2; at < end; count++) {
    let code: number;
    if ((count & 1) === 0) {
      codes = bytes[at++];
      code = codes >> 4;
    } else {
      code = codes & 15;
    }
    if (at >= end || bytes[at] >= points.length) return null;
    const r = bytes[at++];
    read.point[count] = points[r];
    let kind: number;
    if (code < MOVE_CODES) {
      ply += code;
      kind = moveKind ^ ((ply - movePly) & 1);
      movePly = ply;
      moveKind = kind;
    } else if (code !== ESCAPE) {
      ply += code - EMPTIED_CODE;
      kind = EMPTIED;
    } else {
      if (at >= end) return null;
      const full = bytes[at++];
      kind = full >> 5;
      let since = full & MORE_PLIES;
      if (since === MORE_PLIES) {
        if (at + 2 > end) return null;
        since = (bytes[at] << 8) | bytes[at + 1];
        at += 2;
      }
      ply += since;
      if (kind > EMPTIED) return null;
      if (kind === BLACK_MOVE || kind === WHITE_MOVE) {
        movePly = ply;
        moveKind = kind;
      }
    }
    if (ply >= plies) return null;
    read.kind[count] = kind;
    read.ply[count] = ply;
    const value = VALUE_AFTER[kind];
    read.stones[count] = (value !== 0 ? 1 : 0) - (regionValues[r] !== 0 ? 1 : 0);
    regionValues[r] = value;
  }
  read.plies = plies;
  read.count = count;
  return read;
};

/** Plays event `e` of `events` on the row masks (patternBoard.ts), on an n x n board. */
export const playEvent = (events: CornerEvents, e: number, n: number): void => {
  const q = events.point[e];
  const y = (q / n) | 0;
  setRowPoint(y, 1 << (q - y * n), VALUE_AFTER[events.kind[e]]);
};
