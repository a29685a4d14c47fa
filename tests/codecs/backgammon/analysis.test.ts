import { parseBackgammonSgf, decisionEquities, parseMoveAnalysis, parseCubeAnalysis, parseGnubgNumber, summariseMoveAnalysis, BgNode } from '../../../src/codecs/backgammon';
import type { Result } from '../../../src/codecs/result';
import fs from 'node:fs';
import path from 'node:path';
import { unwrap } from '../../../src/codecs/result';
import { readSample } from './fixtures';

/** An `A` entry read word by word off a whitespace split: the reading the codec's own must equal. */
const splitReading = (text: string) => {
  const words = text.trim().split(/\s+/);
  const settings = (at: number) => {
    const m = /^(\d+)(C?)$/.exec(words[at] ?? '');
    return {
      kind: 'evaluation',
      plies: m ? parseInt(m[1], 10) : undefined,
      cubeful: m ? m[2] === 'C' : undefined,
      deterministic: words[at + 2] === '1',
      noise: parseGnubgNumber(words[at + 3] ?? 'nan'),
      prune: words[at + 4] === '1',
      text: words.slice(at, at + 5).join(' '),
    };
  };
  const at = words[1] === 'E' && words[2] === 'ver' && words.length >= 15 ? 4 : words[1] === 'E' && words.length >= 11 ? 2 : -1;
  if (at < 0) return { move: words[0], equity: null, settings: { kind: 'rollout', text: words.slice(1).join(' ') } };
  const nums = words.slice(at, at + 6).map(parseGnubgNumber);
  return { move: words[0], probabilities: nums.slice(0, 5), equity: nums[5], settings: settings(at + 6) };
};

/** The `A` values of every backgammon SGF file of the samples and fixtures, with their game and node. */
const everyMoveAnalysis = (): string[][] => {
  const dirs = [path.resolve(__dirname, '../../../samples/backgammon'), path.resolve(__dirname, '../../fixtures/backgammon')];
  const files = dirs.flatMap((dir) => fs.readdirSync(dir).filter((f) => f.endsWith('.sgf')).map((f) => path.join(dir, f)));
  const values: string[][] = [];
  for (const file of files) {
    const parsed = parseBackgammonSgf(fs.readFileSync(file, 'utf8'));
    if (!parsed.ok) continue;
    for (const game of parsed.value.games) for (const node of game.nodes) for (const p of node.extra) if (p.id === 'A') values.push(p.values);
  }
  return values;
};

/** An `A` property's summary as its whole reading gives it: the reference `summariseMoveAnalysis` must equal. */
const summaryOfWholeReading = (values: string[]): Result<unknown> => {
  const read = parseMoveAnalysis(values);
  if (!read.ok) return read;
  const { playedIndex, candidates } = read.value;
  const played = candidates[playedIndex];
  let best = played?.equity ?? null;
  for (const c of candidates) if (c.equity !== null && (best === null || c.equity > best)) best = c.equity;
  return { ok: true, value: { playedIndex, count: candidates.length, played, first: candidates[0], best } };
};

const charlot = () => unwrap(parseBackgammonSgf(readSample('gnubgparser_charlot1-charlot2_7p_2025-11-08-2305.sgf'))).games;

/** The candidates `parseMoveAnalysis` reads of an `A` property's values, checked against a whitespace split of each. */
const readAsSplit = (values: string[]) => {
  const read = unwrap(parseMoveAnalysis(values)).candidates;
  expect(read).toEqual(values.slice(1).map(splitReading));
  return read;
};

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

  it('reads every candidate of the sample and fixture files as a whitespace split reads it', () => {
    const analyses = everyMoveAnalysis();
    expect(analyses.length).toBeGreaterThan(500);
    for (const values of analyses) expect(unwrap(parseMoveAnalysis(values)).candidates).toEqual(values.slice(1).map(splitReading));
  });

  it('reads candidates spaced by tabs, runs of spaces and Unicode spaces, and rollouts, as a whitespace split reads them', () => {
    const read = readAsSplit([
      '0',
      '\tlpab  E ver 3\t0.496365 0.14089 0.006297 0.135264 0.005951 -0.004723 2C 0 1 0.000000 1 ',
      'lpab\u00a0E ver 3 0.5 0.1 0 0.1 0 -inf 0 0 1 nan 0',
      'abcd E 0.5 0.1 0 0.1 0 0.25 1 0 1',
      'kkac X  ver 3   rollout  1296\u2003trials',
      '',
    ]);
    expect(read[0].settings.text).toBe('2C 0 1 0.000000 1');
    expect(read[1].equity).toBe(-Infinity);
    expect(read[2].settings.text).toBe('1 0 1');
    expect(read[3].settings.text).toBe('X ver 3 rollout 1296 trials');
  });

  it('reads candidates of one word, and candidates a single space starts or ends, as a whitespace split reads them', () => {
    const read = readAsSplit([
      '0',
      'abcd',
      'abcd E ver 3 0.5 0.1 0 0.1 0 0.25 2C 0 1 0.000000 1 ',
      ' abcd E 0.5 0.1 0 0.1 0 0.25 1 0 1',
      'abcd E ver 3 0.5 0.1 0 0.1 0 0.25 2C 0 1 0.000000\n1',
      ' ',
    ]);
    expect(read.map((c) => c.move)).toEqual(['abcd', 'abcd', 'abcd', 'abcd', '']);
  });

  it('reads a candidate’s numbers as their text reads as a number, in every decimal form', () => {
    const forms = ['5.', '.5', '-0.000000', '-0.004723', '0.1234567890123456789', '123456789012345', '1e-3', '+0.5', '-inf', '1.2.3', '0x10'];
    const values = ['0', ...forms.map((f) => `abcd E ver 3 ${f} 0 0 0 0 ${f} 2C 0 1 0.000000 1`)];
    const read = unwrap(parseMoveAnalysis(values)).candidates;
    forms.forEach((form, i) => {
      expect(read[i].equity).toBe(parseGnubgNumber(form));
      expect(read[i].probabilities![0]).toBe(parseGnubgNumber(form));
    });
    expect(Object.is(read[2].equity, -0)).toBe(true);
  });

  it('summarises every A property of the sample and fixture files as their candidates read whole give it', () => {
    const analyses = everyMoveAnalysis();
    expect(analyses.length).toBeGreaterThan(500);
    for (const values of analyses) expect(summariseMoveAnalysis(values)).toEqual(summaryOfWholeReading(values));
  });

  it('summarises an A property whose played move is not the first, with rollouts, infinities and NaN among its candidates', () => {
    const entry = (move: string, equity: string) => `${move} E ver 3 0.5 0.1 0 0.1 0 ${equity} 2C 0 1 0.000000 1`;
    const cases = [
      ['2', entry('aaaa', '-0.5'), entry('bbbb', '0.25'), entry('cccc', '-0.75'), 'dddd X ver 3 rollout', entry('eeee', '0.5')],
      ['1', 'aaaa X ver 3 rollout', entry('bbbb', '-0.25'), entry('cccc', 'inf')],
      ['0', entry('aaaa', 'nan'), entry('bbbb', '0.25')],
      ['1', entry('aaaa', '0.1'), entry('bbbb', 'nan'), entry('cccc', '0.9')],
      ['0', 'aaaa X ver 3 rollout', 'bbbb R 1296 trials'],
      ['0'],
      ['3', entry('aaaa', '0.1')],
      ['x', entry('aaaa', '0.1')],
    ];
    for (const values of cases) expect(summariseMoveAnalysis(values)).toEqual(summaryOfWholeReading(values));
    expect(unwrap(summariseMoveAnalysis(cases[0]))).toMatchObject({ count: 5, best: 0.5, played: { move: 'cccc', equity: -0.75 }, first: { move: 'aaaa' } });
    expect(unwrap(summariseMoveAnalysis(cases[1])).best).toBe(Infinity);
    expect(unwrap(summariseMoveAnalysis(cases[3])).best).toBeNaN();
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
