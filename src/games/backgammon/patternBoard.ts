/**
 * A backgammon position as the pattern search reads it, fast: a stored key `PositionID:MatchID`
 * decoded into a reused Int8Array (no allocation per position), and the structure a pattern
 * asks about (pips, blots, primes, the bar, checkers off, contact) counted on it.
 *
 * The board (`BOARD_SIZE` entries) holds both sides in their own numbering, as the Position ID
 * does: `OPPONENT + i` and `ON_ROLL + i` are that side's checkers on its point i + 1 (i = 0..23)
 * and on its bar (i = 24). The side on roll is the side the Position ID is seen from (gnubg's
 * `fMove`, the Match ID's dice owner).
 */

import { decodeBase64Into } from '../../codecs/backgammon/base64';

/** Where the side not on roll starts in a board (it comes first in the Position ID). */
export const OPPONENT = 0;
/** Where the side on roll starts in a board. */
export const ON_ROLL = 25;
/** Entries in a board. */
export const BOARD_SIZE = 50;

/** Index of a side's bar from its start. */
const BAR = 24;
const CHECKERS = 15;

/** A new board to decode into. */
export const newBoard = (): Int8Array => new Int8Array(BOARD_SIZE);

/** The key's bytes as base64 gives them (most significant bit first), 12 at most. */
const keyBytes = new Uint8Array(12);

/** The Position ID's 10 bytes, or the Match ID's 9: false on a character outside base64. */
const positionBytes = (key: string): boolean => decodeBase64Into(key, keyBytes.subarray(0, 10), 0, 14) < 0;
const matchBytes = (key: string): boolean => decodeBase64Into(key, keyBytes.subarray(0, 9), 15, 27) < 0;


/** Bits 32w..32w+31 of the key (bit k is bit k & 7 of byte k >> 3, as gnubg packs them). */
const word = (w: number): number => keyBytes[4 * w] | (keyBytes[4 * w + 1] << 8) | (keyBytes[4 * w + 2] << 16) | (keyBytes[4 * w + 3] << 24);

/**
 * Decodes the Position ID at the start of `key` (14 characters) into `board`. gnubg packs 80
 * bits (bit k in byte k >> 3 at bit k & 7): per side (the side not on roll first) 25 slots, one
 * 1-bit per checker and a 0-bit closing the slot; so a slot holds as many checkers as there are
 * 1-bits between its 0-bit and the one before, and the 0-bits are walked one by one. False when
 * the key does not decode (a character outside base64, 0-bits that do not close both sides).
 * Stored keys were checked by gnubg's rules when they were stored: the checkers are not counted
 * again.
 */
export const decodeBoardInto = (key: string, board: Int8Array): boolean => {
  if (key.length < 14 || !positionBytes(key)) return false;
  let slot = 0;
  let previous = -1;
  for (let w = 0; w < 3 && slot < BOARD_SIZE; w++) {
    // The 0-bits of the word as 1-bits (the last word holds bits 64..79).
    let zeros = ~word(w);
    if (w === 2) zeros &= 0xffff;
    while (zeros !== 0 && slot < BOARD_SIZE) {
      const lowest = zeros & -zeros;
      const at = 32 * w + 31 - Math.clz32(lowest);
      board[slot++] = at - previous - 1;
      previous = at;
      zeros ^= lowest;
    }
  }
  return slot === BOARD_SIZE;
};

/** Fields of a decoded Match ID, as indexes into `MatchFields`. */
export const M = {
  /** log2 of the cube value. */
  cubeLog2: 0,
  /** 0 or 1: that seat owns the cube; 3 (or 2): centred. */
  owner: 1,
  /** The seat on roll (the board is seen from it). */
  onRoll: 2,
  /** 1: this game is the Crawford game. */
  crawford: 3,
  /** 0 no game, 1 playing, 2 over, 3 resigned, 4 dropped. */
  state: 4,
  /** The seat that acts now (differs from `onRoll` while a double or a resignation waits for an answer). */
  turn: 5,
  doubleOffered: 6,
  resignation: 7,
  matchLength: 8,
  score0: 9,
  score1: 10,
} as const;

/** The decoded fields of a Match ID, indexed by `M`. */
export type MatchFields = Int32Array;

/** A new field array to decode a Match ID into. */
export const newMatchFields = (): MatchFields => new Int32Array(11);

/** `width` bits (at most 16) of the key from bit `at`. */
const bitsAt = (at: number, width: number): number => {
  const w = at >> 5;
  const shift = at & 31;
  let v = word(w) >>> shift;
  if (shift + width > 32) v |= word(w + 1) << (32 - shift);
  return v & ((1 << width) - 1);
};

/** Decodes the Match ID of `key` (the 12 characters after the Position ID and `:`) into `fields`; false when it does not decode. */
export const decodeMatchInto = (key: string, fields: MatchFields): boolean => {
  if (key.length < 27 || key.charCodeAt(14) !== 58 || !matchBytes(key)) return false;
  keyBytes[9] = keyBytes[10] = keyBytes[11] = 0;
  fields[M.cubeLog2] = bitsAt(0, 4);
  fields[M.owner] = bitsAt(4, 2);
  fields[M.onRoll] = bitsAt(6, 1);
  fields[M.crawford] = bitsAt(7, 1);
  fields[M.state] = bitsAt(8, 3);
  fields[M.turn] = bitsAt(11, 1);
  fields[M.doubleOffered] = bitsAt(12, 1);
  fields[M.resignation] = bitsAt(13, 2);
  fields[M.matchLength] = bitsAt(21, 15);
  fields[M.score0] = bitsAt(36, 15);
  fields[M.score1] = bitsAt(51, 15);
  return true;
};

/** A side's pip count: each checker's distance to bearing off (the bar is 25). */
export const pipsOf = (board: Int8Array, side: number): number => {
  let pips = 0;
  for (let i = 0; i <= BAR; i++) pips += board[side + i] * (i + 1);
  return pips;
};

/** A side's checkers borne off. */
export const offOf = (board: Int8Array, side: number): number => {
  let on = 0;
  for (let i = 0; i <= BAR; i++) on += board[side + i];
  return CHECKERS - on;
};

/** A side's checkers on the bar. */
export const barOf = (board: Int8Array, side: number): number => board[side + BAR];

/** A side's blots: points 1..24 with exactly one of its checkers. */
export const blotsOf = (board: Int8Array, side: number): number => {
  let blots = 0;
  for (let i = 0; i < BAR; i++) if (board[side + i] === 1) blots++;
  return blots;
};

/** A side's longest prime: the most consecutive points (1..24) it has made (two checkers or more); 0 without a made point. */
export const primeOf = (board: Int8Array, side: number): number => {
  let longest = 0;
  let run = 0;
  for (let i = 0; i < BAR; i++) {
    if (board[side + i] >= 2) {
      if (++run > longest) longest = run;
    } else run = 0;
  }
  return longest;
};

/** A side's rearmost checker as its own point number (25: on the bar), 0 when all are off. */
const rearOf = (board: Int8Array, side: number): number => {
  for (let i = BAR; i >= 0; i--) if (board[side + i] > 0) return i + 1;
  return 0;
};

/**
 * Whether the sides can still hit or block each other: some checker of the side on roll is
 * behind (farther from home than) some checker of the other side. The other side's point q is
 * the side on roll's point 25 − q, so the rearmost checkers have passed each other exactly when
 * their own point numbers add up to 25 or less.
 */
export const hasContact = (board: Int8Array): boolean => rearOf(board, ON_ROLL) + rearOf(board, OPPONENT) > 25;

/**
 * Checkers on a point named in the side on roll's numbering (1..24; 25 its bar, 0 the other
 * side's bar), signed: the side on roll's checkers count up, the other side's down.
 */
export const signedPointOf = (board: Int8Array, point: number): number => {
  if (point === 25) return board[ON_ROLL + BAR];
  if (point === 0) return -board[OPPONENT + BAR];
  return board[ON_ROLL + point - 1] - board[OPPONENT + 24 - point];
};
