/** Backgammon: SGF (GM[6]) and Jellyfish .mat, positions under gnubg's Position ID and Match ID. */
import type { GameModule } from '../types';
import { backgammonAttributes } from './attributes';
import { backgammonPositionDiagram } from './diagram';
import { backgammonBoardQuery, backgammonKeyForm } from './keyForms';
import { backgammonExplorer } from './explorer';
import { matReader, writeBackgammonGameMat } from './mat';
import { backgammonPatterns } from './patterns';
import { followMatchDate, readBackgammonTree, writeBackgammonGameSgf } from './sgf';
import { resultOf } from './result';

export const backgammon: GameModule = {
  kind: 'BACKGAMMON',
  readers: [matReader],
  writers: [
    { format: 'SGF', write: writeBackgammonGameSgf },
    { format: 'MAT', write: writeBackgammonGameMat },
  ],
  sgf: { gameType: 6, readTree: readBackgammonTree, follow: followMatchDate },
  result: resultOf,
  attributes: backgammonAttributes,
  explorer: backgammonExplorer,
  keyForm: backgammonKeyForm,
  boardQuery: backgammonBoardQuery,
  diagram: backgammonPositionDiagram,
  patterns: backgammonPatterns,
};
