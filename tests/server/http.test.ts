import type { AddressInfo } from 'node:net';
import { createApp, type App } from '../../src/server/app';
import { describeEachDatabase } from '../support/databases';

describeEachDatabase('HTTP server', (getDb) => {
  let app: App;
  let base: string;

  beforeAll(async () => {
    app = await createApp({ db: getDb(), bodyLimit: '1kb' });
    await new Promise<void>((resolve) => app.httpServer.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(app.httpServer.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app.apollo.stop();
  });

  const post = (body: string) =>
    fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it('serves GraphQL at POST /graphql', async () => {
    const response = await post(JSON.stringify({ query: '{ serverInfo { database } }' }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { serverInfo: { database: getDb().kind } } });
  });

  it('answers liveness and readiness probes', async () => {
    expect(await (await fetch(`${base}/health/live`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${base}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', database: getDb().kind });
  });

  it('refuses a body over the configured limit with 413', async () => {
    const response = await post(JSON.stringify({ query: `{ serverInfo { database } } # ${'x'.repeat(2000)}` }));
    expect(response.status).toBe(413);
  });

  it('reports a syntax error with GRAPHQL_PARSE_FAILED and status 400', async () => {
    const response = await post(JSON.stringify({ query: '{ serverInfo { ' }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: { extensions: { code: string } }[] };
    expect(body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
  });
});
