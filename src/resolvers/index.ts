/** All resolvers, merged per type from one module per concern. */
import { backgammonResolvers } from './backgammon';
import { chessResolvers } from './chess';
import { crosswordResolvers } from './crossword';
import { diagramResolvers } from './diagrams';
import { gameResolvers } from './games';
import { goResolvers } from './go';
import { importResolvers } from './imports';
import { positionResolvers } from './positions';
import { serverResolvers } from './server';

type ResolverMap = Record<string, Record<string, unknown>>;

const merge = (...maps: ResolverMap[]): ResolverMap => {
  const merged: ResolverMap = {};
  for (const map of maps) {
    for (const [type, fields] of Object.entries(map)) merged[type] = { ...merged[type], ...fields };
  }
  return merged;
};

export const resolvers = merge(serverResolvers, gameResolvers, importResolvers, positionResolvers, backgammonResolvers, crosswordResolvers, goResolvers, chessResolvers, diagramResolvers);
