/**
 * The layer rule of layers.js, as `npm run lint` applies it: an import that goes the wrong way
 * fails, the same import from a layer above passes. Linted as text placed at a path in src/,
 * so no wrong file ever sits in the tree.
 */
import { ESLint } from 'eslint';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: root });

/** The boundaries errors of `code` as if it were the file at `file`. */
const layerErrors = async (file: string, code: string): Promise<string[]> => {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
};

describe('the layer rule', () => {
  test('a codec importing the database layer fails lint', async () => {
    const errors = await layerErrors('src/codecs/chess/probe.ts', "import { openDatabase } from '../../db/database';\nexport const x = openDatabase;\n");
    expect(errors).toEqual(['There is no policy allowing dependencies from elements of type "codecs" to elements of type "db"']);
  });

  test('storage importing the database layer passes', async () => {
    expect(await layerErrors('src/storage/probe.ts', "import { openDatabase } from '../db/database';\nexport const x = openDatabase;\n")).toEqual([]);
  });

  test('a resolver importing the server fails lint', async () => {
    const errors = await layerErrors('src/resolvers/probe.ts', "import { createApp } from '../server/app';\nexport const x = createApp;\n");
    expect(errors).toHaveLength(1);
  });

  test('the database layer importing storage fails lint', async () => {
    const errors = await layerErrors('src/db/probe.ts', "import { runImport } from '../storage/importService';\nexport const x = runImport;\n");
    expect(errors).toHaveLength(1);
  });

  test('the api layer may import a database type, not a database value', async () => {
    expect(await layerErrors('src/api/probe.ts', "import type { Database } from '../db/database';\nexport type X = Database;\n")).toEqual([]);
    expect(await layerErrors('src/api/probe.ts', "import { openDatabase } from '../db/database';\nexport const x = openDatabase;\n")).toHaveLength(1);
  });
});

describe('the thin-resolver and codec-error rules', () => {
  const syntaxErrors = async (file: string, code: string): Promise<string[]> => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  };

  test('a resolver querying Prisma fails lint', async () => {
    const code = "import type { Context } from '../api/context';\nexport const f = ({ db }: Context) => db.prisma.game.count();\n";
    expect(await syntaxErrors('src/resolvers/probe.ts', code)).toEqual(['Resolvers do not query Prisma: call a storage service.']);
  });

  test('a resolver running SQL fails lint', async () => {
    const code = "import type { Context } from '../api/context';\nexport const f = ({ db }: Context) => db.sql.query('SELECT 1');\n";
    expect(await syntaxErrors('src/resolvers/probe.ts', code)).toEqual(['Resolvers run no SQL or transactions: call a storage service.']);
  });

  test('a storage service may query Prisma', async () => {
    const code = "import type { Database } from '../db/database';\nexport const f = (db: Database) => db.prisma.game.count();\n";
    expect(await syntaxErrors('src/storage/probe.ts', code)).toEqual([]);
  });

  test("a codec building an error outside its module's list fails lint", async () => {
    const code = "import { codecError } from '../result';\nexport const e = codecError('ERR_X', 'x');\n";
    expect(await syntaxErrors('src/codecs/chess/probe.ts', code)).toEqual([
      "Codecs build errors with their module's codecErrors(LIST), so the code is listed.",
    ]);
  });
});

describe('the generated layers', () => {
  test('storage importing the GraphQL resolver types fails lint', async () => {
    const errors = await layerErrors('src/storage/probe.ts', "import type { GameFormat } from '../generated/graphql';\nexport type X = GameFormat;\n");
    expect(errors).toEqual(['There is no policy allowing dependencies from elements of type "storage" to elements of type "graphql"']);
  });

  test('storage importing the Prisma client passes', async () => {
    expect(await layerErrors('src/storage/probe.ts', "import type { Game } from '../generated/prisma/client';\nexport type X = Game;\n")).toEqual([]);
  });

  test('a resolver importing the GraphQL resolver types passes', async () => {
    expect(await layerErrors('src/resolvers/probe.ts', "import type { GameFormat } from '../generated/graphql';\nexport type X = GameFormat;\n")).toEqual([]);
  });

  test('a game module importing storage fails lint', async () => {
    const errors = await layerErrors('src/games/chess/probe.ts', "import { runImport } from '../../storage/importService';\nexport const x = runImport;\n");
    expect(errors).toEqual(['There is no policy allowing dependencies from elements of type "games" to elements of type "storage"']);
  });
});

describe('the rule that the generic core names no game', () => {
  const KIND_MESSAGE = 'The generic core never names a game kind: ask its module (gameOf(kind), src/games/index.ts).';
  const kindErrors = async (file: string, code: string): Promise<string[]> => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  };

  test('a storage service comparing a kind with a literal fails lint', async () => {
    const code = "export const isChess = (kind: string): boolean => kind === 'CHESS';\n";
    expect(await kindErrors('src/storage/probe.ts', code)).toEqual([KIND_MESSAGE]);
  });

  test('a kind written as a type in the database layer fails lint', async () => {
    expect(await kindErrors('src/db/probe.ts', "export type K = 'GO' | 'OTHER';\n")).toEqual([KIND_MESSAGE]);
  });

  test('a kind inside SQL text fails lint', async () => {
    const code = "export const sql = `SELECT count(*) FROM \"Game\" WHERE kind = 'BACKGAMMON'`;\n";
    expect(await kindErrors('src/storage/probe.ts', code)).toEqual([KIND_MESSAGE]);
  });

  test('a codec naming a kind fails lint', async () => {
    expect(await kindErrors('src/codecs/backgammon/probe.ts', "export type Level = 'NONE' | 'BACKGAMMON';\n")).toEqual([KIND_MESSAGE]);
  });

  test('a generic resolver naming a kind fails lint', async () => {
    expect(await kindErrors('src/resolvers/probe.ts', "export const kind = 'CROSSWORD';\n")).toEqual([KIND_MESSAGE]);
  });

  test("a game's own module names its kind", async () => {
    expect(await kindErrors('src/games/chess/probe.ts', "export const kind = 'CHESS';\n")).toEqual([]);
  });

  test("a game's own resolvers name its kind", async () => {
    expect(await kindErrors('src/resolvers/goProbe.ts', "export const kind = 'GO';\n")).toEqual([]);
  });

  test('a word that only contains a kind passes', async () => {
    expect(await kindErrors('src/storage/probe.ts', "export const words = ['GOAL', 'CHESSBOARD', 'go'];\n")).toEqual([]);
  });
});
