/** Crossword diagrams: a CGP position drawn by `render/crosswordSvg` (one orientation). */
import type { CgpPosition } from '../../codecs/crossword';
import { crosswordSvg } from '../../render';
import type { DiagramOptions, DiagramPosition } from '../types';
import { storedCrosswordPosition } from './formats';

/** A decoded position as an SVG diagram, its scores drawn when it has them. */
export const crosswordDiagram = (position: CgpPosition, options: DiagramOptions): string => crosswordSvg(position, { size: options.size });

/**
 * A stored crossword position (its board a CGP line, its data the distribution and board names).
 * A stored position is shared by the games that reach it, so no scores are drawn (a ply's
 * `crossword` view has them). Throws when the position does not decode: a stored one always does.
 */
export const crosswordPositionDiagram = (position: DiagramPosition, options: DiagramOptions): string => {
  const parsed = storedCrosswordPosition(position.board, position.data);
  if (!parsed.ok) throw new Error(`crossword position ${position.key} does not decode: ${parsed.error.message}`);
  return crosswordDiagram({ ...parsed.value, scores: [] }, options);
};
