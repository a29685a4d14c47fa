/**
 * What a Go game's SGF root says about its players and pace: the ranks `BR`/`WR` on the EGF
 * rating scale, and the speed of its clock (`TM` main time, `OT` overtime).
 */
import { speedOfClock, type Speed } from '../speed';
import type { PlayAttributes } from '../types';

/**
 * A rank as a number on the EGF scale (Sensei's "EGF rating per rank"): 1 dan = 2100 and each
 * dan 100 more, 1 kyu = 2000 and each kyu 100 less, a professional rank p = 2670 + 30 p (1p =
 * 2700, 9p = 2940); the EGF scale stops at 100 (20 kyu), so weaker kyu ranks are 100. Reads `5d`, `3k`, `9p`, `1 dan`, `12 kyu`, `4d*`, `2d?`; null for anything else.
 */
export const ratingOfRank = (value: unknown): number | null => {
  if (typeof value !== 'string') return null;
  const m = /^\s*(\d{1,2})\s*(d|dan|k|kyu|p|pro)\b\s*[*?]?\s*$/i.exec(value);
  if (!m) return null;
  const n = Number(m[1]);
  const unit = m[2].toLowerCase()[0];
  if (n < 1) return null;
  if (unit === 'p') return n <= 9 ? 2670 + 30 * n : null;
  if (unit === 'd') return n <= 9 ? 2000 + 100 * n : null;
  return n <= 30 ? Math.max(100, 2100 - 100 * n) : null;
};

/**
 * The seconds a move an overtime adds, from SGF `OT` as servers write it: `5x30 byo-yomi` (30),
 * `25/600 Canadian` (600 / 25 = 24), `30 fischer` or `+30` (30); 0 for none or an unread text.
 */
export const overtimePerMove = (value: unknown): number => {
  if (typeof value !== 'string') return 0;
  const text = value.trim().toLowerCase();
  const byoyomi = /^(\d+)\s*x\s*(\d+(?:\.\d+)?)/.exec(text);
  if (byoyomi) return Number(byoyomi[2]);
  const canadian = /^(\d+)\s*\/\s*(\d+(?:\.\d+)?)/.exec(text);
  if (canadian) return Number(canadian[1]) > 0 ? Number(canadian[2]) / Number(canadian[1]) : 0;
  const fischer = /^\+?\s*(\d+(?:\.\d+)?)\s*(?:fischer|increment|$)/.exec(text);
  return fischer ? Number(fischer[1]) : 0;
};

/** The speed of `TM` (main time in seconds) with `OT`, as lichess classifies a clock; null without `TM`. */
export const speedOfGoClock = (tm: unknown, ot: unknown): Speed | null => {
  const main = typeof tm === 'string' ? Number(tm.trim()) : NaN;
  if (!Number.isFinite(main) || main < 0 || (typeof tm === 'string' && tm.trim() === '')) return null;
  return speedOfClock(main, overtimePerMove(ot));
};

/** A Go game's ratings (Black first) and speed from its root properties (its metadata). */
export const goAttributes = (info: Record<string, unknown>): PlayAttributes => ({
  player1Rating: ratingOfRank(info.BR),
  player2Rating: ratingOfRank(info.WR),
  speed: speedOfGoClock(info.TM, info.OT),
});
