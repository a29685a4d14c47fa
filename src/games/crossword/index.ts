/** Crossword games: GCG games and CGP positions, positions under their Zobrist keys. */
import type { GameModule } from '../types';
import { crosswordPositionDiagram } from './diagram';
import { crosswordKeyForm } from './keyForms';
import { crosswordExplorer } from './explorer';
import { cgpReader, gcgReader, writeCgpGame, writeGcgGame } from './formats';
import { crosswordPatterns } from './patterns';
import { resultOf } from './result';

export const crossword: GameModule = {
  kind: 'CROSSWORD',
  readers: [cgpReader, gcgReader],
  writers: [
    { format: 'GCG', write: writeGcgGame },
    { format: 'CGP', write: writeCgpGame },
  ],
  result: resultOf,
  explorer: crosswordExplorer,
  hexKeys64: true,
  keyForm: crosswordKeyForm,
  diagram: crosswordPositionDiagram,
  patterns: crosswordPatterns,
};
