/**
 * gnubg Match ID: a 67-bit key (the manual's 66 bits plus gnubg's "not Jacoby"
 * bit 66) over cube, turn, dice, match length and score, as 12 base64
 * characters. Spec: gnubg manual "A technical description of the Match ID" and
 * issue 3. Bit offsets in comments are 0-based, as in gnubg's matchid.c.
 */
import { CodecError, Result, codecErrors, err, ok } from '../result';
import { decodeBase64Into, encodeBase64 } from './base64';
import { CubeOwner, GAME_STATES, GameState, MatchState, ResignationLevel, Seat } from './types';

/** The error codes this module returns. */
export const MATCH_ID_ERRORS = [
  'ERR_MATCH_ID_CHARACTER',
  'ERR_MATCH_ID_CRAWFORD',
  'ERR_MATCH_ID_CUBE',
  'ERR_MATCH_ID_DICE',
  'ERR_MATCH_ID_DIE',
  'ERR_MATCH_ID_FIELD',
  'ERR_MATCH_ID_GAME_STATE',
  'ERR_MATCH_ID_LENGTH',
  'ERR_MATCH_ID_MATCH_LENGTH',
  'ERR_MATCH_ID_SCORE',
] as const;
/** One of MATCH_ID_ERRORS. */
export type MatchIdError = (typeof MATCH_ID_ERRORS)[number];
const matchIdError = codecErrors(MATCH_ID_ERRORS);

/** Characters in a Match ID. */
export const MATCH_ID_LENGTH = 12;

/** Bytes in a match key (72 bits, of which 67 are used). */
export const MATCH_KEY_BYTES = 9;

/** Longest match gnubg accepts (`MAXSCORE`), although 15 bits would allow 32767. */
export const MAX_MATCH_LENGTH = 64;

/** Largest cube the 4-bit log2 field holds (2^15). */
export const MAX_CUBE_VALUE = 32768;

/** Options for `decodeMatchId`. */
export interface DecodeMatchIdOptions {
  /**
   * Accept a score above the match length when the game is over (OVER, RESIGNED,
   * DROPPED): gnubg prints such IDs at the end of a match but refuses to read them.
   * Default false, as gnubg.
   */
  allowFinalScore?: boolean;
}

/** Reads `width` bits at bit offset `at` (LSB-first, bit k in byte k>>3, bit k&7). */
const getBits = (key: Uint8Array, at: number, width: number): number => {
  let v = 0;
  for (let i = 0; i < width; i++) {
    const k = at + i;
    v |= ((key[k >> 3] >> (k & 7)) & 1) << i;
  }
  return v;
};

/** Writes the low `width` bits of `v` at bit offset `at` (LSB-first), into a zeroed key. */
const setBits = (key: Uint8Array, at: number, width: number, v: number): void => {
  for (let i = 0; i < width; i++) {
    if ((v >> i) & 1) {
      const k = at + i;
      key[k >> 3] |= 1 << (k & 7);
    }
  }
};

const OWNER_CODE: Record<CubeOwner, number> = { PLAYER0: 0, PLAYER1: 1, CENTERED: 3 };
const OWNER_OF_CODE: readonly CubeOwner[] = ['PLAYER0', 'PLAYER1', 'CENTERED', 'CENTERED'];
const GAME_STATE_CODE: Record<GameState, number> = { NO_GAME: 0, PLAYING: 1, OVER: 2, RESIGNED: 3, DROPPED: 4 };

/** A game that has ended: its score already includes the points won. */
const isFinished = (gs: GameState): boolean => gs === 'OVER' || gs === 'RESIGNED' || gs === 'DROPPED';

/** The checks gnubg's `MatchFromKey` makes on decoded fields, shared by encoder and decoder. */
const checkFields = (s: MatchState, allowFinalScore: boolean): CodecError | null => {
  for (const d of s.dice)
    if (d > 6) return matchIdError('ERR_MATCH_ID_DIE', `die value ${d} (dice are 1..6, 0 = not rolled)`, { field: 'dice' });
  if ((s.dice[0] === 0) !== (s.dice[1] === 0))
    return matchIdError('ERR_MATCH_ID_DICE', `dice [${s.dice.join(',')}]: both dice or neither must be rolled`, { field: 'dice' });
  if (s.matchLength > MAX_MATCH_LENGTH)
    return matchIdError('ERR_MATCH_ID_MATCH_LENGTH', `match length ${s.matchLength} is above gnubg's limit of 64`, { field: 'matchLength' });
  if (s.matchLength > 0 && !(allowFinalScore && isFinished(s.gameState)))
    for (let p = 0; p < 2; p++)
      if (s.score[p] > s.matchLength)
        return matchIdError('ERR_MATCH_ID_SCORE', `player ${p}'s score ${s.score[p]} is above the match length ${s.matchLength}`, {
          field: 'score',
        });
  if (s.crawford && s.matchLength === 0)
    return matchIdError('ERR_MATCH_ID_CRAWFORD', 'the Crawford flag is set in a money game (match length 0)', { field: 'crawford' });
  return null;
};

const isSeat = (v: unknown): v is Seat => v === 0 || v === 1;
const isCount = (v: unknown, max: number): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max;

/** Field-type checks for states from outside (GraphQL input). */
const checkShape = (s: MatchState): CodecError | null => {
  const bad = (field: string, what: string) => matchIdError('ERR_MATCH_ID_FIELD', `${field} ${what}`, { field });
  if (!s || typeof s !== 'object') return bad('state', 'must be an object');
  const c = s.cubeValue;
  if (!isCount(c, MAX_CUBE_VALUE) || c < 1 || (c & (c - 1)) !== 0)
    return matchIdError('ERR_MATCH_ID_CUBE', `cube value ${String(c)} is not a power of two from 1 to 32768`, { field: 'cubeValue' });
  if (!(s.cubeOwner in OWNER_CODE)) return bad('cubeOwner', 'must be CENTERED, PLAYER0 or PLAYER1');
  if (!isSeat(s.diceOwner)) return bad('diceOwner', 'must be 0 or 1');
  if (!isSeat(s.turn)) return bad('turn', 'must be 0 or 1');
  if (!(s.gameState in GAME_STATE_CODE)) return bad('gameState', 'must be NO_GAME, PLAYING, OVER, RESIGNED or DROPPED');
  if (!isCount(s.resignation, 3)) return bad('resignation', 'must be 0, 1, 2 or 3 (none, single, gammon, backgammon)');
  if (typeof s.crawford !== 'boolean') return bad('crawford', 'must be a boolean');
  if (typeof s.doubleOffered !== 'boolean') return bad('doubleOffered', 'must be a boolean');
  if (typeof s.jacoby !== 'boolean') return bad('jacoby', 'must be a boolean');
  if (!Array.isArray(s.dice) || s.dice.length !== 2 || !s.dice.every((d) => isCount(d, 7)))
    return matchIdError('ERR_MATCH_ID_DIE', 'dice must be two integers 0..6', { field: 'dice' });
  if (!isCount(s.matchLength, 32767)) return bad('matchLength', 'must be an integer 0..32767');
  if (!Array.isArray(s.score) || s.score.length !== 2 || !s.score.every((v) => isCount(v, 32767)))
    return bad('score', 'must be two integers 0..32767');
  return null;
};

const encodeKey = new Uint8Array(MATCH_KEY_BYTES);

/** The canonical Match ID of a state already known to be valid, without checks. */
export const matchIdOf = (s: MatchState): string => {
  const key = encodeKey;
  key.fill(0);
  setBits(key, 0, 4, 31 - Math.clz32(s.cubeValue)); // bits 0–3: log2(cube value)
  setBits(key, 4, 2, OWNER_CODE[s.cubeOwner]); // bits 4–5: 0/1 = owner, 3 = centred
  setBits(key, 6, 1, s.diceOwner); // bit 6: player on roll (fMove)
  setBits(key, 7, 1, s.crawford ? 1 : 0); // bit 7: Crawford game
  setBits(key, 8, 3, GAME_STATE_CODE[s.gameState]); // bits 8–10: game state
  setBits(key, 11, 1, s.turn); // bit 11: player to act (fTurn)
  setBits(key, 12, 1, s.doubleOffered ? 1 : 0); // bit 12: double offered
  setBits(key, 13, 2, s.resignation); // bits 13–14: resignation level
  const [a, b] = s.dice;
  setBits(key, 15, 3, a >= b ? a : b); // bits 15–17: first die (gnubg writes the larger)
  setBits(key, 18, 3, a >= b ? b : a); // bits 18–20: second die
  setBits(key, 21, 15, s.matchLength); // bits 21–35: match length
  setBits(key, 36, 15, s.score[0]); // bits 36–50: player 0's score
  setBits(key, 51, 15, s.score[1]); // bits 51–65: player 1's score
  // Bit 66: 1 = Jacoby NOT in use; gnubg sets it in every match.
  setBits(key, 66, 1, s.matchLength > 0 || !s.jacoby ? 1 : 0);
  return encodeBase64(key, MATCH_ID_LENGTH);
};

/** Encodes a match state as its canonical 12-character Match ID (larger die first, gnubg's Jacoby bit), after gnubg's checks. */
export const encodeMatchId = (state: MatchState): Result<string> => {
  const bad = checkShape(state) ?? checkFields(state, true);
  if (bad) return err(bad);
  return ok(matchIdOf(state));
};

const decodeKey = new Uint8Array(MATCH_KEY_BYTES);

/**
 * Decodes a 12-character Match ID. Accepts the 66-bit legacy form (no Jacoby bit)
 * and dice in either order; rejects what gnubg rejects (die 7, length > 64, score
 * above the length, Crawford in a money game) and game states 5–7 or a half-rolled pair of dice.
 */
export const decodeMatchId = (id: string, options: DecodeMatchIdOptions = {}): Result<MatchState> => {
  if (typeof id !== 'string' || id.length !== MATCH_ID_LENGTH)
    return err(
      matchIdError('ERR_MATCH_ID_LENGTH', `a Match ID has 12 characters, got ${typeof id === 'string' ? id.length : typeof id}`, { offset: 0 }),
    );
  const key = decodeKey;
  key.fill(0);
  const bad = decodeBase64Into(id, key);
  if (bad >= 0) return err(matchIdError('ERR_MATCH_ID_CHARACTER', `'${id[bad]}' at offset ${bad} is not a base64 character`, { offset: bad }));
  const gs = getBits(key, 8, 3); // bits 8–10
  if (gs > 4) return err(matchIdError('ERR_MATCH_ID_GAME_STATE', `game state ${gs} is not 0..4`, { field: 'gameState' }));
  const d1 = getBits(key, 15, 3); // bits 15–17
  const d2 = getBits(key, 18, 3); // bits 18–20
  const matchLength = getBits(key, 21, 15); // bits 21–35
  const state: MatchState = {
    cubeValue: 1 << getBits(key, 0, 4), // bits 0–3
    cubeOwner: OWNER_OF_CODE[getBits(key, 4, 2)], // bits 4–5; gnubg reads 2 as centred too
    diceOwner: getBits(key, 6, 1) as Seat, // bit 6
    crawford: getBits(key, 7, 1) === 1, // bit 7
    gameState: GAME_STATES[gs],
    turn: getBits(key, 11, 1) as Seat, // bit 11
    doubleOffered: getBits(key, 12, 1) === 1, // bit 12
    resignation: getBits(key, 13, 2) as ResignationLevel, // bits 13–14
    dice: d1 >= d2 ? [d1, d2] : [d2, d1], // either order accepted, larger first
    matchLength,
    score: [getBits(key, 36, 15), getBits(key, 51, 15)], // bits 36–50, 51–65
    jacoby: matchLength === 0 && getBits(key, 66, 1) === 0, // bit 66 = not Jacoby; meaningless in a match
  };
  const invalid = checkFields(state, options.allowFinalScore === true);
  if (invalid) return err(invalid);
  return ok(state);
};

/** The canonical form of a Match ID (as gnubg writes it), or the decoding error. */
export const canonicalMatchId = (id: string, options: DecodeMatchIdOptions = {}): Result<string> => {
  const state = decodeMatchId(id, options);
  return state.ok ? ok(matchIdOf(state.value)) : state;
};
