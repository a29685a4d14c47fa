/** Numbers as the CLI prints them: whole, with thousands separators (`6,656`). */
const GROUPED = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A count or rate rounded to a whole number, with thousands separators. */
export const formatCount = (n: number): string => GROUPED.format(Math.round(n));
