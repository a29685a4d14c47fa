/**
 * A game's pattern language (`patternSearch`): a pattern a client sends as JSON, read once by the
 * game's module, then tested on the main line of each stored game the search reaches. Pure: the
 * core (src/storage/patternSearch.ts) finds the games, replays them and counts; the module says
 * what a pattern means. A module may also keep a per-game signature (computed at import from the
 * game's plies) that rules a game out before it is replayed.
 */
import type { Outcome, PlyRecord } from '../db/records';
import type { ImportOptions } from './formats';

/** What is wrong with a pattern, and where: `key` is the pattern's key or path (`sub-fen`, `sequence[1].material`, `pattern` line 3). */
export interface PatternError {
  key: string;
  message: string;
}

export type PatternRead<Q> = { ok: true; query: Q } | { ok: false; error: PatternError };

/** One stored game as a pattern is tested on it. */
export interface PatternGame {
  /** The main line in order from the start: `plies[i].ply === i`, `plies[0]` the starting position. */
  plies: readonly PlyRecord[];
  /** The game as stored, for what the plies do not carry (a backgammon game's analysis). */
  source: Uint8Array;
  sourceFormat: string;
  metadata: Record<string, unknown>;
  outcome: Outcome;
  player1: string | null;
  player2: string | null;
}

/**
 * One stored game as a language that replays it itself reads it (`PatternLanguage.storedHits`):
 * the game as stored, without its plies, and the options its import was read with.
 */
export interface StoredPatternGame extends Omit<PatternGame, 'plies'> {
  options: ImportOptions;
}

/**
 * A ply of a game where the pattern holds: its index in `PatternGame.plies`, and the move that
 * continues from there as the continuations count it, with the side that made it (null: none
 * counted, such as at the game's last ply or, in Go, when no later move falls inside the
 * pattern's region).
 */
export interface PatternHit {
  ply: number;
  continuation: PatternContinuation | null;
}

/** A continuation: the move as the game's pattern language writes it, and whether the first player (White, Black in Go, player 1) made it. */
export interface PatternContinuation {
  move: string;
  byFirst: boolean;
}

/** A per-game pre-filter: bytes computed once at import, and a test that rules games out. */
export interface PatternSignature<Q> {
  /** The game's signature from its main line (as `PatternGame.plies`). */
  of(plies: readonly PlyRecord[]): Uint8Array;
  /** False when no ply of a game with this signature can hold the pattern; true when it may. */
  mayHold(query: Q, signature: Uint8Array): boolean;
  /**
   * The game's hits (as `hits` finds them on its replay) from its signature alone, where the
   * signature holds enough to tell for this pattern; null when it does not (the game is replayed).
   * Asked only where `mayHold` said true.
   */
  hits?(query: Q, signature: Uint8Array): PatternHit[] | null;
}

export interface PatternLanguage<Q = unknown> {
  /** Reads a pattern as the client sent it; the error names the key and what is wrong. */
  read(pattern: unknown): PatternRead<Q>;
  /** Every ply of the game where the pattern holds, in ply order. */
  hits(query: Q, game: PatternGame): PatternHit[];
  /**
   * The same hits as `hits` on the game's replayed main line, found by replaying the stored game
   * itself (boards only, straight from its source: much faster than the import's replay, which
   * hashes and writes every ply); null when it cannot (a format or a source it does not read),
   * and the core replays the game for `hits`.
   */
  storedHits?(query: Q, game: StoredPatternGame): PatternHit[] | null;
  /** The pre-filter, where the game keeps one. */
  readonly signature?: PatternSignature<Q>;
}
