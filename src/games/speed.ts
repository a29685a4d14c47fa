/**
 * How fast a game was played, as lichess classifies a time control: the estimated duration of
 * a game of 40 moves a side, `initial + 40 × increment` seconds (lila `Clock.Config.estimateTotalSeconds`,
 * `Speed.apply`). Games played over days are correspondence.
 */
import type { Speed } from '../db/records';

export type { Speed };

/** The speed classes, fastest first (the Prisma and GraphQL `Speed` values). */
export const SPEEDS: readonly Speed[] = ['ULTRABULLET', 'BULLET', 'BLITZ', 'RAPID', 'CLASSICAL', 'CORRESPONDENCE'];

/** The limits, in estimated seconds, below which each speed lies (lichess's). */
const LIMITS: readonly [number, Speed][] = [
  [30, 'ULTRABULLET'],
  [180, 'BULLET'],
  [480, 'BLITZ'],
  [1500, 'RAPID'],
];

/** The speed of a clock with `initial` seconds and `increment` seconds a move. */
export const speedOfClock = (initial: number, increment: number): Speed => {
  const estimate = initial + 40 * increment;
  for (const [limit, speed] of LIMITS) if (estimate < limit) return speed;
  return 'CLASSICAL';
};

/** A day in seconds: a control giving a move a day or more is correspondence. */
export const DAY_SECONDS = 86_400;
