/**
 * The registry (src/games/index.ts) is the only list of kinds and formats: it names the same
 * kinds as the Prisma and GraphQL `GameKind` enums, and the same formats as GraphQL's
 * `GameFormat`, and every format it lists has a reader or a writer.
 */
import { buildSchema, isEnumType } from 'graphql';
import { GameKind as PrismaGameKind } from '../../src/generated/prisma/enums';
import { GAME_KINDS, exportFormats, gameOf, importFormats, isGameKind, readerFor, writerFor } from '../../src/games';
import { loadTypeDefs } from '../../src/server/schema';

const schema = buildSchema(loadTypeDefs().join('\n'));
const enumValues = (name: string): string[] => {
  const type = schema.getType(name);
  if (!isEnumType(type)) throw new Error(`${name} is not an enum`);
  return type.getValues().map((v) => v.name).sort();
};

describe('the game registry', () => {
  test('lists the kinds of the Prisma enum', () => {
    expect([...GAME_KINDS].sort()).toEqual(Object.values(PrismaGameKind).sort());
  });

  test('lists the kinds of the GraphQL enum', () => {
    expect([...GAME_KINDS].sort()).toEqual(enumValues('GameKind'));
  });

  test('reads and writes exactly the formats of the GraphQL enum', () => {
    expect([...new Set([...importFormats(), ...exportFormats()])].sort()).toEqual(enumValues('GameFormat'));
  });

  test('gives each kind the module of that kind', () => {
    for (const kind of GAME_KINDS) expect(gameOf(kind).kind).toBe(kind);
  });

  test('reads SGF for the games written in it, by their game type', () => {
    expect(readerFor('SGF')?.format).toBe('SGF');
    expect(GAME_KINDS.filter((k) => gameOf(k).sgf).map((k) => [k, gameOf(k).sgf?.gameType])).toEqual([
      ['BACKGAMMON', 6],
      ['GO', 1],
    ]);
  });

  test('writes each game in its own formats only', () => {
    expect(exportFormats('CHESS')).toEqual(['GAMETEXT', 'PGN']);
    expect(exportFormats('BACKGAMMON')).toEqual(['MAT', 'SGF']);
    expect(exportFormats('GO')).toEqual(['SGF']);
    expect(exportFormats('CROSSWORD')).toEqual(['CGP', 'GCG']);
    expect(writerFor('GO', 'PGN')).toBeUndefined();
  });

  test('tells a kind from another word', () => {
    expect(isGameKind('GO')).toBe(true);
    expect(isGameKind('go')).toBe(false);
    expect(isGameKind('toString')).toBe(false);
  });
});
