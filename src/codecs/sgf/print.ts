/**
 * SGF writer: prints trees back with property order and values as given,
 * escaping only what FF[4] requires inside a value (`]` and `\`).
 */
import { SgfNode, SgfTree } from './tree';

/** Escapes a value for `[...]` per FF[4]: `\` -> `\\`, `]` -> `\]`. Nothing else changes. */
export const escapeSgfValue = (value: string): string => {
  if (value.indexOf('\\') < 0 && value.indexOf(']') < 0) return value;
  return value.replace(/[\\\]]/g, '\\$&');
};

/** Prints one node: `;` then each property `ID[v1][v2]`. */
export const printSgfNode = (node: SgfNode): string => {
  let out = ';';
  for (const p of node.properties) {
    out += p.id;
    for (const v of p.values) out += '[' + escapeSgfValue(v) + ']';
  }
  return out;
};

/** Options for `printSgf`. */
export interface PrintSgfOptions {
  /** Start every node on a new line (default false: a game tree's nodes on one line). */
  nodePerLine?: boolean;
}

/**
 * Prints a collection (or one tree): each top-level game tree followed by a
 * line break; variations as `(...)` after their sequence. Iterative, so deep
 * variation nesting cannot overflow the stack.
 */
export const printSgf = (trees: SgfTree[] | SgfTree, options: PrintSgfOptions = {}): string => {
  const list = Array.isArray(trees) ? trees : [trees];
  const sep = options.nodePerLine ? '\n' : '';
  const parts: string[] = [];
  for (const top of list) {
    // Work stack: a tree to print, or the literal ")" that closes one.
    const work: (SgfTree | ')')[] = [top];
    while (work.length > 0) {
      const item = work.pop()!;
      if (item === ')') {
        parts.push(')');
        continue;
      }
      parts.push('(');
      for (let i = 0; i < item.nodes.length; i++) {
        if (i > 0) parts.push(sep);
        parts.push(printSgfNode(item.nodes[i]));
      }
      work.push(')');
      for (let c = item.children.length - 1; c >= 0; c--) work.push(item.children[c]);
    }
    parts.push('\n');
  }
  return parts.join('');
};
