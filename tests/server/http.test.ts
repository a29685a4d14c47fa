import type { AddressInfo } from 'node:net';
import { createApp, type App } from '../../src/server/app';
import { parseByteSize } from '../../src/server/graphqlHttp';
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

  it('refuses a body over the configured limit with 413 and PAYLOAD_TOO_LARGE', async () => {
    const response = await post(JSON.stringify({ query: `{ serverInfo { database } } # ${'x'.repeat(2000)}` }));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      errors: [{ message: 'The request body is larger than the limit of 1024 bytes', extensions: { code: 'PAYLOAD_TOO_LARGE' } }],
    });
  });

  it('refuses a body that is not JSON with 400, saying where the JSON breaks', async () => {
    const response = await post('{"query": "{ serverInfo { database } }",');
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
    expect(body.errors[0].extensions.code).toBe('BAD_REQUEST');
    expect(body.errors[0].message).toMatch(/^The request body is not valid JSON: .*position 40/);
  });

  it('serves a query sent with GET', async () => {
    const query = encodeURIComponent('{ serverInfo { database } }');
    const response = await fetch(`${base}/graphql?query=${query}`, { headers: { 'apollo-require-preflight': '1' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { serverInfo: { database: getDb().kind } } });
  });

  it('allows any origin and answers CORS preflights with 204', async () => {
    const preflight = await fetch(`${base}/graphql`, {
      method: 'OPTIONS',
      headers: { origin: 'https://example.org', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type,authorization');
    const response = await post(JSON.stringify({ query: '{ serverInfo { database } }' }));
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('reports a syntax error with GRAPHQL_PARSE_FAILED and status 400', async () => {
    const response = await post(JSON.stringify({ query: '{ serverInfo { ' }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: { extensions: { code: string } }[] };
    expect(body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
  });
});

describe('body limits', () => {
  it('reads sizes with units in powers of 1024, as Express does', () => {
    expect(parseByteSize('16mb')).toBe(16 * 1024 * 1024);
    expect(parseByteSize('1kb')).toBe(1024);
    expect(parseByteSize('1.5KB')).toBe(1536);
    expect(parseByteSize('500')).toBe(500);
  });

  it('refuses a size it cannot read, quoting it', () => {
    expect(() => parseByteSize('lots')).toThrow('a body limit must look like 16mb, 512kb or a number of bytes, got "lots"');
  });
});
