/**
 * The plain records a format reader produces and the bulk writer stores. A
 * reader turns a file into a sequence of `ImportChunk`s; nothing here knows SQL or a codec.
 */
/** The game a record is of: Prisma's `GameKind` (prisma/schema.prisma lists the values; `src/games/index.ts` has a module for each). */
import type { PackedPlies } from './packedPlies';
import type { PreparedPositions } from './positionCopy';
import type { GameKind, Speed } from '../generated/prisma/enums';

export type { GameKind, Speed };

/** How a game ended, from the first player's side (White in chess, Black in Go, player 1 elsewhere); null when unknown. */
export type Outcome = 'FIRST' | 'DRAW' | 'SECOND' | null;

/**
 * What a game's result text says, as its game reads it (`GameModule.result`): the outcome, and
 * the points the game was worth to the first player where the game keeps score in points
 * (backgammon's points won, a crossword game's spread), else null.
 */
export interface GameResult {
  outcome: Outcome;
  firstPoints: number | null;
}

/** A position, identified within its kind by `key`. */
export interface PositionRecord {
  kind: GameKind;
  key: string;
  /** 64-bit hash as a signed integer, for kinds keyed by Zobrist or Polyglot hashes. */
  hash?: bigint | null;
  groupKey?: string | null;
  sideToMove?: string | null;
  board: string;
  data?: unknown;
  /** Stones, pieces or tiles on the board, for histograms. */
  pieceCount?: number | null;
  /**
   * Index of the position in a position list (e.g. a Go position file), from 0.
   * Set by readers of such lists: the position remembers the import and index
   * that first listed it, so the list can be written back in order. A listed
   * record also completes a position stored earlier by a game or a score only.
   */
  listIndex?: number | null;
}

/** One node of a game: the position reached, where, and by which move. */
export interface PlyRecord {
  position: PositionRecord;
  /** "" for the main line, else dot-separated branch indexes. */
  variation: string;
  ply: number;
  move?: string | null;
  nextMove?: string | null;
  /**
   * The move played next as the explorer counts it, where that differs from `nextMove`: Go's is
   * the GTP point in the canonical orientation of the position (positions are merged across
   * their symmetries, so the SGF point of one game's orientation would not do).
   */
  explorerMove?: string | null;
}

/** A game record ready to store. */
export interface GameRecord {
  kind: GameKind;
  sourceFormat: string;
  /** The game exactly as imported. */
  source: Uint8Array;
  player1?: string | null;
  player2?: string | null;
  event?: string | null;
  site?: string | null;
  round?: string | null;
  dateText?: string | null;
  result?: string | null;
  /** What `result` says, read once by the game's reader (`GameModule.result`): stored on the game and counted by the position index. */
  outcome: Outcome;
  firstPoints: number | null;
  matchLength?: number | null;
  gameNumber?: number | null;
  /** Every other tag or property, as the format names them. */
  metadata?: Record<string, unknown>;
  /**
   * True: `metadata` is all in the source, and the format's reader reads it again from there
   * (`FormatReader.metadata`), so the game row keeps none (`{}`): a PGN game's tags.
   */
  metadataInSource?: boolean;
  gameText?: Uint8Array | null;
  startFen?: string | null;
  /**
   * Every node, the main line first: node k of the main line is its ply k (the start is node 0),
   * then the variations. The position index stores nodes, and a main-line entry of it is read as
   * its ply number without a replay (`src/storage/occurrences.ts`); tests/games/plyOrder.test.ts
   * holds every reader to it.
   */
  plies: PlyRecord[];
  /** What the game's module reads of its players, pace, length and opening (`src/games/gameAttributes.ts`); set by the import before the game is written. */
  attributes?: GameAttributes;
  /** What an analysis program said of each player's decisions in this game, where the game carries analysis. */
  analysis?: PlayerAnalysisRecord[];
  /**
   * The game's pattern pre-filter where the reader built it on its own walk of the game (chess,
   * from the boards its replay passes), with the signature that built it (`by`: its game's
   * `GameModule.patterns.signature`; another one, as a test lends, computes its own); absent:
   * computed from the plies with the attributes.
   */
  patternSignature?: { by: unknown; bytes: Uint8Array } | null;
  /** Tokens of the source the reader kept without playing them (a PGN's unplayable moves); absent: not counted. */
  keptTokens?: number | null;
  /** The key duplicates are found by (`duplicateKeyOf` in src/games/duplicates.ts), set by the import before writing; null: not compared. */
  duplicateKey?: bigint | null;
  /**
   * The evaluations that came inside the game, packed by its module (`GameModule.evaluations`,
   * stored as `Game.evaluations`), with the node and key of each evaluated position (the
   * evaluation index, `evaluationIndex.ts`, finds them by key); absent: the game carries none.
   */
  evaluations?: PackedEvaluations | null;
  /** The plies as the bulk writer reads them, packed by an import's worker thread (`packedPlies.ts`); `plies` is then read again on demand. */
  packedPlies?: PackedPlies;
}

/** A game's evaluations packed by its module, and for each the position (node, key) it is about and by whom (program and ruleset). */
export interface PackedEvaluations {
  bytes: Uint8Array;
  nodes: { node: number; key: string; program: string; ruleset: string }[];
}

/** A game's typed attributes, kept as columns so filters and orders are SQL. */
export interface GameAttributes {
  player1Rating: number | null;
  player2Rating: number | null;
  speed: Speed | null;
  /** Moves (plies) of the main line. */
  plyCount: number;
  /** The opening the main line reaches, where the game names openings: its ECO code, and the key of the position that names it. */
  eco: string | null;
  openingKey: string | null;
  /** The game's pattern pre-filter, as its game's pattern language computes it from the main line (`PatternSignature.of`); null when it keeps none. */
  patternSignature: Uint8Array | null;
}

/**
 * One player's decisions in one game as an analysis program judged them, summed by the reader
 * at import (`PlayerAnalysis` rows): per-player, per-game and per-match figures are then SQL
 * over one row per game and side. Fields a game does not have stay null.
 */
export interface PlayerAnalysisRecord {
  /** 1: the first player (White in chess, `player1`); 2: the second. */
  side: 1 | 2;
  /** The program that judged the decisions, and its settings as a readable text ("" when not stated). */
  program: string;
  ruleset: string;
  /** Decisions with a verdict: chess moves with an evaluation before and after, backgammon unforced checker plays, crossword turns. */
  decisions: number;
  /** What they lost against the best, summed: chess centipawns, backgammon normalised equity; 0 for crossword. */
  loss: number;
  /** Backgammon: cube decisions with a verdict, and the equity they lost. */
  cubeDecisions?: number | null;
  cubeLoss?: number | null;
  /** Errors by severity: chess inaccuracies, mistakes, blunders (lichess's thresholds); backgammon doubtful, bad, very bad (gnubg's). */
  inaccuracies: number;
  mistakes: number;
  blunders: number;
  /** Chess: the game accuracy lichess publishes, 0..100. */
  accuracy?: number | null;
  /** Crossword: turns taken, points scored as recomputed, bingos, the final score the file states. */
  turns?: number | null;
  points?: number | null;
  bingos?: number | null;
  statedScore?: number | null;
}

/** An analysis verdict on a position, found by the position's kind and key. */
export interface ScoreRecord {
  kind: GameKind;
  positionKey: string;
  program: string;
  ruleset: string;
  value: number;
  bestValue?: number | null;
  confidence?: number | null;
  details?: unknown;
  source?: string | null;
}

/** Something worth telling the importer that did not stop the import. */
export interface ImportWarning {
  /** Index of the game in the file, from 0, when the warning is about one game. */
  gameIndex?: number;
  code: string;
  message: string;
  line?: number;
  offset?: number;
  record?: number;
}

/** A slice of a file's content; a reader yields as many as it likes. */
export interface ImportChunk {
  games?: GameRecord[];
  /** Positions that belong to no game (position and score files, CGP lines). */
  positions?: PositionRecord[];
  /**
   * The same positions made ready for a straight copy where they were read (a Go position file's),
   * when they are all listed records of one kind: the writer copies these when it may, and reads
   * `positions` only when it must merge them.
   */
  preparedPositions?: PreparedPositions;
  scores?: ScoreRecord[];
  warnings?: ImportWarning[];
  /** Informational notes (records read, hashes agreeing): kept apart from the warnings. */
  notes?: ImportWarning[];
  /** Games of the input the reader could not read and left out (each has a warning). */
  skippedGames?: number;
}

/**
 * The indexes of a game's plies that are stored: every node, except that a (variation, ply)
 * place met again keeps its first node. The position index and a game's replay both use this,
 * so a node index means the same ply to both.
 */
export function distinctPlyIndexes(plies: readonly PlyRecord[]): number[] {
  const kept: number[] = [];
  let seen: Set<string> | null = null;
  for (let k = 0; k < plies.length; k++) {
    const ply = plies[k];
    if (k > 0) {
      // Plies usually count up within a line; only look closer when one does not.
      const previous = plies[k - 1];
      if (seen || ply.ply <= previous.ply || ply.variation !== previous.variation) {
        if (!seen) {
          seen = new Set();
          for (let j = 0; j < k; j++) seen.add(`${plies[j].ply}\u0000${plies[j].variation}`);
        }
        const id = `${ply.ply}\u0000${ply.variation}`;
        if (seen.has(id)) continue;
        seen.add(id);
      }
    }
    kept.push(k);
  }
  return kept;
}
