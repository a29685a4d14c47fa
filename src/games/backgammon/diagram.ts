/** Backgammon diagrams: a stored key `PositionID:MatchID`, or a board with or without its match state, drawn by `render/backgammonSvg`. */
import { type MatchState, type PositionBoard, decodeMatchId, decodePositionId } from '../../codecs/backgammon';
import { type BackgammonOrientation, backgammonSvg } from '../../render';
import type { DiagramOptions, DiagramPosition } from '../types';

/** The player at the bottom: White or Black when asked; by default (and TO_MOVE) the player on roll. */
export const backgammonOrientation = (orientation: DiagramOptions['orientation']): BackgammonOrientation =>
  orientation === 'WHITE' ? 'white' : orientation === 'BLACK' ? 'black' : 'onRoll';

/** A board as an SVG diagram, with its match state (cube, dice, score) when given. */
export const backgammonDiagram = (board: PositionBoard, match: MatchState | null, options: DiagramOptions): string =>
  backgammonSvg(board, match, { size: options.size, orientation: backgammonOrientation(options.orientation) });

/**
 * A backgammon position from its key `PositionID:MatchID` (final scores above the match length
 * allowed, as gnubg prints them). Throws when the key does not decode: a stored key always does.
 */
export const backgammonPositionDiagram = (position: DiagramPosition, options: DiagramOptions): string => {
  const [positionId, matchId] = position.key.split(':');
  const board = decodePositionId(positionId ?? '');
  const match = decodeMatchId(matchId ?? '', { allowFinalScore: true });
  if (!board.ok || !match.ok) throw new Error(`backgammon position ${position.key} does not decode`);
  return backgammonDiagram(board.value, match.value, options);
};
