/**
 * What a chess game's tags say about its players and pace: `WhiteElo`/`BlackElo`, and the speed
 * of its `TimeControl` (PGN standard §9.6.1) as lichess classifies it.
 */
import { DAY_SECONDS, type Speed, speedOfClock } from '../speed';
import type { PlayAttributes } from '../types';

/** A rating tag's value as a whole number; null for `?`, `-`, empty or nonsense. */
export const ratingOfTag = (value: unknown): number | null => {
  if (typeof value !== 'string' || !/^\s*\d{1,4}\s*$/.test(value)) return null;
  const rating = Number(value);
  return rating > 0 ? rating : null;
};

/**
 * The speed a `TimeControl` value says: `-` (no clock, as lichess writes correspondence games)
 * and a move a day or slower (`1/259200`) are correspondence; otherwise the first period's
 * clock: `300+3` (seconds and increment), `300` (sudden death), `40/7200` (moves in seconds),
 * `*180` (sandclock). Null for `?`, empty or unreadable text.
 */
export const speedOfTimeControl = (value: unknown): Speed | null => {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '-') return 'CORRESPONDENCE';
  const period = /^(?:(\d+)\/)?\*?(\d+)(?:\+(\d+(?:\.\d+)?))?(?::|$)/.exec(text);
  if (!period) return null;
  const moves = period[1] === undefined ? null : Number(period[1]);
  const seconds = Number(period[2]);
  if (moves !== null && moves > 0 && seconds / moves >= DAY_SECONDS) return 'CORRESPONDENCE';
  return speedOfClock(seconds, period[3] === undefined ? 0 : Number(period[3]));
};

/** A chess game's ratings and speed from its tags (its metadata). */
export const chessAttributes = (tags: Record<string, unknown>): PlayAttributes => ({
  player1Rating: ratingOfTag(tags.WhiteElo),
  player2Rating: ratingOfTag(tags.BlackElo),
  speed: speedOfTimeControl(tags.TimeControl),
});
