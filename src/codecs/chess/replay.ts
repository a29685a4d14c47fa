/**
 * Replays a parsed PGN game over its tree (main line and every variation) and,
 * in the same walk, can write its GameText. For each playable move it reports
 * the position reached: FEN, Polyglot key, side to move, ply, SAN, UCI and the
 * evaluations found in the move's comments.
 *
 * Variation paths: the main line is `[]`. Variation `v` (0-based) of the move at
 * index `i` (0-based) of a line with path `P` has path `[...P, i, v]`; e.g. the
 * second alternative to the 4th main-line move is `[3, 1]`, and a variation inside
 * it, at its 3rd move, is `[3, 1, 2, 0]`. A node is (path, index in that line).
 */
import { CodecError, Result, codecErrors, err, ok } from '../result';
import { Position, clonePosition } from './board';
import { fenRanks, isChess960Castling, printFen, printFenWithRanks, parseFen, updateFenRanks } from './fen';
import {
  GameTextDialect, PieceIds, applyIds, cloneIds, encodeMove, setupIds,
} from './gameTextMoves';
import { Move, makeMove, moveToUci } from './moves';
import { MoveErrorKind, PgnGame, PgnNode, gameStartFen } from './pgn';
import { PolyglotKey, polyglotBaseKey, polyglotKeyOf, updatePolyglotKey } from './polyglot';
import { SanError, checkMark, looksLikeMove, parseSan, sanWithoutCheck } from './san';

/** The error codes this module returns. */
export const REPLAY_ERRORS = [
  'ERR_GAMETEXT_NAG',
  'ERR_GAMETEXT_PIECE_QUOTA',
  'ERR_GAMETEXT_TEXT_NUL',
  'ERR_MOVE_UNREADABLE',
  'ERR_MOVE_ILLEGAL',
  'ERR_MOVE_AMBIGUOUS',
  'ERR_MOVE_UNRECOGNIZED',
  'ERR_MOVE_EMPTY',
] as const;
/** One of REPLAY_ERRORS. */
export type ReplayError = (typeof REPLAY_ERRORS)[number];
const replayError = codecErrors(REPLAY_ERRORS);

/** Where comment texts go in GameText: inline after the code (stored form, the seed) or a separate list (JOSE's). */
export type GameTextLayout = 'inline' | 'split';

/** Options for writing GameText. */
export interface GameTextOptions {
  dialect?: GameTextDialect;
  layout?: GameTextLayout;
}

/** GameText bytes (ending in 0xff) and, for the split layout, the texts in stream order. */
export interface EncodedGameText {
  bytes: Uint8Array;
  texts: string[];
}

/** An evaluation from a comment, always from White's point of view (pawns * 100, or mate in n; negative = Black). */
export interface Eval {
  cp?: number;
  mate?: number;
  depth?: number;
  /** 'eval' = `[%eval ...]` (lichess style); 'engine' = cutechess-style `+0.13/12` at the comment start (mover's view, converted). */
  source: 'eval' | 'engine';
}

/** The position reached by one move. */
export interface ReplayPosition {
  path: number[];
  /** Index of the move in its line. */
  index: number;
  /** Half moves from the game's start position to this position (start = 0). */
  ply: number;
  san: string;
  uci: string;
  fen: string;
  /** Polyglot key, 16 lowercase hex digits. */
  key: string;
  /** Side to move in the position reached. */
  turn: 'w' | 'b';
  evals: Eval[];
  /** The tree node (comments, NAGs). */
  node: PgnNode;
}

/** A move token that could not be played; it is kept (GameText 0xe1-0xe5) and the line goes on from the same position, as JOSE does. */
export interface ReplayMoveError {
  path: number[];
  index: number;
  ply: number;
  token: string;
  kind: MoveErrorKind;
  /** The SAN reader's code when it read the token, else the kept token's kind. */
  code: SanError | ReplayError;
  message: string;
}

/** Result of `replayGame`. */
export interface ReplayResult {
  start: { fen: string; key: string; turn: 'w' | 'b' };
  chess960: boolean;
  positions: ReplayPosition[];
  errors: ReplayMoveError[];
  gameText?: EncodedGameText;
}

/** Options for `replayGame`. */
export interface ReplayOptions {
  /** Collect per-move positions (default true). */
  positions?: boolean;
  /** Also write GameText in the same walk. */
  gameText?: GameTextOptions | boolean;
  /**
   * Which positions get their FEN (default `all`): `evaluated` writes it only for positions with
   * an evaluation comment and leaves the others '' (an importer that keys positions by their
   * Polyglot key needs the board text only where it stores a score).
   */
  fens?: 'all' | 'evaluated';
  /**
   * Called with the position at the start and after each move of the main line, as the walk
   * reaches it (the position is the walk's own, changed by the next move: read it, keep nothing).
   */
  mainLine?: (pos: Position) => void;
}

const EVAL_RE = /\[%eval\s+(#)?([+-]?\d+(?:\.\d+)?)(?:\s*,\s*(\d+))?\s*\]/g;
const ENGINE_RE = /^([+-])?(M)?(\d+(?:\.\d+)?)\/(\d+)(?=\s|$)/;

/** Evaluations in a comment; `moverIsWhite` orients engine-style scores (written from the mover's view). */
export function parseEvals(comment: string, moverIsWhite: boolean): Eval[] {
  const out: Eval[] = [];
  if (comment.includes('[%eval')) {
    EVAL_RE.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = EVAL_RE.exec(comment))) {
      const e: Eval = m[1] ? { mate: Number(m[2]), source: 'eval' } : { cp: Math.round(Number(m[2]) * 100), source: 'eval' };
      if (m[3]) e.depth = Number(m[3]);
      out.push(e);
    }
  }
  const c0 = comment.charCodeAt(0);
  const g = c0 === 43 || c0 === 45 || c0 === 77 || (c0 >= 48 && c0 <= 57) ? ENGINE_RE.exec(comment) : null;
  if (g) {
    const sign = (g[1] === '-' ? -1 : 1) * (moverIsWhite ? 1 : -1);
    const v = Number(g[3]);
    const e: Eval = g[2] ? { mate: sign * v, source: 'engine' } : { cp: sign * Math.round(v * 100) || 0, source: 'engine' };
    e.depth = Number(g[4]);
    out.push(e);
  }
  return out;
}

const NAG_MAX = 255;

/** Growable byte buffer. */
class Bytes {
  buf = new Uint8Array(256);
  n = 0;
  push(b: number): void {
    if (this.n === this.buf.length) { const nb = new Uint8Array(this.n * 2); nb.set(this.buf); this.buf = nb; }
    this.buf[this.n++] = b;
  }
  pushAll(a: Uint8Array): void {
    while (this.n + a.length > this.buf.length) { const nb = new Uint8Array(this.buf.length * 2); nb.set(this.buf.subarray(0, this.n)); this.buf = nb; }
    this.buf.set(a, this.n);
    this.n += a.length;
  }
  result(): Uint8Array { return this.buf.slice(0, this.n); }
}

const ERROR_CODES: Record<MoveErrorKind, number> = { unreadable: 0xe1, illegal: 0xe2, ambiguous: 0xe3, unrecognized: 0xe4, empty: 0xe5 };
/** The code of a token that was kept without being read as SAN (marked so by the PGN reader). */
const KEPT_TOKEN_CODES: Record<MoveErrorKind, ReplayError> = {
  unreadable: 'ERR_MOVE_UNREADABLE', illegal: 'ERR_MOVE_ILLEGAL', ambiguous: 'ERR_MOVE_AMBIGUOUS', unrecognized: 'ERR_MOVE_UNRECOGNIZED', empty: 'ERR_MOVE_EMPTY',
};
const SAN_ERROR_KIND: Record<string, MoveErrorKind> = {
  ERR_SAN_SYNTAX: 'unreadable', ERR_SAN_ILLEGAL: 'illegal', ERR_SAN_AMBIGUOUS: 'ambiguous',
};
/**
 * The game with every token the replay keeps without playing (unreadable, illegal, ambiguous,
 * unrecognized, empty) marked with its kind, so writers can tell moves from kept tokens. The
 * game's nodes are copied, not changed. A game whose start position is bad comes back as it is.
 */
export function markKeptTokens(game: PgnGame): PgnGame {
  // Only the errors are wanted: no positions, keys or FENs (a quarter of the cost; an export writes every game through here).
  const replay = replayGame(game, { positions: false });
  if (!replay.ok || replay.value.errors.length === 0) return game;
  const copyLine = (line: PgnNode[]): PgnNode[] => line.map((n) => ({ ...n, variations: n.variations.map(copyLine) }));
  const marked: PgnGame = { ...game, moves: copyLine(game.moves) };
  for (const e of replay.value.errors) nodeAt(marked, e.path, e.index).error = e.kind;
  return marked;
}

/** The node at (variation path, index in that line): the place a ReplayMoveError names. */
export const nodeAt = (game: PgnGame, path: readonly number[], index: number): PgnNode => {
  let line = game.moves;
  for (let i = 0; i < path.length; i += 2) line = line[path[i]].variations[path[i + 1]];
  return line[index];
};

/** Result token to GameText code (0xd0 black wins, 0xd1 draw, 0xd2 white wins, 0xd3 unknown). */
export const RESULT_CODES: Record<string, number> = { '0-1': 0xd0, '1/2-1/2': 0xd1, '1-0': 0xd2, '*': 0xd3 };

/**
 * Where a line stands: the position, GameText piece identities, and for the
 * positions list the Polyglot base key and FEN rank texts, kept up to date move by move.
 */
interface State { pos: Position; ids: PieceIds | null; key: PolyglotKey; ranks: string[] }

const cloneState = (st: State): State => ({
  pos: clonePosition(st.pos), ids: st.ids && cloneIds(st.ids), key: { hi: st.key.hi, lo: st.key.lo }, ranks: st.ranks.slice(),
});

class Walker {
  positions: ReplayPosition[] = [];
  errors: ReplayMoveError[] = [];
  out: Bytes | null;
  texts: string[] = [];
  fatal: CodecError | null = null;
  constructor(
    readonly wantPositions: boolean,
    readonly dialect: GameTextDialect,
    readonly layout: GameTextLayout,
    encode: boolean,
    readonly allFens = true,
    readonly mainLine?: (pos: Position) => void,
  ) {
    this.out = encode ? new Bytes() : null;
  }

  text(code: number, s: string): void {
    const out = this.out;
    if (!out) return;
    out.push(code);
    if (this.layout === 'split') { this.texts.push(s); return; }
    // Seed 3: UTF-8 text terminated by 0x00 (so the text itself may not hold U+0000).
    if (s.includes('\0')) {
      this.fatal ??= replayError('ERR_GAMETEXT_TEXT_NUL', 'a comment or token contains U+0000, which the inline layout cannot store', { field: 'text' });
      return;
    }
    out.pushAll(Buffer.from(s, 'utf8'));
    out.push(0);
  }

  nag(n: number): void {
    const out = this.out;
    if (!out) return;
    // 1..31 as one byte 0xb0+n; 0 and 32..255 as 0xb0 n (never JOSE's lone 0xb0 for NAG 0).
    if (!Number.isInteger(n) || n < 0 || n > NAG_MAX) {
      this.fatal ??= replayError('ERR_GAMETEXT_NAG', `NAG ${n} does not fit in a byte`, { field: 'nag' });
      return;
    }
    if (n >= 1 && n <= 31) out.push(0xb0 + n);
    else { out.push(0xb0); out.push(n); }
  }

  line(line: PgnNode[], st: State, path: number[], ply: number): void {
    for (let k = 0; k < line.length; k++) {
      const node = line[k];
      if (node.startComments) for (const c of node.startComments) this.text(0xe0, c);
      const snapshot: State | null = node.variations.length ? cloneState(st) : null;
      const plyBefore = ply;
      let kind = node.error;
      let move: Move = 0;
      if (!kind) {
        const r = parseSan(st.pos, node.san);
        if (r.ok) move = r.value;
        else {
          kind = SAN_ERROR_KIND[r.error.code] ?? 'unreadable';
          // A token that does not even look like a move is "unrecognized input" (0xe4).
          if (kind === 'unreadable' && !looksLikeMove(node.san)) kind = 'unrecognized';
          this.errors.push({ path, index: k, ply: ply + 1, token: node.san, kind, code: r.error.code, message: r.error.message });
        }
      } else {
        this.errors.push({ path, index: k, ply: ply + 1, token: node.san, kind, code: KEPT_TOKEN_CODES[kind], message: `token '${node.san}' kept as ${kind}` });
      }
      if (kind) this.text(ERROR_CODES[kind], node.san);
      else {
        const pos = st.pos;
        if (this.out && st.ids) {
          const code = encodeMove(pos, st.ids, move, this.dialect);
          if (code < 0) {
            this.fatal ??= replayError('ERR_GAMETEXT_PIECE_QUOTA',
              `move ${node.san} at ply ${ply + 1}: the piece has no GameText identity (more pieces than the format can name)`, { field: 'move' });
          } else if (code > 0xffff) { this.out.push(code & 0xff); this.out.push((code >> 8) & 0xff); }
          else this.out.push(code);
          applyIds(st.ids, pos, move);
        }
        let san = '';
        let uci = '';
        if (this.wantPositions) {
          san = sanWithoutCheck(pos, move);
          uci = moveToUci(pos, move);
        }
        const moverWhite = pos.turn === 0;
        const undo = makeMove(pos, move);
        ply++;
        if (this.mainLine && path.length === 0) this.mainLine(pos);
        if (this.wantPositions) {
          updatePolyglotKey(st.key, pos, move, undo);
          if (this.allFens) updateFenRanks(st.ranks, pos, move);
          let evals: Eval[] = [];
          for (const c of node.comments) { const e = parseEvals(c, moverWhite); if (e.length) evals = evals.concat(e); }
          const fen = this.allFens ? printFenWithRanks(pos, st.ranks) : evals.length > 0 ? printFen(pos) : '';
          this.positions.push({
            path, index: k, ply, san: san + checkMark(pos), uci, fen, key: polyglotKeyOf(st.key, pos),
            turn: pos.turn === 0 ? 'w' : 'b', evals, node,
          });
        }
      }
      // Annotations in input order (see PgnNode.order).
      const order = node.order;
      if (order === undefined) {
        for (const n of node.nags) this.nag(n);
        for (const c of node.comments) this.text(0xe0, c);
        for (let v = 0; v < node.variations.length; v++) this.variation(node, v, snapshot as State, path, k, plyBefore, v === node.variations.length - 1);
      } else {
        let ni = 0, ci = 0, vi = 0;
        for (let q = 0; q < order.length; q++) {
          const c = order[q];
          if (c === 'n' && ni < node.nags.length) this.nag(node.nags[ni++]);
          else if (c === 'c' && ci < node.comments.length) this.text(0xe0, node.comments[ci++]);
          else if (c === 'v' && vi < node.variations.length) { this.variation(node, vi, snapshot as State, path, k, plyBefore, vi === node.variations.length - 1); vi++; }
        }
      }
    }
  }

  variation(node: PgnNode, v: number, snapshot: State, path: number[], k: number, ply: number, last: boolean): void {
    // Seed: 0xf0 opens a variation to the previous move, 0xf1 closes it.
    this.out?.push(0xf0);
    const st = last ? snapshot : cloneState(snapshot);
    this.line(node.variations[v], st, path.concat([k, v]), ply);
    this.out?.push(0xf1);
  }
}

/**
 * Replays a game from its start FEN (FEN tag or the standard start). Fails only
 * if the start FEN is bad (ERR_FEN_*) or, when writing GameText, the game cannot
 * be stored (ERR_GAMETEXT_PIECE_QUOTA, ERR_GAMETEXT_NAG, ERR_GAMETEXT_TEXT_NUL);
 * unplayable moves are listed in `errors`.
 */
export function replayGame(game: PgnGame, options: ReplayOptions = {}): Result<ReplayResult> {
  const fen = gameStartFen(game);
  const parsed = parseFen(fen);
  if (!parsed.ok) return err({ ...parsed.error, message: `start FEN: ${parsed.error.message}` });
  const pos = parsed.value;
  const gt = options.gameText === true ? {} : options.gameText || null;
  const w = new Walker(options.positions !== false, gt?.dialect ?? 'JOSE', gt?.layout ?? 'inline', gt !== null, options.fens !== 'evaluated', options.mainLine);
  const st: State = { pos, ids: gt ? setupIds(pos) : null, key: polyglotBaseKey(pos), ranks: fenRanks(pos) };
  const start = { fen: printFenWithRanks(pos, st.ranks), key: polyglotKeyOf(st.key, pos), turn: (pos.turn === 0 ? 'w' : 'b') as 'w' | 'b' };
  const chess960 = isChess960Castling(pos);
  for (const c of game.comments) w.text(0xe0, c);
  options.mainLine?.(pos);
  w.line(game.moves, st, [], 0);
  if (w.fatal) return err(w.fatal);
  const result: ReplayResult = { start, chess960, positions: w.positions, errors: w.errors };
  if (w.out) {
    if (game.result !== null && RESULT_CODES[game.result] !== undefined) w.out.push(RESULT_CODES[game.result]);
    w.out.push(0xff);
    result.gameText = { bytes: w.out.result(), texts: w.texts };
  }
  return ok(result);
}
