import { decodePositionId, encodePositionId, canonicalPositionId, borneOff, startingSide, emptySide } from '../../../src/codecs/backgammon';
import { unwrap } from '../../../src/codecs/result';
import { idVectors } from './fixtures';

interface PositionVector {
  id: string;
  onRoll: number[];
  notOnRoll: number[];
}

const positionCases: [string, PositionVector][] = idVectors.positionIds.map((v: PositionVector) => [v.id, v]);

describe('Position ID', () => {
  it('encodes the starting position as 4HPwATDgc/ABMA', () => {
    expect(unwrap(encodePositionId({ onRoll: startingSide(), opponent: startingSide() }))).toBe('4HPwATDgc/ABMA');
  });

  it.each(positionCases)('decodes the vector %s to its boards', (_id, v) => {
    const board = unwrap(decodePositionId(v.id));
    expect(board.onRoll).toEqual(v.onRoll);
    expect(board.opponent).toEqual(v.notOnRoll);
  });

  it.each(positionCases)('encodes the boards of vector %s back to the same ID', (_id, v) => {
    expect(unwrap(encodePositionId({ onRoll: v.onRoll, opponent: v.notOnRoll }))).toBe(v.id);
  });

  it('counts borne-off checkers for both sides', () => {
    const board = unwrap(decodePositionId('AAAAgP8/AAAAAA'));
    expect(borneOff(board)).toEqual([0, 15]);
  });

  it('ignores the padding bits of the last character and gives the canonical ID', () => {
    expect(unwrap(canonicalPositionId('4HPwATDgc/ABMB'))).toBe('4HPwATDgc/ABMA');
  });

  it('rejects 16 checkers on one side', () => {
    const r = decodePositionId('4HPwATDg5+ADYA');
    expect(r.ok || r.error.code).toBe('ERR_POSITION_TOO_MANY_CHECKERS');
  });

  it('rejects bits that add a 16th checker in the last character', () => {
    const r = decodePositionId('4HPwATDgc/ABMw');
    expect(r.ok || r.error.code).toBe('ERR_POSITION_TOO_MANY_CHECKERS');
  });

  it('rejects both players on one point', () => {
    const r = decodePositionId('wXPwATDgc/ABMA');
    expect(r.ok || r.error.code).toBe('ERR_POSITION_SHARED_POINT');
  });

  it('rejects a non-base64 character with its offset', () => {
    const r = decodePositionId('4HPwATDgc/ABM!');
    expect(r.ok || [r.error.code, r.error.offset]).toEqual(['ERR_POSITION_ID_CHARACTER', 13]);
  });

  it.each(['4HPwATDgc/ABM', '4HPw', '4HPwATDgc/ABMAA', ''])('rejects the wrong length %p', (id) => {
    const r = decodePositionId(id);
    expect(r.ok || r.error.code).toBe('ERR_POSITION_ID_LENGTH');
  });

  it('rejects one-bits after both sides are complete', () => {
    // Empty board (50 zero-bits) then a one-bit at bit 50: byte 6, bit 2.
    const r = decodePositionId('AAAAAAAABAAAAA');
    expect(r.ok || r.error.code).toBe('ERR_POSITION_ID_TRAILING_BITS');
  });

  it('decodes the all-zero ID as an empty board', () => {
    expect(unwrap(decodePositionId('AAAAAAAAAAAAAA'))).toEqual({ onRoll: emptySide(), opponent: emptySide() });
  });

  it('refuses to encode more than 15 checkers', () => {
    const side = startingSide();
    side[0] = 1;
    const r = encodePositionId({ onRoll: side, opponent: emptySide() });
    expect(r.ok || [r.error.code, r.error.field]).toEqual(['ERR_POSITION_TOO_MANY_CHECKERS', 'onRoll']);
  });

  it('refuses to encode both sides on one point', () => {
    const a = emptySide();
    const b = emptySide();
    a[0] = 1; // my 1-point
    b[23] = 1; // the opponent's 24-point: the same point
    const r = encodePositionId({ onRoll: a, opponent: b });
    expect(r.ok || r.error.code).toBe('ERR_POSITION_SHARED_POINT');
  });

  it('refuses both sides on the bar against closed boards', () => {
    const a = emptySide();
    const b = emptySide();
    for (let i = 0; i < 6; i++) a[i] = b[i] = 2;
    a[24] = b[24] = 1;
    const r = encodePositionId({ onRoll: a, opponent: b });
    expect(r.ok || r.error.code).toBe('ERR_POSITION_BOTH_BARRED');
  });

  it('refuses boards without 25 entries', () => {
    const r = encodePositionId({ onRoll: [1, 2, 3], opponent: emptySide() });
    expect(r.ok || r.error.code).toBe('ERR_POSITION_BOARD_SHAPE');
  });
});
