/**
 * Go codecs (pure; parsers return `Result`, never throw on bad input):
 * - board.ts: `GoBoard { width, height, cells }`, `parseBoard(text, w?, h?)`, `boardToString`, `stoneCount`.
 * - symmetry.ts: symmetries 0..7 (bit 0 flip rows, bit 1 flip columns, bit 2 transpose, in that order),
 *   `transformPoint`, `transformBoard`, `inverseSymmetry`, `symmetryPermutation`.
 * - zobrist.ts: `parseZobristTable(text, {points?})`, `printZobristTable`, `generateZobristTable(points, seed)`,
 *   `defaultZobristTable(w?, h?)` (SplitMix64, seed "tabula" + width byte + height byte).
 * - canonical.ts: `createHasher(table, w?, h?)`, `defaultHasher(w?, h?)`, `canonicalHash(hasher, board)`,
 *   `canonicalHashInto` (hot path), `canonicalHashOfText(text, hasher?)`, `zobristHash(hasher, cells, sym?)`.
 * - records.ts / files.ts: 92/100-byte position and 12-byte score records; whole-file and streaming
 *   readers/writers (`decodePositionFile`, `encodePositionFile`, `decodePositionStream`, `encodePositionStream`,
 *   the same for scores, and `RecordStreamDecoder` for push-style use).
 * - rules.ts / sgfGame.ts: `playStone`, `parseGoGame(tree)`, `parseGoGames(text)`.
 */
export * from './hash64';
export * from './splitmix64';
export * from './board';
export * from './symmetry';
export * from './zobrist';
export * from './canonical';
export * from './records';
export * from './files';
export * from './rules';
export * from './sgfGame';
export * from './gtpMove';
