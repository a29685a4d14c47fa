/**
 * What a format is to tabula: a `FormatReader` turns a file into record chunks, a `GameWriter`
 * turns a stored game back into a file. Each game module lists its own; the registry (`index.ts`) all.
 */
import type { ZobristHasher } from '../codecs/go';
import type { GameKind, ImportChunk, PlyRecord } from '../db/records';
import type { SqlExecutor } from '../db/sql';
import type { Game } from '../generated/prisma/client';

/**
 * The formats tabula reads and writes, by name (GraphQL's `GameFormat` spells the same names;
 * tests/games/registry.test.ts keeps them equal).
 */
export type FormatName = 'PGN' | 'GAMETEXT' | 'SGF' | 'MAT' | 'GCG' | 'CGP' | 'GO_POSITIONS' | 'GO_SCORES';

/** Options of `importGames` (program/ruleset for score files, and so on). */
export type ImportOptions = Record<string, string | undefined>;

/** What a reader may consult while it reads: the import's transaction, and the Go Zobrist table to hash with. */
export interface ReadContext {
  sql: SqlExecutor;
  /**
   * The 9x9 Zobrist table Go boards are hashed with: at import the active one (which the import
   * records), at a replay the one the game's import recorded. Absent: the active table.
   */
  zobristTable?: () => Promise<{ name: string; hasher: ZobristHasher }>;
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
   * The plies of one stored game from its source, when the format can give them faster than
   * `read` (the read path: occurrences, explorer): the same plies `read` gave at import. Null
   * sends the caller to `read`.
   */
  replay?(source: Uint8Array, options: ImportOptions): PlyRecord[] | null;
}

/** Writes a stored game in one format; binary formats return base64. */
export type GameWriter = (game: Game) => string;

export interface GameWriterEntry {
  kind: GameKind;
  format: FormatName;
  write: GameWriter;
}
