/**
 * An SGF collection's text cut into its top-level game trees as it streams in, so a reader
 * holds one tree at a time, not the file: each segment (white space and one tree) comes with
 * its place in the file (character offset, line and column), so errors and warnings name the
 * same places a parse of the whole text would.
 */

const OPEN = 0x28; // (
const CLOSE = 0x29; // )
const LBRACKET = 0x5b; // [
const LF = 0x0a;
const CR = 0x0d;

/** Where a text starts in the file: character offset, line and column (from 1). */
export interface TextPlace {
  offset: number;
  line: number;
  column: number;
}

/** A slice of the file: white space and one top-level tree, or (last) whatever follows the last tree. */
export interface SgfSegment extends TextPlace {
  text: string;
}

/** The place just after `text`, which starts at `at` (CR, LF and CRLF each end a line). */
const placeAfter = (at: TextPlace, text: string): TextPlace => {
  let line = at.line;
  let lineStart = -1;
  if (text.indexOf('\r') < 0) {
    // Lines ended by LF alone (nearly every file): found by indexOf, not a character at a time.
    for (let lf = text.indexOf('\n'); lf >= 0; lf = text.indexOf('\n', lf + 1)) {
      line++;
      lineStart = lf + 1;
    }
  } else {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === LF || (c === CR && text.charCodeAt(i + 1) !== LF)) {
        line++;
        lineStart = i + 1;
      }
    }
  }
  const column = lineStart < 0 ? at.column + text.length : text.length - lineStart + 1;
  return { offset: at.offset + text.length, line, column };
};

/** Where `char` is next in `text` from `from`, or the text's length. */
const indexOrEnd = (text: string, char: string, from: number): number => {
  const at = text.indexOf(char, from);
  return at < 0 ? text.length : at;
};

/**
 * Cuts the text after each top-level game tree. Only parentheses outside property values count
 * (a value runs from "[" to the first "]" not escaped by a backslash); anything else is left to
 * the parser, which reads each segment as it would have read the whole file (a segment starts
 * where the parser is between trees). The last segment holds what follows the last tree (white
 * space, or the start of a tree that is never closed), even when empty.
 */
export async function* sgfSegments(texts: AsyncIterable<string>): AsyncGenerator<SgfSegment> {
  let place: TextPlace = { offset: 0, line: 1, column: 1 };
  let buffer = '';
  let depth = 0;
  let inValue = false;
  let escaped = false;
  for await (const text of texts) {
    const scanFrom = buffer.length;
    buffer += text;
    const end = buffer.length;
    let cut = 0;
    // A value's end is found by indexOf (values are most of a file): the next "]" and the next
    // backslash, each looked for again only once passed.
    let close = -1;
    let slash = -1;
    let i = scanFrom;
    while (i < end) {
      if (inValue) {
        if (escaped) {
          escaped = false;
          i++;
          continue;
        }
        if (close < i && close !== end) close = indexOrEnd(buffer, ']', i);
        if (slash < i && slash !== end) slash = indexOrEnd(buffer, '\\', i);
        if (slash < close) {
          escaped = true;
          i = slash + 1;
        } else {
          // The value runs on past this text when no "]" is left in it.
          inValue = close === end;
          i = close + 1;
        }
        continue;
      }
      const c = buffer.charCodeAt(i);
      if (c === LBRACKET) inValue = depth > 0;
      else if (c === OPEN) depth++;
      else if (c === CLOSE && depth > 0 && --depth === 0) {
        const segment = buffer.slice(cut, i + 1);
        yield { text: segment, ...place };
        place = placeAfter(place, segment);
        cut = i + 1;
      }
      i++;
    }
    buffer = buffer.slice(cut);
  }
  yield { text: buffer, ...place };
}
