/** `GamePosition.__resolveType`: each game's own view says its type; a position row, stored or not, is a `Position`. */
import type { GraphQLResolveInfo, GraphQLAbstractType } from 'graphql';
import type { Context } from '../../src/api/context';
import type { ResolversInterfaceTypes } from '../../src/generated/graphql';
import type { Position } from '../../src/generated/prisma/client';
import { gamePositionResolvers } from '../../src/resolvers/gamePosition';
import { unstoredPosition } from '../../src/storage/lookups';

type Parent = ResolversInterfaceTypes<Record<string, unknown>>['GamePosition'];
const typeOf = (parent: unknown) =>
  (gamePositionResolvers.GamePosition?.__resolveType as (p: Parent, c: Context, i: GraphQLResolveInfo, t: GraphQLAbstractType) => string)(
    parent as Parent,
    {} as Context,
    {} as GraphQLResolveInfo,
    {} as GraphQLAbstractType,
  );

test('each game view answers as its own type', () => {
  expect(typeOf({ __typename: 'ChessPosition', key: 'k', fen: 'f' })).toBe('ChessPosition');
  expect(typeOf({ __typename: 'CrosswordPosition', key: 'k', dialect: 'current' })).toBe('CrosswordPosition');
  expect(typeOf({ __typename: 'BackgammonPosition', positionId: 'p', matchId: 'm' })).toBe('BackgammonPosition');
});

test('a stored row and a position with no row answer as Position', () => {
  expect(typeOf({ id: 1n, kind: 'CHESS', key: 'k', board: 'b' } as Position)).toBe('Position');
  expect(typeOf(unstoredPosition({ kind: 'CHESS', key: 'k', board: 'b' }))).toBe('Position');
});
