/**
 * The API token store: each token's name, role and sha256 (the token itself is shown once, when
 * it is made, and never stored). `TABULA_API_TOKEN` needs no row; the server checks it first.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../db/database';

/** What a token may do: read, also write (imports, mutations), or also manage tokens and imports. */
export const ROLES = ['reader', 'writer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (text: string): text is Role => (ROLES as readonly string[]).includes(text);

export interface TokenInfo {
  name: string;
  role: Role;
  createdAt: Date;
  revokedAt: Date | null;
}

/** A token name that is not 1 to 100 letters, digits or `. _ @ -`. */
export class InvalidTokenName extends Error {}

/** What the table stores for a token: its sha256, hex. */
export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** A new random token: `tabula_` and 43 base64url characters (256 bits). */
export const generateToken = (): string => `tabula_${randomBytes(32).toString('base64url')}`;

/** Stores a new token's hash and returns the token itself (shown once, never stored). */
export async function createToken(db: Database, name: string, role: Role): Promise<{ name: string; role: Role; token: string }> {
  if (!/^[\w.@-]{1,100}$/.test(name)) throw new InvalidTokenName(`a token name is 1 to 100 letters, digits, or . _ @ -; got "${name}"`);
  if (await db.prisma.apiToken.findUnique({ where: { name } })) throw new Error(`a token named ${name} exists already (names are never reused)`);
  const token = generateToken();
  await db.prisma.apiToken.create({ data: { name, role, tokenHash: hashToken(token) } });
  return { name, role, token };
}

/** The active (not revoked) token row a presented token matches, or null. */
export async function findActiveToken(db: Database, token: string): Promise<{ name: string; role: Role } | null> {
  const row = await db.prisma.apiToken.findUnique({ where: { tokenHash: hashToken(token) } });
  return row && !row.revokedAt && isRole(row.role) ? { name: row.name, role: row.role } : null;
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
