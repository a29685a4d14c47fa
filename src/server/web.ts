/**
 * The web pages, served from our own origin: the GraphQL explorer at GET / and the score
 * dashboard at GET /dashboard, with their assets under /explorer/ and /dashboard/. They are
 * static files that `scripts/buildWeb.mjs` (part of `npm run build`) writes to dist/web;
 * until it has run, both pages answer 503 saying so. The pages call POST /graphql like any
 * client (with the token the user gives them), so `TABULA_READ_REQUIRES_TOKEN` guards the
 * data, not the pages.
 */
import fs from 'node:fs';
import path from 'node:path';
import express from 'express';

/** dist/web, from src/server (ts-jest) and dist/server (compiled) alike. */
export const WEB_DIR = path.resolve(__dirname, '../../dist/web');

const PAGES = [
  { route: '/', name: 'explorer' },
  { route: '/dashboard', name: 'dashboard' },
] as const;

/** The pages load only what this server serves (inline styles: GraphiQL and Chart.js set them). */
const CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'";

export const webRoutes = (dir: string = WEB_DIR): express.Router => {
  const router = express.Router();
  for (const page of PAGES) {
    const pageDir = path.join(dir, page.name);
    const index = path.join(pageDir, 'index.html');
    router.get(page.route, (_req, res) => {
      if (!fs.existsSync(index)) {
        res
          .status(503)
          .type('text/plain')
          .send(`The web pages are not built: run \`npm run build\` (or \`node scripts/buildWeb.mjs\`) and reload.\nGraphQL itself is served at POST /graphql.\n`);
        return;
      }
      res.set('content-security-policy', CSP).set('x-content-type-options', 'nosniff').set('cache-control', 'no-cache');
      res.sendFile(index);
    });
    router.use(`/${page.name}`, express.static(pageDir, { index: false, redirect: false, fallthrough: true, maxAge: 0 }));
  }
  return router;
};
