/**
 * Go: positions by (canonical) hash, canonical hashing of boards, Zobrist
 * tables, export of position and score files, and the score analyses
 * (histogram, distribution, diff, komi), all aggregated in SQL.
 */
import {
  type ZobristHasher,
  boardToString,
  canonicalHashInto,
  canonicalHashOfText,
  defaultHasher,
  inverseSymmetry,
  parseBoard,
  parseHashHex,
  parseHashOrKeyHex,
  parseZobristTable,
  squareBoardSize,
  transformBoard,
} from '../codecs/go';
import type { Position, Score } from '../generated/prisma/client';
import type { Context } from '../api/context';
import { badUserInput, codecInputError, notFound } from '../api/errors';
import { decodeCursor, encodeCursor, intArg, loadOrNotFound, parseId } from '../api/args';
import {
  DEFAULT_ZOBRIST_TABLE,
  type NamedHasher,
  exportGoPositionFile,
  exportGoScoreFile,
  goHasher,
  hashHexOf,
  parseGoKey,
} from '../storage/go';
import { type ScoreSet, goKomiVerdicts, goScoreDiff, goScoreDistribution, goScoreSets, goStoneHistogram } from '../storage/goAnalysis';
import { checkImportHashes } from '../storage/goHashCheck';
import { goPositionByKey, goPositionsByHash } from '../storage/goPositions';
import { type ZobristTableRow, activateZobristTable, listZobristTables, saveZobristTable, zobristTableNamed } from '../storage/zobristTables';
import { occurrencesOf } from './positions';

// ------------------------------------------------------------------ helpers

/** The active hasher, looked up once per request. */
const activeHashers = new WeakMap<Context, Promise<NamedHasher>>();
const activeHasher = (context: Context): Promise<NamedHasher> => {
  let found = activeHashers.get(context);
  if (!found) {
    found = goHasher(context.db.sql).then((h) => h ?? { name: DEFAULT_ZOBRIST_TABLE, hasher: defaultHasher(9, 9) });
    activeHashers.set(context, found);
  }
  return found;
};

const color = (side: string | null): 'BLACK' | 'WHITE' => (side === 'W' ? 'WHITE' : 'BLACK');

const KOMIS = [4, 5, 6, 7];

/** A stored score as the GraphQL GoScore parent. */
interface GoScoreParent {
  program: string;
  ruleset: string;
  value: number;
  confidence: number | null;
}

const goScoreOf = (program: string, ruleset: string, value: number, confidence: number | null): GoScoreParent => ({
  program,
  ruleset,
  value,
  confidence,
});

interface PositionData {
  width?: number;
  height?: number;
  extra?: { sourceFileId: number; variation: number; moveNumber: number };
}
const dataOf = (p: Position): PositionData => (p.data && typeof p.data === 'object' ? (p.data as PositionData) : {});

/** Rotation facts of a stored board under the active table (or the default table of its size). */
const orientationOf = async (p: Position, context: Context) => {
  if (!p.board) return null;
  const { width = 9, height = 9 } = dataOf(p);
  const hasher: ZobristHasher = width === 9 && height === 9 ? (await activeHasher(context)).hasher : defaultHasher(width, height);
  const board = parseBoard(p.board, width, height);
  if (!board.ok) return null;
  const out = new Uint32Array(2);
  const rotation = canonicalHashInto(hasher, board.value.cells, out);
  const hash = out[0].toString(16).padStart(8, '0') + out[1].toString(16).padStart(8, '0');
  return { rotation, inverse: inverseSymmetry(rotation), agrees: p.hash !== null && hashHexOf(p.hash) === hash };
};

/** 16 hex digits (or 20, a stored key, where `allowKey`), lower-cased; BAD_USER_INPUT otherwise. */
const hashArgument = (text: string, argument: string, allowKey: boolean): string => {
  const hex = text.trim().toLowerCase();
  const parsed = allowKey ? parseHashOrKeyHex(hex) : parseHashHex(hex);
  if (!parsed.ok) throw codecInputError(parsed.error, argument);
  return hex;
};

const collectBase64 = async (chunks: AsyncIterable<Uint8Array>): Promise<string> => {
  const parts: Uint8Array[] = [];
  for await (const c of chunks) parts.push(c);
  return Buffer.concat(parts).toString('base64');
};

const tableNamed = (context: Context, name: string): Promise<ZobristTableRow> =>
  loadOrNotFound(zobristTableNamed(context.db, name), `Zobrist table "${name}"`);


interface ScoreSetInput {
  program: string;
  ruleset?: string | null;
}

/** A score set argument, its ruleset "" when absent. */
const scoreSetOf = (input: ScoreSetInput): ScoreSet => ({ program: input.program, ruleset: input.ruleset ?? '' });

// ------------------------------------------------------------------ resolvers

export const goResolvers = {
  Query: {
    goPosition: async (_: unknown, { hash, toPlay }: { hash: string; toPlay?: 'BLACK' | 'WHITE' | null }, { db }: Context) => {
      const hex = hashArgument(hash, 'hash', true);
      if (hex.length === 20) {
        const p = await goPositionByKey(db, hex);
        return p && (!toPlay || color(p.sideToMove) === toPlay) ? p : null;
      }
      const side = toPlay ? (toPlay === 'WHITE' ? 'W' : 'B') : undefined;
      const rows = await goPositionsByHash(db, hex, side);
      // 9x9 keys first, then Black to play, then the lowest tiebreak (the key orders both).
      rows.sort((a, b) => a.key.length - b.key.length || (a.sideToMove === 'B' ? 0 : 1) - (b.sideToMove === 'B' ? 0 : 1) || a.key.localeCompare(b.key));
      return rows[0] ?? null;
    },
    goPositions: async (_: unknown, { hash }: { hash: string }, { db }: Context) => {
      const hex = hashArgument(hash, 'hash', false);
      return goPositionsByHash(db, hex);
    },
    goCanonicalHash: async (_: unknown, { board, table }: { board: string; table?: string | null }, context: Context) => {
      const text = board.replace(/\s+/g, '');
      const squared = squareBoardSize(text);
      if (!squared.ok) throw codecInputError(squared.error, 'board');
      const size = squared.value;
      let named: NamedHasher;
      if (size === 9) {
        const found = table ? await goHasher(context.db.sql, table) : await activeHasher(context);
        if (!found) throw badUserInput(`no Zobrist table is called "${table}"`, { argument: 'table' });
        named = found;
      } else {
        if (table && table !== DEFAULT_ZOBRIST_TABLE) throw badUserInput('stored Zobrist tables are 9x9; other sizes use their default table', { argument: 'table' });
        named = { name: DEFAULT_ZOBRIST_TABLE, hasher: defaultHasher(size, size) };
      }
      const hashed = canonicalHashOfText(text, named.hasher);
      if (!hashed.ok) throw codecInputError(hashed.error, 'board');
      const parsed = parseBoard(text, size, size);
      if (!parsed.ok) throw codecInputError(parsed.error, 'board');
      const canonicalBoard = boardToString(transformBoard(parsed.value, hashed.value.rotation));
      return { ...hashed.value, canonicalBoard, table: named.name };
    },
    zobristTables: async (_: unknown, { first }: { first?: number | null }, context: Context) =>
      (await listZobristTables(context.db)).slice(0, intArg(first, 100, 0, 1000, 'first')),
    goHashCheck: async (_: unknown, { importId, table }: { importId: string; table?: string | null }, context: Context) => {
      const id = parseId(importId, 'importId');
      const named = table ? await goHasher(context.db.sql, table) : await activeHasher(context);
      if (!named) throw badUserInput(`no Zobrist table is called "${table}"`, { argument: 'table' });
      return checkImportHashes(context.db.sql, id, named);
    },
    exportGoPositions: (_: unknown, { importId }: { importId?: string | null }, { db }: Context) =>
      collectBase64(exportGoPositionFile(db.sql, importId ? parseId(importId, 'importId') : undefined)),
    exportGoScores: (_: unknown, { program, ruleset }: { program: string; ruleset?: string | null }, { db }: Context) =>
      collectBase64(exportGoScoreFile(db.sql, program, ruleset ?? '')),
    goScoreSets: (_: unknown, { first }: { first?: number | null }, { db }: Context) => goScoreSets(db, intArg(first, 100, 0, 1000, 'first')),
    goStoneHistogram: (_: unknown, { listedOnly }: { listedOnly?: boolean | null }, { db }: Context) =>
      goStoneHistogram(db, listedOnly !== false),
    goScoreDistribution: (
      _: unknown,
      args: { program: string; ruleset?: string | null; byStoneCount?: boolean | null; minConfidence?: number | null },
      { db }: Context,
    ) =>
      goScoreDistribution(db, scoreSetOf(args), {
        byStoneCount: args.byStoneCount === true,
        minConfidence: intArg(args.minConfidence, 0, 0, 100, 'minConfidence'),
      }),
    goScoreDiff: async (
      _: unknown,
      args: { a: ScoreSetInput; b: ScoreSetInput; minConfidence?: number | null; minDifference?: number | null; first?: number | null; after?: string | null },
      { db }: Context,
    ) => {
      const a = scoreSetOf(args.a);
      const b = scoreSetOf(args.b);
      const diff = await goScoreDiff(db, a, b, {
        minConfidence: intArg(args.minConfidence, 0, 0, 100, 'minConfidence'),
        minDifference: intArg(args.minDifference, 1, 1, 5, 'minDifference'),
        first: intArg(args.first, 50, 0, 500, 'first'),
        afterScoreId: decodeCursor('godiff', args.after) ?? 0n,
      });
      const last = diff.page[diff.page.length - 1];
      return {
        compared: diff.compared,
        agreeing: diff.agreeing,
        disagreeing: diff.disagreeing,
        buckets: diff.buckets,
        nodes: diff.page.map((d) => ({
          positionId: d.positionId,
          a: goScoreOf(a.program, a.ruleset, d.a.value, d.a.confidence),
          b: goScoreOf(b.program, b.ruleset, d.b.value, d.b.confidence),
          difference: Math.round(d.b.value - d.a.value),
        })),
        endCursor: diff.hasNextPage && last ? encodeCursor('godiff', last.scoreId) : null,
        hasNextPage: diff.hasNextPage,
      };
    },
    goKomiVerdicts: (_: unknown, args: { program: string; ruleset?: string | null; minConfidence?: number | null }, { db }: Context) =>
      goKomiVerdicts(db, scoreSetOf(args), intArg(args.minConfidence, 0, 0, 100, 'minConfidence')),
  },
  Mutation: {
    importZobristTable: async (
      _: unknown,
      { name, data, activate }: { name: string; data: string; activate?: boolean | null },
      context: Context,
    ) => {
      const clean = name.trim();
      if (!clean || clean.length > 100) throw badUserInput('name must be 1..100 characters', { argument: 'name' });
      if (clean === DEFAULT_ZOBRIST_TABLE) throw badUserInput(`"${DEFAULT_ZOBRIST_TABLE}" is the shipped table's name`, { argument: 'name' });
      const parsed = parseZobristTable(data);
      if (!parsed.ok) throw codecInputError(parsed.error, 'data');
      await saveZobristTable(context.db, clean, data, activate !== false);
      activeHashers.delete(context);
      return tableNamed(context, clean);
    },
    activateZobristTable: async (_: unknown, { name }: { name: string }, context: Context) => {
      if (!(await activateZobristTable(context.db, name))) throw notFound(`Zobrist table "${name}"`);
      activeHashers.delete(context);
      return tableNamed(context, name);
    },
  },
  ImportReport: {
    goHashCheck: async (report: { format: string; importId: string }, _: unknown, context: Context) =>
      report.format === 'GO_POSITIONS' ? checkImportHashes(context.db.sql, BigInt(report.importId), await activeHasher(context)) : null,
  },
  ZobristTable: {
    data: (t: ZobristTableRow) => t.text,
    createdAt: (t: ZobristTableRow) => t.createdAt?.toISOString() ?? null,
  },
  GoPosition: {
    id: (p: Position) => String(p.id),
    key: (p: Position) => p.key,
    hash: (p: Position) => (p.hash === null ? p.key.slice(-20, -4) : hashHexOf(p.hash)),
    tiebreak: (p: Position) => parseGoKey(p.key.slice(-20))?.tiebreak ?? 0,
    toPlay: (p: Position) => color(p.sideToMove),
    board: (p: Position) => p.board || null,
    width: (p: Position) => dataOf(p).width ?? 9,
    height: (p: Position) => dataOf(p).height ?? 9,
    stoneCount: (p: Position) => p.pieceCount,
    rotation: async (p: Position, _: unknown, context: Context) => (await orientationOf(p, context))?.rotation ?? null,
    inverseRotation: async (p: Position, _: unknown, context: Context) => (await orientationOf(p, context))?.inverse ?? null,
    hashAgrees: async (p: Position, _: unknown, context: Context) => (await orientationOf(p, context))?.agrees ?? null,
    extra: (p: Position) => dataOf(p).extra ?? null,
    listed: (p: Position) => p.listImportId !== null,
    scores: async (p: Position, _: unknown, { loaders }: Context) =>
      (await loaders.scores.load(p.id)).map((s: Score) => goScoreOf(s.program, s.ruleset, s.value, s.confidence)),
    occurrences: occurrencesOf,
    occurrenceCount: (p: Position, _: unknown, { loaders }: Context) => loaders.occurrenceCount.load(p.id),
  },
  GoScore: {
    score: (s: GoScoreParent) => Math.round(s.value),
    confidence: (s: GoScoreParent) => Math.round(s.confidence ?? 0),
    komi: (s: GoScoreParent) =>
      KOMIS.map((komi) => ({ komi, winner: s.value > komi ? 'BLACK' : s.value === komi ? 'JIGO' : 'WHITE' })),
  },
  GoScoreDisagreement: {
    position: (d: { positionId: bigint }, _: unknown, { loaders }: Context) =>
      loadOrNotFound(loaders.position.load(d.positionId), 'position'),
  },
};
