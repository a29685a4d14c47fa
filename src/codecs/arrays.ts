/**
 * Array helpers for lists whose length comes from the input. `target.push(...items)` passes each
 * item as an argument, so a list of some 100,000 items (a node's SGF variations, a game's
 * comments) overflows the call stack with a RangeError; these loop instead. And bounds of words
 * found in a text, kept as pairs in a buffer reused from call to call.
 */

/** Appends `items` to `target`, in order. */
export const pushAll = <T>(target: T[], items: readonly T[]): void => {
  for (const item of items) target.push(item);
};

/** Puts `items` before the first item of `target`, in order (linear in both lengths). */
export const prependAll = <T>(target: T[], items: readonly T[]): void => {
  if (items.length === 0) return;
  const rest = target.splice(0, target.length);
  pushAll(target, items);
  pushAll(target, rest);
};

/** `bounds` with room for pair `count` (start, end at 2 * count and 2 * count + 1): itself, or a copy twice as long. */
export const roomForPair = (bounds: Int32Array<ArrayBuffer>, count: number): Int32Array<ArrayBuffer> => {
  if (2 * count + 2 <= bounds.length) return bounds;
  const grown = new Int32Array(Math.max(bounds.length * 2, 2 * count + 2));
  grown.set(bounds);
  return grown;
};
