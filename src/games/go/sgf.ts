/**
 * Go games from SGF (GM[1]) as game records: every position reached, main line
 * and variations, keyed like position files (9x9: the PositionID with tiebreak
 * 0, hashed with the active Zobrist table; other sizes: `WxH:` + the same
 * scheme with the default table of that size), so a game's positions join the
 * positions and scores of Cook's files.
 *
 * Plies: `ply` is the node's depth in the tree (0 = root); `variation` is "" on
 * the main line, else the fork path (child indexes, dot-separated) of the
 * variation's first node, e.g. "0.1". `move`/`nextMove` are SGF moves such as
 * `B[cd]` (a pass is `B[]`).
 */
import { type GoGame, canonicalGtpMove, parseBoard, parseGoGame, sgfPoint } from '../../codecs/go';
import { signedHashOf } from '../../codecs/hashes';
import { goGameKey } from './files';
import { type GameRecord, type PlyRecord, type PositionRecord } from '../../db/records';
import { type TreeReader, treeFailure } from '../sgf/tree';
import { resultOf } from './result';
import { type GameWriter, written } from '../formats';

const moveText = (game: GoGame, move: GoGame['positions'][number]['move']): string | null =>
  move ? `${move.color}[${move.point === null ? '' : sgfPoint(move.point, game.width)}]` : null;

/** The move played from a position as the explorer writes it: GTP, in the canonical orientation of the position. */
const explorerMove = (game: GoGame, p: GoGame['positions'][number], point: number | null): string | null => {
  const board = parseBoard(p.board, game.width, game.height);
  return board.ok ? canonicalGtpMove(board.value, p.rotation, point) : null;
};

/** The game record of a replayed Go game. */
export const goGameRecord = (game: GoGame, source: Uint8Array): GameRecord => {
  const { positions } = game;
  const depth: number[] = [];
  const firstPath = new Map<number, string>();
  // Each position's first child in its own variation gives its nextMove.
  const next = new Array<number>(positions.length).fill(-1);
  positions.forEach((p, i) => {
    depth[i] = p.parent < 0 ? 0 : depth[p.parent] + 1;
    if (!firstPath.has(p.variation)) firstPath.set(p.variation, p.path.join('.'));
    if (p.parent >= 0 && positions[p.parent].variation === p.variation && next[p.parent] < 0) next[p.parent] = i;
  });
  const plies: PlyRecord[] = positions.map((p, i) => {
    const position: PositionRecord = {
      kind: 'GO',
      key: goGameKey(game.width, game.height, p.hash, p.toPlay),
      hash: signedHashOf(p.hash),
      sideToMove: p.toPlay,
      board: p.board,
      pieceCount: p.stones,
      data: game.width === 9 && game.height === 9 ? null : { width: game.width, height: game.height },
    };
    const nextMove = next[i] >= 0 ? positions[next[i]].move : undefined;
    return {
      position,
      variation: p.variation === 0 ? '' : (firstPath.get(p.variation) ?? String(p.variation)),
      ply: depth[i],
      move: moveText(game, p.move),
      nextMove: nextMove ? moveText(game, nextMove) : null,
      explorerMove: nextMove ? explorerMove(game, p, nextMove.point) : null,
    };
  });
  const info = game.info;
  return {
    kind: 'GO',
    sourceFormat: 'SGF',
    source,
    player1: info.PB ?? null,
    player2: info.PW ?? null,
    event: info.EV ?? null,
    site: info.PC ?? null,
    round: info.RO ?? null,
    dateText: info.DT ?? null,
    result: info.RE ?? null,
    ...resultOf(info.RE),
    metadata: { ...info, boardSize: `${game.width}x${game.height}`, variations: game.variations },
    plies,
  };
};

/** Reads one GM[1] tree into a game record; throws ImportFailure (tree index as `record`, node offset) on bad input. */
export const readGoTree: TreeReader = (tree, context) => {
  const read = parseGoGame(tree, { hasher: context.goHasher });
  if (!read.ok) {
    const e = read.error;
    throw treeFailure({ ...e, message: e.record !== undefined ? `node ${e.record}: ${e.message}` : e.message }, context, tree.nodes[0]?.offset);
  }
  return { games: [goGameRecord(read.value, Buffer.from(context.source, 'utf8'))] };
};

/** Writes a stored Go game as SGF: its own game tree exactly as imported. */
export const writeGoGameSgf: GameWriter = (game) => {
  const text = Buffer.from(game.source).toString('utf8');
  return written(text.endsWith('\n') ? text : `${text}\n`);
};
