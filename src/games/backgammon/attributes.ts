/**
 * What a backgammon game's file says about its players: gnubg's SGF `WR`/`BR` (`1650.00/123`:
 * rating, then experience) and a GridGammon .mat name's rating (`name,1650`). Backgammon files
 * carry no clock, so the speed is unknown.
 */
import type { PlayAttributes } from '../types';

/** A rating written as its leading number (`1650`, `1650.42/310`), rounded; null for anything else. */
export const ratingOfText = (value: unknown): number | null => {
  if (typeof value !== 'string') return null;
  const m = /^\s*(\d{1,4}(?:\.\d+)?)(?:\s*\/.*)?\s*$/.exec(value);
  if (!m) return null;
  const rating = Math.round(Number(m[1]));
  return rating > 0 ? rating : null;
};

/** A backgammon game's ratings (player 1 is White, as gnubg names the sides) from its metadata. */
export const backgammonAttributes = (metadata: Record<string, unknown>): PlayAttributes => ({
  player1Rating: ratingOfText(metadata.whiteRating),
  player2Rating: ratingOfText(metadata.blackRating),
  speed: null,
});
