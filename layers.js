// The layers of src/ and which way imports may go: the one place they are written down.
// eslint.config.js turns this table into eslint-plugin-boundaries rules, so `npm run lint`
// (and so `npm test`) fails on an import that goes the wrong way. docs/ARCHITECTURE.md explains it.
//
//   codecs ← render                          (pure: data in, data or SVG out)
//   codecs, db ← storage ← api ← resolvers ← server
//   storage, db ← cli
//
// Each entry: a layer's folder under src/, and the layers its files may import.
const LAYERS = {
  codecs: [],
  render: ['codecs'],
  generated: [],
  db: ['generated'],
  storage: ['codecs', 'db', 'generated'],
  api: ['storage', 'codecs', 'generated'],
  resolvers: ['api', 'storage', 'render', 'codecs', 'generated'],
  cli: ['storage', 'db', 'codecs', 'generated'],
  server: ['resolvers', 'api', 'storage', 'db', 'render', 'codecs', 'generated'],
};

/** Type-only imports that may cross a line values may not (a type carries no behaviour). */
const TYPE_ONLY = {
  api: ['db'],
};

module.exports = { LAYERS, TYPE_ONLY };
