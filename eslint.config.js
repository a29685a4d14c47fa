// Lint rules: the recommended sets of ESLint and typescript-eslint, and the layer rules of layers.js.
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const boundaries = require('eslint-plugin-boundaries');
const { LAYERS, TYPE_ONLY } = require('./layers');

/** One boundaries policy per layer: its own folder, the layers below it, and type-only imports. */
const layerPolicies = Object.entries(LAYERS).flatMap(([layer, below]) => [
  { from: { element: { type: layer } }, allow: { to: { element: { type: [layer, ...below] } } } },
  ...(TYPE_ONLY[layer]
    ? [{ from: { element: { type: layer } }, allow: { to: { element: { type: TYPE_ONLY[layer] } }, dependency: { kind: 'type' } } }]
    : []),
]);

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
      'boundaries/elements': Object.keys(LAYERS).map((layer) => ({ type: layer, pattern: `**/src/${layer}` })),
      'import/resolver': { node: { extensions: ['.ts', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies: layerPolicies }],
    },
  },
  {
    // Thin resolvers: data work is a storage service's job (docs/ARCHITECTURE.md).
    files: ['src/resolvers/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[property.name='prisma']", message: 'Resolvers do not query Prisma: call a storage service.' },
        {
          selector: "CallExpression[callee.property.name=/^(query|transaction|copyRows)$/]",
          message: 'Resolvers run no SQL or transactions: call a storage service.',
        },
      ],
    },
  },
  {
    // Codec errors come from each module's own list (codecErrors(LIST)), so every code is listed.
    files: ['src/codecs/**/*.ts'],
    ignores: ['src/codecs/result.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name='codecError']", message: "Codecs build errors with their module's codecErrors(LIST), so the code is listed." },
      ],
    },
  },
);
