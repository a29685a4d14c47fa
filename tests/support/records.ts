/** Small hand-made records for storage tests that need no codec. */
import type { GameRecord, PositionRecord } from '../../src/db/records';
import { resultOf } from '../../src/games/chess/result';

export const chessPosition = (key: string, board: string): PositionRecord => ({
  kind: 'CHESS',
  key,
  hash: BigInt.asIntN(64, BigInt(`0x${key}`)),
  sideToMove: board.split(' ')[1],
  board,
});

export const START = chessPosition('463b96181691fc9c', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
export const AFTER_E4 = chessPosition('823c9b50fd114196', 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
export const AFTER_E4_E5 = chessPosition('0844931a6ef4b9a0', 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2');

/** A two-ply chess game between the named players (its outcome read from `extra.result`, as the PGN reader reads it). */
export const chessGame = (player1: string, player2: string, extra: Partial<GameRecord> = {}): GameRecord => ({
  kind: 'CHESS',
  sourceFormat: 'PGN',
  source: Buffer.from(`[White "${player1}"]\n[Black "${player2}"]\n\n1. e4 e5 *\n`),
  player1,
  player2,
  plies: [
    { position: START, variation: '', ply: 0, nextMove: 'e4' },
    { position: AFTER_E4, variation: '', ply: 1, move: 'e4', nextMove: 'e5' },
    { position: AFTER_E4_E5, variation: '', ply: 2, move: 'e5' },
  ],
  ...resultOf(extra.result),
  ...extra,
});
