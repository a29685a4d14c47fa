/** The explorer's rules of crossword games: a play is shown without its score (the board decides it), player 1 moves first. */
import type { ExplorerRules } from '../types';

/** The score a counted play ends with (`8D WINDY +32`). */
const PLAY_SCORE = / ([+-]\d+)$/;

export const crosswordExplorer: ExplorerRules = {
  shownMove: (_key, move) => move.replace(PLAY_SCORE, ''),
  playPoints: (move) => {
    const points = PLAY_SCORE.exec(move)?.[1];
    return points === undefined ? undefined : Number(points);
  },
  moverIsFirst: (sideToMove) => sideToMove !== '2',
};
