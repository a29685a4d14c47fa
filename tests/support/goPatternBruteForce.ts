/**
 * A second, naive implementation of Go pattern search (issue 28) for the tests: games read with
 * @sabaki/sgf and replayed with @sabaki/go-board (captures applied), each position tested point by
 * point in every placement the anchor allows, under each of the 8 symmetries written out as plain
 * coordinate maps, colours swapped too for "either". The continuation is taken as the language
 * defines it: the first later move inside the matched rectangle, in the pattern's own frame; where
 * several placements hold, the earliest continuation, then the least text.
 */
import type { PatternHit } from '../../src/games/patterns';

interface SabakiBoard {
  set(vertex: [number, number], sign: number): SabakiBoard;
  get(vertex: [number, number]): number;
  makeMove(sign: number, vertex: [number, number]): SabakiBoard;
  clone(): SabakiBoard;
}
interface SgfNode {
  data: Record<string, string[] | undefined>;
  children: SgfNode[];
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Board = require('@sabaki/go-board') as { fromDimensions(width: number, height?: number): SabakiBoard };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const sgf = require('@sabaki/sgf') as { parse(text: string): SgfNode[]; parseCompressedVertices(value: string): [number, number][] };

/** One position of a main line: the board (board[y][x]: 1 black, -1 white, 0 empty) and the move that reached it. */
export interface BrutePosition {
  board: number[][];
  move: { white: boolean; x: number; y: number } | null;
}

/** A game's main line as Sabaki replays it: a position per ply (the start, each move or setup). */
export interface BruteGame {
  width: number;
  height: number;
  positions: BrutePosition[];
}

const SETUP = [['AE', 0], ['AB', 1], ['AW', -1]] as const;

/** Every game of an SGF text, main lines replayed. */
export const bruteGames = (text: string): BruteGame[] =>
  sgf.parse(text).map((root) => {
    const sz = (root.data.SZ?.[0] ?? '19').split(':').map(Number);
    const [width, height] = [sz[0], sz[1] ?? sz[0]];
    let board = Board.fromDimensions(width, height);
    const positions: BrutePosition[] = [];
    for (let node: SgfNode | undefined = root, first = true; node; node = node.children[0], first = false) {
      let changed = first;
      for (const [id, sign] of SETUP) {
        for (const value of node.data[id] ?? []) {
          board = board.clone();
          for (const v of sgf.parseCompressedVertices(value)) board.set(v, sign);
          changed = true;
        }
      }
      let move: BrutePosition['move'] = null;
      for (const color of ['B', 'W'] as const) {
        const value = node.data[color]?.[0];
        if (value === undefined) continue;
        changed = true;
        if (value === '' || (value === 'tt' && width <= 19)) continue;
        const x = value.charCodeAt(0) - 97;
        const y = value.charCodeAt(1) - 97;
        board = board.makeMove(color === 'B' ? 1 : -1, [x, y]);
        move = { white: color === 'W', x, y };
      }
      if (!changed) continue;
      const rows: number[][] = [];
      for (let y = 0; y < height; y++) rows.push(Array.from({ length: width }, (_, x) => board.get([x, y])));
      positions.push({ board: rows, move });
    }
    return { width, height, positions };
  });

/** A pattern as the brute force reads it (already checked by the language's reader). */
export interface BrutePattern {
  rows: string[];
  anchor: 'corner' | 'side' | 'anywhere' | [number, number];
  either?: boolean;
  size?: number;
  /** Only these symmetries (indexes into SYMMETRIES); all 8 by default. */
  symmetries?: number[];
}

/** The 8 symmetries of an n x n board, as maps of (x, y). */
export const SYMMETRIES: ((x: number, y: number, n: number) => [number, number])[] = [
  (x, y) => [x, y],
  (x, y, n) => [n - 1 - x, y],
  (x, y, n) => [x, n - 1 - y],
  (x, y, n) => [n - 1 - x, n - 1 - y],
  (x, y) => [y, x],
  (x, y, n) => [n - 1 - y, x],
  (x, y, n) => [y, n - 1 - x],
  (x, y, n) => [n - 1 - y, n - 1 - x],
];

const LETTERS = 'abcdefghijklmnopqrs';
const SWAPPED: Record<string, string> = { X: 'O', O: 'X', x: 'o', o: 'x' };

const accepts = (ch: string, v: number): boolean =>
  ch === '*' || (ch === 'X' && v === 1) || (ch === 'O' && v === -1) || (ch === '.' && v === 0) || (ch === 'x' && v !== -1) || (ch === 'o' && v !== 1);

/** The top-left points where the pattern may lie as written on an n x n board. */
const anchored = (p: BrutePattern, w: number, h: number, n: number): [number, number][] => {
  const all: [number, number][] = [];
  for (let y = 0; y + h <= n; y++) for (let x = 0; x + w <= n; x++) all.push([x, y]);
  const { anchor } = p;
  if (anchor === 'anywhere') return all;
  if (anchor === 'corner') return all.filter(([x, y]) => x === 0 && y === 0);
  if (anchor === 'side') return all.filter(([, y]) => y === 0);
  return all.filter(([x, y]) => x === anchor[0] && y === anchor[1]);
};

/** Each ply where the pattern holds, with its continuation, found naively. */
export const bruteHits = (pattern: BrutePattern, game: BruteGame): PatternHit[] => {
  const n = game.width;
  if (game.width !== game.height || n < 9 || n > 19 || (pattern.size !== undefined && pattern.size !== n)) return [];
  const h = pattern.rows.length;
  const w = pattern.rows[0].length;
  const hits: PatternHit[] = [];
  game.positions.forEach((pos, i) => {
    let held = false;
    let best: { ply: number; text: string; white: boolean } | null = null;
    for (const swap of pattern.either ? [false, true] : [false]) {
      for (const s of pattern.symmetries ?? [0, 1, 2, 3, 4, 5, 6, 7]) {
        for (const [x0, y0] of anchored(pattern, w, h, n)) {
          // Whether every pattern point holds where it lands.
          let ok = true;
          for (let y = 0; y < h && ok; y++) {
            for (let x = 0; x < w && ok; x++) {
              const ch = pattern.rows[y][x];
              const [bx, by] = SYMMETRIES[s](x0 + x, y0 + y, n);
              ok = accepts(swap ? (SWAPPED[ch] ?? ch) : ch, pos.board[by][bx]);
            }
          }
          if (!ok) continue;
          held = true;
          // The pattern point (SGF letters, in its own frame) at each board point it covers.
          const image = new Map<string, string>();
          for (let y = 0; y < h; y++) {
            for (let x = 0; x < w; x++) {
              const [bx, by] = SYMMETRIES[s](x0 + x, y0 + y, n);
              image.set(`${bx},${by}`, LETTERS[x] + LETTERS[y]);
            }
          }
          for (let j = i + 1; j < game.positions.length; j++) {
            const m = game.positions[j].move;
            const at = m && image.get(`${m.x},${m.y}`);
            if (!m || !at) continue;
            const text = `${m.white !== swap ? 'W' : 'B'}[${at}]`;
            if (!best || j < best.ply || (j === best.ply && text < best.text)) best = { ply: j, text, white: m.white };
            break;
          }
        }
      }
    }
    if (held) hits.push({ ply: i, continuation: best ? { move: best.text, byFirst: !best.white } : null });
  });
  return hits;
};
