/**
 * Crossword-game codecs: CGP positions, GCG games, letter distributions, boards, tiles and
 * position keys. This module re-exports them and adds `importCrossword`, the pure half of an
 * import (parse + replay; storing is the caller's job).
 */
import { CgpParseOptions, CgpPosition, parseCgpLines } from './cgp';
import { GcgGame, parseGcg } from './gcg';
import { GameReplay, ReplayOptions, replayGcg } from './replay';
import { Result, ok } from '../result';

export * from './boards';
export * from './cgp';
export * from './cgpStream';
export * from './coordinates';
export * from './distributions';
export * from './gameSummary';
export * from './gcg';
export * from './replay';
export * from './scoring';
export * from './tiles';
export * from './zobrist';

/** What an import of crossword data yields before storage. */
export type CrosswordImport =
  | {
      readonly format: 'CGP';
      /** One result per non-blank input line (errors carry the line). */
      readonly positions: readonly { line: number; result: Result<CgpPosition> }[];
    }
  | {
      readonly format: 'GCG';
      /** The game as read. */
      readonly game: GcgGame;
      /** The replay: position after every event, warnings with line numbers. */
      readonly replay: GameReplay;
    };

/** Options for `importCrossword` (CGP defaults and GCG overrides). */
export type CrosswordImportOptions = CgpParseOptions & ReplayOptions;

/** Parses CGP lines (one position per line) or a GCG file (game + positions after every event). */
export const importCrossword = (
  format: 'CGP' | 'GCG',
  data: string | Uint8Array,
  options: CrosswordImportOptions = {},
): Result<CrosswordImport> => {
  if (format === 'CGP') {
    const text = typeof data === 'string' ? data : new TextDecoder('utf-8').decode(data);
    return ok({ format, positions: parseCgpLines(text, options) });
  }
  const game = parseGcg(data);
  if (!game.ok) return game;
  const replay = replayGcg(game.value, options);
  if (!replay.ok) return replay;
  return ok({ format, game: game.value, replay: replay.value });
};
