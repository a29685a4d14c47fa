/**
 * Go records are refereed as they are replayed: the basic ko rule, suicide as the file's RU
 * says, and setups that leave a group without liberties; and a ply is a move (or the start or
 * a setup), not every node. Ko and suicide are cross-checked with @sabaki/go-board, whose
 * makeMove can prevent both.
 */
import { parseGoGames, suicideAllowed, type GoGame } from '../../../src/codecs/go';
import { unwrap } from '../../../src/codecs/result';

interface SabakiBoard {
  set(vertex: [number, number], sign: number): SabakiBoard;
  get(vertex: [number, number]): number;
  makeMove(sign: number, vertex: [number, number], options?: { preventKo?: boolean; preventSuicide?: boolean }): SabakiBoard;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const GoBoard = require('@sabaki/go-board') as { fromDimensions(width: number, height?: number): SabakiBoard };

const error = (text: string) => {
  const r = parseGoGames(text);
  return r.ok ? undefined : r.error;
};
const game = (text: string): GoGame => unwrap(parseGoGames(text))[0];

// A ko on a 5x5 board: Black takes at cb, White retaking at bb at once would repeat the position.
const KO_SETUP = ';GM[1]FF[4]SZ[5]AB[ba][ab][bc]AW[ca][bb][db][cc]';
/** The same position in Sabaki (x = column, y = row; 1 Black, -1 White). */
const sabakiKo = (): SabakiBoard => {
  const b = GoBoard.fromDimensions(5);
  for (const v of [[1, 0], [0, 1], [1, 2]] as [number, number][]) b.set(v, 1);
  for (const v of [[2, 0], [1, 1], [3, 1], [2, 2]] as [number, number][]) b.set(v, -1);
  return b;
};

describe('ko', () => {
  it('refuses an immediate recapture that repeats the position, naming the node', () => {
    expect(error(`(${KO_SETUP};B[cb];W[bb])`)).toMatchObject({ code: 'ERR_GO_KO', record: 2, field: 'W' });
  });

  it('is refused by Sabaki too', () => {
    const taken = sabakiKo().makeMove(1, [2, 1], { preventKo: true });
    expect(() => taken.makeMove(-1, [1, 1], { preventKo: true })).toThrow('Ko prevented');
  });

  it('allows the recapture after an exchange elsewhere, in tabula and in Sabaki', () => {
    const g = game(`(${KO_SETUP};B[cb];W[ee];B[dd];W[bb])`);
    expect(g.positions[g.positions.length - 1].board.slice(5, 10)).toBe('#O.O.');
    const board = sabakiKo().makeMove(1, [2, 1], { preventKo: true }).makeMove(-1, [4, 4], { preventKo: true }).makeMove(1, [3, 3], { preventKo: true });
    expect(board.makeMove(-1, [1, 1], { preventKo: true }).get([2, 1])).toBe(0);
  });
});

describe('suicide', () => {
  // White at aa: its only neighbours ba and ab are Black, so the move leaves it without liberties.
  const suicide = (ru: string) => `(;GM[1]FF[4]SZ[5]${ru}AB[ba][ab];W[aa])`;

  it('is refused under Japanese rules', () => {
    expect(error(suicide('RU[Japanese]'))).toMatchObject({ code: 'ERR_GO_SUICIDE', record: 1, field: 'W' });
  });

  it('is allowed under New Zealand rules, removing the stone', () => {
    expect(game(suicide('RU[NZ]')).positions[1].board.slice(0, 6)).toBe('.#...#');
  });

  it('is refused when the file names no rules, and the message says so', () => {
    expect(error(suicide(''))?.message).toMatch(/without RU, suicide is refused/);
  });

  it('is refused by Sabaki when suicide is prevented', () => {
    const b = GoBoard.fromDimensions(5).set([1, 0], 1).set([0, 1], 1);
    expect(() => b.makeMove(-1, [0, 0], { preventSuicide: true })).toThrow();
  });

  it.each([['Japanese', false], ['Chinese', false], ['AGA', false], ['NZ', true], ['New Zealand', true], ['Tromp-Taylor', true], [undefined, false]])(
    'RU[%s] allows suicide: %s',
    (ru, allowed) => expect(suicideAllowed(ru)).toBe(allowed),
  );
});

describe('setups', () => {
  it('refuses a setup that leaves a group without liberties', () => {
    expect(error('(;GM[1]FF[4]SZ[5]AB[aa]AW[ba][ab])')).toMatchObject({ code: 'ERR_GO_SGF_SETUP_LIBERTIES', record: 0 });
  });
});

describe('plies', () => {
  it('counts one ply per move: comment, PL-only and final mark nodes add none', () => {
    const g = game('(;GM[1]FF[4]SZ[9];B[ee];C[a good move];W[cc];TW[aa][ab]TB[ii])');
    expect(g.positions.map((p) => [p.moveNumber, p.move?.color ?? null])).toEqual([[0, null], [1, 'B'], [2, 'W']]);
  });

  it('gives a PL in a node without a move to the position before it', () => {
    const g = game('(;GM[1]FF[4]SZ[9];B[ee];PL[B])');
    expect(g.positions.map((p) => p.toPlay)).toEqual(['B', 'B']);
  });

  it('keeps a setup node in the middle of a game as a position', () => {
    const g = game('(;GM[1]FF[4]SZ[9];B[ee];AW[aa];W[cc])');
    expect(g.positions).toHaveLength(4);
  });
});
