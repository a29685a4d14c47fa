/** serverInfo and ping. */
import type { Context } from '../api/context';
import { VERSION } from '../api/version';
import { importFormats } from '../storage/formats';

export const serverResolvers = {
  Query: {
    serverInfo: (_: unknown, __: unknown, { db }: Context) => ({
      version: VERSION,
      database: db.kind,
      importFormats: importFormats(),
    }),
  },
  Mutation: {
    ping: () => true,
  },
};
