/**
 * The physical reference for the lookup benchmark (compiled by bench/run.sh, started by
 * bench/lookup.ts): a minimal Node HTTP server that answers POST {"keys": [...]} with the
 * positions of kind GO under those keys, read by one named prepared `pg` statement on a pool
 * of the same size as tabula's (TABULA_POOL_SIZE, default 10). No GraphQL, no framework.
 * Env: DATABASE_URL, DATABASE_SCHEMA, PORT. GET / answers 200 (readiness).
 */
import http from 'node:http';
import pg from 'pg';

const schema = process.env.DATABASE_SCHEMA ?? 'public';
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.TABULA_POOL_SIZE || 10),
  options: `-c search_path=${schema}`,
});

const ONE = { name: 'ref_one', text: `SELECT id, key, "sideToMove", board FROM "Position" WHERE kind = 'GO' AND key = $1` };
const MANY = { name: 'ref_many', text: `SELECT id, key, "sideToMove", board FROM "Position" WHERE kind = 'GO' AND key = ANY($1::text[])` };

const server = http.createServer((req, res) => {
  if (req.method !== 'POST') {
    res.end('ok');
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const { keys } = JSON.parse(Buffer.concat(chunks).toString()) as { keys: string[] };
    const query = keys.length === 1 ? pool.query({ ...ONE, values: keys }) : pool.query({ ...MANY, values: [keys] });
    query.then(
      (result) => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ data: result.rows }));
      },
      (error: Error) => {
        res.statusCode = 500;
        res.end(error.message);
      },
    );
  });
});
server.listen(Number(process.env.PORT || 4518), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});
