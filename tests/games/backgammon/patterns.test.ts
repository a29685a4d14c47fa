/**
 * The backgammon pattern language (issue 28) against a brute force: every position of the
 * fixture games decoded again by the codecs' Position ID and Match ID decoders, its structure
 * counted naively on a 26-point signed board, and each pattern's own test written here again;
 * gnubg's verdicts read from the SGF's `A`/`DA` properties by this file. The language must find
 * the same plies with the same continuations, its signature must never rule out a game it finds
 * a ply in, and a malformed pattern names its key.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type MatchState, decodeMatchId, decodePositionId } from '../../../src/codecs/backgammon';
import type { GameRecord, PlyRecord } from '../../../src/db/records';
import { readerFor } from '../../../src/games/index';
import { backgammon } from '../../../src/games/backgammon';
import { matReader } from '../../../src/games/backgammon/mat';
import { type BackgammonPattern } from '../../../src/games/backgammon/patternQuery';
import type { PatternGame } from '../../../src/games/patterns';
import { importedGames } from '../../support/reread';
import { sample } from '../../support/sampleData';

const language = backgammon.patterns!;

const FIXTURES = ['gnubg107_analysed_5p.sgf', 'gnubg107_analysed_3p_crawford.sgf', 'gnubg107_analysed_money_beavers.sgf', 'hand_analysed_5p.sgf', 'gnubg107_export_gibbon_7point.mat', 'gnubg107_export_money_jacoby_beaver.mat'];
const SAMPLES = [
  'gibbon_7point.sgf', 'gibbon_edited.sgf', 'gnubg107_5p_double_dance_resign.sgf', 'gnubg107_5p_double_dance_resign.mat', 'gnubg107_9p_setup_position.sgf',
  'gnubg107_money_jacoby_beaver.sgf', 'gnubgparser_charlot1-charlot2_7p_2025-11-08-2305.sgf', 'gnubgparser_charlot1-charlot2_7p_2025-11-08-2305.mat', 'gnubgparser_gnubg_roll_then_resign_1p.mat',
];

interface Fixture {
  name: string;
  game: PatternGame;
}

const asPatternGame = (g: GameRecord): PatternGame => ({
  plies: g.plies,
  source: g.source,
  sourceFormat: g.sourceFormat,
  metadata: g.metadata ?? {},
  outcome: g.outcome ?? null,
  player1: g.player1 ?? null,
  player2: g.player2 ?? null,
});

let fixtures: Fixture[] = [];

beforeAll(async () => {
  const files = [...FIXTURES.map((f) => ({ f, bytes: readFileSync(join(__dirname, '../../fixtures/backgammon', f)) })), ...SAMPLES.map((f) => ({ f, bytes: sample('backgammon', f) }))];
  for (const { f, bytes } of files) {
    const games = await importedGames(f.endsWith('.mat') ? matReader : readerFor('SGF')!, bytes);
    games.forEach((g, i) => fixtures.push({ name: `${f} game ${i + 1}`, game: asPatternGame(g) }));
  }
  fixtures = fixtures.filter((x) => x.game.plies.length > 0);
});

// ------------------------------------------------------------------ the brute force

/** A position as this file reads it: 26 signed counts by the side on roll's point (0 = the opponent's bar, 25 = its own bar), and the match. */
interface View {
  pts: number[];
  match: MatchState;
  nextMove: string | null;
}

const viewOf = (ply: PlyRecord): View => {
  const [pid, mid] = ply.position.key.split(':');
  const board = decodePositionId(pid);
  const match = decodeMatchId(mid, { allowFinalScore: true });
  if (!board.ok || !match.ok) throw new Error(`${ply.position.key} does not decode`);
  const { onRoll, opponent } = board.value;
  const pts = new Array<number>(26).fill(0);
  for (let p = 1; p <= 24; p++) pts[p] = onRoll[p - 1] - opponent[24 - p];
  pts[25] = onRoll[24];
  pts[0] = -opponent[24];
  return { pts, match: match.value, nextMove: ply.nextMove ?? null };
};

const mine = (v: View, p: number) => Math.max(v.pts[p], 0);
const theirs = (v: View, p: number) => Math.max(-v.pts[p], 0);
const sum = (f: (p: number) => number) => {
  let s = 0;
  for (let p = 0; p <= 25; p++) s += f(p);
  return s;
};
const pips = (v: View) => sum((p) => mine(v, p) * p);
const oppPips = (v: View) => sum((p) => theirs(v, p) * (25 - p));
const off = (v: View) => 15 - sum((p) => mine(v, p));
const oppOff = (v: View) => 15 - sum((p) => theirs(v, p));
const points24 = (v: View) => v.pts.slice(1, 25);
const blots = (v: View) => points24(v).filter((n) => n === 1).length;
const oppBlots = (v: View) => points24(v).filter((n) => n === -1).length;
const longestRun = (ok: boolean[]) => {
  let best = 0;
  let run = 0;
  for (const x of ok) best = Math.max(best, (run = x ? run + 1 : 0));
  return best;
};
const prime = (v: View) => longestRun(points24(v).map((n) => n >= 2));
const oppPrime = (v: View) => longestRun(points24(v).map((n) => n <= -2));
const bar = (v: View) => v.pts[25];
const oppBar = (v: View) => -v.pts[0];
/** Some checker of the side on roll still has to pass some checker of the other side. */
const contact = (v: View) => v.pts.some((n, p) => n > 0 && v.pts.slice(0, p).some((m) => m < 0));
const seatOwner = (v: View): 'centered' | 'player' | 'opponent' =>
  v.match.cubeOwner === 'CENTERED' ? 'centered' : (v.match.cubeOwner === 'PLAYER0') === (v.match.diceOwner === 0) ? 'player' : 'opponent';
const away = (v: View, own: boolean): number | null =>
  v.match.matchLength === 0 ? null : v.match.matchLength - v.match.score[own ? v.match.diceOwner : 1 - v.match.diceOwner];
const playedKind = (v: View) => (!v.nextMove ? null : /^\d\d: /.test(v.nextMove) ? 'checker' : ['double', 'beaver', 'take', 'drop'].includes(v.nextMove) ? 'cube' : null);
const couldDouble = (v: View) =>
  v.match.gameState === 'PLAYING' && !v.match.doubleOffered && v.match.resignation === 0 && !v.match.crawford && seatOwner(v) !== 'opponent';
const cubeDecision = (v: View) => playedKind(v) === 'cube' || (playedKind(v) === 'checker' && couldDouble(v));
const inRange = (x: number | null, lo: number, hi: number) => x !== null && x >= lo && x <= hi;

/** The plies of each fixture game where `holds` says the position matches. */
const bruteForce = (holds: (v: View, ply: number, f: Fixture) => boolean): number[][] =>
  fixtures.map((f) => f.game.plies.flatMap((ply, i) => (holds(viewOf(ply), i, f) ? [i] : [])));

const read = (pattern: unknown): BackgammonPattern => {
  const r = language.read(pattern);
  if (!r.ok) throw new Error(`${r.error.key}: ${r.error.message}`);
  return r.query;
};

const found = (pattern: unknown): number[][] => {
  const q = read(pattern);
  return fixtures.map((f) => language.hits(q, f.game).map((h) => h.ply));
};

/** The continuations of the plies, counted as `move|byFirst`: the move played next without its roll, by the side that acts (the Match ID's turn). */
const countContinuations = (plies: number[][]): Map<string, number> => {
  const counts = new Map<string, number>();
  plies.forEach((list, g) => {
    for (const i of list) {
      const ply = fixtures[g].game.plies[i];
      if (!ply.nextMove) continue;
      const v = viewOf(ply);
      const key = `${ply.nextMove.replace(/^\d\d: /, '')}|${v.match.turn === 0}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  });
  return counts;
};

const continuationsFound = (pattern: unknown): Map<string, number> => {
  const q = read(pattern);
  const counts = new Map<string, number>();
  for (const f of fixtures)
    for (const h of language.hits(q, f.game)) {
      if (!h.continuation) continue;
      const key = `${h.continuation.move}|${h.continuation.byFirst}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  return counts;
};

const total = (plies: number[][]) => plies.reduce((n, l) => n + l.length, 0);

// ------------------------------------------------------------------ structural patterns

const STRUCTURAL: [string, unknown, (v: View) => boolean][] = [
  ['a race', { race: true }, (v) => !contact(v)],
  ['contact', { contact: true }, contact],
  ['the side on roll at 80 to 120 pips', { pips: [80, 120] }, (v) => inRange(pips(v), 80, 120)],
  ['the opponent at 150 pips or more', { pips: { opponent: { min: 150 } } }, (v) => oppPips(v) >= 150],
  ['the side on roll ahead by 20 pips or more', { pipDifference: { max: -20 } }, (v) => pips(v) - oppPips(v) <= -20],
  ["at least 2 on the opponent's 5-point", { points: { opp5: { min: 2 } } }, (v) => v.pts[20] >= 2],
  ["the opponent holding the side on roll's 5-point", { points: { '5': { max: -2 } } }, (v) => v.pts[5] <= -2],
  [
    'the 6 and 7 points made, as a 26-entry array with wildcards',
    { points: ['*', ...Array(5).fill(null), { min: 2 }, [2, null], ...Array(18).fill('*')] },
    (v) => v.pts[6] >= 2 && v.pts[7] >= 2,
  ],
  ['a checker of the side on roll on the bar, named as a point', { points: { bar: { min: 1 } } }, (v) => v.pts[25] >= 1],
  ['two blots or more of the side on roll and none of the opponent', { blots: { player: { min: 2 }, opponent: 0 } }, (v) => blots(v) >= 2 && oppBlots(v) === 0],
  ['a 4-prime of the side on roll', { prime: 4 }, (v) => prime(v) >= 4],
  ["the opponent's longest prime 3 or 4 points", { prime: { opponent: [3, 4] } }, (v) => inRange(oppPrime(v), 3, 4)],
  ['the opponent on the bar', { bar: { opponent: { min: 1 } } }, (v) => oppBar(v) >= 1],
  ['a race with a checker off', { race: true, off: { player: { min: 1 } } }, (v) => !contact(v) && off(v) >= 1],
  ['the opponent with 5 or more off', { off: { opponent: { min: 5 } } }, (v) => oppOff(v) >= 5],
  ['the side on roll owning a cube at 2', { cube: { value: 2, owner: 'player' } }, (v) => v.match.cubeValue === 2 && seatOwner(v) === 'player'],
  ['a centred cube', { cube: { owner: 'centered' } }, (v) => seatOwner(v) === 'centered'],
  ['a cube at 4 or more', { cube: { min: 4 } }, (v) => v.match.cubeValue >= 4],
  ['2-away, the opponent 3-away or more', { score: { player: 2, opponent: { min: 3 } } }, (v) => away(v, true) === 2 && (away(v, false) ?? -1) >= 3],
  ['the Crawford game', { score: { crawford: true } }, (v) => v.match.crawford],
  ['a money game', { score: { matchLength: 0 } }, (v) => v.match.matchLength === 0],
  ['a cube decision', { decision: 'cube' }, cubeDecision],
  ['a checker play in contact', { decision: 'checker', contact: true }, (v) => playedKind(v) === 'checker' && contact(v)],
  [
    'the opponent on the bar, with open ranges and wildcards',
    { bar: { opponent: { min: 1 } }, points: { '1': [null, null], '2': '*' }, prime: { player: { min: 1 } }, blots: { opponent: [0, 15] } },
    (v) => oppBar(v) >= 1 && prime(v) >= 1,
  ],
];

describe('structural patterns against a brute force over the fixture games', () => {
  it.each(STRUCTURAL)('finds the same plies: %s', (_name, pattern, holds) => {
    const expected = bruteForce(holds);
    expect(total(expected)).toBeGreaterThan(0);
    expect(found(pattern)).toEqual(expected);
  });

  it.each(STRUCTURAL)('counts the same continuations: %s', (_name, pattern, holds) => {
    expect(continuationsFound(pattern)).toEqual(countContinuations(bruteForce(holds)));
  });

  it('gives a continuation at every hit but a game\'s last ply, the move without its roll', () => {
    const q = read({ race: true });
    for (const f of fixtures)
      for (const h of language.hits(q, f.game)) {
        const next = f.game.plies[h.ply].nextMove;
        if (!next) expect(h.continuation).toBeNull();
        else expect(h.continuation?.move).toBe(next.replace(/^\d\d: /, ''));
      }
  });

  it('says the side answering a double made the take, not the doubler on roll (after a beaver, the doubler)', () => {
    const q = read({ decision: 'cube' });
    const takes = fixtures.flatMap((f) =>
      language.hits(q, f.game)
        .filter((h) => h.continuation?.move === 'take')
        .map((h) => ({ h, beaver: f.game.plies[h.ply].move === 'beaver', v: viewOf(f.game.plies[h.ply]) })),
    );
    expect(takes.filter((t) => t.beaver).length).toBeGreaterThan(0);
    expect(takes.filter((t) => !t.beaver).length).toBeGreaterThan(0);
    for (const { h, beaver, v } of takes) expect(h.continuation!.byFirst).toBe(beaver ? v.match.diceOwner === 0 : v.match.diceOwner !== 0);
  });
});

// ------------------------------------------------------------------ random patterns

/** A condition both written as a pattern key and tested on a view. */
interface Condition {
  key: string;
  value: unknown;
  holds: (v: View) => boolean;
}

/** A deterministic pseudo-random sequence (mulberry32). */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** Random conditions around a position's own values (so that some hold), each on its own key. */
const randomConditions = (rnd: () => number, v: View): Condition[] => {
  const int = (n: number) => Math.floor(rnd() * n);
  const around = (x: number, spread: number): [number, number] => [x - int(spread + 1), x + int(spread + 1)];
  const sides = (key: string, mineOf: (v: View) => number, theirsOf: (v: View) => number, spread: number): Condition => {
    const which = int(3);
    const a = around(mineOf(v), spread);
    const b = around(theirsOf(v), spread);
    if (which === 0) return { key, value: { min: a[0], max: a[1] }, holds: (w) => inRange(mineOf(w), a[0], a[1]) };
    if (which === 1) return { key, value: { opponent: b }, holds: (w) => inRange(theirsOf(w), b[0], b[1]) };
    return { key, value: { player: a, opponent: { min: b[0], max: b[1] } }, holds: (w) => inRange(mineOf(w), a[0], a[1]) && inRange(theirsOf(w), b[0], b[1]) };
  };
  const all: (() => Condition)[] = [
    () => (rnd() < 0.5 ? { key: 'race', value: !contact(v), holds: (w) => contact(w) === contact(v) } : { key: 'contact', value: contact(v), holds: (w) => contact(w) === contact(v) }),
    () => sides('pips', pips, oppPips, 40),
    () => {
      const r = around(pips(v) - oppPips(v), 30);
      return { key: 'pipDifference', value: r, holds: (w) => inRange(pips(w) - oppPips(w), r[0], r[1]) };
    },
    () => sides('blots', blots, oppBlots, 1),
    () => sides('bar', bar, oppBar, 1),
    () => sides('off', off, oppOff, 2),
    () => {
      const n = Math.max(1, prime(v) - int(2));
      return { key: 'prime', value: n, holds: (w) => prime(w) >= n };
    },
    () => {
      const p = int(26);
      const name = p === 25 ? 'bar' : p === 0 ? 'oppBar' : rnd() < 0.5 ? String(p) : `opp${25 - p}`;
      const r = around(v.pts[p], 1);
      return { key: 'points', value: { [name]: r }, holds: (w) => inRange(w.pts[p], r[0], r[1]) };
    },
    () => {
      const owner = seatOwner(v);
      const value = v.match.cubeValue;
      return rnd() < 0.5
        ? { key: 'cube', value: { owner }, holds: (w) => seatOwner(w) === owner }
        : { key: 'cube', value: { value: [1, value] }, holds: (w) => w.match.cubeValue <= value };
    },
    () => {
      const mineAway = away(v, true);
      if (mineAway === null || rnd() < 0.3) return { key: 'score', value: { crawford: v.match.crawford }, holds: (w) => w.match.crawford === v.match.crawford };
      const r = around(mineAway, 1);
      return { key: 'score', value: { player: r }, holds: (w) => inRange(away(w, true), r[0], r[1]) };
    },
    () => {
      const kind = rnd() < 0.5 ? 'checker' : 'cube';
      return { key: 'decision', value: kind, holds: (w) => (kind === 'checker' ? playedKind(w) === 'checker' : cubeDecision(w)) };
    },
  ];
  const picked = new Set<number>();
  const n = 1 + int(3);
  while (picked.size < n) picked.add(int(all.length));
  return [...picked].map((i) => all[i]());
};

describe('random patterns against the brute force', () => {
  it('finds the same plies as the brute force for 150 random patterns, and the signature never rules their games out', () => {
    const rnd = random(28);
    const signatures = fixtures.map((f) => language.signature!.of(f.game.plies));
    let matched = 0;
    for (let k = 0; k < 150; k++) {
      const f = fixtures[Math.floor(rnd() * fixtures.length)];
      const v = viewOf(f.game.plies[Math.floor(rnd() * f.game.plies.length)]);
      const conditions = randomConditions(rnd, v);
      const pattern = Object.fromEntries(conditions.map((c) => [c.key, c.value]));
      const expected = bruteForce((w) => conditions.every((c) => c.holds(w)));
      const q = read(pattern);
      const hits = fixtures.map((g) => language.hits(q, g.game).map((h) => h.ply));
      expect({ pattern, hits }).toEqual({ pattern, hits: expected });
      fixtures.forEach((_g, i) => {
        if (hits[i].length > 0) expect({ pattern, game: fixtures[i].name, mayHold: language.signature!.mayHold(q, signatures[i]) }).toEqual({ pattern, game: fixtures[i].name, mayHold: true });
      });
      matched += total(hits);
    }
    expect(matched).toBeGreaterThan(150);
  });
});

// ------------------------------------------------------------------ gnubg's verdicts

/** The nodes of a stored gnubg game after its root, one a line as gnubg writes them. */
const nodeLines = (f: Fixture): string[] =>
  Buffer.from(f.game.source)
    .toString('utf8')
    .split(/\r?\n/)
    .filter((l) => l.startsWith(';'));

/** A checker play's loss from its `A` property: the best candidate's equity minus the played one's. */
const checkerLoss = (node: string): number | null => {
  const m = /(?<![A-Z])A\[(\d+)\]((?:\[[^\]]*\])+)/.exec(node);
  if (!m) return null;
  const equities = [...m[2].matchAll(/\[([^\]]*)\]/g)].map((c) => Number(c[1].trim().split(/\s+/)[9]));
  return Math.max(...equities) - equities[Number(m[1])];
};

/** A money cube decision's loss from its `DA` property (cubeful no double and double/take; a pass is worth 1), by the node's action; null for a beaver. */
const moneyCubeLoss = (node: string, beaver: boolean): number | null => {
  const m = /DA\[E ver 3 ([^\]]*)\]/.exec(node);
  if (!m || beaver) return null;
  const words = m[1].trim().split(/\s+/).map(Number);
  const nd = words[10];
  const dt = words[17];
  const best = Math.max(nd, Math.min(dt, 1));
  if (/^;[BW]\[double\]/.test(node)) return best - Math.min(dt, 1);
  if (/^;[BW]\[take\]/.test(node)) return Math.max(-dt, -1) + dt;
  if (/^;[BW]\[drop\]/.test(node)) return Math.max(-dt, -1) + 1;
  return best - nd;
};

/** Per ply of an analysed game, the losses its nodes' analysis gives (node k is ply k, made from the position of ply k − 1). */
const lossesOf = (f: Fixture): { checker: (number | null)[]; cube: (number | null)[] } => {
  const lines = nodeLines(f);
  const checker: (number | null)[] = f.game.plies.map(() => null);
  const cube: (number | null)[] = f.game.plies.map(() => null);
  lines.forEach((node, j) => {
    const ply = j + 1;
    // The node read here is the ply the import made of it.
    const action = /^;[BW]\[([^\]]*)\]/.exec(node)?.[1] ?? '';
    const move = f.game.plies[ply].move ?? '';
    expect(/^\d/.test(action)).toBe(/^\d\d: /.test(move));
    const beaver = action === 'double' && /^;[BW]\[double\]/.test(lines[j - 1] ?? '');
    checker[ply - 1] = checkerLoss(node);
    cube[ply - 1] = moneyCubeLoss(node, beaver);
  });
  return { checker, cube };
};

const analysed = (name: string) => (f: Fixture) => f.name.startsWith(name);

describe('gnubg verdicts (minError) against the SGF analysis read here', () => {
  const matchFiles = ['gnubg107_analysed_5p.sgf', 'gnubg107_analysed_3p_crawford.sgf', 'hand_analysed_5p.sgf', 'gnubgparser_charlot1-charlot2_7p_2025-11-08-2305.sgf'];

  it.each([0.02, 0.08])('finds the checker plays that lost %s or more in the match games', (min) => {
    const q = read({ decision: 'checker', minError: min });
    let n = 0;
    for (const f of fixtures.filter((x) => matchFiles.some((m) => analysed(m)(x)))) {
      const { checker } = lossesOf(f);
      const expected = checker.flatMap((loss, i) => (loss !== null && loss >= min - 1e-12 ? [i] : []));
      expect({ game: f.name, plies: language.hits(q, f.game).map((h) => h.ply) }).toEqual({ game: f.name, plies: expected });
      n += expected.length;
    }
    expect(n).toBeGreaterThan(5);
  });

  it('finds the decisions, checker or cube, that lost 0.08 or more in the money session, with their continuations', () => {
    const q = read({ minError: 0.08 });
    const money = fixtures.filter(analysed('gnubg107_analysed_money_beavers.sgf'));
    const expected = money.map((f) => {
      const { checker, cube } = lossesOf(f);
      return checker.flatMap((c, i) => ((c ?? -1) >= 0.08 || (cube[i] ?? -1) >= 0.08 ? [i] : []));
    });
    expect(total(expected)).toBeGreaterThan(3);
    expect(money.map((f) => language.hits(q, f.game).map((h) => h.ply))).toEqual(expected);
    const moves = money.flatMap((f, g) => expected[g].map((i) => f.game.plies[i].nextMove!.replace(/^\d\d: /, '')));
    expect(money.flatMap((f) => language.hits(q, f.game).map((h) => h.continuation!.move))).toEqual(moves);
  });

  it('finds the cube decisions that lost 0.02 or more in the money session, missed doubles included', () => {
    const q = read({ decision: 'cube', minError: 0.02 });
    const money = fixtures.filter(analysed('gnubg107_analysed_money_beavers.sgf'));
    const expected = money.map((f) => lossesOf(f).cube.flatMap((c, i) => ((c ?? -1) >= 0.02 ? [i] : [])));
    expect(total(expected)).toBeGreaterThan(1);
    expect(money.map((f) => language.hits(q, f.game).map((h) => h.ply))).toEqual(expected);
  });

  it('keeps only the positions that also hold the rest of the pattern', () => {
    const pattern = { decision: 'checker', minError: 0.03, contact: true, pips: { player: { min: 100 } } };
    const q = read(pattern);
    for (const f of fixtures.filter((x) => matchFiles.some((m) => analysed(m)(x)))) {
      const { checker } = lossesOf(f);
      const expected = checker.flatMap((loss, i) => {
        const v = viewOf(f.game.plies[i]);
        return loss !== null && loss >= 0.03 && contact(v) && pips(v) >= 100 ? [i] : [];
      });
      expect({ game: f.name, plies: language.hits(q, f.game).map((h) => h.ply) }).toEqual({ game: f.name, plies: expected });
    }
  });

  it('never matches a game without analysis (a .mat game, an unanalysed SGF game)', () => {
    const q = read({ minError: 0 });
    const bare = fixtures.filter((f) => f.name.includes('.mat') || f.name.startsWith('gibbon_7point.sgf'));
    expect(bare.length).toBeGreaterThan(10);
    for (const f of bare) expect(language.hits(q, f.game)).toEqual([]);
    expect(language.hits(q, fixtures.find(analysed('gnubg107_analysed_5p.sgf'))!.game).length).toBeGreaterThan(10);
  });

  it('never has its signature rule out a game with a verdict found', () => {
    for (const pattern of [{ minError: 0.05 }, { decision: 'cube', minError: 0.01 }, { decision: 'checker', minError: 0.1, contact: true }]) {
      const q = read(pattern);
      for (const f of fixtures) if (language.hits(q, f.game).length > 0) expect(language.signature!.mayHold(q, language.signature!.of(f.game.plies))).toBe(true);
    }
  });
});

// ------------------------------------------------------------------ the signature

describe('the per-game signature', () => {
  it('holds at most 64 bytes a game', () => {
    for (const f of fixtures) expect(language.signature!.of(f.game.plies).length).toBeLessThanOrEqual(64);
  });

  it.each(STRUCTURAL)('never rules out a game the pattern is found in: %s', (_name, pattern) => {
    const q = read(pattern);
    for (const f of fixtures) if (language.hits(q, f.game).length > 0) expect(language.signature!.mayHold(q, language.signature!.of(f.game.plies))).toBe(true);
  });

  it.each([
    ['the Crawford game', { score: { crawford: true } }],
    ['a cube at 4 or more', { cube: { min: 4 } }],
    ['a 6-prime of the opponent', { prime: { opponent: 6 } }],
    ["the opponent's checkers on the side on roll's 20-point and a race", { race: true, points: { '20': { max: -1 } } }],
  ])('rules out games that cannot hold it: %s', (_name, pattern) => {
    const q = read(pattern);
    const ruledOut = fixtures.filter((f) => !language.signature!.mayHold(q, language.signature!.of(f.game.plies)));
    expect(ruledOut.length).toBeGreaterThan(0);
    for (const f of ruledOut) expect(language.hits(q, f.game)).toEqual([]);
  });
});

// ------------------------------------------------------------------ malformed patterns

describe('malformed patterns', () => {
  it.each([
    ['a pattern that is not an object', [1, 2], 'pattern', 'not a JSON object'],
    ['an empty pattern', {}, 'pattern', 'names no condition'],
    ['an unknown key', { pip: 100 }, 'pip', 'not a backgammon pattern key'],
    ['a range upside down', { pips: { player: { min: 120, max: 80 } } }, 'pips.player', 'min 120 is above max 80'],
    ['a bound that is not a whole number', { pips: { min: 1.5 } }, 'pips.min', 'not a whole number'],
    ['a range array of three', { pipDifference: [1, 2, 3] }, 'pipDifference', 'two entries'],
    ['a range outside what a position holds', { blots: 16 }, 'blots', 'outside what a position can hold'],
    ['a side that is not one', { bar: { player: 1, both: 2 } }, 'bar.both', 'not a side'],
    ['a point that is not one', { points: { opp25: 2 } }, 'points.opp25', 'not a point'],
    ['a points array of the wrong length', { points: [0, 1] }, 'points', '26 entries'],
    ['a bad entry of a points array', { points: [...Array(20).fill('*'), 'x', ...Array(5).fill('*')] }, 'points[20]', 'not a range'],
    ['a cube owner that is not one', { cube: { owner: 'me' } }, 'cube.owner', 'not "centered"'],
    ['a score key that is not one', { score: { away: 2 } }, 'score.away', 'not a score key'],
    ['a Crawford flag that is not a boolean', { score: { crawford: 'yes' } }, 'score.crawford', 'not true or false'],
    ['a decision that is not one', { decision: 'both' }, 'decision', 'not "checker" or "cube"'],
    ['a negative minError', { minError: -0.1 }, 'minError', 'not an equity of 0 or more'],
    ['race and contact contradicting each other', { race: true, contact: true }, 'contact', 'contradicts race'],
  ])('names the key of %s', (_name, pattern, key, message) => {
    const r = language.read(pattern);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.key).toBe(key);
    expect(r.error.message).toContain(message);
  });

  it('reads ranges in every form to the same query', () => {
    const forms = [{ pips: [80, 120] }, { pips: { min: 80, max: 120 } }, { pips: { player: [80, 120] } }, { pips: { player: { min: 80, max: 120 } } }];
    for (const f of forms) expect(read(f)).toEqual({ pips: { player: [80, 120] } });
    expect(read({ points: { opp5: { min: 2 } } })).toEqual(read({ points: { '20': [2, null] } }));
    expect(read({ race: false })).toEqual(read({ contact: true }));
  });
});
