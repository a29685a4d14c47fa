/** All resolvers, merged per type from one module per concern. */
import { backgammonResolvers } from './backgammon';
import { backgammonAnalysisResolvers } from './backgammonAnalysis';
import { chessResolvers } from './chess';
import { chessAnalysisResolvers } from './chessAnalysis';
import { crosswordResolvers } from './crossword';
import { crosswordAnalysisResolvers } from './crosswordAnalysis';
import { diagramResolvers } from './diagrams';
import { gameResolvers } from './games';
import { gamePositionResolvers } from './gamePosition';
import { goResolvers } from './go';
import { importResolvers } from './imports';
import { nodeResolvers } from './node';
import { patternResolvers } from './patterns';
import { positionResolvers } from './positions';
import { DateTimeResolver, JSONResolver } from 'graphql-scalars';
import type { Resolvers } from '../generated/graphql';
import { serverResolvers } from './server';

type ResolverMap = Record<string, Record<string, unknown>>;

/** One map per type, each type's fields gathered from every module (field maps only, no scalars). */
const merge = (...maps: Resolvers[]): ResolverMap => {
  const merged: ResolverMap = {};
  for (const map of maps) {
    for (const [type, fields] of Object.entries(map) as [string, Record<string, unknown>][]) merged[type] = { ...merged[type], ...fields };
  }
  return merged;
};

/** The scalars (graphql-scalars' JSON and DateTime) are whole objects, not field maps to merge. */
export const resolvers = {
  ...merge(
    serverResolvers, gameResolvers, importResolvers, positionResolvers, gamePositionResolvers,
    backgammonResolvers, backgammonAnalysisResolvers, crosswordResolvers, crosswordAnalysisResolvers,
    goResolvers, chessResolvers, chessAnalysisResolvers, diagramResolvers, nodeResolvers, patternResolvers,
  ),
  JSON: JSONResolver,
  DateTime: DateTimeResolver,
};
