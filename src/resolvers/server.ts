/** serverInfo and ping. */
import type { Context } from '../server/context';
import { VERSION } from '../server/version';
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
