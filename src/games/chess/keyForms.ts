/** Chess positions as text: a FEN (its Polyglot key). */
import { parseFen, polyglotKey } from '../../codecs/chess';
import type { KeyForm } from '../types';

/** A FEN's placement has 8 ranks (a CGP board has 15 or 21 rows). */
export const chessKeyForm = (text: string): KeyForm | null => {
  const placement = text.split(/\s+/)[0];
  if (placement.split('/').length !== 8) return null;
  const fen = parseFen(text);
  return fen.ok ? { form: 'keys', name: 'FEN', keys: [{ kind: 'CHESS', key: polyglotKey(fen.value) }] } : { form: 'unknown', reason: fen.error.message };
};
