/**
 * Go games from SGF (GM[1], FF[4]): replays the game tree, main line and
 * every variation, and lists each position reached with its board, side to
 * move, canonical hash and where in the tree it is. Setup (AE, AB, AW) is
 * applied before the node's move, PL after it.
 *
 * A position (a ply) is the start or a setup, or a move: a node without a move or setup (a
 * comment, PL, final TW/TB marks) adds no position; its PL changes who is to play in the
 * position before it. Moves are refereed: a move on an occupied point, an immediate recapture
 * that repeats the position before the opponent's last move (basic ko), and suicide where the
 * file's rules (RU) forbid it are refused; so is a setup that leaves a group without liberties.
 */
import { Result, ok, err, codecErrors, InputLocation } from '../result';
import { SgfNode, SgfTree, findProperty, getFirstValue, parseSgf } from '../sgf';
import { GoBoard, GoColor, BLACK, WHITE, EMPTY, Stone, emptyBoard, boardToString, stoneCount, MAX_BOARD_SIZE } from './board';
import { ZobristHasher, defaultHasher, canonicalHash } from './canonical';
import { groupLiberties, playStone } from './rules';

/** The error codes this module returns. */
export const SGF_GAME_ERRORS = [
  'ERR_GO_KO',
  'ERR_GO_SGF_GAME_TYPE',
  'ERR_GO_SGF_PL',
  'ERR_GO_SGF_POINT',
  'ERR_GO_SGF_SETUP_LIBERTIES',
  'ERR_GO_SGF_SIZE',
  'ERR_GO_SGF_TWO_MOVES',
] as const;
/** One of SGF_GAME_ERRORS. */
export type SgfGameError = (typeof SGF_GAME_ERRORS)[number];
const sgfGameError = codecErrors(SGF_GAME_ERRORS);

/** A move in a game: colour and point (row * width + col), or null for a pass. */
export interface GoMove {
  color: GoColor;
  point: number | null;
}

/** One position reached in a game (after executing one SGF node). */
export interface GoGamePosition {
  /** Pre-order index of the SGF node in its game tree (0 = root). */
  node: number;
  /** Index in `positions` of the previous position, -1 for the root. */
  parent: number;
  /** Child index taken at each fork (a tree with 2 or more variations) passed from the root; [] before the first fork. */
  path: number[];
  /** Variation number: 0 = main line; the others numbered 1, 2, ... in depth-first order of their first node. A shared node belongs to the lowest. */
  variation: number;
  /** Moves (B/W, passes included) from the root up to and including this node. */
  moveNumber: number;
  /** The node's move, if it has one. */
  move?: GoMove;
  /** Stones removed by the move (captures plus suicide). */
  captured: number;
  /** Board in `#`/`O`/`.` text form, row-major. */
  board: string;
  /** Side to move next: PL if given; else the colour of the next move on the first continuation; else the opponent of this node's mover; else inherited. */
  toPlay: GoColor;
  /** Canonical hash (16 hex digits) with the hasher for this board size. */
  hash: string;
  /** Symmetry mapping this board onto its canonical image, and its inverse. */
  rotation: number;
  inverse: number;
  /** Stones on the board. */
  stones: number;
}

/** A replayed game. */
export interface GoGame {
  width: number;
  height: number;
  /** First value of each root property (PB, PW, KM, RU, RE, DT, ...). */
  info: Record<string, string>;
  /** Every position reached, in depth-first order (root first, main line before variations). */
  positions: GoGamePosition[];
  /** Number of variations (1 for a game without any). */
  variations: number;
}

/** Options for reading games. */
export interface ParseGoGameOptions {
  /** Hasher to use when its size matches the game's board (e.g. the active 9x9 table); other sizes use `defaultHasher(width, height)`. */
  hasher?: ZobristHasher;
  /** Whether a move may leave its own group without liberties (the group is removed); default: as the file's RU says (`suicideAllowed`). */
  allowSuicide?: boolean;
}

/**
 * Whether the rules a file names in RU allow suicide: New Zealand, Tromp-Taylor and Ing do;
 * Japanese, Chinese, AGA and Korean do not, and neither does a file without RU (those rule
 * sets cover nearly every record, and the FF[4] default `Japanese` forbids it).
 */
export const suicideAllowed = (ru: string | undefined): boolean => {
  const rules = (ru ?? '').toLowerCase().replace(/[^a-z]/g, '');
  return ['nz', 'newzealand', 'trompt', 'tromptaylor', 'tt', 'ing', 'goe'].includes(rules);
};

// SGF point letters: a..z = 0..25, A..Z = 26..51 (FF[4] "Point" for Go).
const coord = (c: number): number => (c >= 0x61 && c <= 0x7a ? c - 0x61 : c >= 0x41 && c <= 0x5a ? c - 0x41 + 26 : -1);

/** Parses an SGF move value: `''` (or `tt` on boards up to 19x19) is a pass (null); otherwise column letter then row letter. */
export const parseSgfPoint = (value: string, width: number, height: number): Result<number | null> => {
  if (value === '' || (value === 'tt' && width <= 19 && height <= 19)) return ok(null);
  if (value.length !== 2) return err(sgfGameError('ERR_GO_SGF_POINT', `${JSON.stringify(value)} is not a point`));
  const col = coord(value.charCodeAt(0));
  const row = coord(value.charCodeAt(1));
  if (col < 0 || row < 0 || col >= width || row >= height) return err(sgfGameError('ERR_GO_SGF_POINT', `${JSON.stringify(value)} is off the ${width}x${height} board`));
  return ok(row * width + col);
};

/** The SGF letters for a point index (column then row). */
export const sgfPoint = (point: number, width: number): string => {
  const letter = (i: number) => String.fromCharCode(i < 26 ? 0x61 + i : 0x41 + i - 26);
  return letter(point % width) + letter(Math.floor(point / width));
};

/** Expands a setup value: a point, or a compressed rectangle `ab:cd` (FF[4] "list of point"), into point indices. */
export const parseSgfPointList = (value: string, width: number, height: number): Result<number[]> => {
  const colon = value.indexOf(':');
  if (colon < 0) {
    const p = parseSgfPoint(value, width, height);
    if (!p.ok) return p;
    if (p.value === null) return err(sgfGameError('ERR_GO_SGF_POINT', `${JSON.stringify(value)} is not a point`));
    return ok([p.value]);
  }
  const a = parseSgfPoint(value.slice(0, colon), width, height);
  const b = parseSgfPoint(value.slice(colon + 1), width, height);
  if (!a.ok) return a;
  if (!b.ok) return b;
  if (a.value === null || b.value === null) return err(sgfGameError('ERR_GO_SGF_POINT', `${JSON.stringify(value)} is not a rectangle of points`));
  const [r1, c1] = [Math.floor(a.value / width), a.value % width];
  const [r2, c2] = [Math.floor(b.value / width), b.value % width];
  const out: number[] = [];
  for (let r = Math.min(r1, r2); r <= Math.max(r1, r2); r++) for (let c = Math.min(c1, c2); c <= Math.max(c1, c2); c++) out.push(r * width + c);
  return ok(out);
};

/** Parses SZ: `n` or `columns:rows`, each 1..52. Default 19. */
export const parseBoardSize = (value: string | undefined): Result<[number, number]> => {
  if (value === undefined) return ok([19, 19]);
  const m = /^\s*(\d+)\s*(?::\s*(\d+)\s*)?$/.exec(value);
  const w = m ? Number(m[1]) : NaN;
  const h = m ? Number(m[2] ?? m[1]) : NaN;
  if (!(w >= 1 && w <= MAX_BOARD_SIZE && h >= 1 && h <= MAX_BOARD_SIZE)) {
    return err(sgfGameError('ERR_GO_SGF_SIZE', `SZ[${value}] is not a board size from 1 to ${MAX_BOARD_SIZE}`, { field: 'SZ' }));
  }
  return ok([w, h]);
};

const colorOf = (value: string): GoColor | undefined => {
  const c = value.trim().charAt(0).toUpperCase();
  return c === 'B' ? 'B' : c === 'W' ? 'W' : undefined;
};

const sameCells = (a: Uint8Array, b: Uint8Array): boolean => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

/** A point of a group with no liberty, if the board has one. */
const groupWithoutLiberties = (board: GoBoard): number | undefined => {
  for (let p = 0; p < board.cells.length; p++) if (board.cells[p] !== EMPTY && groupLiberties(board, p) === 0) return p;
  return undefined;
};

const moveOf = (node: SgfNode | undefined): GoColor | undefined => {
  if (!node) return undefined;
  for (const p of node.properties) if (p.id === 'B' || p.id === 'W') return p.id;
  return undefined;
};

interface Frame {
  tree: SgfTree;
  board: GoBoard;
  /** The board before the last move (what an immediate ko recapture would bring back), null after a setup. */
  koBoard: GoBoard | null;
  toPlay: GoColor;
  moveNumber: number;
  path: number[];
  variation: number; // -1: a new variation, numbered when first visited
  parent: number;
}

/** Replays one game tree. Errors carry the node's pre-order index (`record`), its `;` offset and the property (`field`). */
export const parseGoGame = (tree: SgfTree, options: ParseGoGameOptions = {}): Result<GoGame> => {
  const root = tree.nodes[0];
  const at = (node: SgfNode, index: number, field?: string): InputLocation => ({ record: index, offset: node.offset, field });
  const gm = getFirstValue(root, 'GM');
  if (gm !== undefined && gm.trim() !== '1') return err(sgfGameError('ERR_GO_SGF_GAME_TYPE', `GM[${gm}] is not Go (GM[1])`, at(root, 0, 'GM')));
  const size = parseBoardSize(getFirstValue(root, 'SZ'));
  if (!size.ok) return err({ ...size.error, ...at(root, 0, 'SZ') });
  const [width, height] = size.value;
  const hasher = options.hasher && options.hasher.width === width && options.hasher.height === height ? options.hasher : defaultHasher(width, height);

  const info: Record<string, string> = {};
  for (const p of root.properties) if (!(p.id in info)) info[p.id] = p.values[0];
  const handicap = Number(getFirstValue(root, 'HA') ?? '0');
  const firstToPlay: GoColor = handicap >= 2 && findProperty(root, 'AB') && !findProperty(root, 'AW') ? 'W' : 'B';

  const allowSuicide = options.allowSuicide ?? suicideAllowed(getFirstValue(root, 'RU'));
  const positions: GoGamePosition[] = [];
  let nodeIndex = 0;
  let variations = 1;
  const start: Frame = { tree, board: emptyBoard(width, height), koBoard: null, toPlay: firstToPlay, moveNumber: 0, path: [], variation: 0, parent: -1 };
  const stack: Frame[] = [start];
  while (stack.length > 0) {
    const f = stack.pop()!;
    let { board, koBoard, toPlay, moveNumber, parent } = f;
    // A new variation is numbered when its first position is listed.
    let variation = f.variation;
    const nodes = f.tree.nodes;
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i];
      const index = nodeIndex++;
      // Setup first: AE clears, AB/AW place (FF[4] setup properties), without captures.
      let cells: Uint8Array | undefined;
      for (const p of node.properties) {
        if (p.id !== 'AE' && p.id !== 'AB' && p.id !== 'AW') continue;
        cells ??= board.cells.slice();
        const v = p.id === 'AE' ? EMPTY : p.id === 'AB' ? BLACK : WHITE;
        for (const value of p.values) {
          const pts = parseSgfPointList(value, width, height);
          if (!pts.ok) return err({ ...pts.error, ...at(node, index, p.id) });
          for (const q of pts.value) cells[q] = v;
        }
      }
      if (cells) {
        board = { width, height, cells };
        const dead = groupWithoutLiberties(board);
        if (dead !== undefined) {
          return err(sgfGameError('ERR_GO_SGF_SETUP_LIBERTIES', `the setup leaves the group at ${sgfPoint(dead, width)} without liberties`, at(node, index, 'AB')));
        }
        koBoard = null; // a setup starts a new position history
      }
      // Then the move (at most one of B/W per node).
      let move: GoMove | undefined;
      let captured = 0;
      for (const p of node.properties) {
        if (p.id !== 'B' && p.id !== 'W') continue;
        if (move) return err(sgfGameError('ERR_GO_SGF_TWO_MOVES', 'a node holds more than one move', at(node, index, p.id)));
        const pt = parseSgfPoint(p.values[0], width, height);
        if (!pt.ok) return err({ ...pt.error, ...at(node, index, p.id) });
        move = { color: p.id, point: pt.value };
        moveNumber++;
        const before = board;
        if (pt.value !== null) {
          const r = playStone(board, (p.id === 'B' ? BLACK : WHITE) as Stone, pt.value, { allowSuicide });
          if (!r.ok) {
            const rules = r.error.code === 'ERR_GO_SUICIDE' ? ` (RU[${getFirstValue(root, 'RU') ?? ''}]: ${allowSuicide ? 'allowed' : 'not allowed; without RU, suicide is refused'})` : '';
            return err({ ...r.error, message: r.error.message + rules, ...at(node, index, p.id) });
          }
          // Basic ko: a single-stone capture may not bring back the position before the opponent's last move.
          if (r.value.captured === 1 && koBoard !== null && sameCells(r.value.board.cells, koBoard.cells)) {
            return err(sgfGameError('ERR_GO_KO', `${p.id}[${p.values[0]}] retakes a ko at once, repeating the position before the last move`, at(node, index, p.id)));
          }
          board = r.value.board;
          captured = r.value.captured + r.value.suicide;
        }
        koBoard = before;
      }
      // Then who plays next: PL, else the next move on the first continuation, else the opponent of this move.
      const next = i + 1 < nodes.length ? nodes[i + 1] : f.tree.children[0]?.nodes[0];
      const pl = findProperty(node, 'PL');
      const toPlayBefore = toPlay;
      if (pl) {
        const c = colorOf(pl.values[0]);
        if (!c) return err(sgfGameError('ERR_GO_SGF_PL', `PL[${pl.values[0]}] is not B or W`, at(node, index, 'PL')));
        toPlay = c;
      } else if (move) {
        toPlay = moveOf(next) ?? (move.color === 'B' ? 'W' : 'B');
      }
      // A node with neither a move nor a setup is not a ply: its PL belongs to the position before it.
      if (!move && !cells && index > 0) {
        if (toPlay !== toPlayBefore && parent >= 0) positions[parent] = { ...positions[parent], toPlay, hash: positions[parent].hash };
        continue;
      }
      if (variation < 0) variation = variations++;
      const ch = canonicalHash(hasher, board);
      positions.push({
        node: index,
        parent,
        path: f.path,
        variation,
        moveNumber,
        move,
        captured,
        board: boardToString(board),
        toPlay,
        hash: ch.hash,
        rotation: ch.rotation,
        inverse: ch.inverse,
        stones: stoneCount(board),
      });
      parent = positions.length - 1;
    }
    const kids = f.tree.children;
    const fork = kids.length >= 2;
    for (let k = kids.length - 1; k >= 0; k--) {
      stack.push({
        tree: kids[k],
        board,
        koBoard,
        toPlay,
        moveNumber,
        path: fork ? [...f.path, k] : f.path,
        variation: k === 0 ? variation : -1,
        parent,
      });
    }
  }
  return ok({ width, height, info, positions, variations });
};

/** Parses SGF text and replays every game tree in it (each must be Go). */
export const parseGoGames = (text: string, options: ParseGoGameOptions = {}): Result<GoGame[]> => {
  const trees = parseSgf(text);
  if (!trees.ok) return trees;
  const games: GoGame[] = [];
  for (const t of trees.value) {
    const g = parseGoGame(t, options);
    if (!g.ok) return g;
    games.push(g.value);
  }
  return ok(games);
};
