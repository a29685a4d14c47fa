/**
 * A game's typed attributes, read once at import (and by the catch-up that fills games stored
 * before): the players' ratings and the speed as its game's module reads them from the metadata,
 * the length of its main line, and the opening its main line reaches where the game names openings.
 */
import type { GameAttributes, GameRecord } from '../db/records';
import { gameOf } from './index';

/** The keys of the main line's positions, in order (a (ply) place met again keeps its first node). */
const mainLineKeys = (record: Pick<GameRecord, 'plies'>): string[] => {
  const keys: string[] = [];
  const seen = new Set<number>();
  for (const p of record.plies) {
    if (p.variation !== '' || seen.has(p.ply)) continue;
    seen.add(p.ply);
    keys.push(p.position.key);
  }
  return keys;
};

/** What `record` says of its players, pace, length and opening. */
export const attributesOf = (record: Pick<GameRecord, 'kind' | 'metadata' | 'plies' | 'startFen'>): GameAttributes => {
  const game = gameOf(record.kind);
  const play = game.attributes?.(record.metadata ?? {}) ?? { player1Rating: null, player2Rating: null, speed: null };
  const keys = mainLineKeys(record);
  // A game from a set-up position names no opening (lichess names games from the standard start only).
  const opening = record.startFen ? null : (game.openings?.ofLine(keys) ?? null);
  return {
    ...play,
    plyCount: Math.max(0, keys.length - 1),
    eco: opening?.eco ?? null,
    opening,
  };
};
