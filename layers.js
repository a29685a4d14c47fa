// The layers of src/ and which way imports may go: the one place they are written down.
// eslint.config.js turns this table into eslint-plugin-boundaries rules, so `npm run lint`
// (and so `npm test`) fails on an import that goes the wrong way. docs/ARCHITECTURE.md explains it.
//
//   codecs ← render                          (pure: data in, data or SVG out)
//   codecs, render, db ← games               (each game's rules, formats and own queries)
//   games, db ← storage ← api ← resolvers ← server
//   storage, games, db ← cli
//
// Each entry: a layer's folder under src/, and the layers its files may import.
//
// The generated code is two layers: the Prisma client (`prisma`), which the database and every
// layer above it may use, and the GraphQL resolver types (`graphql`), which only resolvers and
// the server may use: format names and kinds belong to tabula, not to GraphQL.
const LAYERS = {
  codecs: [],
  render: ['codecs'],
  prisma: [],
  graphql: [],
  db: ['prisma'],
  games: ['codecs', 'render', 'db', 'prisma'],
  storage: ['games', 'codecs', 'db', 'prisma'],
  api: ['storage', 'games', 'codecs', 'prisma'],
  resolvers: ['api', 'storage', 'games', 'render', 'codecs', 'prisma', 'graphql'],
  cli: ['storage', 'games', 'db', 'codecs', 'prisma'],
  server: ['resolvers', 'api', 'storage', 'games', 'db', 'render', 'codecs', 'prisma', 'graphql'],
};

/** Where a layer lives under src/ when it is not the folder of its name. */
const PATHS = {
  prisma: 'generated/prisma',
  graphql: 'generated/graphql',
};

/** Type-only imports that may cross a line values may not (a type carries no behaviour). */
const TYPE_ONLY = {
  api: ['db'],
};

module.exports = { LAYERS, PATHS, TYPE_ONLY };
