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
 * tested only once the steps before it are done. A stored PGN game is walked here itself
 * (`storedHits`): its main line alone, each position tested off the codec's board as it is
 * reached, no FEN written nor key hashed. Where the search gives the game's signature, less will
 * do: a pattern that reads no board is answered from the signature's material changes, and the
 * moves played are read off the source's move tokens where the import found them to be the
 * moves' SAN; a pattern with a sub-fen walks those tokens (no PGN parsed) and stops at the last
 * ply the material lets it hold at.
 */
import type { Outcome } from '../../db/records';
// From the codec's modules themselves: compiled to CommonJS, the index's re-exports are getters, a call each on the hot path.
import { parseFen, standardPosition } from '../../codecs/chess/fen';
import { makeMove, movePromo, undoCaptured } from '../../codecs/chess/moves';
import { PAWN, type Position, copyPositionInto } from '../../codecs/chess/board';
import { type PgnGame, gameStartFen, isStandardVariant, parsePgn } from '../../codecs/chess/pgn';
import { decodePgnBytes } from '../../codecs/chess/pgnStream';
import { checkMark, parseSan, sanWithoutCheck } from '../../codecs/chess/san';
import type { PatternGame, PatternHit, PatternLanguage, StoredPatternGame } from '../patterns';
import { PlyBoards } from './patternBoard';
import { type ChessCondition, type ChessQuery, imbalanceKeyOf, materialKeyOf, readChessPattern } from './patternQuery';
import { MaterialWalk, chessPatternSignature, lastPlyThatMayHold } from './patternSignature';
import { moveToken, moveTokens, tokenText } from '../../codecs/chess/movetextTokens';

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

/** Whether some condition of the pattern reads the board (a sub-fen): its hits need the boards. */
const readsBoards = (query: ChessQuery): boolean => query.steps.some((step) => step.some((cond) => cond.subFens !== null));

const walk = new MaterialWalk();
/** The standard start, copied into the position a token walk plays its moves on. */
const STANDARD = standardPosition();
const walkedPosition = standardPosition();

/**
 * The hits of a pattern that reads no board, from the material changes of the game's signature
 * ply by ply, and the moves played from them read off the source's move tokens, which the import
 * found to be the moves' SAN: no replay. Null where the signature does not allow it (the game is
 * then replayed).
 */
export function chessSignatureHits(query: ChessQuery, game: StoredPatternGame): PatternHit[] | null {
  if (!game.signature || readsBoards(query) || !walk.start(game.signature) || !walk.moveTokens) return null;
  const hits: PatternHit[] = [];
  if (!beginGame(query, game.outcome)) return hits;
  const tokens = moveTokens(game.source);
  const last = walk.positions - 1;
  if (tokens.count !== last) return null;
  const text = tokenText(game.source);
  do {
    const p = walk.ply;
    const white = (p & 1) === (walk.blackStarts ? 1 : 0);
    if (holdsAtPly(query, p, white ? 'w' : 'b', walk.material, walk.imbalance)) hits.push({ ply: p, continuation: p < last ? { move: moveToken(text, tokens, p), byFirst: white } : null });
  } while (walk.next());
  return hits;
}

/** A main line's moves as a walk plays them. */
interface MoveTexts {
  count: number;
  /** Move i's SAN text; null for a token the import kept without playing it. */
  text(i: number): string | null;
  /**
   * Whether a move's text is its SAN as the import writes it: a legal move (read without the
   * legality test where one piece can make it), and the continuation as it is; else the SAN is
   * printed from the board.
   */
  asWritten: boolean;
}

/** The moves of a parsed PGN game's main line. */
const nodeMoves = (pgn: PgnGame): MoveTexts => ({
  count: pgn.moves.length,
  text: (i) => (pgn.moves[i].error ? null : pgn.moves[i].san),
  asWritten: false,
});

/**
 * The hits of a main line walked from `pos` by `moves`, boards only: each position tested as it is
 * reached, a hit's continuation the next move when it plays. The walk stops once ply `last` is
 * tested (no later ply can hold the pattern; only where the moves are as written, so the
 * continuation of a hit at `last` is its text).
 */
function walkedHits(query: ChessQuery, pos: Position, moves: MoveTexts, last = Infinity): PatternHit[] {
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
  let i = 0;
  for (; i < moves.count && ply < last; i++) {
    const text = moves.text(i);
    const parsed = text === null ? null : parseSan(pos, text, moves.asWritten);
    if (!parsed?.ok) {
      // A token kept without being played: the ply before it has no next move.
      waiting = null;
      continue;
    }
    const byFirst = pos.turn === 0;
    const san = waiting && !moves.asWritten ? sanWithoutCheck(pos, parsed.value) : '';
    const captured = undoCaptured(makeMove(pos, parsed.value));
    if (captured !== 0) {
      counts[captured]--;
      counts[0]++;
    }
    const promoted = movePromo(parsed.value);
    if (promoted !== 0) {
      counts[byFirst ? PAWN : PAWN | 8]--;
      counts[byFirst ? promoted : promoted | 8]++;
    }
    if (waiting) waiting.continuation = { move: moves.asWritten ? text! : san + checkMark(pos), byFirst };
    ply++;
    waiting = test();
  }
  if (waiting && i < moves.count) waiting.continuation = { move: moves.text(i)!, byFirst: pos.turn === 0 };
  return hits;
}

/**
 * The main line's moves read off the source's move tokens where the import found them to be the
 * moves' SAN from the standard position, and the last ply the material lets the pattern hold at;
 * null where the signature does not say so (or the tokens do not count the plies).
 */
function tokenMoves(query: ChessQuery, game: StoredPatternGame): { moves: MoveTexts; last: number } | null {
  if (!game.signature || !walk.start(game.signature) || !walk.moveTokens || !walk.standardStart) return null;
  const positions = walk.positions;
  const last = lastPlyThatMayHold(query, game.signature);
  const tokens = moveTokens(game.source);
  if (last === null || tokens.count !== positions - 1) return null;
  const text = tokenText(game.source);
  return { moves: { count: tokens.count, text: (i) => moveToken(text, tokens, i), asWritten: true }, last };
}

/**
 * The same hits from a stored PGN game, its main line walked here boards only (no FEN written,
 * no key hashed, no variation replayed): from the signature alone where the pattern reads no
 * board (`chessSignatureHits`); else by the source's move tokens where the import found them to be
 * the moves' SAN, no further than the material lets the pattern hold; else by the parsed source.
 * A hit's continuation is the SAN (with its check mark, as the import writes it) of the main
 * line's next move when that move plays. Null for another format, or a source that does not read
 * as one game with a start position (the core then replays it the generic way).
 */
function chessStoredHits(query: ChessQuery, game: StoredPatternGame): PatternHit[] | null {
  if (game.sourceFormat !== 'PGN') return null;
  const answered = chessSignatureHits(query, game);
  if (answered) return answered;
  const byTokens = tokenMoves(query, game);
  if (byTokens) {
    if (byTokens.last < 0 || !beginGame(query, game.outcome)) return [];
    copyPositionInto(walkedPosition, STANDARD);
    return walkedHits(query, walkedPosition, byTokens.moves, byTokens.last);
  }
  const results = parsePgn(decodePgnBytes(game.source).text);
  if (results.length !== 1 || !results[0].ok) return null;
  const pgn = results[0].value;
  // A variant's game replays to no plies: no hit.
  if (!isStandardVariant(pgn)) return [];
  const start = parseFen(gameStartFen(pgn));
  if (!start.ok) return null;
  if (!beginGame(query, game.outcome)) return [];
  return walkedHits(query, start.value, nodeMoves(pgn));
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
  signature: chessPatternSignature,
};
