import { decodeMatchId, encodeMatchId, canonicalMatchId, MatchState } from '../../../src/codecs/backgammon';
import { unwrap } from '../../../src/codecs/result';
import { idVectors } from './fixtures';

interface Fields {
  cube: number; owner: number; move: 0 | 1; crawford: number; gs: number; turn: 0 | 1; doubled: number; resigned: 0 | 1 | 2 | 3;
  dice: [number, number]; length: number; s0: number; s1: number; jacoby: boolean;
}

const OWNER = { '-1': 'CENTERED', '0': 'PLAYER0', '1': 'PLAYER1' } as const;
const GS = ['NO_GAME', 'PLAYING', 'OVER', 'RESIGNED', 'DROPPED'] as const;

/** The vector's fields as a MatchState; Jacoby is read as "in use", which a match never has. */
const stateOf = (f: Fields): MatchState => ({
  cubeValue: f.cube,
  cubeOwner: OWNER[String(f.owner) as '-1' | '0' | '1'],
  diceOwner: f.move,
  crawford: f.crawford === 1,
  gameState: GS[f.gs],
  turn: f.turn,
  doubleOffered: f.doubled === 1,
  resignation: f.resigned,
  dice: f.dice,
  matchLength: f.length,
  score: [f.s0, f.s1],
  jacoby: f.jacoby && f.length === 0,
});

const matchCases: [string, { id: string; fields: Fields }][] = idVectors.matchIds.map((v: { id: string; fields: Fields }) => [v.id, v]);

const base: MatchState = stateOf({
  cube: 1, owner: -1, move: 0, crawford: 0, gs: 1, turn: 0, doubled: 0, resigned: 0, dice: [3, 1], length: 7, s0: 0, s1: 0, jacoby: false,
});

describe('Match ID', () => {
  it('decodes the issue acceptance example QYkqASAAIAAA', () => {
    const s = unwrap(decodeMatchId('QYkqASAAIAAA'));
    expect(s).toMatchObject({ cubeValue: 2, cubeOwner: 'PLAYER0', diceOwner: 1, dice: [5, 2], matchLength: 9, score: [2, 4], gameState: 'PLAYING' });
  });

  it.each(matchCases)('decodes the vector %s to its fields', (_id, v) => {
    expect(unwrap(decodeMatchId(v.id))).toEqual(stateOf(v.fields));
  });

  it.each(matchCases)('encodes the fields of vector %s to the ID gnubg writes', (_id, v) => {
    // gnubg sets bit 66 (not Jacoby) in every match, so the 66-bit legacy IDs come back with a final E.
    const expected = v.fields.length > 0 && v.id.endsWith('A') ? v.id.slice(0, 11) + 'E' : v.id;
    expect(unwrap(encodeMatchId(stateOf(v.fields)))).toBe(expected);
  });

  it('reads the legacy 66-bit form and gnubg form of one state alike', () => {
    expect(unwrap(decodeMatchId('QYkqASAAIAAA'))).toEqual(unwrap(decodeMatchId('QYkqASAAIAAE')));
    expect(unwrap(canonicalMatchId('QYkqASAAIAAA'))).toBe('QYkqASAAIAAE');
  });

  it('accepts dice in rolled order and writes the larger die first', () => {
    // Key 41 09 35 01 20 00 20 00 04: the manual's state with 2 in bits 15-17 and 5 in bits 18-20.
    expect(unwrap(decodeMatchId('QQk1ASAAIAAE')).dice).toEqual([5, 2]);
    expect(unwrap(canonicalMatchId('QQk1ASAAIAAE'))).toBe('QYkqASAAIAAE');
    expect(unwrap(encodeMatchId({ ...base, dice: [1, 3] }))).toBe(unwrap(encodeMatchId({ ...base, dice: [3, 1] })));
  });

  it('writes bit 66 clear in a money game with Jacoby on', () => {
    expect(unwrap(encodeMatchId({ ...base, matchLength: 0, jacoby: true, diceOwner: 1, turn: 1, dice: [2, 1] }))).toBe('cAkFAAAAAAAA');
  });

  it('rejects a die of 7', () => {
    const r = decodeMatchId('cIkHAAAAAAAA');
    expect(r.ok || [r.error.code, r.error.field]).toEqual(['ERR_MATCH_ID_DIE', 'dice']);
  });

  it('accepts a match length of 64', () => {
    expect(unwrap(decodeMatchId('MIEFCAAAAAAA')).matchLength).toBe(64);
  });

  it('rejects a match length above 64', () => {
    const r = encodeMatchId({ ...base, matchLength: 65 });
    expect(r.ok || r.error.code).toBe('ERR_MATCH_ID_MATCH_LENGTH');
    const d = decodeMatchId(unwrap(encodeMatchId({ ...base, matchLength: 64 })).replace('MIEFCA', 'MIEFCQ'));
    expect(d.ok || d.error.code).toBe('ERR_MATCH_ID_MATCH_LENGTH');
  });

  it('rejects a score above the match length', () => {
    const r = decodeMatchId('E0v7AFAAmAAE');
    expect(r.ok || [r.error.code, r.error.field]).toEqual(['ERR_MATCH_ID_SCORE', 'score']);
  });

  it('accepts a score equal to the match length', () => {
    expect(unwrap(decodeMatchId('MIHlAHAAGAAA')).score).toEqual([7, 3]);
  });

  it('reads a finished match score above the length when asked to', () => {
    expect(unwrap(decodeMatchId('E0v7AFAAmAAE', { allowFinalScore: true })).score).toEqual([5, 19]);
  });

  it('rejects the Crawford flag in a money game', () => {
    const r = encodeMatchId({ ...base, matchLength: 0, crawford: true });
    expect(r.ok || r.error.code).toBe('ERR_MATCH_ID_CRAWFORD');
  });

  it('rejects game states 5 to 7', () => {
    // bits 8-10 = 7: byte 1 low 3 bits.
    const r = decodeMatchId('MAcAAAAAAAAE');
    expect(r.ok || r.error.code).toBe('ERR_MATCH_ID_GAME_STATE');
  });

  it.each(['QYkqASAAIAA', 'QYkqASAAIAAAA', ''])('rejects the wrong length %p', (id) => {
    const r = decodeMatchId(id);
    expect(r.ok || r.error.code).toBe('ERR_MATCH_ID_LENGTH');
  });

  it('rejects a non-base64 character with its offset', () => {
    const r = decodeMatchId('QYkqAS-AIAAA');
    expect(r.ok || [r.error.code, r.error.offset]).toEqual(['ERR_MATCH_ID_CHARACTER', 6]);
  });

  it('refuses a cube that is not a power of two', () => {
    const r = encodeMatchId({ ...base, cubeValue: 3 });
    expect(r.ok || r.error.code).toBe('ERR_MATCH_ID_CUBE');
  });

  it('refuses a resignation level other than 0 to 3, naming the field', () => {
    const r = encodeMatchId({ ...base, resignation: 4 as MatchState['resignation'] });
    expect(r.ok || [r.error.code, r.error.field, r.error.message]).toEqual([
      'ERR_MATCH_ID_FIELD', 'resignation', 'resignation must be 0, 1, 2 or 3 (none, single, gammon, backgammon)',
    ]);
  });
});
