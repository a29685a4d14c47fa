/** Imports: the list, and deleting one. */
import type { Resolvers } from '../generated/graphql';
import { decodeCursor, encodeCursor, pageRequest, pagedConnection, parseId } from '../api/args';
import { notFound } from '../api/errors';
import { requireRole } from '../api/principal';
import { deleteImport, importsPage } from '../storage/imports';

const MAX_PAGE = 100;

export const importResolvers: Resolvers = {
  Query: {
    imports: async (_, args, { db }, info) => {
      const request = pageRequest(args, info, 20, MAX_PAGE, (cursor, argument) => decodeCursor('import', cursor, argument));
      const page = await importsPage(db, request.take, request.cursor, request.backward);
      return pagedConnection(page.imports, request, (row) => encodeCursor('import', row.id), page.totalCount, page.hasNextPage);
    },
  },
  Mutation: {
    deleteImport: async (_, { id }, { db, principal }) => {
      requireRole(principal, ['admin']);
      const importId = parseId(id);
      const deleted = await deleteImport(db, importId);
      if (!deleted) throw notFound(`import ${id}`);
      return { importId: id, ...deleted };
    },
  },
  Import: {
    id: (row) => String(row.id),
    createdAt: (row) => row.createdAt,
    skippedGames: (row) => row.skippedCount,
    duplicateGames: (row) => row.duplicateCount,
    byteSize: (row) => (row.byteSize === null ? null : Number(row.byteSize)),
  },
};
