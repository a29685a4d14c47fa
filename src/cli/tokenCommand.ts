/** `tabula token create|list|revoke`: the token store's commands. */
import type { Database } from '../db/database';
import { InvalidTokenName, ROLES, createToken, isRole, listTokens, revokeToken } from '../storage/tokens';

/** A `tabula token ...` command line that is not right. */
export class TokenUsageError extends Error {}

/** `tabula token create NAME --role ROLE`: prints the new token once (alone, with `print`), and says so with `notice`. */
export async function createTokenCommand(
  db: Database,
  name: string,
  role: string,
  print: (line: string) => void,
  notice: (line: string) => void = print,
): Promise<void> {
  if (!isRole(role)) throw new TokenUsageError(`--role is one of ${ROLES.join(', ')}; got ${role}`);
  const created = await createToken(db, name, role).catch((error: unknown) => {
    throw error instanceof InvalidTokenName ? new TokenUsageError(error.message) : error;
  });
  print(created.token);
  notice(`token ${created.name} (${created.role}) created; it is shown only this once.`);
}

/** `tabula token list`: names, roles, when created and whether revoked. */
export async function listTokensCommand(db: Database, print: (line: string) => void): Promise<void> {
  for (const t of await listTokens(db)) {
    const revoked = t.revokedAt ? `revoked ${t.revokedAt.toISOString()}` : 'active';
    print(`${t.name}\t${t.role}\tcreated ${t.createdAt.toISOString()}\t${revoked}`);
  }
}

/** `tabula token revoke NAME`. */
export async function revokeTokenCommand(db: Database, name: string, print: (line: string) => void): Promise<void> {
  if (!(await revokeToken(db, name))) throw new Error(`no active token named ${name}`);
  print(`token ${name} revoked`);
}
