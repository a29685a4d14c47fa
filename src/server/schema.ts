/** The GraphQL schema: every `.graphql` file under src/schema, one per concern. */
import fs from 'node:fs';
import path from 'node:path';

export const SCHEMA_DIR = path.resolve(__dirname, '../../src/schema');

export const loadTypeDefs = (dir: string = SCHEMA_DIR): string[] =>
  fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.graphql'))
    .sort((a, b) => (a === 'server.graphql' ? -1 : b === 'server.graphql' ? 1 : a.localeCompare(b)))
    .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'));
