/** Chess: PGN and GameText, positions under their Polyglot keys. */
import type { GameModule } from '../types';
import { chessKeyForm } from './keyForms';
import { chessExplorer } from './explorer';
import { gameTextReader, pgnReader, writeChessGameText, writeChessPgn } from './formats';

export const chess: GameModule = {
  kind: 'CHESS',
  readers: [pgnReader, gameTextReader],
  writers: [
    { format: 'PGN', write: writeChessPgn },
    { format: 'GAMETEXT', write: writeChessGameText },
  ],
  explorer: chessExplorer,
  hexKeys64: true,
  keyForm: chessKeyForm,
};
