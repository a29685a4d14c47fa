/**
 * Go diagrams: a stored board (`#` black, `O` white, `.` empty, row by row from the top left)
 * drawn by `render/goSvg`, the stone of the move that reached it marked; a position known only
 * from a score file (no board stored) as an empty board marked "board not stored".
 */
import { parseBoard, parseSgfPoint, squareBoardSize } from '../../codecs/go';
import { type GoPoint, goSvg } from '../../render';
import type { DiagramOptions, DiagramPosition, LastMove } from '../types';

/** The board size a stored Go position's data gives (9x9 when it gives none). */
export const goBoardSize = (data: unknown): { width: number; height: number } => {
  const d = (data && typeof data === 'object' ? data : {}) as { width?: number; height?: number };
  return { width: d.width ?? 9, height: d.height ?? 9 };
};

/**
 * The point a game's move (as its plies write it: `B[dd]`, `W[]` a pass) was played on, on a
 * width x height board; null for a pass, or a text that is no move on this board.
 */
export const movePoint = (move: string, width: number, height: number): GoPoint | null => {
  const value = /^[BW]\[([a-zA-Z]*)\]$/.exec(move)?.[1];
  const point = value === undefined ? null : parseSgfPoint(value, width, height);
  return point?.ok && point.value !== null ? { row: Math.floor(point.value / width), col: point.value % width } : null;
};

/**
 * A Go position, the stone of the move that reached it marked. Throws when a stored board does
 * not read at its size: a stored board always does.
 */
export const goPositionDiagram = (position: DiagramPosition, options: DiagramOptions, lastMove?: LastMove | null): string => {
  const { width, height } = goBoardSize(position.data);
  const toPlay = position.sideToMove === 'W' ? 'W' : 'B';
  if (!position.board) {
    return goSvg({ width, height, cells: new Uint8Array(width * height), toPlay, notStored: { positionId: position.key } }, { size: options.size });
  }
  const board = parseBoard(position.board, width, height);
  if (!board.ok) throw new Error(`Go position ${position.key} does not decode: ${board.error.message}`);
  const last = lastMove ? movePoint(lastMove.move, width, height) : null;
  return goSvg({ width, height, cells: board.value.cells, toPlay, lastMove: last }, { size: options.size });
};

/** A square board given as text (a canonical image) as an SVG diagram, no side to play. Throws when it does not read. */
export const squareBoardDiagram = (text: string, options: DiagramOptions): string => {
  const size = squareBoardSize(text);
  const board = size.ok ? parseBoard(text, size.value, size.value) : size;
  if (!board.ok) throw new Error(`canonical board does not parse: ${board.error.message}`);
  return goSvg({ width: board.value.width, height: board.value.height, cells: board.value.cells }, { size: options.size });
};
