/**
 * The pattern bench's Go corpora (compiled by bench/run.sh; used by bench/patterns.ts): seeded SGF
 * games on 19x19 or 9x9 boards that play like games rather than noise, so that the shapes a
 * pattern search looks for occur as they do in a collection.
 *
 * 19x19: each corner gets one of CORNER_LINES (picked by weight): a short sequence of corner moves
 * in the corner's own coordinates (column, row from the corner point, 0-based), placed on the board
 * in one of the 8 symmetries. The first four moves take one corner each; after that a move goes on
 * with a corner's sequence when the side to move is the one whose turn it is there (seven times in
 * ten), else it is a free move: near one of the last six stones (within two points, two times in
 * three), or anywhere, on the third and fourth lines more often in the first 60 moves. 9x9: one of
 * NINE_LINES (whole-board openings in board coordinates, by weight) in one of the 8 symmetries, for
 * its first 2 to all of its moves, then free moves. Games are 150-250 moves (19x19) or 40-89 (9x9).
 *
 * Every move is legal as the importer replays it: on an empty point, never a suicide, and the
 * stones it leaves without liberties are captured (so later moves may fill the points freed).
 * Ko is not refereed (the importer does not either). Players, dates, ranks, komi and results vary
 * with the game's number. The PRNG is the suite's mulberry32 (seed GO_SEED, plus the board size),
 * so the same count gives the same file, and a smaller count the first games of a larger one.
 *
 * As a script: `node $OUT/bench/goGames.js COUNT SIZE FILE` writes COUNT games of SIZExSIZE to FILE.
 */
import { prng, writeTexts } from './common';

export const GO_SEED = 2807;

/** A point as [column, row], 0-based: from the corner point (corner lines) or the board's top left. */
export type Point = readonly [number, number];

/** [weight, name, moves]: a corner's sequence, moves alternating from whoever plays there first. */
export type CornerLine = readonly [weight: number, name: string, moves: readonly Point[]];

/**
 * The corner sequences of the 19x19 corpus, weights out of 100. The 3-4 point with a small-knight
 * approach (the bench's corner pattern) begins the first two: 16 corners in 100, so about half the
 * games have it in some corner; the others make the rest of the corners' shapes.
 */
export const CORNER_LINES: readonly CornerLine[] = [
  [10, '3-4 point, small-knight approach, knight reply', [[2, 3], [4, 2], [2, 5], [5, 3], [3, 2]]],
  [6, '3-4 point, small-knight approach, pincer', [[2, 3], [4, 2], [7, 2], [3, 1], [2, 2]]],
  [30, '4-4 point, approach, knight reply', [[3, 3], [5, 2], [2, 5], [7, 2]]],
  [14, '4-4 point, 3-3 invasion', [[3, 3], [2, 2], [2, 3], [3, 2], [4, 2], [2, 4]]],
  [16, '3-4 point, enclosure', [[2, 3], [9, 2], [4, 2]]],
  [10, '3-3 point', [[2, 2], [5, 3], [3, 5]]],
  [8, '5-3 point', [[4, 2], [2, 3], [3, 3]]],
  [6, 'empty corner', []],
];

/** [weight, name, moves]: a 9x9 opening in board coordinates. */
export const NINE_LINES: readonly CornerLine[] = [
  [30, 'tengen, 3-3 answer', [[4, 4], [2, 2], [6, 6], [6, 2], [5, 3], [2, 6], [3, 5], [6, 4]]],
  [20, 'tengen, knight answer', [[4, 4], [2, 6], [6, 2], [6, 6], [5, 5], [2, 3], [3, 3], [3, 2]]],
  [18, '3-3 point, tengen answer', [[2, 2], [4, 4], [6, 6], [6, 2], [2, 6], [5, 5], [4, 6], [6, 4]]],
  [14, '3-4 point', [[2, 3], [5, 5], [6, 3], [3, 6], [2, 6], [5, 2]]],
  [10, 'side start', [[4, 2], [4, 6], [6, 4], [2, 4], [3, 3], [5, 5]]],
  [8, '5-4 point', [[4, 3], [5, 5], [3, 5], [6, 3], [6, 4], [5, 4]]],
];

const EMPTY = 0;
const BLACK = 1;
const WHITE = 2;

/** A board that plays stones in place, capturing, with reusable work arrays. */
class Board {
  readonly cells: Uint8Array;
  private readonly neighbours: Int32Array[];
  private readonly mark: Int32Array;
  private stamp = 0;
  private readonly group: number[] = [];

  constructor(readonly n: number) {
    this.cells = new Uint8Array(n * n);
    this.mark = new Int32Array(n * n);
    this.neighbours = Array.from({ length: n * n }, (_, p) => {
      const [c, r] = [p % n, Math.floor(p / n)];
      const out: number[] = [];
      if (r > 0) out.push(p - n);
      if (r < n - 1) out.push(p + n);
      if (c > 0) out.push(p - 1);
      if (c < n - 1) out.push(p + 1);
      return Int32Array.from(out);
    });
  }

  /** Fills `group` with the group at `start`; whether it has a liberty. */
  private scan(start: number): boolean {
    const colour = this.cells[start];
    const stamp = ++this.stamp;
    const group = this.group;
    group.length = 0;
    group.push(start);
    this.mark[start] = stamp;
    let free = false;
    for (let i = 0; i < group.length; i++) {
      for (const q of this.neighbours[group[i]]) {
        if (this.mark[q] === stamp) continue;
        const v = this.cells[q];
        if (v === EMPTY) free = true;
        else if (v === colour) {
          this.mark[q] = stamp;
          group.push(q);
        }
      }
    }
    return free;
  }

  /** The point the next move may not take (a ko just taken), or -1. */
  ko = -1;

  /**
   * Plays `colour` at the empty point `p`, capturing; false (board unchanged) for a suicide or a
   * ko retaken at once (the importer refuses a move that repeats the position before the last).
   */
  play(p: number, colour: number): boolean {
    if (p === this.ko) return false;
    this.cells[p] = colour;
    let captured = 0;
    let taken = -1;
    for (const q of this.neighbours[p]) {
      const v = this.cells[q];
      if (v === EMPTY || v === colour) continue;
      if (!this.scan(q)) {
        for (const s of this.group) this.cells[s] = EMPTY;
        captured += this.group.length;
        taken = q;
      }
    }
    const free = this.scan(p);
    if (!free) {
      this.cells[p] = EMPTY;
      return false;
    }
    // One stone taken by a lone stone left with that one liberty: retaking at once would repeat the position.
    this.ko = captured === 1 && this.group.length === 1 && this.liberties(p) === 1 ? taken : -1;
    return true;
  }

  private liberties(p: number): number {
    let n = 0;
    for (const q of this.neighbours[p]) if (this.cells[q] === EMPTY) n++;
    return n;
  }
}

/** One of the 8 symmetries of an n x n board: point [c, r] (from the top left) to its index. */
const symmetric = (n: number, sym: number, [c, r]: Point): number => {
  const [a, b] = sym & 4 ? [r, c] : [c, r];
  const x = sym & 1 ? n - 1 - a : a;
  const y = sym & 2 ? n - 1 - b : b;
  return y * n + x;
};

const pickWeighted = <T extends CornerLine>(lines: readonly T[], r: number): T => {
  const total = lines.reduce((s, l) => s + l[0], 0);
  let target = r * total;
  for (const line of lines) {
    target -= line[0];
    if (target < 0) return line;
  }
  return lines[lines.length - 1];
};

const SGF_LETTERS = 'abcdefghijklmnopqrs';
const sgfPointOf = (n: number, p: number): string => SGF_LETTERS[p % n] + SGF_LETTERS[Math.floor(p / n)];

export interface GoGame {
  /** From 0, in file order. */
  index: number;
  size: number;
  /** The game's SGF tree and a newline. */
  text: string;
  /** The moves as point indexes (row * size + column), black first. */
  moves: number[];
  /** 9x9: the opening line played and for how many of its moves; 19x19: the corner lines. */
  line: string;
  bookMoves: number;
}

/** A free move for `colour`: near one of the last stones, or anywhere; -1 when none is found. */
function freeMove(board: Board, random: () => number, recent: number[], moveNumber: number): number {
  const n = board.n;
  for (let attempt = 0; attempt < 40; attempt++) {
    let p: number;
    if (recent.length > 0 && random() < 2 / 3) {
      const from = recent[recent.length - 1 - Math.floor(random() * Math.min(6, recent.length))];
      const c = (from % n) + Math.floor(random() * 5) - 2;
      const r = Math.floor(from / n) + Math.floor(random() * 5) - 2;
      if (c < 0 || r < 0 || c >= n || r >= n) continue;
      p = r * n + c;
    } else if (n === 19 && moveNumber < 60 && random() < 0.6) {
      // The third and fourth lines, from some side.
      const line = 2 + Math.floor(random() * 2);
      const along = 2 + Math.floor(random() * (n - 4));
      p = symmetric(n, Math.floor(random() * 8), [along, line]);
    } else {
      p = Math.floor(random() * n * n);
    }
    if (board.cells[p] === EMPTY) return p;
  }
  for (let tries = 0; tries < n * n; tries++) {
    const p = Math.floor(random() * n * n);
    if (board.cells[p] === EMPTY) return p;
  }
  return -1;
}

const PLAYERS = ['Cho', 'Lee', 'Iyama', 'Shin', 'Ke', 'Park', 'Ichiriki', 'Gu', 'Mi', 'Yang', 'Xu', 'Kim', 'Ida', 'Shibano', 'Tang', 'Byun'];
const RANKS = ['9p', '8p', '7p', '5p', '3p', '1p', '7d', '6d', '5d', '4d', '3d', '1d'];

const playerOf = (g: number, side: number): string => `${PLAYERS[(g * 7 + side * 5) % PLAYERS.length]} ${String.fromCharCode(65 + ((g * (side + 3)) % 26))}.${(g % 97) + side}`;
const dateOf = (g: number): string => `${2000 + (g % 25)}-${String(((g * 7) % 12) + 1).padStart(2, '0')}-${String((g % 28) + 1).padStart(2, '0')}`;
const resultOf = (g: number, random: () => number): string => {
  const winner = random() < 0.52 ? 'B' : 'W';
  return g % 3 === 0 ? `${winner}+R` : `${winner}+${Math.floor(random() * 30)}.5`;
};

/** The corpus's games of `size` (19 or 9), one at a time: the first `count` games of the seeded sequence. */
export function* goGames(count: number, size: number, seed = GO_SEED): Generator<GoGame> {
  const random = prng(seed + size);
  for (let g = 0; g < count; g++) {
    const board = new Board(size);
    const moves: number[] = [];
    const recent: number[] = [];
    const length = size === 19 ? 150 + Math.floor(random() * 101) : 40 + Math.floor(random() * 50);
    // Book moves: per corner (19x19) or one whole-board line (9x9), as board points, with who starts it.
    const books: { points: number[]; next: number; first: number }[] = [];
    let line: string;
    let bookMoves = 0;
    if (size === 19) {
      const picked = [0, 1, 2, 3].map(() => pickWeighted(CORNER_LINES, random()));
      const corners = [0, 1, 2, 3].map((k) => (k & 3) | (random() < 0.5 ? 4 : 0));
      picked.forEach((l, k) => books.push({ points: l[2].map((pt) => symmetric(size, corners[k], pt)), next: 0, first: -1 }));
      line = picked.map((l) => l[1]).join('; ');
    } else {
      const l = pickWeighted(NINE_LINES, random());
      const cut = 2 + Math.floor(random() * (l[2].length - 1));
      const sym = Math.floor(random() * 8);
      books.push({ points: l[2].slice(0, cut).map((pt) => symmetric(size, sym, pt)), next: 0, first: BLACK });
      line = l[1];
      bookMoves = cut;
    }
    for (let m = 0; m < length; m++) {
      const colour = m % 2 === 0 ? BLACK : WHITE;
      let p = -1;
      if (size === 19 && m < 4) {
        // One corner each: its line's first stone, or a 3-4/4-4 point when the line is empty.
        const book = books[m];
        book.first = colour;
        p = book.points.length ? book.points[book.next++] : symmetric(size, m, [3, 3]);
      } else if (size === 9 && books[0].next < books[0].points.length) {
        p = books[0].points[books[0].next++];
      } else {
        // Go on with a corner sequence whose turn it is for this colour (seven times in ten).
        const open = books.filter((b) => b.next < b.points.length && (b.next % 2 === 0 ? b.first : 3 - b.first) === colour);
        if (open.length && random() < 0.7) {
          const book = open[Math.floor(random() * open.length)];
          const q = book.points[book.next++];
          if (board.cells[q] === EMPTY) p = q;
          else book.next = book.points.length;
        }
      }
      let played = p >= 0 && board.cells[p] === EMPTY && board.play(p, colour);
      for (let tries = 0; !played && tries < 20; tries++) {
        p = freeMove(board, random, recent, m);
        if (p < 0) break;
        played = board.play(p, colour);
      }
      if (!played) break;
      moves.push(p);
      recent.push(p);
      if (recent.length > 6) recent.shift();
    }
    const header = `(;GM[1]FF[4]CA[UTF-8]SZ[${size}]KM[${size === 19 ? '6.5' : '7'}]RU[Japanese]PB[${playerOf(g, 0)}]BR[${RANKS[g % RANKS.length]}]PW[${playerOf(g, 1)}]WR[${RANKS[(g * 5 + 3) % RANKS.length]}]DT[${dateOf(g)}]EV[bench ${size}x${size}]RE[${resultOf(g, random)}]`;
    const body = moves.map((p, i) => `;${i % 2 === 0 ? 'B' : 'W'}[${sgfPointOf(size, p)}]`).join('');
    yield { index: g, size, text: `${header}\n${body})\n`, moves, line, bookMoves };
  }
}

/** The board after the first `plies` moves of `moves`, as rows of `X` (black), `O` (white) and `.`, replayed with captures. */
export function boardRows(size: number, moves: readonly number[], plies: number): string[] {
  const board = new Board(size);
  moves.slice(0, plies).forEach((p, i) => {
    if (!board.play(p, i % 2 === 0 ? BLACK : WHITE)) throw new Error(`move ${i + 1} is a suicide`);
  });
  return Array.from({ length: size }, (_, r) => Array.from(board.cells.subarray(r * size, (r + 1) * size), (v) => '.XO'[v]).join(''));
}

/** Writes the first `count` games of `size` to `file`, 1 MB at a time; returns the bytes and moves written. */
export function writeGoSgfFile(file: string, count: number, size: number): { bytes: number; moves: number } {
  let moves = 0;
  const bytes = writeTexts(file, (function* () {
    for (const game of goGames(count, size)) {
      moves += game.moves.length;
      yield game.text;
    }
  })());
  return { bytes, moves };
}


if (require.main === module) {
  const [count, size, file] = process.argv.slice(2);
  if (!count || !file || !(Number(count) >= 0) || !['9', '19'].includes(size)) {
    console.error('usage: node bench/goGames.js COUNT 19|9 FILE');
    process.exit(2);
  }
  const started = Date.now();
  const { bytes, moves } = writeGoSgfFile(file, Number(count), Number(size));
  console.error(`${count} games of ${size}x${size}, ${moves} moves, ${(bytes / 1e6).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
