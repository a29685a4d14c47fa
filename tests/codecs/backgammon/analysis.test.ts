import { parseBackgammonSgf, decisionEquities, parseMoveAnalysis, parseCubeAnalysis, parseGnubgNumber, BgNode } from '../../../src/codecs/backgammon';
import { unwrap } from '../../../src/codecs/result';
import { readSample } from './fixtures';

const charlot = () => unwrap(parseBackgammonSgf(readSample('gnubgparser_charlot1-charlot2_7p_2025-11-08-2305.sgf'))).games;

describe('analysis extraction', () => {
  it('reads -inf, inf and nan as gnubg writes them', () => {
    expect(parseGnubgNumber('-inf')).toBe(-Infinity);
    expect(parseGnubgNumber('inf')).toBe(Infinity);
    expect(parseGnubgNumber('nan')).toBeNaN();
    expect(parseGnubgNumber('0.500296')).toBe(0.500296);
  });

  it('reads the candidates of an A property with their settings', () => {
    const a = unwrap(parseMoveAnalysis(charlot()[0].nodes[0].extra[0].values));
    expect(a.playedIndex).toBe(0);
    expect(a.candidates.length).toBe(14);
    expect(a.candidates[0]).toEqual({
      move: 'lpab',
      probabilities: [0.496365, 0.14089, 0.006297, 0.135264, 0.005951],
      equity: -0.004723,
      settings: { kind: 'evaluation', plies: 2, cubeful: true, deterministic: true, noise: 0, prune: true, text: '2C 0 1 0.000000 1' },
    });
  });

  it('reads the two rows of a DA property', () => {
    const da = unwrap(parseCubeAnalysis('E ver 3 2C 1 0.000000 1 0.503635 0.135264 0.005951 0.140890 0.006297 0.001137 0.500296 0.503635 0.135264 0.005951 0.140890 0.006297 0.001137 0.478995'));
    expect(da?.noDouble.cubeful).toBe(0.500296);
    expect(da?.doubleTake.cubeful).toBe(0.478995);
    expect(da?.settings.plies).toBe(2);
  });

  it('scores a checker play as played and best equity', () => {
    const node = charlot()[0].nodes[0];
    expect(unwrap(decisionEquities(node, 7))).toEqual([
      expect.objectContaining({ kind: 'checker', player: 1, decision: 'lpab', played: -0.004723, best: -0.004723, error: 0, program: 'gnubg' }),
    ]);
  });

  it('scores a move that was not the best with its error', () => {
    const games = charlot();
    const scores = games.flatMap((g) => g.nodes.flatMap((n) => unwrap(decisionEquities(n, 7)))).filter((d) => d.kind === 'checker' && d.error > 0);
    expect(scores.length).toBeGreaterThan(0);
    for (const d of scores) expect(d.best).toBeCloseTo(d.played + d.error, 9);
  });

  it('scores the no-double decision made before a roll in match-winning chances', () => {
    const node = charlot()[0].nodes[1];
    const cube = unwrap(decisionEquities(node, 7)).find((d) => d.kind === 'cube');
    expect(cube).toMatchObject({ decision: 'no double', player: 0, played: 0.500296, best: 0.500296, unit: 'mwc' });
  });

  it('scores a money take against the drop', () => {
    const node: BgNode = {
      action: { kind: 'take', player: 1 },
      extra: [{ id: 'DA', values: ['E ver 3 2C 1 0.000000 1 0.7 0.1 0 0.05 0 0.4 0.6 0.7 0.1 0 0.05 0 0.4 1.2'] }],
      sgf: { properties: [] },
    };
    expect(unwrap(decisionEquities(node, 0))).toEqual([expect.objectContaining({ decision: 'take', played: -1.2, best: -1, unit: 'equity' })]);
  });

  it('rejects an A property whose played index is not a number', () => {
    const r = parseMoveAnalysis(['x', 'ab E ver 3 0 0 0 0 0 0 0C 0 1 0 1']);
    expect(r.ok || r.error.code).toBe('ERR_BG_ANALYSIS');
  });
});
