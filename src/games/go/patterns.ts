/**
 * Go's pattern language (issue 28, Kombilo's pattern search): a partial board found in every
 * position of a game's main line, in any of the board's 8 symmetries, with the move that
 * continued from it. Pure: the plies as a game's replay gives them (`position.board`: `#` black,
 * `O` white, `.` empty, row by row from the top left, in the game's own orientation; `move`: the
 * SGF move that reached the ply, `B[cd]`, `W[]` a pass).
 *
 * The pattern (patternRead.ts): rows of `X O . * x o`, an anchor, colours fixed or either, an
 * optional board size. Where it may lie:
 * - `"corner"`: as written, its top-left point on the board's top-left corner point (write a
 *   corner pattern as the upper-left corner of the board); the 8 symmetries take it to every corner
 *   in both orientations. Its first row and first column are edge lines.
 * - `"side"`: as written, its first row on the board's top edge, at any column (corners
 *   included); the symmetries take it along every edge. Its first row is an edge line.
 * - `"anywhere"` (the default): any placement where it fits.
 * - `[col, row]`: as written, its top-left point at that 0-based point (column from the left, row
 *   from the top), and the 8 images of that placement: the position is pinned in the pattern's own
 *   frame, as Kombilo's fixed anchor is (`[0, 0]` is `"corner"`).
 * Each such placement is tried in its 8 images under the board's symmetries, the identity among
 * them (and with colours swapped too for `"colors": "either"`). Boards are square, 9 to 19 (others never hold a
 * pattern); `size` limits the search to one of them.
 *
 * Hits: one per ply `i` of the main line where some placement holds. Its continuation is
 * Kombilo's: the first move after the ply (`plies[j].move`, j > i; passes do not count) played
 * inside the placement's rectangle, written in the pattern's own frame: the colour letter as the
 * pattern sees it (swapped when the placement swapped colours), then the point in SGF letters,
 * column then row, counted from the pattern's top-left point as written (`B[cd]`: Black, third
 * column, fourth row of the pattern); `byFirst` says whether Black really played it. Where several
 * placements hold at a ply, the hit takes the one whose continuation comes first in the game; among
 * those, the least continuation text (so a move and its image under a symmetry of the pattern
 * itself count together); where none has one, the continuation is null.
 *
 * Speed: the pattern is compiled once per board size (patternPlacements.ts) into its placements,
 * grouped in sweeps (one image of the pattern at one top row, every left column it may lie at); a
 * ply's board is read into black and white row masks (the rows some placement reads; after the
 * first ply only the move's point when nothing else changed, patternBoard.ts), and a sweep tests
 * all its columns at once, one integer operation per constrained point, stopping when no column is
 * left. A sweep is tested again only when a row and a column its cells read changed since it was
 * last tested; where one point changed, a sweep placed at one column is decided without a test
 * when the point's new value breaks its cell's need (it no longer holds) or meets it while the
 * sweep held (it still does). The next move inside a rectangle is remembered per placement across the plies of a
 * game, with its code in the pattern's frame. Played back from a signature's corner events, a
 * pattern of the whole board that says what each point holds (no `*`, `x`, `o`) is tested only at
 * the plies whose board holds as many stones as it (counted from the events).
 *
 * A stored game is replayed here itself (`storedHits`, patternReplay.ts): its SGF main line
 * scanned from the source and played on a flat board that keeps the row masks, with the rows and
 * columns each ply changed; `hits` reads the boards of a replay's plies instead (other sources).
 *
 * The pre-filter (`signature`, patternSignature.ts): at most 198 bytes a game, the points that
 * ever held black, white or nothing in the opening and in the rest of the main line, which rule
 * out a game where no placement's stones (and, after the opening, empty points) were ever there.
 */
import type { PlyRecord } from '../../db/records';
import type { PatternContinuation, PatternGame, PatternHit, PatternLanguage, StoredPatternGame } from '../patterns';
import { BLACK_ROWS, OCCUPIED_ROWS, WHITE_ROWS, clearRows, readBoardRows, readNextBoardRows } from './patternBoard';
import { ANY_POINT, FIRST_FORBIDDING, type GoPlacements, NEED_MET, SWEEP_COLUMNS, patternPointOf, placePattern, sweepHolds } from './patternPlacements';
import { type GoPattern, readGoPattern } from './patternRead';
import { boardSideOf, cornerEventsOf, signatureMayHold, signatureOf } from './patternSignature';
import { BLACK_MOVE, type CornerEvents, WHITE_MOVE, placementsInCorners, playEvent, readCornerEvents } from './patternEvents';
import { FlatGoBoard, scanMainLine } from './patternReplay';

/** A read Go pattern with its placements per board size, compiled when first needed. */
export interface GoPatternQuery {
  pattern: GoPattern;
  placements: Map<number, GoPlacements>;
}

const placementsFor = (query: GoPatternQuery, n: number): GoPlacements => {
  let p = query.placements.get(n);
  if (!p) query.placements.set(n, (p = placePattern(query.pattern, n)));
  return p;
};

/** The board's row masks, one per need (patternPlacements.ts): black, white, occupied, white, black. */
const BOARD_ROWS = [BLACK_ROWS, WHITE_ROWS, OCCUPIED_ROWS, WHITE_ROWS, BLACK_ROWS];

const LETTERS = 'abcdefghijklmnopqrs';

/** Each ply's move as board row and column (-1: none, a pass, or a setup) and colour (1 White). */
interface Moves {
  row: Int32Array;
  col: Int32Array;
  white: Uint8Array;
}

const movesOf = (plies: readonly PlyRecord[], n: number): Moves => {
  const moves: Moves = { row: new Int32Array(plies.length).fill(-1), col: new Int32Array(plies.length).fill(-1), white: new Uint8Array(plies.length) };
  for (let j = 1; j < plies.length; j++) {
    const m = plies[j].move;
    if (!m || m.length !== 5 || (m[0] !== 'B' && m[0] !== 'W')) continue;
    const col = LETTERS.indexOf(m[2]);
    const row = LETTERS.indexOf(m[3]);
    if (col < 0 || row < 0 || col >= n || row >= n) continue;
    moves.row[j] = row;
    moves.col[j] = col;
    moves.white[j] = m[0] === 'W' ? 1 : 0;
  }
  return moves;
};

/**
 * A main line as the hits are found on it: its plies' moves, and `load(i)`, which brings ply i's
 * board into the row masks (BLACK_ROWS, WHITE_ROWS, OCCUPIED_ROWS; plies are loaded in order from
 * 0, some skipped where `nextChange` says so) and says which rows changed since the ply loaded
 * before (bit y for row y; -1 all, or unknown), or null when ply i has no board to test; then
 * `columns()` says which columns did (bit x; -1 all).
 */
interface LoadedLine {
  plies: number;
  moves: Moves;
  load(i: number): number | null;
  columns(): number;
  /** The one point that changed, when only one did (else -2). */
  point(): number;
  /**
   * Where the last loaded ply held no placement: the first ply after it that may hold one (its
   * board differs, and may hold as many stones as a pattern of the whole board), else `plies`
   * (where not given, the next ply).
   */
  nextChange?(): number;
}

/** What `hitsOnLine` keeps per placement and sweep, reused from game to game (it runs to its end before it is called again). */
let scratch = { next: new Int32Array(64), nextCode: new Int32Array(64), held: new Int32Array(64), lefts: new Int32Array(64) };

const scratchFor = (p: GoPlacements): typeof scratch => {
  if (scratch.next.length < p.count || scratch.lefts.length < p.sweeps) {
    const placements = Math.max(p.count, scratch.next.length);
    const sweeps = Math.max(p.sweeps, scratch.lefts.length);
    scratch = { next: new Int32Array(placements), nextCode: new Int32Array(placements), held: new Int32Array(placements), lefts: new Int32Array(sweeps) };
  }
  return scratch;
};

/**
 * Every ply of a main line where the pattern holds, with its continuation (see the module
 * comment). A sweep is tested again only when a point it reads changed (a row and a column of its
 * cells both changed), else it holds at the same columns as before; after a one-point change, a
 * sweep at one column only when the point now meets its cell's need and the sweep did not hold.
 */
const hitsOnLine = (p: GoPlacements, line: LoadedLine): PatternHit[] => {
  const { plies, moves } = line;
  const n = p.size;
  const hits: PatternHit[] = [];
  // The next ply whose move falls in placement t's rectangle, as last found (-1: not looked for
  // yet), and that move's code in the pattern's frame (colour * 1024 + point).
  const { next, nextCode, lefts, held } = scratchFor(p);
  next.fill(-1, 0, p.count);
  lefts.fill(0, 0, p.sweeps);
  // Each sweep's columns where it held when last tested, and the placements they are.
  let heldCount = 0;
  let tested = false;
  // Where no placement holds, the plies up to the next change hold none either.
  for (let i = 0; i < plies; i = heldCount === 0 && line.nextChange ? line.nextChange() : i + 1) {
    const rows = line.load(i);
    if (rows === null) {
      tested = false;
      continue;
    }
    if (!tested || (rows & p.readMask) !== 0) {
      // At the first ply, and after a ply without a board, every sweep is tested.
      let moved = !tested;
      const q = tested ? line.point() : -2;
      if (q >= 0) {
        // One point changed (a move without a capture): only the sweeps that read it, and of
        // those placed at one column only the ones the point's new value may have made hold.
        const y = (q / n) | 0;
        const bit = 1 << (q - y * n);
        const value = (BLACK_ROWS[y] & bit) !== 0 ? 1 : (WHITE_ROWS[y] & bit) !== 0 ? 2 : 0;
        for (let k = p.pointSweepStart[q]; k < p.pointSweepStart[q + 1]; k++) {
          const s = p.pointSweep[k];
          const need = p.pointSweepNeed[k];
          if (need === ANY_POINT) continue;
          let found = 0;
          if (need === SWEEP_COLUMNS) found = sweepHolds(p, s, BOARD_ROWS, FIRST_FORBIDDING, false);
          else if (NEED_MET[need * 3 + value] === 0) found = 0;
          else if (lefts[s] !== 0) continue;
          else found = sweepHolds(p, s, BOARD_ROWS, FIRST_FORBIDDING, false);
          if (found !== lefts[s]) {
            lefts[s] = found;
            moved = true;
          }
        }
      } else {
        const cols = tested ? line.columns() : -1;
        for (let s = 0; s < p.sweeps; s++) {
          if (tested && ((rows & p.sweepRowMask[s]) === 0 || (cols & p.sweepColMask[s]) === 0)) continue;
          const found = sweepHolds(p, s, BOARD_ROWS, FIRST_FORBIDDING, false);
          if (found !== lefts[s]) {
            lefts[s] = found;
            moved = true;
          }
        }
      }
      if (moved) {
        heldCount = 0;
        for (let s = 0; s < p.sweeps; s++) {
          for (let l = lefts[s]; l !== 0; l &= l - 1) held[heldCount++] = p.sweepPlacement[s * n + (31 - Math.clz32(l & -l))];
        }
      }
      tested = true;
    }
    if (heldCount === 0) continue;
    let bestPly = plies;
    let bestCode = 0;
    for (let h = 0; h < heldCount; h++) {
      const t = held[h];
      let j = next[t];
      if (j <= i) {
        const top = p.top[t];
        const left = p.left[t];
        const bottom = top + p.rows[t];
        const right = left + p.cols[t];
        for (j = i + 1; j < plies; j++) {
          const r = moves.row[j];
          const c = moves.col[j];
          if (r >= top && r < bottom && c >= left && c < right) break;
        }
        next[t] = j;
        // The continuation in the pattern's frame, through each way the placement maps back: the least.
        if (j < plies) {
          let code = Infinity;
          for (let k = p.mapStart[t]; k < p.mapStart[t + 1]; k++) {
            const color = moves.white[j] ^ p.mapSwap[k];
            code = Math.min(code, color * 1024 + patternPointOf(p, k, moves.row[j], moves.col[j]));
          }
          nextCode[t] = code;
        }
      }
      if (j > bestPly || j === plies) continue;
      const code = nextCode[t];
      if (j < bestPly || code < bestCode) {
        bestPly = j;
        bestCode = code;
      }
    }
    if (bestPly === plies) {
      hits.push({ ply: i, continuation: null });
      continue;
    }
    hits.push({ ply: i, continuation: continuationOf(bestCode, moves.white[bestPly] === 0) });
  }
  return hits;
};

/** Continuations by code and side, made once: hits share them (they are not changed by their readers). */
const continuations = new Map<number, PatternContinuation>();

/** The continuation of a move's code in the pattern's frame (colour * 1024 + point), made by Black (`byFirst`) or White. */
const continuationOf = (code: number, byFirst: boolean): PatternContinuation => {
  const key = code * 2 + (byFirst ? 1 : 0);
  let c = continuations.get(key);
  if (!c) {
    const point = code % 1024;
    c = { move: `${code >= 1024 ? 'W' : 'B'}[${LETTERS[point >> 5]}${LETTERS[point & 31]}]`, byFirst };
    continuations.set(key, c);
  }
  return c;
};

/** Every ply of the game's main line where the pattern holds, the plies replayed by the core (their boards as text). */
const goPatternHits = (query: GoPatternQuery, game: PatternGame): PatternHit[] => {
  const { plies } = game;
  const n = boardSideOf(plies);
  if (n === 0 || (query.pattern.size !== null && query.pattern.size !== n)) return [];
  const p = placementsFor(query, n);
  if (p.count === 0) return [];
  const moves = movesOf(plies, n);
  // Each ply's board: the first read whole, the next ones from the one before where only the move's point changed.
  return hitsOnLine(p, {
    plies: plies.length,
    moves,
    load: (i) => {
      const board = plies[i].position.board;
      if (board.length !== n * n) return null;
      if (i === 0) readBoardRows(board, n, p.readRows);
      else readNextBoardRows(board, n, p.readRows, moves.row[i] < 0 ? -1 : moves.row[i] * n + moves.col[i]);
      return -1;
    },
    columns: () => -1,
    point: () => -2,
  });
};

const flatBoard = new FlatGoBoard();
// Scratch moves for the stored replay, grown as needed.
let scratchMoves: Moves = { row: new Int32Array(0), col: new Int32Array(0), white: new Uint8Array(0) };

/** The scratch moves, grown to hold `plies` plies. */
const scratchMovesFor = (plies: number): Moves => {
  if (scratchMoves.row.length < plies) {
    const size = Math.max(plies, scratchMoves.row.length * 2);
    scratchMoves = { row: new Int32Array(size), col: new Int32Array(size), white: new Uint8Array(size) };
  }
  return scratchMoves;
};

/**
 * The same hits from a stored game's SGF source, replayed here boards only (patternReplay.ts);
 * null when the source is not one this replay reads.
 */
const goStoredHits = (query: GoPatternQuery, game: StoredPatternGame): PatternHit[] | null => {
  if (game.sourceFormat !== 'SGF') return null;
  const line = scanMainLine(game.source);
  if (!line) return null;
  const n = line.size;
  if (n === 0 || (query.pattern.size !== null && query.pattern.size !== n)) return [];
  const p = placementsFor(query, n);
  if (p.count === 0) return [];
  const moves = scratchMovesFor(line.plies);
  // As movesOf reads the plies: ply 0's move (a root's) is never a continuation.
  moves.row[0] = -1;
  moves.col[0] = -1;
  for (let j = 1; j < line.plies; j++) {
    const q = line.movePoint[j];
    moves.row[j] = q < 0 ? -1 : (q / n) | 0;
    moves.col[j] = q < 0 ? -1 : q % n;
    moves.white[j] = line.moveWhite[j];
  }
  let legal = true;
  let cols = -1;
  let point = -2;
  flatBoard.reset(n);
  const hits = hitsOnLine(p, {
    plies: line.plies,
    moves,
    load: (i) => {
      if (!legal || !flatBoard.play(line, i)) {
        legal = false;
        return null;
      }
      cols = flatBoard.changedColumns();
      point = flatBoard.changedPoint();
      return flatBoard.takeChanged();
    },
    columns: () => cols,
    point: () => point,
  });
  return legal ? hits : null;
};

/**
 * The same hits from a game's signature alone, where it keeps the main line's corner events and
 * every placement of the pattern lies in the corners (patternEvents.ts); null when it cannot tell
 * (the game is replayed).
 */
const goSignatureHits = (query: GoPatternQuery, signature: Uint8Array): PatternHit[] | null => {
  const at = cornerEventsOf(signature);
  if (!at) return null;
  const n = at.n;
  if (query.pattern.size !== null && query.pattern.size !== n) return [];
  const p = placementsFor(query, n);
  if (p.count === 0) return [];
  if (!placementsInCorners(p)) return null;
  const events = readCornerEvents(signature, at.start, signature.length, n);
  if (!events) return null;
  const { plies } = events;
  const moves = scratchMovesFor(plies);
  moves.row.fill(-1, 0, plies);
  moves.col.fill(-1, 0, plies);
  for (let e = 0; e < events.count; e++) {
    const kind = events.kind[e];
    const j = events.ply[e];
    if (j === 0 || (kind !== BLACK_MOVE && kind !== WHITE_MOVE)) continue;
    moves.row[j] = (events.point[e] / n) | 0;
    moves.col[j] = events.point[e] % n;
    moves.white[j] = kind === WHITE_MOVE ? 1 : 0;
  }
  clearRows();
  let e = 0;
  let cols = 0;
  let point = -1;
  // The board's stones after the events played; a pattern that fixes the whole board (boardStones
  // >= 0) holds only where they are as many as its own, so the plies up to the next such one are
  // never tested (their events are played with the next tested ply's).
  const wanted = p.boardStones;
  let stones = 0;
  return hitsOnLine(p, {
    plies,
    moves,
    load: (i) => {
      let rows = 0;
      cols = 0;
      point = -1;
      for (; e < events.count && events.ply[e] <= i; e++) {
        playEvent(events, e, n);
        stones += events.stones[e];
        const q = events.point[e];
        const y = (q / n) | 0;
        rows |= 1 << y;
        cols |= 1 << (q - y * n);
        point = point === -1 ? q : -2;
      }
      return rows;
    },
    columns: () => cols,
    point: () => point,
    nextChange: wanted < 0 ? () => (e < events.count ? events.ply[e] : plies) : () => nextPlyWithStones(events, e, stones, wanted, plies),
  });
};

/** From event e on, with `stones` on the board, the first ply after whose events the board holds `wanted` stones (`plies` when none). */
const nextPlyWithStones = (events: CornerEvents, e: number, stones: number, wanted: number, plies: number): number => {
  while (e < events.count) {
    const ply = events.ply[e];
    for (; e < events.count && events.ply[e] === ply; e++) stones += events.stones[e];
    if (stones === wanted) return ply;
  }
  return plies;
};

/** Go's pattern language. */
export const goPatterns: PatternLanguage<GoPatternQuery> = {
  read: (input) => {
    const read = readGoPattern(input);
    return read.ok ? { ok: true, query: { pattern: read.query, placements: new Map() } } : read;
  },
  hits: goPatternHits,
  storedHits: goStoredHits,
  signature: {
    of: signatureOf,
    mayHold: (query, signature) => signatureMayHold(signature, query.pattern.size, (n) => placementsFor(query, n)),
    hits: goSignatureHits,
  },
};
