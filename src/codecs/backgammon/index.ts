/**
 * Backgammon codecs: gnubg Position ID and Match ID, SGF GM[6] games, Jellyfish
 * .mat matches, replay of a game to one keyed position per ply, and gnubg
 * analysis equities.
 */
export * from './types';
export * from './positionId';
export * from './matchId';
export * from './points';
export * from './sgfGame';
export * from './replay';
export * from './legality';
export * from './analysis';
export * from './matFile';
export * from './matGame';
