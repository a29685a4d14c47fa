/**
 * SGF game-tree data: plain objects, no behaviour. A collection is a list of
 * game trees; a tree is a sequence of nodes followed by its variations; a node
 * is an ordered list of properties, each with its unescaped values.
 */

/** One property of a node, e.g. `{ id: 'AB', values: ['dd', 'pp'] }`; values are unescaped text. */
export interface SgfProperty {
  id: string;
  values: string[];
}

/** One node (`;` in the file): its properties in file order. `offset` is where its `;` was read (absent on hand-built nodes). */
export interface SgfNode {
  properties: SgfProperty[];
  offset?: number;
}

/** A game tree `( sequence variations )`: `nodes` is the sequence, `children` the variations that follow its last node (first child = main line). */
export interface SgfTree {
  nodes: SgfNode[];
  children: SgfTree[];
}

/** The first property of `node` named `id`, if any. */
export const findProperty = (node: SgfNode, id: string): SgfProperty | undefined => {
  const props = node.properties;
  for (let i = 0; i < props.length; i++) if (props[i].id === id) return props[i];
  return undefined;
};

/** The first value of the first property named `id`, if any. */
export const getFirstValue = (node: SgfNode, id: string): string | undefined => findProperty(node, id)?.values[0];

/** All values of every property named `id` in `node` (duplicates are concatenated in file order). */
export const getValues = (node: SgfNode, id: string): string[] => {
  const out: string[] = [];
  for (const p of node.properties) if (p.id === id) for (const v of p.values) out.push(v);
  return out;
};

/** Whether `node` has a property named `id`. */
export const hasProperty = (node: SgfNode, id: string): boolean => findProperty(node, id) !== undefined;

/** The root node of a tree (its first node). Parsed trees always have one. */
export const rootNode = (tree: SgfTree): SgfNode | undefined => tree.nodes[0];

/** The main line of a tree: its nodes, then the main line of its first child, and so on. */
export const mainLine = (tree: SgfTree): SgfNode[] => {
  const out: SgfNode[] = [];
  let t: SgfTree | undefined = tree;
  while (t) {
    for (const n of t.nodes) out.push(n);
    t = t.children[0];
  }
  return out;
};

/** Builds a node from `[id, ...values]` tuples, for tests and writers. */
export const makeNode = (...props: [string, ...string[]][]): SgfNode => ({
  properties: props.map(([id, ...values]) => ({ id, values })),
});

/** A copy of the trees without node offsets, so trees from different texts compare equal when their content does. */
export const stripOffsets = (trees: SgfTree[]): SgfTree[] =>
  trees.map((t) => ({
    nodes: t.nodes.map((n) => ({ properties: n.properties.map((p) => ({ id: p.id, values: p.values.slice() })) })),
    children: stripOffsets(t.children),
  }));
