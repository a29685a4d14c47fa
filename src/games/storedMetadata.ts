/**
 * A stored game's metadata (its other tags or properties): what its row keeps, or, for a game
 * whose import kept none because its source holds them all (`GameRecord.metadataInSource`, a PGN
 * game's tags), what its format's reader reads again from the source.
 */
import type { Game } from '../generated/prisma/client';
import { readerFor } from './index';

/** The metadata of a stored game, as its import's record had it. */
export const storedMetadata = (game: Pick<Game, 'sourceFormat' | 'source' | 'metadata'>): Record<string, unknown> => {
  const kept = (game.metadata ?? {}) as Record<string, unknown>;
  for (const _ in kept) return kept;
  return readerFor(game.sourceFormat)?.metadata?.(game.source) ?? kept;
};
