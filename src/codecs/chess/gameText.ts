/**
 * GameText: the JOSE binary move encoding (seed `chess-binary-move-encoding.txt`).
 * A byte stream ending in 0xff: move codes, NAGs, comments, error tokens,
 * variations (0xf0 ... 0xf1 after the move they replace), result code.
 *
 * Dialects: `JOSE` (default) uses JOSE's knight/king direction order (what the
 * program writes: from e4, knight 0..7 = g5 g3 f2 d2 c3 c5 d6 f6, king 0..7 =
 * NE SE SW NW E W N S); `SEED_DIAGRAM` uses the seed's grids (knight 0..7 = f6 d6
 * c5 c3 d2 f2 g3 g5, king NE NW SW SE N S W E). All other codes are the same.
 *
 * Layouts: `inline` (tabula's stored form, per the seed) writes the UTF-8 text
 * and a 0x00 after 0xe0..0xe5; `split` (JOSE's `MoreGame.Bin` + `Comments`)
 * writes the bare code and returns the texts as a list.
 *
 * Second bytes are written as 0x20 | data and read with the reserved bits masked.
 */
import { CodecError, Result, codecErrors, err, ok } from '../result';
import { Position, STANDARD_FEN, clonePosition } from './board';
import { parseFen } from './fen';
import { GameTextDialect, PieceIds, applyIds, cloneIds, decodeMove, isTwoByteMove, setupIds } from './gameTextMoves';
import { makeMove } from './moves';
import { MAX_VARIATION_DEPTH, MoveErrorKind, PgnGame, PgnNode, noteAnnotation } from './pgn';
import { EncodedGameText, GameTextLayout, GameTextOptions, RESULT_CODES, replayGame } from './replay';
import { printSan } from './san';

/** The error codes this module returns. */
export const GAMETEXT_ERRORS = [
  'ERR_GAMETEXT_END',
  'ERR_GAMETEXT_MOVE',
  'ERR_GAMETEXT_NAG',
  'ERR_GAMETEXT_RESERVED',
  'ERR_GAMETEXT_RESULT',
  'ERR_GAMETEXT_TEXTS',
  'ERR_GAMETEXT_TRAILING',
  'ERR_GAMETEXT_TRUNCATED',
  'ERR_GAMETEXT_VARIATION',
] as const;
/** One of GAMETEXT_ERRORS. */
export type GameTextError = (typeof GAMETEXT_ERRORS)[number];
const gameTextError = codecErrors(GAMETEXT_ERRORS);

export type { GameTextDialect } from './gameTextMoves';
export type { GameTextLayout, GameTextOptions, EncodedGameText } from './replay';

/**
 * Encodes a parsed game. Unplayable tokens become error codes 0xe1-0xe5 with the
 * token as text. Errors: ERR_FEN_* (start FEN), ERR_GAMETEXT_PIECE_QUOTA,
 * ERR_GAMETEXT_NAG, ERR_GAMETEXT_TEXT_NUL.
 */
export function encodeGameText(game: PgnGame, options: GameTextOptions = {}): Result<EncodedGameText> {
  const r = replayGame(game, { positions: false, gameText: options });
  if (!r.ok) return r;
  return ok(r.value.gameText as EncodedGameText);
}

/** Options for `decodeGameText`. */
export interface GameTextDecodeOptions {
  /** Start position (default: standard). Identities follow this FEN's piece order, so pass it verbatim. */
  fen?: string;
  dialect?: GameTextDialect;
  layout?: GameTextLayout;
  /** Split layout: the texts, as a list or as JOSE's Comments bytes (0x00-terminated UTF-8 strings). */
  texts?: string[] | Uint8Array;
}

const RESULT_OF: Record<number, string> = {};
for (const [k, v] of Object.entries(RESULT_CODES)) RESULT_OF[v] = k;
const ERROR_KINDS: MoveErrorKind[] = ['unreadable', 'illegal', 'ambiguous', 'unrecognized', 'empty'];

/**
 * Decodes UTF-8 text, also accepting CESU-8 (surrogates encoded one by one, as
 * JOSE writes characters outside the BMP); invalid bytes become U+FFFD.
 */
export function decodeGameTextString(b: Uint8Array, start = 0, end = b.length): string {
  let cesu = false;
  for (let i = start; i + 1 < end; i++) if (b[i] === 0xed && b[i + 1] >= 0xa0) { cesu = true; break; }
  if (!cesu) return Buffer.from(b.buffer, b.byteOffset + start, end - start).toString('utf8');
  let s = '';
  for (let i = start; i < end;) {
    const c = b[i];
    let cp = -1;
    let n = 1;
    if (c < 0x80) cp = c;
    else if (c >= 0xc2 && c < 0xe0 && i + 1 < end && (b[i + 1] & 0xc0) === 0x80) { cp = ((c & 0x1f) << 6) | (b[i + 1] & 0x3f); n = 2; }
    else if (c >= 0xe0 && c < 0xf0 && i + 2 < end && (b[i + 1] & 0xc0) === 0x80 && (b[i + 2] & 0xc0) === 0x80) {
      cp = ((c & 0x0f) << 12) | ((b[i + 1] & 0x3f) << 6) | (b[i + 2] & 0x3f); n = 3;
    } else if (c >= 0xf0 && c < 0xf5 && i + 3 < end && (b[i + 1] & 0xc0) === 0x80 && (b[i + 2] & 0xc0) === 0x80 && (b[i + 3] & 0xc0) === 0x80) {
      cp = ((c & 0x07) << 18) | ((b[i + 1] & 0x3f) << 12) | ((b[i + 2] & 0x3f) << 6) | (b[i + 3] & 0x3f); n = 4;
    }
    s += cp < 0 ? '\ufffd' : String.fromCodePoint(cp);
    i += n;
  }
  return s;
}

/** Splits JOSE's Comments column (0x00-terminated UTF-8 strings) into texts. */
export function splitTextList(bytes: Uint8Array): string[] {
  const out: string[] = [];
  let s = 0;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0) { out.push(decodeGameTextString(bytes, s, i)); s = i + 1; }
  if (s < bytes.length) out.push(decodeGameTextString(bytes, s, bytes.length));
  return out;
}

/** Joins texts into JOSE's Comments column form (UTF-8, each terminated by 0x00). */
export function joinTextList(texts: string[]): Uint8Array {
  return new Uint8Array(Buffer.concat(texts.map((t) => Buffer.concat([Buffer.from(t, 'utf8'), Buffer.from([0])]))));
}

interface DState { pos: Position; ids: PieceIds }

class Decoder {
  i = 0;
  textIndex = 0;
  result: string | null = null;
  constructor(readonly b: Uint8Array, readonly dialect: GameTextDialect, readonly layout: GameTextLayout, readonly texts: string[]) {}

  fail(code: GameTextError, message: string, at = this.i): CodecError {
    return gameTextError(code, message, { offset: at, field: at < this.b.length ? '0x' + this.b[at].toString(16).padStart(2, '0') : 'end' });
  }

  readText(): string | CodecError {
    if (this.layout === 'split') {
      if (this.textIndex >= this.texts.length) return this.fail('ERR_GAMETEXT_TEXTS', 'more text codes than texts in the list', this.i - 1);
      return this.texts[this.textIndex++];
    }
    const start = this.i;
    const end = this.b.indexOf(0, start);
    if (end < 0) return this.fail('ERR_GAMETEXT_TRUNCATED', 'text not terminated by 0x00', start - 1);
    this.i = end + 1;
    return decodeGameTextString(this.b, start, end);
  }

  /** Decodes a line until 0xf1 (nested) or 0xff (main line). */
  line(st: DState, out: PgnNode[], startComments: string[], depth: number): CodecError | null {
    const b = this.b;
    let last: PgnNode | null = null;
    let before: DState | null = null;
    const pending: string[] = depth === 0 ? startComments : [];
    while (true) {
      if (this.i >= b.length) return this.fail('ERR_GAMETEXT_END', 'missing 0xff end of data');
      const at = this.i;
      const c = b[this.i++];
      if (c <= 0x9a || (c >= 0xa0 && c <= 0xaf)) {
        let c2 = 0;
        if (isTwoByteMove(c)) {
          if (this.i >= b.length) return this.fail('ERR_GAMETEXT_TRUNCATED', 'second byte missing', at);
          c2 = b[this.i++];
        }
        const m = decodeMove(st.pos, st.ids, c, c2, this.dialect);
        if (!m) return this.fail('ERR_GAMETEXT_MOVE', `code ${hex(c)}${isTwoByteMove(c) ? ' ' + hex(c2) : ''} names no legal move (replay error)`, at);
        before = { pos: clonePosition(st.pos), ids: cloneIds(st.ids) };
        const node: PgnNode = { san: printSan(st.pos, m), nags: [], comments: [], variations: [] };
        applyIds(st.ids, st.pos, m);
        makeMove(st.pos, m);
        if (pending.length && out.length === 0 && depth > 0) node.startComments = pending.splice(0);
        out.push(node);
        last = node;
      } else if (c >= 0xb0 && c <= 0xcf) {
        let n = c - 0xb0;
        if (c === 0xb0) {
          if (this.i >= b.length) return this.fail('ERR_GAMETEXT_TRUNCATED', 'NAG byte missing', at);
          n = b[this.i++];
        }
        if (!last) return this.fail('ERR_GAMETEXT_NAG', 'NAG before any move', at);
        noteAnnotation(last, 'n');
        last.nags.push(n);
      } else if (c >= 0xd0 && c <= 0xd3) {
        if (depth > 0) return this.fail('ERR_GAMETEXT_RESULT', 'result code inside a variation', at);
        this.result = RESULT_OF[c];
      } else if (c >= 0xe0 && c <= 0xe5) {
        const t = this.readText();
        if (typeof t !== 'string') return t;
        if (c === 0xe0) {
          if (!last) pending.push(t);
          else { noteAnnotation(last, 'c'); last.comments.push(t); }
        } else {
          // Error token: kept in the line; the position does not change.
          before = { pos: clonePosition(st.pos), ids: cloneIds(st.ids) };
          const node: PgnNode = { san: t, nags: [], comments: [], variations: [], error: ERROR_KINDS[c - 0xe1] };
          if (pending.length && out.length === 0 && depth > 0) node.startComments = pending.splice(0);
          out.push(node);
          last = node;
        }
      } else if (c === 0xf0) {
        if (!last || !before) return this.fail('ERR_GAMETEXT_VARIATION', 'variation before any move', at);
        // Each level recurses: refuse absurd nesting before it can overflow the stack.
        if (depth >= MAX_VARIATION_DEPTH) return this.fail('ERR_GAMETEXT_VARIATION', `variations nested deeper than ${MAX_VARIATION_DEPTH}`, at);
        const v: PgnNode[] = [];
        noteAnnotation(last, 'v');
        last.variations.push(v);
        const e = this.line({ pos: clonePosition(before.pos), ids: cloneIds(before.ids) }, v, [], depth + 1);
        if (e) return e;
      } else if (c === 0xf1) {
        if (depth === 0) return this.fail('ERR_GAMETEXT_VARIATION', 'end of variation without a start', at);
        if (pending.length && last === null) return this.fail('ERR_GAMETEXT_VARIATION', 'variation without moves', at);
        return null;
      } else if (c === 0xff) {
        if (depth > 0) return this.fail('ERR_GAMETEXT_VARIATION', 'unterminated variation at end of data', at);
        return null;
      } else return this.fail('ERR_GAMETEXT_RESERVED', `reserved code ${hex(c)}`, at);
    }
  }
}

const hex = (b: number): string => '0x' + b.toString(16).padStart(2, '0');

/**
 * Decodes GameText into a game tree (SAN moves, NAGs, comments, variations,
 * error tokens, result). The game's tags hold SetUp/FEN when a FEN was given.
 * Errors (with byte offset): ERR_FEN_*, ERR_GAMETEXT_END, ERR_GAMETEXT_TRUNCATED,
 * ERR_GAMETEXT_MOVE, ERR_GAMETEXT_NAG, ERR_GAMETEXT_RESULT, ERR_GAMETEXT_VARIATION,
 * ERR_GAMETEXT_RESERVED, ERR_GAMETEXT_TEXTS, ERR_GAMETEXT_TRAILING.
 */
export function decodeGameText(bytes: Uint8Array, options: GameTextDecodeOptions = {}): Result<PgnGame> {
  const fen = options.fen?.trim() || STANDARD_FEN;
  const p = parseFen(fen);
  if (!p.ok) return err(p.error);
  const layout = options.layout ?? 'inline';
  const texts = options.texts instanceof Uint8Array ? splitTextList(options.texts) : options.texts ?? [];
  const d = new Decoder(bytes, options.dialect ?? 'JOSE', layout, texts);
  const game: PgnGame = { tags: [], comments: [], moves: [], result: null };
  if (options.fen && fen !== STANDARD_FEN) game.tags.push({ name: 'SetUp', value: '1' }, { name: 'FEN', value: fen });
  const e = d.line({ pos: p.value, ids: setupIds(p.value) }, game.moves, game.comments, 0);
  if (e) return err(e);
  if (d.i !== bytes.length) return err(d.fail('ERR_GAMETEXT_TRAILING', 'bytes after 0xff'));
  game.result = d.result;
  return ok(game);
}
