/**
 * Chess diagrams: a FEN drawn by `render/chessSvg`, seen from either side, with the last move's
 * squares marked where the move that reached the position is known.
 */
import { moveToUci, parseFen, parseSan } from '../../codecs/chess';
import { type ChessOrientation, chessSvg } from '../../render';
import type { DiagramOptions, DiagramPosition, LastMove } from '../types';

/** The side at the bottom: Black when asked, or when TO_MOVE and Black is to move; White by default. */
export const chessOrientation = (orientation: DiagramOptions['orientation'], sideToMove: string | undefined): ChessOrientation =>
  orientation === 'BLACK' || (orientation === 'TO_MOVE' && sideToMove === 'b') ? 'black' : 'white';

/** A move in SAN made from the position of `fen` as UCI squares (`e2e4`, castling as the king's move); null when either does not read. */
export const uciOfSan = (fen: string, san: string): string | null => {
  const parsed = parseFen(fen);
  if (!parsed.ok) return null;
  const move = parseSan(parsed.value, san);
  return move.ok ? moveToUci(parsed.value, move.value) : null;
};

/**
 * The position of `fen` as an SVG diagram, `lastMove` (UCI squares) marked. Throws when the FEN
 * does not read: a stored or looked-up FEN always does.
 */
export const chessDiagram = (fen: string, options: DiagramOptions, lastMove: string | null = null): string => {
  const parsed = parseFen(fen);
  if (!parsed.ok) throw new Error(`chess diagram: ${parsed.error.message}`);
  const side = fen.trim().split(/\s+/)[1];
  return chessSvg(fen, { size: options.size, orientation: chessOrientation(options.orientation, side), lastMove });
};

/** A chess position (its board is a FEN), the move that reached it (SAN, replayed from the board before) marked. */
export const chessPositionDiagram = (position: DiagramPosition, options: DiagramOptions, lastMove?: LastMove | null): string =>
  chessDiagram(position.board, options, lastMove?.before ? uciOfSan(lastMove.before, lastMove.move) : null);
