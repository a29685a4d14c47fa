/** Go: SGF (GM[1]) games, Cook's position and score files, positions under their PositionID. */
import type { GameModule } from '../types';
import { goAttributes } from './attributes';
import { goPositionDiagram } from './diagram';
import { goBoardQuery, goKeyForm } from './keyForms';
import { goPositionsReader, goScoresReader } from './files';
import { goPatterns } from './patterns';
import { readGoTree, writeGoGameSgf } from './sgf';
import { resultOf } from './result';

export const go: GameModule = {
  kind: 'GO',
  readers: [goPositionsReader, goScoresReader],
  writers: [{ format: 'SGF', write: writeGoGameSgf }],
  sgf: { gameType: 1, readTree: readGoTree, hashed: true },
  result: resultOf,
  attributes: goAttributes,
  // Black moves first (`B`); the explorer counts Go moves as GTP points of the canonical orientation.
  explorer: { shownMove: (_key, move) => move, moverIsFirst: (sideToMove) => sideToMove !== 'W' },
  keyForm: goKeyForm,
  boardQuery: goBoardQuery,
  diagram: goPositionDiagram,
  patterns: goPatterns,
};
