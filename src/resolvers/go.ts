/**
 * Go: positions by (canonical) hash, canonical hashing of boards, Zobrist
 * tables, export of position and score files, the score analyses
 * (histogram, distribution, diff, komi), all aggregated in SQL, and diagrams.
 */
import type { GoScoreSetInput, Resolvers } from '../generated/graphql';
import type { GoScoreDiffParent, GoScoreParent, PositionParent } from '../api/parents';
import {
  type CanonicalHash,
  boardToString,
  canonicalHash,
  defaultHasher,
  parseBoard,
  parseHashHex,
  parseHashOrKeyHex,
  parseZobristTable,
  squareBoardSize,
  transformBoard,
} from '../codecs/go';
import type { Context } from '../api/context';
import { badUserInput, codecInputError, notFound } from '../api/errors';
import { decodeKeyCursor, encodeKeyCursor, intArg, isCursorNumber, pageInfoOf, pageOf, pageRequest, loadOrNotFound, parseId } from '../api/args';
import {
  DEFAULT_ZOBRIST_TABLE,
  type NamedHasher,
  exportGoPositionFile,
  exportGoScoreFile,
  goHasher,
  parseGoKey,
} from '../games/go/files';
import { hashHexOf } from '../codecs/hashes';
import { type ScoreSet, goDisagreementByStones, goDisagreementPage, goKomiVerdicts, goScoreCrossTab, goScoreDiffCounts, goScoreDistribution, goScoreSetPairs, goScoreSets, goStoneHistogram } from '../games/go/analysis';
import { checkImportHashes } from '../games/go/hashCheck';
import { positionsOfQuery } from '../storage/boards';
import { goHashQuery } from '../games/go/keyForms';
import { goBoardSize, goPositionDiagram, squareBoardDiagram } from '../games/go/diagram';
import { isStored } from '../storage/lookups';
import { type ZobristTableRow, activateZobristTable, listZobristTables, saveZobristTable, zobristTableNamed } from '../storage/zobristTables';
import { diagramOptions } from './diagrams';
import { movesOf, occurrenceCountOf, occurrencePageOf, occurrencesOf, positionId, recentGamesOf, scoresOf, topGamesOf } from './positions';

// ------------------------------------------------------------------ helpers

/** The active (9x9) hasher, looked up once per request. */
const activeHasher = (context: Context): Promise<NamedHasher> => context.loaders.goHashers.load(9);

const color = (side: string | null): 'BLACK' | 'WHITE' => (side === 'W' ? 'WHITE' : 'BLACK');

const KOMIS = [4, 5, 6, 7];

const goScoreOf = (program: string, ruleset: string, value: number, confidence: number | null): GoScoreParent => ({
  program,
  ruleset,
  value,
  confidence,
});

/** Where a position file record came from (its PositionExtraInfo), kept in the position's data. */
const extraOf = (p: PositionParent) => {
  const data = (p.data && typeof p.data === 'object' ? p.data : {}) as { extra?: { sourceFileId: number; variation: number; moveNumber: number } };
  return data.extra ?? null;
};

/** The canonical hash of a stored board under the active table (or the default table of its size); null without a board that reads. */
const canonicalOf = async (p: PositionParent, context: Context): Promise<CanonicalHash | null> => {
  if (!p.board) return null;
  const { width, height } = goBoardSize(p.data);
  const board = parseBoard(p.board, width, height);
  if (!board.ok) return null;
  const hasher = width === 9 && height === 9 ? (await activeHasher(context)).hasher : defaultHasher(width, height);
  return canonicalHash(hasher, board.value);
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


/** A `minConfidence` argument: 0..100, 0 when absent. */
const minConfidenceArg = (value: number | null | undefined): number => intArg(value, 0, 0, 100, 'minConfidence');

/** The two score sets a comparison is about, and its thresholds (confidence 0..100, difference 1..5 points). */
const comparisonOf = (args: { a: GoScoreSetInput; b: GoScoreSetInput; minConfidence?: number | null; minDifference?: number | null }) => ({
  a: scoreSetOf(args.a),
  b: scoreSetOf(args.b),
  thresholds: {
    minConfidence: minConfidenceArg(args.minConfidence),
    minDifference: intArg(args.minDifference, 1, 1, 5, 'minDifference'),
  },
});

/** A function that runs `work` the first time it is called and gives the same promise after. */
const once = <T>(work: () => Promise<T>): (() => Promise<T>) => {
  let started: Promise<T> | undefined;
  return () => (started ??= work());
};

/** A score set argument, its ruleset "" when absent. */
/** The cursor of one disagreement in `order`: its sort value and score id. */
const disagreementCursor = (order: string, row: { sortValue: number | null; scoreId: bigint }): string =>
  encodeKeyCursor(order, row.sortValue === null ? null : String(row.sortValue), row.scoreId);

const scoreSetOf = (input: GoScoreSetInput): ScoreSet => ({ program: input.program, ruleset: input.ruleset ?? '' });

// ------------------------------------------------------------------ resolvers

export const goResolvers: Resolvers = {
  Query: {
    goPosition: async (_, { hash, toPlay }, context) => {
      const hex = hashArgument(hash, 'hash', true);
      if (hex.length === 20) {
        const [p] = await context.loaders.positionsByKey.load({ kind: 'GO', key: hex });
        return p && (!toPlay || color(p.sideToMove) === toPlay) ? p : null;
      }
      const side = toPlay ? (toPlay === 'WHITE' ? 'W' : 'B') : undefined;
      const rows = await positionsOfQuery(context.db, context.loaders.source, 'GO', goHashQuery(hex, side), Infinity);
      // 9x9 keys first, then Black to play, then the lowest tiebreak (the key orders both).
      rows.sort((a, b) => a.key.length - b.key.length || (a.sideToMove === 'B' ? 0 : 1) - (b.sideToMove === 'B' ? 0 : 1) || a.key.localeCompare(b.key));
      return rows[0] ?? null;
    },
    goPositions: (_, { hash }, { db, loaders }) => positionsOfQuery(db, loaders.source, 'GO', goHashQuery(hashArgument(hash, 'hash', false)), Infinity),
    goCanonicalHash: async (_, { board, table }, context) => {
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
        named = await context.loaders.goHashers.load(size);
      }
      const parsed = parseBoard(text, size, size);
      if (!parsed.ok) throw codecInputError(parsed.error, 'board');
      const hashed = canonicalHash(named.hasher, parsed.value);
      const canonicalBoard = boardToString(transformBoard(parsed.value, hashed.rotation));
      return { ...hashed, canonicalBoard, table: named.name };
    },
    zobristTables: async (_, { first }, context) =>
      (await listZobristTables(context.db)).slice(0, intArg(first, 100, 0, 1000, 'first')),
    goHashCheck: async (_, { importId, table }, context) => {
      const id = parseId(importId, 'importId');
      const named = table ? await goHasher(context.db.sql, table) : await activeHasher(context);
      if (!named) throw badUserInput(`no Zobrist table is called "${table}"`, { argument: 'table' });
      return checkImportHashes(context.db.sql, id, named);
    },
    exportGoPositions: (_, { importId }, { db }) =>
      collectBase64(exportGoPositionFile(db.sql, importId ? parseId(importId, 'importId') : undefined)),
    exportGoScores: (_, { program, ruleset }, { db }) =>
      collectBase64(exportGoScoreFile(db.sql, program, ruleset ?? '')),
    goScoreSets: (_, { first }, { db }) => goScoreSets(db, intArg(first, 100, 0, 1000, 'first')),
    goScoreSetPairs: (_, { first }, { db }) => goScoreSetPairs(db, intArg(first, 20, 0, 100, 'first')),
    goStoneHistogram: (_, { listedOnly }, { db }) =>
      goStoneHistogram(db, listedOnly !== false),
    goScoreDistribution: (_, args, { db }) =>
      goScoreDistribution(db, scoreSetOf(args), {
        byStoneCount: args.byStoneCount === true,
        minConfidence: minConfidenceArg(args.minConfidence),
      }),
    goScoreDiff: (_, args, { db }, info): GoScoreDiffParent => {
      const { a, b, thresholds: options } = comparisonOf(args);
      const order = args.orderBy ?? 'FILE_ORDER';
      const request = pageRequest(args, info, 50, 500, (cursor, argument) => decodeKeyCursor(order, cursor, argument, isCursorNumber));
      const cursor = request.cursor;
      return {
        a,
        b,
        order,
        counts: once(() => goScoreDiffCounts(db, a, b, options)),
        page: once(async () => {
          const found = await goDisagreementPage(db, a, b, {
            ...options,
            first: request.take,
            order,
            after: cursor && { value: cursor.value === null ? null : Number(cursor.value), scoreId: cursor.id },
            backward: request.backward,
          });
          const { nodes, ...paging } = pageOf(found.page, request, found.hasNextPage);
          return { page: nodes, ...paging };
        }),
      };
    },
    goScoreCrossTab: (_, args, { db }) => {
      const { a, b, thresholds } = comparisonOf(args);
      return goScoreCrossTab(db, a, b, thresholds);
    },
    goDisagreementByStones: (_, args, { db }) => {
      const { a, b, thresholds } = comparisonOf(args);
      return goDisagreementByStones(db, a, b, thresholds);
    },
    goKomiVerdicts: (_, args, { db }) =>
      goKomiVerdicts(db, scoreSetOf(args), minConfidenceArg(args.minConfidence)),
  },
  Mutation: {
    importZobristTable: async (_, { name, data, activate }, context) => {
      const clean = name.trim();
      if (!clean || clean.length > 100) throw badUserInput('name must be 1..100 characters', { argument: 'name' });
      if (clean === DEFAULT_ZOBRIST_TABLE) throw badUserInput(`"${DEFAULT_ZOBRIST_TABLE}" is the shipped table's name`, { argument: 'name' });
      const parsed = parseZobristTable(data);
      if (!parsed.ok) throw codecInputError(parsed.error, 'data');
      await saveZobristTable(context.db, clean, data, activate !== false);
      context.loaders.goHashers.clearAll();
      return tableNamed(context, clean);
    },
    activateZobristTable: async (_, { name }, context) => {
      if ((await activateZobristTable(context.db, name)) === null) throw notFound(`Zobrist table "${name}"`);
      context.loaders.goHashers.clearAll();
      return tableNamed(context, name);
    },
  },
  ImportReport: {
    goHashCheck: async (report, _, context) =>
      report.format === 'GO_POSITIONS' ? checkImportHashes(context.db.sql, parseId(report.importId, 'importId'), await activeHasher(context)) : null,
  },
  ZobristTable: {
    data: (t) => t.text,
    createdAt: (t) => t.createdAt ?? null,
  },
  GoPosition: {
    id: positionId,
    key: (p) => p.key,
    hash: (p) => (p.hash === null ? p.key.slice(-20, -4) : hashHexOf(p.hash)),
    tiebreak: (p) => parseGoKey(p.key.slice(-20))?.tiebreak ?? 0,
    toPlay: (p) => color(p.sideToMove),
    board: (p) => p.board || null,
    width: (p) => goBoardSize(p.data).width,
    height: (p) => goBoardSize(p.data).height,
    stoneCount: (p) => p.pieceCount,
    rotation: async (p, _, context) => (await canonicalOf(p, context))?.rotation ?? null,
    inverseRotation: async (p, _, context) => (await canonicalOf(p, context))?.inverse ?? null,
    hashAgrees: async (p, _, context) => {
      const canonical = await canonicalOf(p, context);
      return canonical === null ? null : p.hash !== null && hashHexOf(p.hash) === canonical.hash;
    },
    extra: extraOf,
    listed: (p) => isStored(p) && p.listImportId !== null,
    scores: async (p, _, context) => (await scoresOf(p, _, context)).map((s) => goScoreOf(s.program, s.ruleset, s.value, s.confidence)),
    occurrences: occurrencesOf,
    occurrenceCount: occurrenceCountOf,
    moves: movesOf,
    // GamePosition
    text: (p) => p.board || null,
    analysis: scoresOf,
    occurrencePage: occurrencePageOf,
    topGames: topGamesOf,
    recentGames: recentGamesOf,
    svg: (p, args) => goPositionDiagram(p, diagramOptions(args)),
  },
  GoHash: {
    svg: (h, args) => squareBoardDiagram(h.canonicalBoard, diagramOptions(args)),
  },
  GoScore: {
    score: (s) => Math.round(s.value),
    confidence: (s) => Math.round(s.confidence ?? 0),
    komi: (s) =>
      KOMIS.map((komi) => ({ komi, winner: s.value > komi ? 'BLACK' : s.value === komi ? 'JIGO' : 'WHITE' })),
  },
  GoScoreDiff: {
    compared: async (d) => (await d.counts()).compared,
    agreeing: async (d) => (await d.counts()).agreeing,
    disagreeing: async (d) => (await d.counts()).disagreeing,
    buckets: async (d) => (await d.counts()).buckets,
    nodes: async ({ a, b, page }) =>
      (await page()).page.map((d) => ({
        positionId: d.positionId,
        a: goScoreOf(a.program, a.ruleset, d.a.value, d.a.confidence),
        b: goScoreOf(b.program, b.ruleset, d.b.value, d.b.confidence),
        difference: Math.round(d.b.value - d.a.value),
      })),
    endCursor: async ({ order, page }) => {
      const { page: rows, hasNextPage } = await page();
      const last = rows[rows.length - 1];
      return hasNextPage && last ? disagreementCursor(order, last) : null;
    },
    pageInfo: async ({ order, page }) => {
      const { page: rows, hasNextPage, hasPreviousPage } = await page();
      return pageInfoOf(rows, (row) => disagreementCursor(order, row), hasNextPage, hasPreviousPage);
    },
    hasNextPage: async (d) => (await d.page()).hasNextPage,
  },
  GoScoreDisagreement: {
    position: (d, _, { loaders }) =>
      loadOrNotFound(loaders.position.load(d.positionId), 'position'),
  },
};
