import fc from 'fast-check';
import {
  BOARDS,
  CgpLastMove,
  CgpOptions,
  CgpPosition,
  DISTRIBUTIONS,
  parseCgp,
  parseGcg,
  positionKey,
  printCgp,
  printGcg,
} from '../../../src/codecs/crossword';
import { unwrap } from '../../../src/codecs/result';

interface Spec {
  dist: string;
  placements: { square: number; pick: number; blank: boolean }[];
  rackPicks: number[][];
  scores: number[];
  zeros: number;
  lexicon: string | null;
  lastMove: number;
  unknown: { opcode: string; operand: string }[];
}

/** Builds a valid position from random picks: tiles only come out of the bag. */
const build = (s: Spec): CgpPosition => {
  const distribution = DISTRIBUTIONS[s.dist];
  const layout = s.dist === 'english_super' ? BOARDS.SuperCrosswordGame : BOARDS.CrosswordGame;
  const bag = distribution.tiles.map((t) => t.count);
  const squares = new Uint8Array(layout.rows * layout.cols);
  const kinds = distribution.tiles.length;
  for (const p of s.placements) {
    const sq = p.square % squares.length;
    if (squares[sq] !== 0) continue;
    const code = 1 + (p.pick % (kinds - 1));
    if (p.blank && bag[0] > 0) {
      bag[0]--;
      squares[sq] = code | 0x80;
    } else if (!p.blank && bag[code] > 0) {
      bag[code]--;
      squares[sq] = code;
    }
  }
  const racks = s.rackPicks.map((picks) => {
    const rack: number[] = [];
    for (const pick of picks) {
      const code = pick % kinds;
      if (bag[code] > 0) {
        bag[code]--;
        rack.push(code);
      }
    }
    return rack;
  });
  const moves: (CgpLastMove | undefined)[] = [
    undefined,
    { kind: 'pass' },
    { kind: 'exchange', count: 3 },
    { kind: 'exchange', count: 2, tiles: [0, 1] },
    { kind: 'play', coordinate: { row: 7, col: 3, vertical: false }, tiles: [1, 2, 3 | 0x80] },
    { kind: 'phony', coordinate: { row: 2, col: 7, vertical: true }, tiles: [3, 1] },
  ];
  const lastMove = moves[s.lastMove];
  const options: CgpOptions = {
    ...(s.lexicon !== null ? { lexicon: s.lexicon } : {}),
    letterDistribution: distribution.name,
    ...(layout.name !== 'CrosswordGame' ? { boardName: layout.name } : {}),
    ...(lastMove ? { lastMove } : {}),
  };
  return { layout, distribution, squares, racks, scores: s.scores, consecutiveZeros: s.zeros, options, unknownOperations: s.unknown };
};

const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,7}$/);
const spec: fc.Arbitrary<Spec> = fc.record({
  dist: fc.constantFrom(...Object.keys(DISTRIBUTIONS)),
  placements: fc.array(fc.record({ square: fc.nat(), pick: fc.nat(), blank: fc.boolean() }), { maxLength: 120 }),
  rackPicks: fc.tuple(fc.array(fc.nat(), { maxLength: 7 }), fc.array(fc.nat(), { maxLength: 7 })),
  scores: fc.tuple(fc.integer({ min: -999, max: 9999 }), fc.integer({ min: -999, max: 9999 })),
  zeros: fc.nat({ max: 12 }),
  lexicon: fc.option(word, { nil: null }),
  lastMove: fc.nat({ max: 5 }),
  unknown: fc.uniqueArray(fc.record({ opcode: word.map((w) => `x${w}`), operand: fc.stringMatching(/^([A-Za-z0-9]+( [A-Za-z0-9]+)*)?$/) }), {
    maxLength: 2,
    selector: (o) => o.opcode,
  }),
}) as fc.Arbitrary<Spec>;

const sortedRacks = (p: CgpPosition) => p.racks.map((r) => [...r].sort((a, b) => a - b));

describe('property: random valid positions', () => {
  it('print → parse gives back the same position (both dialects)', () => {
    fc.assert(
      fc.property(spec, fc.constantFrom('current' as const, 'seed' as const), (s, dialect) => {
        const p = build(s);
        const q = unwrap(parseCgp(printCgp(p, { dialect })));
        expect(q.layout).toBe(p.layout);
        expect(q.distribution).toBe(p.distribution);
        expect(Array.from(q.squares)).toEqual(Array.from(p.squares));
        expect(sortedRacks(q)).toEqual(sortedRacks(p));
        expect([q.scores, q.consecutiveZeros, q.unknownOperations]).toEqual([p.scores, p.consecutiveZeros, p.unknownOperations]);
        expect(q.options).toEqual(p.options);
        expect(positionKey(q)).toBe(positionKey(p));
      }),
      { numRuns: 300 },
    );
  });

  it('canonical printing is idempotent', () => {
    fc.assert(
      fc.property(spec, (s) => {
        const text = printCgp(build(s));
        expect(printCgp(unwrap(parseCgp(text)))).toBe(text);
      }),
      { numRuns: 200 },
    );
  });
});

describe('property: random input never throws', () => {
  const cgpChars = fc.constantFrom(...'ABCZaz?./ ;0123456789[]·LQUNY-+lexmbdn\t'.split(''));

  it('parseCgp returns a result for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        const r = parseCgp(s);
        expect(typeof r.ok).toBe('boolean');
      }),
      { numRuns: 500 },
    );
  });

  it('parseCgp returns a result for strings made of CGP characters', () => {
    fc.assert(
      fc.property(fc.array(cgpChars, { maxLength: 200 }).map((a) => a.join('')), (s) => {
        expect(typeof parseCgp(s).ok).toBe('boolean');
        expect(typeof parseCgp(`15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ${s}`).ok).toBe('boolean');
      }),
      { numRuns: 500 },
    );
  });

  it('parseCgp returns a result for valid positions with one character changed', () => {
    fc.assert(
      fc.property(spec, fc.nat(), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 2 }), (s, at, ch) => {
        const text = printCgp(build(s));
        const k = at % text.length;
        const r = parseCgp(text.slice(0, k) + ch + text.slice(k + 1));
        expect(typeof r.ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
  });

  it('parseGcg returns a result for any bytes and any text; what it reads it writes back', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.oneof(fc.string({ maxLength: 300 }), fc.array(fc.constantFrom('>a: ', '>b:', ' ', 'ABC', '8H', '-', '--', '+5', '-3', '12', '(challenge)', '(AB)', '#note x', '#rack1 A', '#lexicon L', '\n', '\r\n'), { maxLength: 40 }).map((a) => a.join(''))), (bytes, text) => {
        expect(typeof parseGcg(bytes).ok).toBe('boolean');
        const r = parseGcg(`#player1 a A\n#player2 b B\n${text}`);
        if (r.ok) {
          const again = unwrap(parseGcg(printGcg(r.value)));
          expect(again.events.map((e) => ({ ...e, line: 0 }))).toEqual(r.value.events.map((e) => ({ ...e, line: 0 })));
          expect([again.players, again.pragmas, again.note, again.finalRacks]).toEqual([r.value.players, r.value.pragmas, r.value.note, r.value.finalRacks]);
        }
      }),
      { numRuns: 300 },
    );
  });
});
