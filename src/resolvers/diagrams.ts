/**
 * Board diagrams: the `svg` field of every position type, drawn by the pure renderers of
 * `src/render` from codec data. The renderers throw RangeError on malformed input, so
 * everything is checked with the codecs first; a stored row that does not decode is an
 * internal error (masked and logged), never a half-drawn picture.
 *
 * Chess diagrams highlight the last move only on `Ply.svg`: a stored position is shared by
 * every game that reaches it, so only a ply knows which move led to it (found by replaying
 * its SAN from the ply before, in the same line or the line it branched from).
 */
import type { Resolvers } from '../generated/graphql';
import type { PlyParent } from '../api/parents';
import { decodeMatchId, decodePositionId, type MatchState, type PositionBoard } from '../codecs/backgammon';
import { moveToUci, parseFen, parseSan } from '../codecs/chess';
import { type CgpPosition } from '../codecs/crossword';
import { parseBoard } from '../codecs/go';
import type { Position } from '../generated/prisma/client';
import {
  type BackgammonOrientation,
  type ChessOrientation,
  type GoPoint,
  backgammonSvg,
  chessSvg,
  crosswordSvg,
  escapeXml,
  goSvg,
} from '../render';
import type { Context } from '../api/context';
import { badUserInput } from '../api/errors';
import { storedCrosswordPosition } from '../games/crossword/formats';
import { positionOfRecord } from '../storage/lookups';

type Orientation = 'WHITE' | 'BLACK' | 'TO_MOVE';

interface SvgArgs {
  size?: number | null;
  orientation?: Orientation | null;
}

export const MIN_SIZE = 16;
export const MAX_SIZE = 2048;

const sizeOf = (args: SvgArgs): number => {
  const size = args.size ?? 360;
  if (!Number.isInteger(size) || size < MIN_SIZE || size > MAX_SIZE) {
    throw badUserInput(`size must be between ${MIN_SIZE} and ${MAX_SIZE}`, { argument: 'size' });
  }
  return size;
};

/** Chess: TO_MOVE puts the side to move at the bottom; the default is White. */
const chessOrientation = (args: SvgArgs, sideToMove: string | undefined): ChessOrientation =>
  args.orientation === 'BLACK' || (args.orientation === 'TO_MOVE' && sideToMove === 'b') ? 'black' : 'white';

/** Backgammon: the default (and TO_MOVE) is the player on roll at the bottom. */
const backgammonOrientation = (args: SvgArgs): BackgammonOrientation =>
  args.orientation === 'WHITE' ? 'white' : args.orientation === 'BLACK' ? 'black' : 'onRoll';

const corrupt = (p: Position, what: string): Error => new Error(`stored ${p.kind} position ${p.id} does not decode: ${what}`);

// ------------------------------------------------------------------ per game

const chessDiagram = (fen: string, args: SvgArgs, lastMove?: string | null): string => {
  const parsed = parseFen(fen);
  if (!parsed.ok) throw new Error(`chess diagram: ${parsed.error.message}`);
  const side = fen.trim().split(/\s+/)[1];
  return chessSvg(fen, { size: sizeOf(args), orientation: chessOrientation(args, side), lastMove: lastMove ?? null });
};

/** A stored backgammon key `PositionID:MatchID` decoded (final scores above the match length allowed). */
const backgammonKey = (key: string): { board: PositionBoard; match: MatchState } | null => {
  const [positionId, matchId] = key.split(':');
  const board = decodePositionId(positionId ?? '');
  const match = decodeMatchId(matchId ?? '', { allowFinalScore: true });
  return board.ok && match.ok ? { board: board.value, match: match.value } : null;
};

interface GoData {
  width?: number;
  height?: number;
}

/** The side to play of a stored Go position. */
const goToPlay = (p: Position): 'B' | 'W' => (p.sideToMove === 'W' ? 'W' : 'B');

/**
 * A Go position. Positions known only from a score file have no board: they are drawn as
 * an empty board of their size with "board not stored" across it, and say so in the title
 * and description (the field stays non-null).
 */
const goDiagram = (p: Position, args: SvgArgs, lastMove?: GoPoint | null): string => {
  const data = (p.data && typeof p.data === 'object' ? p.data : {}) as GoData;
  const width = data.width ?? 9;
  const height = data.height ?? 9;
  const size = sizeOf(args);
  if (p.board) {
    const board = parseBoard(p.board, width, height);
    if (!board.ok) throw corrupt(p, board.error.message);
    return goSvg({ width, height, cells: board.value.cells, toPlay: goToPlay(p), lastMove }, { size });
  }
  const empty = goSvg({ width, height, cells: new Uint8Array(width * height), toPlay: goToPlay(p) }, { size });
  const who = goToPlay(p) === 'W' ? 'White' : 'Black';
  const title = `Go position ${p.key}, ${width}x${height}, ${who} to play, board not stored`;
  const desc = `The board of this position is not stored: it is known only from a score file, by its PositionID ${p.key}. ${who} to play.`;
  const mid = (empty.match(/viewBox="0 0 ([\d.]+) ([\d.]+)"/) ?? []).slice(1).map(Number);
  const note =
    mid.length === 2
      ? `<g class="unknown-board"><rect x="${mid[0] * 0.12}" y="${mid[1] * 0.42}" width="${mid[0] * 0.76}" height="${mid[1] * 0.16}" rx="4" fill="#ffffff" fill-opacity="0.85"/>` +
        `<text x="${mid[0] / 2}" y="${mid[1] * 0.5 + 5}" font-family="sans-serif" font-size="${Math.round(mid[0] / 14)}" fill="#3b2a14" text-anchor="middle">board not stored</text></g>`
      : '';
  return empty
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeXml(title)}</title>`)
    .replace(/<desc>[^<]*<\/desc>/, `<desc>${escapeXml(desc)}</desc>`)
    .replace(/<\/svg>$/, `${note}</svg>`);
};

const crosswordDiagram = (position: CgpPosition, args: SvgArgs): string => crosswordSvg(position, { size: sizeOf(args) });

/** Any stored position, by kind. */
export const positionSvg = (p: Position, args: SvgArgs, lastMove?: { chess?: string | null; go?: GoPoint | null }): string => {
  switch (p.kind) {
    case 'CHESS':
      return chessDiagram(p.board, args, lastMove?.chess);
    case 'BACKGAMMON': {
      const decoded = backgammonKey(p.key);
      if (!decoded) throw corrupt(p, `key ${p.key}`);
      return backgammonSvg(decoded.board, decoded.match, { size: sizeOf(args), orientation: backgammonOrientation(args) });
    }
    case 'GO':
      return goDiagram(p, args, lastMove?.go);
    case 'CROSSWORD': {
      const parsed = storedCrosswordPosition(p.board, p.data);
      if (!parsed.ok) throw corrupt(p, parsed.error.message);
      // A stored position is shared by the games that reach it: no scores drawn (a ply's diagram has them).
      return crosswordDiagram({ ...parsed.value, scores: [] }, args);
    }
    default:
      throw new Error(`no diagram for kind ${String(p.kind)}`);
  }
};

// ------------------------------------------------------------------ last moves of plies

/** An SGF Go move such as `B[dd]` as a point (row from the top); null for a pass or anything else. */
export const goMovePoint = (move: string | null, width: number, height: number): GoPoint | null => {
  const m = /^[BW]\[([a-zA-Z])([a-zA-Z])\]$/.exec(move ?? '');
  if (!m) return null;
  const coord = (c: string): number => (c >= 'a' ? c.charCodeAt(0) - 0x61 : c.charCodeAt(0) - 0x41 + 26);
  const col = coord(m[1]);
  const row = coord(m[2]);
  return col < width && row < height ? { row, col } : null;
};

/**
 * The UCI squares of the chess move that reached a ply: its SAN replayed from the position
 * at the ply before, in the same line or, for a variation's first move, in the lines it
 * branched from (`P.i.v` branches from `P`). Null when it cannot be found.
 */
const chessLastMove = async (ply: PlyParent, { loaders }: Context): Promise<string | null> => {
  if (!ply.move || ply.number === 0) return null;
  let line = ply.variation;
  for (;;) {
    const before = (await loaders.plies.load(ply.gameId)).find((p) => p.ply.variation === line && p.ply.ply === ply.number - 1);
    if (before) {
      const parsed = parseFen(before.ply.position.board);
      if (!parsed?.ok) return null;
      const move = parseSan(parsed.value, ply.move);
      if (!move.ok) return null;
      return moveToUci(parsed.value, move.value);
    }
    if (line === '') return null;
    const parts = line.split('.');
    line = parts.slice(0, Math.max(0, parts.length - 2)).join('.');
  }
};

// ------------------------------------------------------------------ resolvers

export const diagramResolvers: Resolvers = {
  Position: {
    svg: (p, args) => positionSvg(p, args),
  },
  GoPosition: {
    svg: (p, args) => positionSvg(p, args),
  },
  Ply: {
    svg: async (ply, args, context) => {
      const p = positionOfRecord(ply.position, new Date(0));
      if (p.kind === 'CHESS') return positionSvg(p, args, { chess: await chessLastMove(ply, context) });
      if (p.kind === 'GO') {
        const data = (p.data && typeof p.data === 'object' ? p.data : {}) as GoData;
        return positionSvg(p, args, { go: goMovePoint(ply.move, data.width ?? 9, data.height ?? 9) });
      }
      return positionSvg(p, args);
    },
  },
  BackgammonBoard: {
    svg: (b, args) => backgammonSvg(b, null, { size: sizeOf(args), orientation: backgammonOrientation(args) }),
  },
  BackgammonPosition: {
    svg: (v, args) =>
      backgammonSvg(v.board, v.match, { size: sizeOf(args), orientation: backgammonOrientation(args) }),
  },
  ChessPosition: {
    svg: (v, args) => chessDiagram(v.fen, args),
  },
  CrosswordPosition: {
    svg: (v, args) => crosswordDiagram(v.scoresKnown ? v.position : { ...v.position, scores: [] }, args),
  },
  GoHash: {
    svg: (h, args) => {
      const n = Math.round(Math.sqrt(h.canonicalBoard.length));
      const board = parseBoard(h.canonicalBoard, n, n);
      if (!board.ok) throw new Error(`canonical board does not parse: ${board.error.message}`);
      return goSvg({ width: n, height: n, cells: board.value.cells }, { size: sizeOf(args) });
    },
  },
};
