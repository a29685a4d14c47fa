/** serverInfo and ping. */
import type { Resolvers } from '../generated/graphql';
import { VERSION } from '../api/version';
import { importFormats } from '../games/index';

export const serverResolvers: Resolvers = {
  Query: {
    serverInfo: (_, __, { db }) => ({
      version: VERSION,
      database: db.kind,
      importFormats: importFormats(),
    }),
  },
  Mutation: {
    ping: () => true,
  },
};
