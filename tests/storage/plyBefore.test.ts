/** plyBefore: the node a move was made from, in its line or the lines it branched from. */
import type { StoredPly } from '../../src/storage/gamePlies';
import { plyBefore } from '../../src/storage/gamePlies';
import { isStored, unstoredPosition } from '../../src/storage/lookups';
import type { Position } from '../../src/generated/prisma/client';

const node = (variation: string, ply: number, node: number): StoredPly => ({
  gameId: 1n,
  node,
  ply: { variation, ply, position: { kind: 'CHESS', key: `${variation}/${ply}`, board: `board ${variation}/${ply}` } },
});
// 1. e4 e5 2. Nf3 (2. Nc3 Nf6 (2... d6)) 2... Nc6: main line plies 0..4, variation 3.0 from ply 2, 3.0.4.0 from it.
const PLIES = [node('', 0, 0), node('', 1, 1), node('', 2, 2), node('', 3, 3), node('3.0', 3, 4), node('3.0', 4, 5), node('3.0.4.0', 4, 6), node('', 4, 7)];

describe('plyBefore', () => {
  test('is the ply before in the same line', () => {
    expect(plyBefore(PLIES, '', 4)?.node).toBe(3);
    expect(plyBefore(PLIES, '3.0', 4)?.node).toBe(4);
  });

  test("for a variation's first move, is the ply before in the line it branched from", () => {
    expect(plyBefore(PLIES, '3.0', 3)?.node).toBe(2);
    expect(plyBefore(PLIES, '3.0.4.0', 4)?.node).toBe(4);
  });

  test('is null at ply 0, and where no node comes before', () => {
    expect(plyBefore(PLIES, '', 0)).toBeNull();
    expect(plyBefore(PLIES.slice(3), '', 2)).toBeNull();
  });
});

describe('unstoredPosition', () => {
  test('is a position with no row, whose missing fields are null', () => {
    const p = unstoredPosition({ kind: 'GO', key: 'k', board: '...', sideToMove: 'B' });
    expect(p).toEqual({ stored: false, kind: 'GO', key: 'k', hash: null, groupKey: null, sideToMove: 'B', board: '...', data: null, pieceCount: null });
    expect(isStored(p)).toBe(false);
  });

  test('a row is stored', () => {
    expect(isStored({ id: 1n, kind: 'GO', key: 'k', board: '' } as Position)).toBe(true);
  });
});
