import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { main as cli } from '../../src/cli/main';
import { createApollo, createApp, type App } from '../../src/server/app';
import { ANONYMOUS } from '../../src/api/principal';
import { createTokenCommand, listTokensCommand, revokeTokenCommand } from '../../src/cli/tokenCommand';
import { authConfigFromEnv, bearerToken } from '../../src/server/auth';
import { createToken, hashToken, revokeToken } from '../../src/storage/tokens';
import { createContext } from '../../src/api/context';
import { describeEachDatabase } from '../support/databases';

const ENV_TOKEN = 'env-admin-token-0123456789';

interface Body {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions: { code: string } }[];
}

const listen = async (app: App): Promise<string> => {
  await new Promise<void>((resolve) => app.httpServer.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(app.httpServer.address() as AddressInfo).port}`;
};

const post = async (base: string, query: string, token?: string) => {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${base}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query }) });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Body };
};

const UNAUTHENTICATED = {
  errors: [
    { message: 'A valid API token is required: send "Authorization: Bearer <token>"', extensions: { code: 'UNAUTHENTICATED' } },
  ],
};

describeEachDatabase('access over HTTP', (getDb) => {
  let open: App;
  let closed: App;
  let base: string;
  let closedBase: string;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    const db = getDb();
    for (const role of ['reader', 'writer'] as const) tokens[role] = (await createToken(db, `t-${role}`, role)).token;
    tokens.revoked = (await createToken(db, 't-revoked', 'writer')).token;
    await revokeToken(db, 't-revoked');
    open = await createApp({ db, auth: { adminToken: ENV_TOKEN, readRequiresToken: false } });
    closed = await createApp({ db, auth: { adminToken: ENV_TOKEN, readRequiresToken: true } });
    base = await listen(open);
    closedBase = await listen(closed);
  });

  afterAll(async () => {
    await open.apollo.stop();
    await closed.apollo.stop();
  });

  it('refuses a mutation without a token with UNAUTHENTICATED, status 401 and a Bearer challenge', async () => {
    const { status, headers, body } = await post(base, 'mutation { ping }');
    expect(status).toBe(401);
    expect(headers.get('www-authenticate')).toBe('Bearer realm="tabula"');
    expect(body).toEqual(UNAUTHENTICATED);
  });

  it('answers an operationName the document does not hold as bad input, not as an auth failure', async () => {
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'mutation Ping { ping }', operationName: 'Elsewhere' }),
    });
    const body = (await response.json()) as Body;
    expect(response.status).toBe(400);
    expect(body.errors?.[0].message).toBe('Unknown operation named "Elsewhere".');
  });

  it('refuses a mutation with a reader token with FORBIDDEN and status 403', async () => {
    const { status, body } = await post(base, 'mutation { ping }', tokens.reader);
    expect(status).toBe(403);
    expect(body).toEqual({
      errors: [{ message: 'A reader token may not do this; it needs the writer or admin role', extensions: { code: 'FORBIDDEN' } }],
    });
  });

  it('runs a mutation with a writer token', async () => {
    expect(await post(base, 'mutation { ping }', tokens.writer)).toMatchObject({ status: 200, body: { data: { ping: true } } });
  });

  it('refuses a revoked token with UNAUTHENTICATED', async () => {
    expect(await post(base, 'mutation { ping }', tokens.revoked)).toMatchObject({ status: 401, body: UNAUTHENTICATED });
  });

  it('accepts TABULA_API_TOKEN as an admin token', async () => {
    expect(await post(base, 'mutation { ping }', ENV_TOKEN)).toMatchObject({ status: 200, body: { data: { ping: true } } });
  });

  it('refuses an unknown token and a non-Bearer header alike', async () => {
    expect(await post(base, 'mutation { ping }', 'tabula_not-a-real-token')).toMatchObject({ status: 401, body: UNAUTHENTICATED });
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`x:${ENV_TOKEN}`).toString('base64')}` },
      body: JSON.stringify({ query: 'mutation { ping }' }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(UNAUTHENTICATED);
  });

  it('says the same about an import of a game as about ping, before anything runs', async () => {
    const { status, body } = await post(base, 'mutation { importGames(format: SGF, data: "(;GM[6])") { importId gameCount } }');
    expect(status).toBe(401);
    expect(body).toEqual(UNAUTHENTICATED);
    expect(await getDb().prisma.import.count()).toBe(0);
  });

  it('serves reads without a token by default', async () => {
    expect(await post(base, '{ serverInfo { database } }')).toMatchObject({
      status: 200,
      body: { data: { serverInfo: { database: getDb().kind } } },
    });
  });

  it('refuses a read that carries a wrong token even when reads are public', async () => {
    expect(await post(base, '{ serverInfo { database } }', 'wrong')).toMatchObject({ status: 401, body: UNAUTHENTICATED });
  });

  it('refuses reads without a token when TABULA_READ_REQUIRES_TOKEN is set', async () => {
    expect(await post(closedBase, '{ serverInfo { database } }')).toMatchObject({ status: 401, body: UNAUTHENTICATED });
  });

  it('serves reads to a reader token when TABULA_READ_REQUIRES_TOKEN is set', async () => {
    expect(await post(closedBase, '{ serverInfo { database } }', tokens.reader)).toMatchObject({
      status: 200,
      body: { data: { serverInfo: { database: getDb().kind } } },
    });
  });

  it('closes /metrics too when TABULA_READ_REQUIRES_TOKEN is set', async () => {
    expect((await fetch(`${closedBase}/metrics`)).status).toBe(401);
    const response = await fetch(`${closedBase}/metrics`, { headers: { authorization: `Bearer ${tokens.reader}` } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('tabula_graphql_requests_total');
  });

  it('refuses /metrics to a token that is sent and not accepted, even when reads are public', async () => {
    const response = await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer not-a-token-this-server-gave-out' } });
    expect(response.status).toBe(401);
    expect((await fetch(`${base}/metrics`)).status).toBe(200);
  });

  it('trusts in-process operations by default and checks an explicit principal', async () => {
    const apollo = createApollo({ db: getDb() });
    const run = async (contextValue: ReturnType<typeof createContext>) => {
      const response = await apollo.executeOperation({ query: 'mutation { ping }' }, { contextValue });
      return response.body.kind === 'single' ? response.body.singleResult : undefined;
    };
    expect(await run(createContext(getDb()))).toEqual({ data: { ping: true } });
    expect((await run(createContext(getDb(), ANONYMOUS)))?.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('stores only the sha256 of a token', async () => {
    const row = await getDb().prisma.apiToken.findUnique({ where: { name: 't-writer' } });
    expect(row).toMatchObject({ role: 'writer', tokenHash: hashToken(tokens.writer), revokedAt: null });
    expect(row?.tokenHash).not.toContain(tokens.writer);
  });

  it('creates, lists and revokes tokens with the token command', async () => {
    const lines: string[] = [];
    await createTokenCommand(getDb(), 'ci', 'writer', (line) => lines.push(line));
    const token = lines[0];
    expect(token).toMatch(/^tabula_[A-Za-z0-9_-]{43}$/);
    expect(lines[1]).toBe('token ci (writer) created; it is shown only this once.');
    expect(await post(base, 'mutation { ping }', token)).toMatchObject({ status: 200, body: { data: { ping: true } } });

    lines.length = 0;
    await listTokensCommand(getDb(), (line) => lines.push(line));
    expect(lines.map((l) => l.split('\t').filter((_, i) => i !== 2))).toEqual([
      ['t-reader', 'reader', 'active'],
      ['t-writer', 'writer', 'active'],
      ['t-revoked', 'writer', expect.stringMatching(/^revoked \d{4}-/)],
      ['ci', 'writer', 'active'],
    ]);

    await revokeTokenCommand(getDb(), 'ci', () => undefined);
    expect(await post(base, 'mutation { ping }', token)).toMatchObject({ status: 401, body: UNAUTHENTICATED });
    await expect(revokeTokenCommand(getDb(), 'ci', () => undefined)).rejects.toThrow('no active token named ci');
  });

  it('refuses a token command with an unknown role', async () => {
    await expect(createTokenCommand(getDb(), 'x', 'root', () => undefined)).rejects.toThrow(
      '--role is one of reader, writer, admin; got root',
    );
  });
});

describe('tabula token (CLI)', () => {
  const saved = { ...process.env };
  // PostgreSQL when there is one (a fresh schema opens in a moment), else PGlite in a temporary directory.
  const url = process.env.TEST_DATABASE_URL;
  const schema = `tabula_test_cli_${randomBytes(6).toString('hex')}`;
  let dir: string | undefined;

  beforeAll(() => {
    if (url) {
      process.env.DATABASE_URL = url;
      process.env.DATABASE_SCHEMA = schema;
    } else {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-token-'));
      delete process.env.DATABASE_URL;
      process.env.TABULA_DATA_DIR = dir;
    }
  });

  afterAll(async () => {
    process.env = saved;
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    if (url) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
  });

  it('prints a new token alone on standard output, the notice on standard error, and exits 0', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const log = jest.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line));
    const error = jest.spyOn(console, 'error').mockImplementation((line: string) => void err.push(line));
    try {
      expect(await cli(['token', 'create', 'deploy', '--role', 'admin'])).toBe(0);
    } finally {
      log.mockRestore();
      error.mockRestore();
    }
    expect(out).toEqual([expect.stringMatching(/^tabula_[A-Za-z0-9_-]{43}$/)]);
    expect(err).toEqual(['token deploy (admin) created; it is shown only this once.']);
  });
});

describe('auth configuration', () => {
  it('reads TABULA_API_TOKEN and TABULA_READ_REQUIRES_TOKEN', () => {
    expect(authConfigFromEnv({})).toEqual({ adminToken: undefined, readRequiresToken: false });
    expect(authConfigFromEnv({ TABULA_API_TOKEN: 'x', TABULA_READ_REQUIRES_TOKEN: '1' })).toEqual({
      adminToken: 'x',
      readRequiresToken: true,
    });
    expect(() => authConfigFromEnv({ TABULA_READ_REQUIRES_TOKEN: 'maybe' })).toThrow('TABULA_READ_REQUIRES_TOKEN must be 1 or 0');
  });

  it('takes the token from a Bearer header only', () => {
    expect(bearerToken('Bearer abc.DEF-123')).toBe('abc.DEF-123');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeNull();
    expect(bearerToken('Bearer ')).toBeNull();
  });
});
