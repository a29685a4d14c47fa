/** The web routes without a browser: the pages and their assets, the 503 before a build, and the API routes beside them. */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../src/db/database';
import { createApp, type App } from '../../src/server/app';
import { pgliteTemplate } from '../support/pgliteTemplate';

const listen = async (app: App): Promise<string> => {
  await new Promise<void>((resolve) => app.httpServer.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(app.httpServer.address() as AddressInfo).port}`;
};

describe('web routes', () => {
  let db: Database;
  let webDir: string;
  const apps: App[] = [];

  beforeAll(async () => {
    db = await openDatabase({ poolSize: 1, statementTimeoutMs: 0, pgliteTemplate: await pgliteTemplate() });
    // A stand-in build: the routes only serve files.
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-web-'));
    for (const page of ['explorer', 'dashboard']) {
      fs.mkdirSync(path.join(webDir, page));
      fs.writeFileSync(path.join(webDir, page, 'index.html'), `<!doctype html><title>${page}</title>`);
      fs.writeFileSync(path.join(webDir, page, 'app.js'), `console.log(${JSON.stringify(page)});`);
    }
  });

  afterAll(async () => {
    for (const app of apps) await app.apollo.stop();
    await db.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const start = async (dir: string): Promise<string> => {
    const app = await createApp({ db, webDir: dir });
    apps.push(app);
    return listen(app);
  };

  it('serves the explorer at / and the dashboard at /dashboard, with their assets, beside the API', async () => {
    const base = await start(webDir);
    const root = await fetch(`${base}/`);
    expect(root.status).toBe(200);
    expect(root.headers.get('content-type')).toMatch(/^text\/html/);
    expect(root.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await root.text()).toContain('<title>explorer</title>');
    expect(await (await fetch(`${base}/dashboard`)).text()).toContain('<title>dashboard</title>');
    const js = await fetch(`${base}/dashboard/app.js`);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect(await js.text()).toContain('"dashboard"');
    expect((await fetch(`${base}/explorer/app.js`)).status).toBe(200);
    expect((await fetch(`${base}/explorer/missing.js`)).status).toBe(404);

    const graphql = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ serverInfo { database } }' }),
    });
    expect(await graphql.json()).toEqual({ data: { serverInfo: { database: 'pglite' } } });
    expect((await fetch(`${base}/health/live`)).status).toBe(200);
    expect((await fetch(`${base}/health/ready`)).status).toBe(200);
    expect(await (await fetch(`${base}/metrics`)).text()).toContain('tabula_http_responses_total');
  });

  it('answers 503 with what to run when the pages are not built', async () => {
    const base = await start(path.join(webDir, 'not-built'));
    for (const route of ['/', '/dashboard']) {
      const response = await fetch(`${base}${route}`);
      expect(response.status).toBe(503);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await response.text()).toContain('npm run build');
    }
    expect((await fetch(`${base}/health/live`)).status).toBe(200);
  });

  it('serves the pages without a token when reads need one; their GraphQL calls need it', async () => {
    const app = await createApp({ db, webDir, auth: { readRequiresToken: true } });
    apps.push(app);
    const base = await listen(app);
    expect((await fetch(`${base}/`)).status).toBe(200);
    expect((await fetch(`${base}/dashboard`)).status).toBe(200);
    const graphql = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ goScoreSets { program } }' }),
    });
    expect(graphql.status).toBe(401);
  });
});
