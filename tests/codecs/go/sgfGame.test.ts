import * as fs from 'fs';
import * as path from 'path';
import { parseSgf, SgfTree } from '../../../src/codecs/sgf';
import { parseGoGame, parseGoGames, playStone, parseSgfPoint, parseSgfPointList, sgfPoint, parseBoard, boardToString, defaultHasher, createHasher, generateZobristTable, canonicalHashOfText, GoGame } from '../../../src/codecs/go';
import { unwrap } from '../../../src/codecs/result';
import { samplePath } from '../../support/sampleData';

const dataDir = samplePath('go');
const gameOf = (text: string, options = {}): GoGame => unwrap(parseGoGames(text, options))[0];
const file = (name: string) => fs.readFileSync(path.join(dataDir, name), 'utf8');

describe('SGF points', () => {
  it('reads column then row letters, and passes', () => {
    expect(unwrap(parseSgfPoint('dc', 9, 9))).toBe(2 * 9 + 3);
    expect(unwrap(parseSgfPoint('', 9, 9))).toBeNull();
    expect(unwrap(parseSgfPoint('tt', 19, 19))).toBeNull();
    expect(sgfPoint(2 * 9 + 3, 9)).toBe('dc');
  });

  it('expands compressed rectangles', () => {
    expect(unwrap(parseSgfPointList('ab:bc', 9, 9))).toEqual([9, 10, 18, 19]);
  });

  it('rejects a point off the board', () => {
    const r = parseSgfPoint('jj', 9, 9);
    expect(r.ok ? null : r.error.code).toBe('ERR_GO_SGF_POINT');
  });
});

describe('rules', () => {
  it('captures a surrounded stone', () => {
    const b = unwrap(parseBoard('.#.' + '#O.' + '.#.', 3));
    const r = unwrap(playStone(b, 1, 5));
    expect(boardToString(r.board)).toBe('.#.' + '#.#' + '.#.');
    expect(r.captured).toBe(1);
  });

  it('captures before checking suicide', () => {
    // White's corner stone has no liberty of its own, but it takes the last liberties of both Black stones.
    const r = unwrap(playStone(unwrap(parseBoard('.#O' + '#O.' + 'O..', 3)), 2, 0));
    expect(boardToString(r.board)).toBe('O.O' + '.O.' + 'O..');
    expect(r.captured).toBe(2);
    expect(r.suicide).toBe(0);
  });

  it('removes a suicided group by default and rejects it when asked', () => {
    const b = unwrap(parseBoard('.#.' + '#..' + '...', 3));
    expect(unwrap(playStone(b, 2, 0)).suicide).toBe(1);
    const r = playStone(b, 2, 0, { allowSuicide: false });
    expect(r.ok ? null : r.error.code).toBe('ERR_GO_SUICIDE');
  });

  it('rejects a move on an occupied point', () => {
    const r = playStone(unwrap(parseBoard('#........', 3)), 2, 0);
    expect(r.ok ? null : r.error.code).toBe('ERR_GO_OCCUPIED');
  });
});

describe('parseGoGame', () => {
  it('replays the So Yokoku vs Zen game: one position per node, alternating colours', () => {
    const g = gameOf(file('fuego-regression_2012-zen-vs-pro_3_So8p-vs-Zen.sgf'));
    expect([g.width, g.height, g.info.KM, g.info.RU]).toEqual([9, 9, '7', 'Chinese']);
    expect(g.variations).toBe(1);
    const moves = g.positions.filter((p) => p.move);
    expect(g.positions[0]).toMatchObject({ node: 0, parent: -1, moveNumber: 0, board: '.'.repeat(81), hash: '0000000000000000', toPlay: 'B' });
    expect(moves.map((p) => p.moveNumber)).toEqual(moves.map((_, i) => i + 1));
    expect(moves.every((p, i) => p.move!.color === (i % 2 === 0 ? 'B' : 'W'))).toBe(true);
    expect(g.positions.every((p) => p.hash === unwrap(canonicalHashOfText(p.board)).hash)).toBe(true);
  });

  it('puts the first move on the board and gives the side to move', () => {
    const g = gameOf('(;GM[1]SZ[9];B[dd];W[gc])');
    expect(g.positions[1].board[3 * 9 + 3]).toBe('#');
    expect(g.positions[1].toPlay).toBe('W');
    expect(g.positions[2].board[2 * 9 + 6]).toBe('O');
    expect(g.positions[2].toPlay).toBe('B');
  });

  it('applies AB/AW/AE setup, then PL, in the KataGo sample', () => {
    const g = gameOf(file('katago-tests_sampletest9x9_setup-props.sgf'));
    const root = g.positions[0];
    expect(root.stones).toBe(10);
    expect(root.board[2 * 9 + 3]).toBe('#'); // AB[dc]
    expect(root.board[4 * 9 + 3]).toBe('O'); // AW[de]
    const setupNode = g.positions.find((p) => p.board.length === 81 && p.move === undefined && p.node > 0)!;
    expect(setupNode.toPlay).toBe('B'); // PL[B]
    expect(setupNode.board[7 * 9 + 3]).toBe('O'); // AW[dh]
    expect(setupNode.board[2 * 9 + 7]).toBe('.'); // AE[hc] cleared the stone Black had played there
  });

  it('numbers variations depth-first and records the path of each position', () => {
    const g = gameOf('(;GM[1]SZ[9];B[aa](;W[bb];B[cc])(;W[dd](;B[ee])(;B[ff])))');
    expect(g.variations).toBe(3);
    const summary = g.positions.map((p) => [p.node, p.variation, p.path.join('.'), p.moveNumber]);
    expect(summary).toEqual([
      [0, 0, '', 0],
      [1, 0, '', 1],
      [2, 0, '0', 2],
      [3, 0, '0', 3],
      [4, 1, '1', 2],
      [5, 1, '1.0', 3],
      [6, 2, '1.1', 3],
    ]);
    expect(g.positions[4].parent).toBe(1);
    expect(g.positions[6].parent).toBe(4);
  });

  it('walks the deep variation tree of the Fuego game; every variation ends at a leaf', () => {
    const text = file('fuego-regression_2009_MM-Fuego-variations.sgf');
    const leaves = (t: SgfTree): number => (t.children.length === 0 ? 1 : t.children.reduce((n, c) => n + leaves(c), 0));
    const g = gameOf(text);
    expect(g.variations).toBe(leaves(unwrap(parseSgf(text))[0]));
    expect(g.variations).toBe(9);
    expect(new Set(g.positions.map((p) => p.node)).size).toBe(g.positions.length);
    const main = g.positions.filter((p) => p.variation === 0);
    expect(main[main.length - 1].moveNumber).toBe(54); // 23 + 15 + 15 + W[hh]
    expect(main[main.length - 1].move).toEqual({ color: 'W', point: 7 * 9 + 7 });
  });

  it('treats B[] and B[tt] as passes', () => {
    const g = gameOf('(;GM[1]SZ[19];B[aa];W[];B[tt])');
    expect(g.positions.slice(2).map((p) => p.move)).toEqual([
      { color: 'W', point: null },
      { color: 'B', point: null },
    ]);
    expect(g.positions[3].stones).toBe(1);
  });

  it('records captures in a game', () => {
    const g = gameOf('(;GM[1]SZ[9];B[ba];W[aa];B[ab])');
    expect(g.positions[3]).toMatchObject({ captured: 1, stones: 2 });
  });

  it('hashes other sizes with their own table and 9x9 with the given one', () => {
    const g = gameOf('(;GM[1]SZ[13];B[dd])');
    expect(g.positions[1].hash).toBe(unwrap(canonicalHashOfText(g.positions[1].board, defaultHasher(13))).hash);
    const other = unwrap(createHasher(generateZobristTable(81, 7n)));
    const g9 = gameOf('(;GM[1]SZ[9];B[dd])', { hasher: other });
    expect(g9.positions[1].hash).toBe(unwrap(canonicalHashOfText(g9.positions[1].board, other)).hash);
  });

  it('gives White the first move after handicap stones', () => {
    expect(gameOf('(;GM[1]SZ[9]HA[2]AB[cc][gg])').positions[0].toPlay).toBe('W');
  });

  it('reads rectangular boards', () => {
    const g = gameOf('(;GM[1]SZ[7:5];B[ge])');
    expect([g.width, g.height, g.positions[1].board.length, g.positions[1].board[34]]).toEqual([7, 5, 35, '#']);
  });

  it('rejects a game that is not Go, a bad size, a move off the board, two moves in a node, and a bad PL, naming the node', () => {
    const codeOf = (text: string) => {
      const r = parseGoGames(text);
      return r.ok ? null : r.error;
    };
    expect(codeOf('(;GM[6])')).toMatchObject({ code: 'ERR_GO_SGF_GAME_TYPE', record: 0, field: 'GM' });
    expect(codeOf('(;GM[1]SZ[99])')).toMatchObject({ code: 'ERR_GO_SGF_SIZE', field: 'SZ' });
    expect(codeOf('(;GM[1]SZ[9];B[dd];W[zz])')).toMatchObject({ code: 'ERR_GO_SGF_POINT', record: 2, offset: 18, field: 'W' });
    expect(codeOf('(;GM[1]SZ[9];B[dd]W[ee])')).toMatchObject({ code: 'ERR_GO_SGF_TWO_MOVES', record: 1 });
    expect(codeOf('(;GM[1]SZ[9];B[dd];W[dd])')).toMatchObject({ code: 'ERR_GO_OCCUPIED', record: 2 });
    expect(codeOf('(;GM[1]PL[X])')).toMatchObject({ code: 'ERR_GO_SGF_PL', record: 0 });
  });

  it('replays every sample file without error', () => {
    for (const f of fs.readdirSync(dataDir).filter((n) => n.endsWith('.sgf'))) {
      const trees = unwrap(parseSgf(file(f)));
      for (const t of trees) expect(parseGoGame(t).ok).toBe(true);
    }
  });
});
