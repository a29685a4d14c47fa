/**
 * The main line of an SGF game tree read as bytes into a list of tokens, for the game modules' own
 * replays of a stored game (pattern search): no text is decoded, no tree is built, and the token
 * array is reused from game to game. The scan reads the tree's nodes up to the main line's end,
 * the first `)` outside a value: a variation's `(` is stepped over, so the nodes read are those of
 * the first variation at each fork, and what follows that `)` (the other variations) is never read.
 *
 * Tokens, in file order: SGF_NODE (a node's `;`), SGF_PROPERTY (a property id: its letters),
 * SGF_VALUE (a value of the property before it: the bytes between its brackets as written), and
 * last SGF_END (the `)`) or SGF_MALFORMED where the bytes are not such a tree: anything but white
 * space before its `(`, a tree or a property before any node, a property without a value, a value
 * not closed, a byte outside a value that is no letter, white space or `(`, `;`, `)`; or no `)` at
 * all. White space is any byte up to 0x20. A property's first value is the token right after it.
 *
 * Values are not unescaped: a backslash takes the next byte into the value whatever it is (`\]`
 * does not close it), and the value's token says it holds one (SGF_VALUE_ESCAPED), and whether a
 * byte of it is beyond ASCII (SGF_VALUE_BEYOND_ASCII; a byte a backslash escapes is stepped over,
 * not looked at).
 */

/** The main line's end: the first `)` outside a value (after at least one node). */
export const SGF_END = 0;
/** A node begins: its `;`. */
export const SGF_NODE = 1;
/** A property of the node: its id, letters only. */
export const SGF_PROPERTY = 2;
/** A value of the last property: the bytes between its brackets, as written. */
export const SGF_VALUE = 3;
/** The bytes are not an SGF game tree: the token is empty, where the scan found it so. */
export const SGF_MALFORMED = 4;
/** The bits of a token's first number that hold its kind (SGF_END .. SGF_MALFORMED). */
export const SGF_KIND = 0xff;
/** A value's flag: a byte of it is beyond ASCII (0x80 or more). */
export const SGF_VALUE_BEYOND_ASCII = 0x100;
/** A value's flag: it holds a backslash (an escape). */
export const SGF_VALUE_ESCAPED = 0x200;

const OPEN = 0x28; // (
const CLOSE = 0x29; // )
const SEMI = 0x3b; // ;
const LBRACKET = 0x5b; // [
const RBRACKET = 0x5d; // ]
const BACKSLASH = 0x5c;
const SPACE = 0x20;

const isLetter = (c: number): boolean => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

/** A scanner of SGF main lines (see the module comment), its token array kept from scan to scan. */
export class SgfMainLineScanner {
  /**
   * The last scan's tokens, three numbers each (token t from `tokens[3 * t]`): its kind (SGF_*,
   * with the SGF_VALUE_* flags of a value), its first byte, and the byte after its last; the last
   * token is SGF_END or SGF_MALFORMED. The array may be a new one after each scan.
   */
  tokens: Int32Array = new Int32Array(3 * 256);

  /** Scans `b`, a game tree (white space may come before its `(`), into `tokens`; gives the number of tokens. */
  scan(b: Uint8Array): number {
    const len = b.length;
    let i = 0;
    while (i < len && b[i] <= SPACE) i++;
    if (i >= len || b[i] !== OPEN) return this.last(0, SGF_MALFORMED, i);
    i++;
    let t = this.tokens;
    // The next token's place in `t`, and the nodes begun.
    let n = 0;
    let nodes = 0;
    for (;;) {
      while (i < len && b[i] <= SPACE) i++;
      if (i >= len) return this.last(n, SGF_MALFORMED, i);
      const c = b[i];
      // A variation's "(" is stepped over: its nodes continue the main line.
      if (c === OPEN && nodes > 0) {
        i++;
        continue;
      }
      if (n + 3 > t.length) t = this.grow();
      if (c === SEMI) {
        nodes++;
        t[n] = SGF_NODE;
        t[n + 1] = i;
        t[n + 2] = ++i;
        n += 3;
        continue;
      }
      if (nodes === 0 || !isLetter(c)) return this.last(n, c === CLOSE && nodes > 0 ? SGF_END : SGF_MALFORMED, i);
      t[n] = SGF_PROPERTY;
      t[n + 1] = i;
      while (i < len && isLetter(b[i])) i++;
      t[n + 2] = i;
      n += 3;
      const property = n;
      for (;;) {
        while (i < len && b[i] <= SPACE) i++;
        if (i >= len || b[i] !== LBRACKET) break;
        const open = i++;
        let bits = 0;
        let escaped = 0;
        while (i < len) {
          const d = b[i];
          if (d === RBRACKET) break;
          bits |= d;
          if (d === BACKSLASH) {
            escaped = SGF_VALUE_ESCAPED;
            i += 2;
          } else i++;
        }
        if (i >= len) return this.last(n, SGF_MALFORMED, open);
        if (n + 3 > t.length) t = this.grow();
        t[n] = SGF_VALUE | ((bits & 0x80) << 1) | escaped;
        t[n + 1] = open + 1;
        t[n + 2] = i++;
        n += 3;
      }
      if (n === property) return this.last(n, SGF_MALFORMED, i);
    }
  }

  /** Ends a scan with its last token at `n` (SGF_END: the ")" at `at`; SGF_MALFORMED: empty, at `at`); gives the number of tokens. */
  private last(n: number, kind: number, at: number): number {
    const t = n + 3 > this.tokens.length ? this.grow() : this.tokens;
    t[n] = kind;
    t[n + 1] = at;
    t[n + 2] = kind === SGF_END ? at + 1 : at;
    return n / 3 + 1;
  }

  /** Doubles the token array, keeping its tokens; gives the new one. */
  private grow(): Int32Array {
    const t = new Int32Array(this.tokens.length * 2);
    t.set(this.tokens);
    return (this.tokens = t);
  }
}
