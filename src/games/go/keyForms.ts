/**
 * Go positions as text: a PositionID (20 hex digits), or a board as position files write it
 * (n*n points, `#` black, `O` white, `.` empty, line breaks allowed), either side to play.
 */
import { canonicalHashOfText, defaultHasher, squareBoardSize } from '../../codecs/go';
import type { ActiveTables, BoardQuery, KeyForm } from '../types';
import { goGameKey, signedHash } from './files';

export const goKeyForm = (text: string): KeyForm | null => {
  if (/^[0-9a-fA-F]{20}$/.test(text)) return { form: 'keys', name: 'Go PositionID', keys: [{ kind: 'GO', key: text.toLowerCase() }] };
  if (!/^[.#O\s]+$/.test(text)) return null;
  const board = text.replace(/\s+/g, '');
  const size = squareBoardSize(board);
  return size.ok
    ? { form: 'board', name: `Go board (${size.value}x${size.value})`, kind: 'GO', board, grouped: false }
    : { form: 'unknown', reason: `Go board: ${size.error.message}` };
};

const SIDES = ['B', 'W'] as const;

/**
 * The 9x9 positions with this canonical hash (16 hex digits): the stored rows with the hash, and
 * for a side to play with none, the position as stored games reach it (its game key, tiebreak 0).
 */
export const goHashQuery = (hashHex: string, side?: 'B' | 'W'): BoardQuery => ({
  by: 'hash',
  hash: signedHash(hashHex),
  ...(side ? { sideToMove: side } : {}),
  sides: (side ? [side] : SIDES).map((s) => ({ side: s, key: goGameKey(9, 9, hashHex, s) })),
});

/**
 * A square board (checked by `goKeyForm`), either side to play, hashed to its canonical image:
 * with the active table at 9x9, the default table at other sizes.
 */
export const goBoardQuery = (board: string, tables: ActiveTables): BoardQuery => {
  const size = squareBoardSize(board);
  if (!size.ok) throw new Error(`Go board query: ${size.error.message}`);
  const n = size.value;
  const hashed = canonicalHashOfText(board, n === 9 ? tables.zobrist : defaultHasher(n, n));
  if (!hashed.ok) throw new Error(`Go board query: ${hashed.error.message}`);
  if (n === 9) return goHashQuery(hashed.value.hash);
  return { by: 'keys', keys: SIDES.map((s) => goGameKey(n, n, hashed.value.hash, s)) };
};
