/**
 * The move tokens of one PGN game's main line, found in its bytes without reading them: the
 * movetext's words outside tag pairs, comments (`{…}`, `;` to the end of the line, `%` escape
 * lines) and variations (`(…)`, nested), with move numbers (`12.`, `12...`, also glued to the move),
 * NAGs (`$1`) and the result left out; the words stop at the result.
 *
 * No token is checked: this is a cheap way back to a game's moves where the caller has checked
 * once (at import) that the tokens are exactly the SAN of the moves its replay played
 * (`sameMoveTokens`), so the source can stand for the list of moves afterwards.
 */
import { roomForPair } from '../arrays';

/** Where the tokens are: token i is bytes `[at[2i], at[2i + 1])`. */
export interface MoveTokens {
  at: Int32Array;
  count: number;
}

const SPACE = 32;
const TAB = 9;
const LF = 10;
const CR = 13;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_PAREN = 40;
const CLOSE_PAREN = 41;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const SEMICOLON = 59;
const PERCENT = 37;
const QUOTE = 34;
const BACKSLASH = 92;
const DOT = 46;
const DOLLAR = 36;
const STAR = 42;

const isSpace = (c: number): boolean => c === SPACE || c === LF || c === CR || c === TAB;
/** A byte that ends a word. */
const ends = (c: number): boolean => isSpace(c) || c === OPEN_BRACE || c === CLOSE_BRACE || c === OPEN_PAREN || c === CLOSE_PAREN || c === SEMICOLON || c === OPEN_BRACKET;
const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/** The index after the byte `stop` from `i` on (the end when there is none). */
function past(bytes: Uint8Array, i: number, stop: number): number {
  const at = bytes.indexOf(stop, i);
  return at < 0 ? bytes.length : at + 1;
}

/** The index after a tag pair's `]` from `i` (its `[`), minding a quoted value's `\"` and `]`. */
function pastTag(bytes: Uint8Array, i: number): number {
  let quoted = false;
  for (i++; i < bytes.length; i++) {
    const c = bytes[i];
    if (quoted) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) quoted = false;
    } else if (c === QUOTE) quoted = true;
    else if (c === CLOSE_BRACKET) return i + 1;
  }
  return i;
}

/** Whether the word `[from, to)` is a result (`1-0`, `0-1`, `1/2-1/2`, `*`): the game's words end there. */
function isResult(bytes: Uint8Array, from: number, to: number): boolean {
  const n = to - from;
  if (n === 1) return bytes[from] === STAR;
  if (n === 3) return (bytes[from] === 49 && bytes[from + 1] === 45 && bytes[from + 2] === 48) || (bytes[from] === 48 && bytes[from + 1] === 45 && bytes[from + 2] === 49);
  if (n !== 7) return false;
  for (let k = 0; k < 7; k++) if (bytes[from + k] !== DRAW.charCodeAt(k)) return false;
  return true;
}

const DRAW = '1/2-1/2';

let scratch = new Int32Array(512);

/** The main line's move tokens of `bytes` (one game's PGN); `at` is reused by the next call. */
export function moveTokens(bytes: Uint8Array): MoveTokens {
  let count = 0;
  let depth = 0;
  let i = 0;
  const n = bytes.length;
  while (i < n) {
    const c = bytes[i];
    if (isSpace(c)) i++;
    else if (c === OPEN_BRACE) i = past(bytes, i, CLOSE_BRACE);
    else if (c === SEMICOLON || (c === PERCENT && (i === 0 || bytes[i - 1] === LF))) i = past(bytes, i, LF);
    else if (c === OPEN_BRACKET) i = pastTag(bytes, i);
    else if (c === OPEN_PAREN || c === CLOSE_PAREN) {
      depth = c === OPEN_PAREN ? depth + 1 : Math.max(0, depth - 1);
      i++;
    } else if (c === CLOSE_BRACE) i++;
    else {
      let to = i + 1;
      while (to < n && !ends(bytes[to])) to++;
      let from = i;
      i = to;
      if (depth > 0) continue;
      if (isResult(bytes, from, to)) break;
      if (isDigit(bytes[from])) {
        // A move number, with its dots, alone or glued to the move.
        let k = from;
        while (k < to && isDigit(bytes[k])) k++;
        if (k < to && bytes[k] === DOT) {
          while (k < to && bytes[k] === DOT) k++;
          from = k;
        }
      }
      if (from === to || bytes[from] === DOLLAR) continue;
      scratch = roomForPair(scratch, count);
      scratch[2 * count] = from;
      scratch[2 * count + 1] = to;
      count++;
    }
  }
  return { at: scratch, count };
}

/** The bytes as Latin-1 text, one character a byte: token i is `text.slice(at[2i], at[2i + 1])` (Node decodes it natively). */
export const tokenText = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

/** Token `i` of `tokens` in `text` (`tokenText` of the bytes). */
export const moveToken = (text: string, tokens: MoveTokens, i: number): string => text.slice(tokens.at[2 * i], tokens.at[2 * i + 1]);

/** Whether the main line's move tokens of `bytes` are exactly `sans`, in order. */
export function sameMoveTokens(bytes: Uint8Array, sans: readonly string[]): boolean {
  const tokens = moveTokens(bytes);
  if (tokens.count !== sans.length) return false;
  for (let t = 0; t < tokens.count; t++) {
    const san = sans[t];
    const from = tokens.at[2 * t];
    if (tokens.at[2 * t + 1] - from !== san.length) return false;
    for (let k = 0; k < san.length; k++) if (bytes[from + k] !== san.charCodeAt(k)) return false;
  }
  return true;
}
