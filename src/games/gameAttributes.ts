/**
 * A game's typed attributes, read once at import (and by the catch-up that fills games stored
 * before): the players' ratings and the speed as its game's module reads them from the metadata,
 * the length of its main line, the opening its main line reaches where the game names openings,
 * and the pattern pre-filter its game's pattern language keeps.
 */
import type { GameAttributes, GameRecord, PlyRecord } from '../db/records';
import type { ImportOptions } from './formats';
import { gameOf, readerFor } from './index';

/**
 * The main line's plies in order from the start, as a pattern is tested on them
 * (`PatternGame.plies`: `plies[i].ply === i`): a (ply) place met again keeps its first node, and
 * the line ends before a missing ply. The import's signature and a search's replay both read it.
 */
export const mainLinePlies = (plies: readonly PlyRecord[]): PlyRecord[] => {
  const byPly: PlyRecord[] = [];
  for (const p of plies) if (p.variation === '' && p.ply >= 0 && byPly[p.ply] === undefined) byPly[p.ply] = p;
  const line: PlyRecord[] = [];
  while (byPly[line.length] !== undefined) line.push(byPly[line.length]);
  return line;
};

/**
 * The main line a pattern signature is computed from: the plies a search tests (`PatternGame.plies`,
 * a replay of the stored game), here from the record the reader made. A reader that writes a
 * board only where it needs one (chess writes a FEN only where a score needs a stored row) leaves
 * boards empty: its game is then replayed as a search replays it, so the signature sees what the
 * search sees.
 */
const signedPlies = (record: Pick<GameRecord, 'plies' | 'source' | 'sourceFormat'>, options: ImportOptions): PlyRecord[] => {
  const line = mainLinePlies(record.plies);
  if (line.every((p) => p.position.board !== '')) return line;
  const replayed = readerFor(record.sourceFormat)?.replay?.(record.source, options);
  return replayed ? mainLinePlies(replayed) : line;
};

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

/** What `record` says of its players, pace, length and opening, and its pattern signature (`options`: its import's, as a replay reads it). */
export const attributesOf = (
  record: Pick<GameRecord, 'kind' | 'metadata' | 'plies' | 'startFen' | 'source' | 'sourceFormat' | 'patternSignature'>,
  options: ImportOptions = {},
): GameAttributes => {
  const game = gameOf(record.kind);
  const play = game.attributes?.(record.metadata ?? {}) ?? { player1Rating: null, player2Rating: null, speed: null };
  const keys = mainLineKeys(record);
  // A game from a set-up position names no opening (lichess names games from the standard start only).
  const openingKey = record.startFen ? null : (game.openings?.namedKeyOfLine(keys) ?? null);
  const signature = game.patterns?.signature;
  return {
    ...play,
    plyCount: Math.max(0, keys.length - 1),
    eco: openingKey === null ? null : (game.openings?.ofPosition(openingKey)?.eco ?? null),
    openingKey,
    patternSignature: !signature ? null : record.patternSignature?.by === signature ? record.patternSignature.bytes : signature.of(signedPlies(record, options)),
  };
};
