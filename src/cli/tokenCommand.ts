/** `tabula token create|list|revoke`: the token store's commands. */
import { parseArgs } from 'node:util';
import type { Database } from '../db/database';
import { InvalidTokenName, ROLES, createToken, isRole, listTokens, revokeToken } from '../storage/tokens';

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
    const created = await createToken(db, positionals[0], values.role).catch((error: unknown) => {
      throw error instanceof InvalidTokenName ? new TokenUsageError(error.message) : error;
    });
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
