/** Crossword positions: parseCgp (decode and validate CGP) and crosswordPosition (a stored one by key), their diagrams. */
import type { Resolvers } from '../generated/graphql';
import type { CrosswordView, PositionParent } from '../api/parents';
import {
  type CgpDialect,
  boardRows,
  cgpOperations,
  printLastMove,
  parseCgp,
  positionKey,
  printCgp,
  rackStrings,
  tilesOnBoard,
  unseenTileCount,
} from '../codecs/crossword';
import type { Context } from '../api/context';
import { badUserInput, codecInputError } from '../api/errors';
import { crosswordDiagram } from '../games/crossword/diagram';
import { storedCrosswordPosition } from '../games/crossword/formats';
import { diagramOptions } from './diagrams';
import { gamePositionFields } from './gamePosition';

type DialectArg = 'CURRENT' | 'SEED';

const dialectOf = (arg: DialectArg | null | undefined): CgpDialect => (arg === 'SEED' ? 'seed' : 'current');

/** The position under the view's key: its stored row, or read from the first game that reaches it. */
const storedRow = async (view: CrosswordView, { loaders }: Context): Promise<PositionParent | null> => {
  if (view.stored === undefined) {
    view.stored = (await loaders.positionsByKey.load({ kind: 'CROSSWORD', key: view.key }))[0] ?? null;
  }
  return view.stored;
};

/** A decoded CGP answers `GamePosition` as the crossword position of its key. */
const shared = gamePositionFields((v: CrosswordView) => ({
  kind: 'CROSSWORD',
  key: v.key,
  text: () => printCgp(v.position, { dialect: v.dialect }),
  sideToMove: v.stored?.sideToMove ?? null,
}));

export const crosswordResolvers: Resolvers = {
  Query: {
    parseCgp: (_: unknown, { cgp, dialect }: { cgp: string; dialect?: DialectArg | null }): CrosswordView => {
      const parsed = parseCgp(cgp);
      if (!parsed.ok) throw codecInputError(parsed.error, 'cgp');
      return { __typename: 'CrosswordPosition', position: parsed.value, dialect: dialectOf(dialect), key: positionKey(parsed.value), scoresKnown: true };
    },
    crosswordPosition: async (
      _: unknown,
      { key, dialect }: { key: string; dialect?: DialectArg | null },
      { loaders }: Context,
    ): Promise<CrosswordView | null> => {
      if (!/^[0-9a-fA-F]{16}$/.test(key)) throw badUserInput('key must be 16 hex digits', { argument: 'key' });
      const normal = key.toLowerCase();
      const [row] = await loaders.positionsByKey.load({ kind: 'CROSSWORD', key: normal });
      if (!row) return null;
      const parsed = storedCrosswordPosition(row.board, row.data);
      if (!parsed.ok) throw new Error(`stored crossword position ${normal} does not parse: ${parsed.error.message}`);
      return { __typename: 'CrosswordPosition', position: parsed.value, dialect: dialectOf(dialect), key: normal, stored: row, scoresKnown: false };
    },
  },
  CrosswordPosition: {
    board: (v) => boardRows(v.position),
    racks: (v) => rackStrings(v.position),
    scores: (v) => (v.scoresKnown ? [...v.position.scores] : null),
    consecutiveZeros: (v) => (v.scoresKnown ? v.position.consecutiveZeros : null),
    lexicon: (v) => v.position.options.lexicon ?? null,
    distribution: (v) => v.position.distribution.name,
    boardName: (v) => v.position.layout.name,
    lastMove: (v) =>
      v.scoresKnown && v.position.options.lastMove ? printLastMove(v.position.options.lastMove, v.position, v.dialect) : null,
    operations: (v) => cgpOperations(v.position, v.dialect),
    unseenTiles: (v) => unseenTileCount(v.position),
    tilesOnBoard: (v) => tilesOnBoard(v.position),
    cgp: (v) => printCgp(v.position, { dialect: v.dialect }),
    stored: (v, _, context) => storedRow(v, context),
    ...shared,
    svg: (v, args) => crosswordDiagram(v.scoresKnown ? v.position : { ...v.position, scores: [] }, diagramOptions(args)),
  },
  Ply: {
    crossword: async (ply, { dialect }, { loaders }) => {
      if (ply.variation !== '') return null;
      const position = (await loaders.crosswordPositions.load(ply.gameId))?.[ply.number];
      return position ? { __typename: 'CrosswordPosition', position, dialect: dialectOf(dialect), key: positionKey(position), scoresKnown: true } : null;
    },
  },
};
