/**
 * A position written in any of the forms users have at hand, read as the keys tabula stores
 * positions under: each game reads its own forms (`GameModule.keyForm`: a FEN, a CGP line, a
 * gnubg ID or Position ID, a Go PositionID or board), asked in the registry's order; a 64-bit
 * hash as 16 hex digits is a key of every game keyed so (Polyglot, crossword Zobrist). Pure: the
 * shape of the text decides, the codecs check it.
 */
import { GAME_KINDS, gameOf } from '.';
import type { KeyForm } from './types';

export type { KeyForm } from './types';

/** The keys a text names, by its shape; `unknown` with the reason when no form reads it. */
export function keyFormOf(input: string): KeyForm {
  const text = input.trim();
  for (const kind of GAME_KINDS) {
    const form = gameOf(kind).keyForm?.(text);
    if (form) return form;
  }
  if (/^[0-9a-fA-F]{16}$/.test(text)) {
    const key = text.toLowerCase();
    return { form: 'keys', name: 'Polyglot or Zobrist key', keys: GAME_KINDS.filter((kind) => gameOf(kind).hexKeys64).map((kind) => ({ kind, key })) };
  }
  return {
    form: 'unknown',
    reason: 'not a FEN, CGP line, gnubg ID, Polyglot or Zobrist key (16 hex digits), Go PositionID (20 hex digits) or Go board (`#`, `O`, `.`)',
  };
}
