/**
 * Backgammon codecs: gnubg Position ID and Match ID, SGF GM[6] games, Jellyfish
 * .mat matches, replay of a game to one keyed position per ply, gnubg analysis
 * equities, and gnubg's error rates (decision verdicts, match equity table, rating words,
 * settings in words).
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
export * from './met';
export * from './decisionErrors';
export * from './errorRates';
export * from './settingsName';
