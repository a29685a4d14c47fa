/**
 * Access: reads are public unless TABULA_READ_REQUIRES_TOKEN=1; every mutation
 * needs `Authorization: Bearer <token>` with the writer or admin role.
 *
 * Tokens are TABULA_API_TOKEN (one admin token from the environment) and the
 * rows of the ApiToken table, which keeps only each token's sha256 and is
 * managed with `tabula token create|list|revoke`. An HTTP request's principal
 * is found once, when its context is made; `authPlugin` then checks it once
 * per operation, after parsing and before anything runs, so no resolver (and
 * no record) is reached without the right role.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { parseArgs } from 'node:util';
import { HeaderMap, type ApolloServerPlugin } from '@apollo/server';
import { GraphQLError } from 'graphql';
import type { Database } from '../db/database';

export const ROLES = ['reader', 'writer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Who sent a request: nobody, someone with a token we do not accept, or a token's holder. */
export type Principal =
  | { kind: 'anonymous' }
  | { kind: 'invalid' }
  | { kind: 'token'; name: string; role: Role };

/** In-process callers (tests, scripts holding the Database) are trusted as admin. */
export const TRUSTED: Principal = { kind: 'token', name: 'in-process', role: 'admin' };
export const ANONYMOUS: Principal = { kind: 'anonymous' };

export interface AuthConfig {
  /** TABULA_API_TOKEN: a token with the admin role that needs no table row. */
  adminToken?: string;
  /** TABULA_READ_REQUIRES_TOKEN=1: queries need a token (any role) too. */
  readRequiresToken: boolean;
}

export const authConfigFromEnv = (env: NodeJS.ProcessEnv = process.env): AuthConfig => {
  const read = env.TABULA_READ_REQUIRES_TOKEN?.trim().toLowerCase() ?? '';
  if (!['', '0', '1', 'true', 'false'].includes(read)) {
    throw new Error(`TABULA_READ_REQUIRES_TOKEN must be 1 or 0, got "${env.TABULA_READ_REQUIRES_TOKEN}"`);
  }
  return { adminToken: env.TABULA_API_TOKEN || undefined, readRequiresToken: read === '1' || read === 'true' };
};

export const isRole = (text: string): text is Role => (ROLES as readonly string[]).includes(text);

/** What the table stores for a token: its sha256, hex. */
export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** A new random token: `tabula_` and 43 base64url characters (256 bits). */
export const generateToken = (): string => `tabula_${randomBytes(32).toString('base64url')}`;

const sameSecret = (a: string, b: string): boolean =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

/** The token of an `Authorization: Bearer <token>` header; null when the header is something else. */
export const bearerToken = (header: string): string | null => {
  const match = /^Bearer +([\x21-\x7e]{1,512})\s*$/i.exec(header);
  return match ? match[1] : null;
};

/** The principal an Authorization header names (absent header: anonymous). */
export async function authenticate(db: Database, header: string | undefined, config: AuthConfig): Promise<Principal> {
  if (header === undefined || header === '') return ANONYMOUS;
  const token = bearerToken(header);
  if (token === null) return { kind: 'invalid' };
  if (config.adminToken && sameSecret(token, config.adminToken)) return { kind: 'token', name: 'TABULA_API_TOKEN', role: 'admin' };
  const row = await db.prisma.apiToken.findUnique({ where: { tokenHash: hashToken(token) } });
  if (!row || row.revokedAt || !isRole(row.role)) return { kind: 'invalid' };
  return { kind: 'token', name: row.name, role: row.role };
}

// ------------------------------------------------------------------ errors

export const unauthenticated = (): GraphQLError =>
  new GraphQLError('A valid API token is required: send "Authorization: Bearer <token>"', {
    extensions: {
      code: 'UNAUTHENTICATED',
      http: { status: 401, headers: new HeaderMap([['www-authenticate', 'Bearer realm="tabula"']]) },
    },
  });

export const forbidden = (role: Role, needed: readonly Role[]): GraphQLError =>
  new GraphQLError(`A ${role} token may not do this; it needs the ${needed.join(' or ')} role`, {
    extensions: { code: 'FORBIDDEN', http: { status: 403 } },
  });

const WRITE_ROLES: readonly Role[] = ['writer', 'admin'];
const READ_ROLES: readonly Role[] = ROLES;

/** Throws UNAUTHENTICATED or FORBIDDEN unless `principal` has one of `roles`. */
export const requireRole = (principal: Principal, roles: readonly Role[]): void => {
  if (principal.kind !== 'token') throw unauthenticated();
  if (!roles.includes(principal.role)) throw forbidden(principal.role, roles);
};

/** May this principal read (queries, /metrics)? Throws as `requireRole` does. */
export const checkRead = (principal: Principal, config: AuthConfig): void => {
  if (principal.kind === 'invalid') throw unauthenticated();
  if (config.readRequiresToken) requireRole(principal, READ_ROLES);
};

/**
 * Checks the whole operation once, before execution: anything but a query
 * (every mutation, whichever module declares it) needs writer or admin; a
 * query needs a valid token only when reads are closed. A token that is sent
 * but not accepted is refused even where none is needed.
 */
export const authPlugin = <C extends { principal: Principal }>(config: AuthConfig): ApolloServerPlugin<C> => ({
  async requestDidStart() {
    return {
      async didResolveOperation({ operation, contextValue }) {
        // No operation matched operationName: nothing will run, and Apollo answers that as bad input.
        if (!operation) return;
        if (operation.operation === 'query') checkRead(contextValue.principal, config);
        else requireRole(contextValue.principal, WRITE_ROLES);
      },
    };
  },
});

// ----------------------------------------------------------- token table

export interface TokenInfo {
  name: string;
  role: Role;
  createdAt: Date;
  revokedAt: Date | null;
}

/** Stores a new token's hash and returns the token itself (shown once, never stored). */
export async function createToken(db: Database, name: string, role: Role): Promise<{ name: string; role: Role; token: string }> {
  if (!/^[\w.@-]{1,100}$/.test(name)) throw new TokenUsageError(`a token name is 1 to 100 letters, digits, or . _ @ -; got "${name}"`);
  if (await db.prisma.apiToken.findUnique({ where: { name } })) throw new Error(`a token named ${name} exists already (names are never reused)`);
  const token = generateToken();
  await db.prisma.apiToken.create({ data: { name, role, tokenHash: hashToken(token) } });
  return { name, role, token };
}

export async function listTokens(db: Database): Promise<TokenInfo[]> {
  const rows = await db.prisma.apiToken.findMany({ orderBy: { createdAt: 'asc' } });
  return rows.map((r) => ({ name: r.name, role: r.role as Role, createdAt: r.createdAt, revokedAt: r.revokedAt }));
}

/** Revokes the named token; false when there is no such token or it was revoked before. */
export async function revokeToken(db: Database, name: string): Promise<boolean> {
  const { count } = await db.prisma.apiToken.updateMany({ where: { name, revokedAt: null }, data: { revokedAt: new Date() } });
  return count > 0;
}

/** A `tabula token ...` command line that is not right. */
export class TokenUsageError extends Error {}

export const TOKEN_USAGE = `  tabula token create NAME --role reader|writer|admin     prints the new token once
  tabula token list                                       names, roles, created, revoked
  tabula token revoke NAME`;

/** `tabula token create|list|revoke`; `print` gets each output line. */
export async function runTokenCommand(db: Database, args: string[], print: (line: string) => void): Promise<void> {
  const [action, ...rest] = args;
  const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { role: { type: 'string' } } });
  if (action === 'create') {
    if (positionals.length !== 1 || !values.role) throw new TokenUsageError('token create needs NAME and --role');
    if (!isRole(values.role)) throw new TokenUsageError(`--role is one of ${ROLES.join(', ')}; got ${values.role}`);
    const created = await createToken(db, positionals[0], values.role);
    print(created.token);
    print(`token ${created.name} (${created.role}) created; it is shown only this once.`);
  } else if (action === 'list') {
    if (positionals.length !== 0) throw new TokenUsageError('token list takes no arguments');
    for (const t of await listTokens(db)) {
      const revoked = t.revokedAt ? `revoked ${t.revokedAt.toISOString()}` : 'active';
      print(`${t.name}\t${t.role}\tcreated ${t.createdAt.toISOString()}\t${revoked}`);
    }
  } else if (action === 'revoke') {
    if (positionals.length !== 1) throw new TokenUsageError('token revoke needs NAME');
    if (!(await revokeToken(db, positionals[0]))) throw new Error(`no active token named ${positionals[0]}`);
    print(`token ${positionals[0]} revoked`);
  } else {
    throw new TokenUsageError(`token needs create, list or revoke${action ? `, not ${action}` : ''}`);
  }
}
