// For the standard Prisma CLI on a machine with internet access, e.g.
//   DATABASE_URL=postgresql://... npx prisma migrate deploy
// tabula itself applies the same migrations at start without the CLI.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/tabula' },
});
