#!/usr/bin/env node
/**
 * Builds the web pages into dist/web with esbuild (production, minified, no source maps):
 *   web/explorer  -> dist/web/explorer/{index.html, app.js, app.css}   (GraphiQL 3 from npm)
 *   web/dashboard -> dist/web/dashboard/{index.html, app.js, app.css}  (Chart.js)
 * Everything the pages load comes from this server: no CDN, no fonts, no network.
 * Run by `npm run build` (and so by `npm start`); the browser tests run it when dist/web is missing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist/web');

const pages = [
  { name: 'explorer', entry: 'web/explorer/main.tsx' },
  { name: 'dashboard', entry: 'web/dashboard/main.ts' },
];

const started = Date.now();
fs.rmSync(out, { recursive: true, force: true });
for (const page of pages) {
  const dir = path.join(out, page.name);
  fs.mkdirSync(dir, { recursive: true });
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: { app: page.entry },
    outdir: dir,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    minify: true,
    sourcemap: false,
    legalComments: 'none',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    loader: { '.woff': 'dataurl', '.woff2': 'dataurl', '.ttf': 'dataurl', '.svg': 'dataurl', '.png': 'dataurl' },
    logLevel: 'warning',
  });
  fs.copyFileSync(path.join(root, 'web', page.name, 'index.html'), path.join(dir, 'index.html'));
}
const size = (f) => `${(fs.statSync(path.join(out, f)).size / 1024).toFixed(0)} kB`;
console.log(
  `web: built dist/web in ${((Date.now() - started) / 1000).toFixed(1)} s (explorer ${size('explorer/app.js')} + ${size('explorer/app.css')}, dashboard ${size('dashboard/app.js')})`,
);
