/** Crossword positions as text: a CGP line (its Zobrist key). */
import { parseCgp, positionKey } from '../../codecs/crossword';
import type { KeyForm } from '../types';

/** A board of rows separated by `/` that is not a FEN's 8 ranks (chess reads those first). */
export const crosswordKeyForm = (text: string): KeyForm | null => {
  if (!text.split(/\s+/)[0].includes('/')) return null;
  const cgp = parseCgp(text);
  return cgp.ok ? { form: 'keys', name: 'CGP', keys: [{ kind: 'CROSSWORD', key: positionKey(cgp.value) }] } : { form: 'unknown', reason: cgp.error.message };
};
