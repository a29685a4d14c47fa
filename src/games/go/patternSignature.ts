/**
 * Go's pattern pre-filter: a few bytes per game, computed from its main line at import, that rule
 * out the games where no ply can hold a pattern, without replaying them.
 *
 * The main line is cut in two phases at ply K: the opening, while the points that ever held a
 * stone are few (at most EARLY_POINTS of them, black and white together: K is the first ply that
 * would bring more, so about 48 plies into a game), and the rest. The opening keeps the points that
 * ever held a black stone and those that ever held a white stone, as a list; the rest keeps, as
 * bitsets, the points that ever held black, ever held white, and ever were empty. A ply of the
 * opening can hold a pattern only if every `X` is among the opening's black points and every `O`
 * among its white ones; a later ply, only if moreover every `.` is among the points ever empty
 * later, every `x` among those ever black or empty, every `o` among those ever white or empty.
 * (The opening's empty points are nearly all of them: not kept.) `mayHold` asks that of every
 * placement (every symmetry, colour swap and anchored position) in the opening and in the rest,
 * and says false when none can: no game that holds the pattern is ruled out.
 *
 * Layout (version 3; version 1 ended with the bitsets, version 2 wrote the corner events at 2 bytes
 * each): 198 bytes for 19x19, 126 for 13x13, 93 for 9x9 at most, then the corner events:
 *   byte 0      version, 3
 *   byte 1      the board's size n; 0 when the main line's board is no square of 9..19 (nothing follows)
 *   bytes 2-3   K, big-endian: plies 0..K-1 are the opening
 *   byte 4      B, the opening's black points; byte 5: W, its white points (B + W <= 48)
 *   then        the B black points, then the W white points, ascending, 9 bits each (point
 *               row * n + col, most significant bit first), padded to a whole byte
 *   then        three bitsets of ceil(n*n / 8) bytes, after the opening: points ever black, ever
 *               white, ever empty (point p is bit p % 8 of byte p >> 3)
 *   then        the main line's changes in the board's corners (patternEvents.ts), from which
 *               `cornerEventsOf` finds the hits of a pattern that lies in the corners
 * A signature of version 1 or 2 still rules games out with its pre-filter, but its corner events
 * (none in version 1, another layout in version 2) are not read: the games it lets through are
 * replayed, as before the corner events, until the attributes catch-up writes version 3 (one
 * reader of the events, not two). One of another version, or that does not read, may hold any
 * pattern.
 */
import type { PlyRecord } from '../../db/records';
import { goBoardSize } from './diagram';
import { BLACK_ROWS, OCCUPIED_ROWS, WHITE_ROWS, readBoardRows, readNextBoardRows } from './patternBoard';
import { CornerEventWriter } from './patternEvents';
import { EMPTY_POINT, type GoPlacements, sweepHolds } from './patternPlacements';
import { MAX_PATTERN_BOARD, MIN_PATTERN_BOARD } from './patternRead';

const VERSION = 3;
/** The version before the corner events: its signatures still rule games out. */
const WITHOUT_EVENTS = 1;
/** The version whose corner events took 2 bytes each: its signatures still rule games out, its events are not read. */
const WIDE_EVENTS = 2;

/** Whether the signature's pre-filter reads (this version, or one before whose bytes up to the events are the same). */
const readsPreFilter = (version: number): boolean => version === VERSION || version === WIDE_EVENTS || version === WITHOUT_EVENTS;
/** Most points the opening's lists hold. */
export const EARLY_POINTS = 48;
const HEADER = 6;

/** The side of the square board a main line is played on, or 0 when it is no square of 9..19. */
export const boardSideOf = (plies: readonly PlyRecord[]): number => {
  const first = plies[0]?.position;
  if (!first) return 0;
  const { width, height } = goBoardSize(first.data);
  return width === height && width >= MIN_PATTERN_BOARD && width <= MAX_PATTERN_BOARD && first.board.length === width * height ? width : 0;
};

const bitsetBytes = (n: number): number => Math.ceil((n * n) / 8);

const popcount = (v: number): number => {
  let c = 0;
  for (let x = v >>> 0; x !== 0; x &= x - 1) c++;
  return c;
};
const pointsIn = (rows: Int32Array, n: number): number => {
  let c = 0;
  for (let y = 0; y < n; y++) c += popcount(rows[y]);
  return c;
};

/** The point (row * n + col) of a ply's move (`B[cd]`), -1 for none or a pass. */
const movePoint = (move: string | null | undefined, n: number): number => {
  if (!move || move.length !== 5) return -1;
  const col = move.charCodeAt(2) - 97;
  const row = move.charCodeAt(3) - 97;
  return col >= 0 && col < n && row >= 0 && row < n ? row * n + col : -1;
};

const events = new CornerEventWriter();

/** The game's signature (see the module comment). */
export const signatureOf = (plies: readonly PlyRecord[]): Uint8Array => {
  const n = boardSideOf(plies);
  if (n === 0) return Uint8Array.of(VERSION, 0);
  const early = [new Int32Array(n), new Int32Array(n)];
  const late = [new Int32Array(n), new Int32Array(n), new Int32Array(n)];
  let k = 0;
  let opening = true;
  events.start(n);
  for (let i = 0; i < plies.length; i++) {
    const board = plies[i].position.board;
    if (board.length !== n * n) {
      events.noBoard();
      continue;
    }
    const move = i === 0 ? -1 : movePoint(plies[i].move, n);
    if (i === 0) readBoardRows(board, n, null);
    else readNextBoardRows(board, n, null, move);
    events.ply(i, move, plies[i].move?.[0] === 'W');
    if (opening) {
      let count = 0;
      for (let y = 0; y < n; y++) count += popcount(early[0][y] | BLACK_ROWS[y]) + popcount(early[1][y] | WHITE_ROWS[y]);
      if (count <= EARLY_POINTS && i < 0xffff) {
        for (let y = 0; y < n; y++) {
          early[0][y] |= BLACK_ROWS[y];
          early[1][y] |= WHITE_ROWS[y];
        }
        k = i + 1;
        continue;
      }
      opening = false;
    }
    for (let y = 0; y < n; y++) {
      late[0][y] |= BLACK_ROWS[y];
      late[1][y] |= WHITE_ROWS[y];
      late[2][y] |= ~OCCUPIED_ROWS[y] & ((1 << n) - 1);
    }
  }
  const black = pointsIn(early[0], n);
  const white = pointsIn(early[1], n);
  const listBytes = Math.ceil(((black + white) * 9) / 8);
  const size = bitsetBytes(n);
  const stream = events.bytes();
  const out = new Uint8Array(HEADER + listBytes + 3 * size + stream.length);
  out.set(stream, HEADER + listBytes + 3 * size);
  out.set([VERSION, n, k >> 8, k & 255, black, white]);
  let bit = HEADER * 8;
  for (const rows of early) {
    for (let q = 0; q < n * n; q++) {
      if (((rows[(q / n) | 0] >> q % n) & 1) === 0) continue;
      for (let b = 8; b >= 0; b--, bit++) if ((q >> b) & 1) out[bit >> 3] |= 0x80 >> (bit & 7);
    }
  }
  late.forEach((rows, kind) => {
    const offset = HEADER + listBytes + kind * size;
    for (let q = 0; q < n * n; q++) if ((rows[(q / n) | 0] >> q % n) & 1) out[offset + (q >> 3)] |= 1 << (q & 7);
  });
  return out;
};

// Row masks of a signature as the sweeps read them, one per need: in the opening black and white
// (stones only), after it black, white, empty, black or empty, white or empty.
const EARLY_BLACK = new Int32Array(MAX_PATTERN_BOARD);
const EARLY_WHITE = new Int32Array(MAX_PATTERN_BOARD);
const LATE: Int32Array[] = Array.from({ length: 5 }, () => new Int32Array(MAX_PATTERN_BOARD));
const EARLY = [EARLY_BLACK, EARLY_WHITE];
const NONE_FORBIDS = EMPTY_POINT + 100;

/** The bits of the bitset in bytes start..end - 1 from bit `from` on, at least 25 of them (zeros past its end). */
const bitsAt = (bytes: Uint8Array, start: number, end: number, from: number): number => {
  const at = start + (from >> 3);
  if (at + 3 < end) return ((bytes[at + 3] << 24) | (bytes[at + 2] << 16) | (bytes[at + 1] << 8) | bytes[at]) >>> (from & 7);
  let v = 0;
  for (let k = 3; k >= 0; k--) v = (v << 8) | (at + k < end ? bytes[at + k] : 0);
  return v >>> (from & 7);
};

// Each point's row and column bit on a board of side POINTS_SIDE (the last asked for), so the
// opening's points are set without a division.
let POINTS_SIDE = 0;
const POINT_ROW = new Int32Array(MAX_PATTERN_BOARD * MAX_PATTERN_BOARD);
const POINT_BIT = new Int32Array(MAX_PATTERN_BOARD * MAX_PATTERN_BOARD);
const pointsOf = (n: number): void => {
  if (POINTS_SIDE === n) return;
  for (let q = 0; q < n * n; q++) {
    POINT_ROW[q] = (q / n) | 0;
    POINT_BIT[q] = 1 << q % n;
  }
  POINTS_SIDE = n;
};

/**
 * False when no ply of a game with this signature can hold the pattern these placements test
 * (compiled for the signature's board size; `size` the pattern's board size, or null).
 */
export const signatureMayHold = (signature: Uint8Array, size: number | null, placementsFor: (n: number) => GoPlacements): boolean => {
  if (signature.length < 2 || !readsPreFilter(signature[0])) return true;
  const n = signature[1];
  if (n === 0 || (size !== null && size !== n)) return false;
  const eventsAt = cornerEventsStart(signature);
  if (eventsAt < 0) return true;
  const k = (signature[2] << 8) | signature[3];
  const black = signature[4];
  const white = signature[5];
  const listBytes = Math.ceil(((black + white) * 9) / 8);
  const bytes = bitsetBytes(n);
  const p = placementsFor(n);
  const mask = (1 << n) - 1;
  EARLY_BLACK.fill(0);
  EARLY_WHITE.fill(0);
  pointsOf(n);
  for (let i = 0, bit = HEADER * 8; i < black + white; i++, bit += 9) {
    // 9 bits from bit `bit` on, most significant first: within the 3 bytes from its byte on.
    const at = bit >> 3;
    const window = (signature[at] << 16) | (signature[at + 1] << 8) | (at + 2 < signature.length ? signature[at + 2] : 0);
    const q = (window >> (15 - (bit & 7))) & 511;
    if (i < black) EARLY_BLACK[POINT_ROW[q]] |= POINT_BIT[q];
    else EARLY_WHITE[POINT_ROW[q]] |= POINT_BIT[q];
  }
  const offset = HEADER + listBytes;
  for (let y = 0; y < n; y++) {
    if (p.readRows[y] === 0) continue;
    const b = bitsAt(signature, offset, offset + bytes, y * n) & mask;
    const w = bitsAt(signature, offset + bytes, offset + 2 * bytes, y * n) & mask;
    const e = bitsAt(signature, offset + 2 * bytes, offset + 3 * bytes, y * n) & mask;
    LATE[0][y] = b;
    LATE[1][y] = w;
    LATE[2][y] = e;
    LATE[3][y] = b | e;
    LATE[4][y] = w | e;
  }
  for (let s = 0; s < p.sweeps; s++) {
    if (k > 0 && sweepHolds(p, s, EARLY, NONE_FORBIDS, true) !== 0) return true;
    if (sweepHolds(p, s, LATE, NONE_FORBIDS, false) !== 0) return true;
  }
  return false;
};

/** Where a signature's corner events start (after its bitsets), -1 when it is not one of a board of 9..19 that reads. */
const cornerEventsStart = (signature: Uint8Array): number => {
  if (signature.length < HEADER || !readsPreFilter(signature[0])) return -1;
  const n = signature[1];
  if (n < MIN_PATTERN_BOARD || n > MAX_PATTERN_BOARD) return -1;
  const end = HEADER + Math.ceil(((signature[4] + signature[5]) * 9) / 8) + 3 * bitsetBytes(n);
  if (signature[0] === WITHOUT_EVENTS) return signature.length === end ? end : -1;
  return signature.length >= end + 2 ? end : -1;
};

/** Where a signature's corner events lie (patternEvents.ts) and the board's side; null when it keeps none to read (versions 1 and 2, or a signature that does not read). */
export const cornerEventsOf = (signature: Uint8Array): { n: number; start: number } | null => {
  const start = cornerEventsStart(signature);
  return start < 0 || signature[0] !== VERSION ? null : { n: signature[1], start };
};
