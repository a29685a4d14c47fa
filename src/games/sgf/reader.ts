/**
 * The SGF format: a reader that turns an SGF collection into game records. The collection
 * is streamed one top-level game tree at a time (`stream.ts` decodes it, the codec's
 * `sgfSegments` cuts it), each parsed with the shared SGF codec and handed to the tree reader
 * of the game module whose SGF game type (`GM`) it is (the registry, `src/games/index.ts`,
 * builds the reader from them). Every game keeps its own tree's text as `source`, so export
 * is lossless (analysis and unknown properties included). Errors name the tree and its place in the file; the first error in
 * file order stops the import (nothing is stored: the import is one transaction).
 */
import { looksLikeMat } from '../../codecs/backgammon';
import type { CodecError } from '../../codecs/result';
import type { ZobristHasher } from '../../codecs/go';
import type { SgfGame } from '../types';
import { type SgfSegment, type SgfTree, parseSgf, sgfDecoderFor, sgfSegments } from '../../codecs/sgf';
import type { GameRecord, ImportChunk } from '../../db/records';
import { plyCountOf } from '../../db/packedPlies';
import type { FormatReader, RecordedTables } from '../formats';
import { ImportFailure, importError } from '../importFailure';
import { type PieceReader, readInPieces } from '../reading/pieces';
import { sgfText } from './stream';
import { LineIndex, normId } from './tree';
import { pushAll } from '../../codecs/arrays';
import { TextDecoder } from 'node:util';

/** The GM value of a tree's root; FF[4] says a missing GM means 1 (Go). */
const gameTypeOf = (tree: SgfTree): number => {
  const gm = tree.nodes[0]?.properties.find((p) => normId(p.id) === 'GM');
  if (!gm) return 1;
  const n = Number((gm.values[0] ?? '').trim());
  return Number.isInteger(n) ? n : NaN;
};

/** Names of game types tabula recognises but does not read yet, for the error message. */
const GAME_NAMES: Record<number, string> = { 1: 'Go', 2: 'Othello', 3: 'chess', 4: 'Gomoku', 5: "Nine Men's Morris", 7: 'Chinese chess', 8: 'shogi' };

/** The text of each top-level tree: from its `(` to its closing `)`. */
const treeSources = (text: string, trees: SgfTree[]): string[] => {
  const starts = trees.map((t) => text.lastIndexOf('(', t.nodes[0]?.offset ?? 0));
  return starts.map((start, i) => {
    const end = text.lastIndexOf(')', i + 1 < starts.length ? starts[i + 1] : text.length);
    return text.slice(start, end + 1);
  });
};

/** Plies per chunk: a chunk is stored before the next is read, so memory stays bounded by a few games. */
const PLIES_PER_CHUNK = 2000;

/** Moves a parsed segment's node offsets (from the segment's start) to file offsets. */
const toFileOffsets = (trees: SgfTree[], base: number): void => {
  const stack = [...trees];
  for (let tree = stack.pop(); tree; tree = stack.pop()) {
    for (const node of tree.nodes) if (node.offset !== undefined) node.offset += base;
    pushAll(stack, tree.children);
  }
};

/** A parse error in a segment, placed in the file. */
const segmentFailure = (error: CodecError, segment: SgfSegment, lines: LineIndex): ImportFailure => {
  if (error.offset === undefined) return new ImportFailure(error);
  const offset = segment.offset + error.offset;
  // The one parse message that names an offset: the tree left open.
  const message = error.message.replace(/opened at offset (\d+)/, (_m, at: string) => `opened at offset ${segment.offset + Number(at)}`);
  return new ImportFailure({ ...error, message, offset, ...lines.at(offset) });
};

/** A parse error at the start of a file that is a Jellyfish .mat match: says so, and which format reads it. */
const withMatHint = (error: CodecError, segment: SgfSegment): CodecError =>
  segment.offset === 0 && looksLikeMat(segment.text)
    ? { ...error, message: `${error.message} (this looks like a Jellyfish .mat match file; use format MAT)` }
    : error;

/** The game of a tree's game type; throws ERR_SGF_GAME_KIND for a game tabula does not read. */
const gameOfTree = (byType: ReadonlyMap<number, SgfGame>, tree: SgfTree, index: number, lines: LineIndex): SgfGame => {
  const gm = gameTypeOf(tree);
  const game = byType.get(gm);
  if (game) return game;
  const offset = tree.nodes[0]?.offset ?? 0;
  const name = GAME_NAMES[gm];
  throw new ImportFailure(
    importError(
      'ERR_SGF_GAME_KIND',
      `game tree ${index}: ${Number.isNaN(gm) ? 'GM is not a number' : `GM[${gm}]${name ? ` ${name}` : ''} games are not supported yet`}` +
        ` (this build reads GM[${[...byType.keys()].sort((a, b) => a - b).join('], GM[')}])`,
      { record: index, offset, ...lines.at(offset), field: 'GM' },
    ),
  );
};

/**
 * PostgreSQL text cannot hold U+0000: a NUL in any property value of a tree is refused before
 * the tree is read, naming the game tree, the node (from 1, in file order) and the property,
 * whatever the value would have become (a name, a score's settings, an analysis, a warning).
 */
const refuseNul = (tree: SgfTree, index: number, lines: LineIndex): void => {
  let node = 0;
  // Depth first, in file order: a tree's variations go on the stack last first, so the first pops next.
  const trees = [tree];
  for (let t = trees.pop(); t; t = trees.pop()) {
    for (const n of t.nodes) {
      node++;
      for (const p of n.properties) {
        const value = p.values.find((v) => v.includes('\u0000'));
        if (value === undefined) continue;
        const offset = n.offset ?? 0;
        throw new ImportFailure(
          importError(
            'ERR_IMPORT_VALUE',
            `game tree ${index}, node ${node}, property ${p.id}: the value holds a NUL character (U+0000) at offset ${value.indexOf('\u0000')} of the value; text cannot hold one`,
            { record: index, offset, ...lines.at(offset), field: p.id },
          ),
        );
      }
    }
    for (let c = t.children.length - 1; c >= 0; c--) trees.push(t.children[c]);
  }
};

/** Only white space (as the SGF parser skips it). */
const isBlank = (text: string): boolean => {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x20 && text.charCodeAt(i) !== 0xfeff) return false;
  return true;
};

/** The trees of one segment, each with its own text, their node offsets placed in the file. */
interface ParsedSegment {
  trees: SgfTree[];
  sources: string[];
  lines: LineIndex;
  hasNul: boolean;
}

/** Parses one segment of the file; throws ImportFailure (placed in the file) on a parse error. */
const parseSegment = (segment: SgfSegment): ParsedSegment => {
  const lines = new LineIndex(segment);
  const parsed = parseSgf(segment.text);
  if (!parsed.ok) throw segmentFailure(withMatHint(parsed.error, segment), segment, lines);
  const trees = parsed.value;
  const sources = treeSources(segment.text, trees);
  toFileOffsets(trees, segment.offset);
  return { trees, sources, lines, hasNul: segment.text.includes('\u0000') };
};

/** The game of tree `t` of a parsed segment (tree `index` of the file); a tree holding a NUL is refused first. */
const gameAt = (byType: ReadonlyMap<number, SgfGame>, segment: ParsedSegment, t: number, index: number): SgfGame => {
  if (segment.hasNul) refuseNul(segment.trees[t], index, segment.lines);
  return gameOfTree(byType, segment.trees[t], index, segment.lines);
};

/** Tree `t` of a parsed segment (tree `index` of the file) read by its game. */
const readTreeAt = (segment: ParsedSegment, t: number, index: number, game: SgfGame, goHasher: ZobristHasher | undefined): ImportChunk =>
  game.readTree(segment.trees[t], { lines: segment.lines, index, source: segment.sources[t], goHasher });

/**
 * A stored game's tree text: the import stored it as UTF-8, whatever charset its file named, so
 * it is read as UTF-8 (as the import read it); bytes that are not UTF-8 are read as a file is.
 */
const storedTreeText = (source: Uint8Array): string => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(source);
  } catch {
    const found = sgfDecoderFor(source);
    if (!found.ok) throw new ImportFailure(found.error);
    return found.value.decoder.decode(source.subarray(found.value.skip));
  }
};

/** The record the import made of a stored game (its own tree's text), read again: the first game its text holds. */
const rereadSgf = (byType: ReadonlyMap<number, SgfGame>, source: Uint8Array, tables: RecordedTables): GameRecord | null => {
  const segment = parseSegment({ text: storedTreeText(source), offset: 0, line: 1, column: 1 });
  for (let t = 0; t < segment.trees.length; t++) {
    const game = gameAt(byType, segment, t, t);
    const record = readTreeAt(segment, t, t, game, tables.goHasher).games?.[0];
    if (record) return record;
  }
  return null;
};

/** What one segment of the file (one top-level tree, as a rule) gave: each tree's chunk, with its game type. */
interface SgfSegmentRead {
  trees: { gameType: number; chunk: ImportChunk }[];
}

/**
 * The SGF reader of these games in pieces: a piece is a segment of the file (`sgfSegments`: one
 * top-level tree, as a rule), each tree read by the game of its `GM`; `first` is the number of
 * trees before it. What a game takes from the game before it (`SgfGame.follow`) is added when the
 * chunks are assembled, in file order.
 */
const sgfPiecesOf = (byType: ReadonlyMap<number, SgfGame>): PieceReader<SgfSegment, SgfSegmentRead> => ({
  pieces: (input) => sgfSegments(sgfText(input)),
  size: (segment) => segment.text.length,
  expected: (segment) => (isBlank(segment.text) ? 0 : 1),
  read(text, { first, tables }) {
    // What follows the last tree: white space is fine; anything else (or no tree at all) is the parser's error.
    if (first > 0 && isBlank(text.text)) return { read: { trees: [] }, counted: 0 };
    const segment = parseSegment(text);
    const trees: SgfSegmentRead['trees'] = [];
    for (let t = 0; t < segment.trees.length; t++) {
      const index = first + t;
      const game = gameAt(byType, segment, t, index);
      // A game hashed with a Zobrist table reads the import's table, which the import resolves once.
      if (game.hashed && !tables) return { needsTables: true };
      trees.push({ gameType: game.gameType, chunk: readTreeAt(segment, t, index, game, tables?.goHasher) });
    }
    return { read: { trees }, counted: segment.trees.length };
  },
  recordsOf: (read) => ({ games: read.trees.flatMap((t) => t.chunk.games ?? []), scores: read.trees.flatMap((t) => t.chunk.scores ?? []) }),
  assemble: (reads) => assembleSgf(byType, reads),
});

async function* assembleSgf(byType: ReadonlyMap<number, SgfGame>, reads: AsyncIterable<SgfSegmentRead>): AsyncGenerator<ImportChunk> {
  let pending: ImportChunk = { games: [], scores: [], warnings: [] };
  let plies = 0;
  let previous: GameRecord | undefined;
  for await (const read of reads) {
    for (const { gameType, chunk } of read.trees) {
      const follow = byType.get(gameType)?.follow;
      for (const g of chunk.games ?? []) {
        follow?.(g, previous);
        pending.games!.push(g);
        plies += plyCountOf(g);
        previous = g;
      }
      pushAll(pending.scores!, chunk.scores ?? []);
      pushAll(pending.warnings!, chunk.warnings ?? []);
      if (plies >= PLIES_PER_CHUNK) {
        yield pending;
        pending = { games: [], scores: [], warnings: [] };
        plies = 0;
      }
    }
  }
  if (pending.games!.length > 0 || pending.warnings!.length > 0) yield pending;
}

/** The SGF reader of these games: each tree goes to the game of its `GM`. */
export const sgfReaderOf = (games: readonly SgfGame[]): FormatReader => {
  const byType = new Map(games.map((g) => [g.gameType, g]));
  const pieces = sgfPiecesOf(byType);
  return {
    format: 'SGF',
    binary: false,
    read: (input, options, context) => readInPieces(pieces, input, options, context),
    pieces,
    reread: ({ source }, _options, tables) => rereadSgf(byType, source, tables),
    rereadsWithTables: games.some((g) => g.hashed),
  };
};
