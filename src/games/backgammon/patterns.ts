/**
 * The backgammon pattern language (`patternSearch`, issue 28): blunderDB's filters over the
 * positions of a game's main line, each seen from the side on roll (race or contact, pips,
 * checkers on points, blots, primes, the bar, checkers off, cube, score, the decision made),
 * and gnubg's verdicts on the decision made from a position (`minError`). A pattern is read by
 * patternQuery.ts; here it is tested on each ply, the key decoded once into a reused board, and
 * summed into a per-game signature that rules games out before their plies are read.
 */
import type { PlyRecord } from '../../db/records';
import type { PatternContinuation, PatternGame, PatternHit, PatternLanguage, PatternSignature, StoredPatternGame } from '../patterns';
import { backgammonExplorer } from './explorer';
import {
  M,
  type MatchFields,
  ON_ROLL,
  OPPONENT,
  barOf,
  blotsOf,
  decodeBoardInto,
  decodeMatchInto,
  hasContact,
  newBoard,
  newMatchFields,
  offOf,
  pipsOf,
  primeOf,
  signedPointOf,
} from './patternBoard';
import { type BackgammonPattern, type Range, type SideRanges, readBackgammonPattern } from './patternQuery';
import { type BackgammonReplay, NEXT_CHECKER, NEXT_CUBE, type PlyVisitor, replayMatSource, replaySgfSource } from './patternReplay';
import { decisionLosses } from './verdicts';

type BoardTest = (board: Int8Array) => boolean;
type MatchTest = (match: MatchFields) => boolean;

/** A pattern made into tests: those of the board alone, those that need the Match ID too. */
interface Compiled {
  /** The board's tests, those that rule out more positions moved first as a search goes (`boardHolds`). */
  board: BoardTest[];
  /** Positions each of `board` (by its place) has ruled out. */
  ruledOut: number[];
  match: MatchTest[];
  /** The decision asked for by structure (without `minError`, which asks gnubg's verdicts instead). */
  decision: BackgammonPattern['decision'];
  minError: number | undefined;
}

const within = (v: number, r: Range): boolean => v >= r[0] && v <= r[1];

const SIDES = [['player', ON_ROLL], ['opponent', OPPONENT]] as const;

/** Tests of a per-side count (`count(board, side start)`) against the pattern's ranges. */
const sideTests = (ranges: SideRanges | undefined, count: (board: Int8Array, side: number) => number, into: BoardTest[]): void => {
  if (!ranges) return;
  for (const [name, side] of SIDES) {
    const r = ranges[name];
    if (r) into.push((b) => within(count(b, side), r));
  }
};

/** The side on roll's points away from winning the match (seat `onRoll`'s own when `own`), or null in a money game. */
const awayOf = (m: MatchFields, own: boolean): number | null => {
  const length = m[M.matchLength];
  if (length === 0) return null;
  const seat = own ? m[M.onRoll] : 1 - m[M.onRoll];
  return length - m[seat === 0 ? M.score0 : M.score1];
};

const compile = (q: BackgammonPattern): Compiled => {
  const board: BoardTest[] = [];
  const match: MatchTest[] = [];
  if (q.race !== undefined) {
    const race = q.race;
    board.push((b) => hasContact(b) !== race);
  }
  sideTests(q.pips, pipsOf, board);
  if (q.pipDifference) {
    const r = q.pipDifference;
    board.push((b) => within(pipsOf(b, ON_ROLL) - pipsOf(b, OPPONENT), r));
  }
  for (const { point, range } of q.points ?? []) board.push((b) => within(signedPointOf(b, point), range));
  sideTests(q.blots, blotsOf, board);
  sideTests(q.prime, primeOf, board);
  sideTests(q.bar, barOf, board);
  sideTests(q.off, offOf, board);
  if (q.cube?.value) {
    const r = q.cube.value;
    match.push((m) => within(1 << m[M.cubeLog2], r));
  }
  const owner = q.cube?.owner;
  if (owner === 'centered') match.push((m) => m[M.owner] >= 2);
  else if (owner === 'player') match.push((m) => m[M.owner] === m[M.onRoll]);
  else if (owner === 'opponent') match.push((m) => m[M.owner] === 1 - m[M.onRoll]);
  const score = q.score;
  if (score) {
    for (const own of [true, false]) {
      const r = own ? score.player : score.opponent;
      if (r) match.push((m) => {
        const away = awayOf(m, own);
        return away !== null && within(away, r);
      });
    }
    if (score.crawford !== undefined) {
      const crawford = score.crawford ? 1 : 0;
      match.push((m) => m[M.crawford] === crawford);
    }
    if (score.matchLength) {
      const r = score.matchLength;
      match.push((m) => within(m[M.matchLength], r));
    }
  }
  return { board, ruledOut: board.map(() => 0), match, decision: q.minError === undefined ? q.decision : undefined, minError: q.minError };
};

const compiled = new WeakMap<BackgammonPattern, Compiled>();
const compiledOf = (q: BackgammonPattern): Compiled => {
  let c = compiled.get(q);
  if (!c) compiled.set(q, (c = compile(q)));
  return c;
};

/** What the move played from a position was: a checker play (`31: 8/5 6/5`, `11: no move`), a cube action, or something else (a resignation, a setup). */
type MoveKind = 'checker' | 'cube' | null;
const CUBE_ACTIONS = new Set(['double', 'beaver', 'take', 'drop']);
const moveKindOf = (move: string | null | undefined): MoveKind => {
  if (!move) return null;
  if (/^\d\d: /.test(move)) return 'checker';
  return CUBE_ACTIONS.has(move) ? 'cube' : null;
};

/** The side on roll may double: the game goes on, no double or resignation waits, not the Crawford game, the cube centred or its own. */
const mayDouble = (m: MatchFields): boolean =>
  m[M.state] === 1 && m[M.doubleOffered] === 0 && m[M.resignation] === 0 && m[M.crawford] === 0 && (m[M.owner] >= 2 || m[M.owner] === m[M.onRoll]);

/**
 * Whether the decision asked for was made from the position: `checker`, a roll was played;
 * `cube`, a cube action was played, or a roll was played where the side on roll could have
 * doubled (it chose not to).
 */
const decisionHolds = (decision: 'checker' | 'cube', kind: MoveKind, m: MatchFields): boolean =>
  decision === 'checker' ? kind === 'checker' : kind === 'cube' || (kind === 'checker' && mayDouble(m));

const needsMatch = (c: Compiled): boolean => c.match.length > 0 || c.decision === 'cube';

const board = newBoard();
const match = newMatchFields();

/**
 * Whether the board holds every board test of the pattern. A test that has ruled out more
 * positions than the one before it (by a margin) takes its place, so the tests that rule most
 * out are asked first (the answer is the same in any order: each test is pure).
 */
const boardHolds = (c: Compiled, b: Int8Array): boolean => {
  const tests = c.board;
  for (let i = 0; i < tests.length; i++) {
    if (tests[i](b)) continue;
    const ruledOut = c.ruledOut;
    if (++ruledOut[i] > (i > 0 ? ruledOut[i - 1] + 64 : Infinity)) {
      [tests[i - 1], tests[i]] = [tests[i], tests[i - 1]];
      [ruledOut[i - 1], ruledOut[i]] = [ruledOut[i], ruledOut[i - 1]];
    }
    return false;
  }
  return true;
};

/** Whether the ply's position holds the pattern's conditions on the board, the match and the move played (all but `minError`). */
const holdsAt = (c: Compiled, ply: PlyRecord): boolean => {
  const key = ply.position.key;
  if (c.board.length > 0) {
    if (!decodeBoardInto(key, board) || !boardHolds(c, board)) return false;
  }
  if (c.decision === 'checker' && moveKindOf(ply.nextMove) !== 'checker') return false;
  if (!needsMatch(c)) return true;
  if (!decodeMatchInto(key, match)) return false;
  for (const test of c.match) if (!test(match)) return false;
  return c.decision !== 'cube' || decisionHolds('cube', moveKindOf(ply.nextMove), match);
};

/**
 * The move played from a ply as the explorer counts it (`8/5 6/5`: the roll dropped, as the
 * explorer shows it) and whether player 1 (White) made it: the side that acts in the position
 * (gnubg's `fTurn`: the side on roll, or the side answering a double or a resignation).
 */
const continuationOf = (ply: PlyRecord): PatternContinuation | null => {
  const played = ply.explorerMove ?? ply.nextMove;
  if (!played) return null;
  const key = ply.position.key;
  const byFirst = decodeMatchInto(key, match) ? match[M.turn] === 0 : backgammonExplorer.moverIsFirst(ply.position.sideToMove ?? null);
  return { move: backgammonExplorer.shownMove(key, played), byFirst };
};

/** The plies of `at` whose decisions lost at least `minError` by gnubg's verdicts on `game` (none when it carries no analysis). */
const lostAtLeast = <T>(q: BackgammonPattern, minError: number, game: Parameters<typeof decisionLosses>[0], at: T[], plyOf: (t: T) => number): T[] => {
  const losses = decisionLosses(game, at.map(plyOf));
  if (!losses) return [];
  const { checker, cube } = losses;
  const lost =
    q.decision === 'checker'
      ? (i: number) => checker[i] >= minError
      : q.decision === 'cube'
        ? (i: number) => cube[i] >= minError
        : (i: number) => checker[i] >= minError || cube[i] >= minError;
  return at.filter((t) => lost(plyOf(t)));
};

const hits = (q: BackgammonPattern, game: PatternGame): PatternHit[] => {
  const c = compiledOf(q);
  const at: number[] = [];
  const { plies } = game;
  for (let i = 0; i < plies.length; i++) if (holdsAt(c, plies[i])) at.push(i);
  const kept = c.minError !== undefined && at.length > 0 ? lostAtLeast(q, c.minError, game, at, (i) => i) : at;
  return kept.map((i) => ({ ply: i, continuation: continuationOf(plies[i]) }));
};

/** `holdsAt` on the position a replay of the stored game reached, the move played next told by its kind (NEXT_*). */
const holdsOnReplay = (c: Compiled, replay: BackgammonReplay, next: number): boolean => {
  if (c.board.length > 0) {
    replay.boardInto(board);
    if (!boardHolds(c, board)) return false;
  }
  if (c.decision === 'checker' && next !== NEXT_CHECKER) return false;
  if (!needsMatch(c)) return true;
  replay.matchInto(match);
  for (const test of c.match) if (!test(match)) return false;
  return c.decision !== 'cube' || decisionHolds('cube', next === NEXT_CHECKER ? 'checker' : next === NEXT_CUBE ? 'cube' : null, match);
};

/**
 * The hits of `hits` found by replaying the stored game itself (patternReplay.ts: boards only, no
 * key written, the legality of a play using every die not checked again), each hit's continuation
 * written as the import wrote the move; null where the replay does not read the source as the
 * import did.
 */
const storedHits = (q: BackgammonPattern, game: StoredPatternGame): PatternHit[] | null => {
  const c = compiledOf(q);
  const found: PatternHit[] = [];
  const visitor: PlyVisitor = {
    at: (ply, next, replay) => {
      if (!holdsOnReplay(c, replay, next)) return false;
      found.push({ ply, continuation: null });
      return true;
    },
    played: (move, byFirst) => {
      found[found.length - 1].continuation = { move, byFirst };
    },
  };
  const read = game.sourceFormat === 'SGF' ? replaySgfSource(game.source, visitor) : game.sourceFormat === 'MAT' && replayMatSource(game, visitor);
  if (!read) return null;
  return c.minError !== undefined && found.length > 0 ? lostAtLeast(q, c.minError, game, found, (h) => h.ply) : found;
};

// ---------------------------------------------------------------- the per-game signature

/**
 * A game's signature (SIGNATURE_BYTES bytes): over its main line's positions, which kinds it
 * had (flags) and each count's least and greatest value, per side as seen from the side on roll.
 * Byte offsets below; 16-bit values little-endian.
 */
const S = {
  flags: 0,
  owners: 1,
  pipsPlayer: 2,
  pipsOpponent: 6,
  pipDifference: 10,
  blotsPlayer: 14,
  blotsOpponent: 16,
  primePlayer: 18,
  primeOpponent: 20,
  barPlayer: 22,
  barOpponent: 24,
  offPlayer: 26,
  offOpponent: 28,
  cubeLog2: 30,
  awayPlayer: 32,
  awayOpponent: 36,
  matchLength: 40,
  /** 26 points × 5 bits: which of the classes ≤ −2, −1, 0, 1, ≥ 2 the point's signed count took. */
  points: 44,
} as const;

/** Bytes of a signature. */
export const SIGNATURE_BYTES = 61;

const F_CONTACT = 1;
const F_RACE = 2;
const F_CHECKER = 4;
const F_CUBE = 8;
const F_CRAWFORD = 16;
const F_NOT_CRAWFORD = 32;

const O_CENTERED = 1;
const O_PLAYER = 2;
const O_OPPONENT = 4;

/** The class of a signed point count, 0..4 for ≤ −2, −1, 0, 1, ≥ 2. */
const classOf = (n: number): number => (n <= -2 ? 0 : n >= 2 ? 4 : n + 2);
/** The classes a range of signed counts reaches, as a 5-bit mask. */
const classMask = (r: Range): number => {
  let mask = 0;
  for (let k = classOf(r[0]); k <= classOf(r[1]); k++) mask |= 1 << k;
  return mask;
};

const pointBit = (point: number, cls: number): number => point * 5 + cls;

/** A signature under construction: ranges start empty (least above greatest). */
const emptySignature = (): { bytes: Uint8Array; view: DataView } => {
  const bytes = new Uint8Array(SIGNATURE_BYTES);
  const view = new DataView(bytes.buffer);
  for (const at of [S.pipsPlayer, S.pipsOpponent, S.matchLength]) view.setUint16(at, 0xffff, true);
  for (const at of [S.pipDifference, S.awayPlayer, S.awayOpponent]) {
    view.setInt16(at, 32767, true);
    view.setInt16(at + 2, -32768, true);
  }
  for (let at = S.blotsPlayer; at <= S.cubeLog2; at += 2) bytes[at] = 255;
  return { bytes, view };
};

const widenU8 = (bytes: Uint8Array, at: number, v: number): void => {
  if (v < bytes[at]) bytes[at] = v;
  if (v > bytes[at + 1]) bytes[at + 1] = v;
};
const widenU16 = (view: DataView, at: number, v: number): void => {
  if (v < view.getUint16(at, true)) view.setUint16(at, v, true);
  if (v > view.getUint16(at + 2, true)) view.setUint16(at + 2, v, true);
};
const widenI16 = (view: DataView, at: number, v: number): void => {
  if (v < view.getInt16(at, true)) view.setInt16(at, v, true);
  if (v > view.getInt16(at + 2, true)) view.setInt16(at + 2, v, true);
};

const signatureOf = (plies: readonly PlyRecord[]): Uint8Array => {
  const { bytes, view } = emptySignature();
  for (const ply of plies) {
    const key = ply.position.key;
    if (!decodeBoardInto(key, board) || !decodeMatchInto(key, match)) continue;
    bytes[S.flags] |= hasContact(board) ? F_CONTACT : F_RACE;
    const kind = moveKindOf(ply.nextMove);
    if (decisionHolds('checker', kind, match)) bytes[S.flags] |= F_CHECKER;
    if (decisionHolds('cube', kind, match)) bytes[S.flags] |= F_CUBE;
    bytes[S.flags] |= match[M.crawford] ? F_CRAWFORD : F_NOT_CRAWFORD;
    const owner = match[M.owner];
    bytes[S.owners] |= owner >= 2 ? O_CENTERED : owner === match[M.onRoll] ? O_PLAYER : O_OPPONENT;
    const pips = pipsOf(board, ON_ROLL);
    const oppPips = pipsOf(board, OPPONENT);
    widenU16(view, S.pipsPlayer, pips);
    widenU16(view, S.pipsOpponent, oppPips);
    widenI16(view, S.pipDifference, pips - oppPips);
    widenU8(bytes, S.blotsPlayer, blotsOf(board, ON_ROLL));
    widenU8(bytes, S.blotsOpponent, blotsOf(board, OPPONENT));
    widenU8(bytes, S.primePlayer, primeOf(board, ON_ROLL));
    widenU8(bytes, S.primeOpponent, primeOf(board, OPPONENT));
    widenU8(bytes, S.barPlayer, barOf(board, ON_ROLL));
    widenU8(bytes, S.barOpponent, barOf(board, OPPONENT));
    widenU8(bytes, S.offPlayer, offOf(board, ON_ROLL));
    widenU8(bytes, S.offOpponent, offOf(board, OPPONENT));
    widenU8(bytes, S.cubeLog2, match[M.cubeLog2]);
    const own = awayOf(match, true);
    const other = awayOf(match, false);
    if (own !== null) widenI16(view, S.awayPlayer, own);
    if (other !== null) widenI16(view, S.awayOpponent, other);
    widenU16(view, S.matchLength, match[M.matchLength]);
    for (let point = 0; point <= 25; point++) {
      const bit = pointBit(point, classOf(signedPointOf(board, point)));
      bytes[S.points + (bit >> 3)] |= 1 << (bit & 7);
    }
  }
  return bytes;
};

const meets = (r: Range, lo: number, hi: number): boolean => r[0] <= hi && r[1] >= lo;
const meetsU8 = (r: Range | undefined, bytes: Uint8Array, at: number): boolean => !r || meets(r, bytes[at], bytes[at + 1]);
const meetsU16 = (r: Range | undefined, view: DataView, at: number): boolean => !r || meets(r, view.getUint16(at, true), view.getUint16(at + 2, true));
const meetsI16 = (r: Range | undefined, view: DataView, at: number): boolean => !r || meets(r, view.getInt16(at, true), view.getInt16(at + 2, true));

/** False only when no position the signature sums can hold the pattern: every test below is implied by some position holding it. */
const mayHold = (q: BackgammonPattern, bytes: Uint8Array): boolean => {
  if (bytes.length !== SIGNATURE_BYTES) return true;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const flags = bytes[S.flags];
  if (q.race !== undefined && !(flags & (q.race ? F_RACE : F_CONTACT))) return false;
  if (q.decision === 'checker' && !(flags & F_CHECKER)) return false;
  // A cube verdict (minError) is on a position where the side on roll could double; the structural test alone is asked without one.
  if (q.decision === 'cube' && q.minError === undefined && !(flags & F_CUBE)) return false;
  if (!meetsU16(q.pips?.player, view, S.pipsPlayer) || !meetsU16(q.pips?.opponent, view, S.pipsOpponent)) return false;
  if (!meetsI16(q.pipDifference, view, S.pipDifference)) return false;
  const sides: [SideRanges | undefined, number, number][] = [
    [q.blots, S.blotsPlayer, S.blotsOpponent],
    [q.prime, S.primePlayer, S.primeOpponent],
    [q.bar, S.barPlayer, S.barOpponent],
    [q.off, S.offPlayer, S.offOpponent],
  ];
  for (const [r, player, opponent] of sides) if (!meetsU8(r?.player, bytes, player) || !meetsU8(r?.opponent, bytes, opponent)) return false;
  for (const { point, range } of q.points ?? []) {
    const mask = classMask(range);
    let seen = false;
    for (let cls = 0; cls < 5 && !seen; cls++) {
      const bit = pointBit(point, cls);
      if (mask & (1 << cls) && bytes[S.points + (bit >> 3)] & (1 << (bit & 7))) seen = true;
    }
    if (!seen) return false;
  }
  const cube = q.cube;
  if (cube?.value && !(bytes[S.cubeLog2] <= bytes[S.cubeLog2 + 1] && meets(cube.value, 1 << bytes[S.cubeLog2], 1 << bytes[S.cubeLog2 + 1]))) return false;
  if (cube?.owner && !(bytes[S.owners] & (cube.owner === 'centered' ? O_CENTERED : cube.owner === 'player' ? O_PLAYER : O_OPPONENT))) return false;
  const score = q.score;
  if (score) {
    if (!meetsI16(score.player, view, S.awayPlayer) || !meetsI16(score.opponent, view, S.awayOpponent)) return false;
    if (score.crawford !== undefined && !(flags & (score.crawford ? F_CRAWFORD : F_NOT_CRAWFORD))) return false;
    if (!meetsU16(score.matchLength, view, S.matchLength)) return false;
  }
  return true;
};

const signature: PatternSignature<BackgammonPattern> = { of: signatureOf, mayHold };

/** The backgammon pattern language: `read` (patternQuery.ts), `hits` on a game's main line, and the per-game signature. */
export const backgammonPatterns: PatternLanguage<BackgammonPattern> = {
  read: readBackgammonPattern,
  hits,
  storedHits,
  signature,
};
