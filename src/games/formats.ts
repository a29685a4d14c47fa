/**
 * What a format is to tabula: a `FormatReader` turns a file into record chunks, a `GameWriter`
 * turns a stored game back into a file. Each game module lists its own; the registry (`index.ts`) all.
 */
import type { ZobristHasher } from '../codecs/go';
import { type CodecError, type Result, err, ok } from '../codecs/result';
import type { GameKind, GameRecord, ImportChunk, PlyRecord } from '../db/records';
import type { SqlExecutor } from '../db/sql';
import type { Game } from '../generated/prisma/client';
import type { PieceReader } from './reading/pieces';

/**
 * The formats tabula reads and writes, by name (GraphQL's `GameFormat` spells the same names;
 * tests/games/registry.test.ts keeps them equal).
 */
export type FormatName = 'PGN' | 'GAMETEXT' | 'SGF' | 'MAT' | 'GCG' | 'CGP' | 'GO_POSITIONS' | 'GO_SCORES';

/** Options of `importGames` (program/ruleset for score files, and so on). */
export type ImportOptions = Record<string, string | undefined>;

/**
 * What a reader may consult while it imports: the import's transaction, and the Go Zobrist table
 * to hash with. A replay gives none (see `reread`).
 */
export interface ReadContext {
  sql: SqlExecutor;
  /** The 9x9 Zobrist table Go boards are hashed with: the active one, which the import records. Absent: the default. */
  zobristTable?: () => Promise<{ name: string; hasher: ZobristHasher }>;
}

/**
 * What an import recorded that a replay of its games needs, resolved by the core (one lookup per
 * import) and handed to `FormatReader.reread`: the 9x9 Zobrist hasher the import hashed Go
 * boards with. Absent: the shipped default table.
 */
export interface RecordedTables {
  goHasher?: ZobristHasher;
}

/** A stored game as a replay reads it: its source bytes and the metadata its import kept. */
export interface StoredGame {
  source: Uint8Array;
  metadata?: unknown;
}

export interface FormatReader {
  /** The format's name. */
  format: FormatName;
  /** True when GraphQL carries the file as base64. */
  binary: boolean;
  /**
   * Reads a file, given as a stream of byte chunks, into record chunks; throws
   * ImportFailure on input it cannot store. Readers of large files stream.
   */
  read(
    input: AsyncIterable<Uint8Array>,
    options: ImportOptions,
    context?: ReadContext,
  ): AsyncIterable<ImportChunk> | Iterable<ImportChunk>;
  /**
   * The same reading in pieces (`reading/pieces.ts`), for a reader whose files hold many games
   * that read on their own: the import may then read the pieces on other threads. `read` gives
   * the same chunks.
   */
  pieces?: PieceReader<unknown, unknown>;
  /**
   * The plies of one stored game from its source, when the format can give them faster than
   * `read` (the read path: occurrences, explorer): the same plies `read` gave at import. Null
   * sends the caller to `read`.
   */
  replay?(source: Uint8Array, options: ImportOptions): PlyRecord[] | null;
  /**
   * The record the import made of one stored game, made again from the game as stored (its own
   * bytes, and what the import learnt from the rest of the file and kept in its metadata, such as
   * a MAT game's Crawford flag) with the import's options and recorded tables: synchronous and
   * pure (no database). Null when the source holds no game; throws ImportFailure where `read`
   * would refuse it. Every format whose files hold games has one; formats of positions only (CGP,
   * Go position and score files) have none.
   */
  reread?(stored: StoredGame, options: ImportOptions, tables: RecordedTables): GameRecord | null;
  /**
   * The metadata `read` gave a game whose record says it is all in the source
   * (`GameRecord.metadataInSource`: the row keeps none), read again from the stored source.
   */
  metadata?(source: Uint8Array): Record<string, unknown>;
  /** Whether `reread` hashes with the recorded tables: the core resolves them only then. */
  rereadsWithTables?: boolean;
}

/**
 * Why a stored game could not be written:
 * - `format`: this format cannot hold this game (a set-up backgammon game as MAT, a chess variant
 *   as GameText): the caller asked for the wrong format, and `error` says why (GraphQL's
 *   `BAD_USER_INPUT` with the error's code, the CLI's `CODE: message`);
 * - `stored`: the stored game cannot be read back (a fault in stored data, never in the request:
 *   GraphQL masks it as an internal error, the CLI prints `message`).
 */
export type WriteFailure = { cause: 'format'; error: CodecError } | { cause: 'stored'; message: string };

/** A written file, or why there is none. */
export type WriteResult = Result<string, WriteFailure>;

/** Writes a stored game in one format (binary formats as base64); never throws on a game it cannot write. */
export type GameWriter = (game: Game) => WriteResult;

/** The text of a written game. */
export const written = (text: string): WriteResult => ok(text);

/** The format cannot hold the game: `error` says why. */
export const unfitFormat = (error: CodecError): WriteResult => err({ cause: 'format', error });

/** The stored game cannot be read back. */
export const unreadableGame = (message: string): WriteResult => err({ cause: 'stored', message });

export interface GameWriterEntry {
  kind: GameKind;
  format: FormatName;
  write: GameWriter;
}
