// Lint rules: the recommended sets of ESLint and typescript-eslint, and the layer rules of layers.js.
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const boundaries = require('eslint-plugin-boundaries');
const { LAYERS, PATHS, TYPE_ONLY } = require('./layers');

/** One boundaries policy per layer: its own folder, the layers below it, and type-only imports. */
const layerPolicies = Object.entries(LAYERS).flatMap(([layer, below]) => [
  { from: { element: { type: layer } }, allow: { to: { element: { type: [layer, ...below] } } } },
  ...(TYPE_ONLY[layer]
    ? [{ from: { element: { type: layer } }, allow: { to: { element: { type: TYPE_ONLY[layer] } }, dependency: { kind: 'type' } } }]
    : []),
]);

/** A kind named as a value, a type, or inside SQL text. */
const KIND = 'CHESS|GO|BACKGAMMON|CROSSWORD';
const KIND_MESSAGE = 'The generic core never names a game kind: ask its module (gameOf(kind), src/games/index.ts).';
const KIND_LITERALS = [
  { selector: `Literal[value=/^(${KIND})$/]`, message: KIND_MESSAGE },
  { selector: `TemplateElement[value.raw=/'(${KIND})'|^(${KIND})$/]`, message: KIND_MESSAGE },
];

/** The resolvers of one game (chess.ts, chessAnalysis.ts, go.ts, ...): they may name it. */
const GAME_RESOLVERS = 'src/resolvers/{chess,go,backgammon,crossword}*.ts';

const THIN_RESOLVERS = [
  { selector: "MemberExpression[property.name='prisma']", message: 'Resolvers do not query Prisma: call a storage service.' },
  {
    selector: "CallExpression[callee.property.name=/^(query|transaction|copyRows)$/]",
    message: 'Resolvers run no SQL or transactions: call a storage service.',
  },
];

module.exports = tseslint.config(
  { ignores: ['dist/', 'src/generated/', 'node_modules/', 'web/dist/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  {
    files: ['src/**/*.ts', 'tests/fixtures/layers/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': Object.keys(LAYERS).map((layer) => {
        const where = PATHS[layer] ?? layer;
        return { type: layer, pattern: `**/src/${where}` };
      }),
      'import/resolver': { node: { extensions: ['.ts', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies: layerPolicies }],
    },
  },
  {
    // The generic core never names a game: a kind is a module's (src/games/<game>/), asked through
    // the registry (src/games/index.ts). Only the games, per-game resolvers and the SDL may; the
    // codecs name none either (backgammon's resignation is a level 0..3, named in src/games/backgammon/).
    files: ['src/**/*.ts'],
    ignores: ['src/games/**', 'src/generated/**', GAME_RESOLVERS],
    rules: { 'no-restricted-syntax': ['error', ...KIND_LITERALS] },
  },
  {
    // Thin resolvers: data work is a storage service's job (docs/ARCHITECTURE.md).
    files: ['src/resolvers/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...THIN_RESOLVERS, ...KIND_LITERALS] },
  },
  {
    files: [GAME_RESOLVERS],
    rules: { 'no-restricted-syntax': ['error', ...THIN_RESOLVERS] },
  },
  {
    // Codec errors come from each module's own list (codecErrors(LIST)), so every code is listed;
    // the kind rule is repeated because a file's last no-restricted-syntax setting replaces the others.
    files: ['src/codecs/**/*.ts'],
    ignores: ['src/codecs/result.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name='codecError']", message: "Codecs build errors with their module's codecErrors(LIST), so the code is listed." },
        ...KIND_LITERALS,
      ],
    },
  },
);
