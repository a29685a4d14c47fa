/** Games: lookup, the filtered connection, plies, export, and importGames. */
import type { Resolvers } from '../generated/graphql';
import type { PlyParent } from '../api/parents';
import { MAX_KEY_TEXT, base64Arg, decodeKeyCursor, encodeKeyCursor, loadOrNotFound, pageRequest, pagedConnection, parseId, textArg } from '../api/args';
import { badUserInput, codecInputError } from '../api/errors';
import { gameOpening, gamesPage, orderValue } from '../storage/games';
import { gameOrderArg } from '../api/gameOrder';
import { gameQueryAndPositions } from '../api/gameFilter';
import { reachingGamesPage } from '../storage/positionGames';
import { orderedPlies } from '../storage/gamePlies';
import { occurrenceOf, recordOf } from '../storage/occurrences';
import type { Context } from '../api/context';
import { completedRow, unstoredPosition } from '../storage/lookups';
import { readerFor, writerFor } from '../games/index';
import { storedMetadata } from '../games/storedMetadata';
import type { ImportOptions } from '../games/formats';
import { bytesSource, runImport } from '../storage/importService';
import { ImportFailure } from '../games/importFailure';
import { overlongOption, overlongOptionMessage } from '../storage/storedText';

const MAX_PAGE = 100;

/** What the replay holds of a ply: its own record, or its game's replay's, read once per request. */
export const plyRecord = (ply: PlyParent, { loaders }: Context): Promise<NonNullable<PlyParent['record']>> => loadOrNotFound(recordOf(loaders.source, ply), 'ply');

export const gameResolvers: Resolvers = {
  Query: {
    game: (_, { id }, { loaders }) => loaders.game.load(parseId(id)),
    games: async (_, { filter, orderBy, ...paging }, { db, loaders }, info) => {
      const { order, name, validValue } = gameOrderArg(orderBy);
      const request = pageRequest(paging, info, 20, MAX_PAGE, (cursor, argument) => decodeKeyCursor(name, cursor, argument, validValue));
      const { query, positions } = await gameQueryAndPositions(db, loaders.source, filter);
      const page = positions
        ? await reachingGamesPage(db, loaders.source, positions, query, request.take, order, request.cursor, request.backward)
        : await gamesPage(db, query, request.take, order, request.cursor, request.backward);
      const cursorOf = (game: (typeof page.games)[number]) => encodeKeyCursor(name, orderValue(game, order.column), game.id);
      return pagedConnection(page.games, request, cursorOf, page.totalCount, page.hasNextPage);
    },
  },
  Mutation: {
    importGames: async (_, { format, data, options }, { db }) => {
      const reader = readerFor(format);
      if (!reader) throw badUserInput(`format ${format} cannot be imported`, { argument: 'format' });
      const bytes = reader.binary ? base64Arg(data, 'data') : Buffer.from(data, 'utf8');
      const { fileName, ...readerOptions } = importOptionsArg(options ?? {});
      const name = fileName === undefined ? undefined : textArg(fileName, 'options.fileName', MAX_KEY_TEXT);
      try {
        const outcome = await runImport(db, reader, bytesSource(bytes, name), readerOptions);
        return { ...outcome, importId: String(outcome.importId) };
      } catch (error) {
        if (error instanceof ImportFailure) throw codecInputError(error.error, 'data');
        throw error;
      }
    },
  },
  ImportReport: {
    byteSize: (report) => (report.byteSize === null ? null : Number(report.byteSize)),
    games: (report, _, { loaders }) => Promise.all(report.gameIds.map((id) => loadOrNotFound(loaders.game.load(id), 'game'))),
  },
  Game: {
    id: (game) => String(game.id),
    date: (game) => game.dateText,
    metadata: (game) => storedMetadata(game),
    opening: gameOpening,
    createdAt: (game) => game.createdAt,
    mainLine: async (game, _, { loaders }) => orderedPlies(await loaders.plies.load(game.id), true).map(occurrenceOf),
    plies: async (game, _, { loaders }) => orderedPlies(await loaders.plies.load(game.id), false).map(occurrenceOf),
    duplicates: (game, _, { loaders }) => loaders.duplicates.load(game.id),
    export: (game, { format }) => {
      const write = writerFor(game.kind, format);
      if (!write) throw badUserInput(`${game.kind} games cannot be written as ${format}`, { argument: 'format' });
      const written = write(game);
      if (written.ok) return written.value;
      // A game this format cannot hold (a set-up backgammon game as MAT) is the request's fault; unreadable stored data is not.
      if (written.error.cause === 'format') throw codecInputError(written.error.error, 'format');
      throw new Error(written.error.message);
    },
  },
  Ply: {
    move: async (ply, _, context) => (await plyRecord(ply, context)).move ?? null,
    nextMove: async (ply, _, context) => (await plyRecord(ply, context)).nextMove ?? null,
    /** The stored row when something is attached to the position (scores, a list), else the replay's. */
    position: async (ply, _, context) => {
      const { position } = await plyRecord(ply, context);
      const [stored] = await context.loaders.storedPositions.load({ kind: position.kind, key: position.key });
      if (stored) return completedRow(stored, position);
      return unstoredPosition(position);
    },
    game: (ply, _, { loaders }) => loadOrNotFound(loaders.game.load(ply.gameId), 'game'),
  },
};

/**
 * The import options given (GraphQL gives null for unset input fields; options want them absent),
 * none too long to store, with the file's name apart (it names the import; readers never see it).
 */
const importOptionsArg = (given: Record<string, string | null | undefined>): ImportOptions & { fileName?: string } => {
  const { fileName, ...options } = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== null && v !== undefined)) as ImportOptions & {
    fileName?: string;
  };
  const long = overlongOption(options);
  if (long) throw badUserInput(overlongOptionMessage({ ...long, name: `options.${long.name}` }), { argument: `options.${long.name}` });
  return fileName === undefined ? options : { ...options, fileName };
};
