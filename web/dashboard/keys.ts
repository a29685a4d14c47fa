/** What kind of key the lookup box was given, decided from its shape alone. */
export type KeyKind =
  | { kind: 'fen'; fen: string }
  | { kind: 'cgp'; cgp: string }
  | { kind: 'gnubg'; positionId: string; matchId: string }
  | { kind: 'gnubgPosition'; positionId: string }
  | { kind: 'hex16'; hex: string }
  | { kind: 'hex20'; hex: string }
  | { kind: 'goBoard'; board: string }
  | { kind: 'other'; key: string }
  | { kind: 'empty' };

const B64 = '[A-Za-z0-9+/]';

export const classifyKey = (input: string): KeyKind => {
  const text = input.trim();
  if (text === '') return { kind: 'empty' };
  const gnubg = new RegExp(`^(${B64}{14}):(${B64}{12})$`).exec(text);
  if (gnubg) return { kind: 'gnubg', positionId: gnubg[1], matchId: gnubg[2] };
  if (new RegExp(`^${B64}{14}$`).test(text) && !/^[0-9a-fA-F]{14}$/.test(text)) return { kind: 'gnubgPosition', positionId: text };
  if (/^[0-9a-fA-F]{16}$/.test(text)) return { kind: 'hex16', hex: text.toLowerCase() };
  if (/^[0-9a-fA-F]{20}$/.test(text)) return { kind: 'hex20', hex: text.toLowerCase() };
  // A Go board as position files write it: `#` black, `O` white, `.` empty, line breaks allowed.
  if (/^[.#O\s]+$/.test(text)) return { kind: 'goBoard', board: text.replace(/\s+/g, '') };
  const first = text.split(/\s+/)[0];
  if (first.includes('/')) {
    // A FEN's placement has 8 ranks; a CGP board has 15 or 21 rows (any number but 8).
    return first.split('/').length === 8 ? { kind: 'fen', fen: text } : { kind: 'cgp', cgp: text };
  }
  return { kind: 'other', key: text };
};
