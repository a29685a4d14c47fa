/**
 * A main line's moves packed in 16 bits each, played on a plain board of 64 squares without the
 * rules: what the pattern search walks instead of a game's source (src/games/chess/patterns.ts).
 *
 * A packed move is `from | to << 6 | extra << 12 | mark << 14` (squares a1 = 0 … h8 = 63):
 * - `extra`: for a knight, bishop, rook or queen, how its SAN tells it from its rivals (0 not at
 *   all, 1 by its file, 2 by its rank, 3 by its square); for a pawn reaching the last rank, the
 *   piece it becomes (0 knight, 1 bishop, 2 rook, 3 queen); 0 otherwise;
 * - `mark`: the SAN's check mark (0 none, 1 `+`, 2 `#`).
 * Castling is the king's two-square step. What the board says is not kept: the piece that moves,
 * and whether it captures. So a move's SAN is written back from the board it is played on
 * (`packedSan`), exactly as `sanWithoutCheck` and `checkMark` wrote it at import, with no legal
 * move generated: the packed bits hold what the rules decided then.
 *
 * The board holds the codec's piece codes (White 1..6, Black 9..14, 0 empty).
 */
import { BISHOP, KING, KNIGHT, PAWN, QUEEN, ROLE_LETTERS, ROOK } from './board';

const FILES = 'abcdefgh';
/** The squares' names, a1 = 0. */
const SQUARE_NAMES = Array.from({ length: 64 }, (_, sq) => FILES[sq & 7] + String((sq >> 3) + 1));
/** A promotion's piece by `extra`. */
const PROMOTED = [KNIGHT, BISHOP, ROOK, QUEEN];
const MARKS = ['', '+', '#', ''];

/** The piece codes of the standard start, a1 = 0. */
const STANDARD_BOARD = (() => {
  const board = new Int8Array(64);
  const back = [ROOK, KNIGHT, BISHOP, QUEEN, KING, BISHOP, KNIGHT, ROOK];
  for (let f = 0; f < 8; f++) {
    board[f] = back[f];
    board[8 + f] = PAWN;
    board[48 + f] = 8 | PAWN;
    board[56 + f] = 8 | back[f];
  }
  return board;
})();

/** Sets `board` to the standard start. */
export const setStandardBoard = (board: Int8Array): void => board.set(STANDARD_BOARD);

const squareOf = (text: string, at: number): number => {
  const file = text.charCodeAt(at) - 97;
  const rank = text.charCodeAt(at + 1) - 49;
  return file >= 0 && file < 8 && rank >= 0 && rank < 8 ? rank * 8 + file : -1;
};

/**
 * The packed form of a move the import played: its UCI (`e2e4`, `e7e8q`; castling in either of
 * UCI's forms) and its SAN with the check mark, as the codec wrote them, and who made it. Null for
 * what does not read as a move of standard chess (a null move).
 */
export function packMove(uci: string, san: string, white: boolean): number | null {
  const last = san.charCodeAt(san.length - 1);
  const mark = last === 43 ? 1 : last === 35 ? 2 : 0;
  const back = white ? 0 : 56;
  if (san.startsWith('O-O')) {
    const long = san.startsWith('O-O-O');
    return (back + 4) | ((back + (long ? 2 : 6)) << 6) | (mark << 14);
  }
  const from = squareOf(uci, 0);
  const to = squareOf(uci, 2);
  if (from < 0 || to < 0) return null;
  const first = san.charCodeAt(0);
  const piece = 'NBRQK'.indexOf(san[0]);
  if (piece < 0 && !(first >= 97 && first <= 104)) return null;
  const role = piece < 0 ? PAWN : piece + KNIGHT;
  let extra = 0;
  if (role === PAWN) {
    if (uci.length === 5) extra = PROMOTED.indexOf(ROLE_LETTERS.indexOf(uci[4].toUpperCase()));
    if (extra < 0) return null;
  } else if (role !== KING) {
    // Between the letter and the destination: the file, rank or square that tells the piece apart, then any `x`.
    const body = san.slice(1, san.length - (mark > 0 ? 1 : 0) - 2).replace('x', '');
    extra = body.length === 0 ? 0 : body.length === 2 ? 3 : body.charCodeAt(0) >= 97 ? 1 : 2;
  }
  return from | (to << 6) | (extra << 12) | (mark << 14);
}

/** A packed move's origin and destination squares (a1 = 0). */
export const packedFrom = (move: number): number => move & 63;
export const packedTo = (move: number): number => (move >> 6) & 63;

/**
 * What a packed move's SAN depends on, on `board` (the position it is played from): the packed
 * move, the piece moving and whether it captures, as one number (`sanOfKey` writes it).
 */
export function packedSanKey(board: Int8Array, move: number): number {
  const from = move & 63;
  const to = (move >> 6) & 63;
  const role = board[from] & 7;
  const capture = board[to] !== 0 || (role === PAWN && (from & 7) !== (to & 7));
  return move | (role << 16) | ((capture ? 1 : 0) << 19);
}

/** SAN texts written, by `packedSanKey`. */
const sanTexts = new Map<number, string>();

/** The SAN (with its check mark) of a `packedSanKey`. */
export function sanOfKey(key: number): string {
  let san = sanTexts.get(key);
  if (san === undefined) {
    san = writeSan(key & 63, (key >> 6) & 63, (key >> 16) & 7, ((key >> 19) & 1) === 1, (key >> 12) & 3) + MARKS[(key >> 14) & 3];
    sanTexts.set(key, san);
  }
  return san;
}

/** The SAN (with its check mark) of a packed move on `board`, the position it is played from. */
export const packedSan = (board: Int8Array, move: number): string => sanOfKey(packedSanKey(board, move));

function writeSan(from: number, to: number, role: number, capture: boolean, extra: number): string {
  if (role === KING && Math.abs(to - from) === 2) return to > from ? 'O-O' : 'O-O-O';
  const dest = SQUARE_NAMES[to];
  if (role === PAWN) {
    const san = capture ? `${FILES[from & 7]}x${dest}` : dest;
    return (to >> 3) === 0 || (to >> 3) === 7 ? `${san}=${ROLE_LETTERS[PROMOTED[extra]]}` : san;
  }
  const apart = role === KING ? '' : ['', FILES[from & 7], String((from >> 3) + 1), SQUARE_NAMES[from]][extra];
  return ROLE_LETTERS[role] + apart + (capture ? 'x' : '') + dest;
}

/**
 * Plays a packed move on `board` (castling's rook, an en passant capture, a promotion too). Returns
 * the piece code it captured, or 0; with the piece a pawn became in `promoted[0]` (0: none).
 */
export function playPacked(board: Int8Array, move: number, promoted: Int8Array): number {
  const from = move & 63;
  const to = (move >> 6) & 63;
  const piece = board[from];
  const role = piece & 7;
  let captured = board[to];
  promoted[0] = 0;
  if (role === PAWN) {
    if (captured === 0 && (from & 7) !== (to & 7)) {
      // En passant: the pawn taken stands beside the one that takes, on its rank.
      const taken = (from & 56) | (to & 7);
      captured = board[taken];
      board[taken] = 0;
    }
    if ((to >> 3) === 0 || (to >> 3) === 7) promoted[0] = (piece & 8) | PROMOTED[(move >> 12) & 3];
  } else if (role === KING && Math.abs(to - from) === 2) {
    const rookFrom = to > from ? from + 3 : from - 4;
    board[to > from ? from + 1 : from - 1] = board[rookFrom];
    board[rookFrom] = 0;
  }
  board[to] = promoted[0] !== 0 ? promoted[0] : piece;
  board[from] = 0;
  return captured;
}
