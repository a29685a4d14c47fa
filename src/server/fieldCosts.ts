/**
 * What each field of the schema costs, for cost.ts. A field's cost is its own cost (the work its
 * resolver does: an index read, a diagram, an export) plus, for a field with a selection, its
 * length (how many items it returns) times the cost of one item (1 plus its selection's cost).
 *
 * The unit is about 0.1 ms of the server's time (measured with `npm run attack` on a loaded
 * machine: a 360 px diagram took about 1 ms, a key looked up 5 to 14 ms, an occurrence count
 * 3 to 4 ms on PGlite). Fields not listed cost 1, and a list field not listed returns
 * `first`/`last` items (the argument's value or its default), else as many as its longest list
 * argument (`positionsByKeys(keys:)`), else DEFAULT_LIST_LENGTH; cost.ts counts the `nodes` of
 * a page (a connection) at the page's size.
 * Where the length depends on the data (a game's plies), a documented bound stands in for it:
 * a query that asks for more than the bound holds still passes the response-size limit.
 *
 * Rules are looked up as `Type.field`, then `*.field` (the same rule on every type, e.g. `svg`).
 */
import { keyFormOf } from '../games/keyForms';

export type Args = Record<string, unknown>;

export interface FieldCost {
  /** The field's own work, from its arguments (default 1 for a leaf, 0 for a field with a selection). */
  own?: number | ((args: Args) => number);
  /** How many items a list field returns at most, from its arguments. */
  length?: number | ((args: Args) => number);
}

/** A list without `first` and without a rule below. */
export const DEFAULT_LIST_LENGTH = 10;
/** The plies a game counts for (`plies`, `mainLine`, and the per-ply lists of its analysis). */
export const PLY_BOUND = 300;
/** The events a crossword game counts for in its score progression (a game has some 30 turns a side). */
export const CROSSWORD_EVENT_BOUND = 100;
/** Positions one key names without `kind` (a key rarely belongs to more than one game kind); 1 with it. */
export const POSITIONS_PER_KEY = 2;
const perKey = (args: Args): number => (args.kind ? 1 : POSITIONS_PER_KEY);
/** Looking one key up: the positions table, then the position index of each game kind for positions known only from games. */
export const KEY_LOOKUP = 100;
/** Looking one key of one game kind up (`kind:` given): one index instead of four. */
export const KIND_LOOKUP = 25;
/**
 * Match states counted for a backgammon Position ID alone (`findPositions`, `backgammonPositions`
 * without `matchId`; they list up to 100, but a board is rarely stored at more than a few).
 */
export const BOARD_POSITIONS = 10;

/** Reading the position index for one position: an occurrence count, a page of occurrences. */
export const INDEX_READ = 40;
/** The explorer's aggregation over a position's occurrences. */
export const EXPLORER = 60;
/** The explorer or a position's games over the games a filter keeps: every game reaching the position is read. */
export const FILTERED_EXPLORER = 150;
/** An SVG diagram `size` px wide (default 360): 10 at 360 px, 43 at 2048 px. */
export const svgCost = (args: Args): number => 3 + Math.round((7 * (typeof args.size === 'number' ? Math.max(16, args.size) : 360)) / 360);
/** An aggregate over a whole table (the analysis queries, the Go comparisons). */
export const ANALYSIS = 300;
/**
 * Comparing two Go score sets (joins over both): on PostgreSQL, two at once took 1.3 s (ten
 * 4.7 s) in `npm run attack`, against some 50 ms on PGlite; one per anonymous request.
 */
export const GO_COMPARISON = 6000;
/**
 * A pattern search (`patternSearch`): a scan of every game of a kind a filter keeps, each replayed
 * (some 0.2 to 3 s over 100,000 to 1,000,000 games by issue 28's goals, stopped at the statement
 * timeout): an anonymous client may run one, and keeps to about one every 3 s on its budget.
 */
export const PATTERN_SEARCH = 5000;
/** The continuations a pattern search counts for (a Go region's points, a chess position's moves are rarely more). */
export const CONTINUATION_BOUND = 50;
/** Introspection of the whole schema (`__schema`): a 57 kB answer built in 12 to 50 ms. */
export const INTROSPECTION = 500;
/** A whole file built in memory (exportGoScores, exportGoPositions of every import). */
export const EXPORT_ALL = 5000;
/** The position file of one import. */
export const EXPORT_IMPORT = 2000;
/** One game written back in a format. */
export const GAME_EXPORT = 20;

const count = (value: unknown, fallback: number): number => (typeof value === 'number' ? Math.max(1, value) : fallback);

const listLength = (value: unknown): number => (Array.isArray(value) ? value.length : 1);

/** `findPositions(text)`: a Position ID alone lists its board's match states, other texts a few keys. */
const findPositionsLength = (args: Args): number => {
  if (typeof args.text !== 'string' || args.text.length > 2000) return 1; // refused by the resolver
  const form = keyFormOf(args.text);
  return form.form === 'board' ? (form.grouped ? BOARD_POSITIONS : POSITIONS_PER_KEY) : form.form === 'keys' ? Math.max(1, form.keys.length) : POSITIONS_PER_KEY;
};

export const FIELD_COSTS: Record<string, FieldCost> = {
  // Diagrams, on any type that draws one.
  '*.svg': { own: svgCost },
  // Positions: the position index and the explorer, on every type that implements GamePosition.
  'GamePosition.occurrenceCount': { own: INDEX_READ },
  'GamePosition.occurrences': { own: INDEX_READ },
  'GamePosition.occurrencePage': { own: (args) => (args.filter || args.orderBy ? FILTERED_EXPLORER : INDEX_READ) },
  'GamePosition.moves': { own: (args) => (args.filter ? FILTERED_EXPLORER : EXPLORER), length: 20 },
  'GamePosition.topGames': { own: FILTERED_EXPLORER, length: (args) => count(args.first, 8) },
  'GamePosition.recentGames': { own: FILTERED_EXPLORER, length: (args) => count(args.first, 8) },
  'GamePosition.analysis': { length: DEFAULT_LIST_LENGTH },
  'ChessPosition.gameCount': { own: INDEX_READ },
  'GameConnection.totalCount': { own: INDEX_READ },
  'PlyConnection.totalCount': { own: INDEX_READ },
  'Ply.crossword': { own: 10 },
  'CrosswordPosition.stored': { own: 2 },
  'ChessPosition.position': { own: 2 },

  // Games.
  'Game.plies': { length: PLY_BOUND },
  'Game.mainLine': { length: PLY_BOUND },
  'Game.export': { own: GAME_EXPORT },
  // One batched query per page of games (a game is rarely stored more than a few times).
  'Game.duplicates': { own: 2 },
  'Game.chessAnalysis': { own: 5, length: 2 },
  'Game.chessEvaluationGraph': { own: 5 },
  'ChessEvaluationGraph.moves': { length: PLY_BOUND },
  'Game.scoreProgression': { own: 5 },
  'CrosswordScoreProgression.entries': { length: CROSSWORD_EVENT_BOUND },
  'CrosswordScoreProgression.players': { length: 2 },
  'Import.warnings': { length: 1000 },
  'ImportReport.games': { length: 100 },
  'ImportReport.warnings': { length: 1000 },

  // Lookups.
  'Query.positions': { own: (args) => (args.kind ? KIND_LOOKUP : KEY_LOOKUP), length: perKey },
  'Query.chessPositions': { own: KEY_LOOKUP, length: POSITIONS_PER_KEY },
  'Query.goPositions': { own: KEY_LOOKUP, length: POSITIONS_PER_KEY },
  'Query.positionsByKeys': { own: (args) => (args.kind ? KIND_LOOKUP : KEY_LOOKUP) * listLength(args.keys), length: (args) => listLength(args.keys) },
  'Query.findPositions': { own: 150, length: findPositionsLength },
  'Query.backgammonPositions': { own: 5, length: (args) => (typeof args.matchId === 'string' ? 1 : Math.min(BOARD_POSITIONS, count(args.first, 100))) },
  'Query.goCanonicalHash': { own: 20 },
  // Playing `play`'s moves: about 1 per 100 moves (at most 600).
  'Query.chessPosition': { own: (args) => 5 + Math.ceil((Array.isArray(args.play) ? args.play.length : 0) / 100) },
  'Query.crosswordPosition': { own: 5 },
  'Query.goPosition': { own: 5 },

  // Analysis over whole tables.
  'Query.backgammonPlayerErrors': { own: ANALYSIS },
  'Query.backgammonMatchErrors': { own: ANALYSIS },
  'Query.backgammonGameErrors': { own: 20, length: 40 },
  'Query.backgammonLossHistogram': { own: ANALYSIS },
  'BackgammonLossHistogram.buckets': { length: 21 },
  'Query.backgammonWorstDecisions': { own: ANALYSIS },
  // The pages of the capped lists: one pass over the aggregate a page, a second for `totalCount`.
  'Query.backgammonPlayerErrorsPage': { own: ANALYSIS },
  'BackgammonPlayerErrorsConnection.totalCount': { own: ANALYSIS },
  'Query.backgammonWorstDecisionsPage': { own: ANALYSIS },
  'BackgammonDecisionConnection.totalCount': { own: ANALYSIS },
  'Query.chessPlayerAnalysisPage': { own: ANALYSIS },
  'ChessPlayerAnalysisConnection.totalCount': { own: ANALYSIS },
  'Query.crosswordPlayerStatsPage': { own: ANALYSIS },
  'CrosswordPlayerStatsConnection.totalCount': { own: ANALYSIS },
  'BackgammonMatchErrors.sides': { length: 2 },
  'BackgammonGameErrors.sides': { length: 2 },
  'Query.chessAnalysisPrograms': { own: ANALYSIS },
  'Query.chessPlayerAnalysis': { own: ANALYSIS },
  'Query.chessAnalysedGames': { own: ANALYSIS },
  'Query.crosswordPlayerStats': { own: ANALYSIS },
  'Query.crosswordScoreDisagreements': { own: ANALYSIS },
  'CrosswordScoreDisagreement.players': { length: 2 },
  'Query.goScoreSets': { own: ANALYSIS },
  // Every pair of sets at once: one self-join over every Go score, as one comparison reads two sets.
  'Query.goScoreSetPairs': { own: GO_COMPARISON },
  'Query.goStoneHistogram': { own: ANALYSIS, length: 100 },
  'Query.goScoreDistribution': { own: ANALYSIS, length: 100 },
  'Query.goScoreDiff': { own: GO_COMPARISON },
  'GoScoreDiff.buckets': { length: 20 },
  'Query.goDisagreementByStones': { own: GO_COMPARISON, length: 100 },
  'Query.goScoreCrossTab': { own: GO_COMPARISON, length: 100 },
  'Query.goKomiVerdicts': { own: ANALYSIS, length: 20 },
  'Query.goHashCheck': { own: EXPORT_IMPORT },
  'Query.zobristTables': { own: 10 },

  // Pattern search: a scan of the games (its next pages are read from the kept answer, but cost the same).
  'Query.patternSearch': { own: PATTERN_SEARCH },
  'PatternSearchConnection.continuations': { length: CONTINUATION_BOUND },

  // Whole files.
  'Query.exportGoPositions': { own: (args) => (args.importId === undefined || args.importId === null ? EXPORT_ALL : EXPORT_IMPORT) },
  'Query.exportGoScores': { own: EXPORT_ALL },
};

/** The rule for `field` of `type`: its own, else the rule of an interface it implements (`GamePosition`), else of any type. */
export const fieldCostOf = (type: string, field: string, interfaces: readonly string[] = []): FieldCost | undefined =>
  FIELD_COSTS[`${type}.${field}`] ?? interfaces.map((i) => FIELD_COSTS[`${i}.${field}`]).find((cost) => cost !== undefined) ?? FIELD_COSTS[`*.${field}`];
