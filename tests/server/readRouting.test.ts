/** Who a client is for read-your-writes (src/server/readRouting.ts), and a database without replicas left as it is. */
import { createHash } from 'node:crypto';
import type { Database } from '../../src/db/database';
import { clientKeysOf, readDatabase } from '../../src/server/readRouting';

describe('a client for read-your-writes', () => {
  it('is its bearer token (as its sha256, never the secret) and its address', () => {
    const hash = createHash('sha256').update('s3cret-token').digest('hex');
    expect(clientKeysOf('Bearer s3cret-token', '10.0.0.7')).toEqual([`token:${hash}`, 'address:10.0.0.7']);
  });

  it('is its address alone without a token, or with a header that is not a bearer token', () => {
    expect(clientKeysOf(undefined, '10.0.0.7')).toEqual(['address:10.0.0.7']);
    expect(clientKeysOf('Basic dXNlcjpwYXNz', '10.0.0.7')).toEqual(['address:10.0.0.7']);
  });
});

describe('the database of a read', () => {
  it('is the database itself when it has no replicas', () => {
    const db = { kind: 'pglite' } as Database;
    expect(readDatabase(db, ['address:10.0.0.7'])).toBe(db);
  });
});
