/** Chess: PGN and GameText, positions under their Polyglot keys, opening names from the lichess table. */
import type { GameModule } from '../types';
import { chessAttributes } from './attributes';
import { chessPositionDiagram } from './diagram';
import { chessKeyForm } from './keyForms';
import { chessExplorer } from './explorer';
import { gameTextReader, pgnReader, writeChessGameText, writeChessPgn } from './formats';
import { chessOpenings } from './openings';
import { chessPatterns } from './patterns';
import { resultOf } from './result';
import { chessEvaluationScores } from './evaluations';

export const chess: GameModule = {
  kind: 'CHESS',
  readers: [pgnReader, gameTextReader],
  writers: [
    { format: 'PGN', write: writeChessPgn },
    { format: 'GAMETEXT', write: writeChessGameText },
  ],
  result: resultOf,
  attributes: chessAttributes,
  explorer: chessExplorer,
  hexKeys64: true,
  keyForm: chessKeyForm,
  diagram: chessPositionDiagram,
  sanExplorer: true,
  evaluations: { scoresOf: chessEvaluationScores },
  openings: chessOpenings,
  patterns: chessPatterns,
};
