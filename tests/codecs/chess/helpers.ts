/** Shared helpers for the chess codec tests: sample data paths and small game builders. */
import * as fs from 'fs';
import * as path from 'path';
import { unwrap } from '../../../src/codecs/result';
import { Move, Position, legalMoves, moveToUci, parseFen } from '../../../src/codecs/chess';
import { samplePath } from '../../support/sampleData';

/** The chess sample folder. */
export const DATA = samplePath('chess');

/** Bytes of a sample file. */
export const readData = (name: string): Buffer => fs.readFileSync(path.join(DATA, name));

/** Position from a FEN, throwing on error (test input is known good). */
export const fenPos = (fen: string): Position => unwrap(parseFen(fen));

/** The legal move written as UCI (castling as king-to-target or king-to-rook), or throws. */
export const uciMove = (pos: Position, uci: string): Move => {
  const m = legalMoves(pos).find((x) => moveToUci(pos, x) === uci || moveToUci(pos, x, true) === uci);
  if (m === undefined) throw new Error(`no legal move ${uci}`);
  return m;
};

/** Hex string of bytes, space-separated. */
export const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex').replace(/(..)(?!$)/g, '$1 ');
