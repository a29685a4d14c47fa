/** `npm start`: opens the configured database (migrating it) and serves GraphQL. */
import { serverConfigFromEnv } from '../db/config';
import { openDatabase } from '../db/database';
import { createApp } from './app';

async function main(): Promise<void> {
  const config = serverConfigFromEnv();
  const db = await openDatabase(config.database);
  const { httpServer, apollo } = await createApp({ db, bodyLimit: config.bodyLimit });
  await new Promise<void>((resolve) => httpServer.listen(config.port, config.host, resolve));
  const where = config.database.url ? 'PostgreSQL' : `PGlite in ${config.database.dataDir}`;
  console.log(`tabula listening on http://localhost:${config.port}/graphql (${where})`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: draining requests and closing the database`);
    await apollo.stop();
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
