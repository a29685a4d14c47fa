/** Command lines that are not right: exit status 2, with the command's usage. */

/** A command line that is not right: the message and the command's usage, status 2. */
export class UsageError extends Error {}

/** An id option (`--game`, `--import`): digits only, else a usage error naming the option. */
export const idOption = (option: string, text: string): bigint => {
  if (!/^\d{1,19}$/.test(text)) throw new UsageError(`${option} takes a numeric id, got "${text}"`);
  return BigInt(text);
};

/** Edits from `a` to `b` (insert, delete, replace, or swap two neighbours), for "did you mean". */
const distance = (a: string, b: string): number => {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
};

/** The known name closest to `text` when it is near enough to be a typing slip (2 edits at most), else undefined. */
export const didYouMean = (text: string, known: readonly string[]): string | undefined => {
  const lower = text.toLowerCase();
  let best: { name: string; d: number } | undefined;
  for (const name of known) {
    const d = distance(lower, name.toLowerCase());
    if (!best || d < best.d) best = { name, d };
  }
  return best && best.d <= Math.min(2, Math.max(1, Math.floor(lower.length / 2))) ? best.name : undefined;
};
