/** A stored game's crossword positions, ply by ply, as the API's per-request loader reads them. */
import type { CgpPosition } from '../../codecs/crossword';
import type { Game } from '../../generated/prisma/client';
import { crosswordGamePositions } from './formats';

/**
 * A stored game's positions from ply 0 (the start), with its scores and last moves (one replay of
 * the whole game); null for a game that is not a crossword game.
 */
export const crosswordPlyPositions = (game: Game): CgpPosition[] | null => (game.kind === 'CROSSWORD' ? crosswordGamePositions(game) : null);
