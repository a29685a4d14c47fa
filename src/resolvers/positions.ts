/** Positions of every kind: lookup by key, their occurrences and scores. */
import type { GraphQLResolveInfo } from 'graphql';
import type { GameKind, Resolvers } from '../generated/graphql';
import type { PositionParent } from '../api/parents';
import { isStored, positionsOfKeys } from '../storage/lookups';
import { gameOf } from '../games';
import { keyFormOf } from '../games/keyForms';
import { positionsOfBoard } from '../storage/boards';
import type { Context } from '../api/context';
import { badUserInput } from '../api/errors';
import { MAX_OCCURRENCES, occurrencesBeforeKey, occurrencesOfKey } from '../storage/occurrences';
import { type PagingArgs, decodeKeysCursor, decodePlaceCursor, encodeKeysCursor, encodePlaceCursor, isCursorInteger, pageRequest, pageSize, pagedConnection, textArg } from '../api/args';
import { type MoveStat, explorerMoves } from '../storage/explorer';
import { type GameFilter, gameQueryOf } from '../api/gameFilter';
import { type GameOrderInput, gameOrderArg } from '../api/gameOrder';
import { type OrderedPlace, type PositionGamesOrder, orderedOccurrences, positionGames } from '../storage/positionGames';
import type { PlyParent } from '../api/parents';

/** Longest text `findPositions` reads (a CGP line of a 21x21 board with racks and options fits). */
const MAX_KEY_TEXT = 2000;

/** Most match states `findPositions` lists for a backgammon board. */
const MAX_BOARD_POSITIONS = 100;

/** Most keys `positionsByKeys` takes in one call. */
export const MAX_KEYS = 1000;

/** `Position.occurrences(first)`: where a position occurs in stored games, at most 500 at a time (more is refused, as `occurrencePage` does). */
export const occurrencesOf = (p: PositionParent, { first }: { first?: number | null }, { db, loaders }: Context) =>
  occurrencesOfKey(db, loaders.source, p.kind, p.key, pageSize(first, 50, MAX_OCCURRENCES));

/** Most plies on one page of `occurrencePage`. */
const MAX_OCCURRENCE_PAGE = 200;

/** Most games `topGames` and `recentGames` give. */
const MAX_POSITION_GAMES = 100;

/** `topGames(filter, first)` and `recentGames(filter, first)`: the games that reached a position, best rated or latest first. */
const positionGamesOf =
  (order: PositionGamesOrder) =>
  async (p: PositionParent, { filter, first }: { filter?: GameFilter | null; first?: number | null }, { db, loaders }: Context) =>
    positionGames(db, loaders.source, p.kind, p.key, await gameQueryOf(db, loaders.source, filter), order, pageSize(first, 8, MAX_POSITION_GAMES));

export const topGamesOf = positionGamesOf('top');
export const recentGamesOf = positionGamesOf('recent');

/** What `occurrencePage` takes. */
export type OccurrencePageArgs = PagingArgs & { filter?: GameFilter | null; orderBy?: GameOrderInput | null };

/** `occurrencePage` with a filter or an order: the occurrences in the games kept, by game in that order, then node. */
const orderedOccurrencePage = async (p: PositionParent, args: OccurrencePageArgs, { db, loaders }: Context, info: GraphQLResolveInfo) => {
  const { order, name, validValue } = gameOrderArg(args.orderBy);
  const decode = (cursor: string | null | undefined, argument: string): OrderedPlace | undefined => {
    const keys = decodeKeysCursor(`ply:${name}`, cursor, argument, [(v) => v === '' || (validValue?.(v) ?? true), isCursorInteger, isCursorInteger]);
    if (!keys) return undefined;
    const [value, id, node] = keys;
    if (id === null || node === null || Number(node) < 0 || BigInt(id) < 0n) throw badUserInput(`${argument} is not a cursor of this page`, { argument });
    return { game: { value: value === '' ? null : value, id: BigInt(id) }, node: Number(node) };
  };
  const request = pageRequest(args, info, 50, MAX_OCCURRENCE_PAGE, decode);
  const query = await gameQueryOf(db, loaders.source, args.filter);
  const page = await orderedOccurrences(db, loaders.source, p.kind, p.key, query, order, request.take, request.cursor, request.backward);
  const cursors = new Map<PlyParent, string>();
  const rows = page.plies.map(({ ply, cursor }) => {
    cursors.set(ply, encodeKeysCursor(`ply:${name}`, [cursor.game.value ?? '', String(cursor.game.id), String(cursor.node)]));
    return ply;
  });
  return pagedConnection(rows, request, (row) => cursors.get(row)!, page.totalCount);
};

/** `occurrencePage(first, after | last, before, filter, orderBy)`: where a position occurs, a page at a time either way. */
export const occurrencePageOf = async (p: PositionParent, paging: OccurrencePageArgs, context: Context, info: GraphQLResolveInfo) => {
  if (paging.filter || paging.orderBy) return orderedOccurrencePage(p, paging, context, info);
  const { db, loaders } = context;
  const request = pageRequest(paging, info, 50, MAX_OCCURRENCE_PAGE, decodePlaceCursor);
  const read = request.backward ? occurrencesBeforeKey : occurrencesOfKey;
  const [plies, counts] = await Promise.all([
    // Backward reads come in list order: the extra one, when there is one, is the first.
    read(db, loaders.source, p.kind, p.key, request.take + 1, request.cursor),
    loaders.occurrenceCounts.load({ kind: p.kind, key: p.key }),
  ]);
  const rows = request.backward ? [...plies].reverse() : plies;
  return pagedConnection(rows, request, (ply) => encodePlaceCursor(ply.gameId, ply.node), counts.occurrences);
};

/** `occurrenceCount`: how many times a position occurs in stored games. */
export const occurrenceCountOf = async (p: PositionParent, _: unknown, { loaders }: Context) =>
  (await loaders.occurrenceCounts.load({ kind: p.kind, key: p.key })).occurrences;

/** `moves(includeVariations, filter)`: the explorer of a position, in any game (the deprecated chess fields where the game answers them). */
export const movesOf = async (
  p: PositionParent,
  { includeVariations, filter }: { includeVariations?: boolean | null; filter?: GameFilter | null },
  { db, loaders }: Context,
) => {
  const query = filter ? await gameQueryOf(db, loaders.source, filter) : null;
  return (await explorerMoves(db, loaders.source, p, includeVariations ?? false, query)).map((m) => moveStatFields(p.kind, m));
};

/** An explorer row as GraphQL's `MoveStat` gives it in a game of `kind` (the deprecated chess fields where the game answers them). */
export const moveStatFields = (kind: GameKind, m: MoveStat) => {
  const game = gameOf(kind);
  const san = game.sanExplorer === true;
  return {
    ...m,
    opening: m.childKey === null ? null : (game.openings?.ofPosition(m.childKey) ?? null),
    firstPlayerWins: m.firstWins,
    secondPlayerWins: m.secondWins,
    san: san ? m.move : null,
    whiteWins: san ? m.firstWins : null,
    blackWins: san ? m.secondWins : null,
  };
};

/** A position's scores: its row's (none for a position with no row) and those packed in the games that evaluate it. */
export const scoresOf = (p: PositionParent, _: unknown, { loaders }: Context) =>
  loaders.scores.load({ kind: p.kind, key: p.key, ...(isStored(p) ? { id: p.id } : {}) });

/** A position's id: its row's, or for a position with no row, its kind and key. */
export const positionId = (p: PositionParent): string => (isStored(p) ? String(p.id) : `${p.kind}:${p.key}`);

export const positionResolvers: Resolvers = {
  Query: {
    positions: (_, { key, kind }, { loaders }) =>
      loaders.positionsByKey.load({ key, kind }),
    findPositions: async (_, { text }, { db, loaders }) => {
      const form = keyFormOf(textArg(text, 'text', MAX_KEY_TEXT));
      if (form.form === 'unknown') throw badUserInput(`text: ${form.reason}`, { argument: 'text' });
      if (form.form === 'board') return positionsOfBoard(db, loaders.source, form.kind, form.board, MAX_BOARD_POSITIONS);
      return (await positionsOfKeys(db, loaders.source, form.keys)).flat();
    },
    positionsByKeys: async (_, { keys, kind }, { db, loaders }) => {
      if (keys.length > MAX_KEYS) throw badUserInput(`positionsByKeys takes at most ${MAX_KEYS} keys, got ${keys.length}`, { argument: 'keys' });
      return (await positionsOfKeys(db, loaders.source, [...new Set(keys)].map((key) => ({ key, kind })))).flat();
    },
  },
  Position: {
    id: positionId,
    occurrences: occurrencesOf,
    occurrenceCount: occurrenceCountOf,
    moves: movesOf,
    occurrencePage: occurrencePageOf,
    topGames: topGamesOf,
    recentGames: recentGamesOf,
    scores: scoresOf,
  },
  Score: {
    details: (s) => s.details,
  },
};
