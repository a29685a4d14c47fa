/** Positions of every kind: lookup by key, their occurrences and scores. */
import type { Resolvers } from '../generated/graphql';
import type { Position } from '../generated/prisma/client';
import { positionsByKeys } from '../storage/lookups';
import type { Context } from '../api/context';
import { badUserInput } from '../api/errors';
import { occurrencesOfPosition } from '../storage/occurrences';
import { plyOf } from './games';

/** Most keys `positionsByKeys` takes in one call. */
const MAX_KEYS = 1000;

/** `Position.occurrences(first)`: where a stored position occurs, at most 500 at a time. */
export const occurrencesOf = async (p: Position, { first }: { first?: number | null }, { db }: Context) =>
  (await occurrencesOfPosition(db, p.id, first ?? 50)).map(plyOf);

export const positionResolvers: Resolvers = {
  Query: {
    positions: (_, { key, kind }, { loaders }) =>
      loaders.positionsByKey.load({ key, kind }),
    positionsByKeys: async (_, { keys, kind }, { db }) => {
      if (keys.length > MAX_KEYS) throw badUserInput(`positionsByKeys takes at most ${MAX_KEYS} keys, got ${keys.length}`, { argument: 'keys' });
      return (await positionsByKeys(db, [...new Set(keys)].map((key) => ({ key, kind })))).flat();
    },
  },
  Position: {
    id: (p) => String(p.id),
    occurrences: occurrencesOf,
    occurrenceCount: (p, _, { loaders }) => loaders.occurrenceCount.load(p.id),
    scores: (p, _, { loaders }) => loaders.scores.load(p.id),
  },
  Score: {
    details: (s) => s.details,
  },
};
