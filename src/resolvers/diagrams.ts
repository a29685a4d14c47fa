/**
 * Board diagrams: the `svg` field of a position row and of a ply, drawn by the position's game
 * (`GameModule.diagram`); each game's resolvers draw its own views. Only the arguments are
 * checked here. A stored row that does not decode is an internal error (masked and logged),
 * never a half-drawn picture.
 *
 * A ply's diagram marks the move that reached it where the game can: a stored position is
 * shared by every game that reaches it, so only a ply knows its last move (and the board it was
 * made from, the ply before in the same line or the line it branched from).
 */
import type { Resolvers } from '../generated/graphql';
import { badUserInput } from '../api/errors';
import { plyRecord } from './games';
import { gameOf } from '../games';
import type { DiagramOptions } from '../games/types';
import { plyBefore } from '../storage/gamePlies';

export const MIN_SIZE = 16;
export const MAX_SIZE = 2048;

/** The arguments of an `svg` field (those without `orientation` leave it out). */
interface SvgArgs {
  size?: number | null;
  orientation?: DiagramOptions['orientation'];
}

/** The options of an `svg` field's diagram: its size 16..2048 px (default 360), else BAD_USER_INPUT. */
export const diagramOptions = (args: SvgArgs): DiagramOptions => {
  const size = args.size ?? 360;
  if (!Number.isInteger(size) || size < MIN_SIZE || size > MAX_SIZE) {
    throw badUserInput(`size must be between ${MIN_SIZE} and ${MAX_SIZE}`, { argument: 'size' });
  }
  return { size, orientation: args.orientation ?? null };
};

export const diagramResolvers: Resolvers = {
  Position: {
    svg: (p, args) => gameOf(p.kind).diagram(p, diagramOptions(args)),
  },
  Ply: {
    svg: async (ply, args, context) => {
      const options = diagramOptions(args);
      const { move, position } = await plyRecord(ply, context);
      if (!move) return gameOf(position.kind).diagram(position, options);
      const before = plyBefore(await context.loaders.plies.load(ply.gameId), ply.variation, ply.number);
      return gameOf(position.kind).diagram(position, options, { move, before: before?.ply.position.board ?? null });
    },
  },
};
