/**
 * Numbers for objects, in the order they are first asked about (1, 2, …), without keeping them
 * alive: where only a number can stand for an object (a key a worker keeps a value under, a part
 * of a hashed text).
 */
export const objectNumbers = (): ((o: object) => number) => {
  const numbers = new WeakMap<object, number>();
  let last = 0;
  return (o) => {
    let n = numbers.get(o);
    if (n === undefined) numbers.set(o, (n = ++last));
    return n;
  };
};
