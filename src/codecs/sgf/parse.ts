/**
 * SGF (FF[4]) reader: one pass over the string with charCodeAt, native
 * indexOf for property values, an explicit stack for variations (no recursion,
 * so deeply nested files cannot overflow the call stack).
 */
import { Result, ok, err, codecErrors, CodecError } from '../result';
import { SgfNode, SgfProperty, SgfTree } from './tree';

/** The error codes this module returns. */
export const SGF_ERRORS = [
  'ERR_SGF_EMPTY_SEQUENCE',
  'ERR_SGF_MISSING_VALUE',
  'ERR_SGF_NODE_AFTER_VARIATION',
  'ERR_SGF_NO_GAME_TREE',
  'ERR_SGF_PROPERTY_OUTSIDE_NODE',
  'ERR_SGF_UNCLOSED_TREE',
  'ERR_SGF_UNEXPECTED_CHAR',
  'ERR_SGF_UNEXPECTED_CLOSE',
  'ERR_SGF_UNTERMINATED_VALUE',
] as const;
/** One of SGF_ERRORS. */
export type SgfError = (typeof SGF_ERRORS)[number];
const sgfError = codecErrors(SGF_ERRORS);

const OPEN = 0x28; // (
const CLOSE = 0x29; // )
const SEMI = 0x3b; // ;
const LBRACKET = 0x5b; // [
const LF = 0x0a;
const CR = 0x0d;
const BOM = 0xfeff;

/** Line (from 1) and column (from 1, in UTF-16 code units) of a character offset; CR, LF and CRLF each end a line. */
export const lineColumnAt = (text: string, offset: number): { line: number; column: number } => {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === LF || (c === CR && text.charCodeAt(i + 1) !== LF)) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
};

const fail = (text: string, code: SgfError, message: string, offset: number, field?: string): Result<never> => {
  const where: Partial<CodecError> = { offset, ...lineColumnAt(text, offset) };
  if (field !== undefined) where.field = field;
  return err(sgfError(code, message, where));
};

// FF[4] PropIdent letters. Upper case per FF[4]; lower case is accepted and kept as written (FF[1-3] files use it).
const isLetter = (c: number): boolean => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

// FF[4] "white space ... may appear anywhere between" tokens: space and all control characters.
const isSpace = (c: number): boolean => c <= 0x20 || c === BOM;

/**
 * Parses an SGF collection into its game trees. Values are unescaped per FF[4]:
 * `\x` becomes `x`, and a backslash before a line break (LF, CR, CRLF, LFCR) is a
 * soft line break and is removed. Everything else is kept as written.
 */
export const parseSgf = (text: string): Result<SgfTree[]> => {
  const n = text.length;
  const trees: SgfTree[] = [];
  const stack: SgfTree[] = [];
  let current: SgfTree | undefined;
  let node: SgfNode | undefined;
  let openedAt: number[] = [];
  // Position of the next backslash at or after the scan point; -1 = not looked up yet, n = none left.
  let nextBackslash = -1;
  let i = 0;

  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === OPEN) {
      const tree: SgfTree = { nodes: [], children: [] };
      if (current) {
        // GameTree = "(" Sequence { GameTree } ")": a variation needs a node before it.
        if (current.nodes.length === 0) return fail(text, 'ERR_SGF_EMPTY_SEQUENCE', 'a game tree must start with a node (";") before any variation', i);
        current.children.push(tree);
        stack.push(current);
      } else {
        trees.push(tree);
        openedAt = [];
      }
      openedAt.push(i);
      current = tree;
      node = undefined;
      i++;
    } else if (c === CLOSE) {
      if (!current) return fail(text, 'ERR_SGF_UNEXPECTED_CLOSE', '")" without a matching "("', i);
      if (current.nodes.length === 0) return fail(text, 'ERR_SGF_EMPTY_SEQUENCE', 'a game tree must contain at least one node', i);
      current = stack.pop();
      openedAt.pop();
      node = undefined;
      i++;
    } else if (c === SEMI) {
      if (!current) return fail(text, 'ERR_SGF_UNEXPECTED_CHAR', 'a node (";") outside any game tree', i);
      if (current.children.length > 0) return fail(text, 'ERR_SGF_NODE_AFTER_VARIATION', 'a node after the variations of its game tree', i);
      node = { properties: [], offset: i };
      current.nodes.push(node);
      i++;
    } else if (isLetter(c)) {
      const start = i;
      if (!node) return fail(text, 'ERR_SGF_PROPERTY_OUTSIDE_NODE', 'a property before the first ";" of its game tree', start);
      while (i < n && isLetter(text.charCodeAt(i))) i++;
      const id = text.slice(start, i);
      const values: string[] = [];
      while (true) {
        while (i < n && isSpace(text.charCodeAt(i))) i++;
        if (i >= n || text.charCodeAt(i) !== LBRACKET) break;
        const valueStart = i;
        i++;
        // PropValue = "[" CValueType "]": find the closing "]" that is not escaped.
        let value = '';
        while (true) {
          const close = text.indexOf(']', i);
          if (close < 0) return fail(text, 'ERR_SGF_UNTERMINATED_VALUE', `value of ${id} has no closing "]"`, valueStart, id);
          if (nextBackslash < i) {
            nextBackslash = text.indexOf('\\', i);
            if (nextBackslash < 0) nextBackslash = n;
          }
          if (nextBackslash > close) {
            value += text.slice(i, close);
            i = close + 1;
            break;
          }
          // Escape: "\" makes the next character literal; "\" + line break is a soft break and vanishes.
          value += text.slice(i, nextBackslash);
          let k = nextBackslash + 1;
          if (k >= n) return fail(text, 'ERR_SGF_UNTERMINATED_VALUE', `value of ${id} ends in "\\"`, valueStart, id);
          const d = text.charCodeAt(k);
          if (d === LF) {
            k++;
            if (k < n && text.charCodeAt(k) === CR) k++;
            i = k;
          } else if (d === CR) {
            k++;
            if (k < n && text.charCodeAt(k) === LF) k++;
            i = k;
          } else {
            // Keep the escaped character by starting the next slice at it (safe for surrogate pairs).
            value += text[k];
            i = k + 1;
          }
        }
        values.push(value);
      }
      if (values.length === 0) return fail(text, 'ERR_SGF_MISSING_VALUE', `property ${id} has no value`, start, id);
      const prop: SgfProperty = { id, values };
      node.properties.push(prop);
    } else if (isSpace(c)) {
      i++;
    } else {
      return fail(text, 'ERR_SGF_UNEXPECTED_CHAR', `unexpected character ${JSON.stringify(text[i])}`, i);
    }
  }
  if (current) {
    const at = openedAt[openedAt.length - 1] ?? n;
    return fail(text, 'ERR_SGF_UNCLOSED_TREE', `the game tree opened at offset ${at} is not closed before the end of the text`, n);
  }
  if (trees.length === 0) return fail(text, 'ERR_SGF_NO_GAME_TREE', 'no game tree ("(;") in the text', 0);
  return ok(trees);
};
