/**
 * What a game is to tabula: everything one game adds to the generic core, behind one interface.
 * Each game's folder (`src/games/<game>/index.ts`) exports one `GameModule`; `src/games/index.ts`
 * lists them, and is the only list of kinds. The core (import, the position index, lookups,
 * occurrences, the explorer, key forms, diagrams) asks the module and never names a kind.
 */
import type { ZobristHasher } from '../codecs/go';
import type { GameKind, GameRecord, GameResult } from '../db/records';
import type { FormatName, FormatReader, GameWriter } from './formats';
import type { PatternLanguage } from './patterns';
import type { TreeReader } from './sgf/tree';
import type { Speed } from './speed';

export type { GameKind };

/** The explorer's rules of a game: how a counted move reads, who moves, what judges a move. */
export interface ExplorerRules {
  /**
   * A counted move as the explorer shows it (the text the position index counted may carry more,
   * such as a backgammon roll the position already holds or the points a crossword play scored);
   * two counted texts that show the same are one move.
   */
  shownMove(key: string, move: string): string;
  /** The points a counted move scored by itself, where its text carries them (crossword plays). */
  playPoints?(move: string): number | undefined;
  /** Whether the side to move (as the position stores it) is the first player; an unknown side counts as the first. */
  moverIsFirst(sideToMove: string | null): boolean;
  /**
   * The keys of the positions the moves lead to from `board`, by move: a move's verdict is then
   * the mean stored score of its position (stored from the first player's side). Moves that do
   * not read are left out.
   */
  childKeys?(board: string, moves: readonly string[]): Map<string, string>;
  /**
   * A program's verdict on a move made from a position, read from one of the position's stored
   * scores: the move as the explorer shows it, the value of the move and what it lost against the
   * best; null when the score is no such verdict.
   */
  playVerdict?(score: VerdictScore, key: string): { move: string; value: number; error: number } | null;
}

/** The fields of a stored score a verdict is read from. */
export interface VerdictScore {
  program: string;
  ruleset: string;
  value: number;
  bestValue: number | null;
  details: unknown;
}

/**
 * What a text names (`findPositions`): exact keys, a board under every state of the game (a
 * backgammon Position ID under any match state, a Go board with either side to play), or
 * nothing, with the reason. The registry's `keyFormOf` asks each game in turn.
 */
export type KeyForm =
  | { form: 'keys'; name: string; keys: { kind: GameKind; key: string }[] }
  /** `grouped`: the board stands for any number of positions (a group key), not one per side to move. */
  | { form: 'board'; name: string; kind: GameKind; board: string; grouped: boolean }
  | { form: 'unknown'; reason: string };

/**
 * How the positions of one board (under every state) are found: the stored positions under a
 * group key, or the stored positions with a hash plus, for each side to move with no stored
 * row, the position under its key as games reach it; or positions under a list of keys.
 */
export type BoardQuery =
  | { by: 'group'; groupKey: string }
  | { by: 'hash'; hash: bigint; sideToMove?: string; sides: readonly { side: string; key: string }[] }
  | { by: 'keys'; keys: readonly string[] };

/** The tables a board is hashed with, resolved by the core: the active 9x9 Zobrist table. */
export interface ActiveTables {
  zobrist: ZobristHasher;
}

/** A game written in SGF: its game type (`GM`) and the reader of one of its trees. */
export interface SgfGame {
  gameType: number;
  readTree: TreeReader;
  /** Whether its trees are hashed with the import's Zobrist table (the reader is given it as `goHasher`). */
  hashed?: boolean;
  /**
   * What a game read from its tree takes from the game read before it in the file (`previous`,
   * of any game; absent for the first): set on `record` in place. The SGF reader calls it in file
   * order once the trees are read (they may be read on other threads, each on its own).
   */
  follow?(record: GameRecord, previous: GameRecord | undefined): void;
}

/** The fields of a position (a stored row, or a game's ply) its diagram is drawn from. */
export interface DiagramPosition {
  key: string;
  board: string;
  sideToMove?: string | null;
  data?: unknown;
}

/** How a diagram is drawn: its width in px, and the side at the bottom (null: the game's default). */
export interface DiagramOptions {
  size: number;
  orientation: 'WHITE' | 'BLACK' | 'TO_MOVE' | null;
}

/**
 * The move that reached a position, for the diagrams that mark it: the move as the game's plies
 * write it, and the board it was made from (null when that is not known).
 */
export interface LastMove {
  move: string;
  before: string | null;
}

/** What a game's file says about its players and pace, read by the game's module (`GameModule.attributes`). */
export interface PlayAttributes {
  /** The first and the second player's rating on the game's usual scale (chess Elo, Go's EGF scale); null where not given. */
  player1Rating: number | null;
  player2Rating: number | null;
  /** How fast it was played, as lichess classifies a clock; null when the file gives no clock. */
  speed: Speed | null;
}

/** An opening's name as a table names a position (chess: the lichess chess-openings table). */
export interface Opening {
  eco: string;
  name: string;
  /** The named line's moves from the start, as the table writes them. */
  moves: string;
}

/** An evaluation packed in a game, as the score of the position of its node (`GameModule.evaluations`). */
export interface EvaluationScore {
  /** The index of the ply record (`GameRecord.plies`) whose position it is about. */
  node: number;
  program: string;
  ruleset: string;
  value: number;
  details: Record<string, unknown>;
  /** Where it came from, as a score's `source` says (`PGN game 3 ply 10`). */
  source: string;
}

export interface GameModule {
  /** The stored kind (the Prisma and GraphQL `GameKind` value). */
  readonly kind: GameKind;
  /** The formats the game is read from; an SGF game reads through `sgf` instead. */
  readonly readers: readonly FormatReader[];
  /** The formats a stored game of this kind is written in. */
  readonly writers: readonly { format: FormatName; write: GameWriter }[];
  /** The game's SGF game type and tree reader, when the game is written in SGF. */
  readonly sgf?: SgfGame;
  /**
   * What a result text of this game says (its outcome from the first player's side, and the
   * points it was worth to them where the game counts points): the readers store it on the game,
   * once, and everything else reads it from there.
   */
  readonly result: (text: string | null | undefined) => GameResult;
  /** The explorer's rules. */
  readonly explorer: ExplorerRules;
  /** The players' ratings and the game's speed, from the metadata the game's reader stored; absent: none known. */
  readonly attributes?: (metadata: Record<string, unknown>) => PlayAttributes;
  /**
   * The game's named openings: a position's own name, and the name of a line (its last named
   * position; `keys` are the line's positions in order from the start, the start's own first or
   * left out). Pure lookups over a table loaded once, on first use (chess: `chess/openings.ts`).
   */
  readonly openings?: {
    ofPosition(key: string): Opening | null;
    ofLine(keys: readonly string[]): Opening | null;
    /** The key of the position that names the line (the one `ofLine` names it by), or null: what a game stores. */
    namedKeyOfLine(keys: readonly string[]): string | null;
  };
  /** Whether positions of this kind are keyed by a 64-bit Zobrist or Polyglot hash written as 16 hex digits. */
  readonly hexKeys64?: boolean;
  /** The game's own forms of a position as text (its keys, FEN, CGP, boards): null when the text is not in one of them. */
  keyForm?(text: string): KeyForm | null;
  /** How the positions of a board named by a `board` key form are found. */
  boardQuery?(board: string, tables: ActiveTables): BoardQuery;
  /**
   * A position as an SVG diagram, the move that reached it marked where the game can. Throws on
   * a position that does not decode (a stored row is checked when it is stored: an internal error).
   */
  diagram(position: DiagramPosition, options: DiagramOptions, lastMove?: LastMove | null): string;
  /** The game's pattern language (`patternSearch`), where it has one. */
  readonly patterns?: PatternLanguage<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- each game's query type is its own
  /**
   * The evaluations its games carry inside them (chess `[%eval]` comments), packed with the game
   * (`GameRecord.evaluations`, `Game.evaluations`) by its reader: the scores a stored game's
   * packed bytes hold (`gameIndex`: its index in its file, which a score's `source` names), each
   * with the node (ply record) it is about, in the order they were packed.
   */
  readonly evaluations?: { scoresOf(bytes: Uint8Array, sourceFormat: string, gameIndex: number): EvaluationScore[] };
  /** Whether the explorer also answers its deprecated chess fields (`san`, `whiteWins`, `blackWins`): moves in SAN, White first. */
  readonly sanExplorer?: boolean;
}
