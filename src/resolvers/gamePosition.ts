/**
 * The `GamePosition` interface: the fields every position type shares, whatever the game. Each
 * game's own view (a FEN looked up, a decoded CGP, a decoded backgammon key) answers them as the
 * stored position of its kind and key would: the stored row where there is one, else the
 * position as games reach it.
 */
import type { GraphQLResolveInfo } from 'graphql';
import type { Context } from '../api/context';
import type { PagingArgs } from '../api/args';
import type { CrosswordView } from '../api/parents';
import { printCgp } from '../codecs/crossword';
import type { GameKind, Resolvers } from '../generated/graphql';
import type { Position } from '../generated/prisma/client';
import { positionOfRecord } from '../storage/lookups';
import { movesOf, occurrenceCountOf, occurrencePageOf, occurrencesOf } from './positions';

/**
 * What identifies a position of any game, and its text form (made when asked: the `text` field,
 * or the board of a position nothing is stored under).
 */
interface PositionRef {
  kind: GameKind;
  key: string;
  text: () => string;
  sideToMove: string | null;
}

/** The position of `ref` as `Position` resolvers take it: its stored (or game-reached) form, else one made from the ref. */
const positionOf = async (ref: PositionRef, { loaders }: Context): Promise<Position> =>
  (await loaders.positionsByKey.load({ kind: ref.kind, key: ref.key }))[0] ??
  positionOfRecord({ kind: ref.kind, key: ref.key, board: ref.text(), sideToMove: ref.sideToMove }, new Date(0));

/** A position's scores: none for a position with no row (only games reach it). */
const analysisOf = (p: Position, { loaders }: Context) => (p.id === 0n ? [] : loaders.scores.load(p.id));

type PageArgs = PagingArgs;
type MovesArgs = { includeVariations?: boolean | null };

/** The shared fields of a view whose position is found through `refOf`. */
const sharedFields = <V>(refOf: (view: V) => PositionRef) => ({
  kind: (v: V) => refOf(v).kind,
  key: (v: V) => refOf(v).key,
  text: (v: V) => refOf(v).text(),
  analysis: async (v: V, _: unknown, c: Context) => analysisOf(await positionOf(refOf(v), c), c),
  occurrenceCount: async (v: V, _: unknown, c: Context) => occurrenceCountOf(await positionOf(refOf(v), c), _, c),
  occurrences: async (v: V, args: { first?: number | null }, c: Context) => occurrencesOf(await positionOf(refOf(v), c), args, c),
  occurrencePage: async (v: V, args: PageArgs, c: Context, info: GraphQLResolveInfo) => occurrencePageOf(await positionOf(refOf(v), c), args, c, info),
  moves: async (v: V, args: MovesArgs, c: Context) => movesOf(await positionOf(refOf(v), c), args, c),
});

const chess = sharedFields((v: { key: string; fen: string; sideToMove: string }) => ({ kind: 'CHESS', key: v.key, text: () => v.fen, sideToMove: v.sideToMove }));
const crossword = sharedFields((v: CrosswordView) => ({
  kind: 'CROSSWORD',
  key: v.key,
  text: () => printCgp(v.position, { dialect: v.dialect }),
  sideToMove: v.stored?.sideToMove ?? null,
}));
const backgammon = sharedFields((v: { positionId: string; matchId: string }) => {
  const key = `${v.positionId}:${v.matchId}`;
  return { kind: 'BACKGAMMON', key, text: () => key, sideToMove: null };
});

export const gamePositionResolvers: Resolvers = {
  GamePosition: {
    // A field returning the interface gets one of these parents; a stored row answers as `Position`.
    __resolveType: (p) => {
      if ('fen' in p) return 'ChessPosition';
      if ('dialect' in p) return 'CrosswordPosition';
      if ('matchId' in p) return 'BackgammonPosition';
      return 'Position';
    },
  },
  Position: {
    text: (p) => p.board,
    analysis: (p, _, c) => analysisOf(p, c),
  },
  GoPosition: {
    kind: () => 'GO',
    text: (p) => p.board || null,
    analysis: (p, _, c) => analysisOf(p, c),
    occurrencePage: occurrencePageOf,
  },
  ChessPosition: {
    kind: chess.kind,
    text: chess.text,
    analysis: chess.analysis,
    occurrenceCount: chess.occurrenceCount,
    occurrences: chess.occurrences,
    occurrencePage: chess.occurrencePage,
    moves: (v, { includeVariations }, c) => chess.moves(v, { includeVariations: includeVariations ?? v.includeVariations }, c),
  },
  CrosswordPosition: {
    kind: crossword.kind,
    text: crossword.text,
    analysis: crossword.analysis,
    occurrenceCount: crossword.occurrenceCount,
    occurrences: crossword.occurrences,
    occurrencePage: crossword.occurrencePage,
    moves: crossword.moves,
  },
  BackgammonPosition: {
    kind: backgammon.kind,
    key: backgammon.key,
    text: backgammon.text,
    analysis: backgammon.analysis,
    occurrenceCount: backgammon.occurrenceCount,
    occurrences: backgammon.occurrences,
    occurrencePage: backgammon.occurrencePage,
    moves: backgammon.moves,
  },
};
