/** The chess codecs: rules engine, FEN, SAN, UCI, PGN (streaming), Polyglot keys, GameText, replay, lichess accuracy figures. */
export * from './board';
export * from './moves';
export * from './fen';
export * from './san';
export * from './uci';
export * from './pgn';
export * from './pgnStream';
export * from './polyglot';
export * from './gameTextMoves';
export * from './replay';
export * from './gameText';
export * from './accuracy';
export * from './packedMoves';
