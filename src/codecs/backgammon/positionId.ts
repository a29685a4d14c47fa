/**
 * gnubg Position ID: an 80-bit key over both sides' checkers, as 14 base64
 * characters. Spec: gnubg manual "A technical description of the Position ID"
 * plus the facts in issue 3 (LSB-first packing, player not on roll first).
 */
import { CodecError, Result, codecErrors, err, ok } from '../result';
import { decodeBase64Into, encodeBase64 } from './base64';
import { BAR, CHECKERS_PER_SIDE, PositionBoard, SideCheckers } from './types';

/** The error codes this module returns. */
export const POSITION_ID_ERRORS = [
  'ERR_POSITION_BOARD_SHAPE',
  'ERR_POSITION_BOTH_BARRED',
  'ERR_POSITION_ID_CHARACTER',
  'ERR_POSITION_ID_LENGTH',
  'ERR_POSITION_ID_TRAILING_BITS',
  'ERR_POSITION_SHARED_POINT',
  'ERR_POSITION_TOO_MANY_CHECKERS',
] as const;
/** One of POSITION_ID_ERRORS. */
export type PositionIdError = (typeof POSITION_ID_ERRORS)[number];
const positionIdError = codecErrors(POSITION_ID_ERRORS);

/** Characters in a Position ID. */
export const POSITION_ID_LENGTH = 14;

/** Bytes in a position key (80 bits). */
export const POSITION_KEY_BYTES = 10;

/**
 * The gnubg checks (`CheckPosition`) on a board: at most 15 checkers a side, no
 * point held by both sides, not both sides on the bar against two closed boards.
 * Returns null when the board is legal.
 */
export const checkPositionBoard = (board: PositionBoard): CodecError | null => {
  const { onRoll, opponent } = board;
  let nOnRoll = 0;
  let nOpponent = 0;
  for (let i = 0; i < 25; i++) {
    nOnRoll += onRoll[i];
    nOpponent += opponent[i];
  }
  if (nOnRoll > CHECKERS_PER_SIDE)
    return positionIdError('ERR_POSITION_TOO_MANY_CHECKERS', `player on roll has ${nOnRoll} checkers (at most 15)`, { field: 'onRoll' });
  if (nOpponent > CHECKERS_PER_SIDE)
    return positionIdError('ERR_POSITION_TOO_MANY_CHECKERS', `opponent has ${nOpponent} checkers (at most 15)`, { field: 'opponent' });
  // My point i (0-based) is the opponent's point 23 − i.
  for (let i = 0; i < 24; i++)
    if (onRoll[i] && opponent[23 - i])
      return positionIdError('ERR_POSITION_SHARED_POINT', `both players have checkers on the on-roll player's ${i + 1}-point`, {
        field: 'onRoll',
      });
  if (onRoll[BAR] && opponent[BAR]) {
    let closed = true;
    for (let i = 0; i < 6 && closed; i++) if (onRoll[i] < 2 || opponent[i] < 2) closed = false;
    if (closed)
      return positionIdError('ERR_POSITION_BOTH_BARRED', 'both players are on the bar against closed home boards', { field: 'onRoll' });
  }
  return null;
};

const checkSide = (side: unknown, field: string): CodecError | null => {
  if (!Array.isArray(side) || side.length !== 25)
    return positionIdError('ERR_POSITION_BOARD_SHAPE', `${field} must have 25 entries (points 1..24, then the bar)`, { field });
  for (let i = 0; i < 25; i++) {
    const n = side[i];
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > CHECKERS_PER_SIDE)
      return positionIdError('ERR_POSITION_BOARD_SHAPE', `${field}[${i}] must be an integer 0..15`, { field });
  }
  return null;
};

/** Writes the 10-byte position key of a board already known to be legal into `key` (zeroed first). */
export const positionKeyInto = (board: PositionBoard, key: Uint8Array): void => {
  key.fill(0);
  let bit = 0;
  // Side not on roll first, then the side on roll; for each of 25 slots:
  // n one-bits (one per checker) then a zero-bit. Bit k goes to byte k>>3, bit k&7 (LSB first).
  for (let s = 0; s < 2; s++) {
    const side = s === 0 ? board.opponent : board.onRoll;
    for (let i = 0; i < 25; i++) {
      for (let n = side[i]; n > 0; n--) {
        key[bit >> 3] |= 1 << (bit & 7);
        bit++;
      }
      bit++; // the separating zero-bit
    }
  }
};

const scratchKey = new Uint8Array(POSITION_KEY_BYTES);

/** The Position ID of a legal board, without checks (for callers that built the board themselves). */
export const positionIdOf = (board: PositionBoard): string => {
  positionKeyInto(board, scratchKey);
  // 10 bytes = 80 bits; 14 characters carry 84, the last 4 bits are padding zeros.
  return encodeBase64(scratchKey, POSITION_ID_LENGTH);
};

/** Encodes a board as its 14-character Position ID, after gnubg's legality checks. */
export const encodePositionId = (board: PositionBoard): Result<string> => {
  const shape = checkSide(board?.onRoll, 'onRoll') ?? checkSide(board?.opponent, 'opponent');
  if (shape) return err(shape);
  const bad = checkPositionBoard(board);
  if (bad) return err(bad);
  return ok(positionIdOf(board));
};

/** Reads the board out of a 10-byte position key; errors when bits are left over or a side has too many checkers. */
export const boardFromPositionKey = (key: Uint8Array): Result<PositionBoard> => {
  const opponent: SideCheckers = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  const onRoll: SideCheckers = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  let side = opponent;
  let sideIndex = 0;
  let slot = 0;
  let count = 0;
  for (let k = 0; k < 80; k++) {
    const b = (key[k >> 3] >> (k & 7)) & 1;
    if (sideIndex === 2) {
      // Both sides complete: every remaining bit must be zero padding.
      if (b)
        return err(positionIdError('ERR_POSITION_ID_TRAILING_BITS', `bit ${k} is set after both sides are complete`, { offset: Math.floor(k / 6) }));
      continue;
    }
    if (b) {
      // A one-bit: one more checker on the current slot.
      side[slot]++;
      if (++count > CHECKERS_PER_SIDE)
        return err(
          positionIdError('ERR_POSITION_TOO_MANY_CHECKERS', `${sideIndex === 0 ? 'opponent' : 'player on roll'} has more than 15 checkers`, {
            field: sideIndex === 0 ? 'opponent' : 'onRoll',
          }),
        );
    } else if (++slot === 25) {
      // A zero-bit ends the slot; after 25 slots the next side starts.
      sideIndex++;
      slot = 0;
      count = 0;
      side = onRoll;
    }
  }
  // 80 bits always hold both sides when each has at most 15 checkers (30 ones + 50 zeros).
  return ok({ onRoll, opponent });
};

const decodeKey = new Uint8Array(POSITION_KEY_BYTES);

/**
 * Decodes a 14-character Position ID into the board (player on roll and opponent,
 * each from its own side). Rejects wrong lengths, characters outside base64 and
 * boards gnubg calls illegal; the 4 padding bits of the last character are ignored.
 */
export const decodePositionId = (id: string): Result<PositionBoard> => {
  if (typeof id !== 'string' || id.length !== POSITION_ID_LENGTH)
    return err(
      positionIdError('ERR_POSITION_ID_LENGTH', `a Position ID has 14 characters, got ${typeof id === 'string' ? id.length : typeof id}`, {
        offset: 0,
      }),
    );
  decodeKey.fill(0);
  const bad = decodeBase64Into(id, decodeKey);
  if (bad >= 0)
    return err(positionIdError('ERR_POSITION_ID_CHARACTER', `'${id[bad]}' at offset ${bad} is not a base64 character`, { offset: bad }));
  const board = boardFromPositionKey(decodeKey);
  if (!board.ok) return board;
  const illegal = checkPositionBoard(board.value);
  if (illegal) return err(illegal);
  return board;
};

/** The canonical form of a Position ID (padding bits cleared), or the decoding error. */
export const canonicalPositionId = (id: string): Result<string> => {
  const board = decodePositionId(id);
  return board.ok ? ok(positionIdOf(board.value)) : board;
};
