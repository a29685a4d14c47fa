/**
 * Access over HTTP: reads are public unless TABULA_READ_REQUIRES_TOKEN=1; every mutation needs
 * `Authorization: Bearer <token>` with the writer or admin role.
 *
 * Tokens are TABULA_API_TOKEN (one admin token from the environment) and the rows of the token
 * store (`src/storage/tokens.ts`, managed with `tabula token create|list|revoke`). A request's
 * principal is found once, when its context is made; `authPlugin` then checks it once per
 * operation, after parsing and before anything runs, so no resolver (and no record) is reached
 * without the right role.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { ApolloServerPlugin } from '@apollo/server';
import type { OperationDefinitionNode } from 'graphql';
import { ANONYMOUS, WRITE_ROLES, checkRead, requireRole, type Principal } from '../api/principal';
import type { Database } from '../db/database';
import { findActiveToken } from '../storage/tokens';

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
  const row = await findActiveToken(db, token);
  return row ? { kind: 'token', name: row.name, role: row.role } : { kind: 'invalid' };
}

/** May this principal read (queries, /metrics) on a server with this configuration? */
export const checkReadAccess = (principal: Principal, config: AuthConfig): void => checkRead(principal, config.readRequiresToken);

/**
 * Checks the whole operation once, before execution: anything but a query
 * (every mutation, whichever module declares it) needs writer or admin; a
 * query needs a valid token only when reads are closed. A token that is sent
 * but not accepted is refused even where none is needed. Throws the refusal.
 */
export const checkOperationAccess = (operation: OperationDefinitionNode, principal: Principal, config: AuthConfig): void => {
  if (operation.operation === 'query') checkReadAccess(principal, config);
  else requireRole(principal, WRITE_ROLES);
};

/** `checkOperationAccess` once per operation, after parsing and before anything runs. */
export const authPlugin = <C extends { principal: Principal }>(config: AuthConfig): ApolloServerPlugin<C> => ({
  async requestDidStart() {
    return {
      async didResolveOperation({ operation, contextValue }) {
        // No operation matched operationName: nothing will run, and Apollo answers that as bad input.
        if (!operation) return;
        checkOperationAccess(operation, contextValue.principal, config);
      },
    };
  },
});
