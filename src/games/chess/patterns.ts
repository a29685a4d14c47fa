/**
 * Chess's pattern language (`patternSearch`, issue 28): Scoutfish's query keys, read by
 * `patternQuery.ts`, tested along a game's main line here, and ruled out per game before the
 * replay by the signature of `patternSignature.ts` (its layout is documented there).
 *
 * A condition holds at a ply when every key it has holds there: `sub-fen` (one of the boards'
 * pieces all on their squares), `material` (exactly one of the material texts), `imbalance` (one
 * of the differences), `side-to-move`, `result` (of the game). A `sequence` holds at a ply where
 * its last item holds, each earlier item having held at an earlier ply, in order; a `streak`'s
 * conditions hold on consecutive plies. Every such ply is a hit (Scoutfish stops at a game's
 * first; the search counts them all), with the move played from it as the explorer counts it
 * (the SAN of `PlyRecord.nextMove`) and whether White played it.
 *
 * The main line is walked once, each ply's board read at most once and only as far as a condition
 * tested there needs it (its piece counts, the ranks a sub-fen names); a step of the sequence is
 * tested only once the steps before it are done. A stored game is walked here itself: where its
 * signature keeps the main line's packed moves (every game from the standard start since
 * signature version 3), from the signature alone, the moves played on a board of 64 squares and
 * their SAN written back from it, no further than the last ply the material lets the pattern
 * hold at (`packedHits`, the signature's `hits`: the search answers such games in its workers and
 * never reads their sources); else a PGN source is parsed and its main line walked on the codec's
 * board (`storedHits`), no FEN written nor key hashed.
 */
import type { Outcome } from '../../db/records';
// From the codec's modules themselves: compiled to CommonJS, the index's re-exports are getters, a call each on the hot path.
import { parseFen } from '../../codecs/chess/fen';
import { makeMove, movePromo, undoCaptured } from '../../codecs/chess/moves';
import { PAWN, type Position } from '../../codecs/chess/board';
import { packedSanKey, playPacked, sanOfKey, setStandardBoard } from '../../codecs/chess/packedMoves';
import { type PgnGame, gameStartFen, isStandardVariant, parsePgn } from '../../codecs/chess/pgn';
import { decodePgnBytes } from '../../codecs/chess/pgnStream';
import { checkMark, parseSan, sanWithoutCheck } from '../../codecs/chess/san';
import type { PatternContinuation, PatternGame, PatternHit, PatternLanguage, StoredPatternGame } from '../patterns';
import { PlyBoards } from './patternBoard';
import { type ChessCondition, type ChessQuery, imbalanceKeyOf, materialKeyOf, readChessPattern } from './patternQuery';
import { MaterialWalk, chessPatternSignature, lastPlyThatMayHold } from './patternSignature';

/** Reused from game to game: the matcher is synchronous, one game at a time. */
const boards = new PlyBoards();
/** Per step: the first ply where it completed (-1: not yet); a streak's conditions met so far, as bits. */
let done = new Int32Array(8);
let alive = new Int32Array(8);

/** Whether `outcome` is one of the condition's results (true when it names none). */
const resultHolds = (cond: ChessCondition, outcome: Outcome): boolean => cond.results === null || cond.results.includes(outcome);

/** Whether any of the boards' pieces all stand on their squares at the selected ply (reading only the ranks it looks at). */
function subFenHolds(subFens: readonly Int8Array[]): boolean {
  const board = boards.board;
  for (let a = 0; a < subFens.length; a++) {
    const pairs = subFens[a];
    let k = 0;
    while (k < pairs.length) {
      const sq = pairs[k];
      if (!boards.rank(sq >> 3) || board[sq] !== pairs[k + 1]) break;
      k += 2;
    }
    if (k === pairs.length) return true;
  }
  return false;
}

/** What of the ply being tested was worked out (-1: not yet). */
let sideAt: string | null | undefined = null;
let materialAt = -1;
let imbalanceAt = -1;

/** Whether `cond` holds at the selected ply (its result checked beforehand, once a game). */
function holds(cond: ChessCondition): boolean {
  if (cond.sideToMove !== null && cond.sideToMove !== sideAt) return false;
  if (cond.subFens !== null && !subFenHolds(cond.subFens)) return false;
  if (cond.materials !== null) {
    if (materialAt < 0) {
      if (!boards.count()) return false;
      materialAt = materialKeyOf(boards.counts);
    }
    if (!cond.materials.includes(materialAt)) return false;
  }
  if (cond.imbalances !== null) {
    if (imbalanceAt < 0) {
      if (!boards.count()) return false;
      imbalanceAt = imbalanceKeyOf(boards.counts);
    }
    if (!cond.imbalances.includes(imbalanceAt)) return false;
  }
  return true;
}

/**
 * Starts a game: false when no ply of it can hold the pattern (a condition names a result that is
 * not the game's, and every step needs it), else the steps' state is cleared for its first ply.
 */
function beginGame(query: ChessQuery, outcome: Outcome): boolean {
  const steps = query.steps;
  // A result is the game's: a condition whose result is not this game's never holds, nor then the pattern.
  for (const step of steps) for (const cond of step) if (!resultHolds(cond, outcome)) return false;
  if (done.length < steps.length) {
    done = new Int32Array(steps.length);
    alive = new Int32Array(steps.length);
  }
  done.fill(-1, 0, steps.length);
  alive.fill(0, 0, steps.length);
  return true;
}

/**
 * Whether the pattern holds at ply `p` (its board selected in `boards`, `side` to move; its
 * material and imbalance keys where the caller knows them, else -1), the plies before it tested in order.
 */
function holdsAtPly(query: ChessQuery, p: number, side: string | null | undefined, material = -1, imbalance = -1): boolean {
  const steps = query.steps;
  sideAt = side;
  materialAt = material;
  imbalanceAt = imbalance;
  const last = steps.length - 1;
  let hit = false;
  for (let j = last; j >= 0; j--) {
    // An earlier step's first completion is all later steps need; the last step counts every ply.
    if (j < last && done[j] >= 0) continue;
    const open = j === 0 || (done[j - 1] >= 0 && done[j - 1] < p);
    const step = steps[j];
    let complete: boolean;
    if (step.length === 1) {
      complete = open && holds(step[0]);
    } else {
      // Bit i: the streak's conditions 0..i held on the plies p-i..p.
      const before = alive[j];
      let now = 0;
      for (let i = step.length - 1; i >= 1; i--) if ((before >> (i - 1)) & 1 && holds(step[i])) now |= 1 << i;
      if (open && holds(step[0])) now |= 1;
      alive[j] = now;
      complete = ((now >> (step.length - 1)) & 1) === 1;
    }
    if (!complete) continue;
    if (done[j] < 0) done[j] = p;
    if (j === last) hit = true;
  }
  return hit;
}

/** The chess pattern matcher's hits in one game. */
export function chessHits(query: ChessQuery, game: PatternGame): PatternHit[] {
  const hits: PatternHit[] = [];
  const { plies } = game;
  if (!beginGame(query, game.outcome)) return hits;
  boards.reset(plies);
  for (let p = 0; p < plies.length; p++) {
    boards.select(p);
    if (holdsAtPly(query, p, plies[p].position.sideToMove)) hits.push({ ply: p, continuation: continuationAt(game, p) });
  }
  return hits;
}

/**
 * Keeps piece counts (by code, 0 the empty squares) through a move that took the piece `captured`
 * (0: none) and made a pawn of the side that moved (`white` or not) the piece `promoted` (0: none).
 */
function countMove(counts: Int8Array, captured: number, promoted: number, white: boolean): void {
  if (captured !== 0) {
    counts[captured]--;
    counts[0]++;
  }
  if (promoted !== 0) {
    counts[white ? PAWN : PAWN | 8]--;
    counts[promoted]++;
  }
}

/** The signature's material ply by ply beside the packed moves; a promotion's new piece. */
const line = new MaterialWalk();
const promoted = new Int8Array(1);
/** The standard start's piece counts by code. */
const STANDARD_COUNTS = (() => {
  const board = new Int8Array(64);
  setStandardBoard(board);
  const counts = new Int8Array(16);
  for (let sq = 0; sq < 64; sq++) counts[board[sq]]++;
  return counts;
})();

/** Continuations of packed moves, one object each (hits share them: fewer made per search), by `packedSanKey` and side. */
const packedContinuations = new Map<number, PatternContinuation>();
const continuationOf = (board: Int8Array, move: number, white: boolean): PatternContinuation => {
  const key = packedSanKey(board, move) * 2 + (white ? 1 : 0);
  let c = packedContinuations.get(key);
  if (!c) packedContinuations.set(key, (c = { move: sanOfKey(key >> 1), byFirst: white }));
  return c;
};

/**
 * A game's hits from its signature alone, where it keeps the main line's packed moves (a game
 * from the standard start) and the game's outcome: the moves played on a board of 64 squares
 * from the start, each ply tested as it is reached with the material the signature gives, no
 * further than the last ply where the material lets the pattern hold; a hit's continuation the
 * next move's SAN written back from the board. Null where the signature does not keep the moves
 * (the game is then read from its source).
 */
function packedHits(query: ChessQuery, signature: Uint8Array): PatternHit[] | null {
  const last = lastPlyThatMayHold(query, signature);
  if (last === null || !line.start(signature) || line.movesAt < 0) return null;
  const hits: PatternHit[] = [];
  if (last < 0 || !beginGame(query, line.outcome)) return hits;
  const { board, counts } = boards;
  setStandardBoard(board);
  counts.set(STANDARD_COUNTS);
  const end = line.positions - 1;
  for (let p = 0, at = line.movesAt; ; p++, at += 2) {
    const white = (p & 1) === 0;
    const move = p < end ? (signature[at] << 8) | signature[at + 1] : -1;
    boards.selectBoard();
    if (holdsAtPly(query, p, white ? 'w' : 'b', line.material, line.imbalance)) {
      hits.push({ ply: p, continuation: move < 0 ? null : continuationOf(board, move, white) });
    }
    if (p >= last || move < 0) return hits;
    countMove(counts, playPacked(board, move, promoted), promoted[0], white);
    line.next();
  }
}

/**
 * The hits of a main line walked from `pos` by a parsed game's moves, boards only: each position
 * tested as it is reached, a hit's continuation the next move when it plays.
 */
function walkedHits(query: ChessQuery, pos: Position, pgn: PgnGame): PatternHit[] {
  const hits: PatternHit[] = [];
  // The pieces counted once, then kept by each move's capture and promotion.
  const counts = boards.counts;
  counts.fill(0);
  for (let sq = 0; sq < 64; sq++) counts[pos.board[((sq >> 3) << 4) | (sq & 7)]]++;
  let ply = 0;
  // The hit at the last position reached, waiting for the next move as its continuation (null: none).
  let waiting: PatternHit | null = null;
  const test = (): PatternHit | null => {
    boards.selectPosition(pos, true);
    if (!holdsAtPly(query, ply, pos.turn === 0 ? 'w' : 'b')) return null;
    const hit: PatternHit = { ply, continuation: null };
    hits.push(hit);
    return hit;
  };
  waiting = test();
  for (const node of pgn.moves) {
    const parsed = node.error ? null : parseSan(pos, node.san);
    if (!parsed?.ok) {
      // A token kept without being played: the ply before it has no next move.
      waiting = null;
      continue;
    }
    const byFirst = pos.turn === 0;
    const san = waiting ? sanWithoutCheck(pos, parsed.value) : '';
    const captured = undoCaptured(makeMove(pos, parsed.value));
    const role = movePromo(parsed.value);
    countMove(counts, captured, role === 0 ? 0 : byFirst ? role : role | 8, byFirst);
    if (waiting) waiting.continuation = { move: san + checkMark(pos), byFirst };
    ply++;
    waiting = test();
  }
  return hits;
}

/**
 * The same hits from a stored PGN game (one its signature did not answer: `packedHits`), its main
 * line walked here from its parsed source, boards only (no FEN written, no key hashed, no variation
 * replayed). A hit's continuation is the SAN (with its check mark, as the import writes it) of the
 * main line's next move when that move plays. Null for another format, or a source that does not
 * read as one game with a start position (the core then replays it the generic way).
 */
function chessStoredHits(query: ChessQuery, game: StoredPatternGame): PatternHit[] | null {
  if (game.sourceFormat !== 'PGN') return null;
  const results = parsePgn(decodePgnBytes(game.source).text);
  if (results.length !== 1 || !results[0].ok) return null;
  const pgn = results[0].value;
  // A variant's game replays to no plies: no hit.
  if (!isStandardVariant(pgn)) return [];
  const start = parseFen(gameStartFen(pgn));
  if (!start.ok) return null;
  if (!beginGame(query, game.outcome)) return [];
  return walkedHits(query, start.value, pgn);
}

/** The move played from ply `p`, as the explorer counts it (null at the last ply or where no move follows). */
function continuationAt(game: PatternGame, p: number): PatternHit['continuation'] {
  if (p + 1 >= game.plies.length) return null;
  const ply = game.plies[p];
  const move = ply.explorerMove ?? ply.nextMove;
  return move ? { move, byFirst: ply.position.sideToMove !== 'b' } : null;
}

export const chessPatterns: PatternLanguage<ChessQuery> = {
  read: readChessPattern,
  hits: chessHits,
  storedHits: chessStoredHits,
  signature: { ...chessPatternSignature, hits: packedHits },
};
