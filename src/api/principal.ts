/**
 * Who is asking and what they may do: the three roles, the principal a request carries, and the
 * checks resolvers and the server make against it. Reads are public unless the server closes
 * them; every mutation needs the writer or admin role.
 */
import { HeaderMap } from '@apollo/server';
import { GraphQLError } from 'graphql';
import { ROLES, type Role } from '../storage/tokens';

export type { Role };

/** Who sent a request: nobody, someone with a token we do not accept, or a token's holder. */
export type Principal =
  | { kind: 'anonymous' }
  | { kind: 'invalid' }
  | { kind: 'token'; name: string; role: Role };

/** In-process callers (tests, scripts holding the Database) are trusted as admin. */
export const TRUSTED: Principal = { kind: 'token', name: 'in-process', role: 'admin' };
export const ANONYMOUS: Principal = { kind: 'anonymous' };

export const WRITE_ROLES: readonly Role[] = ['writer', 'admin'];
const READ_ROLES: readonly Role[] = ROLES;

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

/** Throws UNAUTHENTICATED or FORBIDDEN unless `principal` has one of `roles`. */
export const requireRole = (principal: Principal, roles: readonly Role[]): void => {
  if (principal.kind !== 'token') throw unauthenticated();
  if (!roles.includes(principal.role)) throw forbidden(principal.role, roles);
};

/** May this principal read (queries, /metrics)? A token sent but not accepted never may. */
export const checkRead = (principal: Principal, readRequiresToken: boolean): void => {
  if (principal.kind === 'invalid') throw unauthenticated();
  if (readRequiresToken) requireRole(principal, READ_ROLES);
};
