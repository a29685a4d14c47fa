/**
 * What resolvers of each GraphQL object type receive as their parent, where it is not the
 * GraphQL shape itself: stored rows and the plain values storage services return.
 * scripts/codegen.mjs maps the schema's types to these (its MAPPERS table).
 */
import type { MatchState } from '../codecs/backgammon';
import type { CgpDialect, CgpPosition } from '../codecs/crossword';
import type { DisagreementOrder, DisagreementPage, ScoreDiffCounts, ScoreSet } from '../games/go/analysis';
import type { ImportOutcome } from '../storage/importService';
import type { FoundPosition } from '../storage/lookups';
import type { Occurrence } from '../storage/occurrences';

/**
 * A Position (and a GoPosition): its stored row, or a position no row is stored for (known from
 * the games that reach it).
 */
export type PositionParent = FoundPosition;

/**
 * A Ply: one node of a stored game, where it is and what it holds. `record` is null where the
 * position index alone placed it (an occurrence on the main line): the fields that need it read
 * the game's replay through the request's loaders.
 */
export type PlyParent = Occurrence;

/** An ImportReport: the import's outcome, its id as GraphQL carries it. */
export type ImportReportParent = Omit<ImportOutcome, 'importId'> & { importId: string };

/**
 * What `chessPosition` resolves to before its fields. Each game's own position view is tagged
 * with its GraphQL type, which `GamePosition.__resolveType` answers.
 */
export interface ChessPositionParent {
  readonly __typename: 'ChessPosition';
  key: string;
  fen: string;
  sideToMove: 'w' | 'b';
  position: PositionParent | null;
  includeVariations: boolean;
}

/** A CrosswordPosition: the decoded position, the dialect to write, and the stored row when known. */
export interface CrosswordView {
  readonly __typename: 'CrosswordPosition';
  position: CgpPosition;
  dialect: CgpDialect;
  key: string;
  /**
   * Whether the position's scores, zero-turn count and last move are known: true for a CGP
   * given to `parseCgp` and for a game's ply, false for a stored position (many games may reach
   * it, each with its own scores).
   */
  scoresKnown: boolean;
  /** The stored row; undefined = not looked up yet. */
  stored?: PositionParent | null;
}

/** A GoScore: one program's score of a position. */
export interface GoScoreParent {
  program: string;
  ruleset: string;
  value: number;
  confidence: number | null;
}

/** A BackgammonBoard: the decoded board with the counts GraphQL shows. */
export interface BackgammonBoardParent {
  positionId: string;
  onRoll: number[];
  opponent: number[];
  borneOff: number[];
  pipCounts: number[];
}

/** A MatchState: the decoded Match ID and the ID itself. */
export type MatchStateParent = MatchState & { matchId: string };

/** A BackgammonPosition: a stored key's board and match state. */
export interface BackgammonPositionParent {
  readonly __typename: 'BackgammonPosition';
  positionId: string;
  matchId: string;
  board: BackgammonBoardParent;
  match: MatchStateParent;
}

/**
 * A GoScoreDiff: its counts and its page, each read when a field asks for it (a page turn that
 * asks only for `nodes` runs one query, not two).
 */
export interface GoScoreDiffParent {
  counts: () => Promise<ScoreDiffCounts>;
  /** The page in list order, whichever way it was read. */
  page: () => Promise<DisagreementPage & { hasPreviousPage: boolean }>;
  a: ScoreSet;
  b: ScoreSet;
  order: DisagreementOrder;
}

/** A GoScoreDisagreement: both scores of one position. */
export interface GoScoreDisagreementParent {
  positionId: bigint;
  a: GoScoreParent;
  b: GoScoreParent;
  difference: number;
}
