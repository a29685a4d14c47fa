/**
 * Global ids (`Node.nodeId`) and `node(nodeId:)`. A global id is base64url of `Type:rest`:
 * `Game:12`, `Import:3`, `Position:CHESS:463b96181691fc9c` (a position by its kind and key,
 * since a position reached only in games has no row of its own).
 */
import type { Resolvers } from '../generated/graphql';
import type { Game } from '../generated/prisma/client';
import type { PositionParent } from '../api/parents';
import type { ImportRow } from '../storage/imports';
import { importById } from '../storage/imports';
import { isGameKind } from '../games';
import { badUserInput } from '../api/errors';
import { parseId } from '../api/args';

/** Longest global id read: a position's kind and key fit in far less. */
const MAX_NODE_ID = 4096;

const encode = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');

export const gameNodeId = (game: Game): string => encode(`Game:${game.id}`);
export const positionNodeId = (p: PositionParent): string => encode(`Position:${p.kind}:${p.key}`);
export const importNodeId = (row: ImportRow): string => encode(`Import:${row.id}`);

/** A global id's type and the rest, or a BAD_USER_INPUT error naming the argument. */
const decode = (nodeId: string): { type: string; rest: string } => {
  const text = nodeId.length <= MAX_NODE_ID && /^[A-Za-z0-9_-]+$/.test(nodeId) ? Buffer.from(nodeId, 'base64url').toString('utf8') : '';
  const nul = text.indexOf('\u0000');
  if (nul >= 0) throw badUserInput(`nodeId decodes to a text with a NUL character (U+0000) at offset ${nul}; no global id holds one`, { argument: 'nodeId', offset: nul });
  const colon = text.indexOf(':');
  if (colon <= 0) throw badUserInput(`nodeId "${nodeId.slice(0, 100)}" is not a global id`, { argument: 'nodeId' });
  return { type: text.slice(0, colon), rest: text.slice(colon + 1) };
};

export const nodeResolvers: Resolvers = {
  Query: {
    node: async (_, { nodeId }, { db, loaders }) => {
      const { type, rest } = decode(nodeId);
      switch (type) {
        case 'Game':
          return loaders.game.load(parseId(rest, 'nodeId'));
        case 'Import':
          return importById(db, parseId(rest, 'nodeId'));
        case 'Position': {
          const colon = rest.indexOf(':');
          const kind = rest.slice(0, colon);
          if (colon < 0 || !isGameKind(kind)) throw badUserInput(`nodeId "${nodeId}" names no game kind`, { argument: 'nodeId' });
          const [position] = await loaders.positionsByKey.load({ kind, key: rest.slice(colon + 1) });
          return position ?? null;
        }
        default:
          throw badUserInput(`nodeId "${nodeId.slice(0, 100)}" names an unknown type ${type}`, { argument: 'nodeId' });
      }
    },
  },
  Node: {
    // Each parent is a stored row of its type: games have a source format, positions a board.
    __resolveType: (parent) => ('sourceFormat' in parent ? 'Game' : 'board' in parent ? 'Position' : 'Import'),
  },
  Game: { nodeId: gameNodeId },
  Position: { nodeId: positionNodeId },
  Import: { nodeId: importNodeId },
};
