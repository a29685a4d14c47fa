/**
 * The chess pattern language (issue 28) against a brute force: every fixture game (the samples
 * and the rated fixture) replayed again by chessops, not by tabula's codec, each position's
 * board written out as 64 letters and each pattern key tested on it naively, from the words of
 * docs/GAMES.md. The hits tabula finds on the plies its reader replays must be the brute force's:
 * the same games, the same plies (so the same first ones), the same moves played from them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as ChessopsFen from 'chessops/fen';
import type * as ChessopsPgn from 'chessops/pgn';
import type * as ChessopsSan from 'chessops/san';
import type { GameRecord, PlyRecord } from '../../../src/db/records';
import { pgnReader } from '../../../src/games/chess/formats';
import { chessPatterns } from '../../../src/games/chess/patterns';
import { type ChessQuery, materialKeyOf } from '../../../src/games/chess/patternQuery';
import { ChessSignatureBuilder, MaterialWalk, lastPlyThatMayHold } from '../../../src/games/chess/patternSignature';
import type { PatternGame, PatternHit, StoredPatternGame } from '../../../src/games/patterns';
import { importedGames } from '../../support/reread';
import { sample, sampleNames } from '../../support/sampleData';

/** A position as the brute force sees it: 64 letters from a1 to h8 ('.' empty), and who moves. */
interface BrutePly {
  squares: string;
  white: boolean;
  /** The move played next, as chessops writes its SAN; null at the end. */
  next: string | null;
}

interface Fixture {
  name: string;
  record: GameRecord;
  /** The main line as tabula's reader replays a stored game (every board written). */
  main: PlyRecord[];
  brute: BrutePly[];
  result: string;
  /**
   * The plies the two replays share: all of them, or, in a game with a move chessops refuses (an
   * ambiguous `Nd7`, a null move `--`, which tabula keeps and replays past), those before it but
   * the last (whose move played next the two see differently). Hits at a ply depend only on the
   * plies up to it and on its next move, so the comparison holds on this prefix.
   */
  compared: number;
}

/** A FEN board part as 64 letters from a1 ('.' for a square it leaves free). */
const squaresOf = (board: string): string =>
  board
    .split('/')
    .reverse()
    .map((rank) => rank.replace(/\d/g, (n) => '.'.repeat(Number(n))))
    .join('');

/** chessops is an ES module only: loaded by a real `import()`, which ts-jest's CommonJS output would rewrite. */
const importModule = new Function('name', 'return import(name)') as (name: string) => Promise<unknown>;
let chessops: typeof ChessopsFen & typeof ChessopsPgn & typeof ChessopsSan;

/** A game replayed by chessops from its own source text. */
function bruteReplay(source: Uint8Array): { plies: BrutePly[]; result: string } {
  const { makeBoardFen, makeSan, parsePgn, parseSan, startingPosition } = chessops;
  const text = new TextDecoder().decode(source);
  const [game] = parsePgn(text);
  const pos = startingPosition(game.headers).unwrap();
  const plies: BrutePly[] = [];
  for (const node of game.moves.mainline()) {
    const move = parseSan(pos, node.san);
    if (!move) break;
    plies.push({ squares: squaresOf(makeBoardFen(pos.board)), white: pos.turn === 'white', next: makeSan(pos, move) });
    pos.play(move);
  }
  plies.push({ squares: squaresOf(makeBoardFen(pos.board)), white: pos.turn === 'white', next: null });
  // The game's result is its Result tag (chessops would take a different termination marker over it).
  return { plies, result: /^\[Result "(.*)"\]/m.exec(text)?.[1] ?? '*' };
}

/** A tabula ply's board as the brute force writes one. */
const boardOf = (ply: PlyRecord): string => squaresOf(ply.position.board.split(' ')[0]);

const fixtures: Fixture[] = [];

beforeAll(async () => {
  const [fen, pgn, san] = await Promise.all(['chessops/fen', 'chessops/pgn', 'chessops/san'].map(importModule));
  chessops = { ...(fen as typeof ChessopsFen), ...(pgn as typeof ChessopsPgn), ...(san as typeof ChessopsSan) };
  const files = [
    ...sampleNames('chess', '.pgn').map((name) => ({ name, bytes: sample('chess', name) })),
    { name: 'rated-games.pgn', bytes: readFileSync(join(__dirname, '../../fixtures/chess/rated-games.pgn')) },
  ];
  for (const { name, bytes } of files) {
    for (const [i, record] of (await importedGames(pgnReader, bytes)).entries()) {
      const main = pgnReader.replay!(record.source, {})!.filter((p) => p.variation === '');
      const { plies, result } = bruteReplay(record.source);
      let same = 0;
      while (same < main.length && same < plies.length && boardOf(main[same]) === plies[same].squares) same++;
      const complete = same === main.length && same === plies.length;
      fixtures.push({ name: `${name} #${i}`, record, main, brute: plies, result, compared: complete ? same : same - 1 });
    }
  }
});

const patternGame = (f: Fixture, plies: readonly PlyRecord[] = f.main): PatternGame => ({
  plies,
  source: f.record.source,
  sourceFormat: f.record.sourceFormat,
  metadata: f.record.metadata ?? {},
  outcome: f.record.outcome,
  player1: f.record.player1 ?? null,
  player2: f.record.player2 ?? null,
});

// ---- The brute force: each key read from its text here, tested on the 64 letters. ----

type Condition = Record<string, unknown>;
const list = (v: unknown): string[] => (Array.isArray(v) ? (v as string[]) : [v as string]);

/** Letters sorted: a material's canonical text. */
const sorted = (letters: string): string => letters.split('').sort().join('');

/** A material text as its sorted letters, White upper case: `KQRkqr`, or Scoutfish's `KQRKQR` (Black from the second K). */
function materialLetters(text: string): string {
  if (/[a-z]/.test(text)) return sorted(text);
  const second = text.indexOf('K', 1);
  return sorted(text.slice(0, second) + text.slice(second).toLowerCase());
}

const ROLES = ['P', 'N', 'B', 'R', 'Q'];
const count = (s: string, ch: string): number => s.split(ch).length - 1;

/** White's count less Black's, for P N B R Q, of a position or of an imbalance text. */
const difference = (white: string, black: string): string => ROLES.map((r) => count(white, r) - count(black, r)).join(',');

function conditionHolds(cond: Condition, ply: BrutePly, result: string): boolean {
  for (const [key, value] of Object.entries(cond)) {
    if (key === 'sub-fen') {
      const fits = (pattern: string) => [...squaresOf(pattern)].every((ch, sq) => ch === '.' || ply.squares[sq] === ch);
      if (!list(value).some(fits)) return false;
    } else if (key === 'material') {
      if (!list(value).some((m) => materialLetters(m) === sorted(ply.squares.replace(/\./g, '')))) return false;
    } else if (key === 'imbalance') {
      const position = difference(ply.squares.replace(/[a-z.]/g, ''), ply.squares.replace(/[A-Z.]/g, '').toUpperCase());
      if (!list(value).some((text) => {
        const [w, b] = text.replace(/\s/g, '').split('v');
        return difference(w.toUpperCase(), b.toUpperCase()) === position;
      })) return false;
    } else if (key === 'side-to-move') {
      if ((value === 'white') !== ply.white) return false;
    } else if (key === 'result') {
      if (!list(value).includes(result)) return false;
    } else {
      throw new Error(`the brute force does not know ${key}`);
    }
  }
  return true;
}

/** A pattern's steps as the brute force reads them: each a list of conditions on consecutive plies. */
const stepsOf = (pattern: Condition): Condition[][] =>
  pattern.sequence
    ? (pattern.sequence as Condition[]).map((item) => (item.streak ? (item.streak as Condition[]) : [item]))
    : pattern.streak
      ? [pattern.streak as Condition[]]
      : [[pattern]];

/** The plies where the pattern holds, straight from its definition: every step ends after the one before it ended. */
function bruteHits(pattern: Condition, f: Fixture): PatternHit[] {
  const plies = f.brute;
  let ended: boolean[] = plies.map(() => true); // before the first step: any ply "before" will do
  let first = true;
  for (const step of stepsOf(pattern)) {
    const now = plies.map((_, p) => {
      const start = p - step.length + 1;
      if (start < 0) return false;
      if (!step.every((cond, i) => conditionHolds(cond, plies[start + i], f.result))) return false;
      return first || ended.some((e, q) => e && q < start);
    });
    ended = now;
    first = false;
  }
  return plies.flatMap((ply, p) => (ended[p] ? [{ ply: p, continuation: ply.next === null ? null : { move: ply.next, byFirst: ply.white } }] : []));
}

const read = (pattern: unknown): ChessQuery => {
  const r = chessPatterns.read(pattern);
  if (!r.ok) throw new Error(`${r.error.key}: ${r.error.message}`);
  return r.query;
};

const PATTERNS: Record<string, Condition> = {
  'a sub-fen': { 'sub-fen': '8/8/8/8/4P3/5N2/8/8' },
  'a list of sub-fens': { 'sub-fen': ['8/8/8/3q4/8/8/8/8', '8/8/8/8/2B5/8/8/8', 'r5k1/8/8/8/8/8/8/8'] },
  'a material by case': { material: 'KQRRBBNNPPPPPPPkqrrbbnnppppppp' },
  "a list of materials in Scoutfish's form": { material: ['KQRRBNPPPPPPPKQRRBNPPPPPPP', 'KRPPPPKRPPPP', 'KRRBNPPPPPKRRBNPPPPP'] },
  'an imbalance': { imbalance: 'vP' },
  'a list of imbalances': { imbalance: ['B v N', 'N v B', 'Q v RR'] },
  'a side to move with a sub-fen': { 'side-to-move': 'black', 'sub-fen': '8/8/8/8/3P4/2N5/8/8' },
  'a result with a sub-fen': { result: '1-0', 'sub-fen': '8/8/8/8/8/5N2/8/8' },
  'a list of results with an imbalance': { result: ['0-1', '1/2-1/2'], imbalance: 'Pv' },
  'a sequence': { sequence: [{ 'sub-fen': '8/8/8/8/8/5N2/8/8' }, { 'sub-fen': '8/8/8/8/2B5/8/8/8' }, { imbalance: 'vP' }] },
  'a streak': { streak: [{ imbalance: 'vP' }, { imbalance: 'vP' }, { imbalance: 'vP' }] },
  'a sequence holding a streak': {
    sequence: [{ 'side-to-move': 'white', 'sub-fen': '8/8/8/8/3P4/8/8/8' }, { streak: [{ imbalance: 'Pv' }, {}, { imbalance: 'Pv' }] }, { 'sub-fen': '8/8/8/8/8/8/8/6K1' }],
  },
};

describe('chess pattern hits against a brute force over the fixtures', () => {
  it('replays the main lines as chessops does, but for the few games with a move chessops refuses', () => {
    expect(fixtures.length).toBeGreaterThan(350);
    for (const f of fixtures) expect(f.main.map((p) => p.ply)).toEqual(f.main.map((_, i) => i));
    const partial = fixtures.filter((f) => f.compared < f.main.length).map((f) => f.name);
    expect(partial.length).toBeLessThan(20);
    for (const f of fixtures) expect(f.compared).toBeGreaterThan(0);
  });

  it.each(Object.keys(PATTERNS))('finds %s in some games and not in others', (name) => {
    const matching = fixtures.filter((f) => bruteHits(PATTERNS[name], f).length > 0).length;
    expect(matching).toBeGreaterThan(0);
    expect(matching).toBeLessThan(fixtures.length);
  });

  it.each(Object.keys(PATTERNS))('finds %s at the plies the brute force finds, with the moves played from them', (name) => {
    const query = read(PATTERNS[name]);
    for (const f of fixtures) {
      const hits = chessPatterns.hits(query, patternGame(f)).filter((h) => h.ply < f.compared);
      const expected = bruteHits(PATTERNS[name], f).filter((h) => h.ply < f.compared);
      expect({ game: f.name, hits }).toEqual({ game: f.name, hits: expected });
    }
  });
});

describe('chess pattern hits on the plies an import writes', () => {
  it.each(Object.keys(PATTERNS))('finds %s where the boards are left out as where they are written', (name) => {
    const query = read(PATTERNS[name]);
    // The import writes a ply's FEN only where it stores a score: the others are replayed by their moves.
    const importMain = (f: Fixture) => f.record.plies.filter((p) => p.variation === '');
    expect(fixtures.some((f) => importMain(f).some((p) => p.position.board === ''))).toBe(true);
    for (const f of fixtures) {
      expect({ game: f.name, hits: chessPatterns.hits(query, patternGame(f, importMain(f))) }).toEqual({ game: f.name, hits: chessPatterns.hits(query, patternGame(f)) });
    }
  });
});

describe("chess's own walk of a stored game (storedHits)", () => {
  const stored = (f: Fixture, source: Uint8Array = f.record.source, sourceFormat = f.record.sourceFormat): StoredPatternGame => ({
    source,
    sourceFormat,
    metadata: {},
    outcome: f.record.outcome,
    player1: null,
    player2: null,
    options: {},
  });

  it.each(Object.keys(PATTERNS))('finds %s at the same plies, with the same moves played from them, as on the replayed plies', (name) => {
    const query = read(PATTERNS[name]);
    let found = 0;
    for (const f of fixtures) {
      const hits = chessPatterns.hits(query, patternGame(f));
      expect({ game: f.name, hits: chessPatterns.storedHits!(query, stored(f)) }).toEqual({ game: f.name, hits });
      found += hits.length;
    }
    expect(found).toBeGreaterThan(0);
  });

  it('walks past a token it cannot play, with no move played from the ply before it', () => {
    const f = fixtures[0];
    const source = Buffer.from('[Event "x"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Qx9 Nc6 *\n');
    const game = { ...stored(f, source, 'PGN'), outcome: null };
    const query = read({ 'sub-fen': '8/8/8/4p3/4P3/8/8/8' });
    const replayed = pgnReader.replay!(source, {})!.filter((p) => p.variation === '');
    expect(chessPatterns.storedHits!(query, game)).toEqual(chessPatterns.hits(query, { ...game, plies: replayed }));
    expect(chessPatterns.storedHits!(query, game)).toEqual([
      { ply: 2, continuation: { move: 'Nf3', byFirst: true } },
      { ply: 3, continuation: null },
      { ply: 4, continuation: null },
    ]);
  });

  it('keeps the material through an en passant capture, a promotion and its recapture', () => {
    const f = fixtures[0];
    const source = Buffer.from('[Event "x"]\n[Result "*"]\n\n1. e4 f5 2. e5 d5 3. exd6 e6 4. dxc7 Qe7 5. cxb8=Q Rxb8 *\n');
    const game = { ...stored(f, source, 'PGN'), outcome: null };
    const replayed = pgnReader.replay!(source, {})!.filter((p) => p.variation === '');
    const found = (imbalance: string) => {
      const query = read({ imbalance });
      const hits = chessPatterns.storedHits!(query, game);
      expect(hits).toEqual(chessPatterns.hits(query, { ...game, plies: replayed }));
      return hits!.map((h) => [h.ply, h.continuation?.move ?? null]);
    };
    expect(found('P v')).toEqual([
      [5, 'e6'],
      [6, 'dxc7'],
    ]);
    expect(found('PP v')).toEqual([
      [7, 'Qe7'],
      [8, 'cxb8=Q'],
    ]);
    expect(found('QNP v')).toEqual([[9, 'Rxb8']]);
    expect(found('NP v')).toEqual([[10, null]]);
  });

  it('leaves to the import\'s replay (null) another format and a source that is not one game', () => {
    const f = fixtures[0];
    const query = read({ material: 'KQRRBBNNPPPPPPPPkqrrbbnnpppppppp' });
    expect(chessPatterns.storedHits!(query, stored(f, f.record.source, 'GAMETEXT'))).toBeNull();
    expect(chessPatterns.storedHits!(query, stored(f, Buffer.from('1. e4 e5 *\n\n1. d4 d5 *\n'), 'PGN'))).toBeNull();
    expect(chessPatterns.storedHits!(query, stored(f, Buffer.from('[FEN "not a fen"]\n\n1. e4 *\n'), 'PGN'))).toBeNull();
  });
});

describe('the chess pattern pre-filter', () => {
  const signature = chessPatterns.signature!;
  const signatures = new Map<Fixture, Uint8Array>();
  const signatureOf = (f: Fixture): Uint8Array => {
    if (!signatures.has(f)) signatures.set(f, signature.of(f.main));
    return signatures.get(f)!;
  };

  it('keeps a signature of at most 300 bytes a game, the same from the plies an import writes as from a replay', () => {
    for (const f of fixtures) {
      const sig = signature.of(f.main);
      expect(sig.length).toBeLessThanOrEqual(300);
      expect({ game: f.name, sig: Buffer.from(signature.of(f.record.plies)).toString('hex') }).toEqual({ game: f.name, sig: Buffer.from(sig).toString('hex') });
    }
  });

  it.each(Object.keys(PATTERNS))('never rules out a game where %s holds', (name) => {
    const query = read(PATTERNS[name]);
    for (const f of fixtures) {
      if (chessPatterns.hits(query, patternGame(f)).length > 0) expect({ game: f.name, may: signature.mayHold(query, signatureOf(f)) }).toEqual({ game: f.name, may: true });
    }
  });

  it.each(['a sub-fen', 'a list of sub-fens', 'a material by case', "a list of materials in Scoutfish's form", 'a list of imbalances', 'a sequence'])(
    'rules out games where %s never holds',
    (name) => {
      const query = read(PATTERNS[name]);
      const ruledOut = fixtures.filter((f) => !signature.mayHold(query, signatureOf(f))).length;
      expect(ruledOut).toBeGreaterThan(0);
    },
  );

  it('never rules out a game where a sub-fen of pieces taken from its own positions holds', () => {
    // A seeded generator: 1 to 5 pieces of a random position of a random game, then every game tested.
    let seed = 28;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    let ruledOut = 0;
    for (let t = 0; t < 60; t++) {
      const f = fixtures[random(fixtures.length)];
      const squares = f.brute[random(f.brute.length)].squares;
      const occupied = [...squares].flatMap((ch, sq) => (ch === '.' ? [] : [sq]));
      const kept = new Set(Array.from({ length: 1 + random(5) }, () => occupied[random(occupied.length)]));
      const board = [...squares].map((ch, sq) => (kept.has(sq) ? ch : '.')).join('');
      const fen = [7, 6, 5, 4, 3, 2, 1, 0].map((r) => board.slice(r * 8, r * 8 + 8).replace(/\.+/g, (run) => String(run.length))).join('/');
      const query = read({ 'sub-fen': fen });
      for (const g of fixtures) {
        const may = signature.mayHold(query, signatureOf(g));
        if (!may) ruledOut++;
        if (chessPatterns.hits(query, patternGame(g)).length > 0) expect({ fen, game: g.name, may }).toEqual({ fen, game: g.name, may: true });
      }
    }
    expect(ruledOut).toBeGreaterThan(0);
  });

  it('builds at import, from the boards its replay walks, the signature the plies give, but for what it keeps about the source', () => {
    for (const f of fixtures) {
      expect(f.record.patternSignature?.by).toBe(signature);
      const fromPlies = Buffer.from(signature.of(f.main)).toString('hex');
      // Byte 1, bits 4 to 7: the standard start, the packed moves and the outcome, which only the import reads; the moves at the end.
      const imported = withoutMoves(f.record.patternSignature!.bytes, f.main.length);
      expect({ game: f.name, sig: Buffer.from(imported).toString('hex') }).toEqual({ game: f.name, sig: fromPlies });
    }
  });

  it('rules a game out by its filters of the materials reached before it walks the changes', () => {
    const query = read(PATTERNS['an imbalance']);
    const f = fixtures.find((g) => chessPatterns.hits(query, patternGame(g)).length > 0)!;
    const sig = Uint8Array.from(signatureOf(f));
    expect(signature.mayHold(query, sig)).toBe(true);
    // Bytes 105..136: the filters of the imbalances and materials; cleared, no key may be there.
    sig.fill(0, 105, 137);
    expect(signature.mayHold(query, sig)).toBe(false);
    expect(signature.mayHold(read(PATTERNS['a sub-fen']), sig)).toBe(signature.mayHold(read(PATTERNS['a sub-fen']), signatureOf(f)));
  });

  it('still rules games out by a signature of version 1, stored before the material changes', () => {
    // The game 1. e4 f5 2. e5 d5 3. exd6 e6 4. dxc7 Qe7 5. cxb8=Q Rxb8, as version 1 wrote it (a Bloom filter of the materials reached).
    const v1 = Buffer.from(VERSION_1_SIGNATURE, 'hex');
    expect(v1.length).toBe(226);
    expect(signature.mayHold(read({ imbalance: 'QNP v' }), v1)).toBe(true);
    expect(signature.mayHold(read({ imbalance: 'QQ v' }), v1)).toBe(false);
    expect(signature.mayHold(read({ 'sub-fen': '8/8/8/8/4P3/8/8/8' }), v1)).toBe(true);
    expect(signature.mayHold(read({ 'sub-fen': '8/8/8/8/8/8/8/K7' }), v1)).toBe(false);
  });

  it('rules nothing out from a signature it does not know', () => {
    const query = read(PATTERNS['a sub-fen']);
    expect(signature.mayHold(query, new Uint8Array(0))).toBe(true);
    expect(signature.mayHold(query, new Uint8Array(226))).toBe(true);
  });
});

/** A version-3 signature of a game of `positions` positions as the plies give it: the flags about the source cleared, the packed moves left out. */
function withoutMoves(sig: Uint8Array, positions: number): Uint8Array {
  const moves = (sig[1] & 32) !== 0 ? 2 * (positions - 1) : 0;
  const out = Uint8Array.from(sig.subarray(0, sig.length - moves));
  out[1] &= 15;
  return out;
}

/** The same signature as version 2 wrote it (the material changes, no filters of the material, no moves nor outcome). */
const asVersion2 = (sig: Uint8Array, positions: number): Uint8Array => {
  const v3 = withoutMoves(sig, positions);
  // Version 3 keeps 32 bytes of filters after the start's material (byte 105 on).
  const out = Uint8Array.from([...v3.subarray(0, 105), ...v3.subarray(137)]);
  out[0] = 2;
  return out;
};

const VERSION_1_SIGNATURE =
  '010000ff00101008040042000000000000002400000000000000810000000000000008000000000000021000000000000000000000002810ff00000000000000004200000000000000240000000000000083000000000000100800000000000000100100000620040000000000000000000000411004401000000000000000000000000000000000008000000000000000002000000000000000000080020008000100000000000008000000040080000000008000000000008000000000000000000000001000440008000004004000000800000000000100000000000000000000';

/** The material key of a FEN board part, counted naively. */
const fenMaterial = (fen: string): number => {
  const counts = new Int8Array(16);
  for (const ch of fen.split(' ')[0]) {
    const role = 'PNBRQK'.indexOf(ch.toUpperCase());
    if (role >= 0) counts[(ch === ch.toLowerCase() ? 8 : 0) | (role + 1)]++;
  }
  return materialKeyOf(counts);
};

describe("chess's answers from the signature's material changes", () => {
  const signatureOf = (f: Fixture): Uint8Array => f.record.patternSignature!.bytes;
  const stored = (f: Fixture): StoredPatternGame => ({
    source: f.record.source,
    sourceFormat: f.record.sourceFormat,
    metadata: {},
    outcome: f.record.outcome,
    player1: null,
    player2: null,
    options: {},
  });
  const walked = (f: Fixture): MaterialWalk | null => {
    const walk = new MaterialWalk();
    return walk.start(signatureOf(f)) ? walk : null;
  };

  const signatureHits = (query: ChessQuery, sig: Uint8Array | null): PatternHit[] | null => (sig === null ? null : chessPatterns.signature!.hits!(query, sig));

  it('keeps the material of nearly every fixture game, and the moves of every game from the standard start but those with a null move or a kept token', () => {
    const kept = fixtures.filter((f) => walked(f) !== null);
    expect(kept.length).toBeGreaterThan(fixtures.length * 0.9);
    const standard = fixtures.filter((f) => !f.record.startFen);
    expect(standard.length).toBeGreaterThan(fixtures.length * 0.9);
    const unpacked = (f: Fixture): boolean => f.record.keptTokens! > 0 || f.main.some((p) => p.move === '--');
    for (const f of standard.filter((g) => !unpacked(g))) expect({ game: f.name, moves: walked(f)!.movesAt > 0 }).toEqual({ game: f.name, moves: true });
    expect(standard.filter(unpacked).length).toBeLessThan(10);
  });

  it.each(Object.keys(PATTERNS))('finds %s from the signature alone at the plies and with the moves the replay finds', (name) => {
    const query = read(PATTERNS[name]);
    let answered = 0;
    for (const f of fixtures) {
      const hits = signatureHits(query, signatureOf(f));
      if (hits === null) continue;
      answered++;
      expect({ game: f.name, hits }).toEqual({ game: f.name, hits: chessPatterns.hits(query, patternGame(f)) });
      expect({ game: f.name, hits: chessPatterns.storedHits!(query, stored(f)) }).toEqual({ game: f.name, hits });
    }
    expect(answered).toBeGreaterThan(fixtures.length * 0.9);
  });

  it('reads off the signature the material of every main-line ply, as its board counts it', () => {
    for (const f of fixtures) {
      const walk = walked(f);
      if (!walk) continue;
      const plies = f.main.map((p) => fenMaterial(p.position.board));
      const read = [walk.material];
      while (walk.next()) read.push(walk.material);
      expect({ game: f.name, material: read }).toEqual({ game: f.name, material: plies });
    }
  });

  it('finds the last ply the material lets a pattern hold at: past every hit, and short of the end in some games', () => {
    let short = 0;
    for (const name of Object.keys(PATTERNS)) {
      const query = read(PATTERNS[name]);
      for (const f of fixtures) {
        const last = lastPlyThatMayHold(query, signatureOf(f));
        if (last === null) continue;
        if (last < f.main.length - 1) short++;
        const hits = chessPatterns.hits(query, patternGame(f));
        expect({ game: f.name, pattern: name, past: hits.every((h) => h.ply <= last) }).toEqual({ game: f.name, pattern: name, past: true });
      }
    }
    expect(short).toBeGreaterThan(100);
  });

  it('leaves to the source a game whose signature keeps no moves: one of version 2, or built from plies alone', () => {
    const query = read(PATTERNS['a sequence']);
    const f = fixtures.find((g) => walked(g)!.movesAt > 0 && chessPatterns.hits(query, patternGame(g)).length > 0)!;
    const v2 = asVersion2(signatureOf(f), f.main.length);
    expect(signatureHits(query, v2)).toBeNull();
    expect(signatureHits(query, chessPatterns.signature!.of(f.main))).toBeNull();
    expect(chessPatterns.signature!.mayHold(query, v2)).toBe(true);
    expect(chessPatterns.storedHits!(query, stored(f))).toEqual(chessPatterns.hits(query, patternGame(f)));
  });

  it('reads the same material from a signature of version 2 as from version 3', () => {
    for (const f of fixtures.slice(0, 60)) {
      const a = walked(f);
      if (!a) continue;
      const b = new MaterialWalk();
      expect(b.start(asVersion2(signatureOf(f), f.main.length))).toBe(true);
      const materials = (w: MaterialWalk) => {
        const out = [w.material];
        while (w.next()) out.push(w.material);
        return out;
      };
      expect({ game: f.name, material: materials(b) }).toEqual({ game: f.name, material: materials(a) });
    }
  });

  const importedOne = async (text: string): Promise<StoredPatternGame & { plies: PlyRecord[]; signature: Uint8Array }> => {
    const [record] = await importedGames(pgnReader, Buffer.from(text));
    const plies = pgnReader.replay!(record.source, {})!.filter((p) => p.variation === '');
    return { source: record.source, sourceFormat: 'PGN', metadata: {}, outcome: record.outcome, player1: null, player2: null, options: {}, signature: record.patternSignature!.bytes, plies };
  };

  it('keeps the material through an en passant capture, a promotion that captures and its recapture', async () => {
    const game = await importedOne('[Event "x"]\n[Result "*"]\n\n1. e4 f5 2. e5 d5 3. exd6 e6 4. dxc7 Qe7 5. cxb8=Q Rxb8 *\n');
    const found = (imbalance: string) => {
      const query = read({ imbalance });
      const hits = signatureHits(query, game.signature);
      expect(hits).toEqual(chessPatterns.hits(query, game));
      return hits!.map((h) => [h.ply, h.continuation?.move ?? null]);
    };
    expect(found('PP v')).toEqual([
      [7, 'Qe7'],
      [8, 'cxb8=Q'],
    ]);
    expect(found('QNP v')).toEqual([[9, 'Rxb8']]);
    expect(found('NP v')).toEqual([[10, null]]);
  });

  it('keeps no moves of a game from a set-up position, which its source answers, Black moving first', async () => {
    const game = await importedOne('[Event "x"]\n[FEN "4k3/p7/8/8/8/8/3p4/R3K3 b Q - 0 1"]\n[SetUp "1"]\n[Result "*"]\n\n1... d1=Q+ 2. Kxd1 a5 3. Rxa5 Kd7 *\n');
    const walk = new MaterialWalk();
    expect(walk.start(game.signature) && walk.blackStarts).toBe(true);
    expect(walk.movesAt).toBe(-1);
    for (const pattern of [{ 'side-to-move': 'black' }, { 'side-to-move': 'white', imbalance: 'R v' }, { material: 'KRk' }]) {
      const query = read(pattern);
      expect(signatureHits(query, game.signature)).toBeNull();
      expect({ pattern, hits: chessPatterns.storedHits!(query, game) }).toEqual({ pattern, hits: chessPatterns.hits(query, game) });
    }
  });

  it('keeps the outcome the result gives, which a pattern of results reads', async () => {
    const moves = '1. f3 e5 2. g4 Qh4# ';
    const outcomes = await Promise.all(['0-1', '1-0', '1/2-1/2', '*'].map(async (result) => {
      const game = await importedOne(`[Event "x"]\n[Result "${result}"]\n\n${moves}${result}\n`);
      const walk = new MaterialWalk();
      walk.start(game.signature);
      return [walk.outcome, signatureHits(read({ result: '0-1', 'side-to-move': 'white' }), game.signature)?.map((h) => h.ply) ?? null];
    }));
    expect(outcomes).toEqual([
      ['SECOND', [0, 2, 4]],
      ['FIRST', []],
      ['DRAW', []],
      [null, []],
    ]);
  });

  it('moves on past stretches of more than 255 plies without a change', () => {
    const board = new Int8Array(64);
    board[4] = 6; // K e1
    board[60] = 14; // k e8
    board[8] = 1; // P a2
    board[48] = 9; // p a7
    const builder = new ChessSignatureBuilder();
    for (let p = 0; p < 600; p++) builder.add(board);
    board[48] = 0;
    builder.add(board);
    builder.add(board);
    const walk = new MaterialWalk();
    expect(walk.start(builder.result())).toBe(true);
    const materials = [walk.material];
    while (walk.next()) materials.push(walk.material);
    expect(materials.length).toBe(602);
    expect(new Set(materials.slice(0, 600)).size).toBe(1);
    expect(materials[599]).toBe(materialKeyOf(Int8Array.of(0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 1, 0)));
    expect(materials.slice(600)).toEqual([materialKeyOf(Int8Array.of(0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0)), materials[600]]);
  });

  it('keeps no material changes where a count passes 15, and then rules nothing out by material', () => {
    const board = new Int8Array(64);
    board[0] = 6;
    board[63] = 14;
    for (let sq = 8; sq < 24; sq++) board[sq] = 2; // 16 white knights
    const builder = new ChessSignatureBuilder();
    builder.add(board);
    const sig = builder.result();
    expect(new MaterialWalk().start(sig)).toBe(false);
    expect(chessPatterns.signature!.mayHold(read({ material: 'KQkq' }), sig)).toBe(true);
  });
});

describe('reading chess patterns', () => {
  it.each<[string, unknown, string, RegExp]>([
    ['a bad piece letter', { 'sub-fen': '8/8/8/8/8/8/8/7X' }, 'sub-fen', /rank 1 .*'X'/],
    ['a rank count', { 'sub-fen': '8/8/8/8' }, 'sub-fen', /4 ranks/],
    ['a rank of 9 squares', { 'sub-fen': '8/8/8/8/8/8/8/p8' }, 'sub-fen', /rank 1 .*more than 8 squares/],
    ['a rank of 7 squares', { 'sub-fen': 'k6/8/8/8/8/8/8/8' }, 'sub-fen', /rank 8 .*7 squares/],
    ['a full FEN', { 'sub-fen': '8/8/8/8/8/8/8/8 w - - 0 1' }, 'sub-fen', /side-to-move/],
    ['an item of a list', { 'sub-fen': ['8/8/8/8/8/8/8/8', 5] }, 'sub-fen[1]', /FEN board part, not the number 5/],
    ['a sub-fen in a sequence', { sequence: [{ material: 'KQk' }, { 'sub-fen': '9/8/8/8/8/8/8/8' }] }, 'sequence[1].sub-fen', /'9'/],
    ['an unknown key', { colour: 'white' }, 'colour', /unknown key 'colour'/],
    ['an unknown key in a streak', { streak: [{ pass: '' }] }, 'streak[0].pass', /unknown key/],
    ['a wrong side to move', { 'side-to-move': 1 }, 'side-to-move', /"white" or "black"/],
    ['a result', { sequence: [{ streak: [{ result: '2-0' }] }] }, 'sequence[0].streak[0].result', /not a result/],
    ['a material of one side', { material: 'KQ' }, 'material', /both sides/],
    ['a material with two white kings', { material: 'KQKk' }, 'material', /White 2 kings/],
    ['a material with a bad letter', { material: ['KQk', 'KXk'] }, 'material[1]', /'X' is not a piece letter/],
    ['a material of nine pawns', { material: 'KPPPPPPPPPk' }, 'material', /9 pawns/],
    ['an imbalance without v', { imbalance: 'QRR' }, 'imbalance', /one 'v'/],
    ['an imbalance with a king', { imbalance: 'K v Q' }, 'imbalance', /king/],
    ['an empty list', { imbalance: [] }, 'imbalance', /empty list/],
    ['a sequence beside other keys', { sequence: [{}], result: '1-0' }, 'result', /put 'result' in the sequence/],
    ['a sequence that is no list', { sequence: { material: 'KQk' } }, 'sequence', /list of conditions/],
    ['a nested sequence', { sequence: [{ sequence: [] }] }, 'sequence[0].sequence', /only at the top/],
    ['a streak item with another key', { sequence: [{ streak: [{}], material: 'Kk' }] }, 'sequence[0].material', /holds only the streak/],
    ['a pattern that is no object', ['KQk'], 'pattern', /object/],
  ])('names the key of %s', (_what, pattern, key, message) => {
    const r = chessPatterns.read(pattern);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.key).toBe(key);
      expect(r.error.message).toMatch(message);
    }
  });

  it('reads the same material by case and in Scoutfish\'s form, and an imbalance whatever the pieces both sides have', () => {
    const steps = (pattern: unknown) => read(pattern).steps;
    expect(steps({ material: 'KBNkpp' })).toEqual(steps({ material: 'KNBKPP' }));
    expect(steps({ imbalance: 'QP v RRP' })).toEqual(steps({ imbalance: 'q v rr' }));
  });
});
