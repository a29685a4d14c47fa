/**
 * The days a written date can be: `1851.06.21` is one day, `1851.06.??` the days of June 1851,
 * `1851.??.??` (or `1851`) the days of 1851. PGN writes unknown parts as `??`; SGF's DT and GCG
 * pragmas write `YYYY-MM-DD` or shorter. Games are filtered by these ranges, so a game known
 * only to its year is found by a search from any day of that year.
 */

/** First and last possible day, as `YYYY-MM-DD`. */
export interface DayRange {
  from: string;
  until: string;
}

const pad = (n: number): string => String(n).padStart(2, '0');
const daysIn = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The range of a year, a month of a year, or one day (month 1..12, day 1..31); null when there is no such day. */
export const dayRange = (year: number, month?: number, day?: number): DayRange | null => {
  if (year < 1 || year > 9999) return null;
  if (month === undefined) return { from: `${year}-01-01`, until: `${year}-12-31` };
  if (month < 1 || month > 12) return null;
  const last = daysIn(year, month);
  if (day === undefined) return { from: `${year}-${pad(month)}-01`, until: `${year}-${pad(month)}-${pad(last)}` };
  if (day < 1 || day > last) return null;
  const d = `${year}-${pad(month)}-${pad(day)}`;
  return { from: d, until: d };
};

/** The days a written date can be (`YYYY.MM.DD`, `YYYY-MM-DD`, `/` too, `??` for unknown parts, or shorter), else null. */
export const writtenDateRange = (text: string | null | undefined): DayRange | null => {
  const match = text ? /^(\d{4})(?:[.\-/](\d{2}|\?\?)(?:[.\-/](\d{2}|\?\?))?)?(?![\d])/.exec(text.trim()) : null;
  if (!match) return null;
  const [, y, m, d] = match;
  const month = m === undefined || m === '??' ? undefined : Number(m);
  const day = month === undefined || d === undefined || d === '??' ? undefined : Number(d);
  return dayRange(Number(y), month, day);
};
