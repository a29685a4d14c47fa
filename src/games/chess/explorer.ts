/** The explorer's rules of chess: SAN as counted, White moves first, a move judged by the evaluation of the position it leads to. */
import { makeMove, parseFen, parseSan, polyglotKey, unmakeMove } from '../../codecs/chess';
import type { ExplorerRules } from '../types';

/** The Polyglot key of the position each SAN move leads to from `fen`; moves that do not read are left out. */
const childKeys = (fen: string, moves: readonly string[]): Map<string, string> => {
  const pos = parseFen(fen);
  const children = new Map<string, string>();
  if (!pos.ok) return children;
  for (const san of moves) {
    const move = parseSan(pos.value, san);
    if (!move.ok) continue;
    const undo = makeMove(pos.value, move.value);
    children.set(san, polyglotKey(pos.value));
    unmakeMove(pos.value, move.value, undo);
  }
  return children;
};

export const chessExplorer: ExplorerRules = {
  shownMove: (_key, move) => move,
  moverIsFirst: (sideToMove) => sideToMove !== 'b',
  childKeys,
};
