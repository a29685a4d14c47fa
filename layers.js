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
const LAYERS = {
  codecs: [],
  render: ['codecs'],
  generated: [],
  db: ['generated'],
  games: ['codecs', 'render', 'db', 'generated'],
  storage: ['games', 'codecs', 'db', 'generated'],
  api: ['storage', 'games', 'codecs', 'generated'],
  resolvers: ['api', 'storage', 'games', 'render', 'codecs', 'generated'],
  cli: ['storage', 'games', 'db', 'codecs', 'generated'],
  server: ['resolvers', 'api', 'storage', 'games', 'db', 'render', 'codecs', 'generated'],
};

/** Type-only imports that may cross a line values may not (a type carries no behaviour). */
const TYPE_ONLY = {
  api: ['db'],
};

module.exports = { LAYERS, TYPE_ONLY };
