/**
 * PGN read/write at the syntax level: tag pairs, movetext as a tree (main line,
 * nested variations, NAGs and `!`/`?` glyphs, comments, null moves, results),
 * CRLF, `%` escape lines, `;` comments. Moves stay SAN text here; `replay.ts`
 * and `gameText.ts` resolve them against positions.
 */
import { CodecError, Result, codecErrors, err, ok } from '../result';
import { STANDARD_FEN } from './board';
import { prependAll, pushAll } from '../arrays';

/** The error codes this module returns. */
export const PGN_ERRORS = ['ERR_PGN_COMMENT', 'ERR_PGN_EMPTY', 'ERR_PGN_NAG', 'ERR_PGN_TAG', 'ERR_PGN_VARIATION'] as const;
/** One of PGN_ERRORS. */
export type PgnError = (typeof PGN_ERRORS)[number];
const pgnError = codecErrors(PGN_ERRORS);

/** How a move token failed, as GameText stores it (codes 0xe1-0xe5). */
export type MoveErrorKind = 'unreadable' | 'illegal' | 'ambiguous' | 'unrecognized' | 'empty';

/** A tag pair, in file order. */
export interface PgnTag {
  name: string;
  value: string;
}

/**
 * One move of a line. `variations` are alternatives to this move (each a line
 * starting from the position before it). `order` records the input order of the
 * annotations after the move when it differs from nags, comments, variations:
 * one letter per item, `n` NAG, `c` comment, `v` variation (e.g. `cn` for
 * `f5 {text} $250`); writers follow it so round trips keep the token order.
 */
export interface PgnNode {
  /** The move token without move number and glyphs (`Nf3+`, `O-O`, `--`), or the raw bad token. */
  san: string;
  nags: number[];
  /** Comments after the move. */
  comments: string[];
  /** Comments before the move; only on the first move of a variation. */
  startComments?: string[];
  variations: PgnNode[][];
  order?: string;
  /** Set when the token is kept as an error (not a playable move), as GameText does. */
  error?: MoveErrorKind;
  /** Line of the token in the input (from 1), when parsed with `PgnSource.moveLines`. */
  line?: number;
}

/** A parsed game. */
export interface PgnGame {
  tags: PgnTag[];
  /** Comments before the first move of the main line. */
  comments: string[];
  moves: PgnNode[];
  /** The movetext's termination marker ('1-0', '0-1', '1/2-1/2', '*'), or null if absent. */
  result: string | null;
  /** Tag pairs that could not be read and were left out (the game itself was read). */
  tagErrors?: CodecError[];
}

/** Where a game starts in a larger input, for error locations. */
export interface PgnSource {
  /** Line number of the game's first line in the file (from 1). */
  line?: number;
  /** Offset of the game's first character/byte in the file. */
  offset?: number;
  /** Give each move node the line it is written on (`PgnNode.line`), for messages about moves. */
  moveLines?: boolean;
}

/** Deepest variation nesting the PGN and GameText readers accept (real games nest a handful of levels). */
export const MAX_VARIATION_DEPTH = 500;

/** Value of a tag, or undefined. */
export const getTag = (game: PgnGame, name: string): string | undefined => {
  for (const t of game.tags) if (t.name === name) return t.value;
  return undefined;
};

/**
 * Whether a game is chess as tabula replays it: no `Variant` tag, or one naming standard chess,
 * Chess960 or a game from a set-up position (`From Position`), in any case and spelling
 * (`Fischerandom`, `chess 960`). Other variants (Crazyhouse, Atomic, Antichess, Three-check, King
 * of the Hill, Racing Kings, Horde…) have other rules.
 */
export const isStandardVariant = (game: PgnGame): boolean => {
  const tag = getTag(game, 'Variant');
  if (tag === undefined) return true;
  return STANDARD_VARIANTS.has(tag.toLowerCase().replace(/[^a-z0-9]/g, ''));
};

const STANDARD_VARIANTS = new Set(['', 'standard', 'chess', 'normal', 'chess960', '960', 'fischerandom', 'fischerrandom', 'frc', 'fromposition']);

/** The game's start position: the FEN tag if present, else the standard start. */
export const gameStartFen = (game: PgnGame): string => getTag(game, 'FEN')?.trim() || STANDARD_FEN;

/** PGN glyphs and the NAGs they stand for. */
export const GLYPH_NAGS: Record<string, number> = { '!': 1, '?': 2, '!!': 3, '??': 4, '!?': 5, '?!': 6 };

/**
 * Evaluation symbols written as text instead of NAGs (the Unicode symbols ChessBase, Scid and
 * lichess print, and their ASCII forms), standing alone between moves: each is read as its NAG.
 */
export const SYMBOL_NAGS: Record<string, number> = {
  '\u25a1': 7, // □ only move
  '=': 10, // drawish position
  '\u221e': 13, // ∞ unclear
  '\u2a72': 14, '+=': 14, '+/=': 14, // ⩲ White is slightly better
  '\u2a71': 15, '=+': 15, '=/+': 15, // ⩱ Black is slightly better
  '\u00b1': 16, '+/-': 16, // ± White is better
  '\u2213': 17, '-/+': 17, // ∓ Black is better
  '+\u2212': 18, '+-': 18, // +− White is winning
  '\u2212+': 19, '-+': 19, // −+ Black is winning
  '\u2206': 140, '\u25b3': 140, // ∆ △ with the idea
};

const RESULTS = new Set(['1-0', '0-1', '1/2-1/2', '*']);

const isWs = (c: number): boolean => c === 32 || c === 10 || c === 13 || c === 9 || c === 12 || c === 11 || c === 0xa0 || c === 0xfeff;
// PGN symbol characters: letters, digits, _ + # = : - / (plus '@' for '@@@@' null moves)
/** A pawn capture onto the third or sixth rank with `ep` written after it (before any check mark). */
const EN_PASSANT_MARK = /^([a-h]x[a-h][36])ep([+#]*)$/;

/** The end of an evaluation symbol standing alone at `at` (a whole run up to white space or a delimiter), else `at`. */
/** The first characters of the symbols: a token that starts otherwise (a move, a move number) is none, and is not scanned. */
const SYMBOL_STARTS = new Set(Object.keys(SYMBOL_NAGS).map((symbol) => symbol.charCodeAt(0)));

const symbolAt = (s: string, at: number): number => {
  if (!SYMBOL_STARTS.has(s.charCodeAt(at))) return at;
  let k = at;
  while (k < s.length && k - at < 4 && !isWs(s.charCodeAt(k)) && !'{}()[];$'.includes(s[k])) k++;
  const ends = k >= s.length || isWs(s.charCodeAt(k)) || '{}()[];$'.includes(s[k]);
  return ends && SYMBOL_NAGS[s.slice(at, k)] !== undefined ? k : at;
};

const isSym = (c: number): boolean =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 43 || c === 35 ||
  c === 61 || c === 58 || c === 45 || c === 47 || c === 64;

/**
 * Normalises comment text: each line break becomes one space (line breaks in PGN
 * comments are layout; JOSE stores them the same way), then surrounding whitespace is trimmed.
 */
const cleanComment = (s: string): string => s.replace(/\r\n?|\n/g, ' ').trim();

interface Frame {
  line: PgnNode[];
  owner: PgnNode | null;
  pendingStart: string[];
}

/** Incremental parser state over one text; `parsePgn` drives it game by game. */
class Parser {
  i = 0;
  /** Start of the token being read (for its line). */
  private at = 0;
  /** Lines counted so far: the line of offset `lineAt` (moves come in text order, so counting only goes forward). */
  private lineAt = 0;
  private line: number;
  constructor(readonly s: string, readonly src: PgnSource) {
    this.line = src.line ?? 1;
  }

  /** Line (from 1, in the file) of the text offset `at`, at or after the last one asked. */
  private lineOf(at: number): number {
    for (; this.lineAt < at; this.lineAt++) if (this.s.charCodeAt(this.lineAt) === 10) this.line++;
    return this.line;
  }

  where(at: number, field?: string): { offset: number; line: number; column: number; field?: string } {
    // Recount the line for `at` (errors only, so a scan is fine).
    let line = this.src.line ?? 1;
    let ls = 0;
    for (let k = 0; k < at && k < this.s.length; k++) if (this.s.charCodeAt(k) === 10) { line++; ls = k + 1; }
    return { offset: (this.src.offset ?? 0) + at, line, column: at - ls + 1, ...(field ? { field } : {}) };
  }

  fail(code: PgnError, message: string, at: number, field?: string): Result<never, CodecError> {
    return err(pgnError(code, message, this.where(at, field)));
  }

  /** Skips whitespace, `%` escape lines and (outside movetext) `;` comments. */
  skipWs(): void {
    const s = this.s;
    while (this.i < s.length) {
      const c = s.charCodeAt(this.i);
      if (isWs(c)) { this.i++; continue; }
      if (c === 37 && (this.i === 0 || s.charCodeAt(this.i - 1) === 10)) { // '%' at line start
        while (this.i < s.length && s.charCodeAt(this.i) !== 10) this.i++;
        continue;
      }
      break;
    }
  }

  atEnd(): boolean {
    this.skipWs();
    return this.i >= this.s.length;
  }

  /** One tag pair `[Name "value"]` at `i`. */
  tag(): Result<PgnTag, CodecError> {
    const s = this.s;
    const start = this.i;
    this.i++;
    while (this.i < s.length && (s.charCodeAt(this.i) === 32 || s.charCodeAt(this.i) === 9)) this.i++;
    const ns = this.i;
    while (this.i < s.length && isTagNameChar(s.charCodeAt(this.i))) this.i++;
    if (this.i === ns) return this.fail('ERR_PGN_TAG', 'tag name expected', this.i);
    const name = s.slice(ns, this.i);
    while (this.i < s.length && (s.charCodeAt(this.i) === 32 || s.charCodeAt(this.i) === 9)) this.i++;
    if (s[this.i] !== '"') return this.fail('ERR_PGN_TAG', `tag ${name}: '"' expected`, this.i, name);
    this.i++;
    let value = '';
    let closed = false;
    while (this.i < s.length) {
      const ch = s[this.i];
      if (ch === '\\' && (s[this.i + 1] === '"' || s[this.i + 1] === '\\')) { value += s[this.i + 1]; this.i += 2; continue; }
      if (ch === '"') { closed = true; this.i++; break; }
      if (ch === '\n' || ch === '\r') break;
      value += ch;
      this.i++;
    }
    if (!closed) return this.fail('ERR_PGN_TAG', `tag ${name}: unterminated value`, start, name);
    while (this.i < s.length && (s.charCodeAt(this.i) === 32 || s.charCodeAt(this.i) === 9)) this.i++;
    if (s[this.i] !== ']') return this.fail('ERR_PGN_TAG', `tag ${name}: ']' expected`, this.i, name);
    this.i++;
    return ok({ name, value });
  }

  /** Parses one game starting at `i`; returns null game when only whitespace is left. */
  game(): Result<PgnGame | null> {
    const s = this.s;
    const game: PgnGame = { tags: [], comments: [], moves: [], result: null };
    this.skipWs();
    if (this.i >= s.length) return ok(null);
    // Tag pairs: [Name "value"]. One that cannot be read is left out, and the game goes on.
    while (this.i < s.length && s.charCodeAt(this.i) === 91) {
      const tag = this.tag();
      if (tag.ok) game.tags.push(tag.value);
      else {
        (game.tagErrors ??= []).push(tag.error);
        while (this.i < s.length && s.charCodeAt(this.i) !== 10) this.i++;
      }
      this.skipWs();
    }
    // Movetext.
    const stack: Frame[] = [{ line: game.moves, owner: null, pendingStart: game.comments }];
    let top = stack[0];
    const addAnn = noteAnnotation;
    while (true) {
      this.skipWs();
      if (this.i >= s.length) break;
      const c = s.charCodeAt(this.i);
      const at = this.i;
      this.at = at;
      if (c === 91 && (at === 0 || s.charCodeAt(at - 1) === 10 || s.charCodeAt(at - 1) === 13)) {
        // A tag at line start begins the next game (movetext without a result).
        if (stack.length > 1) return this.fail('ERR_PGN_VARIATION', 'unterminated variation', at);
        break;
      }
      if (c === 123) { // '{' comment
        const end = s.indexOf('}', at + 1);
        if (end < 0) return this.fail('ERR_PGN_COMMENT', 'unterminated comment', at);
        this.addComment(top, cleanComment(s.slice(at + 1, end)), addAnn);
        this.i = end + 1;
        continue;
      }
      if (c === 59) { // ';' comment to end of line
        let end = s.indexOf('\n', at);
        if (end < 0) end = s.length;
        this.addComment(top, cleanComment(s.slice(at + 1, end)), addAnn);
        this.i = end;
        continue;
      }
      if (c === 40) { // '('
        const owner = top.line.length ? top.line[top.line.length - 1] : null;
        if (!owner) return this.fail('ERR_PGN_VARIATION', 'variation before any move', at);
        // Replay, printing and GameText recurse per level: refuse absurd nesting here, before they overflow the stack.
        if (stack.length > MAX_VARIATION_DEPTH) return this.fail('ERR_PGN_VARIATION', `variations nested deeper than ${MAX_VARIATION_DEPTH}`, at);
        const line: PgnNode[] = [];
        addAnn(owner, 'v');
        owner.variations.push(line);
        top = { line, owner, pendingStart: [] };
        stack.push(top);
        this.i++;
        continue;
      }
      if (c === 41) { // ')'
        if (stack.length === 1) return this.fail('ERR_PGN_VARIATION', "')' without '('", at);
        if (top.pendingStart.length && top.line.length === 0 && top.owner) {
          // a variation holding only comments: keep them as comments of an empty line's owner
          pushAll(top.owner.comments, top.pendingStart);
        }
        stack.pop();
        top = stack[stack.length - 1];
        this.i++;
        continue;
      }
      if (c === 36) { // '$' NAG
        let k = at + 1;
        while (k < s.length && s.charCodeAt(k) >= 48 && s.charCodeAt(k) <= 57) k++;
        if (k === at + 1 || k - at > 4) return this.fail('ERR_PGN_NAG', 'bad NAG', at);
        this.addNag(top, Number(s.slice(at + 1, k)), addAnn);
        this.i = k;
        continue;
      }
      if (c === 33 || c === 63) { // glyphs ! ?
        let k = at;
        while (k < s.length && (s.charCodeAt(k) === 33 || s.charCodeAt(k) === 63)) k++;
        const g = s.slice(at, k);
        const nag = GLYPH_NAGS[g];
        if (nag === undefined) this.addToken(top, g, 'unrecognized');
        else this.addNag(top, nag, addAnn);
        this.i = k;
        continue;
      }
      const symbolEnd = symbolAt(s, at);
      if (symbolEnd > at) {
        this.addNag(top, SYMBOL_NAGS[s.slice(at, symbolEnd)], addAnn);
        this.i = symbolEnd;
        continue;
      }
      if (isSym(c)) {
        let k = at;
        while (k < s.length && isSym(s.charCodeAt(k))) k++;
        const tok = s.slice(at, k);
        this.i = k;
        // Move numbers: digits followed by dots ("12." / "12...") or a lone number.
        if (allDigits(tok)) {
          while (this.i < s.length && s.charCodeAt(this.i) === 46) this.i++;
          continue;
        }
        if (RESULTS.has(tok)) {
          if (stack.length === 1) { game.result = tok; break; }
          continue; // results inside variations carry no information
        }
        this.addToken(top, this.withoutEnPassantMark(tok));
        continue;
      }
      if (c === 46) { this.i++; continue; } // stray '.'
      if (c === 42) { // '*' result
        this.i++;
        if (stack.length === 1) { game.result = '*'; break; }
        continue;
      }
      // Anything else: an evaluation symbol, or a run of non-space characters kept as an unrecognized token.
      let k = at + 1;
      while (k < s.length && !isWs(s.charCodeAt(k)) && !'{}()[];$'.includes(s[k])) k++;
      this.addToken(top, s.slice(at, k), 'unrecognized');
      this.i = k;
    }
    if (stack.length > 1) return this.fail('ERR_PGN_VARIATION', 'unterminated variation', this.i);
    return ok(game);
  }

  /**
   * A pawn capture written with an en passant mark (`exf6ep`, `exf6e.p.`, `exf6 e.p.`, check
   * suffix kept) as plain SAN, as scalachess and chessops read it; the mark alone is skipped.
   */
  withoutEnPassantMark(tok: string): string {
    const s = this.s;
    if (tok.endsWith('e') && s.startsWith('.p.', this.i)) {
      this.i += 3;
      let check = '';
      while (this.i < s.length && (s[this.i] === '+' || s[this.i] === '#')) check += s[this.i++];
      return tok.slice(0, -1) + check;
    }
    const m = EN_PASSANT_MARK.exec(tok);
    return m ? m[1] + m[2] : tok;
  }

  addToken(top: Frame, san: string, error?: MoveErrorKind): void {
    if (san === '') return; // an en passant mark written apart from its move
    const node: PgnNode = { san, nags: [], comments: [], variations: [] };
    if (error) node.error = error;
    if (this.src.moveLines) node.line = this.lineOf(this.at);
    if (top.pendingStart.length && top.line.length === 0 && top.owner) {
      node.startComments = top.pendingStart;
      top.pendingStart = [];
    }
    top.line.push(node);
  }

  addComment(top: Frame, text: string, addAnn: (n: PgnNode, k: string) => void): void {
    const last = top.line.length ? top.line[top.line.length - 1] : null;
    if (!last) { top.pendingStart.push(text); return; }
    addAnn(last, 'c');
    last.comments.push(text);
  }

  addNag(top: Frame, nag: number, addAnn: (n: PgnNode, k: string) => void): void {
    const last = top.line.length ? top.line[top.line.length - 1] : null;
    if (!last) return; // a NAG before any move annotates nothing
    addAnn(last, 'n');
    last.nags.push(nag);
  }
}

const isTagNameChar = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

const allDigits = (t: string): boolean => {
  for (let k = 0; k < t.length; k++) { const c = t.charCodeAt(k); if (c < 48 || c > 57) return false; }
  return true;
};

const kindRank = (k: string): number => (k === 'n' ? 0 : k === 'c' ? 1 : 2);

/**
 * Records that an annotation of `kind` ('n', 'c', 'v') is about to be added to
 * `node`; sets `node.order` only once the input leaves the canonical n* c* v* order.
 */
export function noteAnnotation(node: PgnNode, kind: string): void {
  if (node.order !== undefined) { node.order += kind; return; }
  const last = node.variations.length ? 2 : node.comments.length ? 1 : node.nags.length ? 0 : -1;
  if (kindRank(kind) >= last) return;
  node.order = 'n'.repeat(node.nags.length) + 'c'.repeat(node.comments.length) + 'v'.repeat(node.variations.length) + kind;
}

/**
 * Parses every game in a text. Each entry is a game or the error that stopped
 * that game (codes ERR_PGN_TAG, ERR_PGN_COMMENT, ERR_PGN_VARIATION, ERR_PGN_NAG,
 * with offset/line/column); after an error, parsing resumes at the next tag section.
 */
export function parsePgn(text: string, source: PgnSource = {}): Result<PgnGame>[] {
  const p = new Parser(text, source);
  const out: Result<PgnGame>[] = [];
  // Comments outside any game (before the first tag pair, after a result): not a game of their own.
  let loose: string[] = [];
  while (!p.atEnd()) {
    const before = p.i;
    const r = p.game();
    if (!r.ok) {
      out.push(r);
      // Resync: skip to the next line starting with '['.
      const re = /\n\s*\[/g;
      re.lastIndex = Math.max(p.i - 1, before + 1);
      const m = re.exec(text);
      p.i = m ? m.index + 1 : text.length;
      continue;
    }
    const game = r.value;
    if (game && game.tags.length === 0 && game.moves.length === 0 && game.result === null) {
      // On the line where the previous game ended (`1-0 ; won on time`) they close that game; else they lead the next.
      const previous = out[out.length - 1];
      let start = before;
      while (start < text.length && isWs(text.charCodeAt(start)) && text.charCodeAt(start) !== 10) start++;
      if (previous?.ok && text.charCodeAt(start) !== 10 && start > 0) closeWithComments(previous.value, game.comments);
      else pushAll(loose, game.comments);
    } else if (game) {
      // Comments before a game's tags lead its movetext, as pgn-extract keeps them.
      if (loose.length > 0) prependAll(game.comments, loose);
      loose = [];
      out.push(ok(game));
    }
    if (p.i === before) p.i++; // never loop without progress
  }
  // Comments after the last game's result close that game.
  const last = out[out.length - 1];
  if (loose.length > 0 && last?.ok) closeWithComments(last.value, loose);
  return out;
}

/** Adds comments after a game's last move (or, with no move, before its movetext). */
const closeWithComments = (game: PgnGame, comments: string[]): void => {
  const lastMove = game.moves[game.moves.length - 1];
  pushAll(lastMove ? lastMove.comments : game.comments, comments);
};

/** Parses the first game of a text (an empty text is ERR_PGN_EMPTY). */
export function parsePgnGame(text: string, source: PgnSource = {}): Result<PgnGame> {
  const p = new Parser(text, source);
  const r = p.game();
  if (!r.ok) return r;
  if (!r.value) return err(pgnError('ERR_PGN_EMPTY', 'no game in input', { offset: source.offset ?? 0, line: source.line ?? 1, column: 1 }));
  return ok(r.value);
}

// ---------------------------------------------------------------------------
// Writing

/** Options for `printPgn`. */
export interface PgnWriteOptions {
  /** Wrap movetext lines at this width (default 80; 0 = no wrapping). */
  maxLineLength?: number;
  /**
   * Write tokens kept without being played (nodes with an `error`) as comments, so other
   * programs read the game; the line goes on from the same position. Default: as written.
   */
  keptTokensAsComments?: boolean;
}

const escapeTag = (v: string): string => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
/** PGN comments cannot contain '}': it is dropped (as python-chess does). */
const commentText = (c: string): string => '{' + c.replace(/\}/g, '') + '}';

/** The termination marker written: the movetext's, else the Result tag's, else '*'. */
const resultToken = (game: PgnGame): string => {
  if (game.result !== null) return game.result;
  const tag = getTag(game, 'Result');
  return tag !== undefined && RESULTS.has(tag) ? tag : '*';
};

/** Writes the movetext (moves, variations, annotations, result) of a game. */
export function printPgnMovetext(game: PgnGame, options: PgnWriteOptions = {}): string {
  const fen = gameStartFen(game).split(/\s+/);
  const blackFirst = fen[1] === 'b';
  const fullmove = Math.max(1, Number(fen[5]) || 1);
  const tokens: string[] = [];
  for (const c of game.comments) tokens.push(commentText(c));
  writeLine(game.moves, blackFirst ? 1 : 0, fullmove, tokens, options.keptTokensAsComments ?? false);
  tokens.push(resultToken(game));
  return wrap(tokens, options.maxLineLength ?? 80);
}

/** Writes a whole game: tags, blank line, movetext, blank line. */
export function printPgn(game: PgnGame, options: PgnWriteOptions = {}): string {
  let s = '';
  for (const t of game.tags) s += `[${t.name} "${escapeTag(t.value)}"]\n`;
  return s + '\n' + printPgnMovetext(game, options) + '\n\n';
}

/** Move numbers: `ply` counts half moves from a White move (0 = White to move at fullmove `fm`). */
function writeLine(line: PgnNode[], ply: number, fm: number, out: string[], keptAsComments: boolean): void {
  let needNumber = true;
  for (const node of line) {
    if (node.startComments) { for (const c of node.startComments) out.push(commentText(c)); needNumber = true; }
    if (node.error && keptAsComments) {
      // A token kept without being played is not a move: written as a comment, so other programs
      // read the game, and the line goes on from the same position (the next move keeps this number).
      out.push(commentText(node.san));
      for (const c of node.comments) out.push(commentText(c));
      needNumber = true;
      continue;
    }
    const white = (ply & 1) === 0;
    const num = fm + (ply >> 1);
    const san = node.san;
    if (white) out.push(num + '. ' + san);
    else if (needNumber) out.push(num + '... ' + san);
    else out.push(san);
    needNumber = false;
    const order = node.order ?? 'n'.repeat(node.nags.length) + 'c'.repeat(node.comments.length) + 'v'.repeat(node.variations.length);
    let ni = 0, ci = 0, vi = 0;
    for (let k = 0; k < order.length; k++) {
      const kind = order[k];
      if (kind === 'n' && ni < node.nags.length) out.push('$' + node.nags[ni++]);
      else if (kind === 'c' && ci < node.comments.length) { out.push(commentText(node.comments[ci++])); needNumber = true; }
      else if (kind === 'v' && vi < node.variations.length) {
        out.push('(');
        writeLine(node.variations[vi++], ply, fm, out, keptAsComments);
        out.push(')');
        needNumber = true;
      }
    }
    ply++;
  }
}

/** Joins tokens with spaces, wrapping lines; '(' and ')' hug their neighbours. */
function wrap(tokens: string[], width: number): string {
  let out = '';
  let lineLen = 0;
  let prev = '';
  for (const t of tokens) {
    const glue = prev === '' || prev === '(' || t === ')' ? '' : ' ';
    if (width > 0 && lineLen > 0 && lineLen + glue.length + t.length > width && glue !== '') {
      out += '\n';
      lineLen = 0;
      out += t;
      lineLen = t.length;
    } else {
      out += glue + t;
      lineLen += glue.length + t.length;
    }
    const nl = t.lastIndexOf('\n');
    if (nl >= 0) lineLen = t.length - nl - 1;
    prev = t;
  }
  return out;
}
