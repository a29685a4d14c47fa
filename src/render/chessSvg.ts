/**
 * Chess diagrams as SVG from a FEN: an 8x8 board, font-free vector pieces (simple shapes
 * drawn here, in a 100x100 box per piece), file and rank coordinates, a side-to-move marker
 * and the last move's from/to squares highlighted.
 *
 * Only the FEN fields needed for the picture are read (placement, side to move; castling,
 * en passant and the move number go into the description). The placement parser here is
 * deliberately minimal and independent of the chess codec.
 *
 * Coordinate space: squares are `CHESS_SQUARE` units, the board starts at (`CHESS_MARGIN`,
 * `CHESS_MARGIN`); the margins hold the coordinates and the side-to-move marker.
 */
import { BaseSvgOptions, FONT_FAMILY, el, group, listWords, num, plural, svgDocument, text, translate } from './svg';

/** Square size in diagram units. */
export const CHESS_SQUARE = 40;
/** Margin around the board in diagram units. */
export const CHESS_MARGIN = 20;

/** Piece letters as in FEN: upper case white, lower case black. */
export type FenPiece = 'P' | 'N' | 'B' | 'R' | 'Q' | 'K' | 'p' | 'n' | 'b' | 'r' | 'q' | 'k';

/** A FEN placement as a grid: `board[rank][file]`, rank 0 = rank 1, file 0 = the a-file; null = empty. */
export type PlacementGrid = (FenPiece | null)[][];

/** Which side is drawn at the bottom. */
export type ChessOrientation = 'white' | 'black';

/** Options for `chessSvg`. */
export interface ChessSvgOptions extends BaseSvgOptions {
  /** Side at the bottom of the diagram (default white). */
  orientation?: ChessOrientation;
  /** Draw file letters and rank numbers (default true). */
  coordinates?: boolean;
  /** The last move: a UCI string (`e2e4`, `e7e8q`) or its two squares. Highlighted when given. */
  lastMove?: string | { from: string; to: string } | null;
}

const PIECE_LETTERS = 'PNBRQKpnbrqk';

/**
 * Parses the placement field of a FEN (`rnbqkbnr/pppppppp/8/...`): 8 ranks from rank 8 down,
 * 8 files each. Returns null when malformed. Anything after the first space is ignored.
 */
export const parseFenPlacement = (fen: string): PlacementGrid | null => {
  const placement = fen.trim().split(/\s+/)[0] ?? '';
  const ranks = placement.split('/');
  if (ranks.length !== 8) return null;
  const grid: PlacementGrid = [];
  for (let i = 0; i < 8; i++) {
    const row: (FenPiece | null)[] = [];
    for (const ch of ranks[i]) {
      if (ch >= '1' && ch <= '8') {
        for (let k = 0; k < Number(ch); k++) row.push(null);
      } else if (PIECE_LETTERS.includes(ch)) {
        row.push(ch as FenPiece);
      } else {
        return null;
      }
      if (row.length > 8) return null;
    }
    if (row.length !== 8) return null;
    grid[7 - i] = row;
  }
  return grid;
};

/** Square name for 0-based file and rank: (4, 3) → `e4`. */
export const squareName = (file: number, rank: number): string => `${String.fromCharCode(97 + file)}${rank + 1}`;

const parseSquareName = (s: string): { file: number; rank: number } | null => {
  if (s.length !== 2) return null;
  const file = s.charCodeAt(0) - 97;
  const rank = s.charCodeAt(1) - 49;
  return file >= 0 && file < 8 && rank >= 0 && rank < 8 ? { file, rank } : null;
};

// ---------------------------------------------------------------------------
// Pieces: each a list of shapes in a 100x100 box (ground line at y = 86). `body` shapes are
// filled with the piece colour and outlined; `detail` strokes use the contrasting colour.

interface PieceShape {
  body: string[];
  detail?: string;
}

const PLINTH = el('path', { d: 'M24 86H76V81Q76 76 71 76H29Q24 76 24 81Z' });

const PIECES: Record<string, PieceShape> = {
  p: {
    body: [
      el('path', { d: 'M27 86H73Q73 76 63 71Q56 63 57 51H43Q44 63 37 71Q27 76 27 86Z' }),
      el('rect', { x: 37, y: 45, width: 26, height: 7, rx: 3.5 }),
      el('circle', { cx: 50, cy: 32, r: 13 }),
    ],
  },
  r: {
    body: [
      el('path', { d: 'M22 86H78V78H22Z' }),
      el('path', { d: 'M29 78L33 43H67L71 78Z' }),
      el('path', { d: 'M27 43V19H37V27H45V19H55V27H63V19H73V43Z' }),
    ],
    detail: 'M33 50H67M31 70H69',
  },
  n: {
    body: [
      PLINTH,
      el('path', {
        d:
          'M31 76C31 66 36 60 43 54C46 52 48 48 48 45C44 49 37 52 30 55C25 57 20 55 19 50' +
          'C18 45 21 41 26 36L36 26L36 14L43 21L48 13L51 21C66 23 77 38 77 56C77 64 75 71 73 76Z',
      }),
    ],
    detail: 'M39 33L43 31M24 48L26 47M60 28C68 38 71 50 70 66',
  },
  b: {
    body: [
      PLINTH,
      el('path', { d: 'M33 76Q40 68 42 58H58Q60 68 67 76Z' }),
      el('rect', { x: 37, y: 53, width: 26, height: 7, rx: 3.5 }),
      el('path', { d: 'M50 17C64 27 68 41 60 53H40C32 41 36 27 50 17Z' }),
      el('circle', { cx: 50, cy: 12, r: 5 }),
    ],
    detail: 'M50 28V44M43 36H57',
  },
  q: {
    body: [
      PLINTH,
      el('path', { d: 'M29 76L18 34L31 57L34 26L44 54L50 21L56 54L66 26L69 57L82 34L71 76Z' }),
      el('circle', { cx: 18, cy: 32, r: 5 }),
      el('circle', { cx: 34, cy: 24, r: 5 }),
      el('circle', { cx: 50, cy: 19, r: 5 }),
      el('circle', { cx: 66, cy: 24, r: 5 }),
      el('circle', { cx: 82, cy: 32, r: 5 }),
    ],
    detail: 'M30 68H70',
  },
  k: {
    body: [
      PLINTH,
      el('path', {
        d: 'M29 76C22 65 17 54 24 47C32 40 44 43 50 54C56 43 68 40 76 47C83 54 78 65 71 76Z',
      }),
      el('path', { d: 'M50 55C45 47 43 41 50 34C57 41 55 47 50 55Z' }),
      el('path', { d: 'M47 8H53V15H60V21H53V34H47V21H40V15H47Z' }),
    ],
    detail: 'M30 68H70',
  },
};

const PIECE_NAMES: Record<string, string> = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };

/** One piece at the top-left corner (x, y) of a square. */
const drawPiece = (piece: FenPiece, x: number, y: number): string => {
  const white = piece === piece.toUpperCase();
  const kind = piece.toLowerCase();
  const shape = PIECES[kind];
  const scale = CHESS_SQUARE / 100;
  const children = [...shape.body];
  if (shape.detail) {
    children.push(el('path', { d: shape.detail, fill: 'none', stroke: white ? '#1a1a1a' : '#e6e6e6', 'stroke-width': 2.5, 'stroke-linecap': 'round' }));
  }
  return el(
    'g',
    {
      class: `piece ${white ? 'white' : 'black'} ${PIECE_NAMES[kind]}`,
      transform: `${translate(x, y)} scale(${num(scale)})`,
      fill: white ? '#ffffff' : '#2a2a2a',
      stroke: white ? '#1a1a1a' : '#000000',
      'stroke-width': 3,
      'stroke-linejoin': 'round',
    },
    ...children,
  );
};

const LIST_ORDER = 'KQRBNP';

/** "Ke1, Qd1, pawns on a2 and b2" style list of one side's pieces. */
const describeSide = (grid: PlacementGrid, white: boolean): { count: number; words: string } => {
  const byKind = new Map<string, string[]>();
  let count = 0;
  for (let rank = 0; rank < 8; rank++) {
    for (let file = 0; file < 8; file++) {
      const p = grid[rank][file];
      if (!p || (p === p.toUpperCase()) !== white) continue;
      const k = p.toUpperCase();
      byKind.set(k, [...(byKind.get(k) ?? []), squareName(file, rank)]);
      count++;
    }
  }
  const parts: string[] = [];
  for (const k of LIST_ORDER) {
    const squares = byKind.get(k);
    if (!squares) continue;
    const name = PIECE_NAMES[k.toLowerCase()];
    parts.push(`${squares.length === 1 ? name : `${name}s`} on ${listWords(squares)}`);
  }
  return { count, words: parts.join('; ') };
};

const parseLastMove = (m: ChessSvgOptions['lastMove']): { from: string; to: string } | null => {
  if (!m) return null;
  const from = typeof m === 'string' ? m.slice(0, 2) : m.from;
  const to = typeof m === 'string' ? m.slice(2, 4) : m.to;
  return parseSquareName(from) && parseSquareName(to) ? { from, to } : null;
};

/** Renders a chess position from a FEN. Throws RangeError when the placement field is malformed. */
export const chessSvg = (fen: string, options: ChessSvgOptions = {}): string => {
  const grid = parseFenPlacement(fen);
  if (!grid) throw new RangeError(`chessSvg: malformed FEN placement in ${JSON.stringify(fen)}`);
  const fields = fen.trim().split(/\s+/);
  const turn = fields[1] === 'w' ? 'White' : fields[1] === 'b' ? 'Black' : undefined;
  const flipped = options.orientation === 'black';
  const coords = options.coordinates !== false;
  const S = CHESS_SQUARE;
  const M = CHESS_MARGIN;
  const view = 8 * S + 2 * M;
  // Top-left corner of a square in the diagram.
  const sx = (file: number): number => M + (flipped ? 7 - file : file) * S;
  const sy = (rank: number): number => M + (flipped ? rank : 7 - rank) * S;
  const body: string[] = [];

  body.push(el('rect', { class: 'frame', x: 0, y: 0, width: view, height: view, fill: '#f7f3ec' }));
  // Light squares as one rect, dark squares as one path.
  body.push(el('rect', { class: 'light-squares', x: M, y: M, width: 8 * S, height: 8 * S, fill: '#eedcbb' }));
  let dark = '';
  for (let rank = 0; rank < 8; rank++) {
    for (let file = 0; file < 8; file++) {
      if ((file + rank) % 2 === 0) dark += `M${num(sx(file))} ${num(sy(rank))}h${S}v${S}h-${S}z`;
    }
  }
  body.push(el('path', { class: 'dark-squares', d: dark, fill: '#b08a64' }));

  const last = parseLastMove(options.lastMove);
  if (last) {
    const marks = [last.from, last.to].map((sq) => {
      const p = parseSquareName(sq);
      return p ? el('rect', { class: 'last-move', x: sx(p.file), y: sy(p.rank), width: S, height: S }) : '';
    });
    body.push(group({ class: 'highlights', fill: '#e4d430', 'fill-opacity': 0.5 }, marks));
  }
  body.push(el('rect', { class: 'border', x: M, y: M, width: 8 * S, height: 8 * S, fill: 'none', stroke: '#5c4630', 'stroke-width': 1 }));

  if (coords) {
    const fs = 10;
    const labels: string[] = [];
    for (let f = 0; f < 8; f++) labels.push(text(String.fromCharCode(97 + f), { x: sx(f) + S / 2, y: M + 8 * S + M / 2 + fs * 0.35 }));
    for (let r = 0; r < 8; r++) labels.push(text(String(r + 1), { x: M / 2, y: sy(r) + S / 2 + fs * 0.35 }));
    body.push(group({ class: 'coordinates', 'font-family': FONT_FAMILY, 'font-size': fs, fill: '#5c4630', 'text-anchor': 'middle' }, labels));
  }

  const pieces: string[] = [];
  for (let rank = 0; rank < 8; rank++) {
    for (let file = 0; file < 8; file++) {
      const p = grid[rank][file];
      if (p) pieces.push(drawPiece(p, sx(file), sy(rank)));
    }
  }
  body.push(group({ class: 'pieces' }, pieces));

  // Side to move: a disc of that colour in the right margin, on the mover's side of the board.
  if (turn) {
    const moverAtBottom = (turn === 'White') !== flipped;
    body.push(
      el('circle', {
        class: `turn ${turn.toLowerCase()}`,
        cx: M + 8 * S + M / 2,
        cy: moverAtBottom ? M + 8 * S - M / 2 : M + M / 2,
        r: 6,
        fill: turn === 'White' ? '#ffffff' : '#2a2a2a',
        stroke: '#1a1a1a',
        'stroke-width': 1.5,
      }),
    );
  }

  const w = describeSide(grid, true);
  const b = describeSide(grid, false);
  const extras: string[] = [];
  if (fields[2] !== undefined) extras.push(fields[2] === '-' ? 'No castling rights.' : `Castling rights: ${fields[2]}.`);
  if (fields[3] !== undefined && fields[3] !== '-') extras.push(`En passant square: ${fields[3]}.`);
  if (fields[5] !== undefined && /^\d+$/.test(fields[5])) extras.push(`Move ${fields[5]}.`);
  const title = `Chess position${turn ? `, ${turn} to move` : ''}`;
  const desc = [
    `Chess board seen from ${flipped ? 'Black' : 'White'}'s side.`,
    turn ? `${turn} to move.` : '',
    `White has ${plural(w.count, 'piece')}${w.count ? `: ${w.words}` : ''}.`,
    `Black has ${plural(b.count, 'piece')}${b.count ? `: ${b.words}` : ''}.`,
    ...extras,
    last ? `Last move: ${last.from} to ${last.to}.` : '',
  ]
    .filter((s) => s !== '')
    .join(' ');
  return svgDocument({ viewWidth: view, viewHeight: view, title, desc, body, className: 'tabula-board tabula-chess' }, options);
};
