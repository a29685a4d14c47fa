/** Backgammon: gnubg Position ID and Match ID, stored positions found by them, and their diagrams. */
import type { Resolvers } from '../generated/graphql';
import type { BackgammonPositionParent } from '../api/parents';
import {
  type MatchState,
  type PositionBoard,
  type Seat,
  borneOff,
  canonicalMatchId,
  canonicalPositionId,
  decodeMatchId,
  decodePositionId,
  encodeMatchId,
  encodePositionId,
  matchIdOf,
  positionIdOf,
} from '../codecs/backgammon';
import { pageSize } from '../api/args';
import { codecInputError } from '../api/errors';
import { positionsOfBoard } from '../storage/boards';
import { backgammonDiagram } from '../games/backgammon/diagram';
import { type ResignationName, resignationLevel, resignationName } from '../games/backgammon/resignation';
import { diagramOptions } from './diagrams';
import { gamePositionFields } from './gamePosition';

const MAX_POSITIONS = 1000;

/** A board as the GraphQL BackgammonBoard parent. */
const boardView = (board: PositionBoard) => ({
  positionId: positionIdOf(board),
  onRoll: board.onRoll,
  opponent: board.opponent,
  borneOff: borneOff(board),
  pipCounts: [board.onRoll, board.opponent].map((side) => side.reduce((sum, n, i) => sum + n * (i + 1), 0)),
});

/** A match state as the GraphQL MatchState parent. */
const matchView = (state: MatchState) => ({ ...state, matchId: matchIdOf(state) });

/** GraphQL gives null for input fields sent as null; the codec wants every field. */
interface MatchStateInput {
  cubeValue?: number | null;
  cubeOwner?: MatchState['cubeOwner'] | null;
  diceOwner?: number | null;
  crawford?: boolean | null;
  gameState?: MatchState['gameState'] | null;
  turn?: number | null;
  doubleOffered?: boolean | null;
  resignation?: ResignationName | null;
  dice?: number[] | null;
  matchLength?: number | null;
  score?: number[] | null;
  jacoby?: boolean | null;
}

const stateOf = (input: MatchStateInput): MatchState => {
  const diceOwner = (input.diceOwner ?? 0) as Seat;
  return {
    cubeValue: input.cubeValue ?? 1,
    cubeOwner: input.cubeOwner ?? 'CENTERED',
    diceOwner,
    crawford: input.crawford ?? false,
    gameState: input.gameState ?? 'PLAYING',
    turn: (input.turn ?? diceOwner) as Seat,
    doubleOffered: input.doubleOffered ?? false,
    resignation: resignationLevel(input.resignation ?? 'NONE'),
    dice: (input.dice ?? [0, 0]) as [number, number],
    matchLength: input.matchLength ?? 0,
    score: (input.score ?? [0, 0]) as [number, number],
    jacoby: input.jacoby ?? false,
  };
};

/** Decodes a stored key `PositionID:MatchID` (final scores above the match length allowed, as gnubg prints them). */
const decodeKey = (key: string): BackgammonPositionParent | null => {
  const [positionId, matchId] = key.split(':');
  const board = decodePositionId(positionId ?? '');
  const match = decodeMatchId(matchId ?? '', { allowFinalScore: true });
  if (!board.ok || !match.ok) return null;
  return { __typename: 'BackgammonPosition', positionId, matchId, board: boardView(board.value), match: matchView(match.value) };
};

/** A decoded key answers `GamePosition` as the backgammon position of that key (its own text form). */
const shared = gamePositionFields((v: BackgammonPositionParent) => {
  const key = `${v.positionId}:${v.matchId}`;
  return { kind: 'BACKGAMMON', key, text: () => key, sideToMove: null };
});

export const backgammonResolvers: Resolvers = {
  Query: {
    decodePositionId: (_, { id }) => {
      const board = decodePositionId(id);
      if (!board.ok) throw codecInputError(board.error, 'id');
      return boardView(board.value);
    },
    encodePositionId: (_, { onRoll, opponent }) => {
      const id = encodePositionId({ onRoll, opponent });
      if (!id.ok) throw codecInputError(id.error, id.error.field === 'opponent' ? 'opponent' : 'onRoll');
      return id.value;
    },
    decodeMatchId: (_, { id }) => {
      const state = decodeMatchId(id);
      if (!state.ok) throw codecInputError(state.error, 'id');
      return matchView(state.value);
    },
    encodeMatchId: (_, { state }) => {
      const id = encodeMatchId(stateOf(state));
      if (!id.ok) throw codecInputError(id.error, 'state');
      return id.value;
    },
    backgammonPositions: async (_, { positionId, matchId, first }, { db, loaders }) => {
      const take = pageSize(first, 100, MAX_POSITIONS);
      const pid = canonicalPositionId(positionId);
      if (!pid.ok) throw codecInputError(pid.error, 'positionId');
      if (matchId === undefined || matchId === null) {
        return positionsOfBoard(db, loaders.source, 'BACKGAMMON', pid.value, take);
      }
      const mid = canonicalMatchId(matchId, { allowFinalScore: true });
      if (!mid.ok) throw codecInputError(mid.error, 'matchId');
      return take > 0 ? loaders.positionsByKey.load({ kind: 'BACKGAMMON', key: `${pid.value}:${mid.value}` }) : [];
    },
  },
  Position: {
    backgammon: (p) => (p.kind === 'BACKGAMMON' ? decodeKey(p.key) : null),
  },
  MatchState: {
    resignation: (m) => resignationName(m.resignation),
  },
  BackgammonBoard: {
    svg: (b, args) => backgammonDiagram(b, null, diagramOptions(args)),
  },
  BackgammonPosition: {
    ...shared,
    svg: (v, args) => backgammonDiagram(v.board, v.match, diagramOptions(args)),
  },
};
