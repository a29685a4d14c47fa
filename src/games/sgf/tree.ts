/**
 * What a reader of one SGF game tree gets from the SGF collection reader (storage/sgf.ts): the
 * tree's place in the file (line index, tree index), its own text, and the errors and locations
 * placed in the file. Each game's tree reader (storage/backgammon.ts, storage/goSgf.ts) uses it.
 */
import type { ZobristHasher } from '../../codecs/go';
import type { CodecError } from '../../codecs/result';
import type { SgfTree } from '../../codecs/sgf';
import type { ImportChunk } from '../../db/records';
import { ImportFailure } from '../importFailure';
import type { SgfSegment } from '../../codecs/sgf';

/**
 * Line and column (from 1) of the file offsets in one segment of the file, computed once per
 * segment (binary search per lookup).
 */
export class LineIndex {
  private starts: number[] | undefined;

  constructor(private readonly segment: SgfSegment) {}

  /** Line and column of `offset` (a file offset within the segment). */
  at(offset: number): { line: number; column: number } {
    const { text, line, column } = this.segment;
    if (!this.starts) {
      const starts = [0];
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
      }
      this.starts = starts;
    }
    const local = offset - this.segment.offset;
    const s = this.starts;
    let lo = 0;
    let hi = s.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (s[mid] <= local) lo = mid;
      else hi = mid - 1;
    }
    return lo === 0 ? { line, column: column + local } : { line: line + lo, column: local - s[lo] + 1 };
  }
}

/** What a per-game-type tree reader gets besides its tree. */
export interface TreeContext {
  /** Line and column of file offsets in the tree's segment. */
  lines: LineIndex;
  /** Index of the tree in the collection, from 0. */
  index: number;
  /** The tree's own text, exactly as in the file. */
  source: string;
  /** GM[1]: the 9x9 hasher of the active Zobrist table. */
  goHasher?: ZobristHasher;
}

/** Reads one game tree into records; throws ImportFailure on input it cannot store. */
export type TreeReader = (tree: SgfTree, context: TreeContext) => ImportChunk;

/** Property id as gnubg and FF[3] files write it: lowercase letters dropped (`GaMe` = `GM`). */
export const normId = (id: string): string => id.replace(/[a-z]/g, '');

/** Location of a node offset, plus the tree index as `record`. */
export const where = (context: TreeContext, offset: number | undefined): { record: number; offset?: number; line?: number; column?: number } =>
  offset === undefined ? { record: context.index } : { record: context.index, offset, ...context.lines.at(offset) };

/** Re-bases a codec error on a single tree to the tree's place in the file. */
export const treeFailure = (error: CodecError, context: TreeContext, offset?: number): ImportFailure => {
  const message = `game tree ${context.index}: ${error.message.replace(/^game tree \d+: /, '')}`;
  const at = error.offset ?? offset;
  const loc = at === undefined ? {} : { offset: at, ...context.lines.at(at) };
  return new ImportFailure({ ...error, message, record: context.index, ...loc });
};
