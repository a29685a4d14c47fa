/**
 * The `GamePosition` interface: the fields every position type shares, whatever the game. A
 * position row (`Position`) answers them itself. Each game's own view (a FEN looked up, a decoded
 * CGP, a decoded backgammon key) answers them through `gamePositionFields`, in its game's
 * resolvers, as the position of its kind and key would: the stored row where there is one, else
 * the position as games reach it.
 */
import type { GameFilter } from '../api/gameFilter';
import type { GraphQLResolveInfo } from 'graphql';
import type { Context } from '../api/context';
import type { PositionParent } from '../api/parents';
import type { GameKind, Resolvers } from '../generated/graphql';
import { unstoredPosition } from '../storage/lookups';
import { type OccurrencePageArgs, movesOf, occurrenceCountOf, occurrencePageOf, occurrencesOf, recentGamesOf, scoresOf, topGamesOf } from './positions';

/**
 * What identifies a position of any game, and its text form (made when asked: the `text` field,
 * or the board of a position nothing is stored under).
 */
export interface PositionRef {
  kind: GameKind;
  key: string;
  text: () => string;
  sideToMove: string | null;
}

/** The position of `ref` as `Position` resolvers take it: stored or reached in games, else made from the ref. */
const positionOf = async (ref: PositionRef, { loaders }: Context): Promise<PositionParent> =>
  (await loaders.positionsByKey.load({ kind: ref.kind, key: ref.key }))[0] ??
  unstoredPosition({ kind: ref.kind, key: ref.key, board: ref.text(), sideToMove: ref.sideToMove });

type MovesArgs = { includeVariations?: boolean | null; filter?: GameFilter | null };
type PositionGamesArgs = { filter?: GameFilter | null; first?: number | null };

/** The `GamePosition` fields of a game's own view, whose position `refOf` names. */
export const gamePositionFields = <V>(refOf: (view: V) => PositionRef) => ({
  kind: (v: V) => refOf(v).kind,
  key: (v: V) => refOf(v).key,
  text: (v: V) => refOf(v).text(),
  analysis: async (v: V, _: unknown, c: Context) => scoresOf(await positionOf(refOf(v), c), _, c),
  occurrenceCount: async (v: V, _: unknown, c: Context) => occurrenceCountOf(await positionOf(refOf(v), c), _, c),
  occurrences: async (v: V, args: { first?: number | null }, c: Context) => occurrencesOf(await positionOf(refOf(v), c), args, c),
  occurrencePage: async (v: V, args: OccurrencePageArgs, c: Context, info: GraphQLResolveInfo) => occurrencePageOf(await positionOf(refOf(v), c), args, c, info),
  moves: async (v: V, args: MovesArgs, c: Context) => movesOf(await positionOf(refOf(v), c), args, c),
  topGames: async (v: V, args: PositionGamesArgs, c: Context) => topGamesOf(await positionOf(refOf(v), c), args, c),
  recentGames: async (v: V, args: PositionGamesArgs, c: Context) => recentGamesOf(await positionOf(refOf(v), c), args, c),
});

export const gamePositionResolvers: Resolvers = {
  GamePosition: {
    // A field returning the interface gets one of these parents: each game's view carries its type; a row answers as `Position`.
    __resolveType: (p) => ('__typename' in p ? p.__typename : 'Position'),
  },
  Position: {
    text: (p) => p.board,
    analysis: scoresOf,
  },
};
