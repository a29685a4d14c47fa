import fc from 'fast-check';
import { decodePositionId, encodePositionId, decodeMatchId, encodeMatchId, MatchState, PositionBoard, GAME_STATES, ResignationLevel, CubeOwner } from '../../../src/codecs/backgammon';
import { unwrap } from '../../../src/codecs/result';

/** Random legal boards: up to 15 checkers a side, never both sides on one point, bar included. */
const legalBoard: fc.Arbitrary<PositionBoard> = fc
  .tuple(fc.array(fc.integer({ min: 0, max: 25 }), { maxLength: 15 }), fc.array(fc.integer({ min: 0, max: 25 }), { maxLength: 15 }))
  .map(([a, b]) => {
    const onRoll = new Array(25).fill(0);
    const opponent = new Array(25).fill(0);
    for (const p of a) if (p < 25) onRoll[p === 24 ? 24 : p]++;
    for (const p of b) {
      if (p >= 25) continue;
      // Skip points the player on roll holds (my point i = the opponent's 23 − i).
      if (p < 24 && onRoll[23 - p]) continue;
      opponent[p]++;
    }
    return { onRoll, opponent };
  })
  .filter((b) => {
    if (!(b.onRoll[24] && b.opponent[24])) return true;
    for (let i = 0; i < 6; i++) if (b.onRoll[i] < 2 || b.opponent[i] < 2) return true;
    return false;
  });

const die = fc.integer({ min: 1, max: 6 });

/** Random valid match states in canonical form (larger die first, Jacoby only in money play). */
const legalState: fc.Arbitrary<MatchState> = fc
  .record({
    log: fc.integer({ min: 0, max: 15 }),
    owner: fc.constantFrom<CubeOwner>('CENTERED', 'PLAYER0', 'PLAYER1'),
    diceOwner: fc.constantFrom<0 | 1>(0, 1),
    turn: fc.constantFrom<0 | 1>(0, 1),
    crawford: fc.boolean(),
    gs: fc.integer({ min: 0, max: 4 }),
    doubled: fc.boolean(),
    res: fc.integer({ min: 0, max: 3 }),
    rolled: fc.boolean(),
    d1: die,
    d2: die,
    length: fc.integer({ min: 0, max: 64 }),
    s0: fc.integer({ min: 0, max: 32767 }),
    s1: fc.integer({ min: 0, max: 32767 }),
    jacoby: fc.boolean(),
  })
  .map((r) => ({
    cubeValue: 2 ** r.log,
    cubeOwner: r.owner,
    diceOwner: r.diceOwner,
    crawford: r.length > 0 && r.crawford,
    gameState: GAME_STATES[r.gs],
    turn: r.turn,
    doubleOffered: r.doubled,
    resignation: r.res as ResignationLevel,
    dice: (r.rolled ? [Math.max(r.d1, r.d2), Math.min(r.d1, r.d2)] : [0, 0]) as [number, number],
    matchLength: r.length,
    score: (r.length > 0 ? [r.s0 % (r.length + 1), r.s1 % (r.length + 1)] : [r.s0, r.s1]) as [number, number],
    jacoby: r.length === 0 && r.jacoby,
  }));

describe('ID codec properties', () => {
  it('decodes the encoding of any legal board to the same board', () => {
    fc.assert(fc.property(legalBoard, (b) => expect(unwrap(decodePositionId(unwrap(encodePositionId(b))))).toEqual(b)), { numRuns: 2000 });
  });

  it('decodes the encoding of any valid match state to the same state', () => {
    fc.assert(fc.property(legalState, (s) => expect(unwrap(decodeMatchId(unwrap(encodeMatchId(s))))).toEqual(s)), { numRuns: 2000 });
  });

  it('encodes the decoding of any accepted Match ID to its canonical form, which is stable', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 9, maxLength: 9 }), (bytes) => {
        const state = decodeMatchId(Buffer.from(bytes).toString('base64'));
        if (!state.ok) return;
        const id = unwrap(encodeMatchId(state.value));
        expect(unwrap(encodeMatchId(unwrap(decodeMatchId(id))))).toBe(id);
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 16 }), (s) => {
        expect(typeof decodePositionId(s).ok).toBe('boolean');
        expect(typeof decodeMatchId(s).ok).toBe('boolean');
      }),
      { numRuns: 2000 },
    );
  });
});
