/**
 * Backgammon's own replay of a stored game for pattern search (`storedHits`, patternReplay.ts)
 * against the generic one the core falls back on: each fixture and sample game stored as its
 * import stores it, read again by its reader (`reread`, what the core replays) and its main line
 * tested by `hits`. For every game the own replay reads, the hits and their continuations must be
 * the same, for structural patterns of every key and for a pattern every ply holds (so every
 * move played is written and compared); the games it declines are exactly those set up mid-game.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyStep, legalPlays, letterOfPoint, startingSide } from '../../../src/codecs/backgammon';
import type { GameRecord } from '../../../src/db/records';
import { backgammon } from '../../../src/games/backgammon';
import { matReader } from '../../../src/games/backgammon/mat';
import type { BackgammonPattern } from '../../../src/games/backgammon/patternQuery';
import { mainLinePlies } from '../../../src/games/gameAttributes';
import { readerFor } from '../../../src/games/index';
import type { PatternHit, StoredPatternGame } from '../../../src/games/patterns';
import { decisionLosses } from '../../../src/games/backgammon/verdicts';
import { importedGames } from '../../support/reread';
import { sample } from '../../support/sampleData';

const language = backgammon.patterns!;

const FIXTURES = ['gnubg107_analysed_5p.sgf', 'gnubg107_analysed_3p_crawford.sgf', 'gnubg107_analysed_money_beavers.sgf', 'hand_analysed_5p.sgf', 'gnubg107_export_gibbon_7point.mat', 'gnubg107_export_money_jacoby_beaver.mat'];
const SAMPLES = [
  'gibbon_7point.sgf', 'gibbon_7point.mat', 'gibbon_edited.sgf', 'gibbon_libgsgf_setup-properties.sgf', 'gnubg107_5p_double_dance_resign.sgf', 'gnubg107_5p_double_dance_resign.mat',
  'gnubg107_9p_setup_position.sgf', 'gnubg107_money_jacoby_beaver.sgf', 'gnubgparser_charlot1-charlot2_7p_2025-11-08-2305.sgf', 'gnubgparser_charlot1-charlot2_7p_2025-11-08-2305.mat',
  'gnubgparser_gnubg_roll_then_resign_1p.mat',
];

interface Stored {
  name: string;
  record: GameRecord;
}

const stored: Stored[] = [];

beforeAll(async () => {
  const files = [...FIXTURES.map((f) => ({ f, bytes: readFileSync(join(__dirname, '../../fixtures/backgammon', f)) })), ...SAMPLES.map((f) => ({ f, bytes: sample('backgammon', f) }))];
  for (const { f, bytes } of files) {
    const games = await importedGames(f.endsWith('.mat') ? matReader : readerFor('SGF')!, bytes);
    games.forEach((record, i) => stored.push({ name: `${f} game ${i + 1}`, record }));
  }
});

const storedGame = (record: Pick<GameRecord, 'source' | 'sourceFormat' | 'metadata'>): StoredPatternGame => ({
  source: new Uint8Array(record.source),
  sourceFormat: record.sourceFormat,
  metadata: record.metadata ?? {},
  outcome: null,
  player1: null,
  player2: null,
  options: {},
});

/** The generic path: the game read again by its reader from what was stored, its main line tested by `hits`. */
const genericHits = (q: BackgammonPattern, record: Pick<GameRecord, 'source' | 'sourceFormat' | 'metadata'>): PatternHit[] => {
  const game = storedGame(record);
  const reread = readerFor(record.sourceFormat)!.reread!({ source: game.source, metadata: game.metadata }, {}, {});
  return language.hits(q, { ...game, plies: mainLinePlies(reread?.plies ?? []) });
};

const read = (pattern: unknown): BackgammonPattern => {
  const r = language.read(pattern);
  if (!r.ok) throw new Error(`${r.error.key}: ${r.error.message}`);
  return r.query;
};

const PATTERNS: [string, unknown][] = [
  ['every position (every move played compared)', { pips: [0, 375] }],
  ['a race', { race: true }],
  ['contact', { contact: true }],
  ["the bench's structure: contact, a 4-prime, 90-150 pips", { contact: true, prime: { player: 4 }, pips: { player: [90, 150] } }],
  ['pips of both sides', { pips: { player: [80, 140], opponent: { min: 120 } } }],
  ['a pip difference', { pipDifference: { max: -10 } }],
  ['points by name with wildcards', { points: { '6': { min: 2 }, opp5: { max: -2 }, '7': '*', bar: null } }],
  ['points as an array with wildcards', { points: ['*', ...Array(5).fill(null), { min: 2 }, [2, null], ...Array(17).fill('*'), 0] }],
  ['blots', { blots: { player: { min: 2 }, opponent: [0, 1] } }],
  ["the opponent's prime", { prime: { opponent: [3, 6] } }],
  ['checkers on the bar', { bar: { opponent: { min: 1 } } }],
  ['the side on roll on the bar', { points: { bar: { min: 1 } } }],
  ['checkers off', { off: { player: { min: 1 }, opponent: [0, 14] } }],
  ['a race with checkers off', { race: true, off: { opponent: { min: 3 } } }],
  ['a cube at 2 or more', { cube: { min: 2 } }],
  ['a cube owned by the side on roll', { cube: { owner: 'player' } }],
  ['a cube owned by the opponent', { cube: { owner: 'opponent' } }],
  ['a centred cube', { cube: { value: 1, owner: 'centered' } }],
  ['a score away', { score: { player: [1, 3], opponent: { min: 2 } } }],
  ['the Crawford game', { score: { crawford: true } }],
  ['a match length', { score: { matchLength: [1, 64] } }],
  ['a money game', { score: { matchLength: 0 } }],
  ['a cube decision', { decision: 'cube' }],
  ['a checker play in contact', { decision: 'checker', contact: true }],
  ['a checker play that lost 0.05 or more', { decision: 'checker', minError: 0.05 }],
  ['a decision that lost 0.02 or more in contact', { minError: 0.02, contact: true }],
  ['a cube decision that lost anything', { decision: 'cube', minError: 0 }],
];

/** The games whose own replay declines them: checkers set up after the root (AE, AW, AB). */
const DECLINED = ['gibbon_edited.sgf game 1', 'gibbon_libgsgf_setup-properties.sgf game 1', 'gnubg107_9p_setup_position.sgf game 1'];

describe("backgammon's own replay of a stored game (storedHits) against the import's", () => {
  it('reads every fixture and sample game but those with checkers set up after the root', () => {
    const q = read({ race: true });
    expect(stored.length).toBeGreaterThan(30);
    const declined = stored.filter((s) => language.storedHits!(q, storedGame(s.record)) === null).map((s) => s.name);
    expect(declined).toEqual(DECLINED);
  });

  it.each(PATTERNS)('finds the same hits with the same continuations: %s', (_name, pattern) => {
    const q = read(pattern);
    let hits = 0;
    let continuations = 0;
    for (const { name, record } of stored) {
      const own = language.storedHits!(q, storedGame(record));
      if (own === null) continue;
      const generic = genericHits(q, record);
      expect({ game: name, hits: own }).toEqual({ game: name, hits: generic });
      hits += generic.length;
      continuations += generic.filter((h) => h.continuation).length;
    }
    expect(hits).toBeGreaterThan(0);
    expect(continuations).toBeGreaterThan(0);
  });
});

describe("gnubg's verdicts read only at the plies asked about", () => {
  it('gives the same losses at those plies as a whole reading, and none elsewhere', () => {
    let compared = 0;
    for (const { name, record } of stored.filter((s) => s.record.sourceFormat === 'SGF')) {
      const whole = decisionLosses(storedGame(record));
      if (!whole) continue;
      const at = Array.from({ length: whole.checker.length }, (_, i) => i).filter((i) => i % 3 === 1);
      const some = decisionLosses(storedGame(record), at)!;
      const asked = new Set(at);
      for (const kind of ['checker', 'cube'] as const) {
        const expected = Array.from(whole[kind], (loss, i) => (asked.has(i) ? loss : NaN));
        expect({ game: name, kind, losses: Array.from(some[kind]) }).toEqual({ game: name, kind, losses: expected });
        compared += expected.filter((x) => !Number.isNaN(x)).length;
      }
    }
    expect(compared).toBeGreaterThan(50);
  });
});

/** A game of the given moves after a root (`B[…]`/`W[…]` values), as stored. */
const sgfGame = (root: string, ...nodes: string[]): Pick<GameRecord, 'source' | 'sourceFormat' | 'metadata'> => ({
  source: Buffer.from(`(;FF[4]GM[6]CA[UTF-8]${root}${nodes.map((n) => `;${n}`).join('')})`),
  sourceFormat: 'SGF',
  metadata: {},
});

/** Both replays' hits of `pattern` on `game`, after checking the import reads it. */
const both = (pattern: unknown, game: Pick<GameRecord, 'source' | 'sourceFormat' | 'metadata'>) => {
  const q = read(pattern);
  return { own: language.storedHits!(q, storedGame(game)), generic: genericHits(q, game) };
};

describe('how the own replay plays a move as the import played it', () => {
  const EVERY = { pips: [0, 375] };

  it("plays a play's steps in the order the import's check gives: the written order when it plays", () => {
    // White 31 from the start: 8/5 6/5, written in that order.
    const { own, generic } = both(EVERY, sgfGame('MI[length:5][game:0][ws:0][bs:0]', 'W[31hefe]'));
    expect(own).toEqual(generic);
    expect(own![0].continuation).toEqual({ move: '8/5 6/5', byFirst: true });
  });

  it('plays a step written before the step it needs in the first order that plays, marking the hit where that order lands', () => {
    // Black 64 leaves blots on its 7 and 9 points (13/7 13/9); White 65 runs 24/18* 18/13, written 18/13 first.
    const game = sgfGame('MI[length:5][game:0][ws:0][bs:0]', 'B[64lrlp]', 'W[65rmxr]', 'B[31ycst]');
    const { own, generic } = both(EVERY, game);
    expect(own).toEqual(generic);
    expect(own!.map((h) => h.continuation?.move ?? null)).toEqual(['13/7 13/9', '24/18* 18/13', 'bar/22 6/5', null]);
  });

  it('adds the resignation RE[…R] writes at the end, as the import adds it', () => {
    const game = sgfGame('MI[length:3][game:0][ws:0][bs:0]RE[B+2R]', 'W[31hefe]', 'B[double]', 'W[take]');
    const { own, generic } = both(EVERY, game);
    expect(own).toEqual(generic);
    expect(own!.map((h) => h.continuation?.move ?? null)).toEqual(['8/5 6/5', 'double', 'take', 'resign single', null]);
  });

  it('makes a setup without checkers (a roll not played, the side on roll, the cube) a ply of its own, or part of the move beside it', () => {
    const game = sgfGame('MI[length:0][game:0][ws:0][bs:0]', 'W[31hefe]', 'B[double]', 'W[take]', 'PL[B]DI[65]', 'B[64lrlp]CV[4]CP[b]', 'W[double]', 'B[take]', 'PL[W]DI[21]');
    const { own, generic } = both(EVERY, game);
    expect(own).toEqual(generic);
    expect(own!.map((h) => h.continuation?.move ?? null)).toEqual(['8/5 6/5', 'double', 'take', 'rolls 65', '13/7 13/9', 'double', 'take', 'rolls 21', null]);
  });

  it('reads lower-case letters in property names as gnubg does (`White` is W)', () => {
    const game = sgfGame('MI[length:3][game:0][ws:0][bs:0]', 'White[31hefe]', 'Black[52lqln]');
    const { own, generic } = both(EVERY, game);
    expect(own).toEqual(generic);
    expect(own).toHaveLength(3);
  });

  it('follows the first variation as the main line, and reads nothing after it', () => {
    const game = sgfGame('MI[length:3][game:0][ws:0][bs:0]', 'W[31hefe](;B[52lqln];W[double])(;B[double])');
    const { own, generic } = both(EVERY, game);
    expect(own).toEqual(generic);
    expect(own!.map((h) => h.continuation?.move ?? null)).toEqual(['8/5 6/5', '13/8 13/11', 'double', null]);
  });
});

/** A deterministic pseudo-random sequence (mulberry32). */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/**
 * A seeded money game of random legal plays (one of the codec's legal plays of each roll, so that
 * blocked checkers leave dice unused), each play's steps written in a random order (the order the
 * import plays them in is then its own), played until a side is off or 120 plies.
 */
const randomGame = (seed: number): Pick<GameRecord, 'source' | 'sourceFormat' | 'metadata'> => {
  const rnd = random(seed);
  const die = () => 1 + Math.floor(rnd() * 6);
  const sides = [startingSide(), startingSide()];
  const nodes: string[] = [];
  for (let ply = 0, mover = 0; ply < 120; ply++, mover = 1 - mover) {
    const dice: [number, number] = [die(), die()];
    const plays = [...legalPlays(sides[mover], sides[1 - mover], dice).plays.values()];
    const steps = plays.length > 0 ? plays[Math.floor(rnd() * plays.length)] : [];
    for (const step of steps) applyStep(sides[mover], sides[1 - mover], step.from, step.to);
    const written = steps.map((step) => ({ step, key: rnd() })).sort((a, b) => a.key - b.key).map((x) => x.step);
    nodes.push(`${mover === 1 ? 'B' : 'W'}[${dice.join('')}${written.map((x) => letterOfPoint(x.from, mover as 0 | 1) + letterOfPoint(x.to, mover as 0 | 1)).join('')}]`);
    if (sides[mover].every((n) => n === 0)) break;
  }
  return sgfGame('MI[length:0][game:0][ws:0][bs:0]', ...nodes);
};

describe('the own replay on random games, steps written in any order', () => {
  it('finds every ply with the same continuation as the import on 200 seeded games', () => {
    let unused = 0;
    let reordered = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const game = randomGame(seed);
      const { own, generic } = both({ pips: [0, 375] }, game);
      expect({ seed, own }).toEqual({ seed, own: generic });
      for (const h of generic) {
        const move = h.continuation?.move ?? '';
        if (move === 'no move' || (move.split(' ').length === 1 && move.includes('/'))) unused++;
      }
      const text = Buffer.from(game.source).toString();
      reordered += (text.match(/\[\d\d(?:[a-z]{2}){2,4}\]/g) ?? []).length;
    }
    expect(unused).toBeGreaterThan(50);
    expect(reordered).toBeGreaterThan(1000);
  });
});

describe('what the own replay leaves to the import\'s (null)', () => {
  const q = read({ race: false });
  const declines = (source: string | Buffer) => language.storedHits!(q, storedGame({ source: Buffer.from(source), sourceFormat: 'SGF', metadata: {} }));

  it('reads a plain game', () => {
    expect(declines('(;GM[6]MI[length:3];W[31hefe])')).not.toBeNull();
  });

  it.each([
    ['checkers set up', '(;GM[6]MI[length:3];AE[a:x];W[31hefe])'],
    ['checkers set up beside a move', '(;GM[6]MI[length:3];W[31hefe]AW[a])'],
    ['dice the import refuses', '(;GM[6]MI[length:3];W[31hefe]DI[72])'],
    ['an escape in a move', '(;GM[6]MI[length:3];W[31he\\fe])'],
    ['an escape in the match information', '(;GM[6]MI[len\\gth:3];W[31hefe])'],
    ['a byte order mark', '\ufeff(;GM[6]MI[length:3];W[31hefe])'],
    ['a move the import refuses', '(;GM[6]MI[length:3];W[31hefe];B[double];W[31hefe])'],
    ['a play no order of its steps plays', '(;GM[6]MI[length:3];W[31hehe])'],
    ['a play of one die where both can be played', '(;GM[6]MI[length:3];W[61hg])'],
  ])('declines %s', (_name, source) => {
    expect(declines(source)).toBeNull();
  });

  it('declines bytes that are not UTF-8', () => {
    expect(declines(Buffer.concat([Buffer.from('(;GM[6]MI[length:3]C[caf'), Buffer.from([0xe9]), Buffer.from('];W[31hefe])')]))).toBeNull();
  });

  it('declines another format', () => {
    expect(language.storedHits!(q, { ...storedGame({ source: Buffer.from('x'), sourceFormat: 'SGF', metadata: {} }), sourceFormat: 'GNUBG' })).toBeNull();
  });
});
