// Prisma's schema engine, run offline from @prisma/schema-engine-wasm.
// The Prisma CLI would download a native engine; this loads the published
// WebAssembly build instead and connects it to a throwaway PGlite database.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';

const require = createRequire(import.meta.url);

/** Instantiates the wasm engine by hand: Node 20 cannot `import` a .wasm file. */
async function loadEngineModule() {
  const bindings = await import('@prisma/schema-engine-wasm/schema_engine_bg');
  const wasmPath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg').replace(/\.js$/, '.wasm');
  const module = new WebAssembly.Module(readFileSync(wasmPath));
  const instance = new WebAssembly.Instance(module, { './schema_engine_bg.js': bindings });
  bindings.__wbg_set_wasm(instance.exports);
  instance.exports.__wbindgen_start();
  return bindings;
}

/** Opens an engine on an empty in-memory PGlite database (also its shadow database). */
export async function openSchemaEngine(schemaPath) {
  const bindings = await loadEngineModule();
  const pglite = new PGlite();
  const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPGlite(pglite));
  const content = readFileSync(schemaPath, 'utf8');
  const engine = await bindings.SchemaEngine.new({ datamodels: [[schemaPath, content]] }, () => {}, adapter);
  return { engine, close: () => pglite.close() };
}
