/**
 * Go's pattern language (issue 28): patterns read with errors naming the key, and every fixture
 * game's hits (plies and continuations) equal to what a brute force finds replaying the game with
 * @sabaki/go-board and testing each position naively; the signature never rules out a game that
 * holds the pattern.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readerFor } from '../../../src/games/index';
import { go } from '../../../src/games/go';
import type { PatternGame, PatternHit, StoredPatternGame } from '../../../src/games/patterns';
import { FlatGoBoard, scanMainLine } from '../../../src/games/go/patternReplay';
import { BLACK_ROWS, WHITE_ROWS } from '../../../src/games/go/patternBoard';
import type { GoPatternQuery } from '../../../src/games/go/patterns';
import { cornerEventsOf } from '../../../src/games/go/patternSignature';
import { readCornerEvents } from '../../../src/games/go/patternEvents';
import type { PlyRecord } from '../../../src/db/records';
import { importedGames, rereadGames } from '../../support/reread';
import { sampleNames, sample } from '../../support/sampleData';
import { type BruteGame, type BrutePattern, bruteGames, bruteHits } from '../../support/goPatternBruteForce';

const language = go.patterns!;
const sgfReader = readerFor('SGF')!;
const FIXTURES = path.resolve(__dirname, '../../fixtures/go');

interface Fixture {
  name: string;
  game: PatternGame;
  brute: BruteGame;
}

/** The games of an SGF file as the server replays them (reread from the stored source), with Sabaki's replay of each. */
const fixturesOf = async (name: string, bytes: Buffer): Promise<Fixture[]> => {
  const stored = await importedGames(sgfReader, bytes);
  const reread = rereadGames(sgfReader, stored);
  const brute = bruteGames(bytes.toString('utf8'));
  return reread.map((record, i) => {
    const plies = record!.plies.filter((p) => p.variation === '').sort((a, b) => a.ply - b.ply);
    const game: PatternGame = { plies, source: record!.source, sourceFormat: 'SGF', metadata: record!.metadata ?? {}, outcome: record!.outcome, player1: null, player2: null };
    return { name: `${name}#${i}`, game, brute: brute[i] };
  });
};

let games: Fixture[] = [];
beforeAll(async () => {
  const files = fs.readdirSync(FIXTURES).filter((f) => f.endsWith('.sgf')).sort();
  for (const f of files) games.push(...(await fixturesOf(f, fs.readFileSync(path.join(FIXTURES, f)))));
  for (const f of sampleNames('go', '.sgf')) games.push(...(await fixturesOf(f, sample('go', f))));
  games = games.filter((g) => g.brute);
});

const query = (pattern: unknown): GoPatternQuery => {
  const read = language.read(pattern);
  if (!read.ok) throw new Error(`${read.error.key}: ${read.error.message}`);
  return read.query as GoPatternQuery;
};
const errorOf = (pattern: unknown) => {
  const read = language.read(pattern);
  return read.ok ? undefined : read.error;
};

/** The JSON pattern a brute-force pattern stands for. */
const json = (p: BrutePattern): Record<string, unknown> => ({
  pattern: p.rows.join('\n'),
  anchor: p.anchor,
  colors: p.either ? 'either' : 'fixed',
  ...(p.size ? { size: p.size } : {}),
});

/** A rectangle of a game's position as pattern rows (X, O, .), read off Sabaki's board. */
const region = (game: BruteGame, ply: number, x0: number, y0: number, w: number, h: number): string[] =>
  Array.from({ length: h }, (_, y) => Array.from({ length: w }, (_, x) => '.XO'.at(game.positions[ply].board[y0 + y][x0 + x])).join(''));
const transpose = (rows: string[]): string[] => Array.from(rows[0], (_, x) => rows.map((r) => r[x]).join(''));
const swapColours = (rows: string[]): string[] => rows.map((r) => r.replace(/[XO]/g, (c) => (c === 'X' ? 'O' : 'X')));
const stones = (rows: string[]): number => rows.join('').replace(/[^XO]/g, '').length;

/** The first fixture game of this size, and its first ply from `from`, whose rectangle has at least `min` stones and is not its own transpose or colour swap. */
const regionFrom = (size: number, from: number, x0: number, y0: number, w: number, h: number, min: number) => {
  for (const f of games) {
    if (f.brute.width !== size) continue;
    for (let ply = from; ply < f.brute.positions.length; ply++) {
      const rows = region(f.brute, ply, x0, y0, w, h);
      if (stones(rows) >= min && (w !== h || transpose(rows).join() !== rows.join())) return { fixture: f, ply, rows };
    }
  }
  throw new Error(`no ${size}x${size} fixture game has ${min} stones in that rectangle`);
};

const hitsOf = (p: BrutePattern, f: Fixture): PatternHit[] => language.hits(query(json(p)), f.game);

/** The patterns checked against the brute force, made from the fixture games' positions and a few shapes of every game; all but one hold somewhere. */
const PATTERNS: [string, () => BrutePattern][] = [
  ['an empty corner around a black 4-4 stone, either colour', () => ({ rows: ['.....', '.....', '.....', '...X.', '.....'], anchor: 'corner', either: true })],
  ['a 7x7 corner of a 19x19 game', () => ({ rows: regionFrom(19, 40, 0, 0, 7, 7, 5).rows, anchor: 'corner' })],
  ['a 7x7 corner seen only transposed (mirrored on the diagonal)', () => ({ rows: transpose(regionFrom(19, 40, 0, 0, 7, 7, 5).rows), anchor: 'corner' })],
  ['a corner seen only with colours swapped, either colour', () => ({ rows: swapColours(regionFrom(19, 30, 0, 0, 6, 6, 4).rows), anchor: 'corner', either: true })],
  ['a centre shape anywhere', () => ({ rows: regionFrom(19, 60, 7, 7, 4, 3, 4).rows, anchor: 'anywhere' })],
  ['the same centre shape in a corner', () => ({ rows: regionFrom(19, 60, 7, 7, 4, 3, 4).rows, anchor: 'corner' })],
  ['an edge shape on a side', () => ({ rows: regionFrom(19, 50, 6, 0, 5, 3, 3).rows, anchor: 'side' })],
  ['a shape pinned at [5, 2]', () => ({ rows: regionFrom(19, 50, 5, 2, 4, 4, 3).rows, anchor: [5, 2], size: 19 })],
  ['a whole 9x9 board', () => ({ rows: regionFrom(9, 12, 0, 0, 9, 9, 10).rows, anchor: 'corner', size: 9 })],
  ['a cross-cut anywhere, either colour', () => ({ rows: ['XO', 'OX'], anchor: 'anywhere', either: true })],
  ['wildcards: x, o and * anywhere', () => ({ rows: ['*x*', 'oXo', '*.*'], anchor: 'anywhere' })],
  ['a 3x3 corner on 13x13 boards only', () => ({ rows: ['...', '...', '..X'], anchor: 'corner', size: 13 })],
];

// Each pattern is made once, and the brute force run once per pattern and game (it is slow).
const made = new Map<() => BrutePattern, BrutePattern>();
const once = (make: () => BrutePattern): BrutePattern => made.get(make) ?? made.set(make, make()).get(make)!;
const bruteCache = new WeakMap<BrutePattern, Map<Fixture, PatternHit[]>>();
const bruteOf = (p: BrutePattern, f: Fixture): PatternHit[] => {
  const byGame = bruteCache.get(p) ?? bruteCache.set(p, new Map()).get(p)!;
  return byGame.get(f) ?? byGame.set(f, bruteHits(p, f.brute)).get(f)!;
};

describe('Go pattern hits against a brute force', () => {
  it('has fixture games of 9x9, 13x13 and 19x19 to search', () => {
    expect(new Set(games.map((g) => g.brute.width))).toEqual(new Set([9, 13, 19]));
    expect(games.length).toBeGreaterThanOrEqual(40);
  });

  it('replays the same plies as Sabaki', () => {
    for (const f of games) {
      expect(f.game.plies.length).toBe(f.brute.positions.length);
      const board = (ply: PlyRecord) => ply.position.board;
      expect(f.game.plies.map(board)).toEqual(f.brute.positions.map((p) => p.board.map((r) => r.map((v) => '.#O'.at(v)).join('')).join('')));
    }
  });

  it.each(PATTERNS)('finds the plies and continuations the brute force finds: %s', (name, make) => {
    const p = once(make);
    let held = 0;
    for (const f of games) {
      const expected = bruteOf(p, f);
      expect({ game: f.name, hits: hitsOf(p, f) }).toEqual({ game: f.name, hits: expected });
      held += expected.length;
    }
    expect(held > 0).toBe(!name.includes('centre shape in a corner'));
  });

  it.each(PATTERNS)('counts the same games, first plies and continuations: %s', (_name, make) => {
    const p = once(make);
    const summary = (hitsOfGame: (f: Fixture) => PatternHit[]) => {
      const continuations: Record<string, number> = {};
      const firstPlies: Record<string, number> = {};
      for (const f of games) {
        const hits = hitsOfGame(f);
        if (hits.length > 0) firstPlies[f.name] = hits[0].ply;
        for (const h of hits) if (h.continuation) continuations[`${h.continuation.move} ${h.continuation.byFirst}`] = (continuations[`${h.continuation.move} ${h.continuation.byFirst}`] ?? 0) + 1;
      }
      return { games: Object.keys(firstPlies).length, firstPlies, continuations };
    };
    expect(summary((f) => hitsOf(p, f))).toEqual(summary((f) => bruteOf(p, f)));
  });

  it('finds a pattern that only matches mirrored', () => {
    const p: BrutePattern = { rows: transpose(regionFrom(19, 40, 0, 0, 7, 7, 5).rows), anchor: 'corner' };
    const asWritten = games.flatMap((f) => bruteHits({ ...p, symmetries: [0] }, f.brute));
    const reflected = games.flatMap((f) => bruteHits({ ...p, symmetries: [4] }, f.brute));
    expect(asWritten).toEqual([]);
    expect(reflected.length).toBeGreaterThan(0);
    expect(games.flatMap((f) => hitsOf(p, f)).length).toBeGreaterThan(0);
  });

  it('finds a pattern with colours swapped only when colours may be either', () => {
    const p: BrutePattern = { rows: swapColours(regionFrom(19, 30, 0, 0, 6, 6, 4).rows), anchor: 'corner' };
    expect(games.flatMap((f) => bruteHits(p, f.brute))).toEqual([]);
    expect(games.flatMap((f) => hitsOf(p, f))).toEqual([]);
    const either = games.flatMap((f) => hitsOf({ ...p, either: true }, f));
    expect(either.length).toBeGreaterThan(0);
    // The continuation is written in the pattern's colours: the colour letter is the other side's.
    const first = games.find((f) => hitsOf({ ...p, either: true }, f).some((h) => h.continuation))!;
    const hit = hitsOf({ ...p, either: true }, first).find((h) => h.continuation)!;
    expect(hit.continuation!.move.startsWith(hit.continuation!.byFirst ? 'W' : 'B')).toBe(true);
  });

  it('finds a centre shape anywhere but not as a corner pattern', () => {
    const rows = regionFrom(19, 60, 7, 7, 4, 3, 4).rows;
    const count = (anchor: BrutePattern['anchor']) => games.reduce((s, f) => s + hitsOf({ rows, anchor }, f).length, 0);
    expect(count('anywhere')).toBeGreaterThan(0);
    expect(count('corner')).toBe(0);
    expect(games.reduce((s, f) => s + bruteHits({ rows, anchor: 'corner' }, f.brute).length, 0)).toBe(0);
  });

  it('gives one hit per ply, in ply order', () => {
    const q = query({ pattern: 'XO\nOX', colors: 'either' });
    for (const f of games) {
      const plies = language.hits(q, f.game).map((h) => h.ply);
      expect(plies).toEqual([...new Set(plies)].sort((a, b) => a - b));
    }
  });

  it('finds nothing, and rules out every game, on boards smaller than the pattern', () => {
    const q = query({ pattern: '*'.repeat(10) });
    for (const f of games.filter((g) => g.brute.width === 9)) {
      expect(language.hits(q, f.game)).toEqual([]);
      expect(language.signature!.mayHold(q, language.signature!.of(f.game.plies))).toBe(false);
    }
    expect(games.some((g) => g.brute.width === 13 && language.hits(q, g.game).length > 0)).toBe(true);
  });

  it('finds nothing on a board that is not a square of 9 to 19 points', () => {
    const plies = (board: string, data: unknown): PlyRecord[] => [{ position: { kind: 'GO', key: 'k', board, data }, variation: '', ply: 0 }];
    const game = (p: PlyRecord[]): PatternGame => ({ plies: p, source: new Uint8Array(), sourceFormat: 'SGF', metadata: {}, outcome: null, player1: null, player2: null });
    const q = query({ pattern: '*' });
    expect(language.hits(q, game(plies('.'.repeat(81), null)))).toEqual([{ ply: 0, continuation: null }]);
    expect(language.hits(q, game(plies('.'.repeat(99), { width: 11, height: 9 })))).toEqual([]);
    expect(language.hits(q, game(plies('.'.repeat(49), { width: 7, height: 7 })))).toEqual([]);
    expect(language.signature!.mayHold(q, language.signature!.of(plies('.'.repeat(99), { width: 11, height: 9 })))).toBe(false);
  });
});

describe("Go's own replay of a stored game (storedHits)", () => {
  const stored = (source: Uint8Array): StoredPatternGame => ({ source, sourceFormat: 'SGF', metadata: {}, outcome: null, player1: null, player2: null, options: {} });
  const text = (sgf: string) => stored(Buffer.from(sgf));

  it('replays the same boards as the import, ply by ply, captures and setups included', () => {
    const board = new FlatGoBoard();
    for (const f of games) {
      const line = scanMainLine(f.game.source)!;
      expect({ game: f.name, plies: line.plies, size: line.size }).toEqual({ game: f.name, plies: f.game.plies.length, size: f.brute.width });
      board.reset(line.size);
      const n = line.size;
      for (let i = 0; i < line.plies; i++) {
        expect(board.play(line, i)).toBe(true);
        const rows = Array.from({ length: n }, (_, y) => Array.from({ length: n }, (_, x) => ((BLACK_ROWS[y] >> x) & 1 ? '#' : (WHITE_ROWS[y] >> x) & 1 ? 'O' : '.')).join(''));
        expect({ game: f.name, ply: i, board: rows.join('') }).toEqual({ game: f.name, ply: i, board: f.game.plies[i].position.board });
      }
    }
    expect(games.some((f) => f.game.plies.some((p, i) => i > 0 && p.position.pieceCount! < f.game.plies[i - 1].position.pieceCount!))).toBe(true);
  });

  it.each(PATTERNS)('finds the same plies and continuations as on the replayed plies: %s', (_name, make) => {
    const q = query(json(once(make)));
    for (const f of games) expect({ game: f.name, hits: language.storedHits!(q, stored(f.game.source)) }).toEqual({ game: f.name, hits: language.hits(q, f.game) });
  });

  it('reads the main line only, up to the first variation closed', () => {
    const q = query({ pattern: 'X', anchor: [2, 2], size: 9 });
    expect(language.storedHits!(q, text('(;SZ[9];B[aa](;W[bb];B[cc])(;W[cc]))'))).toEqual([{ ply: 3, continuation: null }]);
    expect(language.storedHits!(q, text('(;SZ[9];B[aa](;W[cc])(;W[bb];B[cc]))'))).toEqual([]);
  });

  it('counts as plies only the root and the nodes with a move or a setup, as the import does', () => {
    const q = query({ pattern: 'X', anchor: [2, 2], size: 9 });
    expect(language.storedHits!(q, text('(;SZ[9]C[root];C[a comment];B[aa];PL[W];AB[cc];W[dd])'))).toEqual([
      { ply: 2, continuation: null },
      { ply: 3, continuation: null },
    ]);
  });

  it('takes a root without SZ for 19x19, and finds nothing on boards that are no square of 9 to 19', () => {
    const q = query({ pattern: 'X', anchor: [18, 18] });
    expect(language.storedHits!(q, text('(;GM[1];B[ss])'))).toEqual([{ ply: 1, continuation: null }]);
    expect(language.storedHits!(query({ pattern: '*' }), text('(;SZ[7];B[aa])'))).toEqual([]);
    expect(language.storedHits!(query({ pattern: '*' }), text('(;SZ[11:9];B[aa])'))).toEqual([]);
  });

  it.each([
    ['another format', { ...text('(;SZ[9];B[aa])'), sourceFormat: 'PGN' }],
    ['an escape in a point', text('(;SZ[9];B[a\\a])')],
    ['a byte order mark', stored(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('(;SZ[9];B[aa])')]))],
    ['text that is not UTF-8', stored(Buffer.concat([Buffer.from('(;SZ[9]C['), Buffer.from([0x93, 0x41]), Buffer.from('];B[aa])')]))],
    ['a root size after its stones', text('(;AB[aa]SZ[9];W[bb])')],
    ['a move on an occupied point', text('(;SZ[9];B[aa];W[aa])')],
  ])('leaves to the import\'s replay (null) a source it does not read as the import did: %s', (_name, game) => {
    expect(language.storedHits!(query({ pattern: '*' }), game)).toBeNull();
  });
});

describe('the Go pattern signature', () => {
  it.each(PATTERNS)('never rules out a game that holds the pattern: %s', (_name, make) => {
    const p = once(make);
    const q = query(json(p));
    for (const f of games) {
      if (bruteOf(p, f).length > 0) expect({ game: f.name, mayHold: language.signature!.mayHold(q, language.signature!.of(f.game.plies)) }).toEqual({ game: f.name, mayHold: true });
    }
  });

  it('rules out games that never had the stones a 7x7 corner needs', () => {
    const q = query(json({ rows: regionFrom(19, 40, 0, 0, 7, 7, 5).rows, anchor: 'corner' }));
    const nineteens = games.filter((f) => f.brute.width === 19);
    const kept = nineteens.filter((f) => language.signature!.mayHold(q, language.signature!.of(f.game.plies)));
    expect(kept.length).toBeLessThan(nineteens.length / 2);
  });

  it('rules out every game of another size than the pattern names', () => {
    const q = query({ pattern: '*', size: 13 });
    for (const f of games) expect(language.signature!.mayHold(q, language.signature!.of(f.game.plies))).toBe(f.brute.width === 13);
  });

  it('takes at most 198 bytes before its corner events for a 19x19 game, 126 for 13x13 and 93 for 9x9', () => {
    const most = new Map<number, number>();
    for (const f of games) most.set(f.brute.width, Math.max(most.get(f.brute.width) ?? 0, cornerEventsOf(language.signature!.of(f.game.plies))!.start));
    expect(most.get(19)).toBeLessThanOrEqual(198);
    expect(most.get(13)).toBeLessThanOrEqual(126);
    expect(most.get(9)).toBeLessThanOrEqual(93);
  });

  it("keeps the opening's black and white points, and the later points ever black, white and empty", () => {
    for (const f of games) {
      const sig = language.signature!.of(f.game.plies);
      const n = f.brute.width;
      const positions = f.brute.positions;
      // The layout read independently: header, 9-bit points, three bitsets.
      const k = sig[2] * 256 + sig[3];
      const bit = (i: number) => (sig[i >> 3] >> (7 - (i & 7))) & 1;
      const listed = Array.from({ length: sig[4] + sig[5] }, (_, i) => Array.from({ length: 9 }, (_, b) => bit(48 + i * 9 + b)).reduce((q, v) => q * 2 + v, 0));
      const bitset = (kind: number) => {
        const start = 6 + Math.ceil(((sig[4] + sig[5]) * 9) / 8) + kind * Math.ceil((n * n) / 8);
        return Array.from({ length: n * n }, (_, q) => q).filter((q) => (sig[start + (q >> 3)] >> (q & 7)) & 1);
      };
      const ever = (from: number, to: number, sign: number) =>
        Array.from({ length: n * n }, (_, q) => q).filter((q) => positions.slice(from, to).some((p) => p.board[Math.floor(q / n)][q % n] === sign));
      const opening = (to: number) => ever(0, to, 1).length + ever(0, to, -1).length;
      expect([sig[0], sig[1]]).toEqual([3, n]);
      expect(opening(k)).toBeLessThanOrEqual(48);
      if (k < positions.length) expect(opening(k + 1)).toBeGreaterThan(48);
      expect(listed).toEqual([...ever(0, k, 1), ...ever(0, k, -1)]);
      expect([bitset(0), bitset(1), bitset(2)]).toEqual([ever(k, positions.length, 1), ever(k, positions.length, -1), ever(k, positions.length, 0)]);
    }
    // AB[dp][pd]: black stones from the start.
    const handicap = games.find((f) => f.name.startsWith('gnugo-19-h'))!;
    const sig = language.signature!.of(handicap.game.plies);
    expect(sig[4]).toBeGreaterThanOrEqual(2);
  });
});

describe('reading a Go pattern', () => {
  it('reads rows, anchor, colours and size', () => {
    expect(query({ pattern: 'X.\nOo', anchor: [3, 4], colors: 'either', size: 13 }).pattern).toEqual({
      width: 2,
      height: 2,
      points: 'X.Oo',
      anchor: [3, 4],
      either: true,
      size: 13,
    });
  });

  it('defaults to anywhere, fixed colours and every size, and ignores spaces and blank edge lines', () => {
    expect(query({ pattern: '\n  X . *\r\n  x o O\n\n' }).pattern).toEqual({ width: 3, height: 2, points: 'X.*xoO', anchor: 'anywhere', either: false, size: null });
  });

  it('names the line and column of a point that is not one', () => {
    expect(errorOf({ pattern: 'X..\n.#.' })).toEqual({ key: 'pattern', message: expect.stringMatching(/^line 2 column 2: "#" is not a point/) });
  });

  it('names rows of different lengths', () => {
    expect(errorOf({ pattern: 'X..\n..\n...' })).toEqual({ key: 'pattern', message: expect.stringContaining('line 2 has 2 points, line 1 has 3') });
  });

  it('names a blank row inside the pattern', () => {
    expect(errorOf({ pattern: 'X..\n\n...' })?.message).toMatch(/^line 2 is empty/);
  });

  it('refuses a pattern larger than its board', () => {
    expect(errorOf({ pattern: '.'.repeat(10), size: 9 })).toEqual({ key: 'pattern', message: expect.stringContaining('larger than the 9x9 board') });
    expect(errorOf({ pattern: '.'.repeat(20) })).toEqual({ key: 'pattern', message: expect.stringContaining('larger than the 19x19 board') });
  });

  it.each([
    ['a pattern that is no text', { pattern: ['X'] }, 'pattern', /not an array/],
    ['no pattern', { anchor: 'corner' }, 'pattern', /not missing/],
    ['an empty pattern', { pattern: ' \n ' }, 'pattern', /no rows/],
    ['a pattern that is no object', 'X.', 'pattern', /is an object/],
    ['an unknown anchor', { pattern: 'X', anchor: 'centre' }, 'anchor', /not "centre"/],
    ['a negative fixed anchor', { pattern: 'X', anchor: [-1, 0] }, 'anchor', /not \[-1,0\]/],
    ['a fixed anchor off the board', { pattern: 'XX', anchor: [8, 0], size: 9 }, 'anchor', /does not fit on the 9x9 board/],
    ['unknown colours', { pattern: 'X', colors: 'both' }, 'colors', /"fixed" or "either", not "both"/],
    ['a board too small', { pattern: 'X', size: 7 }, 'size', /from 9 to 19, not 7/],
    ['a size that is no number', { pattern: 'X', size: '19' }, 'size', /not "19"/],
    ['an unknown key', { pattern: 'X', colour: 'either' }, 'colour', /not a key of a Go pattern/],
  ])('names the key of %s', (_name, pattern, key, message) => {
    expect(errorOf(pattern)).toEqual({ key, message: expect.stringMatching(message) });
  });
});

describe("the Go pattern signature's corner events", () => {
  /** Whether every placement of `p` lies in the corners' 7x7 squares of an n x n board (all of a board of 14 or less). */
  const inCorners = (p: BrutePattern, n: number): boolean => n <= 14 || (p.anchor === 'corner' && p.rows.length <= 7 && p.rows[0].length <= 7);
  const corner = (q: number, n: number) => [Math.floor(q / n), q % n].every((v) => v < 7 || v >= n - 7);
  const regionPointsOf = (n: number) => Array.from({ length: n * n }, (_, q) => q).filter((q) => corner(q, n));

  /**
   * The corner events of a version-3 signature, the layout read independently: the ply count, then
   * pairs of events, each pair a byte of two 4-bit codes and each event's point (and after code 15,
   * a byte of kind and plies, 2 more bytes when those are 31). Codes 0-11: the colour alternation
   * expects played, that many plies after the event before; 12-14: emptied 0-2 plies after.
   */
  const cornerEventsIn = (sig: Uint8Array, n: number) => {
    const start = cornerEventsOf(sig)!.start;
    const regionPoints = regionPointsOf(n);
    const events: { ply: number; q: number; kind: number }[] = [];
    let escapes = 0;
    let lastMove = { ply: 0, kind: 1 };
    for (let at = start + 2, ply = 0, codes = 0; at < sig.length; ) {
      const first = events.length % 2 === 0;
      if (first) codes = sig[at++];
      const code = first ? codes >> 4 : codes & 15;
      const q = regionPoints[sig[at++]];
      let kind: number;
      if (code < 12) {
        ply += code;
        kind = (ply - lastMove.ply) % 2 === 0 ? lastMove.kind : 1 - lastMove.kind;
      } else if (code < 15) {
        ply += code - 12;
        kind = 4;
      } else {
        escapes++;
        kind = sig[at] >> 5;
        let since = sig[at++] & 31;
        if (since === 31) {
          since = sig[at] * 256 + sig[at + 1];
          at += 2;
        }
        ply += since;
      }
      if (kind < 2) lastMove = { ply, kind };
      events.push({ ply, q, kind });
    }
    return { plies: sig[start] * 256 + sig[start + 1], events, escapes };
  };

  it.each(PATTERNS)('answers from the signature alone the plies and continuations of the replay where the pattern lies in the corners, else nothing (null): %s', (_name, make) => {
    const p = once(make);
    const q = query(json(p));
    let answered = 0;
    for (const f of games) {
      const n = f.brute.width;
      const want = p.size !== undefined && p.size !== n ? [] : inCorners(p, n) ? language.hits(q, f.game) : null;
      const found = language.signature!.hits!(q, language.signature!.of(f.game.plies));
      expect({ game: f.name, hits: found }).toEqual({ game: f.name, hits: want });
      if (found?.length) answered++;
    }
    if (PATTERNS.findIndex(([, m]) => m === make) === 0) expect(answered).toBeGreaterThan(0);
  });

  it('answers a 7x7 corner pattern of 19x19 games with hits in some games, from the signature alone', () => {
    const q = query(json({ rows: regionFrom(19, 40, 0, 0, 7, 7, 5).rows, anchor: 'corner' }));
    const answered = games.filter((f) => f.brute.width === 19 && (language.signature!.hits!(q, language.signature!.of(f.game.plies)) ?? []).length > 0);
    expect(answered.length).toBeGreaterThan(0);
  });

  it('keeps, ply by ply, every change of a corner point, each move marked as played', () => {
    for (const f of games) {
      const n = f.brute.width;
      const sig = language.signature!.of(f.game.plies);
      const { plies, events } = cornerEventsIn(sig, n);
      expect(plies).toBe(f.brute.positions.length);
      const regionPoints = regionPointsOf(n);
      const board = new Array<number>(n * n).fill(0);
      const boards = f.brute.positions.map((_, ply) => {
        for (const e of events) if (e.ply === ply) board[e.q] = e.kind === 0 || e.kind === 2 ? 1 : e.kind === 1 || e.kind === 3 ? -1 : 0;
        return [...board];
      });
      const played = events.filter((e) => e.kind < 2).map((e) => `${e.ply} ${e.kind === 0 ? 'B' : 'W'}[${'abcdefghijklmnopqrs'[e.q % n]}${'abcdefghijklmnopqrs'[Math.floor(e.q / n)]}]`);
      const sabaki = f.brute.positions.map((pos) => regionPoints.map((q) => pos.board[Math.floor(q / n)][q % n]));
      expect({ game: f.name, boards: boards.map((b) => regionPoints.map((q) => b[q])) }).toEqual({ game: f.name, boards: sabaki });
      const moves = f.game.plies.flatMap((pl, i) => {
        const m = /^([BW])\[([a-s])([a-s])\]$/.exec(pl.move ?? '');
        if (i === 0 || !m) return [];
        const q = (m[3].charCodeAt(0) - 97) * n + (m[2].charCodeAt(0) - 97);
        return corner(q, n) ? [`${i} ${pl.move}`] : [];
      });
      expect({ game: f.name, played }).toEqual({ game: f.name, played: moves });
    }
  });

  /** The changes of the corner points Sabaki's boards show, ply by ply in reading order: what the signature must keep. */
  const boardEvents = (game: BruteGame) => {
    const n = game.width;
    let before = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    return game.positions.flatMap((pos, ply) => {
      const changed = regionPointsOf(n).flatMap((q) => {
        const [y, x] = [Math.floor(q / n), q % n];
        const v = pos.board[y][x];
        if (v === before[y][x]) return [];
        const played = pos.move !== null && pos.move.x === x && pos.move.y === y;
        return [{ ply, q, kind: v === 0 ? 4 : (v === 1 ? 0 : 1) + (played ? 0 : 2) }];
      });
      before = pos.board;
      return changed;
    });
  };
  const sgfPoint = (q: number, n: number) => 'abcdefghijklmnopqrs'[q % n] + 'abcdefghijklmnopqrs'[Math.floor(q / n)];
  /** 19x19: moves on rows 7, 9 and 11 (outside the corners, never capturing), alternating with `moves` wherever one is null. */
  const withFillers = (moves: (string | null)[]): string => {
    const fillers = [7, 9, 11].flatMap((y) => Array.from({ length: 19 }, (_, x) => sgfPoint(y * 19 + x, 19)));
    return `(;GM[1]FF[4]SZ[19]${moves.map((m, i) => `;${i % 2 === 0 ? 'B' : 'W'}[${m ?? fillers.shift()}]`).join('')})`;
  };
  const gap = (plies: number): null[] => new Array<null>(plies).fill(null);

  it.each([
    // AB at ply 0: two setup stones; then White plays first, against the alternation's Black.
    ['a handicap game: setup stones, then White plays first', '(;GM[1]FF[4]SZ[9]HA[2]AB[cc][gg];W[cg];B[gc];W[ee];B[ef])', 3],
    // Black's second move and White's second: each against the alternation, which then follows them.
    ['a game where each colour plays twice in a row', '(;GM[1]FF[4]SZ[9];B[cc];B[gg];W[cg];W[gc];B[ee])', 2],
    // A corner move 13 plies after the one before, one 41 after (the plies in 2 more bytes), and a
    // capture in the corner (W[ga] taken by B[ha], outside it) 4 plies after the last corner change.
    ['gaps of more plies than the short codes hold', withFillers(['dd', ...gap(12), 'ga', ...gap(40), 'fa', null, 'gb', null, null, null, 'ha']), 3],
  ])('reads back the events written with an escape: %s', async (name, text, escapes) => {
    const [f] = await fixturesOf(name, Buffer.from(text));
    const n = f.brute.width;
    const sig = language.signature!.of(f.game.plies);
    const read = readCornerEvents(sig, cornerEventsOf(sig)!.start, sig.length, n)!;
    const events = Array.from({ length: read.count }, (_, e) => ({ ply: read.ply[e], q: read.point[e], kind: read.kind[e] }));
    expect(events).toEqual(boardEvents(f.brute));
    expect(cornerEventsIn(sig, n)).toEqual({ plies: f.brute.positions.length, events, escapes });
  });

  it('finds a whole-board pattern from the signature alone where its stones are as many again after a capture of two', async () => {
    // Stones: 1, 2, 3 (ply 3: the pattern's count, not its board), 4, then B[ca] takes W[aa] and W[ba]: 3 (ply 5, the pattern).
    const [f] = await fixturesOf('capture', Buffer.from('(;GM[1]FF[4]SZ[9];B[ab];W[aa];B[bb];W[ba];B[ca];W[ee])'));
    const rows = ['..X......', 'XX.......', ...new Array<string>(7).fill('.........')];
    const q = query({ pattern: rows.join('\n'), anchor: 'corner' });
    const hits = [{ ply: 5, continuation: { move: 'W[ee]', byFirst: false } }];
    expect(language.hits(q, f.game)).toEqual(hits);
    expect(language.signature!.hits!(q, language.signature!.of(f.game.plies))).toEqual(hits);
  });

  it('finds a whole-board pattern from the signature alone where a setup stone took the other colour\'s place, keeping the stones as many', async () => {
    // Stones: 1, 2, then AB[bb] overwrites W[bb] (SGF allows it): still 2 (ply 3, the pattern), then 3.
    const [f] = await fixturesOf('overwrite', Buffer.from('(;GM[1]FF[4]SZ[9];B[aa];W[bb];AB[bb];W[cc])'));
    const rows = ['X........', '.X.......', ...new Array<string>(7).fill('.........')];
    const q = query({ pattern: rows.join('\n'), anchor: 'corner' });
    const hits = [{ ply: 3, continuation: { move: 'W[cc]', byFirst: false } }];
    expect(language.hits(q, f.game)).toEqual(hits);
    expect(language.signature!.hits!(q, language.signature!.of(f.game.plies))).toEqual(hits);
  });

  it('answers nothing (null) from a signature of version 2, whose corner events are not read: the game is replayed, its pre-filter still rules games out', () => {
    const f = games.find((g) => g.brute.width === 9)!;
    const v2 = Uint8Array.from(language.signature!.of(f.game.plies));
    v2[0] = 2;
    expect(language.signature!.hits!(query({ pattern: '*', size: 9 }), v2)).toBeNull();
    expect(language.signature!.mayHold(query({ pattern: '*', size: 9 }), v2)).toBe(true);
    expect(language.signature!.mayHold(query({ pattern: '*', size: 13 }), v2)).toBe(false);
  });

  it('answers nothing (null) from a signature of version 1, which has no corner events: the game is replayed', () => {
    const f = games.find((g) => g.brute.width === 9)!;
    const sig = language.signature!.of(f.game.plies);
    const v1 = Uint8Array.from(sig.subarray(0, cornerEventsOf(sig)!.start));
    v1[0] = 1;
    const q = query({ pattern: '*', size: 9 });
    expect(language.signature!.hits!(q, v1)).toBeNull();
    expect(language.signature!.mayHold(q, v1)).toBe(true);
  });
});
